//go:build !linux

package host

// adviseHugePages does nothing where madvise's MADV_HUGEPAGE is not
// known (hugepages_linux.go).
func adviseHugePages([]byte) {}
