package host

import (
	"syscall"
	"unsafe"
)

// Buffer memory on huge pages (docs/hosttier.md, s17-stream).
//
// adviseHugePages (hugepages_linux.go) marks a buffer's whole 2 MB pages
// for transparent huge pages, which only decides how pages not yet
// touched are backed. The Go heap hands a large buffer memory it had
// before, often already backed by 4 KB pages (it zeroes a reused span
// before make returns, and returns freed memory with MADV_FREE, which
// keeps the pages): a process that makes and releases buffers (clgo
// bench makes three 64 MB buffers for every run of triad) found a third
// of them on huge pages. So the whole pages of a new buffer are also
// discarded (MADV_DONTNEED, after which they read as zeros, as a new
// buffer's bytes are): the writes that fill the buffer then fault in
// huge pages, which also costs a quarter of the time the 4 KB faults
// did (64 MB written: 23 against 90-97 ms, measured in C here).
// A buffer of hugeAlignMin or more is placed on a 2 MB boundary and
// rounded up to whole huge pages, so that all of it is covered.

// hugeAlignMin is the least buffer size placed on a huge-page boundary:
// the placement wastes up to 4 MB, an eighth of a buffer this size.
const hugeAlignMin = 16 * hugePage

// hostBuffers turns the huge-page placement and discard on; a test hook
// compares buffers with the advice alone (stream_bench_test.go).
var hostBuffers = true

// newHostBytes returns size zeroed bytes for a buffer.
func newHostBytes(size uint64) []byte {
	if size < hugePage {
		return make([]byte, size)
	}
	if !hostBuffers {
		data := make([]byte, size)
		adviseHugePages(data)
		return data
	}
	if size < hugeAlignMin {
		data := make([]byte, size)
		backHuge(data)
		return data
	}
	n := (size + hugePage - 1) &^ (hugePage - 1)
	raw := make([]byte, n+hugePage)
	a := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	off := ((a + hugePage - 1) &^ (hugePage - 1)) - a
	data := raw[off : off+uintptr(n)]
	backHuge(data)
	return data[:size:size]
}

// backHuge advises b's whole huge pages and discards the pages that back
// them, so that the next touch of each faults in a huge page. b must be
// zeroed memory no one else has seen: what the discard leaves reads as
// zeros. Errors leave b as it was (an old kernel, THP off).
func backHuge(b []byte) {
	whole := wholeHugePages(b)
	if whole == nil {
		return
	}
	if syscall.Madvise(whole, syscall.MADV_HUGEPAGE) != nil {
		return
	}
	_ = syscall.Madvise(whole, syscall.MADV_DONTNEED)
}
