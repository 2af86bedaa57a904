package lanes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// The lane loops (execbind.go, loops_gen.go, execmem.go) against eval and
// readLeaf/putLeaf lane by lane, on edge values and random bits, with a
// chunk of an odd number of lanes and every operand shape.

// testC is the test chunk's lanes: odd, and 64 (two lanes to a word).
var testC = 13

// Word slots of the test frame: rows of 64 words.
const slotA, slotB, slotD = 0, 64, 128

func testValues(k Kind, r *rand.Rand) []uint64 {
	var v []uint64
	switch k {
	case F32:
		for _, f := range []float32{0, float32(math.Copysign(0, -1)), 1, -1.5, 2.5, 3e38, -7e-39, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 2147483648, -2147483904, 4294967040, 255.9, -128.5} {
			v = append(v, uint64(math.Float32bits(f)))
		}
	case F64:
		for _, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, 2.5, 1e308, -5e-324, math.Inf(1), math.Inf(-1), math.NaN(), 9.3e18, -9.3e18, 1.9e19, 2147483648.5, -32768.5} {
			v = append(v, math.Float64bits(f))
		}
	default:
		v = []uint64{0, 1, 2, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 0x7f, 0x80, 0xff, 0x8000, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe}
		if k == I64 {
			v = append(v, 1<<63, 1<<63-1, ^uint64(0), ^uint64(1), 0xffffffff00000000, 0x100000000)
		}
	}
	for range 20 {
		v = append(v, r.Uint64())
	}
	if k.Bytes() == 4 {
		for i := range v {
			v[i] &= 0xffffffff
		}
	}
	return v
}

// sameBits: got and want are the same bits of kind k, or both NaNs (Go
// and x86 may pick either operand's NaN when both are; the tier tests
// take any NaN for any, docs/hosttier.md).
func sameBits(k Kind, got, want uint64) bool {
	switch k {
	case F32:
		return got == want || math.IsNaN(float64(math.Float32frombits(uint32(got)))) && math.IsNaN(float64(math.Float32frombits(uint32(want))))
	case F64:
		return got == want || math.IsNaN(math.Float64frombits(got)) && math.IsNaN(math.Float64frombits(want))
	}
	return got == want
}

func putLane(f []uint64, w int32, k Kind, l int, x uint64) {
	if k.Bytes() == 4 {
		row32(f, w, testC)[l] = uint32(x)
		return
	}
	f[int(w)+l] = x
}

func getLane(f []uint64, w int32, k Kind, l int) uint64 {
	if k.Bytes() == 4 {
		return uint64(row32(f, w, testC)[l])
	}
	return f[int(w)+l]
}

func testExec() *Exec {
	e := &Exec{C: testC, full: ^uint64(0) >> (64 - testC)}
	for i := range e.scratch {
		e.scratch[i] = make([]uint64, testC)
	}
	return e
}

// imms are the immediates to try for op code of operand kind ka and
// result kind dk.
func imms(code Code, n int, dk Kind) []int64 {
	switch code {
	case Math:
		if n == 2 {
			return []int64{int64(spirv.GLSLstd450Pow), int64(spirv.GLSLstd450Atan2), int64(spirv.GLSLstd450Step)}
		}
		return []int64{int64(spirv.GLSLstd450Sin), int64(spirv.GLSLstd450Exp), int64(spirv.GLSLstd450Fract), int64(spirv.GLSLstd450Round), int64(spirv.GLSLstd450InverseSqrt)}
	case Zext, Sext:
		return []int64{8, 16, 32}
	case FToS, FToU:
		if dk == I64 {
			return []int64{8, 16, 32, 64}
		}
		return []int64{8, 16, 32}
	}
	return []int64{0}
}

func TestLoopsMatchEval(t *testing.T) { forChunks(t, loopsMatchEval) }

// forChunks runs test with chunks of testC = 13 and 64 lanes.
func forChunks(t *testing.T, test func(*testing.T)) {
	for _, c := range []int{13, 64} {
		testC = c
		t.Run(fmt.Sprint(c), test)
	}
	testC = 13
}

