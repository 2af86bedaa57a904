package host_test

import (
	"path/filepath"
	"testing"
)

// The kernels of testdata/bigvalue have types the lane tier once
// refused: structs of more than 4,096 scalars copied whole (loads,
// stores, returns, phis), which it keeps in memory (lanes/bigval.go), and
// a pointer to an array type of 2^30 chars. They run on both tiers and
// are compared with PoCL. They are not in the corpus (testdata/kernels):
// the struct kernels' half-megabyte modules take lavapipe minutes to
// compile, and the Vulkan driver refuses a buffer smaller than the
// pointee type.
func TestBigValueKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	files, err := filepath.Glob("testdata/bigvalue/*.cl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no kernels: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			s, src := loadSpec(t, f)
			want, _ := reference(t, s, src)
			for _, tier := range []string{"native", "lanes"} {
				setTier(t, tier)
				r := newHostRun(t, s, src)
				r.run(t)
				for i, b := range r.bufs {
					if b == nil {
						continue
					}
					got := b.(interface{ HostBytes() []byte }).HostBytes()
					if res := s.Compare(i, want[i], got); !res.OK {
						t.Errorf("%s: argument %d: %s", tier, i, res)
					}
				}
			}
		})
	}
}
