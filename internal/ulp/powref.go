package ulp

import (
	"math"
	"math/big"
	"sync"
)

// References for pow, pown, powr, rootn and tgamma in bigPrec-bit
// arithmetic. Go's Pow is not good enough for double: it multiplies
// successive squarings of x for y's integral part (the error grows with
// |y|: hundreds of ulps for pown(x, 1000)), and its Exp(yf·Log(x)) uses
// Go's amd64 Log, which is wrong for subnormal x. Go's Gamma calls Pow
// for large arguments.

// powRef is C99's pow (F.9.4.4): the edge cases as Go's Pow, which follows
// them, the rest as e^(y ln|x|) in bigPrec bits.
func powRef(x, y float64) float64 {
	if x == 0 || y == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) || math.Abs(x) == 1 {
		return math.Pow(x, y)
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		neg = math.Abs(y) < 1<<53 && math.Mod(y, 2) != 0
	}
	v := new(big.Float).SetPrec(bigPrec).SetFloat64(y)
	r := expBigRange(v.Mul(v, lnBigX(math.Abs(x))))
	if neg {
		r = -r
	}
	return r
}

// expBigRange is e^v rounded to float64, also where v is far out of
// float64's range.
func expBigRange(v *big.Float) float64 {
	switch {
	case v.Cmp(big.NewFloat(710)) > 0:
		return math.Inf(1)
	case v.Cmp(big.NewFloat(-746)) < 0:
		return 0
	}
	r, _ := expBig(v).Float64()
	return r
}

// lnBigX is ln x for finite x > 0: e ln 2 + 2 atanh((m-1)/(m+1)) with
// x = m 2^e, m in [√½, √2).
func lnBigX(x float64) *big.Float {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	bm := new(big.Float).SetPrec(bigPrec).SetFloat64(m)
	s := new(big.Float).SetPrec(bigPrec).Sub(bm, big.NewFloat(1))
	s.Quo(s, new(big.Float).SetPrec(bigPrec).Add(bm, big.NewFloat(1)))
	s2 := new(big.Float).SetPrec(bigPrec).Mul(s, s)
	sum := new(big.Float).SetPrec(bigPrec).Set(s)
	pw := new(big.Float).SetPrec(bigPrec).Set(s)
	for n := 1; n < 40; n++ { // s² <= 0.0295: 40 terms reach 2^-200
		pw.Mul(pw, s2)
		sum.Add(sum, new(big.Float).SetPrec(bigPrec).Quo(pw, big.NewFloat(float64(2*n+1))))
	}
	sum.Mul(sum, big.NewFloat(2))
	l2 := new(big.Float).SetPrec(bigPrec).Mul(lnBig(3), big.NewFloat(float64(e)))
	return sum.Add(sum, l2)
}

// rootnRef is x^(1/n) for finite nonzero x (the sign of an odd root is
// x's): e^(ln|x| / n).
func rootnRef(x float64, n int64) float64 {
	l := lnBigX(math.Abs(x))
	l.Quo(l, new(big.Float).SetPrec(bigPrec).SetInt64(n))
	return math.Copysign(expBigRange(l), x)
}

// tgammaRef is Γ(x) with C99 F.9.5.4's cases (Γ(±0) = ±∞, NaN at the
// negative integers and -∞).
func tgammaRef(x float64) float64 {
	switch {
	case x == 0:
		return math.Copysign(math.Inf(1), x)
	case math.IsNaN(x) || math.IsInf(x, -1) || x < 0 && x == math.Trunc(x):
		return math.NaN()
	case x > 172:
		return math.Inf(1)
	case x < -200:
		// |Γ(x)| < 1/|x|! underflows; the sign alternates per unit.
		if math.Mod(math.Floor(x), 2) != 0 {
			return math.Copysign(0, -1)
		}
		return 0
	}
	if x > 0 {
		return gammaBig(new(big.Float).SetPrec(bigPrec).SetFloat64(x))
	}
	// Reflection: Γ(x) = π / (sin(πx) Γ(1-x)); x - 2 round(x/2) and its
	// complements to ±1 are exact, and sinCosPiBig's series keeps its
	// precision to |r| = 1/2.
	r := reducePi2(x)
	switch {
	case r > 0.5:
		r = 1 - r
	case r < -0.5:
		r = -1 - r
	}
	s, _ := sinCosPiBig(r)
	omx := new(big.Float).SetPrec(bigPrec).Sub(big.NewFloat(1), big.NewFloat(x))
	g := gammaBigF(omx)
	g.Mul(g, s)
	v, _ := new(big.Float).SetPrec(bigPrec).Quo(piBig(), g).Float64()
	return v
}

