package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// withEVEX runs f with the register cache's second level on and off
// (hicache.go); on only where the CPU has AVX512F+VL.
func withEVEX(t *testing.T, f func(t *testing.T, on bool)) {
	for _, on := range []bool{true, false} {
		if on && !amd64.HasAVX512VL() {
			continue
		}
		t.Run(fmt.Sprintf("evex=%v", on), func(t *testing.T) {
			was := SetEVEX(on)
			defer SetEVEX(was)
			f(t, on)
		})
	}
}

// TestHiCacheChains runs random chains of float and integer ops
// (compiled over both cache levels, direct.go, constant operands among
// them), general-path ops that read either level (Sqrt) and a
// division (its code uses Y6-Y15 as scratch: the second level is written
// back and emptied) over about 70 live values of 32 and 64 bits, Varying
// and Uniform, far more than the 26 cache registers; inside a loop whose
// values are rewritten on every trip (its back edge, and a Label where a
// forward jump joins, with the second level written back), then every
// value is stored. Against the Go executor, bit for bit, with the second
// level on and off, and yielding at every back edge.
func TestHiCacheChains(t *testing.T) {
	needNative(t)
	withEVEX(t, func(t *testing.T, on bool) {
		for seed := uint64(1); seed <= 24; seed++ {
			hiCacheChain(t, seed)
		}
	})
}

