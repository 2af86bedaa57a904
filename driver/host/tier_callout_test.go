package host_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver/host"
)

// Call-outs (package jit's callout.go): an op native code has no code for
// runs in Go and the code resumes after it. These tests force call-outs
// on ops that have native code, so that the corpus and the random
// kernels run through them, and compare with the Go executor bit for
// bit: every op a call-out, or the ops of one half of the op codes
// (native code and call-outs mixed, values crossing both ways).

// calloutModes are the sets of ops forced to be call-outs.
var calloutModes = []struct {
	name  string
	force func(code, kind int) bool
}{
	{"all", func(int, int) bool { return true }},
	{"even", func(code, kind int) bool { return (code*7+kind)%2 == 0 }},
	{"odd", func(code, kind int) bool { return (code*7+kind)%2 == 1 }},
}

// withCallouts runs f with mode m's ops forced to be call-outs, and
// checks that some ran.
func withCallouts(m int, f func(t *testing.T)) func(t *testing.T) {
	return func(t *testing.T) {
		if !host.NativeOK() {
			t.Skip("no native code on this CPU")
		}
		restore := host.ForceNativeCallouts(calloutModes[m].force)
		defer restore()
		before := host.NativeCallouts()
		f(t)
		if host.NativeCallouts() == before {
			t.Errorf("no call-out ran")
		}
	}
}

// TestNativeCalloutsRandom runs the differential test's random kernels
// (kgen_test.go) with forced call-outs against the Go executor: every op
// a call-out, and one mixed mode (the other passes too; the corpus test
// runs both).
func TestNativeCalloutsRandom(t *testing.T) {
	for _, m := range []int{0, 2} {
		t.Run(calloutModes[m].name, withCallouts(m, func(t *testing.T) { diffRandom(t, nativeTier) }))
	}
}

// TestNativeCalloutsCorpus runs the kernel corpus (testdata/kernels) with
// forced call-outs against the Go executor.
func TestNativeCalloutsCorpus(t *testing.T) {
	for m := range calloutModes {
		t.Run(calloutModes[m].name, withCallouts(m, func(t *testing.T) { diffCorpus(t, nativeTier) }))
	}
}

// BenchmarkNativeCallouts times kernels with call-outs (ops native code
// has no code for) on the Go executor and as native code, CPU time per
// work-item: builtin_math/native_half.cl (native_exp, native_log,
// half_sin, half_cos and native_powr: 7 call-outs a work-item).
// go test ./driver/host -run '^$' -bench NativeCallouts -benchtime 200x
func BenchmarkNativeCallouts(b *testing.B) {
	for _, f := range []string{"builtin_math/native_half.cl", "builtin_math/transcendental_loop.cl"} {
		path := filepath.Join("..", "..", "testdata", "kernels", filepath.FromSlash(f))
		name := strings.TrimSuffix(filepath.Base(f), ".cl")
		for _, tier := range []string{"lanes", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) { benchTier(b, path, tier) })
		}
	}
}

// TestNativeCalloutsYield runs the shared and crypto kernels with the
// ops of one half of the op codes forced to be call-outs and a yield at
// every backward jump, against the Go executor: the two ways of leaving
// and resuming the code, interleaved in every loop.
func TestNativeCalloutsYield(t *testing.T) {
	if !host.NativeOK() {
		t.Skip("no native tier on this CPU")
	}
	if testing.Short() {
		t.Skip("a yield at every back edge: tens of seconds")
	}
	old := host.SetNativeYieldBudget(1)
	defer host.SetNativeYieldBudget(old)
	before := host.NativeYields()
	withCallouts(2, func(t *testing.T) { diffKernels(t, nativeTier) })(t)
	if host.NativeYields() == before {
		t.Errorf("no call of native code yielded")
	}
}
