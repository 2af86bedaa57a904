//go:build linux && arm64 && !purego

package arm64

import (
	"fmt"
	"syscall"
	"unsafe"
)

// Alloc copies code into fresh executable memory: an anonymous private
// mapping made writable, filled, then switched to read+execute, so no page
// is ever writable and executable at once (W^X). The data cache is then
// cleaned and the instruction cache invalidated over the code (DC CVAU,
// IC IVAU, DSB, ISB: A64 does not keep them coherent, and mprotect does
// not promise to). Where the OS refuses it returns an error, and the
// caller falls back to a portable tier.
func Alloc(code []byte) (*Code, error) {
	if len(code) == 0 {
		return nil, fmt.Errorf("arm64.Alloc: no code")
	}
	page := syscall.Getpagesize()
	size := (len(code) + page - 1) &^ (page - 1)
	m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("arm64.Alloc: mmap of %d bytes: %w", size, err)
	}
	copy(m, code)
	if err := syscall.Mprotect(m, syscall.PROT_READ|syscall.PROT_EXEC); err != nil {
		syscall.Munmap(m)
		return nil, fmt.Errorf("arm64.Alloc: mprotect read+exec: %w", err)
	}
	start := uintptr(unsafe.Pointer(&m[0]))
	syncCaches(start, start+uintptr(len(code)))
	return &Code{mem: m, n: len(code)}, nil
}

func unmap(m []byte) error {
	if err := syscall.Munmap(m); err != nil {
		return fmt.Errorf("arm64: munmap: %w", err)
	}
	return nil
}

func addrOf(m []byte) uintptr { return uintptr(unsafe.Pointer(&m[0])) }
