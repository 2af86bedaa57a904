package jit

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// divModel applies record r to dividend n as native code does (w bits):
// the quotient, before the nonzero mask.
func divModel(r divRecord, n uint64, w int, signed bool) uint64 {
	mask := ^uint64(0)
	if w == 32 {
		mask = 1<<32 - 1
	}
	n &= mask
	if !signed {
		hi, lo := bits.Mul64(r.m, n)
		t := hi
		if w == 32 {
			t = lo >> 32 // m and n below 2^32
		}
		return (t + (n-t)&mask>>r.sh1) & mask >> r.sh2
	}
	sx := func(v uint64) int64 {
		if w == 32 {
			return int64(int32(v))
		}
		return int64(v)
	}
	var t int64
	if w == 32 {
		t = sx(r.m) * sx(n) >> 32
	} else {
		hi, _ := bits.Mul64(r.m, n)
		// The signed high half from the unsigned one.
		if sx(r.m) < 0 {
			hi -= n
		}
		if sx(n) < 0 {
			hi -= r.m
		}
		t = int64(hi)
	}
	q := sx(uint64(sx(n)+t)&mask) >> r.sh1
	q -= sx(n) >> 63
	ds := int64(r.dsign)
	return uint64((q^ds)-ds) & mask
}

// divEdges are dividends and divisors at the edges of w bits.
func divEdges(w int) []uint64 {
	var vs []uint64
	for k := 0; k < w; k++ {
		p := uint64(1) << k
		vs = append(vs, p, p-1, p+1, -p, -p-1, -p+1)
	}
	vs = append(vs, 0, 3, 5, 6, 7, 10, 641, 6700417, 1<<w/3, 1<<w/5, 1<<w/7, math.MaxInt32, math.MaxUint32, math.MaxInt64, math.MaxUint64)
	if w == 32 {
		for i := range vs {
			vs[i] = uint64(uint32(vs[i]))
		}
	}
	return vs
}

// TestDivRecord checks the magic numbers (divRecordOf and the formulas
// native code applies, divModel) against the contract's division for
// edge and random divisors and dividends, both widths, signed and
// unsigned.
func TestDivRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{32, 64} {
		edges := divEdges(w)
		divisors := append([]uint64(nil), edges...)
		for range 300 {
			d := rng.Uint64() >> rng.IntN(w)
			divisors = append(divisors, d, -d)
		}
		for _, d := range divisors {
			if w == 32 {
				d = uint64(uint32(d))
			}
			for _, signed := range []bool{false, true} {
				code := lanes.UDiv
				if signed {
					code = lanes.SDiv
				}
				r := divRecordOf(d, w, signed)
				check := func(n uint64) {
					if w == 32 {
						n = uint64(uint32(n))
					}
					want := divRef(code, w, n, d)
					got := divModel(r, n, w, signed)
					if r.nz == 0 {
						got = 0
					}
					if got != want {
						t.Fatalf("w=%d signed=%v %#x / %#x: got %#x, want %#x (record %+v)", w, signed, n, d, got, want, r)
					}
				}
				for _, n := range edges {
					check(n)
				}
				for range 200 {
					check(rng.Uint64() >> rng.IntN(w))
				}
			}
		}
	}
}

// divRef is the contract's division, remainder and modulo (lanes.UDiv
// to lanes.SMod) of w-bit n by d, written from ir.go's comments.
func divRef(code lanes.Code, w int, n, d uint64) uint64 {
	mask := ^uint64(0)
	sx := func(v uint64) int64 { return int64(v) }
	if w == 32 {
		mask = 1<<32 - 1
		sx = func(v uint64) int64 { return int64(int32(v)) }
	}
	n, d = n&mask, d&mask
	if d == 0 {
		return 0
	}
	switch code {
	case lanes.UDiv:
		return n / d
	case lanes.UMod:
		return n % d
	}
	a, b := sx(n), sx(d)
	if b == -1 {
		if code == lanes.SDiv {
			return uint64(-a) & mask
		}
		return 0
	}
	switch code {
	case lanes.SDiv:
		return uint64(a/b) & mask
	case lanes.SRem:
		return uint64(a%b) & mask
	}
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return uint64(r) & mask
}

// divCodes are the divisions and remainders.
var divCodes = []lanes.Code{lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod}

