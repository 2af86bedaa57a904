package ulp

import (
	"math"
	"math/rand/v2"
)

// Inputs are the argument arrays of one run: Float[i] for the i-th float
// argument, Int for the int argument; every array has the same length, a
// multiple of 48 so that each vector width divides it.
type Inputs struct {
	Float [][]float64
	Int   []int64
	// Edge counts the leading inputs that are edge cases (the rest are
	// random).
	Edge int
}

// Len is the number of input tuples.
func (in *Inputs) Len() int {
	if len(in.Float) > 0 {
		return len(in.Float[0])
	}
	return len(in.Int)
}

// edges are the special values every function sees (§7.5: zeros of both
// signs, infinities, NaN, subnormals, ±1, the extremes).
func edges(p Prec) []float64 {
	minSub := math.Ldexp(1, p.emin()-p.mant())
	minNorm := math.Ldexp(1, p.emin())
	maxSub := minNorm - minSub
	below1 := 1 - math.Ldexp(1, -p.mant()-1)
	above1 := 1 + math.Ldexp(1, -p.mant())
	pos := []float64{0, math.Inf(1), minSub, maxSub, minNorm, 1, 0.5, 2, p.maxFinite(), below1, above1,
		3, 10, 0.25, 1.5, 2.5, 100.5, 1e-3, 1e3, 1e6, 1e10, 1e20, 1e30, 88.5, 89, 710, 1e-20, 1e-30}
	var out []float64
	for _, x := range pos {
		out = append(out, p.round(x), -p.round(x))
	}
	return append(out, math.NaN())
}

// trigEdges are values at and near multiples of π/2, where the
// reduction's cancellation is worst, small and huge.
func trigEdges(p Prec, r *rand.Rand) []float64 {
	var out []float64
	for _, k := range []float64{1, 2, 3, 4, 5, 6, 7, 8, 100, 1000, 12345, 1 << 20, 1 << 30, 1 << 50, 1e20, 1e30} {
		x := p.round(k * math.Pi / 2)
		out = append(out, x, -x, p.next(x, 1), p.next(x, -1))
	}
	if p == F64 {
		// The double closest to a multiple of π/2: r = 2^-60.9.
		x := math.Ldexp(6381956970095103, 797)
		out = append(out, x, -x, p.next(x, 1), p.next(x, -1))
	}
	for i := 0; i < 64; i++ {
		k := float64(r.IntN(1 << 24))
		out = append(out, p.round(k*math.Pi/2))
	}
	return out
}

// next steps x one value of the format up (d > 0) or down.
func (p Prec) next(x float64, d float64) float64 {
	switch p {
	case F32:
		return float64(math.Nextafter32(float32(x), float32(d*math.Inf(1))))
	case F16:
		return halfNext(x, d)
	}
	return math.Nextafter(x, d*math.Inf(1))
}

// intEdges are the int arguments every function sees.
var intEdges = []int64{0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 7, -7, 8, 16, -16, 31, 127, -128, 1000, -1000,
	math.MaxInt32, math.MinInt32, math.MinInt32 + 1}

// randomFloat is a random value: a random bit pattern half the time, else
// uniform in the function's domain.
func randomFloat(p Prec, d Domain, r *rand.Rand) float64 {
	if r.IntN(2) == 0 {
		switch p {
		case F32:
			return float64(math.Float32frombits(r.Uint32()))
		case F16:
			return halfValue(uint16(r.Uint32()))
		}
		return math.Float64frombits(r.Uint64())
	}
	u := r.Float64()
	var x float64
	switch d {
	case DomTrig:
		if r.IntN(2) == 0 {
			k := float64(r.IntN(1<<16) - 1<<15)
			x = k*math.Pi/2 + (u-0.5)*1e-3
		} else {
			x = (u - 0.5) * 4 * math.Pi * 1000
		}
	case DomUnit:
		x = 2*u - 1
	case DomPos:
		x = math.Exp2(60*u - 30)
	case DomExp:
		x = (u - 0.5) * 220
	case DomSmall:
		x = (u - 0.5) * 8
	case DomGe1:
		x = 1 + math.Exp2(14*u-10)
	default:
		x = (u - 0.5) * 200
	}
	return p.round(x)
}

