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
	if p == F32 {
		return float64(math.Nextafter32(float32(x), float32(d*math.Inf(1))))
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
		if p == F32 {
			return float64(math.Float32frombits(r.Uint32()))
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
	return in
}