func loopsMatchEval(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	e := testExec()
	f := make([]uint64, 320)
	check := func(name string, o *xop, fn loopFunc, as, bs []uint64) {
		t.Helper()
		// Rounds enough for every value in every lane, and as a Uniform
		// operand.
		n := (max(len(as), len(bs)) + testC - 1) / testC
		if o.ua || o.ub {
			n = max(n, len(as), len(bs))
		}
		for it := range n {
			i := it * testC
			ua, ub := uint64(0), uint64(0)
			for l := range testC {
				if o.a >= 0 {
					ua = as[(i+l)%len(as)]
					if o.ua {
						ua = as[it%len(as)]
						f[o.a] = ua
					} else {
						putLane(f, o.a, o.ka, l, ua)
					}
				}
				if o.b >= 0 {
					ub = bs[(i+l*7)%len(bs)]
					if o.ub {
						ub = bs[it%len(bs)]
						f[o.b] = ub
					} else {
						putLane(f, o.b, o.kb, l, ub)
					}
				}
			}
			fn(e, f, o)
			for l := range testC {
				var a, b uint64
				if o.a >= 0 {
					a = ua
					if !o.ua {
						a = getLane(f, o.a, o.ka, l)
					}
				}
				if o.b >= 0 {
					b = ub
					if !o.ub {
						b = getLane(f, o.b, o.kb, l)
					}
				}
				want := eval(o, a, b, 0)
				var got uint64
				if o.ud {
					// One result, its upper half clear for 4-byte kinds.
					if o.dk.Bytes() == 4 {
						want &= 0xffffffff
					}
					if got = f[o.d]; got != want && !sameBits(o.dk, got, want) {
						t.Fatalf("%s imm %d: a %#x b %#x: got %#x, eval %#x", name, o.imm, a, b, got, want)
					}
					break
				}
				if o.dk == Mask {
					got = m32(f[o.d]>>l&1 != 0)
				} else {
					got = getLane(f, o.d, o.dk, l)
					if o.dk.Bytes() == 4 {
						want &= 0xffffffff
					}
				}
				if !sameBits(o.dk, got, want) {
					t.Fatalf("%s imm %d lane %d: a %#x b %#x: got %#x, eval %#x", name, o.imm, l, a, b, got, want)
				}
			}
		}
	}
	shapes := [4][2]bool{{false, false}, {false, true}, {true, false}, {true, true}}
	for _, tab := range []map[opKey][4]loopFunc{binLoops, cmpLoops} {
		for k, fns := range tab {
			vals := testValues(k.kind, r)
			dk := k.kind
			if _, cmp := cmpLoops[k]; cmp {
				dk = Mask
			}
			for s, sh := range shapes {
				for _, imm := range imms(k.code, 2, dk) {
					o := &xop{code: k.code, kind: k.kind, dk: dk, ka: k.kind, kb: k.kind, kc: k.kind,
						a: slotA, b: slotB, c: -1, d: slotD, m: -1, ua: sh[0], ub: sh[1], ud: sh[0] && sh[1], imm: imm}
					name := fmt.Sprintf("%v %v %v", k.code, k.kind, [4]string{"VV", "VU", "UV", "UU"}[s])
					if fns[s] == nil {
						// Commutative: bound as VU with the operands swapped,
						// checked against eval of the operands as they were.
						x := *o
						fn := bindOp(&x, &Op{Code: k.code, Dst: 1})
						if fmt.Sprintf("%p", fn) != fmt.Sprintf("%p", fns[1]) || x.a != o.b || x.b != o.a || x.ua || !x.ub {
							t.Errorf("%s: not bound as VU with the operands swapped", name)
						}
						check(name, o, func(e *Exec, f []uint64, _ *xop) { fn(e, f, &x) }, vals, vals)
						continue
					}
					check(name, o, fns[s], vals, vals)
					if b := bindOp(o, &Op{Code: k.code, Dst: 1}); fmt.Sprintf("%p", b) != fmt.Sprintf("%p", fns[s]) {
						t.Errorf("%s: bindOp chose another loop", name)
					}
				}
			}
		}
	}
	for _, k := range []unKey{{Copy, I32, I32}, {Copy, I64, I64}, {Copy, F32, F32}, {Copy, F64, F64}, {Bitcast, I32, F32}, {Bitcast, F64, I64}} {
		if unLoops[k] == nil {
			t.Errorf("no loop for %v %v to %v", k.code, k.ka, k.dk)
		}
	}
	for k, fn := range unLoops {
		for _, imm := range imms(k.code, 1, k.dk) {
			o := &xop{code: k.code, kind: k.ka, dk: k.dk, ka: k.ka, kb: k.ka, kc: k.ka,
				a: slotA, b: -1, c: -1, d: slotD, m: -1, imm: imm}
			check(fmt.Sprintf("%v %v to %v", k.code, k.ka, k.dk), o, fn, testValues(k.ka, r), nil)
		}
	}
	// Index, Copy broadcasts, Fma: the hand-written loops.
	idx := testValues(I32, r)
	for _, s := range []int64{1, 4, 12, 1<<20 - 1} {
		for _, sh := range shapes[:3] {
			o := &xop{code: Index, kind: I32, dk: I32, ka: I32, kb: I32, a: slotA, b: slotB, c: -1, d: slotD, m: -1, ua: sh[0], ub: sh[1], imm: s}
			check(fmt.Sprintf("Index stride %d shape %v", s, sh), o, bindIndex(o), idx, idx)
		}
	}
	for _, k := range []Kind{I32, I64, F32, F64} {
		o := &xop{code: Copy, kind: k, dk: k, ka: k, a: slotA, b: -1, c: -1, d: slotD, m: -1, ua: true}
		check("Copy broadcast "+k.String(), o, bindOp(o, &Op{Code: Copy, Dst: 1}), testValues(k, r), nil)
	}
}

