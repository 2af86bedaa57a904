package lanes

import (
	"sync/atomic"
	"testing"
)

// opCount counts the program's ops of each code.
func opCount(p *Program) map[Code]int {
	n := map[Code]int{}
	for _, o := range p.Ops {
		n[o.Code]++
	}
	return n
}

// varyingMaskOps counts the mask ops and Selects with Varying results:
// the bookkeeping of divergent control flow (the Varying masks of the
// entry and of memory ops aside).
func varyingMaskOps(p *Program) int {
	n := 0
	for _, o := range p.Ops {
		switch o.Code {
		case MaskAnd, MaskOr, MaskAndNot, MaskNot, Select:
			if p.Values[o.Dst].Shape == Varying {
				n++
			}
		}
	}
	return n
}

// backJump reports whether the program has an unconditional backward
// jump (a loop's back edge as a jump).
func backJump(p *Program) bool {
	at := map[int64]int{}
	for i, o := range p.Ops {
		if o.Code == Label {
			at[o.Imm] = i
		}
	}
	for i, o := range p.Ops {
		if o.Code == Jump && at[o.Imm] < i {
			return true
		}
	}
	return false
}

// A kernel whose every branch is uniform (a loaded count, loop
// counters): its constructs are converged, so the program has no mask
// bookkeeping and no blends, its loops jump back to their tops, and it
// computes what the branches say at chunks of 8 and 64.
func TestBuildUniformFlowJumps(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0];
		int x = i, y = 1;
		for (int t = 0; t < 20; t++) {
			if (t >= n) break;
			switch (t % 3) {
			case 0: x += t; break;
			case 1: x ^= t; break;
			default: y += x;
			}
			if (t & 1) { y = y * 3 + 1; } else { x -= y; }
		}
		out[i] = x + y;
	}`
	ref := func(i, n int32) int32 {
		x, y := i, int32(1)
		for t := int32(0); t < 20; t++ {
			if t >= n {
				break
			}
			switch t % 3 {
			case 0:
				x += t
			case 1:
				x ^= t
			default:
				y += x
			}
			if t&1 != 0 {
				y = y*3 + 1
			} else {
				x -= y
			}
		}
		return x + y
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 40, chunk)
		if n := varyingMaskOps(p); n != 0 || !backJump(p) {
			t.Errorf("chunk %d: %d mask ops or blends of Varying values, backward jump %v; want none, and a jump\n%s",
				chunk, n, backJump(p), p)
		}
		for _, n := range []int32{0, 5, 13, 30} {
			checkOut(t, p, 80, 0, func(i int32) int32 { return ref(i, n) }, n)
		}
	}
}

// Uniform constructs inside divergent ones and divergent ones inside
// uniform loops (a per-lane break and return), in partial chunks: the
// converged parts jump, the rest keeps its masks, and every lane gets
// its own result.
func TestBuildUniformInDivergent(t *testing.T) {
	const src = `int f(int x, int n) {
		for (int k = 0; k < n; k++) { if (k == 3) break; x = x * 2 + k; }
		return x;
	}
	kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		int n = np[0];
		int s = 0;
		if (i % 3 == 0) {
			for (int t = 0; t < n; t++) { if (t & 1) s += t; else s -= 1; }
		} else {
			s = f(i, n);
		}
		for (int t = 0; t < n; t++) {
			if (s > 40 + t) break;
			s += i & 7;
			if (t == 2 && i % 5 == 1) { out[i] = -s; return; }
		}
		out[i] = s;
	}`
	ref := func(i, n int32) int32 {
		s := int32(0)
		if i%3 == 0 {
			for t := int32(0); t < n; t++ {
				if t&1 != 0 {
					s += t
				} else {
					s--
				}
			}
		} else {
			x := i
			for k := int32(0); k < n; k++ {
				if k == 3 {
					break
				}
				x = x*2 + k
			}
			s = x
		}
		for t := int32(0); t < n; t++ {
			if s > 40+t {
				break
			}
			s += i & 7
			if t == 2 && i%5 == 1 {
				return -s
			}
		}
		return s
	}
	for _, chunk := range []int{8, 64} {
		p := build(t, src, "k", 36, chunk)
		if opCount(p)[Jump] == 0 {
			t.Errorf("chunk %d: no jumps\n%s", chunk, p)
		}
		for _, n := range []int32{0, 2, 6, 25} {
			checkOut(t, p, 72, 0, func(i int32) int32 { return ref(i, n) }, n)
		}
	}
}

// A uniform loop that never ends jumps back to its top; the Go executor
// leaves the group there when the dispatch is cancelled.
func TestBuildUniformLoopCancel(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *np) {
		int n = np[0], s = 0;
		while (n != 0) { s += n; if (s == -1) break; }
		out[get_global_id(0)] = s;
	}`
	p := build(t, src, "k", 8, 8)
	if !backJump(p) {
		t.Errorf("the loop ends with a test, want a jump\n%s", p)
	}
	out, np := words(8), words(1)
	putWord(np, 0, 2)
	var cancel atomic.Bool
	cancel.Store(true)
	mem := make([][]byte, len(p.Regions))
	for i, rg := range p.Regions {
		if rg.Kind == RegionBuffer {
			mem[i] = [][]byte{out, np}[rg.Binding]
		}
	}
	g := &Group{Memory: mem, NumGroups: [3]uint32{1, 1, 1}, Cancel: &cancel}
	if tr := NewExec(p).RunGroup(g); tr == nil || tr.Code != TrapCancelled {
		t.Fatalf("trap %+v, want TrapCancelled", tr)
	}
}
