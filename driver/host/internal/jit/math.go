package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// The GLSL.std.450 functions of the Math op that are exact in float64
// arithmetic (as the Go executor computes them: operands widened to
// float64, one Go expression, the result rounded to the op's kind). The
// transcendental ones are left to the Go executor.

// mathExact reports whether Math instruction num has code here.
func mathExact(num int64) bool {
	switch spirv.GLSLstd450(num) {
	case spirv.GLSLstd450Round, spirv.GLSLstd450FSign, spirv.GLSLstd450Fract,
		spirv.GLSLstd450Radians, spirv.GLSLstd450Degrees, spirv.GLSLstd450InverseSqrt,
		spirv.GLSLstd450Step, spirv.GLSLstd450FMix:
		return true
	}
	return false
}

// hasMathCode reports whether Math op o has vector code: the exact
// functions here, the transcendental ones of vmath.go on F32.
func hasMathCode(o *lanes.Op) bool { return mathExact(o.Imm) || fmathOp(o.Imm, o.Kind) }

// mathOp compiles a Math op: operands as float64 halves, mathHalf on each
// half, the result rounded back to the op's kind.
func (g *gen) mathOp(o *lanes.Op) error {
	if !hasMathCode(o) {
		return errUnsupported("GLSL.std.450 function without vector code")
	}
	a := &g.a
	// Operand j's float64 halves in Y(2j), Y(2j+1).
	for j, v := range [3]lanes.Value{o.A, o.B, o.C} {
		if v == lanes.NoValue {
			continue
		}
		lo, hi := amd64.Y(2*j), amd64.Y(2*j+1)
		if o.Kind == lanes.F32 {
			g.ld(lo, v)
			a.VEXTRACTI128(hi, lo, 1)
			a.VCVTPS2PD(lo, lo)
			a.VCVTPS2PD(hi, hi)
		} else {
			g.ld64(lo, hi, v)
		}
	}
	if fmathOp(o.Imm, o.Kind) {
		g.fmathHalf(spirv.GLSLstd450(o.Imm), amd64.Y0)
		g.fmathHalf(spirv.GLSLstd450(o.Imm), amd64.Y1)
	} else {
		g.mathHalf(spirv.GLSLstd450(o.Imm), amd64.Y0, amd64.Y2, amd64.Y4)
		g.mathHalf(spirv.GLSLstd450(o.Imm), amd64.Y1, amd64.Y3, amd64.Y5)
	}
	if o.Kind == lanes.F32 {
		a.VCVTPD2PS(amd64.Y0, amd64.Y0)
		a.VCVTPD2PS(amd64.Y1, amd64.Y1)
		a.VINSERTI128(amd64.Y0, amd64.Y0, amd64.Y1, 1)
		g.st(o.Dst, amd64.Y0)
		return nil
	}
	g.st64(o.Dst, amd64.Y0, amd64.Y1)
	return nil
}

// mathHalf computes function num of four float64 lanes x (b, c the other
// operands) into x; Y8-Y11 scratch.
func (g *gen) mathHalf(num spirv.GLSLstd450, x, b, c amd64.Y) {
	a := &g.a
	const t, u, v, w = amd64.Y8, amd64.Y9, amd64.Y10, amd64.Y11
	k := func(y amd64.Y, f float64) { a.VMOVDQUload(y, g.splat64(math.Float64bits(f))) }
	switch num {
	case spirv.GLSLstd450Round: // half away from zero: trunc, and one more where |x - trunc| >= 0.5
		a.VROUNDPD(t, x, amd64.RoundTrunc|amd64.RoundNoExc)
		a.VSUBPD(u, x, t)
		k(v, math.Copysign(0, -1)) // the sign bit
		a.VANDNPD(u, v, u)         // |x - t|
		k(w, 0.5)
		a.VCMPPD(u, u, w, amd64.CmpGEOQ)
		k(w, 1)
		a.VANDPD(w, w, u) // 1 where rounding away
		a.VANDPD(u, x, v) // the sign of x
		a.VORPD(w, w, u)  // +-1 or +-0
		a.VADDPD(t, t, w) // t + (+-1), t + (+-0) keeps t's value
		a.VCMPPD(u, x, x, amd64.CmpUNORDQ)
		a.VBLENDVPD(x, t, x, u) // NaN stays x
		// Infinities: trunc(inf) = inf and |inf - inf| is NaN: t stays.
	case spirv.GLSLstd450FSign:
		g.zero(t)
		a.VCMPPD(u, x, t, amd64.CmpGTOQ) // x > 0
		a.VCMPPD(v, x, t, amd64.CmpLTOQ) // x < 0
		k(w, 1)
		a.VBLENDVPD(x, x, w, u)
		k(w, -1)
		a.VBLENDVPD(x, x, w, v)
	case spirv.GLSLstd450Fract:
		a.VROUNDPD(t, x, amd64.RoundDown|amd64.RoundNoExc)
		a.VSUBPD(x, x, t)
		k(w, 1)
		a.VCMPPD(u, x, w, amd64.CmpGEOQ)
		k(w, math.Nextafter(1, 0))
		a.VBLENDVPD(x, x, w, u)
	case spirv.GLSLstd450Radians:
		k(w, math.Pi/180)
		a.VMULPD(x, x, w)
	case spirv.GLSLstd450Degrees:
		k(w, 180/math.Pi)
		a.VMULPD(x, x, w)
	case spirv.GLSLstd450InverseSqrt:
		a.VSQRTPD(x, x)
		k(w, 1)
		a.VDIVPD(x, w, x)
	case spirv.GLSLstd450Step: // b < x ? 0 : 1 (x is the edge)
		a.VCMPPD(u, b, x, amd64.CmpLTOQ)
		k(x, 1)
		a.VANDNPD(x, u, x)
	case spirv.GLSLstd450FMix: // x + (b-x)*c, rounded at each step
		a.VSUBPD(t, b, x)
		a.VMULPD(t, t, c)
		a.VADDPD(x, x, t)
	}
}
