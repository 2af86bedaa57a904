package cl

import (
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

// prober is a device whose Caps come partly from a probe.
type prober struct {
	*drivertest.Device
	probed driver.Caps
}

func (p prober) ProbedCaps() driver.Caps { return p.probed }

// TestCompileCapsProbed: the compiler gets the Caps a Prober device
// measured (the loop limiter) and those it states (bounded __local
// accesses), not only Info().Caps.
func TestCompileCapsProbed(t *testing.T) {
	fd := drivertest.New()
	caps := fd.Info().Caps
	caps.BoundWorkgroupAccess = true
	caps.LoopIterationLimit = 65535
	d := newDevice(nil, "fake", prober{fd, caps})
	opts, err := compilerOptions("", d)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Features.LoopIterationLimit != 65535 || !opts.Features.BoundWorkgroupAccess {
		t.Errorf("features %+v: want LoopIterationLimit 65535 and BoundWorkgroupAccess", opts.Features)
	}
	plain, err := compilerOptions("", newDevice(nil, "fake", fd))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Features.LoopIterationLimit != 0 || plain.Features.BoundWorkgroupAccess {
		t.Errorf("features of a device without them: %+v", plain.Features)
	}
}
