package lanes

import "testing"

// Loops whose lanes leave one by one (a per-lane exit condition, a
// per-lane break), nested in a loop that runs them again: the back
// edge's phis are plain copies (no blends), and each lane keeps the
// values it had when it left, read after the loop, in partial chunks.
func TestBuildBackEdgeCopies(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0];
		int tot = 0;
		for (int r = 0; r < 3; r++) {
			int x = i + r, y = 1, it = 0;
			while (x < 200 && it < n) {
				int xt = x * 3 - y;
				y = x + (y & 7);
				x = xt;
				it++;
			}
			int z = r;
			for (int k = 0; k < n; k++) {
				z = z * 5 + k;
				if ((z ^ i) % 7 == 0) break;
			}
			tot += x * 11 + y * 3 + it + z;
		}
		out[i] = tot;
	}`
	ref := func(i, n int32) int32 {
		tot := int32(0)
		for r := int32(0); r < 3; r++ {
			x, y, it := i+r, int32(1), int32(0)
			for x < 200 && it < n {
				xt := x*3 - y
				y = x + (y & 7)
				x = xt
				it++
			}
			z := r
			for k := int32(0); k < n; k++ {
				z = z*5 + k
				if (z^i)%7 == 0 {
					break
				}
			}
			tot += x*11 + y*3 + it + z
		}
		return tot
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		for _, n := range []int32{0, 1, 4, 12} {
			checkOut(t, p, 72, 0, func(i int32) int32 { return ref(i, n) }, n)
		}
	}
}
