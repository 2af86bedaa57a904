package host_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
)

// TestPhysicalCorpus runs the kernel corpus compiled with
// -physical-storage-buffers (docs/physical.md) on the host driver and
// compares every buffer with the same kernel compiled with the descriptor
// mapping, which internal/corpus TestExecute checks against PoCL. Run one
// directory with -run 'TestPhysicalCorpus/atomic/'.
func TestPhysicalCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(corpus.TestdataDir(), "kernels")
	for _, path := range files {
		t.Run(corpus.Name(root, path), func(t *testing.T) {
			s, src := loadSpec(t, path)
			skipImages(t, s)
			logical, err := hostRunOf(s, src)
			if err == nil {
				defer logical.q.Release()
				err = logical.dispatch()
			}
			if err != nil {
				t.Skipf("the logical build does not run (internal/corpus known failures): %v", err)
			}
			ps := *s
			ps.ClgoOptions = strings.TrimSpace(s.ClgoOptions + " -physical-storage-buffers")
			physical, err := hostRunOf(&ps, src)
			if err != nil && strings.HasPrefix(err.Error(), "compile:") {
				// The compiler's physical mode is tested in compiler/lower.
				t.Skipf("the physical build does not compile: %v", err)
			} else if err != nil {
				t.Fatal(err)
			}
			defer physical.q.Release()
			physical.run(t)
			// Pointers in physical modules are addresses the lane tier
			// keeps as values (phis, loop live-outs, selects): every
			// kernel runs as native code.
			if on, why := host.TierOf(physical.k); host.NativeOK() && !on {
				t.Errorf("the physical build is not native code: %v", why)
			}
			for i, b := range physical.bufs {
				if b == nil {
					continue
				}
				want := logical.bufs[i].(interface{ HostBytes() []byte }).HostBytes()
				got := b.(interface{ HostBytes() []byte }).HostBytes()
				if res := s.Compare(i, want, got); !res.OK {
					t.Errorf("argument %d: %s", i, res)
				}
			}
		})
	}
}

// TestPhysicalKernels runs testdata/kernels/physical, kernels about
// global pointers as addresses (pointers stored in global memory and
// walked, integers made pointers, SVM's linked list), on the host driver
// as their clgo-options build them (-physical-storage-buffers) and with
// =auto (which picks physical addressing only where the descriptor
// mapping cannot express the kernel), and compares every buffer with
// PoCL's: internal/corpus TestExecute checks the first build too, but
// only with the whole corpus.
func TestPhysicalKernels(t *testing.T) {
	root := filepath.Join(corpus.TestdataDir(), "kernels", "physical")
	files, err := corpus.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no kernels in testdata/kernels/physical")
	}
	for _, path := range files {
		t.Run(corpus.Name(root, path), func(t *testing.T) {
			s, src := loadSpec(t, path)
			skipImages(t, s)
			want, _ := reference(t, s, src)
			for _, opt := range []string{"", "-physical-storage-buffers=auto"} {
				ps := *s
				ps.ClgoOptions = strings.TrimSpace(s.ClgoOptions + " " + opt)
				r := newHostRun(t, &ps, src)
				r.run(t)
				for i, b := range r.bufs {
					if b == nil {
						continue
					}
					if res := s.Compare(i, want[i], b.(interface{ HostBytes() []byte }).HostBytes()); !res.OK {
						t.Errorf("%q: argument %d: %s", ps.ClgoBuildOptions(), i, res)
					}
				}
			}
		})
	}
}

// skipImages skips a kernel with image or sampler arguments: this file's
// harness binds buffers only, and internal/corpus TestExecute runs them.
func skipImages(t *testing.T, s *kspec.Spec) {
	t.Helper()
	for _, a := range s.Args {
		if a.Kind == kspec.ArgImage || a.Kind == kspec.ArgSampler {
			t.Skip("images and samplers: run by internal/corpus TestExecute")
		}
	}
}
