package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// Sin, Cos, Exp, Exp2, Log and Log2 on F32: package fmath's functions op
// for op on four float64 lanes (math.FMA as VFMADD231PD/VFMADD213PD/
// VFNMADD231PD, exact roundings as VROUNDPD, fmath's branches on special
// values as blends), so native code gives the bits that the lane tier's
// Go executor computes. F64 keeps Go's math (a
// call-out).

// fmathOp reports whether Math instruction num on kind k has code here.
func fmathOp(num int64, k lanes.Kind) bool {
	if k != lanes.F32 {
		return false
	}
	switch spirv.GLSLstd450(num) {
	case spirv.GLSLstd450Sin, spirv.GLSLstd450Cos, spirv.GLSLstd450Exp, spirv.GLSLstd450Exp2,
		spirv.GLSLstd450Log, spirv.GLSLstd450Log2:
		return true
	}
	return false
}

// fmathHalf computes function num of the four float64 lanes x into x. It
// uses Y2-Y15 as scratch: x is Y0 or Y1, and the other of the two must
// survive (Y0's result while Y1 is computed, Y1's operand while Y0 is).
func (g *gen) fmathHalf(num spirv.GLSLstd450, x amd64.Y) {
	switch num {
	case spirv.GLSLstd450Exp2, spirv.GLSLstd450Exp:
		g.vexp(num == spirv.GLSLstd450Exp2, x)
	case spirv.GLSLstd450Log, spirv.GLSLstd450Log2:
		g.vlog(num == spirv.GLSLstd450Log2, x)
	case spirv.GLSLstd450Sin, spirv.GLSLstd450Cos:
		g.vsincos(num == spirv.GLSLstd450Cos, x)
	}
}

// konst loads four copies of f into y.
func (g *gen) konst(y amd64.Y, f float64) {
	g.a.VMOVDQUload(y, g.splat64(math.Float64bits(f)))
}

// horner sets p to the polynomial c (lowest coefficient first) at z by
// fused steps, the highest coefficient first (fmath's loops); t is
// scratch.
func (g *gen) horner(p, z, t amd64.Y, c []float64) {
	g.konst(p, c[len(c)-1])
	for n := len(c) - 2; n >= 0; n-- {
		g.konst(t, c[n])
		g.a.VFMADD213PD(p, z, t) // p = z*p + c[n]
	}
}

// vexp is fmath.Exp2 (two) or fmath.Exp.
func (g *gen) vexp(two bool, x amd64.Y) {
	a := &g.a
	const nan, c, k, r, p, t, u = amd64.Y15, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5, amd64.Y6, amd64.Y7
	a.VCMPPD(nan, x, x, amd64.CmpUNORDQ)
	lo, hi := float64(fmath.ExpLo), float64(fmath.ExpHi)
	if two {
		lo, hi = fmath.Exp2Lo, fmath.Exp2Hi
	}
	g.konst(t, lo)
	a.VMAXPD(c, x, t) // x > lo ? x : lo
	g.konst(t, hi)
	a.VMINPD(c, c, t) // x < hi ? x : hi
	if two {
		a.VROUNDPD(k, c, amd64.RoundNearest|amd64.RoundNoExc)
		a.VSUBPD(r, c, k)
		g.konst(t, math.Ln2)
		a.VMULPD(r, r, t)
	} else {
		g.konst(t, math.Log2E)
		a.VMULPD(k, c, t)
		a.VROUNDPD(k, k, amd64.RoundNearest|amd64.RoundNoExc)
		g.konst(t, fmath.Ln2Hi)
		a.VMOVDQU(r, c)
		a.VFNMADD231PD(r, k, t) // r = -(k*Ln2Hi) + x
		g.konst(t, fmath.Ln2Lo)
		a.VFNMADD231PD(r, k, t)
	}
	g.horner(p, r, t, fmath.ExpCoef[:])
	// 2**k: k + 2**52+1023 holds k+1023 in its low mantissa bits.
	g.konst(t, 0x1p52+1023)
	a.VADDPD(u, k, t)
	a.VPSLLQ(u, u, 52)
	a.VMULPD(p, p, u)
	a.VBLENDVPD(x, p, x, nan)
}

