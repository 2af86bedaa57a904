package host_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/internal/kspec"
)

// setTier sets CLGO_HOST_TIER for the Prepares that follow.
func setTier(t testing.TB, tier string) {
	t.Cleanup(config.Reload) // registered first: runs after t.Setenv's restore
	t.Setenv(config.HostTier, tier)
	config.Reload()
}

// TestTierRandomKernels runs the differential test's random kernels
// (kgen_test.go) on the lane tier's Go executor with chunks of 8 lanes
// and with the reference's 64: every output word must agree bit for bit
// (a NaN with any NaN), though groups span many chunks (barriers,
// atomics and local memory between chunks).
func TestTierRandomKernels(t *testing.T) {
	defer host.SetLaneChunk(host.SetLaneChunk(8))
	diffRandom(t, laneTier)
}

// TestTierCorpus runs every kernel of the corpus (testdata/kernels) on
// the Go executor with chunks of 8 lanes and with the reference's 64;
// every buffer must agree bit for bit.
func TestTierCorpus(t *testing.T) {
	defer host.SetLaneChunk(host.SetLaneChunk(8))
	diffCorpus(t, laneTier)
}

// tierKernelFiles are the shared kernels and the crypto corpus: the lane
// tier must run them all.
func tierKernelFiles() []string {
	var files []string
	for _, name := range sharedKernels {
		files = append(files, filepath.Join(sharedDir(), name+".cl"))
	}
	for _, name := range cryptoKernels {
		files = append(files, cryptoFile(name))
	}
	return files
}

// TestTierSharedAndCrypto checks that the Go executor runs every shared
// and crypto kernel with chunks of 8 lanes, with the reference's results
// bit for bit.
func TestTierSharedAndCrypto(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	defer host.SetLaneChunk(host.SetLaneChunk(8))
	diffKernels(t, laneTier)
}

// BenchmarkTiers times the shared and crypto kernels on the Go executor
// (chunks of 64, 8 and 32 lanes) and in native code, in CPU and wall time
// per work-item:
// go test ./driver/host -run '^$' -bench 'Tiers/sha256' -benchtime 2x
func BenchmarkTiers(b *testing.B) {
	for _, path := range tierKernelFiles() {
		name := strings.TrimSuffix(filepath.Base(path), ".cl")
		for _, tier := range []string{"lanes", "lanes8", "lanes32", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) {
				s, src := loadSpec(b, path)
				switch tier {
				case "lanes8":
					defer host.SetLaneChunk(host.SetLaneChunk(8))
				case "lanes32":
					defer host.SetLaneChunk(host.SetLaneChunk(32))
				}
				setTier(b, strings.TrimRight(tier, "0123456789"))
				r := newHostRun(b, s, src)
				r.run(b)
				if on, why := host.TierOf(r.k); on != (tier == "native" && host.NativeOK()) {
					b.Fatalf("native code: %v (%v)", on, why)
				}
				timeRuns(b, r, s)
			})
		}
	}
}

// TestTierAccessError: an access past a buffer's end fails the dispatch
// with the same error on the Go executor and in native code, word for
// word (memory, set and binding, offset, size, length).
func TestTierAccessError(t *testing.T) {
	// Only the last group (ids 48-63) reads past the 144 ints: with two
	// faulting groups, which one reports first would be a race.
	const src = `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		out[i] = in[i * 3];
	}
	//! kernel k
	//! global 64
	//! local 16
	//! arg buffer<int> 64 out
	//! arg buffer<int> 144 random
	`
	s, err := kspec.Parse("oob.cl", src)
	if err != nil {
		t.Fatal(err)
	}
	var msgs [2]string
	for n, tier := range []string{"lanes", "native"} {
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
		if on, _ := host.TierOf(r.k); on != (tier == "native" && host.NativeOK()) {
			t.Fatalf("%s: native code: %v", tier, on)
		}
		msgs[n] = err.Error()
	}
	if msgs[0] != msgs[1] {
		t.Errorf("native: %s\nlanes: %s", msgs[1], msgs[0])
	}
}

// TestTierOddChunks runs random kernels with chunks of 1 and 3 lanes:
// rows that are not whole words, groups of many chunks.
func TestTierOddChunks(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, c := range []int{1, 3} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			defer host.SetLaneChunk(host.SetLaneChunk(c))
			TestTierRandomKernels(t)
		})
	}
}

// TestTierWrappedOffset: a pointer cast to an integer, moved below its
// buffer and cast back (`(ulong)p - 8`) reaches the access as a 32-bit
// offset that wrapped; the error names it as the negative offset it is,
// on both tiers.
func TestTierWrappedOffset(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		global const int *q = (global const int *)((ulong)in - 8);
		out[i] = i == 3 ? q[i - 3] : 0;
	}
	//! kernel k
	//! global 16
	//! arg buffer<int> 16 out
	//! arg buffer<int> 16 iota
	`
	s, err := kspec.Parse("wrap.cl", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []string{"lanes", "native"} {
		setTier(t, tier)
		r, err := hostRunOf(s, src)
		if err != nil {
			t.Fatal(err)
		}
		defer r.q.Release()
		err = r.dispatch()
		const want = "kernel k: OpLoad: out-of-bounds access of 4 bytes at offset -8 of in (set 0, binding 1) (64 bytes)"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", tier, err, want)
		}
	}
}
