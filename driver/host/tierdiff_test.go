package host_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
)

// diffTier is a tier the differential tests compare with the reference,
// the lane tier's Go executor at chunks of refChunk lanes, bit for bit.
type diffTier struct {
	env  string // its CLGO_HOST_TIER value
	what string // its name in messages
	// refusal is why the tier would not run entry of a module (nil: it
	// would), with spec as its specialization constants.
	refusal func(code []byte, entry string, spec map[uint32]uint64) error
	// ran reports whether a prepared kernel ran on the tier.
	ran func(k driver.Kernel) bool
}

// refChunk is the reference's chunk: the Go executor's default.
const refChunk = 64

// setReference makes the Prepares that follow the reference's: the Go
// executor at chunks of refChunk lanes. The returned func restores the
// chunk before.
func setReference(t testing.TB) (restore func()) {
	setTier(t, "lanes")
	old := host.SetLaneChunk(refChunk)
	return func() { host.SetLaneChunk(old) }
}

var (
	// laneTier is the Go executor at whatever chunk the test sets.
	laneTier = diffTier{"lanes", "the lane tier", host.TierError,
		func(k driver.Kernel) bool { on, _ := host.TierOf(k); return !on }}
	nativeTier = diffTier{"native", "native code", host.NativeError, host.NativeOf}
)

// diffRandom runs the differential test's random kernels (kgen_test.go)
// on tier d and on the reference: every output word must agree (a NaN
// with any NaN). A kernel the tier refuses is counted, not failed.
func diffRandom(t *testing.T, d diffTier) {
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
		if err := d.refusal(res.SPIRV, "fz", spec); err != nil {
			if !errors.Is(err, lanes.ErrUnsupported) {
				t.Errorf("seed %d: %v", s, err)
			}
			t.Logf("seed %d: refused: %v", s, err)
			refused++
			continue
		}
		ran++
		for _, nv := range []int32{3, 6} {
			restore := setReference(t)
			want, err := runFz(res.SPIRV, ks, nv, ia, fa)
			restore()
			if err != nil {
				t.Fatalf("seed %d, n %d, the Go executor: %v\n%s", s, nv, err, src)
			}
			setTier(t, d.env)
			got, err := runFz(res.SPIRV, ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, %s: %v\n%s", s, nv, d.what, err, src)
			}
			if diff := firstDiff(got, want, "the Go executor"); diff != "" {
				t.Fatalf("seed %d, %v, n %d: %s and the Go executor differ: %s\n%s", s, ks, nv, d.what, diff, src)
			}
		}
	}
	t.Logf("%d random kernels ran on %s, %d refused", ran, d.what, refused)
}

// diffCorpus runs every kernel of the corpus (testdata/kernels) on tier d
// and on the reference; every buffer must agree. Kernels the tier
// refuses are counted with their reasons, not failed. Images the kernels
// write are compared as buffers are.
func diffCorpus(t *testing.T, d diffTier) {
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	ran, refused := 0, 0
	reasons := map[string]int{}
	for _, path := range files {
		name := strings.TrimSuffix(corpus.Name(filepath.Join(corpus.TestdataDir(), "kernels"), path), ".cl")
		t.Run(name, func(t *testing.T) {
			s, src := loadSpec(t, path)
			on, same := diffCompare(t, d, s, src)
			switch {
			case !on:
				refused++
				why := diffRefusal(d, s, src)
				reasons[shortReason(why)]++
				t.Skipf("refused: %v", why)
			case same:
				ran++
			}
		})
	}
	t.Logf("%d corpus kernels ran on %s, %d refused", ran, d.what, refused)
	for r, n := range reasons {
		t.Logf("refused %d× : %s", n, r)
	}
}

// diffKernels checks that tier d runs every shared and crypto kernel,
// with the reference's results.
func diffKernels(t *testing.T, d diffTier) {
	for _, path := range tierKernelFiles() {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			s, src := loadSpec(t, path)
			if on, _ := diffCompare(t, d, s, src); !on {
				t.Errorf("not on %s: %v", d.what, diffRefusal(d, s, src))
			}
		})
	}
}

// diffCompare runs a kernel file on the reference and on tier d; it
// reports whether the tier ran it and whether every buffer agreed (a
// difference is reported as an error).
func diffCompare(t *testing.T, d diffTier, s *kspec.Spec, src string) (on, same bool) {
	restore := setReference(t)
	want, err := hostRunOf(s, src)
	if err != nil {
		restore()
		t.Skipf("the Go executor: %v", err)
	}
	defer want.q.Release()
	werr := want.dispatch()
	restore()
	setTier(t, d.env)
	got, err := hostRunOf(s, src)
	if err != nil {
		t.Fatalf("%s: %v", d.what, err)
	}
	defer got.q.Release()
	gerr := got.dispatch()
	if !d.ran(got.k) {
		return false, true
	}
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Errorf("the Go executor gives error %v, %s %v", werr, d.what, gerr)
		return true, false
	}
	same = true
	for i, b := range want.bufs {
		if b == nil {
			continue
		}
		w := b.(interface{ HostBytes() []byte }).HostBytes()
		g := got.bufs[i].(interface{ HostBytes() []byte }).HostBytes()
		for j := range w {
			if w[j] != g[j] {
				t.Errorf("argument %d: byte %d: %s %#x, the Go executor %#x", i, j, d.what, g[j], w[j])
				same = false
				break
			}
		}
	}
	for i, img := range want.imgs {
		if img == nil {
			continue
		}
		w, err1 := want.imageBytes(i)
		g, err2 := got.imageBytes(i)
		if err1 != nil || err2 != nil {
			t.Fatalf("argument %d: reading the image back: %v, %v", i, err1, err2)
		}
		for j := range w {
			if w[j] != g[j] {
				t.Errorf("image argument %d: byte %d: %s %#x, the Go executor %#x", i, j, d.what, g[j], w[j])
				same = false
				break
			}
		}
	}
	return true, same
}

// diffRefusal is why tier d does not run a kernel file, built with its
// local size as the specialization constants 0-2.
func diffRefusal(d diffTier, s *kspec.Spec, src string) error {
	opts, err := compiler.ParseOptions(s.ClgoBuildOptions())
	if err != nil {
		return err
	}
	res, err := compiler.CompileFile(s.File, src, opts)
	if err != nil {
		return err
	}
	spec := map[uint32]uint64{0: 1, 1: 1, 2: 1}
	for i, n := range s.Local {
		spec[uint32(i)] = n
	}
	return d.refusal(res.SPIRV, s.Kernel, spec)
}

// shortReason is an unsupported error without the kernel's name.
func shortReason(err error) string {
	if err == nil {
		return "?"
	}
	s := err.Error()
	if _, r, ok := strings.Cut(s, ": kernel "); ok {
		if _, r2, ok := strings.Cut(r, ": "); ok {
			return r2
		}
	}
	return s
}
