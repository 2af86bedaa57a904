package host

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// simdInputs returns n slots of the kind: floats with the special values
// among random ones, integers with small ones (shift counts) among them.
func simdInputs(r *rand.Rand, k nk, n int) []uint64 {
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.Float32frombits(0x7fc12345), math.Float32frombits(1), math.Float32frombits(0x807fffff),
		math.MaxFloat32, -math.SmallestNonzeroFloat32, 0.5, 3}
	s := make([]uint64, n)
	for i := range s {
		switch {
		case k == nkF32 && r.IntN(2) == 0:
			s[i] = uint64(math.Float32bits(specials[r.IntN(len(specials))]))
		case k == nkF32:
			s[i] = uint64(math.Float32bits(float32(r.NormFloat64() * 100)))
		case r.IntN(3) == 0:
			s[i] = uint64(r.IntN(40))
		case r.IntN(3) == 0:
			s[i] = uint64(r.IntN(7))
		default:
			s[i] = uint64(r.Uint32())
		}
	}
	return s
}

// sortedKeys returns a loop table's keys in a fixed order, so that each
// loop gets the same inputs every run.
func sortedKeys[F any](m map[loopKey]F) []loopKey {
	keys := make([]loopKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b loopKey) int {
		return cmp.Or(cmp.Compare(a.op, b.op), cmp.Compare(a.k, b.k), cmp.Compare(b2i(a.ext), b2i(b.ext)))
	})
	return keys
}

// withSIMD runs f with the SIMD loops on and then off, returning both
// results.
func withSIMD(t *testing.T, f func() []uint64) (on, off []uint64) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	defer func() { haveSIMD = true }()
	on = f()
	haveSIMD = false
	return on, f()
}

// sameSlots compares two results slot by slot; floats says the slots hold
// float32 results, where any NaN matches any other.
func sameSlots(t *testing.T, what string, floats bool, on, off []uint64, ins ...[]uint64) {
	t.Helper()
	for i := range on {
		// Which NaN an operation on two NaNs gives is the machine's (and
		// the Go compiler's operand order's): OpenCL leaves it open.
		nan := func(x uint64) bool { return x>>32 == 0 && x&0x7fffffff > 0x7f800000 }
		if on[i] != off[i] && !(floats && nan(on[i]) && nan(off[i])) {
			var args []string
			for _, in := range ins {
				args = append(args, fmt.Sprintf("%#x", in[min(i, len(in)-1)]))
			}
			t.Errorf("%s lane %d of %v: SIMD %#x, Go %#x", what, i, args, on[i], off[i])
			return
		}
	}
}

// TestSIMDLoops checks every SIMD loop against its Go loop bit for bit.
func TestSIMDLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 1000 + 5
	w := intw{m: 0xffffffff, sh: 32, bits: 32}
	for _, key := range sortedKeys(loops2) {
		f := loops2[key]
		if key.k != nkF32 && key.k != nkI32 && key.k != nkInt {
			continue
		}
		a, b := simdInputs(r, key.k, n), simdInputs(r, key.k, n)
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, b, w); return d })
		sameSlots(t, fmt.Sprint("loops2 ", key), key.k == nkF32, on, off, a, b)
		on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); loops2vs[key](d, a, b[0], w); return d })
		sameSlots(t, fmt.Sprint("loops2vs ", key), key.k == nkF32, on, off, a, b[:1])
		if g := loops2sv[key]; g != nil {
			on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); g(d, a[0], b, w); return d })
			sameSlots(t, fmt.Sprint("loops2sv ", key), key.k == nkF32, on, off, a[:1], b)
		}
	}
	for _, key := range sortedKeys(loops1) {
		if key.k != nkI32 || key.ext {
			continue
		}
		f := loops1[key]
		a := simdInputs(r, key.k, n)
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, w); return d })
		sameSlots(t, fmt.Sprint("loops1 ", key), false, on, off, a)
	}
}

