package ulp

import (
	"math"
	"math/big"
	"sync"
)

// References that Go's math package lacks, or whose edge cases OpenCL
// defines differently (§7.5.1). They work in float64, exact where the
// comment says so; the error they add is far below a float ulp and
// below one double ulp.

// reducePi2 is x - 2·round(x/2), exact for any double: the argument of a
// function of period 2 in [-1, 1].
func reducePi2(x float64) float64 { return x - 2*math.RoundToEven(x/2) }

func sinpi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	r := reducePi2(x)
	switch {
	case r > 0.5:
		r = 1 - r
	case r < -0.5:
		r = -1 - r
	}
	if r == 0 {
		// sinpi(±n) is ±0 (§7.5.1).
		return math.Copysign(0, x)
	}
	return math.Sin(math.Pi * r)
}

func cospi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	// cos(πr) = sin(π(1/2 - |r|)); 1/2 - |r| is exact and +0 at the
	// zeros (cospi(n + 0.5) is +0).
	s := 0.5 - math.Abs(reducePi2(x))
	if s == 0 {
		return 0
	}
	return math.Sin(math.Pi * s)
}

func tanpi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	k := math.RoundToEven(x)
	r := x - k
	odd := math.Mod(k, 2) != 0
	switch {
	case r == 0:
		// tanpi(n) is copysign(0, n) for even n, copysign(0, -n) for odd.
		if odd {
			return math.Copysign(0, -x)
		}
		return math.Copysign(0, x)
	case math.Abs(r) == 0.5:
		// tanpi(n + 0.5): +∞ for even n, -∞ for odd n.
		n := x - 0.5
		if math.Mod(n, 2) == 0 {
			return math.Inf(1)
		}
		return math.Inf(-1)
	case math.Abs(r) > 0.25:
		// Near the poles through the cotangent of the exact complement.
		c := math.Copysign(0.5-math.Abs(r), r)
		s, co := sinCosPiBig(c)
		v, _ := co.Quo(co, s).Float64()
		return v
	}
	// In 160 bits: Go's Tan(π r) is off by up to 23 ulp for tiny r.
	s, co := sinCosPiBig(r)
	v, _ := s.Quo(s, co).Float64()
	return v
}

// sinCosPiBig is (sin πr, cos πr) for |r| <= 1/4 by their Taylor series,
// to 2^-170.
func sinCosPiBig(r float64) (*big.Float, *big.Float) {
	x := new(big.Float).SetPrec(bigPrec).Mul(piBig(), big.NewFloat(r))
	x2 := new(big.Float).SetPrec(bigPrec).Mul(x, x)
	s := new(big.Float).SetPrec(bigPrec).Set(x)
	c := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	ts := new(big.Float).SetPrec(bigPrec).Set(x)
	tc := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for n := 1; n < 30; n++ {
		ts.Mul(ts, x2).Quo(ts, big.NewFloat(float64(-(2*n)*(2*n+1))))
		tc.Mul(tc, x2).Quo(tc, big.NewFloat(float64(-(2*n-1)*(2*n))))
		s.Add(s, ts)
		c.Add(c, tc)
	}
	return s, c
}

// powr follows §7.5.1: defined for x >= 0 only, NaN for 0^0, ∞^0, 1^±∞.
func powr(x, y float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y) || x < 0:
		return math.NaN()
	case x == 0:
		if y == 0 {
			return math.NaN()
		}
		if y < 0 {
			return math.Inf(1)
		}
		return 0
	case math.IsInf(x, 1):
		if y == 0 {
			return math.NaN()
		}
		if y < 0 {
			return 0
		}
		return math.Inf(1)
	case x == 1:
		if math.IsInf(y, 0) {
			return math.NaN()
		}
		return 1
	}
	return powRef(x, y)
}

