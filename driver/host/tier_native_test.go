package host_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
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
				t.Fatalf("not native code")
			}
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("the interpreter gives error %v, native code %v", werr, gerr)
			}
			for i, b := range want.bufs {
				if b == nil {
					continue
				}
				w := b.(interface{ HostBytes() []byte }).HostBytes()
				g := got.bufs[i].(interface{ HostBytes() []byte }).HostBytes()
				if j := firstByteDiff(w, g); j >= 0 {
					t.Errorf("argument %d: byte %d: native %#x, interpreter %#x", i, j, g[j], w[j])
				}
			}
		})
	}
}

func firstByteDiff(a, b []byte) int {
	for j := range a {
		if a[j] != b[j] {
			return j
		}
	}
	return -1
}
