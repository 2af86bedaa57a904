package ulp

import "math"

// The half format (cl_khr_fp16) for the checker: conversions between
// float64 and IEEE binary16 bits, and the half ULP bounds.

// halfBits rounds x to the nearest half (ties to even), once.
func halfBits(x float64) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>48) & 0x8000
	a := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return sign | 0x7e00
	case a >= 65520: // halfway between 65504 and 2^16, and above
		return sign | 0x7c00
	}
	// Scale so that the half's last place is 1: 2^-24 for subnormals,
	// 2^(e-10) for a normal of exponent e.
	e := math.Ilogb(a)
	if a == 0 || e < -14 {
		e = -14
	}
	m := math.RoundToEven(math.Ldexp(a, 10-e)) // exact: a has 53 bits, the scaled value is below 2^11
	if m >= 2048 {
		m /= 2
		e++
	}
	if m < 1024 { // subnormal (or zero)
		return sign | uint16(m)
	}
	return sign | uint16(e+15)<<10 | uint16(m-1024)
}

// halfValue is the value of half bits h.
func halfValue(h uint16) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	switch {
	case e == 0x1f && m == 0:
		return s * math.Inf(1)
	case e == 0x1f:
		return math.NaN()
	case e == 0:
		return s * math.Ldexp(m, -24)
	}
	return s * math.Ldexp(1024+m, e-25)
}

// halfNext is the half after half x towards the sign of d.
func halfNext(x, d float64) float64 {
	switch {
	case math.IsNaN(x) || d == 0:
		return x
	case x == 0:
		return math.Copysign(math.Ldexp(1, -24), d)
	}
	h := halfBits(x)
	if (d > 0) == (x > 0) {
		h++
	} else {
		h--
	}
	return halfValue(h)
}

// halfBound is the half ULP table (OpenCL C 3.0 §7.4, the half precision
// table of cl_khr_fp16): 0.5 is correctly rounded, 0 exact, +Inf any
// value (mad); -1 for functions without a half bound here (they are not
// checked in half).
var halfBound = map[string]float64{
	"acos": 2, "acosh": 2, "acospi": 2, "asin": 2, "asinh": 2, "asinpi": 2,
	"atan": 2, "atanh": 2, "atanpi": 2, "atan2": 2, "atan2pi": 2, "cbrt": 2,
	"ceil": 0.5, "copysign": 0, "cos": 2, "cosh": 2, "cospi": 2,
	"erfc": 4, "erf": 4, "exp": 2, "exp2": 2, "exp10": 2, "expm1": 2,
	"fabs": 0, "fdim": 0.5, "floor": 0.5, "fma": 0.5, "fmax": 0, "fmin": 0,
	"fmod": 0, "fract": 0.5, "frexp": 0, "hypot": 2, "ilogb": 0, "ldexp": 0.5,
	"log": 2, "log2": 2, "log10": 2, "log1p": 2, "logb": 0, "mad": math.Inf(1),
	"maxmag": 0, "minmag": 0, "modf": 0, "nextafter": 0,
	"pow": 4, "pown": 4, "powr": 4, "remainder": 0, "remquo": 0, "rint": 0.5,
	"rootn": 4, "round": 0.5, "rsqrt": 1, "sin": 2, "sincos": 2, "sinh": 2,
	"sinpi": 2, "sqrt": 0.5, "tan": 2, "tanh": 2, "tanpi": 2, "tgamma": 4,
	"trunc": 0.5, "divide": 0.5, "recip": 0.5,
}

// HasHalf reports whether f is checked in half.
func (f *Func) HasHalf() bool {
	_, ok := halfBound[f.Name]
	return ok && !f.Geo
}

// bound is f's bound in format p.
func (f *Func) bound(p Prec) float64 {
	if p == F16 {
		if b, ok := halfBound[f.Name]; ok {
			return b
		}
		return -1
	}
	return f.Bound[p]
}

// bound2 is the bound on f's output argument in format p.
func (f *Func) bound2(p Prec) float64 {
	if p == F16 {
		if f.Out == 'i' {
			return 0
		}
		return f.bound(p)
	}
	return f.Bound2[p]
}
