// Package fmath computes OpenCL C's float sin, cos, exp, exp2, log and
// log2 (GLSL.std.450 Sin, Cos, Exp, Exp2, Log, Log2 on float and half) for
// the host device: every tier (the lane tier's Go executor and the native
// code of package jit) must give the same bits,
// so each function here is a fixed sequence of float64 operations with no
// data-dependent branches but the special values, which jit's AVX2 code
// performs op for op (math.FMA where jit emits VFMADD231PD, nothing else
// fused). The argument is a float32 value widened to float64; the result
// is meant to be rounded to float32 (or half), and is within a few float64
// ulps of the exact value, so after that rounding it is within 1 ulp,
// well inside OpenCL's bounds (sin/cos 4 ulp, exp/exp2/log/log2 3 ulp).
//
// The constants (coefficients, the pieces of 2/pi) are exported for jit.
//
// It also holds the float operations that the Go executor and native code
// must compute alike: OpenCL's fmin and fmax (Min, Max) and fma
// rounded once (FMA).
package fmath

import "math"

// Exp2 returns 2**x.
func Exp2(x float64) float64 {
	if x != x {
		return x
	}
	x = clamp(x, Exp2Lo, Exp2Hi)
	k := math.RoundToEven(x)
	r := float64(x-k) * math.Ln2 // x-k is exact: x has 24 bits
	return expPoly(r) * scale(k)
}

// Exp returns e**x.
func Exp(x float64) float64 {
	if x != x {
		return x
	}
	x = clamp(x, ExpLo, ExpHi)
	k := math.RoundToEven(x * math.Log2E)
	r := math.FMA(-k, Ln2Hi, x)
	r = math.FMA(-k, Ln2Lo, r)
	return expPoly(r) * scale(k)
}

// clamp limits x to [lo, hi] as jit's VMAXPD and VMINPD do (x is not NaN).
func clamp(x, lo, hi float64) float64 {
	if !(x > lo) {
		x = lo
	}
	if !(x < hi) {
		x = hi
	}
	return x
}

// Clamp bounds of Exp2 and Exp: beyond them the float32 result is 0 or
// +Inf (2**-160 and e**-120 round to 0, 2**130 and e**100 to +Inf), and
// 2**k stays a normal float64.
const (
	Exp2Lo, Exp2Hi = -160, 130
	ExpLo, ExpHi   = -120, 100
)

// Ln2Hi + Ln2Lo is ln 2; Ln2Hi has 32 bits, so k*Ln2Hi is exact for the
// |k| < 2**20 that Exp meets.
var (
	Ln2Hi = math.Float64frombits(math.Float64bits(math.Ln2) &^ (1<<21 - 1))
	Ln2Lo = math.Ln2 - Ln2Hi
)

// ExpCoef are e**r's Taylor coefficients 1/n!, n = 0..10: for |r| <=
// ln2/2 the remainder is below 2**-42 relative, far below float32's
// half ulp (2**-25): the float32 result is correctly rounded except where
// the exact value lies that close to a rounding boundary (then 1 ulp off).
var ExpCoef = func() (c [11]float64) {
	f := 1.0
	for n := range c {
		if n > 0 {
			f *= float64(n)
		}
		c[n] = 1 / f
	}
	return
}()

// expPoly is e**r by Horner's rule with fused steps, the highest
// coefficient first.
func expPoly(r float64) float64 {
	p := ExpCoef[len(ExpCoef)-1]
	for n := len(ExpCoef) - 2; n >= 0; n-- {
		p = math.FMA(p, r, ExpCoef[n])
	}
	return p
}

// scale is 2**k for an integral k in [-1022, 1023].
func scale(k float64) float64 {
	return math.Float64frombits(uint64(int64(k)+1023) << 52)
}