// pown is 1 for n = 0 whatever x (§7.5.1); otherwise C's pow.
func pown(x float64, n int64) float64 {
	if n == 0 {
		return 1
	}
	return powRef(x, float64(n))
}

// rootn is x^(1/n) with §7.5.1's cases, e^(ln|x| / n) in bigPrec bits
// (1/n is not exact in float64).
func rootn(x float64, n int64) float64 {
	switch {
	case n == 0 || math.IsNaN(x):
		return math.NaN()
	case x < 0 && n%2 == 0:
		return math.NaN()
	case x == 0:
		if n < 0 {
			if n%2 != 0 {
				return math.Copysign(math.Inf(1), x)
			}
			return math.Inf(1)
		}
		if n%2 != 0 {
			return x
		}
		return 0
	case math.IsInf(x, 0):
		if n < 0 {
			return math.Copysign(0, x)
		}
		return x
	}
	return rootnRef(x, n)
}

func tgamma(x float64) float64 { return tgammaRef(x) }

// lgammaR gives the sign 0 at the poles (§7.5.1).
func lgammaR(a []float64, _ int64, _ Prec) (float64, float64) {
	_, s := math.Lgamma(a[0])
	x := a[0]
	sg := float64(s)
	switch {
	case x == 0 || x < 0 && x == math.Trunc(x) && !math.IsInf(x, 0):
		sg = 0
	case math.IsNaN(x) || math.IsInf(x, -1):
		sg = math.NaN() // not specified
	}
	return lgamma(x), sg
}

// logRef is math.Log, right for subnormals too (Go's amd64 Log is not:
// it gives log(5e-324) = -709.09).
func logRef(x float64) float64 {
	if x > 0 && x < 0x1p-1000 {
		return math.Log(x*0x1p100) - 100*math.Ln2
	}
	return math.Log(x)
}

// lgamma is log|Γ(x)|, +∞ at -∞ as C99 F.9.5.3 says (Go gives -∞).
func lgamma(x float64) float64 {
	if math.IsInf(x, -1) {
		return math.Inf(1)
	}
	if math.Abs(x) < 0x1p-1000 && x != 0 {
		return -logRef(math.Abs(x))
	}
	l, _ := math.Lgamma(x)
	return l
}

func fdim(x, y float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x > y:
		return x - y
	}
	return 0
}

// fmax and fmin return the other operand when one is a NaN (C99 F.9.9.2).
func fmax(x, y float64) float64 {
	switch {
	case math.IsNaN(x):
		return y
	case math.IsNaN(y):
		return x
	}
	return math.Max(x, y)
}

func fmin(x, y float64) float64 {
	switch {
	case math.IsNaN(x):
		return y
	case math.IsNaN(y):
		return x
	}
	return math.Min(x, y)
}

func maxmag(x, y float64) float64 {
	switch ax, ay := math.Abs(x), math.Abs(y); {
	case ax > ay:
		return x
	case ay > ax:
		return y
	}
	return fmax(x, y)
}

func minmag(x, y float64) float64 {
	switch ax, ay := math.Abs(x), math.Abs(y); {
	case ax < ay:
		return x
	case ay < ax:
		return y
	}
	return fmin(x, y)
}

// remquo is the IEEE remainder and the quotient's low 7 bits with its
// sign (§6.15.2 asks for at least 3; the checker compares 3).
func remquo(a []float64, _ int64, _ Prec) (float64, float64) {
	x, y := a[0], a[1]
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || y == 0 {
		return math.NaN(), 0
	}
	r := math.Remainder(x, y)
	if math.IsInf(y, 0) {
		return x, 0
	}
	ay := math.Abs(y)
	// |x| mod 128|y| is exact; what is left is q·|y| + r with q < 129.
	m := math.Mod(math.Abs(x), 128*ay)
	if math.IsInf(128*ay, 0) {
		m = math.Abs(x)
	}
	q := math.Round((m - math.Remainder(m, ay)) / ay)
	qi := int64(q) & 127
	if math.Signbit(x) != math.Signbit(y) {
		qi = -qi
	}
	return r, float64(qi)
}

