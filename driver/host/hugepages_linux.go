package host

import "syscall"

// hugePage is the size of a transparent huge page on the platforms
// Linux runs clgo on (x86-64, and arm64 with 4 KB base pages).
const hugePage = 2 << 20

// adviseHugePages asks the kernel to back the whole 2 MB pages inside b
// with transparent huge pages (madvise MADV_HUGEPAGE; the machine's
// policy is often "madvise", under which nothing else gets them). A
// kernel that walks a large buffer a row apart (a transpose, a stencil:
// a new 4 KB page every row of its tile) otherwise pays a TLB miss and
// a page walk per row; with 2 MB pages a 64 MB matrix is 32 TLB entries.
// PoCL's buffers get huge pages the same way. It is advice: an error
// (an old kernel, THP off) leaves the buffer as it was.
func adviseHugePages(b []byte) {
	if len(b) < hugePage {
		return
	}
	if whole := wholeHugePages(b); whole != nil {
		_ = syscall.Madvise(whole, syscall.MADV_HUGEPAGE)
	}
}

// wholeHugePages is the part of b that covers whole 2 MB-aligned huge
// pages, or nil where there is none.
func wholeHugePages(b []byte) []byte {
	a, e := memSpan(b)
	start := (a + hugePage - 1) &^ (hugePage - 1)
	end := e &^ (hugePage - 1)
	if end <= start {
		return nil
	}
	return b[start-a : end-a]
}