// TestSIMDLoops64 checks the loops of integers of any width at width 64
// (long and ulong, whose SIMD loops use whole slots) against their Go
// loops, on 64-bit values and shift counts up to and past 64.
func TestSIMDLoops64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 1000 + 5
	w := widthOf(64)
	in := func() []uint64 {
		s := make([]uint64, n)
		for i := range s {
			switch r.IntN(3) {
			case 0:
				s[i] = uint64(r.IntN(70))
			default:
				s[i] = r.Uint64()
			}
		}
		return s
	}
	for _, key := range sortedKeys(loops2) {
		if key.k != nkInt {
			continue
		}
		f := loops2[key]
		a, b := in(), in()
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, b, w); return d })
		sameSlots(t, fmt.Sprint("loops2 ", key), false, on, off, a, b)
		on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); loops2vs[key](d, a, b[0], w); return d })
		sameSlots(t, fmt.Sprint("loops2vs ", key), false, on, off, a, b[:1])
		if g := loops2sv[key]; g != nil {
			on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); g(d, a[0], b, w); return d })
			sameSlots(t, fmt.Sprint("loops2sv ", key), false, on, off, a[:1], b)
		}
	}
	for _, key := range sortedKeys(loops1) {
		if key.k != nkInt || key.ext {
			continue
		}
		f := loops1[key]
		a := in()
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, w); return d })
		sameSlots(t, fmt.Sprint("loops1 ", key), false, on, off, a)
	}
}

// TestSIMDLoops3 checks the three-operand loops (clamps).
func TestSIMDLoops3(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	const n = 203
	w := intw{m: 0xffffffff, sh: 32, bits: 32}
	for _, key := range sortedKeys(loops3) {
		f := loops3[key]
		if key.k != nkF32 && key.k != nkI32 {
			continue
		}
		a, b, c := simdInputs(r, key.k, n), simdInputs(r, key.k, n), simdInputs(r, key.k, n)
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, b, c, w); return d })
		sameSlots(t, fmt.Sprint("loops3 ", key), key.k == nkF32, on, off, a, b, c)
		bounds := [][2]float32{{0, 1}, {float32(math.Copysign(0, -1)), 1}, {-1, 0}, {-1, float32(math.Copysign(0, -1))}, {0, 0}, {2, -2}}
		for i, bc := range bounds {
			if key.k == nkF32 {
				b[i], c[i] = uint64(math.Float32bits(bc[0])), uint64(math.Float32bits(bc[1]))
			}
		}
		for i := range 20 {
			on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); loops3vss[key](d, a, b[i], c[i], w); return d })
			sameSlots(t, fmt.Sprint("loops3vss ", key), key.k == nkF32, on, off, a, b[i:i+1], c[i:i+1])
		}
	}
}

// TestSIMDConvert checks 32-bit integer to float conversions.
func TestSIMDConvert(t *testing.T) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	r := rand.New(rand.NewPCG(19, 20))
	const n = 1000
	x := simdInputs(r, nkI32, n)
	x[0], x[1], x[2] = 0xffffffff, 0x80000000, 0x7fffffff
	for i := 3; i < 300; i++ {
		x[i] = uint64(r.Uint32() | 0x80000000)
	}
	d := make([]uint64, n)
	simdSToF32(&d[0], &x[0], n)
	for i := range d {
		if want := uint64(math.Float32bits(float32(int32(x[i])))); d[i] != want {
			t.Fatalf("SToF %#x: %#x, want %#x", x[i], d[i], want)
		}
	}
	simdUToF32(&d[0], &x[0], n)
	for i := range d {
		if want := uint64(math.Float32bits(float32(uint32(x[i])))); d[i] != want {
			t.Fatalf("UToF %#x: %#x, want %#x", x[i], d[i], want)
		}
	}
}

