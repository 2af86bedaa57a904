package mutation

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/cl"
)

// The campaign's module seeds, unmutated, build and run through
// CreateProgramWithIL on every device: a mutant failing at build is then
// the mutation's doing.
func TestModuleSeedsRun(t *testing.T) {
	seeds, _ := filepath.Glob("../../testdata/kernels/*/*.cl")
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		for _, s := range moduleSeeds(t, d, seeds, rand.New(rand.NewPCG(1, 2)), 3) {
			o, err := Run(Module, d.DriverName(), s.data, 10*time.Second)
			if err != nil || o.Stage == "build" || o.Stage == "kernels" {
				t.Errorf("%s on %s: %v %v", s.name, d.DriverName(), o, err)
			}
		}
	}
}