// randomInt is a small int mostly, any int sometimes.
func randomInt(f *Func, r *rand.Rand) int64 {
	switch {
	case f.Name == "ldexp":
		return int64(r.IntN(700) - 350)
	case r.IntN(8) == 0:
		return int64(int32(r.Uint32()))
	}
	return int64(r.IntN(41) - 20)
}

// MakeInputs builds n random inputs (rounded up to a multiple of 48)
// after the edge cases for f in format p, from seed.
func MakeInputs(f *Func, p Prec, n int, seed uint64) *Inputs {
	r := rand.New(rand.NewPCG(seed, uint64(len(f.Name))*7919+uint64(p)))
	nf, ni := 0, 0
	for _, c := range f.Args {
		if c == 'x' {
			nf++
		} else {
			ni++
		}
	}
	e := edges(p)
	if f.Dom == DomTrig {
		e = append(e, trigEdges(p, r)...)
	}
	in := &Inputs{Float: make([][]float64, nf)}
	add := func(xs []float64, k int64) {
		for i := range nf {
			in.Float[i] = append(in.Float[i], xs[i])
		}
		if ni > 0 {
			in.Int = append(in.Int, k)
		}
	}
	switch {
	case nf == 1 && ni == 0:
		for _, x := range e {
			add([]float64{x}, 0)
		}
	case nf == 1:
		for _, x := range e {
			for _, k := range intEdges {
				add([]float64{x}, k)
			}
		}
	default:
		// Pairs (and triples on a diagonal) of edge values.
		for _, x := range e {
			for _, y := range e {
				add([]float64{x, y, y}[:nf], 0)
			}
		}
		if nf == 3 {
			for _, x := range e {
				add([]float64{x, 1, x}, 0)
			}
		}
	}
	if f.Name == "fma" {
		for _, xs := range fmaEdges(p, r) {
			add(xs, 0)
		}
	}
	in.Edge = in.Len()
	total := in.Edge + n
	total = (total + 47) / 48 * 48
	for in.Len() < total {
		xs := make([]float64, nf)
		for i := range xs {
			xs[i] = randomFloat(p, f.Dom, r)
		}
		if (f.Name == "fma" || f.Name == "mad") && r.IntN(2) == 0 {
			// c cancelling the product (the result is the product's
			// rounding error) or a product near half an ulp of c (ties).
			xs[0], xs[1] = randomFloat(p, DomAny, r), randomFloat(p, DomAny, r)
			pr := p.round(xs[0] * xs[1])
			switch r.IntN(3) {
			case 0:
				xs[2] = -pr
			case 1:
				xs[2] = p.round(pr * math.Ldexp(1, p.mant()+r.IntN(3)))
			default:
				xs[2] = p.round(-pr * math.Ldexp(1, p.mant()+r.IntN(3)))
			}
		}
		if f.Name == "pow" || f.Name == "powr" {
			// Exponents that keep results in range, often integral.
			if r.IntN(2) == 0 {
				xs[1] = p.round(math.Trunc((r.Float64() - 0.5) * 40))
			}
		}
		add(xs, randomInt(f, r))
	}
	if p == F16 {
		// Edge lists made for float and double (fmaEdges' exponents)
		// reach beyond half: every input is a half value.
		for _, xs := range in.Float {
			for i, x := range xs {
				xs[i] = p.round(x)
			}
		}
	}
	return in
}

