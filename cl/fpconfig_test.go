package cl

import (
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

// TestFPConfig: CL_FP_DENORM follows DenormPreserve32/64, the double
// config is 0 without doubles, the other bits are fixed.
func TestFPConfig(t *testing.T) {
	const base = FPInfNaN | FPRoundToNearest | FPFMA
	const dbl = base | FPRoundToZero | FPRoundToInf
	for _, c := range []struct {
		caps           driver.Caps
		single, double FPConfig
	}{
		{driver.Caps{}, base, 0},
		{driver.Caps{DenormPreserve32: true}, base | FPDenorm, 0},
		{driver.Caps{Float64: true}, base, dbl},
		{driver.Caps{Float64: true, DenormPreserve64: true}, base, dbl | FPDenorm},
		{driver.Caps{Float64: true, DenormPreserve32: true, DenormPreserve64: true}, base | FPDenorm, dbl | FPDenorm},
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
