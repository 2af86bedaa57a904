package fmath

import "math"

// Log returns the natural logarithm of x.
func Log(x float64) float64 {
	if s, ok := logSpecial(x); ok {
		return s
	}
	e, l := logParts(x)
	return math.FMA(e, math.Ln2, l)
}

// Log2 returns the base-2 logarithm of x.
func Log2(x float64) float64 {
	if s, ok := logSpecial(x); ok {
		return s
	}
	e, l := logParts(x)
	return math.FMA(l, math.Log2E, e)
}

// logSpecial is the result for NaN, x < 0, ±0 and +Inf.
func logSpecial(x float64) (float64, bool) {
	switch {
	case x != x:
		return x, true
	case x < 0:
		return math.NaN(), true
	case x == 0:
		return math.Inf(-1), true
	case x > math.MaxFloat64:
		return x, true
	}
	return 0, false
}

// logParts splits a positive normal x (every float32 value is normal as
// a float64; a float64 subnormal would get a wrong exponent here) as 2**e * m with m in [sqrt(1/2),
// sqrt(2)) and returns e and ln m = 2 atanh(s), s = (m-1)/(m+1), by
// s's odd series (|s| < 0.172: the terms past s**17 are below 2**-48
// relative).
func logParts(x float64) (e, l float64) {
	b := math.Float64bits(x)
	// The biased exponent as float64 the way jit converts it: its bits
	// ORed into 2**52's mantissa, less 2**52.
	e = math.Float64frombits(b>>52|0x4330000000000000) - 0x1p52 - 1023
	m := math.Float64frombits(b&(1<<52-1) | 0x3ff0000000000000)
	if m > math.Sqrt2 {
		m *= 0.5
		e++
	}
	f := m - 1 // exact
	s := f / float64(2+f)
	a := s + s
	z := s * s
	q := LogCoef[len(LogCoef)-1]
	for n := len(LogCoef) - 2; n >= 0; n-- {
		q = math.FMA(q, z, LogCoef[n])
	}
	return e, math.FMA(float64(a*z), q, a)
}

// LogCoef are 1/(2n+3), n = 0..7: ln m = a + a*z*(1/3 + z/5 + ... +
// z**7/17) with a = 2s, z = s*s.
var LogCoef = func() (c [8]float64) {
	for n := range c {
		c[n] = 1 / float64(2*n+3)
	}
	return
}()
