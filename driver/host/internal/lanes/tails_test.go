package lanes

import "testing"

// A guard that sends lanes away (`if (i >= m) return;`), a body wrapped
// in `if (i < m)`, and a per-lane continue, each followed by code whose
// branches are all Uniform: that code runs as jumps under the surviving
// lanes' mask (tail regions), so the program keeps only the guards' mask
// ops, and every lane, in partial chunks too, gets its own result.
func TestBuildGuardTails(t *testing.T) {
	const src = `int wrapped(int i, int m, int n) {
		int r = 0;
		if (i < m) {
			r = i;
			for (int k = 0; k < n; k++) { if (k & 1) r += k; else r ^= k; }
			if (n > 3) r *= 3; else r -= 1;
		}
		return r;
	}
	kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0], m = np[1];
		if (i >= m) return;
		int s = i;
		for (int t = 0; t < n; t++) {
			if (t == 4) break;
			if (t & 1) s += t; else s -= 1;
		}
		if (n > 2) s *= 2; else s += 5;
		for (int t = 0; t < n; t++) {
			if ((i + t) % 3 == 0) continue;
			s += t;
			if (n > 4) s ^= 1; else s += 2;
		}
		out[i] = s + wrapped(i ^ 5, m, n);
	}`
	wrapped := func(i, m, n int32) int32 {
		r := int32(0)
		if i < m {
			r = i
			for k := int32(0); k < n; k++ {
				if k&1 != 0 {
					r += k
				} else {
					r ^= k
				}
			}
			if n > 3 {
				r *= 3
			} else {
				r--
			}
		}
		return r
	}
	ref := func(i, n, m int32) int32 {
		if i >= m {
			return 0
		}
		s := i
		for t := int32(0); t < n; t++ {
			if t == 4 {
				break
			}
			if t&1 != 0 {
				s += t
			} else {
				s--
			}
		}
		if n > 2 {
			s *= 2
		} else {
			s += 5
		}
		for t := int32(0); t < n; t++ {
			if (i+t)%3 == 0 {
				continue
			}
			s += t
			if n > 4 {
				s ^= 1
			} else {
				s += 2
			}
		}
		return s + wrapped(i^5, m, n)
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		for _, nm := range [][2]int32{{0, 72}, {3, 40}, {6, 13}, {9, 0}, {2, 71}} {
			checkOut(t, p, 72, 0, func(i int32) int32 { return ref(i, nm[0], nm[1]) }, nm[0], nm[1])
		}
	}
}

// A guard at the top of a kernel and only Uniform branches after it: the
// rest of the kernel is one tail region, so the only Varying mask ops are
// the guard's (without tail regions: 8 at either chunk), and partial
// chunks and guards that keep no lane or every lane compute the right
// values.
func TestBuildGuardThenUniform(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0], m = np[1];
		if (i >= m) return;
		int s = i;
		for (int t = 0; t < n; t++) {
			if (t == 5) break;
			if (t & 1) s += t; else s -= 1;
		}
		if (n > 2) s *= 2; else s += 5;
		for (int t = 0; t < n; t++) { if (n > 4) s ^= t; }
		out[i] = s;
	}`
	ref := func(i, n, m int32) int32 {
		if i >= m {
			return 0
		}
		s := i
		for t := int32(0); t < n; t++ {
			if t == 5 {
				break
			}
			if t&1 != 0 {
				s += t
			} else {
				s--
			}
		}
		if n > 2 {
			s *= 2
		} else {
			s += 5
		}
		for t := int32(0); t < n; t++ {
			if n > 4 {
				s ^= t
			}
		}
		return s
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		t.Logf("chunk %d: %d Varying mask ops and blends", chunk, varyingMaskOps(p))
		if n := varyingMaskOps(p); n > 4 {
			t.Errorf("chunk %d: %d mask ops or blends of Varying values, want at most 4 (the guard's)\n%s", chunk, n, p)
		}
		for _, nm := range [][2]int32{{0, 72}, {3, 40}, {6, 13}, {9, 0}, {2, 71}} {
			checkOut(t, p, 72, 0, func(i int32) int32 { return ref(i, nm[0], nm[1]) }, nm[0], nm[1])
		}
	}
}
