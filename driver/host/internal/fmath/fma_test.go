package fmath

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestFMA checks float Fma against the exact sum rounded once
// (big.Float), on random operands and on products that fall on a float
// midpoint, where rounding to double first then to float goes wrong.
func TestFMA(t *testing.T) {
	exact := func(a, b, c float32) float32 {
		p := new(big.Float).SetPrec(200).Mul(big.NewFloat(float64(a)), big.NewFloat(float64(b)))
		s := new(big.Float).SetPrec(200).Add(p, big.NewFloat(float64(c)))
		f, _ := s.Float32()
		return f
	}
	// (1+2^-12)^2 = 1 + 2^-11 + 2^-24: halfway between two floats; a
	// tiny c decides the side.
	x := float32(1 + 1.0/4096)
	cases := [][3]float32{{x, x, -0x1p-80}, {x, x, 0x1p-80}, {-x, x, 0x1p-80}, {x, x, -x * x},
		// The overflow threshold (the largest float plus half its ulp,
		// 2^103) and subnormal ties.
		{math.MaxFloat32, 1, 0x1p103}, {math.MaxFloat32, -1, -0x1p103}, {math.MaxFloat32, 1, 0x1p103 - 0x1p79},
		{0x1p-149, 0.5, 0}, {0x1p-149, 1.5, 0}, {0x1p-149, -2.5, 0}, {1 + 0x1p-23, -0x1p-149, 0x1p-148}}
	r := rand.New(rand.NewSource(1))
	for range 100000 {
		var v [3]float32
		for i := range v {
			v[i] = math.Float32frombits(r.Uint32())
		}
		if r.Intn(2) == 0 { // c near -a*b: cancellation
			v[2] = -v[0] * v[1] * (1 + float32(r.Intn(8))*0x1p-23)
		}
		cases = append(cases, v)
	}
	for _, v := range cases {
		if anyNaNInf(v) {
			continue
		}
		got := float32(FMA(float64(v[0]), float64(v[1]), float64(v[2]), 32))
		want := exact(v[0], v[1], v[2])
		if math.Float32bits(got) != math.Float32bits(want) && !(got == 0 && want == 0) {
			t.Fatalf("fma(%g, %g, %g) = %g (%#x), want %g (%#x)", v[0], v[1], v[2], got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
}

func anyNaNInf(v [3]float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return true
		}
	}
	p := float64(v[0]) * float64(v[1])
	return math.Abs(p) > math.MaxFloat32*2
}
