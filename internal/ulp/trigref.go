package ulp

import (
	"math"
	"math/big"
	"sync"
)

// sin, cos and tan references: x reduced by π/2 with π to trigPrec bits,
// enough for every double (x up to 2^1024 has 1024 integer bits of x/(π/2)
// and the closest double to a multiple of π/2 leaves r = 2^-60.9), then
// the Taylor series in 200 bits. Go's Sin, Cos and Tan reduce with a
// three-part π/4 below 2^29 and lose most bits of r near multiples of
// π/2 (Sin(π) is 7 ulp off), and are off by up to 40 ulp above.

const trigPrec = 1400

var piTrigOnce struct {
	sync.Once
	v *big.Float
}

// piTrig is π to trigPrec bits by Machin's formula, π = 16 atan(1/5) -
// 4 atan(1/239).
func piTrig() *big.Float {
	piTrigOnce.Do(func() {
		atanInv := func(n int64) *big.Float {
			// Σ (-1)^k / ((2k+1) n^(2k+1)) until the terms vanish.
			sum := new(big.Float).SetPrec(trigPrec + 20)
			pw := new(big.Float).SetPrec(trigPrec+20).Quo(big.NewFloat(1), big.NewFloat(float64(n)))
			n2 := big.NewFloat(float64(n * n))
			for k := int64(0); pw.MantExp(nil) > -trigPrec-20; k++ {
				t := new(big.Float).SetPrec(trigPrec+20).Quo(pw, big.NewFloat(float64(2*k+1)))
				if k%2 == 1 {
					t.Neg(t)
				}
				sum.Add(sum, t)
				pw.Quo(pw, n2)
			}
			return sum
		}
		p := atanInv(5)
		p.Mul(p, big.NewFloat(16))
		q := atanInv(239)
		q.Mul(q, big.NewFloat(4))
		piTrigOnce.v = p.Sub(p, q)
	})
	return piTrigOnce.v
}

// sinCosRed is (sin r, cos r, k mod 4) with x = k π/2 + r, |r| <= π/4,
// for finite x.
func sinCosRed(x float64) (s, c *big.Float, k int64) {
	h := new(big.Float).SetPrec(trigPrec).Quo(piTrig(), big.NewFloat(2))
	bx := new(big.Float).SetPrec(trigPrec).SetFloat64(x)
	q := new(big.Float).SetPrec(trigPrec).Quo(bx, h)
	q.Add(q, big.NewFloat(0.5))
	ki, _ := q.Int(nil)
	if q.Sign() < 0 && !q.IsInt() {
		ki.Sub(ki, big.NewInt(1)) // Int truncates: floor(q + 1/2)
	}
	r := new(big.Float).SetPrec(trigPrec).SetInt(ki)
	r.Mul(r, h)
	r.Sub(bx, r)
	const prec = 200
	r.SetPrec(prec)
	r2 := new(big.Float).SetPrec(prec).Mul(r, r)
	s = new(big.Float).SetPrec(prec).Set(r)
	c = new(big.Float).SetPrec(prec).SetInt64(1)
	ts := new(big.Float).SetPrec(prec).Set(r)
	tc := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := 1; n < 40; n++ {
		ts.Mul(ts, r2).Quo(ts, big.NewFloat(float64(-(2*n)*(2*n+1))))
		tc.Mul(tc, r2).Quo(tc, big.NewFloat(float64(-(2*n-1)*(2*n))))
		s.Add(s, ts)
		c.Add(c, tc)
	}
	return s, c, new(big.Int).Mod(ki, big.NewInt(4)).Int64()
}

func sinRef(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) || x == 0 {
		return math.Sin(x)
	}
	s, c, k := sinCosRed(x)
	return quadrant(s, c, k)
}

func cosRef(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) || x == 0 {
		return math.Cos(x)
	}
	s, c, k := sinCosRed(x)
	return quadrant(s, c, k+1)
}

func tanRef(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) || x == 0 {
		return math.Tan(x)
	}
	s, c, k := sinCosRed(x)
	if k%2 == 1 {
		v, _ := c.Quo(c, s).Neg(c).Float64()
		return v
	}
	v, _ := s.Quo(s, c).Float64()
	return v
}

// quadrant is sin(k π/2 + r) from sin r and cos r.
func quadrant(s, c *big.Float, k int64) float64 {
	var v float64
	switch k % 4 {
	case 0:
		v, _ = s.Float64()
	case 1:
		v, _ = c.Float64()
	case 2:
		v, _ = s.Float64()
		v = -v
	default:
		v, _ = c.Float64()
		v = -v
	}
	return v
}

func sincosRef(a []float64, _ int64, _ Prec) (float64, float64) {
	return sinRef(a[0]), cosRef(a[0])
}