// TestLaneMemMatchesLeaves checks the bound Load and Store loops
// (bindMem) against readLeaf
// and putLeaf lane by lane in lane order: Private and shared regions,
// offsets affine in the lane (xop.contig) or not,
// every leaf size and row width, Uniform and Varying offsets and values,
// full and partial masks, and offsets out of bounds (the trap's lane and
// offset).
func TestLaneMemMatchesLeaves(t *testing.T) { forChunks(t, laneMemMatchesLeaves) }

func laneMemMatchesLeaves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const privSize = 24
	e := testExec()
	e.p = &Program{Regions: []Region{{Kind: RegionBuffer}, {Kind: RegionPrivate, Size: privSize}}}
	e.priv = [][][]byte{{nil, make([]byte, privSize*testC)}}
	e.mem = [][]byte{make([]byte, 600), nil}
	f := make([]uint64, 256)
	for round := range 3000 {
		region := r.IntN(2)
		size := []int64{1, 2, 4, 8}[r.IntN(4)]
		kind := I32
		if size == 8 || r.IntN(2) == 0 {
			kind = I64
		}
		ua, ub := r.IntN(3) == 0, r.IntN(3) == 0
		mask := e.full
		if r.IntN(2) == 0 {
			mask = r.Uint64() & e.full
		}
		limit := len(e.mem[0])
		if region == 1 {
			limit = privSize
		}
		// contig: offsets affine with stride size (as Forms promises for
		// xop.contig), lane 0 anywhere: in bounds, near the end, past
		// it, wrapping 32 bits, poison.
		contig := region == 0 && !ua && r.IntN(2) == 0
		base := uint32(r.IntN(limit))
		switch r.IntN(8) {
		case 0:
			base = uint32(limit - testC*int(size) + r.IntN(3) - 1)
		case 1:
			base = uint32(0x100000000 - uint64(r.IntN(testC)+1)*uint64(size))
		case 2:
			base = poison
		}
		for l := range testC {
			off := uint32(r.IntN(limit - int(size) + 1))
			if r.IntN(40) == 0 {
				off = uint32(limit - int(size) + 1 + r.IntN(3))
			}
			if contig {
				off = base + uint32(l)*uint32(size)
			}
			row32(f, slotA, testC)[l] = off
			putLane(f, slotB, kind, l, r.Uint64())
			putLane(f, slotD, kind, l, 0)
		}
		for i := range e.mem[0] {
			e.mem[0][i] = byte(r.Uint32())
		}
		for i := range e.priv[0][1] {
			e.priv[0][1][i] = byte(r.Uint32())
		}
		memOf := func(l int) []byte {
			if region == 1 {
				return e.priv[0][1][l*privSize : (l+1)*privSize]
			}
			return e.mem[0]
		}
		offAt := func(l int) uint32 {
			if ua {
				return uint32(f[slotA])
			}
			return row32(f, slotA, testC)[l]
		}
		valAt := func(l int) uint64 {
			if ub {
				return f[slotB] & (^uint64(0) >> (64 - 8*kind.Bytes()))
			}
			return getLane(f, slotB, kind, l)
		}
		// The expected trap lane and effects, lane by lane.
		wantLane := -1
		for m := mask; m != 0; m &= m - 1 {
			l := trailing(m)
			if uint64(offAt(l))+uint64(size) > uint64(len(memOf(l))) {
				wantLane = l
				break
			}
		}
		name := fmt.Sprintf("round %d region %d size %d kind %v ua %v ub %v contig %v mask %#x", round, region, size, kind, ua, ub, contig, mask)
		if round%2 == 0 {
			o := &xop{code: Load, kind: kind, dk: kind, a: slotA, d: slotD, b: -1, c: -1, ua: ua, imm: int64(region), imm2: size, contig: contig}
			want := make([]uint64, testC)
			for m := mask; m != 0; m &= m - 1 {
				l := trailing(m)
				if l == wantLane {
					break
				}
				want[l] = readLeaf(memOf(l)[offAt(l):], int(size))
			}
			fn := bindMem(o)
			if fn == nil {
				t.Fatalf("%s: no loop", name)
			}
			setMask(f, o, mask)
			tr := fn(e, 0, f, o, 5)
			checkTrap(t, name, tr, wantLane, offAt)
			if wantLane < 0 {
				for l := range testC {
					if mask>>l&1 != 0 && getLane(f, slotD, kind, l) != want[l] {
						t.Fatalf("%s: lane %d got %#x want %#x", name, l, getLane(f, slotD, kind, l), want[l])
					}
				}
			}
			continue
		}
		o := &xop{code: Store, kind: kind, dk: kind, a: slotA, b: slotB, d: -1, c: -1, ua: ua, ub: ub, imm: int64(region), imm2: size, contig: contig}
		wantBuf := append([]byte(nil), e.mem[0]...)
		wantPriv := append([]byte(nil), e.priv[0][1]...)
		for m := mask; m != 0; m &= m - 1 {
			l := trailing(m)
			if l == wantLane {
				break
			}
			dst := wantBuf
			if region == 1 {
				dst = wantPriv[l*privSize : (l+1)*privSize]
			}
			putLeaf(dst[offAt(l):], int(size), valAt(l))
		}
		fn := bindMem(o)
		if fn == nil {
			t.Fatalf("%s: no loop", name)
		}
		setMask(f, o, mask)
		tr := fn(e, 0, f, o, 5)
		checkTrap(t, name, tr, wantLane, offAt)
		if string(wantBuf) != string(e.mem[0]) || string(wantPriv) != string(e.priv[0][1]) {
			t.Fatalf("%s: memory differs", name)
		}
	}
}

