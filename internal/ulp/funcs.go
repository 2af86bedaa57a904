package ulp

import (
	"math"
	"sort"
)

// Func is one math builtin under test.
type Func struct {
	Name string
	// Args has one letter per argument: 'x' a float of the result's type
	// and width, 'n' an int of the same width.
	Args string
	// Out is the element of a trailing output pointer: 0 (none), 'f'
	// (float of the result's type) or 'i' (int).
	Out byte
	// IntResult: the result is an int vector (ilogb).
	IntResult bool
	// Bound is the largest error allowed, in ulps, for float and double
	// (OpenCL C 3.0 §7.4, Tables 36 and 39): 0 for exact functions, 0.5
	// for "correctly rounded", -1 where the spec gives none (lgamma:
	// footnote 68; the error is still reported).
	Bound [2]float64
	// Ref is the exact result (and the output argument's value) for
	// arguments a and int argument n, rounded only by float64.
	Ref func(a []float64, n int64, p Prec) (r, r2 float64)
	// Dom picks the random inputs' typical range.
	Dom Domain
	// Geo: a geometric function of widths 2, 3, 4 (scalar result for
	// length and distance, reduce over the vector).
	Geo bool
	// Bound2 is the bound on the output argument (sincos' cosine), in
	// ulps; 0 with Out 'i' means the output must be exact.
	Bound2 [2]float64
}

// Domain is a range the random inputs concentrate on, besides random bit
// patterns.
type Domain int

// Input domains.
const (
	DomAny   Domain = iota // [-100, 100]
	DomTrig                // [-2π·1e3, 2π·1e3] and near multiples of π/2
	DomUnit                // [-1, 1]
	DomPos                 // (0, 1e4]
	DomExp                 // [-110, 110] (float exp's range)
	DomSmall               // [-4, 4]
	DomGe1                 // [1, 1e4]
)

func b(f, d float64) [2]float64 { return [2]float64{f, d} }

