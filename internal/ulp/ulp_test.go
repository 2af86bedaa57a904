package ulp

import (
	"fmt"
	"os"
	"testing"

	"github.com/clgo/clgo/cl"
)

// known lists the builtins that exceed their bound (or miss §7.5 edge
// cases) today, by "driver/name/type": the test skips them and fails when
// one passes, so that the list only shrinks.
var known = map[string]string{}

func knownFail(drv, name string, p Prec) (string, bool) {
	for _, k := range []string{drv + "/" + name + "/" + p.String(), "*/" + name + "/" + p.String()} {
		if r, ok := known[k]; ok {
			return r, true
		}
	}
	return "", false
}

// testDevices are the devices the tests check: the host driver and
// lavapipe (or any Vulkan device) when it is there, unless
// CLGO_ULP_VULKAN=0.
func testDevices(t testing.TB) []*cl.Device {
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	var out []*cl.Device
	for _, d := range devs {
		drv := d.DriverName()
		if drv == "host" || drv == "vulkan" && os.Getenv("CLGO_ULP_VULKAN") != "0" {
			out = append(out, d)
		}
	}
	return out
}

// TestSample is the CI sample: every builtin, float, double and half
// (the half ULP table's functions, on devices with cl_khr_fp16), every
// width, SampleInputs random inputs after the edge cases, on the host
// driver and on lavapipe when it is there.
func TestSample(t *testing.T) {
	n := SampleInputs
	if testing.Short() {
		n = 200
	}
	for _, d := range testDevices(t) {
		drv := d.DriverName()
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Funcs {
			for _, p := range []Prec{F32, F64, F16} {
				if p == F64 && !s.HasDouble() || p == F16 && (!s.HasHalf() || !f.HasHalf()) {
					continue
				}
				name := fmt.Sprintf("%s/%s/%s", drv, f.Name, p)
				t.Run(name, func(t *testing.T) {
					r := s.Check(f, p, MakeInputs(f, p, n, 1), Widths)
					ok := r.Err == nil && r.NEdgeFail == 0 && (r.Bound < 0 || r.NFail == 0)
					reason, isKnown := knownFail(drv, f.Name, p)
					switch {
					case ok && isKnown:
						t.Errorf("passes now (worst %.3g ulp): remove it from known in ulp_test.go (%s)", r.MaxULP, reason)
					case !ok && isKnown:
						t.Skipf("known: %s", reason)
					case r.Err != nil:
						t.Fatal(r.Err)
					case !ok:
						t.Errorf("worst %.3g ulp (bound %g), %d over, %d edge failures: %v %v",
							r.MaxULP, r.Bound, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
					}
				})
			}
		}
		s.Close()
	}
}

// knownExact lists the integer builtins and conversions that are not
// exact today, by "driver/name/type" (conversions: convert_DST/SRC); the
// list only shrinks, as known.
var knownExact = map[string]string{}

// TestExact is the CI sample of the exactness checks: every integer
// builtin on every integer type, every conversion between scalar types,
// every width, on the host driver and lavapipe.
func TestExact(t *testing.T) {
	n := ExactSampleInputs
	if testing.Short() {
		n = 200
	}
	for _, d := range testDevices(t) {
		drv := d.DriverName()
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		check := func(r *ExactResult) {
			t.Run(fmt.Sprintf("%s/%s/%s", drv, r.Name, r.Type), func(t *testing.T) {
				reason, isKnown := knownExact[drv+"/"+r.Name+"/"+r.Type]
				if !isKnown {
					reason, isKnown = knownExact["*/"+r.Name+"/"+r.Type]
				}
				switch {
				case r.OK() && isKnown:
					t.Errorf("exact now: remove it from knownExact in ulp_test.go (%s)", reason)
				case !r.OK() && isKnown:
					t.Skipf("known: %s", reason)
				case r.Err != nil:
					t.Fatal(r.Err)
				case !r.OK():
					t.Errorf("%d of %d wrong: %v", r.NFail, r.N, r.Fails)
				}
			})
		}
		for _, f := range IntFuncs {
			for _, ty := range f.typesOf() {
				check(s.CheckInt(f, ty, MakeIntInputs(f, ty, n, 1), ExactWidths))
			}
		}
		dsts := ConvScalars
		if !s.HasDouble() {
			dsts = ConvScalars[:len(ConvScalars)-1]
		}
		for _, src := range dsts {
			for _, r := range s.CheckConvert(src, dsts, MakeConvInputs(src, n, 1), ExactWidths) {
				check(r)
			}
		}
		s.Close()
	}
}
