package ulp

import (
	"math"
	"strings"
)

// Relaxed is a float builtin's bound under -cl-fast-relaxed-math, as the
// conformance suite's relaxed entries read §7.4's relaxed table: ULP
// ulps (ExpULP: 3 + floor(|2x|) ulps instead), except for x in [AbsLo,
// AbsHi], where the absolute error is at most Abs. NoULP: no bound
// outside [AbsLo, AbsHi] ("larger otherwise"), so only those inputs are
// checked.
type Relaxed struct {
	ULP               float64
	ExpULP, NoULP     bool
	Abs, AbsLo, AbsHi float64
	// Lo, Hi (unless both 0): the inputs checked at all (tan is sin/cos,
	// and those are unbounded outside [-π, π]).
	Lo, Hi float64
}

// relaxedBounds are the builtins §7.4's relaxed table bounds. The exact
// ones (0 ulp, correctly rounded) keep their bounds; the others have
// none: -cl-fast-relaxed-math implies -cl-unsafe-math-optimizations,
// which may break §7.4's bounds, and the table defines the rest by
// formulas ("implemented as exp2(y * log2(x))"), so those are reported
// without a bound.
var relaxedBounds = map[string]Relaxed{
	"acos": {ULP: 4096}, "asin": {ULP: 4096}, "atan": {ULP: 4096},
	"sin":    {NoULP: true, Abs: 0x1p-11, AbsLo: -math.Pi, AbsHi: math.Pi},
	"cos":    {NoULP: true, Abs: 0x1p-11, AbsLo: -math.Pi, AbsHi: math.Pi},
	"sincos": {NoULP: true, Abs: 0x1p-11, AbsLo: -math.Pi, AbsHi: math.Pi},
	"sinpi":  {NoULP: true, Abs: 0x1p-11, AbsLo: -1, AbsHi: 1},
	"cospi":  {NoULP: true, Abs: 0x1p-11, AbsLo: -1, AbsHi: 1},
	"exp":    {ExpULP: true}, "exp2": {ExpULP: true}, "exp10": {ExpULP: true},
	"log":   {ULP: 3, Abs: 0x1p-21, AbsLo: 0.5, AbsHi: 2},
	"log2":  {ULP: 3, Abs: 0x1p-21, AbsLo: 0.5, AbsHi: 2},
	"log10": {ULP: 3, Abs: 0x1p-21, AbsLo: 0.5, AbsHi: 2},
	"tan":   {ULP: 8192, Lo: -math.Pi, Hi: math.Pi},
}

// relaxedMode reports whether a session's options ask for relaxed math.
func relaxedMode(options string) bool {
	return strings.Contains(options, "-cl-fast-relaxed-math")
}

// relaxedInputs keeps the inputs relaxed math defines results for: finite
// arguments and results (-cl-fast-relaxed-math implies
// -cl-finite-math-only), inside the checked domain; the last kept tuple
// pads the arrays to a multiple of 48 again.
func relaxedInputs(f *Func, p Prec, in *Inputs) *Inputs {
	rb, hasRB := relaxedBounds[f.Name]
	ok := func(j int) bool {
		var a []float64
		for _, xs := range in.Float {
			x := xs[j]
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
			a = append(a, x)
		}
		if hasRB && rb.NoULP && (a[0] < rb.AbsLo || a[0] > rb.AbsHi) {
			return false
		}
		if hasRB && (rb.Lo != 0 || rb.Hi != 0) && (a[0] < rb.Lo || a[0] > rb.Hi) {
			return false
		}
		var n int64
		if in.Int != nil {
			n = in.Int[j]
		}
		r, _ := f.Ref(a, n, p)
		return !math.IsNaN(r) && math.Abs(p.round(r)) <= p.maxFinite()
	}
	out := &Inputs{Float: make([][]float64, len(in.Float))}
	keepTuple := func(j int) {
		for i, xs := range in.Float {
			out.Float[i] = append(out.Float[i], xs[j])
		}
		if in.Int != nil {
			out.Int = append(out.Int, in.Int[j])
		}
	}
	last := -1
	for j := 0; j < in.Len(); j++ {
		if f.Ref == nil || ok(j) {
			keepTuple(j)
			last = j
			if j < in.Edge {
				out.Edge++
			}
		}
	}
	for last >= 0 && out.Len()%48 != 0 {
		keepTuple(last)
	}
	return out
}

// relaxedShown is the bound the report shows: the ulps, 3 for exp's
// formula, the absolute bound in ulps of 1 where only that applies.
func relaxedShown(f *Func, p Prec) float64 {
	rb, ok := relaxedBounds[f.Name]
	switch {
	case !ok:
		return exactBound(f, p)
	case rb.ExpULP:
		return 3
	case rb.NoULP:
		return rb.Abs / p.ulpOf(1)
	}
	return rb.ULP
}

// relaxedBound is the bound for input j with reference ref in ulps (-1:
// none).
func relaxedBound(f *Func, p Prec, in *Inputs, j int, ref float64) float64 {
	rb, ok := relaxedBounds[f.Name]
	if !ok {
		return exactBound(f, p)
	}
	x := in.Float[0][j]
	if rb.Abs > 0 && x >= rb.AbsLo && x <= rb.AbsHi {
		return rb.Abs / p.ulpOf(ref) // an absolute error in ulps of ref
	}
	if rb.ExpULP {
		return 3 + math.Floor(math.Abs(2*x))
	}
	return rb.ULP
}

// exactBound is f's bound where it is exact or correctly rounded, else -1.
func exactBound(f *Func, p Prec) float64 {
	if b := f.bound(p); b >= 0 && b <= 0.5 {
		return b
	}
	return -1
}