// setMask gives o the mask operand m: Uniform where it is all lanes
// (half the time), else a Varying bitmap, in a slot of its own.
func setMask(f []uint64, o *xop, m uint64) {
	o.m, o.um = 250, false
	f[250] = m
	if m == ^uint64(0)>>(64-testC) && m&4 != 0 && f[0]&1 == 0 {
		o.um, f[250] = true, 0xffffffff
	}
}

func checkTrap(t *testing.T, name string, tr *Trap, lane int, offAt func(int) uint32) {
	t.Helper()
	switch {
	case lane < 0 && tr != nil:
		t.Fatalf("%s: trap at lane %d, want none", name, tr.Lane)
	case lane >= 0 && tr == nil:
		t.Fatalf("%s: no trap, want lane %d", name, lane)
	case lane >= 0 && (tr.Lane != lane || tr.Offset != offAt(lane) || tr.Code != TrapAccess || tr.Op != 5):
		t.Fatalf("%s: trap %+v, want lane %d offset %d", name, tr, lane, offAt(lane))
	}
}

// TestSelectLoops checks the Select loops against eval lane by lane:
// Varying and Uniform masks and values, and the blend into c itself.
func TestSelectLoops(t *testing.T) { forChunks(t, selectLoops) }

func selectLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	e := testExec()
	f := make([]uint64, 256)
	for round := range 2000 {
		k := []Kind{I32, I64, F32, F64}[r.IntN(4)]
		ua, ub, uc, into := r.IntN(4) == 0, r.IntN(3) == 0, r.IntN(3) == 0, r.IntN(3) == 0
		const slotC = 192
		o := &xop{code: Select, kind: k, dk: k, ka: Mask, kb: k, kc: k, a: slotA, b: slotB, c: slotC, d: slotD, m: -1, ua: ua, ub: ub, uc: uc}
		if into && !uc {
			o.d = slotC
		}
		for i := range f {
			f[i] = r.Uint64()
		}
		mask := r.Uint64() & e.full
		f[slotA] = mask
		if ua {
			f[slotA] = uint64(m32(r.IntN(2) == 0))
			mask = e.maskOf(f, slotA, true)
		}
		want := make([]uint64, testC)
		for l := range testC {
			b, c := lane(f, o.b, ub, k, l), lane(f, o.c, uc, k, l)
			want[l] = eval(o, m32(mask>>l&1 != 0), b, c)
		}
		fn := bindOp(o, &Op{Code: Select, Dst: 1})
		fn(e, f, o)
		for l := range testC {
			if got := getLane(f, o.d, k, l); !sameBits(k, got, want[l]) {
				t.Fatalf("round %d %v ua %v ub %v uc %v into %v lane %d: got %#x want %#x", round, k, ua, ub, uc, into, l, got, want[l])
			}
		}
	}
}

