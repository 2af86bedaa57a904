// Package ulp measures how far clgo's math builtins are from the correctly
// rounded result, in units in the last place (OpenCL C 3.0 §7.4 "Relative
// Error as ULPs"), and checks the exact results that §7.5 "Edge Case
// Behavior" (and C99 F.9, which it cites) requires. It generates inputs,
// runs one generated kernel per builtin on a clgo device, and compares the
// results with references computed in Go.
package ulp

import "math"

// Prec is a floating-point format of a builtin's result.
type Prec int

// The formats the checker knows.
const (
	F32 Prec = iota // float
	F64             // double
	F16             // half (cl_khr_fp16)
)

func (p Prec) String() string {
	switch p {
	case F64:
		return "double"
	case F16:
		return "half"
	}
	return "float"
}

// mant is the number of stored mantissa bits; emin the exponent of the
// smallest normal number.
func (p Prec) mant() int { return map[Prec]int{F32: 23, F64: 52, F16: 10}[p] }
func (p Prec) emin() int { return map[Prec]int{F32: -126, F64: -1022, F16: -14}[p] }

// maxFinite is the largest finite value.
func (p Prec) maxFinite() float64 {
	switch p {
	case F64:
		return math.MaxFloat64
	case F16:
		return 65504
	}
	return math.MaxFloat32
}

// round rounds x to the format (float64 is itself).
func (p Prec) round(x float64) float64 {
	switch p {
	case F32:
		return float64(float32(x))
	case F16:
		return halfValue(halfBits(x))
	}
	return x
}

// ulpOf is the ulp of the exact value ref in format p, as the spec defines
// it: the spacing of the format at ref's binade (subnormals share the
// smallest spacing; beyond the largest finite value, the spacing there).
func (p Prec) ulpOf(ref float64) float64 {
	a := math.Abs(ref)
	if a > p.maxFinite() {
		a = p.maxFinite()
	}
	e := p.emin()
	if a >= math.Ldexp(1, p.emin()) {
		_, fe := math.Frexp(a)
		e = fe - 1
	}
	return math.Ldexp(1, e-p.mant())
}

// isSubnormal reports whether x is a nonzero value below the normal range
// of the format.
func (p Prec) isSubnormal(x float64) bool {
	return x != 0 && math.Abs(x) < math.Ldexp(1, p.emin())
}

// errULP is the error of got against the exact reference ref in ulps of
// ref. Infinities and NaNs must match (NaN any NaN); an infinite error
// says they do not. A reference that overflows the format may be met by
// the infinity of its sign.
func (p Prec) errULP(got, ref float64) float64 {
	switch {
	case math.IsNaN(ref) || math.IsNaN(got):
		if math.IsNaN(ref) && math.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	case math.IsInf(got, 0):
		if got == ref || math.Abs(ref) >= p.maxFinite() && math.Signbit(got) == math.Signbit(ref) {
			// An overflowing result: infinity is the correctly rounded
			// value once ref is past max + ulp/2.
			if math.IsInf(ref, 0) || math.Abs(ref) >= p.maxFinite()+p.ulpOf(ref)/2 {
				return 0
			}
			return math.Abs(p.maxFinite()-math.Abs(ref))/p.ulpOf(ref) + 1
		}
		return math.Inf(1)
	case math.IsInf(ref, 0):
		return math.Inf(1)
	}
	return math.Abs(got-ref) / p.ulpOf(ref)
}

// sameZero reports whether got is the zero ref is, sign included.
func sameZero(got, ref float64) bool {
	return got == 0 && math.Signbit(got) == math.Signbit(ref)
}
