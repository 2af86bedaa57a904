package cl

import (
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

// TestFPConfig: CL_FP_DENORM follows DenormPreserve32/64, float's
// CL_FP_FMA needs a fused Fma or doubles (the library's fma), the double
// config is 0 without doubles.
func TestFPConfig(t *testing.T) {
	const base = FPInfNaN | FPRoundToNearest
	const dbl = base | FPRoundToZero | FPRoundToInf | FPFMA
	for _, c := range []struct {
		caps           driver.Caps
		single, double FPConfig
	}{
		// Without fp64 or a fused Fma, float fma rounds twice: no
		// CL_FP_FMA.
		{driver.Caps{}, base, 0},
		{driver.Caps{FmaFused: true}, base | FPFMA, 0},
		{driver.Caps{DenormPreserve32: true}, base | FPDenorm, 0},
		{driver.Caps{Float64: true}, base | FPFMA, dbl},
		{driver.Caps{Float64: true, DenormPreserve64: true}, base | FPFMA, dbl | FPDenorm},
		{driver.Caps{Float64: true, DenormPreserve32: true, DenormPreserve64: true}, base | FPDenorm | FPFMA, dbl | FPDenorm},
	} {
		fd := drivertest.New()
		fd.DevInfo.Caps = c.caps
		p := NewPlatformForTest(&drivertest.Driver{Dev: fd, N: "fake"})
		devs, err := p.Devices(DeviceTypeAll)
		if err != nil {
			t.Fatal(err)
		}
		d := devs[0]
		if s, db := d.SingleFPConfig(), d.DoubleFPConfig(); s != c.single || db != c.double {
			t.Errorf("caps %+v: single %#x, double %#x; want %#x, %#x", c.caps, s, db, c.single, c.double)
		}
	}
}
