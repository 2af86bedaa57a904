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