// TestSIMDSelect checks OpSelect's SIMD loops and the
// affine 32-bit loads and stores against the Go loops.
func TestSIMDSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 203
	A, B, _ := simdInputs(r, nkF32, n), simdInputs(r, nkF32, n), simdInputs(r, nkF32, n)
	c := simdInputs(r, nkI32, n)
	for i := range c {
		c[i] &= 1
	}
	local := [4]int{n, 1, 1, 1}
	on, off := withSIMD(t, func() []uint64 {
		s := &state{r: append(append(append([]uint64{}, c...), A...), B...), lanes: n}
		d := make([]uint64, n)
		cc, xs, ys := s.r[:n], s.r[n:2*n], s.r[2*n:]
		if n := simdLen(len(d)); n > 0 {
			simdSelect(&d[0], &cc[0], &xs[0], &ys[0], n)
		}
		for l := simdLen(n); l < n; l++ {
			d[l] = ys[l]
			if cc[l] != 0 {
				d[l] = xs[l]
			}
		}
		mem := make([]byte, 4*n+8)
		affineStore32(d, mem, 4, [4]int64{4}, local)
		back := make([]uint64, n)
		affineLoad32(back, mem, 4, [4]int64{4}, local)
		return append(d, back...)
	})
	sameSlots(t, "select, store and load", false, on, off)
	for l := range n {
		want := B[l]
		if c[l] != 0 {
			want = A[l]
		}
		if on[l] != want || on[n+l] != want {
			t.Fatalf("lane %d: select %#x, stored and loaded %#x, want %#x", l, on[l], on[n+l], want)
		}
	}
}

// TestSIMDGather checks the strided 32-bit loads.
func TestSIMDGather(t *testing.T) {
	const n = 75
	mem := make([]byte, 64*n+256)
	for i := range mem {
		mem[i] = byte(i*7 + i>>8)
	}
	for _, step := range []int64{8, 12, 32, 64, -4, -40} {
		lo := int64(0)
		if step < 0 {
			lo = -step * (n - 1)
		}
		on, off := withSIMD(t, func() []uint64 {
			d := make([]uint64, n)
			affineLoad32(d, mem, lo, [4]int64{step}, [4]int{n, 1, 1, 1})
			return d
		})
		sameSlots(t, fmt.Sprint("step ", step), false, on, off)
	}
}

// TestSIMDDot checks float32 OpDot rows.
func TestSIMDDot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const L = 37
	x, y := simdInputs(r, nkF32, 4*L), simdInputs(r, nkF32, 4*L)
	for comps := 2; comps <= 4; comps++ {
		on, off := withSIMD(t, func() []uint64 {
			d := make([]uint64, L-3)
			var xs, ys [4][]uint64
			for c := range comps {
				xs[c], ys[c] = x[c*L+3:c*L+L], y[c*L+3:c*L+L]
			}
			dot32Rows(d, &xs, &ys, comps, L)
			return d
		})
		sameSlots(t, fmt.Sprint("dot of ", comps), true, on, off)
	}
}

// TestSIMDZeros checks the count of a branch's lanes.
func TestSIMDZeros(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{8, 64, 256, 1024} {
		c := make([]uint64, n)
		want := 0
		for i := range c {
			if r.IntN(3) == 0 {
				c[i] = 1 << r.IntN(64)
			} else {
				want++
			}
		}
		if !simdOn() {
			t.Skip("no SIMD loops on this machine")
		}
		if got := simdZeros(&c[0], n); got != want {
			t.Errorf("%d slots: %d zeros, want %d", n, got, want)
		}
	}
}

// TestSIMDSplit checks the split of a full mask against the Go loop's
// rule.
func TestSIMDSplit(t *testing.T) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	r := rand.New(rand.NewPCG(9, 10))
	const n, yes, no, b = 64, 7, 3, 5
	for _, lower := range []int32{yes, no} {
		c := make([]uint64, n)
		for i := range c {
			if r.IntN(2) == 0 {
				c[i] = 1 << r.IntN(64)
			}
		}
		next, prev, idx := make([]int32, n), make([]int32, n), make([]int32, n)
		fm := make([]bool, n)
		k := simdSplit(&c[0], &next[0], &prev[0], &fm[0], &idx[0], yes, no, lower, b, n)
		var want []int32
		for l := range n {
			to := int32(no)
			if c[l] != 0 {
				to = yes
			}
			if next[l] != to || prev[l] != b || fm[l] != (to == lower) {
				t.Fatalf("lane %d: next %d prev %d fm %v, want %d %d %v", l, next[l], prev[l], fm[l], to, b, to == lower)
			}
			if to == lower {
				want = append(want, int32(l))
			}
		}
		if fmt.Sprint(idx[:k]) != fmt.Sprint(want) {
			t.Fatalf("lanes %v, want %v", idx[:k], want)
		}
	}
}