func hiCacheChain(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 19))
	kinds := []lanes.Kind{lanes.F32, lanes.F64, lanes.I32, lanes.I64}
	b := newProg(8)
	for range 7 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.p.Labels = 3
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	vals := make([][]lanes.Value, len(kinds))
	// Inputs: lane l's words of buffer 1+ki, Uniform ones from its start.
	for ki, k := range kinds {
		for j := range 6 {
			sh := lanes.Varying
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, uint64(j*8*k.Bytes())), B: li, C: nv, M: nv, Imm: int64(k.Bytes())})
			if j == 5 {
				sh, off = lanes.Uniform, b.konst(lanes.I32, uint64(j*8*k.Bytes()))
			}
			v := b.value(k, sh)
			b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: off, B: nv, C: nv, M: live, Imm: int64(1 + ki), Imm2: int64(k.Bytes())})
			vals[ki] = append(vals[ki], v)
		}
	}
	off0 := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off0, A: zero, B: li, C: nv, M: nv, Imm: 4})
	skip := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: skip, A: off0, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	n := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Copy, Kind: lanes.I32, Dst: n, A: b.konst(lanes.I32, 3), B: nv, C: nv, M: nv})
	// No FNeg or FAbs: a NaN (Inf-Inf) of either sign, met by another,
	// comes out as whichever operand the executor's Go code and the
	// native code put first. Sqrt reads its operand through ld.
	fcodes := []lanes.Code{lanes.FAdd, lanes.FSub, lanes.FMul, lanes.FDiv, lanes.Fma, lanes.Copy, lanes.Sqrt}
	icodes := []lanes.Code{lanes.Add, lanes.Xor, lanes.Sub, lanes.And, lanes.Or, lanes.Not, lanes.Shl,
		lanes.ShrU, lanes.ShrS, lanes.Mul, lanes.Copy}
	// Stores inside the chains go to buffer 6, lane l's word k at
	// (8l + k)*4: strided, lane by lane, their offsets from an Index of
	// a value the op before computes (fused into the store, its operand
	// read by the store's code from the cache or its slot).
	base := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: base, A: li, B: b.konst(lanes.I32, 8), C: nv, M: nv})
	chain := func(nops int, rewriteOnly bool) {
		for range nops {
			if rng.IntN(6) == 0 {
				t := b.value(lanes.I32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: t, A: base, B: b.konst(lanes.I32, uint64(rng.IntN(8))), C: nv, M: nv})
				off := b.value(lanes.I32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, 0), B: t, C: nv, M: nv, Imm: 4})
				v := vals[2][rng.IntN(len(vals[2]))]
				b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: v, C: nv, M: live, Imm: 6, Imm2: 4})
			}
			ki := rng.IntN(len(kinds))
			k := kinds[ki]
			var c lanes.Code
			if ki < 2 {
				c = fcodes[rng.IntN(len(fcodes))]
			} else {
				c = icodes[rng.IntN(len(icodes))]
			}
			x, y := vals[ki][rng.IntN(len(vals[ki]))], vals[ki][rng.IntN(len(vals[ki]))]
			z := nv
			if c == lanes.ShrS && k == lanes.I64 {
				c = lanes.ShrU
			}
			switch c {
			case lanes.Fma:
				z = vals[ki][rng.IntN(len(vals[ki]))]
			case lanes.Copy, lanes.Sqrt, lanes.Not:
				y = nv
			case lanes.Shl, lanes.ShrU, lanes.ShrS:
				if rng.IntN(4) > 0 {
					y = b.konst(k, uint64(rng.IntN(70)))
				}
			case lanes.Mul:
				if rng.IntN(2) == 0 {
					y = b.konst(k, uint64(1+rng.IntN(9)))
				}
			default:
				if ki >= 2 && rng.IntN(5) == 0 {
					y = b.konst(k, rng.Uint64()>>uint(64-8*k.Bytes()))
				}
			}
			uni := g0Uniform(&b.p, x) && (y == nv || g0Uniform(&b.p, y)) && (z == nv || g0Uniform(&b.p, z))
			var d lanes.Value
			if rewriteOnly || rng.IntN(3) == 0 {
				cand := vals[ki][rng.IntN(len(vals[ki]))]
				if b.p.Values[cand].Shape == lanes.Varying || uni {
					d = cand
				}
			}
			if d == 0 {
				if rewriteOnly {
					continue // a new value would be undefined on the way around
				}
				sh := lanes.Varying
				if uni && rng.IntN(3) == 0 {
					sh = lanes.Uniform
				}
				d = b.value(k, sh)
				vals[ki] = append(vals[ki], d)
			}
			b.op(lanes.Op{Code: c, Kind: k, Dst: d, A: x, B: y, C: z, M: nv})
		}
	}
	chain(40, false)
	// The loop: n trips rewriting existing values, a division inside.
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	chain(30, true)
	q := vals[2][rng.IntN(len(vals[2]))]
	if b.p.Values[q].Shape == lanes.Varying {
		b.op(lanes.Op{Code: lanes.UDiv, Kind: lanes.I32, Dst: q, A: q, B: b.konst(lanes.I32, 7), C: nv, M: nv})
	}
	chain(30, true)
	b.op(lanes.Op{Code: lanes.Sub, Kind: lanes.I32, Dst: n, A: n, B: b.konst(lanes.I32, 1), C: nv, M: nv})
	more := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.SLt, Kind: lanes.I32, Dst: more, A: zero, B: n, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.JumpIfAny, Dst: nv, A: more, B: nv, C: nv, M: nv, Imm: 0})
	// A forward jump over a stretch that rewrites values, joining at
	// label 1.
	b.op(lanes.Op{Code: lanes.JumpIfAny, Dst: nv, A: skip, B: nv, C: nv, M: nv, Imm: 1})
	chain(30, true)
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 1})
	chain(30, false)
	// Store every value: lane l of value j at (j*8 + l)*size of buffer 5.
	pos := uint64(0)
	for ki, k := range kinds {
		for _, v := range vals[ki] {
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, pos), B: li, C: nv, M: nv, Imm: int64(k.Bytes())})
			b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off, B: v, C: nv, M: live, Imm: 5, Imm2: int64(k.Bytes())})
			pos += uint64(8 * k.Bytes())
		}
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	for _, taken := range []bool{false, true} {
		mem := [][]byte{make([]byte, 32), make([]byte, 6*8*4), make([]byte, 6*8*8), make([]byte, 6*8*4), make([]byte, 6*8*8), make([]byte, pos), make([]byte, 8*8*4)}
		if taken {
			binary.LittleEndian.PutUint32(mem[0][4*3:], 0xffffffff)
		}
		// Floats near 1 keep products and quotients finite.
		for i := 0; i < len(mem[1]); i += 4 {
			binary.LittleEndian.PutUint32(mem[1][i:], math.Float32bits(float32(0.5+rng.Float64())))
		}
		for i := 0; i < len(mem[2]); i += 8 {
			binary.LittleEndian.PutUint64(mem[2][i:], math.Float64bits(0.5+rng.Float64()))
		}
		for _, r := range mem[3:5] {
			for i := range r {
				r[i] = byte(rng.Uint32())
			}
		}
		agree(t, fmt.Sprintf("seed %d, taken %v", seed, taken), &b.p, mem, 1, 5, 6)
		// Yielding at every back edge: the loop's values leave the
		// registers and come back from the frame at each trip.
		was, y0 := SetYieldBudget(1), Yields()
		agree(t, fmt.Sprintf("seed %d, taken %v, yielding", seed, taken), &b.p, mem, 1, 5, 6)
		SetYieldBudget(was)
		if Yields() == y0 {
			t.Fatalf("seed %d: no yield with a budget of 1", seed)
		}
	}
}