// TestUniformLoadLoop checks the bound Load of a Uniform result against
// readLeaf: one load if some lane of the mask is set, the trap at the
// mask's first lane.
func TestUniformLoadLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	e := testExec()
	e.p = &Program{Regions: []Region{{Kind: RegionBuffer}}}
	e.mem = [][]byte{make([]byte, 40)}
	f := make([]uint64, 256)
	for i := range e.mem[0] {
		e.mem[0][i] = byte(r.Uint32())
	}
	for round := range 1000 {
		size := []int64{1, 2, 4, 8}[r.IntN(4)]
		kind := []Kind{I32, I64}[size/8]
		off := uint32(r.IntN(45))
		mask := r.Uint64() & e.full
		if r.IntN(4) == 0 {
			mask = 0
		}
		f[slotA], f[slotD], f[250] = uint64(off), 12345, mask
		o := &xop{code: Load, kind: kind, dk: kind, a: slotA, d: slotD, b: -1, c: -1, m: 250, ua: true, ud: true, imm: 0, imm2: size}
		tr := bindMem(o)(e, 0, f, o, 5)
		switch {
		case mask == 0:
			if tr != nil || f[slotD] != 12345 {
				t.Fatalf("round %d: a load under no lanes ran", round)
			}
		case uint64(off)+uint64(size) > 40:
			checkTrap(t, fmt.Sprint("round ", round), tr, trailing(mask), func(int) uint32 { return off })
		case tr != nil || f[slotD] != readLeaf(e.mem[0][off:], int(size)):
			t.Fatalf("round %d: got %#x, trap %v", round, f[slotD], tr)
		}
	}
}

// TestFmaLoop checks the F32 Fma loop against eval, every operand
// Varying or Uniform.
func TestFmaLoop(t *testing.T) { forChunks(t, fmaLoop) }

func fmaLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	e := testExec()
	f := make([]uint64, 256)
	vals := testValues(F32, r)
	for round := range 500 {
		const slotC = 192
		o := &xop{code: Fma, kind: F32, dk: F32, ka: F32, kb: F32, kc: F32, a: slotA, b: slotB, c: slotC, d: slotD, m: -1,
			ua: r.IntN(3) == 0, ub: r.IntN(3) == 0, uc: r.IntN(3) == 0}
		for _, w := range []int32{slotA, slotB, slotC} {
			// A Uniform operand is lane 0's value (the slot's low half).
			for l := range testC {
				row32(f, w, testC)[l] = uint32(vals[r.IntN(len(vals))])
			}
		}
		want := make([]uint64, testC)
		for l := range testC {
			want[l] = eval(o, lane(f, o.a, o.ua, F32, l), lane(f, o.b, o.ub, F32, l), lane(f, o.c, o.uc, F32, l))
		}
		bindOp(o, &Op{Code: Fma, Dst: 1})(e, f, o)
		for l := range testC {
			if got := getLane(f, o.d, F32, l); !sameBits(F32, got, want[l]) {
				t.Fatalf("round %d lane %d: got %#x want %#x", round, l, got, want[l])
			}
		}
	}
}

// TestMaskLoops checks the bound mask arithmetic against eval lane by
// lane, Varying bitmaps and Uniform masks.
func TestMaskLoops(t *testing.T) { forChunks(t, maskLoopsMatch) }

func maskLoopsMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	e := testExec()
	f := make([]uint64, 256)
	for round := range 1000 {
		for code := range maskLoops {
			o := &xop{code: code, kind: Mask, dk: Mask, ka: Mask, kb: Mask, a: slotA, b: slotB, c: -1, d: slotD, m: -1,
				ua: r.IntN(3) == 0, ub: r.IntN(3) == 0}
			if code == Copy || code == MaskNot {
				o.b, o.ub = -1, true
			}
			for _, w := range []int32{slotA, slotB} {
				f[w] = r.Uint64() & e.full
				if w == slotA && o.ua || w == slotB && o.ub {
					f[w] = m32(r.IntN(2) == 0)
				}
			}
			want := uint64(0)
			for l := range testC {
				var b uint64
				if o.b >= 0 {
					b = e.maskLane(f, o.b, o.ub, l)
				}
				if eval(o, e.maskLane(f, o.a, o.ua, l), b, 0) != 0 {
					want |= 1 << l
				}
			}
			bindOp(o, &Op{Code: code, Dst: 1})(e, f, o)
			if f[o.d] != want {
				t.Fatalf("round %d %v ua %v ub %v: got %#x want %#x", round, code, o.ua, o.ub, f[o.d], want)
			}
		}
	}
}

// TestAtomic32 checks atomic32 against atomic (the per-lane general
// path): every sub-operation, Private, Workgroup and buffer memory,
// Uniform and Varying operands, traps.
func TestAtomic32(t *testing.T) { forChunks(t, atomic32Match) }

func atomic32Match(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	const privSize = 16
	mk := func() *Exec {
		e := testExec()
		e.p = &Program{Regions: []Region{{Kind: RegionBuffer}, {Kind: RegionWorkgroup}, {Kind: RegionPrivate, Size: privSize}}}
		e.priv = [][][]byte{{nil, nil, make([]byte, privSize*testC)}}
		e.mem = [][]byte{make([]byte, 64), make([]byte, 64), nil}
		return e
	}
	e1, e2 := mk(), mk()
	f1, f2 := make([]uint64, 320), make([]uint64, 320)
	for round := range 3000 {
		region := r.IntN(3)
		kind := []Kind{I32, F32}[r.IntN(2)]
		op := AtomicOp(r.IntN(int(AtomicDec) + 1))
		if kind == F32 {
			op = []AtomicOp{AtomicFAdd, AtomicFMin, AtomicFMax, AtomicXchg}[r.IntN(4)]
		}
		for i := range f1 {
			f1[i] = r.Uint64()
		}
		limit := 64
		if region == 2 {
			limit = privSize
		}
		for l := range testC {
			off := uint32(r.IntN(limit/4)) * 4
			if r.IntN(50) == 0 {
				off = uint32(limit - r.IntN(3))
			}
			row32(f1, slotA, testC)[l] = off
		}
		o := &xop{code: Atomic, kind: kind, dk: kind, a: slotA, b: slotB, c: 192, d: slotD, m: 250,
			ua: r.IntN(4) == 0, ub: r.IntN(3) == 0, uc: r.IntN(3) == 0, imm: int64(region), imm2: int64(op)}
		if r.IntN(4) == 0 {
			o.d = -1
		}
		f1[250] &= e1.full
		copy(f2, f1)
		for _, m := range [][]byte{e1.mem[0], e1.mem[1], e1.priv[0][2]} {
			for i := range m {
				m[i] = byte(r.IntN(4))
			}
		}
		copy(e2.mem[0], e1.mem[0])
		copy(e2.mem[1], e1.mem[1])
		copy(e2.priv[0][2], e1.priv[0][2])
		t1, t2 := e1.atomic(0, f1, o, 5), e2.atomic32(0, f2, o, 5)
		name := fmt.Sprintf("round %d region %d %v op %d", round, region, kind, op)
		if fmt.Sprint(t1) != fmt.Sprint(t2) {
			t.Fatalf("%s: trap %v, want %v", name, t2, t1)
		}
		if string(e1.mem[0]) != string(e2.mem[0]) || string(e1.mem[1]) != string(e2.mem[1]) || string(e1.priv[0][2]) != string(e2.priv[0][2]) {
			t.Fatalf("%s: memory differs", name)
		}
		for i := range f1 {
			if f1[i] != f2[i] {
				t.Fatalf("%s: frame word %d: %#x, want %#x", name, i, f2[i], f1[i])
			}
		}
	}
}
