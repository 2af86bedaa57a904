package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// index compiles Index: Dst = A + B*Imm exactly, in 64-bit lanes, the
// poison offset (all ones) where A is poison or the result leaves
// [0, 2^32-2].
func (g *gen) index(o *lanes.Op) error {
	a := &g.a
	stride := o.Imm
	if stride < 0 || stride >= 1<<31 {
		return errUnsupported("Index stride out of range")
	}
	const x = amd64.Y0
	g.ld(x, o.A)
	if stride == 0 {
		g.st(o.Dst, x)
		return nil
	}
	if g.shape(o.Dst) == lanes.Uniform && o.Kind == lanes.I32 {
		g.indexUniform(o, stride)
		return nil
	}
	const b0, b1, r0, r1, t, sg, big, s = amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5, amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9
	var done amd64.Label
	if vi := g.p.Values[o.A]; vi.Const && o.Kind == lanes.I32 {
		// A constant base a: lane's B is in range iff a + B*Imm lies in
		// [0, 2^32-2], i.e. B in [lo, hi]; the sum is then exact modulo
		// 2^32, and lanes out of range are poison.
		base := int64(uint32(vi.Bits))
		if base == 1<<32-1 {
			g.ones(x)
			g.st(o.Dst, x)
			return nil
		}
		lo := -(base / stride) // ceil(-base/stride)
		hi := (1<<32 - 2 - base) / stride
		lo, hi = max(lo, -1<<31), min(hi, 1<<31-1)
		// Y0-Y5 only: this form leaves the register cache alone.
		const t, sg = amd64.Y3, amd64.Y4
		g.ld(b0, o.B)
		a.VPCMPGTDmem(t, b0, g.splat32(uint32(int32(hi))))
		a.VMOVDQUload(sg, g.splat32(uint32(int32(lo))))
		a.VPCMPGTD(sg, sg, b0)
		a.VPOR(t, t, sg)
		if stride&(stride-1) == 0 {
			a.VPSLLD(b0, b0, uint8(bits.TrailingZeros64(uint64(stride))))
		} else {
			a.VPMULLDmem(b0, b0, g.splat32(uint32(stride)))
		}
		if base != 0 {
			a.VPADDDmem(b0, b0, g.splat32(uint32(base)))
		}
		a.VPOR(x, b0, t)
		g.st(o.Dst, x)
		return nil
	}
	if vi := g.p.Values[o.B]; vi.Const && o.Kind == lanes.I32 {
		g.indexConstIndex(o, int64(int32(uint32(vi.Bits)))*stride)
		return nil
	}
	if g.index2D(o) {
		// One operand Uniform (index2d.go).
		if g.shape(o.A) == lanes.Uniform {
			g.indexUniformBase(o, stride)
		} else {
			g.indexUniformIndex(o, stride)
		}
		return nil
	}
	if o.Kind == lanes.I32 {
		// The common case in 32 bits: every lane's B*Imm fits an int32
		// (else the exact code below runs).
		done = a.NewLabel()
		slow := a.NewLabel()
		hi, lo := int32((1<<31-1)/stride), -int32((1<<31)/stride)
		g.ld(b0, o.B)
		a.VPCMPGTDmem(t, b0, g.splat32(uint32(hi)))
		a.VMOVDQUload(sg, g.splat32(uint32(lo)))
		a.VPCMPGTD(sg, sg, b0)
		a.VPOR(t, t, sg)
		a.VPTEST(t, t)
		a.Jcc(amd64.CondNE, slow)
		a.VPMULLDmem(b0, b0, g.splat32(uint32(stride))) // p, exact
		a.VPADDD(r0, x, b0)                             // r = A + p mod 2^32
		// Out of range: r wrapped (r < A for p >= 0, r > A for p < 0),
		// r or A poison.
		a.VPMAXUD(t, r0, x)
		a.VPCMPEQD(t, t, r0) // r >= A
		a.VPSRAD(sg, b0, 31) // p < 0
		a.VPXOR(t, t, sg)
		g.ones(big)
		a.VPXOR(t, t, big) // wrapped
		a.VPCMPEQD(sg, r0, big)
		a.VPOR(t, t, sg)
		a.VPCMPEQD(sg, x, big)
		a.VPOR(t, t, sg)
		a.VPOR(r0, r0, t)
		g.st(o.Dst, r0)
		a.JMP(done)
		a.Bind(slow)
	}
	switch o.Kind {
	case lanes.I32:
		g.ld(b0, o.B)
		g.widen(b0, b1, b0, true)
	case lanes.I64:
		g.ld64(b0, b1, o.B)
	default:
		return errUnsupported("Index of a non-integer")
	}
	g.widen(r0, r1, x, false)
	a.VMOVDQUload(s, g.splat64(uint64(stride)))
	for _, h := range []struct{ b, r amd64.Y }{{b0, r0}, {b1, r1}} {
		g.zero(t)
		a.VPCMPGTQ(sg, t, h.b) // b < 0
		a.VPXOR(h.b, h.b, sg)
		a.VPSUBQ(h.b, h.b, sg) // |b| (MinInt64 stays negative)
		a.VPCMPGTQ(big, t, h.b)
		a.VMOVDQUload(t, g.splat64(1<<32-1))
		a.VPCMPGTQ(t, h.b, t)
		a.VPOR(big, big, t) // |b| >= 2^32: out of range whatever A is
		a.VPMULUDQ(h.b, h.b, s)
		a.VPXOR(h.b, h.b, sg)
		a.VPSUBQ(h.b, h.b, sg)
		a.VPADDQ(h.r, h.r, h.b)
		g.zero(t)
		a.VPCMPGTQ(t, t, h.r) // r < 0
		a.VPOR(big, big, t)
		a.VMOVDQUload(t, g.splat64(1<<32-2))
		a.VPCMPGTQ(t, h.r, t) // r > 2^32-2
		a.VPOR(big, big, t)
		a.VPOR(h.r, h.r, big) // bad lanes: all ones
	}
	g.narrow(r0, r0, r1, false)
	g.ones(t)
	a.VPCMPEQD(t, x, t) // A poison
	a.VPOR(x, r0, t)
	g.st(o.Dst, x)
	if o.Kind == lanes.I32 {
		a.Bind(done)
	}
	return nil
}