// TestHiCacheUsed: with the second level on, a chain of float ops over
// more values than Y6-Y15 hold compiles to code that names Y16-Y31 (more
// bytes that look like an EVEX prefix than the code compiled with it
// off, where only constants and displacements make them), and both
// codes compute the executor's results.
func TestHiCacheUsed(t *testing.T) {
	needNative(t)
	if !amd64.HasAVX512VL() {
		t.Skip("the CPU lacks AVX512F+VL")
	}
	b := newProg(8)
	b.region(lanes.RegionBuffer, 0)
	live, li := b.laneIDs()
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 8})
	x := b.value(lanes.F64, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.F64, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 8})
	// 16 values, each read again after all are made: 32 halves live.
	var vs []lanes.Value
	for i := range 16 {
		v := b.value(lanes.F64, lanes.Varying)
		b.op(lanes.Op{Code: lanes.FAdd, Kind: lanes.F64, Dst: v, A: x, B: b.konst(lanes.F64, math.Float64bits(float64(i))), C: nv, M: nv})
		vs = append(vs, v)
	}
	acc := vs[0]
	for _, v := range vs[1:] {
		s := b.value(lanes.F64, lanes.Varying)
		b.op(lanes.Op{Code: lanes.FMul, Kind: lanes.F64, Dst: s, A: acc, B: v, C: nv, M: nv})
		acc = s
	}
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.F64, Dst: nv, A: off, B: acc, C: nv, M: live, Imm: 0, Imm2: 8})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	code := map[bool][]byte{}
	for _, on := range []bool{true, false} {
		was := SetEVEX(on)
		_, c, err := generate(&b.p)
		SetEVEX(was)
		if err != nil {
			t.Fatal(err)
		}
		code[on] = c
	}
	// 62 then a P0 byte with bits 3-2 clear, map 0F (1) or 0F38 (2).
	evex := func(c []byte) int {
		n := 0
		for i := 0; i+1 < len(c); i++ {
			if c[i] == 0x62 && c[i+1]&0x0c == 0 && c[i+1]&3 != 0 && c[i+1]&3 != 3 {
				n++
			}
		}
		return n
	}
	if evex(code[true]) <= evex(code[false]) {
		t.Errorf("second level on: %d EVEX-like prefixes, off: %d; want more on", evex(code[true]), evex(code[false]))
	}
	if bytes.Equal(code[true], code[false]) {
		t.Errorf("second level on and off compile to the same code")
	}
	mem := [][]byte{make([]byte, 64)}
	for l := range 8 {
		binary.LittleEndian.PutUint64(mem[0][8*l:], math.Float64bits(1+float64(l)/8))
	}
	withEVEX(t, func(t *testing.T, on bool) { agree(t, "products", &b.p, mem, 1, 0) })
}