// TestSIMDRescan checks rescan's SIMD loops against its Go loops.
func TestSIMDRescan(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{8, 61, 256} {
		for trial := range 20 {
			next := make([]int32, n)
			for l := range next {
				next[l] = int32(r.IntN(4)) - 1 // -1: returned
				if trial%5 == 0 && next[l] == 0 {
					next[l] = 2
				}
			}
			on, off := withSIMD(t, func() []uint64 {
				s := &state{lanes: n}
				m, idx := make([]bool, n), make([]int32, n)
				b, wait, cnt := s.rescan(next, m, idx)
				out := []uint64{uint64(b), uint64(wait), uint64(cnt), uint64(s.active)}
				for _, l := range s.idx {
					out = append(out, uint64(l))
				}
				for _, x := range m {
					out = append(out, uint64(b2i(x)))
				}
				return out
			})
			if fmt.Sprint(on) != fmt.Sprint(off) {
				t.Fatalf("next %v: SIMD %v, Go %v", next, on, off)
			}
		}
	}
}

// TestSIMDPhi2 checks two-way phis.
func TestSIMDPhi2(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	const n = 77
	x, y := simdInputs(r, nkI32, 2*n), simdInputs(r, nkI32, 2*n)
	for _, bad := range []bool{false, true} {
		prev := make([]int32, n)
		for l := range prev {
			prev[l] = int32(3 + 4*r.IntN(2))
		}
		if bad {
			prev[50] = 5
		}
		on, off := withSIMD(t, func() []uint64 {
			s := &state{lanes: n, r: append(append([]uint64{}, x...), y...)}
			ph := &phi{dst: 0, n: 2 * n, preds: []int32{3, 7}, srcs: []int{0, 2 * n}}
			buf := make([]uint64, 2*n)
			failed := func() (failed bool) {
				defer func() { failed = recover() != nil }()
				s.phi2(&block{}, ph, buf, 0, prev)
				return false
			}()
			return append(buf, uint64(b2i(failed)))
		})
		sameSlots(t, fmt.Sprint("phi2, bad ", bad), false, on, off)
		if on[2*n] != uint64(b2i(bad)) {
			t.Errorf("bad %v: failed %d", bad, on[2*n])
		}
	}
}

// TestSIMDAoS checks the transposing loads and stores of vectors of 32-bit
// leaves against one affine load or store per leaf.
func TestSIMDAoS(t *testing.T) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	r := rand.New(rand.NewPCG(15, 16))
	for _, c := range []struct {
		k     int
		step  [4]int64
		local [4]int
	}{{4, [4]int64{16}, [4]int{64, 1, 1, 1}}, {8, [4]int64{32}, [4]int{37, 1, 1, 2}}, {4, [4]int64{48, 4096}, [4]int{13, 3, 1, 1}}, {8, [4]int64{64, 0, 0, 9000}, [4]int{16, 1, 1, 3}}} {
		L := c.local[0] * c.local[1] * c.local[2] * c.local[3]
		mem := make([]byte, 64*1024)
		for i := range mem {
			mem[i] = byte(r.Uint32())
		}
		const lo = 100
		rows, want := make([]uint64, c.k*L), make([]uint64, c.k*L)
		if !affineAoS32(rows, L, mem, lo, c.step, c.local, c.k, false) {
			t.Fatalf("%+v: not moved", c)
		}
		haveSIMD = false
		for i := range c.k {
			affineLoad32(want[i*L:(i+1)*L], mem, lo+int64(4*i), c.step, c.local)
		}
		haveSIMD = true
		sameSlots(t, fmt.Sprintf("load %+v", c), false, rows, want)
		for i := range rows {
			rows[i] = uint64(r.Uint32())
		}
		got, ref := append([]byte{}, mem...), append([]byte{}, mem...)
		affineAoS32(rows, L, got, lo, c.step, c.local, c.k, true)
		haveSIMD = false
		for i := range c.k {
			affineStore32(rows[i*L:(i+1)*L], ref, lo+int64(4*i), c.step, c.local)
		}
		haveSIMD = true
		if string(got) != string(ref) {
			t.Errorf("store %+v: memory differs", c)
		}
	}
}

