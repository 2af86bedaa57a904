package host_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
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

// TestTierCorpus runs every kernel of the corpus (testdata/kernels) on
// the lane tier and on the interpreter; every buffer must agree bit for
// bit. Kernels the lane tier refuses, and those with images, are
// counted, not failed.
func TestTierCorpus(t *testing.T) {
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
			on, why, same := tierCompare(t, s, src)
			switch {
			case !on:
				refused++
				reasons[shortReason(why)]++
				t.Skipf("refused: %v", why)
			case !same:
				// tierCompare reported the difference.
			default:
				ran++
			}
		})
	}
	t.Logf("%d corpus kernels ran on the lane tier, %d refused, %d skipped (images)", ran, refused, skipped)
	for r, n := range reasons {
		t.Logf("refused %d× : %s", n, r)
	}
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

// tierCompare runs a kernel file on the interpreter and on the lane
// tier; it reports whether the lane tier ran it (and why not) and whether
// every buffer agreed.
func tierCompare(t *testing.T, s *kspec.Spec, src string) (on bool, why error, same bool) {
	setTier(t, "interp")
	want, err := hostRunOf(s, src)
	if err != nil {
		t.Skipf("interpreter: %v", err)
	}
	defer want.q.Release()
	werr := want.dispatch()
	setTier(t, "lanes")
	got, err := hostRunOf(s, src)
	if err != nil {
		t.Fatalf("lanes: %v", err)
	}
	defer got.q.Release()
	gerr := got.dispatch()
	on, why = host.TierOf(got.k)
	if !on {
		return false, why, true
	}
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Errorf("the interpreter gives error %v, the lane tier %v", werr, gerr)
		return true, nil, false
	}
	same = true
	for i, b := range want.bufs {
		if b == nil {
			continue
		}
		w := b.(interface{ HostBytes() []byte }).HostBytes()
		g := got.bufs[i].(interface{ HostBytes() []byte }).HostBytes()
		if !bytes.Equal(w, g) {
			for j := range w {
				if w[j] != g[j] {
					t.Errorf("argument %d: byte %d: lanes %#x, interpreter %#x", i, j, g[j], w[j])
					break
				}
			}
			same = false
		}
	}
	return true, nil, same
}

// tierKernelFiles are the shared kernels and the crypto corpus: the lane
// tier must run them all.
func tierKernelFiles() []string {
	var files []string
	for _, name := range sharedKernels {
		files = append(files, filepath.Join(sharedDir(), name+".cl"))
	}
	for _, name := range cryptoKernels {
		files = append(files, filepath.Join("..", "..", "testdata", "kernels", "crypto", name+".cl"))
	}
	return files
}

// TestTierSharedAndCrypto checks that the lane tier runs every shared
// and crypto kernel, with the interpreter's results bit for bit.
func TestTierSharedAndCrypto(t *testing.T) {
	for _, path := range tierKernelFiles() {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			s, src := loadSpec(t, path)
			on, why, _ := tierCompare(t, s, src)
			if !on {
				t.Errorf("not on the lane tier: %v", why)
			}
		})
	}
}

// BenchmarkTiers times the shared and crypto kernels on the interpreter
// and on the lane tier, in CPU and wall time per work-item:
// go test ./driver/host -run '^$' -bench 'Tiers/sha256' -benchtime 2x
func BenchmarkTiers(b *testing.B) {
	for _, path := range tierKernelFiles() {
		name := strings.TrimSuffix(filepath.Base(path), ".cl")
		for _, tier := range []string{"interp", "lanes", "lanes8", "lanes64"} {
			b.Run(name+"/"+tier, func(b *testing.B) {
				s, src := loadSpec(b, path)
				switch tier {
				case "lanes8":
					defer host.SetLaneChunk(host.SetLaneChunk(8))
				case "lanes64":
					defer host.SetLaneChunk(host.SetLaneChunk(64))
				}
				setTier(b, strings.TrimRight(tier, "0123456789"))
				r := newHostRun(b, s, src)
				r.run(b)
				if on, why := host.TierOf(r.k); on != (tier != "interp") {
					b.Fatalf("on a tier: %v (%v)", on, why)
				}
				c0, t0 := host.CPUTime(), time.Now()
				n := 0
				for b.Loop() {
					r.run(b)
					n++
				}
				items := float64(n) * float64(s.GlobalCount())
				b.ReportMetric(float64(host.CPUTime()-c0)/items, "cpu-ns/item")
				b.ReportMetric(float64(time.Since(t0).Nanoseconds())/items, "ns/item")
			})
		}
	}
}

// TestTierCorpusChunk8 runs the corpus comparison with chunks of 8 lanes,
// so that groups span many chunks (barriers, atomics and local memory
// between chunks).
func TestTierCorpusChunk8(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	defer host.SetLaneChunk(host.SetLaneChunk(8))
	TestTierCorpus(t)
}

// TestTierRandomKernelsChunk8 is TestTierRandomKernels with chunks of 8
// lanes.
func TestTierRandomKernelsChunk8(t *testing.T) {
	defer host.SetLaneChunk(host.SetLaneChunk(8))
	TestTierRandomKernels(t)
}

// TestTierAccessError: an access past a buffer's end fails the dispatch
// on the lane tier with the interpreter's error, word for word (memory,
// set and binding, offset, size, length).
func TestTierAccessError(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		out[i] = in[i * 3];
	}
	//! kernel k
	//! global 64
	//! local 16
	//! arg buffer<int> 64 out
	//! arg buffer<int> 100 random
	`
	s, err := kspec.Parse("oob.cl", src)
	if err != nil {
		t.Fatal(err)
	}
	var msgs [2]string
	for n, tier := range []string{"interp", "lanes"} {
		setTier(t, tier)
		r, err := hostRunOf(s, src)
		if err != nil {
			t.Fatal(err)
		}
		defer r.q.Release()
		err = r.dispatch()
		if err == nil || !strings.Contains(err.Error(), "out-of-bounds") {
			t.Fatalf("%s: error %v, want an out-of-bounds access", tier, err)
		}
		if on, _ := host.TierOf(r.k); on != (tier == "lanes") {
			t.Fatalf("%s: on the lane tier: %v", tier, on)
		}
		msgs[n] = err.Error()
	}
	if msgs[0] != msgs[1] {
		t.Errorf("lanes: %s\ninterpreter: %s", msgs[1], msgs[0])
	}
}