// fmaRef is x·y + z rounded once to float64 (math.FMA is exact).
func fmaRef(a []float64, _ int64, p Prec) (float64, float64) {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	if p == F32 && finite(a[0]) && finite(a[1]) && finite(a[2]) {
		// The correctly rounded float itself (math.FMA's double would
		// round twice): a wrong tie is then a 1-ulp error.
		x := new(big.Float).SetPrec(200).SetFloat64(a[0])
		x.Mul(x, new(big.Float).SetFloat64(a[1]))
		x.Add(x, new(big.Float).SetFloat64(a[2]))
		if x.Sign() != 0 {
			f, _ := x.Float32()
			return float64(f), 0
		}
	}
	return math.FMA(a[0], a[1], a[2]), 0
}

// fract is min(x - floor(x), the largest value below 1), with the
// floor as the output (§7.5.1).
func fract(a []float64, _ int64, p Prec) (float64, float64) {
	x := a[0]
	fl := math.Floor(x)
	switch {
	case math.IsNaN(x):
		return x, x
	case math.IsInf(x, 0):
		return math.Copysign(0, x), x
	}
	below1 := p.next(1, -1)
	r := math.Min(x-fl, below1)
	if x == 0 {
		r = x
	}
	return r, fl
}

// modf follows §7.5.2: copysign(isinf(x) ? 0 : x - trunc(x), x).
func modf(a []float64, _ int64, _ Prec) (float64, float64) {
	x := a[0]
	i := math.Trunc(x)
	if math.IsInf(x, 0) {
		return math.Copysign(0, x), i
	}
	return math.Copysign(x-i, x), i
}

// ilogb gives FP_ILOGB0 = INT_MIN and FP_ILOGBNAN = INT_MAX (as Go).
func ilogb(x float64) int { return math.Ilogb(x) }

func nextafter(a []float64, _ int64, p Prec) (float64, float64) {
	if a[0] == a[1] {
		// C99 7.12.11.3: y when x == y (the sign of a zero from y).
		return a[1], 0
	}
	switch p {
	case F32:
		return float64(math.Nextafter32(float32(a[0]), float32(a[1]))), 0
	case F16:
		if math.IsNaN(a[0]) || math.IsNaN(a[1]) {
			return math.NaN(), 0
		}
		return halfNext(a[0], a[1]-a[0]), 0
	}
	return math.Nextafter(a[0], a[1]), 0
}

// geoRef is the geometric function f over vectors a (and b) of one
// lane: the length scaled by a power of two so that no square overflows
// or underflows.
func geoRef(name string, a, b []float64) []float64 {
	v := a
	if name == "distance" {
		v = make([]float64, len(a))
		for i := range a {
			v[i] = a[i] - b[i]
		}
	}
	m := 0.0
	nan := false
	inf := false
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
		nan = nan || math.IsNaN(x)
		inf = inf || math.IsInf(x, 0)
	}
	out := make([]float64, len(v))
	switch {
	case nan && name != "normalize":
		return []float64{math.NaN()}
	case nan:
		for i := range out {
			out[i] = math.NaN()
		}
		return out
	case inf && name != "normalize":
		return []float64{math.Inf(1)}
	case inf:
		// §7.5.1: infinite elements become ±1, the others 0·v[i].
		w := make([]float64, len(v))
		for i, x := range v {
			if math.IsInf(x, 0) {
				w[i] = math.Copysign(1, x)
			} else {
				w[i] = 0 * x
			}
		}
		return geoRef(name, w, nil)
	case m == 0:
		if name == "normalize" {
			return append(out[:0], v...)
		}
		return []float64{0}
	}
	_, e := math.Frexp(m)
	s := 0.0
	for _, x := range v {
		y := math.Ldexp(x, -e)
		s += y * y
	}
	l := math.Ldexp(math.Sqrt(s), e)
	if name != "normalize" {
		return []float64{l}
	}
	for i, x := range v {
		out[i] = math.Ldexp(x, -e) / math.Sqrt(s)
	}
	return out
}