// TestSIMDDense checks the lanes of an affine row filled from samples.
func TestSIMDDense(t *testing.T) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	r := rand.New(rand.NewPCG(21, 22))
	const n = 64
	var l [4][]uint32
	for d := range l {
		l[d] = make([]uint32, n)
		for i := range l[d] {
			l[d][i] = r.Uint32() % 300
		}
	}
	c := [4]uint32{r.Uint32(), 7, 0xfffffffd, 1 << 20}
	base := r.Uint32()
	x := make([]uint64, n)
	simdDense(&x[0], &l[0][0], &l[1][0], &l[2][0], &l[3][0], base, &c, n)
	for i := range x {
		want := uint64(base + c[0]*l[0][i] + c[1]*l[1][i] + c[2]*l[2][i] + c[3]*l[3][i])
		if x[i] != want {
			t.Fatalf("lane %d: %#x, want %#x", i, x[i], want)
		}
	}
}

// TestSIMDGatherIdx checks loads at indices from a row, and that an index
// out of bounds (or one that is negative as an int32) is left to the lane
// loop.
func TestSIMDGatherIdx(t *testing.T) {
	if !simdOn() {
		t.Skip("no SIMD loops on this machine")
	}
	r := rand.New(rand.NewPCG(23, 24))
	mem := make([]byte, 4*100+8)
	for i := range mem {
		mem[i] = byte(r.Uint32())
	}
	x := make([]uint64, 32)
	for i := range x {
		x[i] = uint64(r.IntN(100))
	}
	x[5] = 99
	d := make([]uint64, 32)
	if !gatherIdx(d, mem, x, 8) {
		t.Fatal("in bounds: not gathered")
	}
	for i := range d {
		if want := uint64(binary.LittleEndian.Uint32(mem[8+4*x[i]:])); d[i] != want {
			t.Fatalf("lane %d: %#x, want %#x", i, d[i], want)
		}
	}
	for _, bad := range []uint64{100, 0x80000000, 0xffffffff} {
		x[7] = bad
		if gatherIdx(d, mem, x, 8) {
			t.Errorf("index %#x: gathered", bad)
		}
	}
}

// TestSIMDTiles checks the loads and stores of a two-dimensional group's
// tile against the Go loops.
func TestSIMDTiles(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for _, c := range []struct {
		step  [4]int64
		local [4]int
	}{{[4]int64{4, 4096}, [4]int{32, 8, 1, 1}}, {[4]int64{4, 64, 8192}, [4]int{16, 4, 2, 1}}, {[4]int64{4, 40, 0, 20000}, [4]int{8, 3, 1, 2}}} {
		L := c.local[0] * c.local[1] * c.local[2] * c.local[3]
		mem := make([]byte, 64*1024)
		for i := range mem {
			mem[i] = byte(r.Uint32())
		}
		on, off := withSIMD(t, func() []uint64 {
			d := make([]uint64, L)
			affineLoad32(d, mem, 12, c.step, c.local)
			return d
		})
		sameSlots(t, fmt.Sprintf("load %+v", c), false, on, off)
		v := simdInputs(r, nkI32, L)
		got, _ := withSIMD(t, func() []uint64 {
			m := append([]byte{}, mem...)
			affineStore32(v, m, 12, c.step, c.local)
			want := append([]byte{}, mem...)
			haveSIMD = false
			affineStore32(v, want, 12, c.step, c.local)
			haveSIMD = true
			return []uint64{uint64(b2i(string(m) == string(want)))}
		})
		if got[0] != 1 {
			t.Errorf("store %+v: memory differs", c)
		}
	}
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
