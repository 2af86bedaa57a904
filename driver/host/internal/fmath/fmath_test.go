package fmath

import (
	"math"
	"math/rand"
	"testing"
)

// ulps32 is how many float32 ulps apart a and b are (both finite or the
// same special).
func ulps32(a, b float32) int64 {
	if a != a && b != b {
		return 0
	}
	if a == b {
		return 0
	}
	if math.IsInf(float64(a), 0) || math.IsInf(float64(b), 0) || a != a || b != b {
		return math.MaxInt64
	}
	ord := func(f float32) int64 {
		u := int64(math.Float32bits(f))
		if u&(1<<31) != 0 {
			return -(u &^ (1 << 31))
		}
		return u
	}
	d := ord(a) - ord(b)
	if d < 0 {
		d = -d
	}
	return d
}

// Inputs: edge values and random float32 bit patterns.
func inputs(n int) []float32 {
	xs := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 2, 3, 1e-45, -1e-45, 1e-38, math.MaxFloat32, -math.MaxFloat32,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), math.Float32frombits(0x7fc12345), math.Float32frombits(0xffc00001),
		88.72283, 88.72284, -87.33654, -103.97208, -103.97209, -149.5, -150, -150.0001, 127.99999, 128, 1.5707964, 3.1415927, 6.2831855,
		0x1p19, -0x1p19, 0x1.fffffep18, 0x1p24, 0x1p60, 0x1p100, 1e30, 0x1.99bc5cp+27, 0x1.5f7d68p+84, 0.70710677, 1.4142135, 1.4142137}
	rng := rand.New(rand.NewSource(1))
	for range n {
		xs = append(xs, math.Float32frombits(rng.Uint32()))
		xs = append(xs, float32(rng.Float64()*40-20))
	}
	return xs
}

// TestAgainstGo compares each function, rounded to float32, with Go's
// float64 math rounded to float32: at most 1 ulp apart, specials equal.
func TestAgainstGo(t *testing.T) {
	fns := []struct {
		name string
		f, g func(float64) float64
	}{
		{"Sin", Sin, math.Sin}, {"Cos", Cos, math.Cos}, {"Exp", Exp, math.Exp},
		{"Exp2", Exp2, math.Exp2}, {"Log", Log, math.Log}, {"Log2", Log2, math.Log2},
	}
	for _, fn := range fns {
		bad := 0
		for _, x := range inputs(200000) {
			got, want := float32(fn.f(float64(x))), float32(fn.g(float64(x)))
			if d := ulps32(got, want); d > 1 {
				if bad++; bad < 10 {
					t.Errorf("%s(%g [%#08x]) = %g [%#08x], Go's %g: %d ulps", fn.name, x, math.Float32bits(x), got, math.Float32bits(got), want, d)
				}
			}
		}
	}
}

// TestSpecials checks the results the spec fixes.
func TestSpecials(t *testing.T) {
	negZero := math.Copysign(0, -1)
	inf := math.Inf(1)
	cases := []struct {
		name    string
		got     float64
		wantBit uint64
	}{
		{"Sin(-0)", Sin(negZero), math.Float64bits(negZero)},
		{"Sin(+0)", Sin(0), 0},
		{"Cos(0)", Cos(0), math.Float64bits(1)},
		{"Exp(0)", Exp(0), math.Float64bits(1)},
		{"Exp2(0)", Exp2(0), math.Float64bits(1)},
		{"Exp2(3)", Exp2(3), math.Float64bits(8)},
		{"Log(1)", Log(1), 0},
		{"Log2(8)", Log2(8), math.Float64bits(3)},
		{"Log(-0)", Log(negZero), math.Float64bits(math.Inf(-1))},
		{"Log(+Inf)", Log(inf), math.Float64bits(inf)},
		{"Log(-1)", Log(-1), math.Float64bits(math.NaN())},
		{"Sin(Inf)", Sin(inf), math.Float64bits(math.NaN())},
		{"Exp(-Inf)", float64(float32(Exp(-inf))), 0},
		{"Exp(+Inf)", float64(float32(Exp(inf))), math.Float64bits(inf)},
	}
	for _, c := range cases {
		if math.Float64bits(c.got) != c.wantBit {
			t.Errorf("%s = %g [%#x], want %#x", c.name, c.got, math.Float64bits(c.got), c.wantBit)
		}
	}
}
