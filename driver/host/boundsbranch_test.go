package host_test

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// Branches on comparisons of affine indices with uniform values (a fast
// path once decided them per work-group from the indices' ranges; the
// cases stay): groups wholly on one side, groups that straddle the bound,
// a negative factor, unsigned and equality tests, a range that wraps, and
// batched small groups must all branch as each lane's own test says.
func TestRangeDecidedBranch(t *testing.T) {
	const src = `kernel void bounds(global int *out, int n) {
  int x = get_global_id(0);
  int r = 0;
  if (x < n && !(x == n - 3))
    r |= 1;
  if (5u >= (uint)(n - x) || x >= 2 * n)
    r |= 2;
  if (x * 268435456 >= 0 && n > x - 40)
    r |= 4;
  if (x != 70 && (x <= 2 || x > n))
    r |= 8;
  out[x] = r;
}`
	const global = 512
	for _, local := range []uint64{64, 8, 256} {
		for _, n := range []int32{0, 3, 64, 100, 256, 300, 1000, -5} {
			out := make([]byte, 4*global)
			if err := compileRun(t, src, "bounds", global, local, n, out); err != nil {
				t.Fatal(err)
			}
			for x := range int32(global) {
				want := int32(0)
				if x < n && x != n-3 {
					want |= 1
				}
				if 5 >= uint32(n-x) || x >= 2*n {
					want |= 2
				}
				if x*268435456 >= 0 && n > x-40 {
					want |= 4
				}
				if x != 70 && (x <= 2 || x > n) {
					want |= 8
				}
				got := int32(binary.LittleEndian.Uint32(out[4*x:]))
				if got != want {
					t.Fatalf("%s: out[%d] = %d, want %d", fmt.Sprintf("local %d, n %d", local, n), x, got, want)
				}
			}
		}
	}
}
