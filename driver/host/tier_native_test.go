package host_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
)

// TestNativeRandomKernels runs the differential test's random kernels
// (kgen_test.go) on native code and on the interpreter: every output word
// must agree bit for bit (a NaN with any NaN). A kernel the native tier
// refuses is counted and its reason logged, not failed.
func TestNativeRandomKernels(t *testing.T) {
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
		if err := host.NativeError(res.SPIRV, "fz", spec); err != nil {
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
			setTier(t, "native")
			got, err := runFz(res.SPIRV, "1", ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, native: %v\n%s", s, nv, err, src)
			}
			if d := firstDiff(got, want, "interpreter"); d != "" {
				t.Fatalf("seed %d, %v, n %d: native code and the interpreter differ: %s\n%s", s, ks, nv, d, src)
			}
		}
	}
	t.Logf("%d random kernels ran as native code, %d refused", ran, refused)
}

// TestNativeSharedAndCrypto runs every shared and crypto kernel as native
// code and on the interpreter: the buffers must agree bit for bit.
func TestNativeSharedAndCrypto(t *testing.T) {
	for _, path := range tierKernelFiles() {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			s, src := loadSpec(t, path)
			if on, _ := nativeCompare(t, s, src); !on {
				t.Fatalf("not native code: %v", nativeWhy(s, src))
			}
		})
	}
}

// TestNativeCorpus runs every kernel of the corpus (testdata/kernels) as
// native code and on the interpreter; every buffer must agree bit for
// bit. Kernels native code refuses, and those with images, are counted
// with their reasons, not failed.
func TestNativeCorpus(t *testing.T) {
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	ran, refused, skipped := 0, 0, 0
	reasons := map[string]int{}
	for _, path := range files {
		name := strings.TrimSuffix(corpus.Name(filepath.Join(corpus.TestdataDir(), "kernels"), path), ".cl")
		t.Run(name, func(t *testing.T) {
			s, src := loadSpec(t, path)
			for _, a := range s.Args {
				if a.Kind != kspec.ArgBuffer && a.Kind != kspec.ArgLocal && a.Kind != kspec.ArgScalar {
					skipped++
					t.Skip("an image or sampler argument")
				}
			}
			on, same := nativeCompare(t, s, src)
			switch {
			case !on:
				refused++
				why := nativeWhy(s, src)
				reasons[shortReason(why)]++
				t.Skipf("not native: %v", why)
			case same:
				ran++
			}
		})
	}
	t.Logf("%d corpus kernels ran as native code, %d not, %d skipped (images)", ran, refused, skipped)
	for r, n := range reasons {
		t.Logf("not native %d× : %s", n, r)
	}
}

// nativeCompare runs a kernel file on the interpreter and as native code;
// it reports whether native code ran it and whether every buffer agreed
// (a difference is reported as an error).
func nativeCompare(t *testing.T, s *kspec.Spec, src string) (on, same bool) {
	setTier(t, "interp")
	want, err := hostRunOf(s, src)
	if err != nil {
		t.Skipf("interpreter: %v", err)
	}
	defer want.q.Release()
	werr := want.dispatch()
	setTier(t, "native")
	got, err := hostRunOf(s, src)
	if err != nil {
		t.Fatalf("native: %v", err)
	}
	defer got.q.Release()
	gerr := got.dispatch()
	if !host.NativeOf(got.k) {
		return false, true
	}
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Errorf("the interpreter gives error %v, native code %v", werr, gerr)
		return true, false
	}
	same = true
	for i, b := range want.bufs {
		if b == nil {
			continue
		}
		w := b.(interface{ HostBytes() []byte }).HostBytes()
		g := got.bufs[i].(interface{ HostBytes() []byte }).HostBytes()
		if j := firstByteDiff(w, g); j >= 0 {
			t.Errorf("argument %d: byte %d: native %#x, interpreter %#x", i, j, g[j], w[j])
			same = false
		}
	}
	return true, same
}

// nativeWhy is why native code does not run a kernel file, built with its
// local size as the specialization constants 0-2.
func nativeWhy(s *kspec.Spec, src string) error {
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
	return host.NativeError(res.SPIRV, s.Kernel, spec)
}

func firstByteDiff(a, b []byte) int {
	for j := range a {
		if a[j] != b[j] {
			return j
		}
	}
	return -1
}
