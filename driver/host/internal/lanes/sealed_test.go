package lanes

import "testing"

// A tree reduction and a scan in local memory: a Uniform loop around a
// Varying `if` (or none) and barriers. The `if` is sealed, so the loop
// stays converged: it jumps back to its top, has no end test and keeps
// no mask register (no MaskOr, no JumpIfAny), the `if`'s body runs
// under its header's edge mask, and the sums are right at chunks of 8
// and 64, with partial chunks for the scan.
func TestBuildSealedTreeReduction(t *testing.T) {
	const src = `kernel void red(global const uint *in, global uint *out) {
		local uint a[64];
		uint lid = get_local_id(0);
		a[lid] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
			if (lid < s)
				a[lid] += a[lid + s];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		if (lid == 0)
			out[get_group_id(0)] = a[0];
	}
	kernel void scan(global const int *in, global int *out) {
		local int tmp[64];
		int lid = get_local_id(0);
		int n = get_local_size(0);
		tmp[lid] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int off = 1; off < n; off <<= 1) {
			int v = 0;
			if (lid >= off)
				v = tmp[lid - off];
			barrier(CLK_LOCAL_MEM_FENCE);
			tmp[lid] += v;
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		out[get_global_id(0)] = tmp[lid];
	}`
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "red", 64, chunk)
		ops := opCount(p)
		if !backJump(p) || ops[MaskOr] != 0 || ops[JumpIfAny] != 0 {
			t.Errorf("chunk %d: reduction: back jump %v, %d MaskOr, %d JumpIfAny; want a back jump and no mask registers",
				chunk, backJump(p), ops[MaskOr], ops[JumpIfAny])
		}
		in, out := words(3*64), words(3)
		for i := range 3 * 64 {
			putWord(in, i, uint32(i*7+3))
		}
		if tr := dispatch(p, 3, in, out); tr != nil {
			t.Fatalf("trap %+v", tr)
		}
		for g := range 3 {
			want := uint32(0)
			for l := range 64 {
				want += word(in, g*64+l)
			}
			if got := word(out, g); got != want {
				t.Fatalf("chunk %d: group %d: sum %d, want %d", chunk, g, got, want)
			}
		}
		for _, local := range []int{64, 36} {
			p := build(t, src, "scan", local, chunk)
			if !backJump(p) {
				t.Errorf("chunk %d, local %d: scan: no back jump", chunk, local)
			}
			in, out := words(2*local), words(2*local)
			for i := range 2 * local {
				putWord(in, i, uint32(int32(i%11-5)))
			}
			if tr := dispatch(p, 2, in, out); tr != nil {
				t.Fatalf("trap %+v", tr)
			}
			for g := range 2 {
				sum := int32(0)
				for l := range local {
					sum += int32(word(in, g*local+l))
					if got := int32(word(out, g*local+l)); got != sum {
						t.Fatalf("chunk %d, local %d: out[%d] = %d, want %d", chunk, local, g*local+l, got, sum)
					}
				}
			}
		}
	}
}

// Sealed constructs of every kind in a Uniform loop: an if-else whose
// merge takes a phi, a Varying if holding a uniform loop, a nested
// Varying if and a call whose callee returns early, a loop whose lanes
// leave at different iterations, a Varying switch; and, in a second
// loop, Varying constructs that are not sealed (a per-lane continue and
// break). Results against Go at chunks of 8 and 64 with partial chunks
// and trip counts 0 to 6; the first loop jumps back to its top.
func TestBuildSealedConstructs(t *testing.T) {
	const src = `int f(int x, int n) {
		if (x > n) return x - n;
		return x * 2;
	}
	kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0];
		int s = 0;
		for (int t = 0; t < n; t++) {
			int v;
			if ((i + t) & 1) v = i * t; else v = t - i;
			s += v;
			if (i % 3 == t % 3) {
				for (int u = 0; u < n; u++) s ^= u;
				if (i & 4) s += f(i, t);
			}
			int it = 0;
			while (it < 10 && ((s >> it) & 1)) it++;
			s += it;
			switch (i & 3) {
			case 0: s += 1; break;
			case 1: s -= 2; break;
			default: s *= 3;
			}
			if (n > 5) s += 7;
		}
		for (int t = 0; t < n; t++) {
			if (i == t) continue;
			if (i + t == 9) break;
			s += t;
		}
		out[i] = s;
	}`
	f := func(x, n int32) int32 {
		if x > n {
			return x - n
		}
		return x * 2
	}
	ref := func(i, n int32) int32 {
		s := int32(0)
		for t := int32(0); t < n; t++ {
			var v int32
			if (i+t)&1 != 0 {
				v = i * t
			} else {
				v = t - i
			}
			s += v
			if i%3 == t%3 {
				for u := int32(0); u < n; u++ {
					s ^= u
				}
				if i&4 != 0 {
					s += f(i, t)
				}
			}
			it := int32(0)
			for it < 10 && (s>>it)&1 != 0 {
				it++
			}
			s += it
			switch i & 3 {
			case 0:
				s++
			case 1:
				s -= 2
			default:
				s *= 3
			}
			if n > 5 {
				s += 7
			}
		}
		for t := int32(0); t < n; t++ {
			if i == t {
				continue
			}
			if i+t == 9 {
				break
			}
			s += t
		}
		return s
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		if !backJump(p) {
			t.Errorf("chunk %d: the first loop does not jump back", chunk)
		}
		for n := range int32(7) {
			checkOut(t, p, 72, 0, func(i int32) int32 { return ref(i, n) }, n)
		}
	}
}