func gammaBig(x *big.Float) float64 {
	r, _ := gammaBigF(x).Float64()
	return r
}

// gammaBigF is Γ(x) for x > 0 (below 300): Stirling's series for ln Γ(z)
// at z = x + k >= 40, whose 20 terms reach below 2^-130 there, then
// Γ(x) = Γ(z) / (x (x+1) ... (x+k-1)).
func gammaBigF(x *big.Float) *big.Float {
	z := new(big.Float).SetPrec(bigPrec).Set(x)
	prod := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for z.Cmp(big.NewFloat(40)) < 0 {
		prod.Mul(prod, z)
		z.Add(z, big.NewFloat(1))
	}
	// (z - ½) ln z - z + ½ ln 2π + Σ B_2k / (2k (2k-1) z^(2k-1)).
	lz := lnBigFloat(z)
	s := new(big.Float).SetPrec(bigPrec).Sub(z, big.NewFloat(0.5))
	s.Mul(s, lz)
	s.Sub(s, z)
	l2pi := lnBigFloat(new(big.Float).SetPrec(bigPrec).Mul(piBig(), big.NewFloat(2)))
	s.Add(s, l2pi.Quo(l2pi, big.NewFloat(2)))
	zi := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), z)
	z2 := new(big.Float).SetPrec(bigPrec).Mul(zi, zi)
	pw := new(big.Float).SetPrec(bigPrec).Set(zi)
	for k, b := range bernoulli() {
		t := new(big.Float).SetPrec(bigPrec).Mul(pw, b)
		t.Quo(t, big.NewFloat(float64((2*k+2)*(2*k+1))))
		s.Add(s, t)
		pw.Mul(pw, z2)
	}
	g := expBig(s)
	return g.Quo(g, prod)
}

// lnBigFloat is ln z for z >= 1 in bigPrec bits: lnBigX of its float64
// rounding, plus ln(z/r) = 2 atanh((z-r)/(z+r)) to the first order (the
// ratio is within 2^-53 of 1: the next term is below 2^-159).
func lnBigFloat(z *big.Float) *big.Float {
	r, _ := z.Float64()
	br := new(big.Float).SetPrec(bigPrec).SetFloat64(r)
	d := new(big.Float).SetPrec(bigPrec).Sub(z, br)
	d.Quo(d, new(big.Float).SetPrec(bigPrec).Add(z, br))
	d.Mul(d, big.NewFloat(2))
	return d.Add(d, lnBigX(r))
}

var bernoulliOnce struct {
	sync.Once
	v []*big.Float
}

// bernoulli is B_2, B_4, ..., B_40 (Akiyama-Tanigawa, in rationals).
func bernoulli() []*big.Float {
	bernoulliOnce.Do(func() {
		const n = 40
		a := make([]*big.Rat, n+1)
		var bs []*big.Float
		for m := 0; m <= n; m++ {
			a[m] = big.NewRat(1, int64(m+1))
			for j := m; j >= 1; j-- {
				d := new(big.Rat).Sub(a[j-1], a[j])
				a[j-1] = d.Mul(d, big.NewRat(int64(j), 1))
			}
			if m >= 2 && m%2 == 0 {
				bs = append(bs, new(big.Float).SetPrec(bigPrec).SetRat(a[0]))
			}
		}
		bernoulliOnce.v = bs
	})
	return bernoulliOnce.v
}