// buildDivPairProg builds: lane l divides the 32-bit value at l*4 of
// buffer 0 (Uniform: at 0, where uniA) by the divisor (a constant, or the
// Uniform value at 0 of buffer 1) and stores the result at l*4 of buffer
// 3; with pair, a remainder op follows the quotient of the same operands
// (stored to buffer 2), as i / w and i % w do.
func buildDivPairProg(code lanes.Code, konst bool, d uint32, uniA, pair bool, local int) *lanes.Program {
	b := newProg(local)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
	shape, aoff := lanes.Varying, off
	if uniA {
		shape, aoff = lanes.Uniform, zero
	}
	x := b.value(lanes.I32, shape)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: aoff, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	var y lanes.Value
	if konst {
		y = b.konst(lanes.I32, uint64(d))
	} else {
		y = b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: y, A: zero, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	}
	if pair {
		qc := lanes.SDiv
		if code == lanes.UMod {
			qc = lanes.UDiv
		}
		q := b.value(lanes.I32, shape)
		b.op(lanes.Op{Code: qc, Kind: lanes.I32, Dst: q, A: x, B: y, C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: q, C: nv, M: live, Imm: 2, Imm2: 4})
	}
	q := b.value(lanes.I32, shape)
	b.op(lanes.Op{Code: code, Kind: lanes.I32, Dst: q, A: x, B: y, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: q, C: nv, M: live, Imm: 3, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestDivUniform runs 32-bit divisions and remainders by Uniform
// divisors (a constant, and a value loaded at run time, whose record
// native code makes) on edge and random dividends, against the contract
// (divRef) and the Go executor, bit for bit: divisors 0, +-1, +-2^k,
// MinInt, MaxInt, edges and random ones.
func TestDivUniform(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(5, 6))
	divisors := divEdges(32)
	for range 40 {
		divisors = append(divisors, uint64(rng.Uint32()>>rng.IntN(32)))
	}
	dividends := divEdges(32)
	for len(dividends)%chunk != 0 || len(dividends) < 256 {
		dividends = append(dividends, uint64(rng.Uint32()>>rng.IntN(32)))
	}
	local := len(dividends)
	mem := make([][]byte, 4)
	mem[0] = make([]byte, 4*local)
	for l, n := range dividends {
		binary.LittleEndian.PutUint32(mem[0][4*l:], uint32(n))
	}
	mem[1] = make([]byte, 4)
	mem[2] = make([]byte, 4*local)
	mem[3] = make([]byte, 4*local)
	for _, code := range divCodes {
		// pair: a remainder after the quotient (quotientKept).
		for _, pair := range []bool{false, true} {
			if pair && (code == lanes.UDiv || code == lanes.SDiv) {
				continue
			}
			loaded := buildDivPairProg(code, false, 0, false, pair, local)
			for _, d := range divisors {
				binary.LittleEndian.PutUint32(mem[1], uint32(d))
				for _, konst := range []bool{false, true} {
					p := loaded
					if konst {
						p = buildDivPairProg(code, true, uint32(d), false, pair, local)
					}
					gm, nm, gt, nt := runBoth(t, p, mem, 1)
					if gt != nil || nt != nil {
						t.Fatalf("traps: go %+v, native %+v", gt, nt)
					}
					for l, n := range dividends {
						want := uint32(divRef(code, 32, n, d))
						g, x := binary.LittleEndian.Uint32(gm[3][4*l:]), binary.LittleEndian.Uint32(nm[3][4*l:])
						if g != want || x != want {
							t.Fatalf("%v const=%v pair=%v %#x by %#x: contract %#x, go %#x, native %#x", code, konst, pair, uint32(n), uint32(d), want, g, x)
						}
					}
				}
			}
		}
	}
}

// divKernels divide by Uniform divisors that change within a group (a
// table read in a loop: the memo misses), that a group keeps (a kernel
// argument, get_local_size) and constants.
var divKernels = []struct{ name, src string }{
	{"table", `kernel void k(global int *out, global const int *in, global const int *ds) {
		int i = get_global_id(0);
		int x = in[i], s = 0;
		uint ux = (uint)x, us = 0;
		#pragma nounroll
		for (int j = 0; j < 24; j++) {
			int d = ds[j];
			s += x / d;
			s ^= x % d;
			us += ux / (uint)d;
			us ^= ux % (uint)d;
		}
		out[i] = s ^ (int)us;
	}`},
	{"args", `kernel void k(global int *out, global const int *in, int w, uint uw) {
		int i = get_global_id(0);
		int x = in[i];
		uint l = get_local_size(0);
		int h = w / (int)uw, hh = (int)(uw / 3u); // once per group (groupinv.go)
		out[i] = x / w + (x % w) * 3 + (int)((uint)x / uw) - (int)((uint)x % uw) + (int)((uint)i / l) + (int)((uint)i % l) + x / h + x % hh;
	}`},
	{"consts", `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		int x = in[i];
		uint u = (uint)x;
		out[i] = x / 7 + x % -3 + x / -2147483648 + x % 1024 + (int)(u / 10u) + (int)(u % 3u) + x / -1 + (int)(u / 0xffffffffu);
	}`},
}

// TestDivUniformKernels runs divKernels on divisors at the edges (zero,
// +-1, MinInt, MaxInt, powers of two) and random ones, native code
// against the Go executor.
func TestDivUniformKernels(t *testing.T) {
	needAMD64(t)
	rng := rand.New(rand.NewPCG(7, 8))
	edges := divEdges(32)
	for _, kc := range divKernels {
		p, _ := buildPOD(t, kc.src, [3]int{64, 1, 1}) // arguments per group, as the driver builds them
		g, _, err := generate(p)
		if err != nil {
			t.Fatalf("%s: %v", kc.name, err)
		}
		uniform, perGroup := 0, 0
		for i := range p.Ops {
			if g.divByUniform(&p.Ops[i]) {
				uniform++
				if g.group.def[i] {
					perGroup++
				}
			}
		}
		t.Logf("%s: %d divisions by Uniform divisors (%d once per group), %d memos", kc.name, uniform, perGroup, len(g.divMemo))
		if uniform == 0 {
			t.Fatalf("%s: no division by a Uniform divisor\n%s", kc.name, p)
		}
		for trial := range 4 {
			mem := make([][]byte, len(p.Regions))
			for r, rg := range p.Regions {
				if rg.Kind == lanes.RegionPush {
					mem[r] = make([]byte, max(rg.Size, 64)) // no global offset
				}
				if rg.Kind != lanes.RegionBuffer {
					continue
				}
				b := make([]byte, 4*64*2)
				for w := 0; w < len(b); w += 4 {
					v := rng.Uint32() >> rng.IntN(32)
					if trial < 2 && rng.IntN(2) == 0 {
						v = uint32(edges[rng.IntN(len(edges))])
					}
					binary.LittleEndian.PutUint32(b[w:], v)
				}
				mem[r] = b
			}
			agree(t, fmt.Sprintf("%s trial %d", kc.name, trial), p, mem, 2)
		}
	}
}

// TestDivUniform64 is TestDivUniform for 64-bit kinds: scalar code with
// the record in place of DIV and IDIV.
func TestDivUniform64(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(9, 10))
	divisors := divEdges(64)
	for range 40 {
		divisors = append(divisors, rng.Uint64()>>rng.IntN(64))
	}
	dividends := divEdges(64)
	for len(dividends)%chunk != 0 || len(dividends) < 512 {
		dividends = append(dividends, rng.Uint64()>>rng.IntN(64))
	}
	local := len(dividends)
	mem := make([][]byte, 4)
	mem[0] = make([]byte, 8*local)
	for l, n := range dividends {
		binary.LittleEndian.PutUint64(mem[0][8*l:], n)
	}
	mem[1] = make([]byte, 8)
	mem[3] = make([]byte, 8*local)
	for _, code := range divCodes {
		for _, uniA := range []bool{false, true} {
			loaded := buildDivProg64(code, false, 0, uniA, local)
			for _, d := range divisors {
				binary.LittleEndian.PutUint64(mem[1], d)
				for _, konst := range []bool{false, true} {
					p := loaded
					if konst {
						p = buildDivProg64(code, true, d, uniA, local)
					}
					gm, nm, gt, nt := runBoth(t, p, mem, 1)
					if gt != nil || nt != nil {
						t.Fatalf("traps: go %+v, native %+v", gt, nt)
					}
					for l, n := range dividends {
						if uniA {
							n = dividends[0]
						}
						want := divRef(code, 64, n, d)
						g, x := binary.LittleEndian.Uint64(gm[3][8*l:]), binary.LittleEndian.Uint64(nm[3][8*l:])
						if g != want || x != want {
							t.Fatalf("%v const=%v uniA=%v %#x by %#x: contract %#x, go %#x, native %#x", code, konst, uniA, n, d, want, g, x)
						}
					}
				}
			}
		}
	}
}

// buildDivProg64 is buildDivProg for 64-bit operands.
func buildDivProg64(code lanes.Code, konst bool, d uint64, uniA bool, local int) *lanes.Program {
	b := newProg(local)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 8})
	aoff := off
	if uniA {
		aoff = zero
	}
	x := b.value(lanes.I64, lanes.Varying)
	if uniA {
		x = b.value(lanes.I64, lanes.Uniform)
	}
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I64, Dst: x, A: aoff, B: nv, C: nv, M: live, Imm: 0, Imm2: 8})
	var y lanes.Value
	if konst {
		y = b.konst(lanes.I64, d)
	} else {
		y = b.value(lanes.I64, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I64, Dst: y, A: zero, B: nv, C: nv, M: live, Imm: 1, Imm2: 8})
	}
	// A Varying result also for a Uniform dividend: every lane stored.
	q := b.value(lanes.I64, lanes.Varying)
	b.op(lanes.Op{Code: code, Kind: lanes.I64, Dst: q, A: x, B: y, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I64, Dst: nv, A: off, B: q, C: nv, M: live, Imm: 3, Imm2: 8})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}
