package jit

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// halfRun runs op c (Varying operand, or Uniform where uni) on the 32-bit
// operands in ops, 1024 at a time, with the Go executor and with native
// code; it fails on the first lane whose result bits differ (NaNs too:
// the half conversions define their NaNs' bits) and returns the native
// results.
func halfRun(t *testing.T, c opCase, ops []uint32, uni bool) []uint32 {
	wide := make([]uint64, len(ops))
	for i, v := range ops {
		wide[i] = uint64(v)
	}
	return halfRun64(t, c, wide, uni)
}

// halfRun64 is halfRun with operands of c.kind's size.
func halfRun64(t *testing.T, c opCase, ops []uint64, uni bool) []uint32 {
	t.Helper()
	const local = 1024
	c.argK = [3]lanes.Kind{c.kind, c.kind, c.kind}
	shape := 0
	if uni {
		shape = 1
	}
	p := buildOpProg(c, shape, local)
	var out []uint32
	for lo := 0; lo < len(ops); lo += local {
		n := min(local, len(ops)-lo)
		sz := c.kind.Bytes()
		mem := [][]byte{make([]byte, sz*local), nil, nil, make([]byte, 4*local)}
		for l := range n {
			if sz == 8 {
				binary.LittleEndian.PutUint64(mem[0][8*l:], ops[lo+l])
			} else {
				binary.LittleEndian.PutUint32(mem[0][4*l:], uint32(ops[lo+l]))
			}
		}
		gm, nm, gt, nt := runBoth(t, p, mem, 1)
		if gt != nil || nt != nil {
			t.Fatalf("%v: traps: go %+v native %+v", c, gt, nt)
		}
		for l := range n {
			g, x := binary.LittleEndian.Uint32(gm[3][4*l:]), binary.LittleEndian.Uint32(nm[3][4*l:])
			if uni {
				g, x = binary.LittleEndian.Uint32(gm[3]), binary.LittleEndian.Uint32(nm[3])
			}
			if g != x {
				t.Fatalf("%v uniform=%v: operand %#x: go %#x, native %#x", c, uni, ops[lo+l], g, x)
			}
			out = append(out, x)
			if uni {
				break
			}
		}
	}
	return out
}

func needF16C(t *testing.T) {
	needNative(t)
	if useNEON {
		return // FCVTL and FCVTN (neon_ops.go)
	}
	if !amd64.HasF16C() {
		t.Skip("no F16C")
	}
}

// TestHalfToF widens every half, Varying and Uniform, natively and in
// the Go executor, and checks edge values by hand: subnormals become
// normal floats, infinities stay, a signaling NaN comes out quiet with
// its payload.
func TestHalfToF(t *testing.T) {
	needF16C(t)
	c := opCase{code: lanes.HalfToF, kind: lanes.I32, dk: lanes.F32, nargs: 1}
	all := make([]uint32, 1<<16)
	for h := range all {
		all[h] = uint32(h)
	}
	got := halfRun(t, c, all, false)
	for _, e := range []struct{ h, f uint32 }{
		{0x0000, 0x00000000}, {0x8000, 0x80000000}, // zeros
		{0x0001, 0x33800000},                       // 2^-24, the smallest subnormal
		{0x03ff, 0x387fc000},                       // the largest subnormal
		{0x0400, 0x38800000},                       // 2^-14, the smallest normal
		{0x3c00, 0x3f800000}, {0xbc01, 0xbf802000}, // ±1, 1+2^-10
		{0x7bff, 0x477fe000},                       // 65504
		{0x7c00, 0x7f800000}, {0xfc00, 0xff800000}, // infinities
		{0x7e00, 0x7fc00000}, {0xfe01, 0xffc02000}, // quiet NaNs
		{0x7c01, 0x7fc02000}, {0xfd55, 0xffeaa000}, // signaling NaNs, quieted
	} {
		if got[e.h] != e.f {
			t.Errorf("HalfToF(%#04x) = %#08x, want %#08x", e.h, got[e.h], e.f)
		}
	}
	for _, h := range []uint32{0x0001, 0x7c01, 0xfc00, 0x3555} {
		halfRun(t, c, []uint32{h}, true)
	}
}

