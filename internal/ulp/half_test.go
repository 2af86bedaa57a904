package ulp

import (
	"math"
	"testing"
)

// halfForms are the half_ builtins (§6.15.2.1 Table 15): at most 8192 ulp
// (§7.4), trigonometric ones for |x| <= 2^16.
func halfForms() []*Func {
	var fs []*Func
	for _, n := range []string{"sin", "cos", "tan", "exp", "exp2", "exp10", "log", "log2", "log10", "sqrt", "rsqrt", "powr"} {
		f := *Lookup(n)
		f.Name = "half_" + n
		f.Bound = b(8192, 8192)
		fs = append(fs, &f)
	}
	return append(fs,
		&Func{Name: "half_recip", Args: "x", Bound: b(8192, 8192), Ref: r1(func(x float64) float64 { return 1 / x }), Dom: DomPos},
		&Func{Name: "half_divide", Args: "xx", Bound: b(8192, 8192), Ref: r2(func(x, y float64) float64 { return x / y }), Dom: DomAny})
}

// TestHalfForms checks the half_ forms on the host driver and lavapipe.
func TestHalfForms(t *testing.T) {
	for _, d := range testDevices(t) {
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range halfForms() {
			in := MakeInputs(f, F32, SampleInputs, 1)
			if f.Dom == DomTrig {
				for _, xs := range in.Float {
					for j, x := range xs {
						if math.Abs(x) > 1<<16 {
							xs[j] = math.Mod(x, 1<<16)
						}
					}
				}
			}
			r := s.Check(f, F32, in, Widths)
			if !r.OK() {
				t.Errorf("%s %s: err %v, worst %.3g ulp, %d over, %d edge failures: %v %v",
					d.DriverName(), f.Name, r.Err, r.MaxULP, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
			}
		}
		s.Close()
	}
}