// fmaEdges are the hard cases of a correctly rounded fma: products on or
// next to a tie with a tiny addend deciding the side, results in the
// subnormal range (ties there too), exact cancellations (+0), zeros of
// every sign, the overflow threshold, and addends that dwarf the product.
func fmaEdges(p Prec, r *rand.Rand) [][]float64 {
	m := p.mant()
	minSub := math.Ldexp(1, p.emin()-m)
	maxF := p.maxFinite()
	ulpMax := math.Ldexp(1, 1-p.emin()-m) // the ulp of maxF: 2^(emax-m)
	out := [][]float64{
		{maxF, 1 + math.Ldexp(1, -m), 0},          // overflows
		{maxF, 1, ulpMax / 2},                     // a tie above maxF: infinity
		{maxF, 1, p.next(ulpMax/2, -1)},           // just below it: maxF
		{maxF, -1, -ulpMax / 2},                   // the same, negative
		{maxF, 2, -maxF},                          // no overflow in between: maxF
		{maxF, maxF, math.Inf(-1)},                // -inf
		{math.Inf(1), 0, 1}, {0, math.Inf(-1), 1}, // NaN
		{math.Inf(1), 1, math.Inf(-1)},                   // NaN
		{1, -1, 1}, {-1, 1, 1}, {1, 1, -1}, {-1, -1, -1}, // +0, +0, +0, -2
		{minSub, 0.5, 0}, {minSub, 1.5, 0}, {3 * minSub, 0.5, 0}, {minSub, -0.5, 0}, // subnormal ties
		{minSub, 0.5, -0.0}, {-minSub, 0.5, -0.0}, {minSub, -0.25, 0}, // zero results' signs
	}
	for _, a := range []float64{0, math.Copysign(0, -1), 1, -1, minSub} {
		for _, b := range []float64{0, math.Copysign(0, -1)} {
			for _, c := range []float64{0, math.Copysign(0, -1), minSub, -1} {
				out = append(out, []float64{a, b, c})
			}
		}
	}
	// odd returns a random odd integer of exactly n bits (n >= 1).
	odd := func(n int) float64 {
		if n <= 1 {
			return 1
		}
		return float64(uint64(1)<<(n-1) | uint64(r.Int64N(1<<(n-1))) | 1)
	}
	sign := func() float64 { return float64(1 - 2*r.IntN(2)) }
	for range 400 {
		// A product of m+2 or m+3 significant bits: a tie, or a quarter
		// either side, once rounded; c zero, tiny or cancelling its top.
		n1 := 1 + r.IntN(m+1)
		x := sign() * odd(n1)
		y := sign() * odd(m+3-n1)
		e := r.IntN(200) - 100
		x, y = math.Ldexp(x, e-n1), math.Ldexp(y, -e-(m+3-n1))
		pr := x * y
		var c float64
		switch r.IntN(4) {
		case 0:
			c = 0
		case 1:
			c = sign() * math.Ldexp(1, -m-3-r.IntN(60))
		case 2:
			c = -p.round(pr)
		default:
			c = sign() * math.Ldexp(1, r.IntN(8)-4)
		}
		out = append(out, []float64{p.round(x), p.round(y), p.round(c)})
	}
	for range 400 {
		// Results in or near the subnormal range.
		x := p.round(sign() * (1 + r.Float64()) * math.Ldexp(1, -r.IntN(m+2)))
		y := p.round(sign() * (1 + r.Float64()) * math.Ldexp(1, p.emin()+r.IntN(m/2+4)-m/2))
		var c float64
		switch r.IntN(3) {
		case 0:
			c = sign() * minSub * float64(r.IntN(1<<10))
		case 1:
			c = p.round(sign() * (1 + r.Float64()) * math.Ldexp(1, p.emin()+r.IntN(4)-2))
		default:
			c = p.round(-x * y)
		}
		out = append(out, []float64{x, y, c})
	}
	for range 400 {
		// x·y = ±(1 ± 2^-3t) half an ulp of c, from (2^t ± 1)(2^2t ∓ 2^t +
		// 1) = 2^3t ± 1: next to a tie, on a side that only bits the
		// alignment shifts out tell (the sticky bit).
		t := 1 + r.IntN(m/2)
		d := sign()
		e := r.IntN(100) - 50
		c := sign() * math.Ldexp(odd(m+1)-float64(r.IntN(2)), e-m) // odd or even
		x := sign() * math.Ldexp(math.Ldexp(1, t)+d, -t)
		y := math.Ldexp(math.Ldexp(1, 2*t)-d*math.Ldexp(1, t)+1, e-m-1-2*t)
		out = append(out, []float64{x, y, c})
	}
	for range 200 {
		// Exact cancellation: few-bit operands, c = -x·y exactly.
		x := math.Ldexp(sign()*odd(1+r.IntN(m/2)), r.IntN(40)-20)
		y := math.Ldexp(sign()*odd(1+r.IntN(m/2)), r.IntN(40)-20)
		out = append(out, []float64{x, y, -x * y})
	}
	return out
}
