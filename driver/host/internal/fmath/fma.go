package fmath

import "math"

// FMA is GLSL.std.450 Fma (OpenCL fma) for floats of the given width
// (bits), the operands held in float64: one rounding, as driver.Caps.FmaFused promises. For
// float, math.FMA's double is rounded to float again; that second
// rounding is wrong only where the double is a float tie (the rounding to
// double made it one, or it was one), and there the double sum is
// rounded to odd instead, so that the rounding to float32 that follows
// is the only one that counts (53 >= 24+2 bits). Half stays rounded
// twice (math.FMA's double, then through float32).
func FMA(a, b, c float64, bits int) float64 {
	r := math.FMA(a, b, c)
	if bits != 32 || !floatTie(r) {
		return r
	}
	// The product of floats is exact in double; TwoSum's error e tells
	// where the exact sum lies.
	p := a * b
	s := p + c
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

// floatTie reports whether the double r lies halfway between two floats
// (or between the largest float and 2^128): its bits below float's last
// place, 29 for a normal float and more for a subnormal one, are 10...0.
func floatTie(r float64) bool {
	u := math.Float64bits(r) &^ (1 << 63)
	e := int(u >> 52)
	drop := 29 + max(0, 897-e) // float's exponent field is e-896
	if e == 0x7ff || drop > 53 {
		return false // infinite, NaN, or below half the smallest float
	}
	m := u&(1<<52-1) | 1<<52
	return m&(1<<drop-1) == 1<<(drop-1)
}
