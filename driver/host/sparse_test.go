package host_test

import (
	"encoding/binary"
	"testing"
)

// Index arithmetic that only affine accesses and range-decided branches
// read computes a few lanes (sparse.go); lanes that go one by one (a
// divergent mask, a straddling bound) must still see every lane's index,
// and an index some other instruction reads must be whole.
func TestSparseIndices(t *testing.T) {
	const src = `kernel void sp(global const int *a, global int *out, int n) {
  int x = get_global_id(0);
  int i = 3 * x + 1;
  int j = x * 2;
  int v = 7;
  if (x % 5 != 0)
    v = a[i];
  int w = a[j] + j;
  if (x < n)
    out[x] = v * 1000 + w;
  if (x >= n - 10)
    out[i - 2 * x + 511] = x;
}`
	const global = 512
	in := make([]int32, 4*global)
	for i := range in {
		in[i] = int32(i*13%97 - 40)
	}
	for _, local := range []uint64{64, 8, 256} {
		for _, n := range []int32{0, 100, 512, 700} {
			a, out := ints(in), make([]byte, 4*global*2)
			if err := compileRun(t, src, "sp", global, local, n, a, out); err != nil {
				t.Fatal(err)
			}
			want := make([]int32, 2*global)
			for x := range int32(global) {
				i, j, v := 3*x+1, 2*x, int32(7)
				if x%5 != 0 {
					v = in[i]
				}
				w := in[j] + j
				if x < n {
					want[x] = v*1000 + w
				}
			}
			for x := range int32(global) {
				if x >= n-10 {
					want[3*x+1-2*x+511] = x
				}
			}
			for k, w := range want {
				if got := int32(binary.LittleEndian.Uint32(out[4*k:])); got != w {
					t.Fatalf("local %d, n %d: out[%d] = %d, want %d", local, n, k, got, w)
				}
			}
		}
	}
}

// Loads and stores of 8-, 16- and 64-bit leaves through fused chains, with
// affine indices, a lane-dependent index, a divergent mask and an index out
// of bounds.
func TestFusedNarrowAndWide(t *testing.T) {
	const src = `kernel void nw(global const short2 *a, global uchar *b, global long *c, int n) {
  int x = get_global_id(0);
  short2 v = a[x];
  long w = c[(x * 7) % 64];
  if (x % 3 != 0)
    b[x] = (uchar)(v.x + v.y);
  c[64 + x] = w * 3 + v.y;
  if (x == n)
    b[x + 1000] = 1;
}`
	const global = 64
	a, b, c := make([]byte, 4*global), make([]byte, global), make([]byte, 8*2*global)
	for i := range global {
		binary.LittleEndian.PutUint16(a[4*i:], uint16(int16(i*37-900)))
		binary.LittleEndian.PutUint16(a[4*i+2:], uint16(int16(i*11-300)))
		binary.LittleEndian.PutUint64(c[8*i:], uint64(int64(i)<<40-int64(i)))
	}
	a0, c0 := append([]byte(nil), a...), append([]byte(nil), c...)
	for _, local := range []uint64{64, 8} {
		copy(c, c0)
		clear(b)
		if err := compileRun(t, src, "nw", global, local, -1, a, b, c); err != nil {
			t.Fatal(err)
		}
		for x := range global {
			vx, vy := int16(binary.LittleEndian.Uint16(a0[4*x:])), int16(binary.LittleEndian.Uint16(a0[4*x+2:]))
			want := byte(0)
			if x%3 != 0 {
				want = byte(vx + vy)
			}
			if b[x] != want {
				t.Fatalf("local %d: b[%d] = %d, want %d", local, x, b[x], want)
			}
			w := int64(binary.LittleEndian.Uint64(c0[8*(x*7%64):]))
			if got := int64(binary.LittleEndian.Uint64(c[8*(64+x):])); got != w*3+int64(vy) {
				t.Fatalf("local %d: c[%d] = %d, want %d", local, 64+x, got, w*3+int64(vy))
			}
		}
		if err := compileRun(t, src, "nw", global, local, 5, a, b, c); err == nil {
			t.Fatalf("local %d: a store out of bounds ran without an error", local)
		}
	}
}

// An affine index laid out in a vector construct's rows (alias.go's
// placement) is read whole when the construct is: storing the vector to a
// variable that a divergent branch then writes in part read only the
// index's sample lanes before (the others held stale values). With
// several small groups batched, the group id is such an index too. Found
// by TestOptimizedMatchesPlain (seed 652).
func TestSparseIndexInConstruct(t *testing.T) {
	const src = `kernel void pl(global const int *a, global int *out, int n) {
  int x = get_global_id(0), l = get_local_id(0);
  int4 w = (int4)(a[x], a[x + 1], n + l, get_group_id(0));
  if (((n + l) & 3) == 1)
    w.x = 5;
  out[2 * x] = w.z;
  out[2 * x + 1] = w.w;
}`
	const global = 64
	in := make([]int32, global+1)
	for i := range in {
		in[i] = int32(i*7 - 20)
	}
	for _, local := range []uint64{64, 8} {
		out := make([]byte, 4*2*global)
		if err := compileRun(t, src, "pl", global, local, 3, ints(in), out); err != nil {
			t.Fatal(err)
		}
		for x := range global {
			l := x % int(local)
			want := [2]int32{int32(3 + l), int32(x / int(local))}
			for k, w := range want {
				if got := int32(binary.LittleEndian.Uint32(out[4*(2*x+k):])); got != w {
					t.Fatalf("local size %d: out[%d] = %d, want %d", local, 2*x+k, got, w)
				}
			}
		}
	}
}
