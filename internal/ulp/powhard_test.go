package ulp

import (
	"math"
	"math/rand/v2"
	"testing"
)

// powHardInputs are inputs the CI sample rarely reaches, for the double
// builtins built on double-double logarithms and exponentials: pow with
// y ln|x| anywhere in [-746, 710] (subnormal results, the overflow edge,
// x next to 1 with huge y, negative x with integral y), pown with n up
// to 2^31, rootn of any double, and tgamma over its whole range, next to
// the poles, next to 0 and next to its overflow at 171.62.
func powHardInputs(name string, n int) *Inputs {
	r := rand.New(rand.NewPCG(7, 9))
	in := &Inputs{Float: make([][]float64, 1)}
	if name == "pow" {
		in.Float = append(in.Float, nil)
	}
	add := func(k int64, xs ...float64) {
		for j, x := range xs {
			in.Float[j] = append(in.Float[j], x)
		}
		in.Int = append(in.Int, k)
	}
	bits := func() float64 { return math.Float64frombits(r.Uint64() &^ (1 << 63)) }
	// t: a value of y ln|x| (or ln|x| / n): often at the ends of the range.
	t := func() float64 {
		switch r.IntN(4) {
		case 0:
			return 709.7 + 0.1*r.Float64()
		case 1:
			return -745.2 + 37*r.Float64()
		}
		return -746 + 1456*r.Float64()
	}
	for i := 0; i < n; i++ {
		switch name {
		case "pow":
			var x float64
			switch i % 4 {
			case 0:
				x = 0.5 + 1.5*r.Float64()
			case 1:
				x = bits()
			case 2:
				x = 1 + float64(r.IntN(2000)-1000)*0x1p-52
			default:
				x = math.Ldexp(r.Float64()+0.5, r.IntN(2100)-1074)
			}
			y := t() / math.Log(x)
			if x == 1 || math.IsInf(y, 0) || math.IsNaN(y) {
				y = r.Float64()
			}
			if r.IntN(3) == 0 {
				y = math.Round(y)
				if r.IntN(2) == 0 {
					x = -x
				}
			}
			add(0, x, y)
		case "pown":
			k := int64(r.Int32()) - 1<<30
			if i%3 == 0 {
				k = int64(r.IntN(4000) - 2000)
			}
			if k == 0 {
				k = 3
			}
			x := math.Exp(t() / float64(k))
			if r.IntN(2) == 0 {
				x = -x
			}
			add(k, x)
		case "rootn":
			k := int64(r.Int32())
			if i%2 == 0 {
				k = int64(r.IntN(200) - 100)
			}
			if k == 0 {
				k = -1
			}
			x := bits()
			if k%2 != 0 && r.IntN(2) == 0 {
				x = -x
			}
			add(k, x)
		case "tgamma":
			var x float64
			switch i % 6 {
			case 0:
				x = -190 + 362*r.Float64()
			case 1:
				k := float64(r.IntN(186))
				x = -k + float64(r.IntN(2001)-1000)*math.Max(1, k)*0x1p-52
			case 2:
				x = math.Ldexp(r.Float64()+0.5, -r.IntN(80)) * float64(1-2*r.IntN(2))
			case 3:
				x = 171 + 0.7*r.Float64()
			case 4:
				x = -185 + 10*r.Float64()
			default:
				x = 15 * r.Float64()
			}
			add(0, x)
		}
	}
	return in
}

// TestPowHard checks pow, pown, rootn and tgamma for double on the hard
// inputs against their 160-bit references: within 1 ulp of the rounded
// reference (they are accurate to ~2^-60; the bound is 16).
func TestPowHard(t *testing.T) {
	n := 48 * 50
	if testing.Short() {
		n = 48 * 5
	}
	for _, d := range testDevices(t) {
		drv := d.DriverName()
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		if !s.HasDouble() {
			s.Close()
			continue
		}
		for _, name := range []string{"pow", "pown", "rootn", "tgamma"} {
			t.Run(drv+"/"+name, func(t *testing.T) {
				var f Func
				for _, g := range Funcs {
					if g.Name == name {
						f = *g
					}
				}
				f.Bound = b(1, 1)
				r := s.Check(&f, F64, powHardInputs(name, n), []int{1})
				if r.Err != nil {
					t.Fatal(r.Err)
				}
				if !r.OK() {
					t.Errorf("worst %.3g ulp, %d over 1 ulp, %d edge failures: %v %v", r.MaxULP, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
				}
			})
		}
		s.Close()
	}
}
