package host

import "math"

// fmaw is GLSL.std.450 Fma for floats of the given width, the operands
// held in float64: one rounding, as driver.Caps.FmaFused promises.
// math.FMA rounds the exact sum to double; for float the product is exact
// in double and the sum is rounded to odd instead (TwoSum's error sets its
// last bit where it was inexact), so that the rounding to float32 that
// follows is the only one that counts (53 >= 24+2 bits). Half stays
// rounded twice (through float32).
func fmaw(a, b, c float64, bits int) float64 {
	if bits == 64 {
		return math.FMA(a, b, c)
	}
	p := a * b
	s := p + c
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return s
	}
	bb := s - p
	e := (p - (s - bb)) + (c - bb)
	u := math.Float64bits(s)
	if e != 0 && u&1 == 0 {
		// One ulp towards the exact sum: up in magnitude when e has s's
		// sign (s is not zero: a zero sum is exact).
		if (e > 0) == (s > 0) {
			u++
		} else {
			u--
		}
	}
	return math.Float64frombits(u)
}
