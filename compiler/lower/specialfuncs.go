package lower

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// erf, erfc, tgamma and lgamma for 16- and 32-bit floats, from classical
// approximations evaluated in the type itself: a Taylor series of erf near
// zero, the Chebyshev-fitted exponential form of erfc (relative error
// about 1.2e-7), and the Lanczos series (g = 5) of log-gamma with the
// reflection formula below 1/2.

// poly evaluates c[0] + c[1] t + c[2] t^2 + ... by Horner's rule.
func poly(v vop, t spirv.ID, c []float64) spirv.ID {
	r := v.f(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		r = v.ext(spirv.GLSLstd450Fma, r, t, v.f(c[i]))
	}
	return r
}

// erfcPos is erfc(z) for z >= 0.
func (fs *fnState) erfcPos(v vop, z spirv.ID) spirv.ID {
	t := v.op(spirv.OpFDiv, v.f(1), v.ext(spirv.GLSLstd450Fma, z, v.f(0.5), v.f(1)))
	p := poly(v, t, []float64{-1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806,
		0.27886807, -1.13520398, 1.48851587, -0.82215223, 0.17087277})
	e := v.op(spirv.OpFSub, p, v.op(spirv.OpFMul, z, z))
	return v.op(spirv.OpFMul, t, v.ext(spirv.GLSLstd450Exp, e))
}

// erfSmall is erf(x) for |x| < 1/2 by its Taylor series.
func (fs *fnState) erfSmall(v vop, x spirv.ID) spirv.ID {
	x2 := v.op(spirv.OpFMul, x, x)
	s := poly(v, x2, []float64{1, -1.0 / 3, 1.0 / 10, -1.0 / 42, 1.0 / 216, -1.0 / 1320, 1.0 / 9360})
	return v.op(spirv.OpFMul, v.op(spirv.OpFMul, x, s), v.f(2/math.SqrtPi))
}

func (fs *fnState) erf(v vop, x spirv.ID) spirv.ID {
	ax := v.ext(spirv.GLSLstd450FAbs, x)
	big := fs.copysign(v, v.op(spirv.OpFSub, v.f(1), fs.erfcPos(v, ax)), x)
	r := v.sel(v.cmp(spirv.OpFOrdLessThan, ax, v.f(0.5)), fs.erfSmall(v, x), big)
	return v.sel(v.cmp(spirv.OpIsNan, x), x, r)
}

func (fs *fnState) erfc(v vop, x spirv.ID) spirv.ID {
	ax := v.ext(spirv.GLSLstd450FAbs, x)
	c := fs.erfcPos(v, ax)
	r := v.sel(v.cmp(spirv.OpFOrdLessThan, x, v.f(0)), v.op(spirv.OpFSub, v.f(2), c), c)
	small := v.op(spirv.OpFSub, v.f(1), fs.erfSmall(v, x))
	r = v.sel(v.cmp(spirv.OpFOrdLessThan, ax, v.f(0.5)), small, r)
	return v.sel(v.cmp(spirv.OpIsNan, x), x, r)
}

// lgammaPos is log(gamma(x)) for x > 0.
func (fs *fnState) lgammaPos(v vop, x spirv.ID) spirv.ID {
	c := []float64{76.18009172947146, -86.50532032941677, 24.01409824083091,
		-1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5}
	ser := v.f(1.000000000190015)
	for j, cj := range c {
		ser = v.op(spirv.OpFAdd, ser, v.op(spirv.OpFDiv, v.f(cj), v.op(spirv.OpFAdd, x, v.f(float64(j+1)))))
	}
	tmp := v.op(spirv.OpFAdd, x, v.f(5.5))
	tmp = v.op(spirv.OpFSub, tmp, v.op(spirv.OpFMul, v.op(spirv.OpFAdd, x, v.f(0.5)), v.ext(spirv.GLSLstd450Log, tmp)))
	l := v.ext(spirv.GLSLstd450Log, v.op(spirv.OpFDiv, v.op(spirv.OpFMul, v.f(math.Sqrt(2*math.Pi)), ser), x))
	return v.op(spirv.OpFSub, l, tmp)
}

// lgamma is log|gamma(x)| and the sign of gamma(x) (±1).
func (fs *fnState) lgamma(v vop, x spirv.ID) (spirv.ID, spirv.ID) {
	pos := fs.lgammaPos(v, v.ext(spirv.GLSLstd450FMax, x, v.f(0.5)))
	// Reflection: gamma(x) gamma(1-x) = pi / sin(pi x).
	s := fs.sinpi(v, x)
	refl := v.op(spirv.OpFSub, v.ext(spirv.GLSLstd450Log, v.op(spirv.OpFDiv, v.f(math.Pi), v.ext(spirv.GLSLstd450FAbs, s))),
		fs.lgammaPos(v, v.ext(spirv.GLSLstd450FMax, v.op(spirv.OpFSub, v.f(1), x), v.f(0.5))))
	low := v.cmp(spirv.OpFOrdLessThan, x, v.f(0.5))
	r := v.sel(low, refl, pos)
	sign := v.sel(v.and(low, v.cmp(spirv.OpFOrdLessThan, s, v.f(0))), v.f(-1), v.f(1))
	// Poles at zero and the negative integers; infinities.
	pole := v.cmp(spirv.OpFOrdEqual, s, v.f(0))
	r = v.sel(v.and(low, pole), v.f(math.Inf(1)), r)
	r = v.sel(v.cmp(spirv.OpIsInf, x), v.f(math.Inf(1)), r)
	r = v.sel(v.cmp(spirv.OpIsNan, x), x, r)
	return r, sign
}

func (fs *fnState) tgamma(v vop, x spirv.ID) spirv.ID {
	l, sign := fs.lgamma(v, x)
	r := v.op(spirv.OpFMul, sign, v.ext(spirv.GLSLstd450Exp, l))
	// Poles: ±inf at ±0, NaN at negative integers and -inf.
	r = v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), fs.copysign(v, v.f(math.Inf(1)), x), r)
	negInt := v.and(v.cmp(spirv.OpFOrdLessThan, x, v.f(0)), v.cmp(spirv.OpFOrdEqual, v.ext(spirv.GLSLstd450Floor, x), x))
	return v.sel(negInt, v.f(math.NaN()), r)
}
