package ulp

import (
	"math"
	"testing"
)

// TestRelaxedBound: the relaxed table's bounds per input.
func TestRelaxedBound(t *testing.T) {
	in := &Inputs{Float: [][]float64{{1, 10, 0.75, -4}}}
	for _, c := range []struct {
		name string
		j    int
		ref  float64
		want float64
	}{
		{"exp", 1, math.Exp(10), 23},                  // 3 + floor(|2x|)
		{"exp", 3, math.Exp(-4), 11},                  //
		{"acos", 0, 0, 4096},                          //
		{"log", 2, math.Log(0.75), 0x1p-21 / 0x1p-25}, // absolute 2^-21 in [0.5, 2]
		{"log", 1, math.Log(10), 3},                   //
		{"fmin", 0, 1, 0},                             // exact: kept
		{"sinh", 0, math.Sinh(1), -1},                 // a formula: no bound
	} {
		if got := relaxedBound(Lookup(c.name), F32, in, c.j, c.ref); got != c.want {
			t.Errorf("%s(%g): bound %g, want %g", c.name, in.Float[0][c.j], got, c.want)
		}
	}
}

// TestRelaxedMath checks every float builtin built with
// -cl-fast-relaxed-math against the relaxed bounds, on the host driver
// and lavapipe.
func TestRelaxedMath(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	for _, d := range testDevices(t) {
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		s.Options = "-cl-fast-relaxed-math"
		for _, f := range Funcs {
			r := s.Check(f, F32, MakeInputs(f, F32, n, 1), Widths)
			if !r.OK() && !(r.Err == nil && r.Bound < 0 && r.NEdgeFail == 0) {
				t.Errorf("%s %s: err %v, worst %.3g ulp (bound %g), %d over, %d edge failures: %v %v",
					d.DriverName(), f.Name, r.Err, r.MaxULP, r.Bound, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
			}
		}
		s.Close()
	}
}