// vlog is fmath.Log2 (two) or fmath.Log.
func (g *gen) vlog(two bool, x amd64.Y) {
	a := &g.a
	const e, m, f, s, z, q, t, w = amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5, amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9
	// The exponent: its 11 bits (x > 0) ORed into 2**52, less 2**52+1023.
	a.VPSRLQ(e, x, 52)
	a.VPOR(e, e, g.konstReg(t, 0x1p52))
	g.konst(t, 0x1p52)
	a.VSUBPD(e, e, t)
	g.konst(t, 1023)
	a.VSUBPD(e, e, t)
	// The mantissa as m in [1, 2).
	a.VMOVDQUload(t, g.splat64(1<<52-1))
	a.VPAND(m, x, t)
	a.VPOR(m, m, g.konstReg(t, 1))
	// m > sqrt2: m *= 0.5, e++.
	g.konst(t, math.Sqrt2)
	a.VCMPPD(w, m, t, amd64.CmpGTOQ)
	g.konst(t, 0.5)
	a.VMULPD(t, m, t)
	a.VBLENDVPD(m, m, t, w)
	g.konst(t, 1)
	a.VANDPD(t, t, w)
	a.VADDPD(e, e, t)
	// f = m-1, s = f/(2+f), a = s+s, z = s*s.
	g.konst(t, 1)
	a.VSUBPD(f, m, t)
	g.konst(t, 2)
	a.VADDPD(t, t, f)
	a.VDIVPD(s, f, t)
	a.VMULPD(z, s, s)
	a.VADDPD(s, s, s) // a
	g.horner(q, z, t, fmath.LogCoef[:])
	a.VMULPD(z, s, z)      // a*z
	a.VFMADD213PD(q, z, s) // l = (a*z)*q + a
	if two {
		g.konst(t, math.Log2E)
		a.VFMADD213PD(q, t, e) // l*Log2E + e
	} else {
		g.konst(t, math.Ln2)
		a.VFMADD231PD(q, e, t) // e*Ln2 + l
	}
	// Special values, in fmath.logSpecial's order (disjoint sets).
	g.zero(t)
	g.konst(w, math.Inf(1))
	a.VCMPPD(f, x, w, amd64.CmpEQOQ)
	a.VBLENDVPD(q, q, x, f) // +Inf
	a.VCMPPD(f, x, t, amd64.CmpEQOQ)
	g.konst(w, math.Inf(-1))
	a.VBLENDVPD(q, q, w, f) // ±0: -Inf
	a.VCMPPD(f, x, t, amd64.CmpLTOQ)
	g.konst(w, math.NaN())
	a.VBLENDVPD(q, q, w, f) // x < 0: NaN
	a.VCMPPD(f, x, x, amd64.CmpUNORDQ)
	a.VBLENDVPD(x, q, x, f) // NaN stays
}

// konstReg loads f's four copies into t and returns t (for an operand).
func (g *gen) konstReg(t amd64.Y, f float64) amd64.Y {
	g.konst(t, f)
	return t
}