// indexConstIndex compiles Index with a constant index, A + k for k =
// B*Imm known (a member or component of an addressed vector or struct):
// the sum modulo 2^32, poison where A is poison or the exact sum leaves
// [0, 2^32-2]. A in Y0; Y0-Y4 only, no branches: this form leaves the
// register cache alone.
func (g *gen) indexConstIndex(o *lanes.Op, k int64) {
	a := &g.a
	const x, t, s = amd64.Y0, amd64.Y2, amd64.Y3
	switch {
	case k == 0:
		// A itself: in range unless poison, which stays poison.
	case k >= 1<<32-1 || k <= -(1<<32-1):
		g.ones(x)
	case k > 0:
		// Out of range: the sum wrapped (r < A, as k < 2^32; A poison
		// wraps too) or is 2^32-1, which is the poison offset already.
		const r = amd64.Y4
		a.VPADDDmem(r, x, g.splat32(uint32(k)))
		a.VPMAXUD(t, r, x)
		a.VPCMPEQD(t, t, r) // r >= A
		g.ones(s)
		a.VPXOR(t, t, s) // r < A
		a.VPOR(x, r, t)
	default:
		// Out of range: A < -k (the sum is negative) or A poison (the
		// sum of an A in range is then at most 2^32-2+k).
		a.VPMINUDmem(t, x, g.splat32(uint32(-k-1)))
		a.VPCMPEQD(t, t, x) // A <= -k-1
		g.ones(s)
		a.VPCMPEQD(s, x, s) // A poison
		a.VPOR(t, t, s)
		a.VPADDDmem(x, x, g.splat32(uint32(k)))
		a.VPOR(x, x, t)
	}
	g.st(o.Dst, x)
}

// indexUniform compiles a Uniform Index of a 32-bit index (a row offset
// or a loop counter's element, one per chunk) in general registers,
// without branches: B*Imm fits 62 bits and A + B*Imm 63, so the sum is
// exact in 64 bits and in range iff it is at most 2^32-2 unsigned (a
// negative sum is above). A in Y0.
func (g *gen) indexUniform(o *lanes.Op, stride int64) {
	a := &g.a
	const x, y = amd64.Y0, amd64.Y2
	const rA, rB, rT = amd64.RAX, amd64.RCX, amd64.RDX
	g.ld(y, o.B)
	a.VMOVDtoR(rA, x) // zero-extended
	a.VMOVDtoR(rB, y)
	a.MOVSXD(rB, rB)
	a.IMULQimm(rB, rB, int32(stride))
	a.ADDQ(rB, rA)
	a.MOVLimm(rT, 1<<32-2)
	a.CMPQ(rB, rT)
	a.MOVLimm(rT, 1<<32-1)
	a.CMOVQcc(amd64.CondA, rB, rT)
	a.CMPLimm(rA, -1) // A poison
	a.CMOVQcc(amd64.CondE, rB, rT)
	a.VMOVDfromR(x, rB)
	a.VPBROADCASTD(x, x)
	g.st(o.Dst, x)
}