// Funcs lists the builtins under test.
var Funcs = []*Func{
	// Trigonometric (§7.4: sin, cos ≤ 4; tan ≤ 5; sincos as sin and cos).
	{Name: "sin", Args: "x", Bound: b(4, 4), Ref: r1(sinRef), Dom: DomTrig},
	{Name: "cos", Args: "x", Bound: b(4, 4), Ref: r1(cosRef), Dom: DomTrig},
	{Name: "tan", Args: "x", Bound: b(5, 5), Ref: r1(tanRef), Dom: DomTrig},
	{Name: "sincos", Args: "x", Out: 'f', Bound: b(4, 4), Bound2: b(4, 4), Dom: DomTrig, Ref: sincosRef},
	{Name: "asin", Args: "x", Bound: b(4, 4), Ref: r1(asinRef), Dom: DomUnit},
	{Name: "acos", Args: "x", Bound: b(4, 4), Ref: r1(acosRef), Dom: DomUnit},
	{Name: "atan", Args: "x", Bound: b(5, 5), Ref: r1(math.Atan), Dom: DomAny},
	{Name: "atan2", Args: "xx", Bound: b(6, 6), Ref: r2(atan2Ref), Dom: DomAny},
	{Name: "sinpi", Args: "x", Bound: b(4, 4), Ref: r1(sinpi), Dom: DomSmall},
	{Name: "cospi", Args: "x", Bound: b(4, 4), Ref: r1(cospi), Dom: DomSmall},
	{Name: "tanpi", Args: "x", Bound: b(6, 6), Ref: r1(tanpi), Dom: DomSmall},
	{Name: "asinpi", Args: "x", Bound: b(5, 5), Ref: r1(func(x float64) float64 { return piRef(x, asinRef) }), Dom: DomUnit},
	{Name: "acospi", Args: "x", Bound: b(5, 5), Ref: r1(func(x float64) float64 { return piRef(x, acosRef) }), Dom: DomUnit},
	{Name: "atanpi", Args: "x", Bound: b(5, 5), Ref: r1(func(x float64) float64 { return math.Atan(x) / math.Pi }), Dom: DomAny},
	{Name: "atan2pi", Args: "xx", Bound: b(6, 6), Ref: r2(func(y, x float64) float64 { return atan2Ref(y, x) / math.Pi }), Dom: DomAny},
	// Hyperbolic.
	{Name: "sinh", Args: "x", Bound: b(4, 4), Ref: r1(sinhRef), Dom: DomExp},
	{Name: "cosh", Args: "x", Bound: b(4, 4), Ref: r1(coshRef), Dom: DomExp},
	{Name: "tanh", Args: "x", Bound: b(5, 5), Ref: r1(math.Tanh), Dom: DomSmall},
	{Name: "asinh", Args: "x", Bound: b(4, 4), Ref: r1(math.Asinh), Dom: DomAny},
	{Name: "acosh", Args: "x", Bound: b(4, 4), Ref: r1(math.Acosh), Dom: DomGe1},
	{Name: "atanh", Args: "x", Bound: b(5, 5), Ref: r1(math.Atanh), Dom: DomUnit},
	// Exponentials and logarithms.
	{Name: "exp", Args: "x", Bound: b(3, 3), Ref: r1(math.Exp), Dom: DomExp},
	{Name: "exp2", Args: "x", Bound: b(3, 3), Ref: r1(math.Exp2), Dom: DomExp},
	{Name: "exp10", Args: "x", Bound: b(3, 3), Ref: r1(exp10Ref), Dom: DomExp},
	{Name: "expm1", Args: "x", Bound: b(3, 3), Ref: r1(math.Expm1), Dom: DomExp},
	{Name: "log", Args: "x", Bound: b(3, 3), Ref: r1(logRef), Dom: DomPos},
	{Name: "log2", Args: "x", Bound: b(3, 3), Ref: r1(func(x float64) float64 { return logRef(x) / math.Ln2 }), Dom: DomPos},
	{Name: "log10", Args: "x", Bound: b(3, 3), Ref: r1(func(x float64) float64 { return logRef(x) / math.Ln10 }), Dom: DomPos},
	{Name: "log1p", Args: "x", Bound: b(2, 2), Ref: r1(math.Log1p), Dom: DomPos},
	{Name: "pow", Args: "xx", Bound: b(16, 16), Ref: r2(powRef), Dom: DomSmall},
	{Name: "powr", Args: "xx", Bound: b(16, 16), Ref: r2(powr), Dom: DomSmall},
	{Name: "pown", Args: "xn", Bound: b(16, 16), Ref: func(a []float64, n int64, _ Prec) (float64, float64) { return pown(a[0], n), 0 }, Dom: DomSmall},
	{Name: "rootn", Args: "xn", Bound: b(16, 16), Ref: func(a []float64, n int64, _ Prec) (float64, float64) { return rootn(a[0], n), 0 }, Dom: DomAny},
	{Name: "sqrt", Args: "x", Bound: b(3, 0.5), Ref: r1(math.Sqrt), Dom: DomPos},
	{Name: "rsqrt", Args: "x", Bound: b(2, 2), Ref: r1(func(x float64) float64 { return 1 / math.Sqrt(x) }), Dom: DomPos},
	{Name: "cbrt", Args: "x", Bound: b(2, 2), Ref: r1(math.Cbrt), Dom: DomAny},
	{Name: "hypot", Args: "xx", Bound: b(4, 4), Ref: r2(math.Hypot), Dom: DomAny},
	// Special functions (§7.4: erf, erfc, tgamma ≤ 16; lgamma undefined).
	{Name: "erf", Args: "x", Bound: b(16, 16), Ref: r1(math.Erf), Dom: DomSmall},
	{Name: "erfc", Args: "x", Bound: b(16, 16), Ref: r1(math.Erfc), Dom: DomSmall},
	{Name: "tgamma", Args: "x", Bound: b(16, 16), Ref: r1(tgamma), Dom: DomSmall},
	{Name: "lgamma", Args: "x", Bound: b(-1, -1), Ref: r1(lgamma), Dom: DomAny},
	{Name: "lgamma_r", Args: "x", Out: 'i', Bound: b(-1, -1), Ref: lgammaR, Dom: DomAny},
	// Exact functions: rounding, classification, manipulation (0 ulp or
	// correctly rounded).
	{Name: "fabs", Args: "x", Ref: r1(math.Abs)},
	{Name: "ceil", Args: "x", Ref: r1(math.Ceil)},
	{Name: "floor", Args: "x", Ref: r1(math.Floor)},
	{Name: "trunc", Args: "x", Ref: r1(math.Trunc)},
	{Name: "round", Args: "x", Ref: r1(math.Round)},
	{Name: "rint", Args: "x", Ref: r1(math.RoundToEven)},
	{Name: "copysign", Args: "xx", Ref: r2(math.Copysign)},
	{Name: "fdim", Args: "xx", Bound: b(0.5, 0.5), Ref: r2(fdim)},
	{Name: "fmax", Args: "xx", Ref: r2(fmax)},
	{Name: "fmin", Args: "xx", Ref: r2(fmin)},
	{Name: "maxmag", Args: "xx", Ref: r2(maxmag)},
	{Name: "minmag", Args: "xx", Ref: r2(minmag)},
	{Name: "fmod", Args: "xx", Ref: r2(math.Mod)},
	{Name: "remainder", Args: "xx", Ref: r2(math.Remainder)},
	{Name: "remquo", Args: "xx", Out: 'i', Ref: remquo},
	{Name: "fma", Args: "xxx", Bound: b(0.5, 0.5), Ref: fmaRef},
	{Name: "mad", Args: "xxx", Bound: b(0.5, math.Inf(1)), Ref: fmaRef},
	{Name: "fract", Args: "x", Out: 'f', Bound: b(0.5, 0.5), Ref: fract},
	{Name: "modf", Args: "x", Out: 'f', Ref: modf},
	{Name: "frexp", Args: "x", Out: 'i', Ref: func(a []float64, _ int64, _ Prec) (float64, float64) {
		m, e := math.Frexp(a[0])
		return m, float64(e)
	}},
	{Name: "ldexp", Args: "xn", Bound: b(0.5, 0.5), Ref: func(a []float64, n int64, _ Prec) (float64, float64) { return math.Ldexp(a[0], int(n)), 0 }},
	{Name: "ilogb", Args: "x", IntResult: true, Ref: r1(func(x float64) float64 { return float64(ilogb(x)) })},
	{Name: "logb", Args: "x", Ref: r1(math.Logb)},
	{Name: "nextafter", Args: "xx", Ref: nextafter},
	// Common and geometric functions: one multiplication by a rounded
	// constant (degrees, radians: clgo's bound is 2 ulps, the spec gives
	// none); the geometric ones are bounded by their defining operations
	// (sqrt ≤ 3 ulp plus n correctly rounded products and sums: 3 + n/2).
	{Name: "degrees", Args: "x", Bound: b(2, 2), Ref: r1(func(x float64) float64 { return x * (180 / math.Pi) }), Dom: DomAny},
	{Name: "radians", Args: "x", Bound: b(2, 2), Ref: r1(func(x float64) float64 { return x * (math.Pi / 180) }), Dom: DomAny},
	{Name: "length", Args: "x", Geo: true, Bound: b(5, 5), Dom: DomAny},
	{Name: "distance", Args: "xx", Geo: true, Bound: b(5, 5), Dom: DomAny},
	{Name: "normalize", Args: "x", Geo: true, Bound: b(5, 5), Dom: DomAny},
}

// Lookup returns the builtin named name, or nil.
func Lookup(name string) *Func {
	for _, f := range Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Names lists the builtins under test, sorted.
func Names() []string {
	var s []string
	for _, f := range Funcs {
		s = append(s, f.Name)
	}
	sort.Strings(s)
	return s
}

func r1(f func(float64) float64) func([]float64, int64, Prec) (float64, float64) {
	return func(a []float64, _ int64, _ Prec) (float64, float64) { return f(a[0]), 0 }
}

func r2(f func(float64, float64) float64) func([]float64, int64, Prec) (float64, float64) {
	return func(a []float64, _ int64, _ Prec) (float64, float64) { return f(a[0], a[1]), 0 }
}

// Input counts: the CI sample (random inputs after the edge cases, per
// builtin and format) and the --full run.
const (
	SampleInputs = 2000
	FullInputs   = 1000000
)