// vsincos is fmath.Cos (cos) or fmath.Sin.
func (g *gen) vsincos(cos bool, x amd64.Y) {
	a := &g.a
	const s, e, p, t, u, b, v, c, big = amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5, amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9, amd64.Y10
	const s2, e2, four, quarter = amd64.Y11, amd64.Y12, amd64.Y13, amd64.Y14
	g.konst(four, -4)
	g.konst(quarter, 0.25)
	// mod4 of x*TwoOverPi[i] into dst.
	mod4 := func(dst amd64.Y, i int) {
		g.konst(c, fmath.TwoOverPi[i])
		a.VMULPD(dst, x, c)
		a.VMULPD(c, dst, quarter)
		a.VROUNDPD(c, c, amd64.RoundNearest|amd64.RoundNoExc)
		a.VFMADD231PD(dst, four, c) // p + (-4)*round(p/4)
	}
	// One two-sum step of fmath.reduce: (s, e) += piece i.
	step := func(s, e amd64.Y, i int) {
		mod4(t, i)
		a.VADDPD(u, s, t) // u = s + t
		a.VSUBPD(b, u, s) // b = u - s
		a.VSUBPD(v, u, b) // u - b
		a.VSUBPD(v, s, v) // s - (u-b)
		a.VSUBPD(c, t, b) // t - b
		a.VADDPD(v, v, c) //
		a.VADDPD(e, e, v) // e += ...
		a.VMOVDQU(s, u)
	}
	mod4(s, 0)
	g.zero(e)
	for i := 1; i < fmath.ShortPieces; i++ {
		step(s, e, i)
	}
	// Lanes with |x| >= ReduceBig (and ±Inf) take all the pieces.
	a.VMOVDQUload(t, g.splat64(1<<63))
	a.VANDNPD(big, t, x)
	g.konst(t, fmath.ReduceBig)
	a.VCMPPD(big, big, t, amd64.CmpGEOQ)
	done := a.NewLabel()
	a.VPTEST(big, big)
	a.Jcc(amd64.CondE, done)
	a.VMOVDQU(s2, s)
	a.VMOVDQU(e2, e)
	for i := fmath.ShortPieces; i < len(fmath.TwoOverPi); i++ {
		step(s2, e2, i)
	}
	a.VBLENDVPD(s, s, s2, big)
	a.VBLENDVPD(e, e, e2, big)
	a.Bind(done)
	// k = round(s), r = (s-k) + e; q = (k+off)'s low bits.
	a.VROUNDPD(t, s, amd64.RoundNearest|amd64.RoundNoExc)
	a.VSUBPD(s, s, t)
	a.VADDPD(s, s, e) // r
	if cos {
		g.konst(u, 1)
		a.VADDPD(t, t, u)
	}
	g.konst(u, 0x1.8p52)
	a.VADDPD(t, t, u) // q in the low bits
	// theta = r*pi/2, z = theta^2.
	g.konst(u, math.Pi/2)
	a.VMULPD(s, s, u) // theta
	a.VMULPD(e, s, s) // z
	// The sine polynomial into p, the cosine one into v.
	g.horner(p, e, u, fmath.SinCoef[:])
	a.VMULPD(b, s, e)      // theta*z
	a.VFMADD213PD(p, b, s) // (theta*z)*p + theta
	g.horner(v, e, u, fmath.CosCoef[:])
	g.konst(u, 1)
	a.VFMADD213PD(v, e, u) // z*v + 1
	// Odd q: the cosine; q&2: negated.
	a.VPSLLQ(u, t, 63)
	a.VBLENDVPD(p, p, v, u)
	a.VPSLLQ(u, t, 62)
	a.VMOVDQUload(c, g.splat64(1<<63))
	a.VPAND(u, u, c)
	a.VXORPD(p, p, u)
	// Special values: ±Inf gives NaN, NaN stays, Sin keeps ±0.
	a.VANDNPD(u, c, x) // |x|
	g.konst(v, math.Inf(1))
	a.VCMPPD(u, u, v, amd64.CmpEQOQ)
	g.konst(v, math.NaN())
	a.VBLENDVPD(p, p, v, u)
	if !cos {
		g.zero(v)
		a.VCMPPD(u, x, v, amd64.CmpEQOQ)
		a.VBLENDVPD(p, p, x, u)
	}
	a.VCMPPD(u, x, x, amd64.CmpUNORDQ)
	a.VBLENDVPD(x, p, x, u)
}