// TestFToHalf rounds floats to halves natively and in the Go executor:
// every half's float with the bits below half's precision set to just
// below, at and above the tie, random floats, and edge values checked by
// hand (ties to even, subnormal ties, overflow to infinity, NaNs to
// 0x7e00 with their sign).
func TestFToHalf(t *testing.T) {
	needF16C(t)
	c := opCase{code: lanes.FToHalf, kind: lanes.F32, dk: lanes.I32, nargs: 1}
	var ops []uint32
	for h := range 1 << 16 {
		f := math.Float32bits(halfFloat(uint16(h)))
		for _, low := range []uint32{0, 0x0fff, 0x1000, 0x1001, 0x1fff} {
			ops = append(ops, f|low)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1 << 15 {
		ops = append(ops, rng.Uint32())
	}
	halfRun(t, c, ops, false)
	f := math.Float32bits
	cases := []struct {
		f uint32
		h uint32
	}{
		{f(1), 0x3c00}, {f(1 + 0x1p-11), 0x3c00}, {f(1 + 3*0x1p-11), 0x3c02}, // ties to even
		{f(1 + 0x1p-11 + 0x1p-20), 0x3c01},                                                // above the tie
		{f(65504), 0x7bff}, {f(65519.99), 0x7bff}, {f(65520), 0x7c00}, {f(-1e10), 0xfc00}, // overflow
		{f(0x1p-24), 0x0001}, {f(0x1p-25), 0x0000}, {f(0x1p-25 + 0x1p-40), 0x0001}, // subnormal ties
		{f(3 * 0x1p-25), 0x0002}, {f(-0x1p-26), 0x8000},
		{f(0x1p-14 - 0x1p-25), 0x0400}, // the largest subnormal rounds up to the smallest normal
		{0x7f800000, 0x7c00}, {0xff800000, 0xfc00},
		{0x7fc00000, 0x7e00}, {0xffc12345, 0xfe00}, {0x7f800001, 0x7e00}, {0xff800fff, 0xfe00}, // NaNs
	}
	var in []uint32
	for _, e := range cases {
		in = append(in, e.f)
	}
	got := halfRun(t, c, in, false)
	for i, e := range cases {
		if got[i] != e.h {
			t.Errorf("FToHalf(%#08x) = %#04x, want %#04x", e.f, got[i], e.h)
		}
	}
	for _, e := range cases[:4] {
		halfRun(t, c, []uint32{e.f}, true)
	}
}

// halfFloat is half h's value (a NaN's payload kept, quiet bit as is).
func halfFloat(h uint16) float32 {
	s := float32(1)
	if h&0x8000 != 0 {
		s = -1
	}
	e, m := int(h>>10&0x1f), float32(h&0x3ff)
	switch {
	case e == 0x1f && m == 0:
		return s * float32(math.Inf(1))
	case e == 0x1f:
		return math.Float32frombits(uint32(h&0x8000)<<16 | 0x7f800000 | uint32(h&0x3ff)<<13)
	case e == 0:
		return s * m * 0x1p-24
	}
	return s * (1 + m/1024) * float32(math.Ldexp(1, e-15))
}

// TestFToHalfF64 rounds float64s to halves once, natively and in the Go
// executor: every half's value plus and minus small and tie-sized
// offsets (where rounding through float32 to nearest would round twice),
// random doubles, and edge values checked by hand.
func TestFToHalfF64(t *testing.T) {
	needF16C(t)
	c := opCase{code: lanes.FToHalf, kind: lanes.F64, dk: lanes.I32, nargs: 1}
	var ops []uint64
	for h := range 1 << 16 {
		f := float64(halfFloat(uint16(h)))
		ulp := math.Abs(f) * 0x1p-11 // about half a half ulp
		for _, d := range []float64{0, ulp, -ulp, ulp * (1 + 0x1p-30), ulp * (1 - 0x1p-30), 0x1p-60} {
			ops = append(ops, math.Float64bits(f+d))
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 1 << 15 {
		ops = append(ops, rng.Uint64())
	}
	halfRun64(t, c, ops, false)
	cases := []struct {
		f float64
		h uint32
	}{
		{1 + 0x1p-11, 0x3c00}, {1 + 0x1p-11 + 0x1p-40, 0x3c01}, {1 + 3*0x1p-11, 0x3c02}, // one rounding
		{-(1 + 0x1p-11 + 0x1p-50), 0xbc01}, {65520, 0x7c00}, {65519.99, 0x7bff}, {1e300, 0x7c00},
		{0x1p-25, 0}, {0x1p-25 + 0x1p-60, 1}, {1e-300, 0}, {-1e-300, 0x8000},
		{math.Inf(-1), 0xfc00}, {math.NaN(), 0x7e00}, {math.Copysign(math.NaN(), -1), 0xfe00},
	}
	var in []uint64
	for _, e := range cases {
		in = append(in, math.Float64bits(e.f))
	}
	got := halfRun64(t, c, in, false)
	for i, e := range cases {
		if got[i] != e.h {
			t.Errorf("FToHalf.f64(%v) = %#04x, want %#04x", e.f, got[i], e.h)
		}
	}
	for _, e := range in[:3] {
		halfRun64(t, c, []uint64{e}, true)
	}
}