// atan2Ref is math.Atan2 with the sign of y: Go's loses it when y/x
// underflows (atan2(-tiny, -huge) gives +π; C99 F.9.1.4: the result has
// y's sign).
func atan2Ref(y, x float64) float64 {
	r := math.Atan2(y, x)
	if math.IsNaN(r) {
		return r
	}
	return math.Copysign(r, y)
}

// asinRef and acosRef are computed with 160-bit arithmetic: Go's Asin and
// Acos lose up to ~85 ulp near ±1 (1 - x² and π/2 - asin cancel).
func asinRef(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	if x == 0 || math.Abs(x) == 1 {
		return math.Asin(x)
	}
	f, _ := asinBig(x).Float64()
	return f
}

func acosRef(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	if x == 1 {
		return 0
	}
	r := new(big.Float).SetPrec(bigPrec).Quo(piBig(), big.NewFloat(2))
	r.Sub(r, asinBig(x))
	f, _ := r.Float64()
	return f
}

const bigPrec = 160

// piRef is f(x)/π (asinpi, acospi) in 160-bit arithmetic, where f is
// asinRef or acosRef.
func piRef(x float64, f func(float64) float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 || x == 0 || x == 1 {
		return f(x) / math.Pi
	}
	var r *big.Float
	if isAcos := f(0) != 0; isAcos {
		r = new(big.Float).SetPrec(bigPrec).Quo(piBig(), big.NewFloat(2))
		r.Sub(r, asinBig(x))
	} else {
		r = asinBig(x)
	}
	v, _ := r.Quo(r, piBig()).Float64()
	return v
}

// asinBig is asin x = atan(x / √(1 - x²)) (±π/2 at ±1).
func asinBig(x float64) *big.Float {
	bx := new(big.Float).SetPrec(bigPrec).SetFloat64(x)
	if math.Abs(x) == 1 {
		h := new(big.Float).SetPrec(bigPrec).Quo(piBig(), big.NewFloat(2))
		if x < 0 {
			h.Neg(h)
		}
		return h
	}
	d := new(big.Float).SetPrec(bigPrec).Mul(bx, bx)
	d.Sub(new(big.Float).SetPrec(bigPrec).SetInt64(1), d)
	d.Sqrt(d)
	return atanBig(d.Quo(bx, d))
}

// atanBig: three halvings atan t = 2 atan(t / (1 + √(1 + t²))) bring |t|
// (or 1/|t|, through π/2 - atan(1/t)) below 0.13, then the Taylor series.
func atanBig(t *big.Float) *big.Float {
	one := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	t = new(big.Float).SetPrec(bigPrec).Set(t)
	neg := t.Sign() < 0
	t.Abs(t)
	inv := t.Cmp(one) > 0
	if inv {
		t.Quo(one, t)
	}
	for range 3 {
		s := new(big.Float).SetPrec(bigPrec).Mul(t, t)
		s.Add(s, one)
		s.Sqrt(s)
		s.Add(s, one)
		t.Quo(t, s)
	}
	// Σ (-1)^n t^(2n+1)/(2n+1) to 2^-170.
	sum := new(big.Float).SetPrec(bigPrec).Set(t)
	pw := new(big.Float).SetPrec(bigPrec).Set(t)
	t2 := new(big.Float).SetPrec(bigPrec).Mul(t, t)
	for n := 1; n < 40; n++ {
		pw.Mul(pw, t2)
		pw.Neg(pw)
		term := new(big.Float).SetPrec(bigPrec).Quo(pw, big.NewFloat(float64(2*n+1)))
		sum.Add(sum, term)
	}
	sum.Mul(sum, big.NewFloat(8))
	if inv {
		h := new(big.Float).SetPrec(bigPrec).Quo(piBig(), big.NewFloat(2))
		sum.Sub(h, sum)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}

var piOnce struct {
	sync.Once
	v *big.Float
}

// piBig is π to bigPrec bits: 4 atan 1, by the series of atanBig.
func piBig() *big.Float {
	piOnce.Do(func() {
		p := atanBig(new(big.Float).SetPrec(bigPrec).SetFloat64(0.5))
		// 1/3 in bigPrec bits: float64's 1/3 made π wrong from 2^-55 on.
		q := atanBig(new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), big.NewFloat(3)))
		// π/4 = atan(1/2) + atan(1/3).
		piOnce.v = p.Add(p, q).Mul(p, big.NewFloat(4))
	})
	return new(big.Float).SetPrec(bigPrec).Set(piOnce.v)
}

