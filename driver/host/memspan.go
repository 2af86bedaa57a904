package host

import "unsafe"

// memSpan is the address range [lo, hi) of b's bytes: resources bound to
// one memory (one cl_mem as two arguments, overlapping sub-buffers) share
// addresses, which is how the aliasing checks (hoistalias.go,
// podregions.go, replayclone.go) find them.
func memSpan(b []byte) (lo, hi uintptr) {
	lo = uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return lo, lo + uintptr(len(b))
}

// overlap reports whether a and b share a byte.
func overlap(a, b []byte) bool {
	alo, ahi := memSpan(a)
	blo, bhi := memSpan(b)
	return alo < bhi && blo < ahi
}
