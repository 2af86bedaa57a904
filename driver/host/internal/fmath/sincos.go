package fmath

import (
	"math"
)

// Sin returns the sine of x (a float32 value).
func Sin(x float64) float64 {
	if x != x || x == 0 {
		return x // NaN, and ±0 keeps its sign
	}
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	return sinCos(reduce(x, 0))
}

// Cos returns the cosine of x (a float32 value).
func Cos(x float64) float64 {
	if x != x {
		return x
	}
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	return sinCos(reduce(x, 1))
}

// ReduceBig is the |x| from which reduce uses all the pieces of 2/pi:
// below it the first ShortPieces leave an error under |x| * 2**-112.
const (
	ReduceBig   = 0x1p19
	ShortPieces = 4
)

// reduce writes x * 2/pi as k + r, k integral, |r| <= 1/2 (about: the
// error terms may step over), and returns (k + off) mod 4 and r. Each
// product x * TwoOverPi[i] is exact (24 bits times 28) and is taken mod 4
// exactly; the sum of those is kept as a float64 and its exact error
// (Knuth's two-sum), so r is accurate to about 2**-100 absolute even
// where x is within a few float32 ulps of a multiple of pi/2.
func reduce(x, off float64) (q uint64, r float64) {
	n := ShortPieces
	if math.Abs(x) >= ReduceBig {
		n = len(TwoOverPi)
	}
	s := mod4(x * TwoOverPi[0])
	var e float64
	for i := 1; i < n; i++ {
		t := mod4(x * TwoOverPi[i])
		u := s + t
		b := u - s
		e += float64(s-float64(u-b)) + float64(t-b)
		s = u
	}
	k := math.RoundToEven(s)
	r = float64(s-k) + e
	// k+off's low two bits, as jit reads them: 1.5*2**52 added, the
	// mantissa's low bits.
	q = math.Float64bits(float64(k+off)+0x1.8p52) & 3
	return q, r
}

// mod4 is p minus the nearest multiple of 4 (exact).
func mod4(p float64) float64 {
	return math.FMA(-4, math.RoundToEven(p*0.25), p)
}

// sinCos is sin(r*pi/2 + q*pi/2): the sine or cosine polynomial of
// theta = r*pi/2 (|theta| <= pi/4), negated in quadrants 2 and 3.
func sinCos(q uint64, r float64) float64 {
	t := r * (math.Pi / 2)
	z := t * t
	var v float64
	if q&1 == 0 {
		p := SinCoef[len(SinCoef)-1]
		for n := len(SinCoef) - 2; n >= 0; n-- {
			p = math.FMA(p, z, SinCoef[n])
		}
		v = math.FMA(float64(t*z), p, t)
	} else {
		p := CosCoef[len(CosCoef)-1]
		for n := len(CosCoef) - 2; n >= 0; n-- {
			p = math.FMA(p, z, CosCoef[n])
		}
		v = math.FMA(z, p, 1)
	}
	if q&2 != 0 {
		v = -v
	}
	return v
}

// SinCoef are (-1)**n/(2n+1)!, n = 1..6: sin t = t + t*z*(S1 + z*S2 +
// ...), z = t*t; CosCoef are (-1)**n/(2n)!, n = 1..7: cos t = 1 + z*(C1 +
// z*C2 + ...). For |t| <= pi/4 the remainders are below 2**-45.
var SinCoef, CosCoef = func() (s [6]float64, c [7]float64) {
	f := 1.0 // (m)!
	for m := 1; m <= 14; m++ {
		f *= float64(m)
		sign := 1.0
		if m/2%2 == 1 {
			sign = -1
		}
		if m%2 == 1 && m >= 3 {
			s[(m-3)/2] = sign / f
		}
		if m%2 == 0 {
			c[m/2-1] = sign / f
		}
	}
	return
}()

// TwoOverPi are 2/pi in pieces of 28 significant bits, each the nearest
// to what the ones before leave: their sum is 2/pi to about 2**-224.
// TestTwoOverPi computes them with math/big; they are constants here so
// that no process pays that at start-up.
var TwoOverPi = [8]float64{
	0x1.45f306ep-01, -0x1.b1bbeaep-32, 0x1.3f84ebp-61, -0x1.7056592p-91,
	0x1.c0db62ap-120, -0x1.4cd8778p-149, -0x1.bef806cp-178, 0x1.63abdecp-208,
}
