package host_test

import (
	"errors"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/config"
)

// setTier sets CLGO_HOST_TIER for the Prepares that follow.
func setTier(t testing.TB, tier string) {
	t.Setenv(config.HostTier, tier)
	config.Reload()
	t.Cleanup(config.Reload)
}

// TestTierRandomKernels runs the differential test's random kernels
// (kgen_test.go) on the lane tier and on the interpreter: every output
// word must agree bit for bit (a NaN with any NaN). A kernel the lane
// tier refuses is counted, not failed.
func TestTierRandomKernels(t *testing.T) {
	n := *diffN
	ia, fa := diffInputs()
	ran, refused := 0, 0
	for s := *diffSeed; s < *diffSeed+int64(n); s++ {
		ks := []kshape{{1, 1, false}, {2, 1, false}, {8, 1, false}, {16, 1, false}, {64, 1, false},
			{2, 2, true}, {4, 2, true}, {1, 4, true}, {8, 8, true}}[s%9]
		src := genKernel(s, ks)
		res, err := compiler.Compile(src, compiler.DefaultOptions())
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", s, err, src)
		}
		spec := map[uint32]uint64{0: uint64(ks.lx), 1: uint64(ks.ly), 2: 1}
		if err := host.TierError(res.SPIRV, "fz", spec); err != nil {
			if !errors.Is(err, lanes.ErrUnsupported) {
				t.Errorf("seed %d: %v", s, err)
			}
			t.Logf("seed %d: refused: %v", s, err)
			refused++
			continue
		}
		ran++
		for _, nv := range []int32{3, 6} {
			setTier(t, "interp")
			want, err := runFz(res.SPIRV, "1", ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, interpreter: %v\n%s", s, nv, err, src)
			}
			setTier(t, "lanes")
			got, err := runFz(res.SPIRV, "1", ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, lanes: %v\n%s", s, nv, err, src)
			}
			if d := firstDiff(got, want, "interpreter"); d != "" {
				t.Fatalf("seed %d, %v, n %d: the lane tier and the interpreter differ: %s\n%s", s, ks, nv, d, src)
			}
		}
	}
	t.Logf("%d random kernels ran on the lane tier, %d refused", ran, refused)
}
