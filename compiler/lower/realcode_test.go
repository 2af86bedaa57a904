package lower_test

// Regressions found compiling real applications' kernels (docs/conformance.md,
// "Real code, round 2"); each kernel here is a minimal reproducer written
// for the test, not the application's code.

import "testing"

// A helper called with 0 for a pointer it tests at run time before using
// it: after inlining the pointer is known to be null on the unused path,
// which must compile (clang accepts it; dereferencing null is undefined
// only where it runs). Found in John the Ripper's cryptmd5 kernel.
func TestNullPointerOnUnusedPath(t *testing.T) {
	src := `void put(uint *z, uint *m, uint v) {
		if (z) { z[0] = v; return; }
		m[0] = v;
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		uint a[2] = {0, 0};
		put(0, a, g);
		put(a + 1, 0, g + 10);
		out[g] = a[0] * 100 + a[1];
	}`
	wantInts(t, runInts(t, src, "k", 3), 10, 111, 212)
}

// An integer no pointer was converted to, converted to a pointer, is
// reported where it is converted under logical addressing (it could only
// be null there).
func TestIntegerToPointerLogical(t *testing.T) {
	compileError(t, `kernel void k(global int *o, ulong a) { *(global int *)a = 1; }`,
		"an integer that was never a pointer converted to a __global or __constant pointer needs physical addressing")
	compileError(t, `kernel void k(global int *o, uint a) { *(private int *)a = 1; }`,
		"an integer that was never a pointer converted to a __private pointer is not supported")
}
