package host

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// TestFrexpModfTiers runs GLSL's frexp and modf (GLSL.std.450 FrexpStruct
// and ModfStruct, or Frexp and Modf through a pointer, as glslang makes
// them) on float and double edge values on every tier, which must run
// the kernel themselves and give Go's math.Frexp and math.Modf of the
// value as a float64, bit for bit (a NaN any NaN).
func TestFrexpModfTiers(t *testing.T) {
	xf := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.75, -3, 5.5, -2.25, 1e-40, -1e-45,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 3.4e38, 1e-38, 123456.789}
	xd := []float64{0, math.Copysign(0, -1), 1, -1, 0.75, -3, 5.5, -2.25, 5e-324, -2.2e-308,
		math.Inf(1), math.Inf(-1), math.NaN(), 1.7e308, 1e-300, 123456.789}
	in, ind := make([]byte, 4*16), make([]byte, 8*16)
	wantF, wantD, wantI := make([]float64, 48), make([]float64, 48), make([]int32, 32)
	for i := range 16 {
		binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(xf[i]))
		binary.LittleEndian.PutUint64(ind[8*i:], math.Float64bits(xd[i]))
		fr, e := math.Frexp(float64(xf[i]))
		whole, frac := math.Modf(float64(xf[i]))
		wantF[3*i], wantF[3*i+1], wantF[3*i+2], wantI[2*i] = fr, frac, whole, int32(e)
		fr, e = math.Frexp(xd[i])
		whole, frac = math.Modf(xd[i])
		wantD[3*i], wantD[3*i+1], wantD[3*i+2], wantI[2*i+1] = fr, frac, whole, int32(e)
	}
	same := func(g, w float64) bool {
		return math.Float64bits(g) == math.Float64bits(w) || math.IsNaN(g) && math.IsNaN(w)
	}
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, glsl(t, "frexp_modf.comp"), "main", nil)
		if tier == "native" && NativeOK() && !k.OnNative() {
			t.Fatalf("%s: not native code: %v", tier, k.tier.nativeErr)
		}
		bufs := [][]byte{bytes.Clone(in), bytes.Clone(ind), make([]byte, 4*48), make([]byte, 8*48), make([]byte, 4*32)}
		run(t, k, [3]int{1, 1, 1}, nil, bufs...)
		for i := range 16 {
			for j := range 3 {
				if g := float64(math.Float32frombits(binary.LittleEndian.Uint32(bufs[2][4*(3*i+j):]))); !same(g, wantF[3*i+j]) {
					t.Errorf("%s: float %v: result %d: %v, want %v", tier, xf[i], j, g, wantF[3*i+j])
				}
				if g := math.Float64frombits(binary.LittleEndian.Uint64(bufs[3][8*(3*i+j):])); !same(g, wantD[3*i+j]) {
					t.Errorf("%s: double %v: result %d: %v, want %v", tier, xd[i], j, g, wantD[3*i+j])
				}
			}
			for j := range 2 {
				if g := int32(binary.LittleEndian.Uint32(bufs[4][4*(2*i+j):])); g != wantI[2*i+j] {
					t.Errorf("%s: exponent %d of %d: %d, want %d", tier, j, i, g, wantI[2*i+j])
				}
			}
		}
	}
}
