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

// A forward goto out of nested loops to the end of the outer loop's body,
// as an interpreter skips the rest of an instruction (found in XMRig's
// RandomX virtual machine).
func TestGotoForwardOutOfLoops(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int acc = 0;
		for (int ip = 0; ip < 4; ip++) {
			for (int k = 0; k < 3; k++) {
				if (k == g) goto end;
				acc += 1;
			}
			acc += 100;
		end:
			acc += 1000;
		}
		out[g] = acc;
	}`
	wantInts(t, runInts(t, src, "k", 4), 4000, 4004, 4008, 4412)
}

// A backward goto is a loop (John the Ripper's bit-sliced DES kernels
// loop so).
func TestGotoBackward(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int n = 0, i = 0;
	again:
		n += i;
		if (++i <= g) goto again;
		out[g] = n;
	}`
	wantInts(t, runInts(t, src, "k", 4), 0, 1, 3, 6)
}

// break and continue inside a goto's region leave it on their way to
// their loop.
func TestGotoRegionBreakContinue(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int s = 0;
		for (int i = 0; i < 10; i++) {
			if (i == 1) goto l;
			if (i == 3 + g) break;
			if (i & 1) continue;
			s += 10;
		l:
			s += 1;
		}
		out[g] = s;
	}`
	wantInts(t, runInts(t, src, "k", 4), 23, 23, 34, 34)
}

// A goto in an inlined helper with early returns.
func TestGotoInHelper(t *testing.T) {
	src := `int find(int v) {
		for (int i = 0; i < 4; i++) {
			if (v == i) goto found;
			if (v < 0) return -1;
		}
		return 100;
	found:
		return v * 10;
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		out[g] = find(g - 1);
	}`
	wantInts(t, runInts(t, src, "k", 6), -1, 0, 10, 20, 30, 100)
}

// The address of a by-value kernel argument's member array, passed to a
// helper (GROMACS's PME gather kernel passes kernelParams.grid.realGridSizeFP):
// the argument is then a private copy (once "taking the address of this
// object is not supported", then an internal error).
func TestKernelArgMemberAddress(t *testing.T) {
	src := `typedef struct { float size[3]; int n; } grid_t;
	typedef struct { grid_t grid; float scale; } params_t;
	float sum3(const float *v) { return v[0] + v[1] + v[2]; }
	void bump(int *p) { *p += 1; }
	kernel void k(global int *out, const params_t p, int m) {
		int g = get_global_id(0);
		bump(&m);
		out[g] = (int)(sum3(p.grid.size) * p.scale) + p.grid.n * g + m;
	}`
	type grid struct {
		Size [3]float32
		N    int32
	}
	type params struct {
		Grid  grid
		Scale float32
	}
	compileValid(t, src)
	got := runHost[int32](t, src, "k", 3, params{grid{[3]float32{1, 2, 3.5}, 10}, 2}, int32(100))
	wantInts(t, got, 114, 124, 134)
}

// The address of a member through a pointer known to be null, on a path
// that never runs (Mandelbulber: "material ? &material->fractalColoring :
// NULL" with material null after inlining), is a null pointer.
func TestNullMemberAddress(t *testing.T) {
	src := `typedef struct { int id; int c[2]; } mat_t;
	int get(mat_t *m) {
		int *c = m ? &m->c[1] : 0;
		return c ? *c : -1;
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		mat_t a = {1, {2, g * 5}};
		out[g] = get(&a) * 10 + get(0);
	}`
	wantInts(t, runInts(t, src, "k", 3), -1, 49, 99)
}