// exp10Ref is 10^x in 160-bit arithmetic (Go's Pow(10, x) is off by up
// to 4 ulp): e^r 2^k with x ln 10 = k ln 2 + r.
func exp10Ref(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || x == 0:
		return math.Pow(10, x)
	case x > 309:
		return math.Inf(1)
	case x < -330:
		return 0
	}
	ln10 := lnBig(9) // ln(5/4) = 2 atanh(1/9)
	ln10.Add(ln10, new(big.Float).SetPrec(bigPrec).Mul(lnBig(3), big.NewFloat(3)))
	v, _ := expBig(new(big.Float).SetPrec(bigPrec).Mul(ln10, big.NewFloat(x))).Float64()
	return v
}

// expBig is e^y in 160-bit arithmetic: e^r 2^k with y = k ln 2 + r.
func expBig(y *big.Float) *big.Float {
	ln2 := lnBig(3) // ln 2 = 2 atanh(1/3)
	q, _ := new(big.Float).SetPrec(bigPrec).Quo(y, ln2).Float64()
	k := math.Round(q)
	r := new(big.Float).SetPrec(bigPrec).Mul(ln2, big.NewFloat(k))
	r.Sub(y, r)
	// e^r, |r| <= 0.35, by its Taylor series.
	sum := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	t := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for n := 1; n < 45; n++ {
		t.Mul(t, r).Quo(t, big.NewFloat(float64(n)))
		sum.Add(sum, t)
	}
	return sum.SetMantExp(sum, int(k))
}

// sinhRef and coshRef are e^|x|/2 in 160-bit arithmetic from 22 on
// (e^-|x| is below 2^-63 of it): Go's Sinh and Cosh overflow past 709.78,
// where e^|x|/2 is finite to 710.47.
func sinhRef(x float64) float64 {
	if math.Abs(x) < 22 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Sinh(x)
	}
	return math.Copysign(coshRef(x), x)
}

func coshRef(x float64) float64 {
	if math.Abs(x) < 22 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Cosh(x)
	}
	if math.Abs(x) > 711 {
		return math.Inf(1)
	}
	e := expBig(big.NewFloat(math.Abs(x)))
	v, _ := e.SetMantExp(e, -1).Float64()
	return v
}

// lnBig is 2 atanh(1/d) = ln((d+1)/(d-1)) by its series, to 2^-170.
func lnBig(d int64) *big.Float {
	u := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), big.NewFloat(float64(d)))
	u2 := new(big.Float).SetPrec(bigPrec).Mul(u, u)
	sum := new(big.Float).SetPrec(bigPrec).Set(u)
	pw := new(big.Float).SetPrec(bigPrec).Set(u)
	for n := 1; n < 60; n++ {
		pw.Mul(pw, u2)
		sum.Add(sum, new(big.Float).SetPrec(bigPrec).Quo(pw, big.NewFloat(float64(2*n+1))))
	}
	return sum.Mul(sum, big.NewFloat(2))
}