// A loop whose lanes leave at different iterations (escape-time style)
// and an if-else after it: the loop's body and the if's first arm are
// entered only by falling through from the block before them, so they
// run under that edge's mask with no mask register to gather into (one
// MaskOr a loop: its back edge, and the entry's), and every lane, in
// partial chunks too, gets its own count.
func TestBuildFallThroughMasks(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *lim) {
		int i = get_global_id(0);
		int x = i, n = 0;
		while (x < lim[i] && n < 40) {
			x = x * 3 + 1;
			n++;
		}
		if (x & 1) n += 100; else n -= x % 7;
		out[i] = n;
	}`
	ref := func(i, lim int32) int32 {
		x, n := i, int32(0)
		for x < lim && n < 40 {
			x = x*3 + 1
			n++
		}
		if x&1 != 0 {
			n += 100
		} else {
			n -= x % 7
		}
		return n
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		if got := opCount(p)[MaskOr]; got > 2 {
			t.Errorf("chunk %d: %d MaskOr, want at most 2 (the loop's entry and back edge)", chunk, got)
		}
		out, lim := words(72), words(72)
		for i := range 72 {
			putWord(lim, i, uint32(int32((i*37)%500-20)))
		}
		if tr := dispatch(p, 2, out, lim); tr != nil {
			t.Fatalf("trap %+v", tr)
		}
		for i := range int32(72) {
			if got, want := int32(word(out, int(i))), ref(i, int32(word(lim, int(i)))); got != want {
				t.Fatalf("chunk %d: out[%d] = %d, want %d", chunk, i, got, want)
			}
		}
	}
}

// The exit edges of a loop whose lanes leave at different iterations
// blend the values read after the loop into their shadows; a lane takes
// such an edge once, so every blend waits behind a test of the edge's
// mask (most iterations skip it). The counts still come out per lane.
func TestBuildGuardedExitBlends(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *lim) {
		int i = get_global_id(0);
		int x = i, n = 0;
		while (x < lim[i]) {
			x = x * 3 + 1;
			n++;
			if (n == 7 + (i & 3)) break;
		}
		out[i] = x * 100 + n;
	}`
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		selects := 0
		for k, o := range p.Ops {
			if o.Code != Select || p.Values[o.Dst].Shape != Varying {
				continue
			}
			if p.Ops[0].Code == LiveLanes && o.A == p.Ops[0].Dst {
				continue // the loop's entry, once
			}
			selects++
			j := k - 1
			for j > 0 && p.Ops[j].Code == Select && p.Ops[j].A == o.A {
				j--
			}
			if p.Ops[j].Code != JumpIfNone || p.Ops[j].A != o.A {
				t.Errorf("chunk %d: op %d, a blend not behind a test of its mask", chunk, k)
			}
		}
		if selects == 0 {
			t.Errorf("chunk %d: no blends (the loop's exits should blend x and n)", chunk)
		}
		out, lim := words(72), words(72)
		for i := range 72 {
			putWord(lim, i, uint32(int32((i*53)%900-30)))
		}
		if tr := dispatch(p, 2, out, lim); tr != nil {
			t.Fatalf("trap %+v", tr)
		}
		for i := range int32(72) {
			x, n, l := i, int32(0), int32(word(lim, int(i)))
			for x < l {
				x = x*3 + 1
				n++
				if n == 7+(i&3) {
					break
				}
			}
			if got, want := int32(word(out, int(i))), x*100+n; got != want {
				t.Fatalf("chunk %d: out[%d] = %d, want %d", chunk, i, got, want)
			}
		}
	}
}

// A guard that sends lanes away, then a Uniform loop holding sealed
// constructs (an if-else with a merge phi, a loop whose lanes leave at
// different iterations), in the kernel and in a function called from a
// Varying branch: the sealed constructs sit in tail regions and in
// converged constructs under a divergent caller, and every lane, with
// guards that keep none, some or all of them, gets its own value.
func TestBuildSealedAfterGuard(t *testing.T) {
	const src = `int g(int i, int n) {
		int r = i;
		for (int t = 0; t < n; t++) {
			int v;
			if ((i ^ t) & 2) v = r + t; else v = r - 2 * t;
			r = v;
			int k = 0;
			while (k < 6 && ((r + k) % 5)) k++;
			r += k;
		}
		return r;
	}
	kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0], m = np[1];
		if (i >= m) return;
		int s = i;
		for (int t = 0; t < n; t++) {
			if (i % 4 == t % 4) s += 3 * t; else s ^= t;
		}
		if (i & 1) s += g(i, n);
		out[i] = s;
	}`
	gf := func(i, n int32) int32 {
		r := i
		for t := int32(0); t < n; t++ {
			var v int32
			if (i^t)&2 != 0 {
				v = r + t
			} else {
				v = r - 2*t
			}
			r = v
			k := int32(0)
			for k < 6 && (r+k)%5 != 0 {
				k++
			}
			r += k
		}
		return r
	}
	ref := func(i, n, m int32) int32 {
		if i >= m {
			return -1
		}
		s := i
		for t := int32(0); t < n; t++ {
			if i%4 == t%4 {
				s += 3 * t
			} else {
				s ^= t
			}
		}
		if i&1 != 0 {
			s += gf(i, n)
		}
		return s
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		for _, nm := range [][2]int32{{0, 72}, {5, 40}, {3, 13}, {4, 0}, {6, 71}} {
			checkOut(t, p, 72, ^uint32(0), func(i int32) int32 { return ref(i, nm[0], nm[1]) }, nm[0], nm[1])
		}
	}
}
