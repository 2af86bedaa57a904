package host

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// TestFrexpModfTiers runs GLSL's frexp and modf (GLSL.std.450 FrexpStruct
// and ModfStruct, or Frexp and Modf through a pointer, as glslang makes
// them) on float and double edge values on every tier: the lane tier and
// native code must give the interpreter's bits (a NaN any NaN) and run
// the kernel themselves.
func TestFrexpModfTiers(t *testing.T) {
	xf := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.75, -3, 5.5, -2.25, 1e-40, -1e-45,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 3.4e38, 1e-38, 123456.789}
	xd := []float64{0, math.Copysign(0, -1), 1, -1, 0.75, -3, 5.5, -2.25, 5e-324, -2.2e-308,
		math.Inf(1), math.Inf(-1), math.NaN(), 1.7e308, 1e-300, 123456.789}
	in, ind := make([]byte, 4*16), make([]byte, 8*16)
	for i := range 16 {
		binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(xf[i]))
		binary.LittleEndian.PutUint64(ind[8*i:], math.Float64bits(xd[i]))
	}
	var want [][]byte
	for _, tier := range []string{"interp", "lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, glsl(t, "frexp_modf.comp"), "main", nil)
		if tier != "interp" && k.tier == nil {
			t.Fatalf("%s: not on the tier: %v", tier, k.tierErr)
		}
		bufs := [][]byte{bytes.Clone(in), bytes.Clone(ind), make([]byte, 4*48), make([]byte, 8*48), make([]byte, 4*32)}
		run(t, k, [3]int{1, 1, 1}, nil, bufs...)
		if tier == "interp" {
			want = bufs
			if g := math.Float32frombits(binary.LittleEndian.Uint32(bufs[2][4*3*6:])); g != 0.6875 {
				t.Fatalf("interpreter: frexp(5.5) = %v", g) // a check of the check
			}
			continue
		}
		for i := range 16 {
			for j := range 3 {
				g, w := binary.LittleEndian.Uint32(bufs[2][4*(3*i+j):]), binary.LittleEndian.Uint32(want[2][4*(3*i+j):])
				if g != w && !(math.IsNaN(float64(math.Float32frombits(g))) && math.IsNaN(float64(math.Float32frombits(w)))) {
					t.Errorf("%s: float %v: result %d: %#x, interpreter %#x", tier, xf[i], j, g, w)
				}
				gd, wd := binary.LittleEndian.Uint64(bufs[3][8*(3*i+j):]), binary.LittleEndian.Uint64(want[3][8*(3*i+j):])
				if gd != wd && !(math.IsNaN(math.Float64frombits(gd)) && math.IsNaN(math.Float64frombits(wd))) {
					t.Errorf("%s: double %v: result %d: %#x, interpreter %#x", tier, xd[i], j, gd, wd)
				}
			}
		}
		if !bytes.Equal(bufs[4], want[4]) {
			t.Errorf("%s: exponents %v, interpreter %v", tier, bufs[4], want[4])
		}
	}
}
