package host

import "syscall"

// SetHostBuffers turns the huge-page placement and discard of new
// buffers (hostalloc_linux.go) on or off (the advice alone) and returns
// the setting before.
func SetHostBuffers(on bool) bool {
	old := hostBuffers
	hostBuffers = on
	return old
}

// SmallPages backs b, whose bytes it discards (they read as zeros), with
// 4 KB pages only (MADV_NOHUGEPAGE, MADV_DONTNEED).
func SmallPages(b []byte) error {
	if err := syscall.Madvise(b, syscall.MADV_NOHUGEPAGE); err != nil {
		return err
	}
	return syscall.Madvise(b, syscall.MADV_DONTNEED)
}
