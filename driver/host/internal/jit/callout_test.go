package jit

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// noCodeCases are ops native code has no code for: each compiles to a
// call-out.
func noCodeCases() []opCase {
	var cs []opCase
	for _, c := range []lanes.Code{lanes.FRem, lanes.FMod} {
		cs = append(cs, f32(c, 2), f64(c, 2))
	}
	for _, m := range []struct {
		num spirv.GLSLstd450
		n   int
	}{{spirv.GLSLstd450Tan, 1}, {spirv.GLSLstd450Atan2, 2}, {spirv.GLSLstd450Pow, 2}, {spirv.GLSLstd450SmoothStep, 3}} {
		cs = append(cs, f32(lanes.Math, m.n).with(int64(m.num)), f64(lanes.Math, m.n).with(int64(m.num)))
	}
	// Sin, Exp, Log have vector code on F32 only (vmath.go).
	for _, num := range []spirv.GLSLstd450{spirv.GLSLstd450Sin, spirv.GLSLstd450Exp, spirv.GLSLstd450Log} {
		cs = append(cs, f64(lanes.Math, 1).with(int64(num)))
	}
	if !useNEON { // NEON code has these
		for _, w := range []int64{8, 16} {
			cs = append(cs, i64(lanes.Zext, 1).with(w), i64(lanes.Sext, 1).with(w))
		}
	}
	for i := range cs {
		cs[i].argK = [3]lanes.Kind{cs[i].kind, cs[i].kind, cs[i].kind}
	}
	return cs
}

// TestCalloutNoCode: an op without native code compiles to a call-out,
// and the kernel's results agree with the Go executor's, Varying and
// Uniform operands, in a group whose last chunk is partial.
func TestCalloutNoCode(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(3, 4))
	before := Callouts()
	for _, c := range noCodeCases() {
		k, err := Compile(buildOpProg(c, 0, 61))
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		if k.Calls() != 1 {
			t.Errorf("%v: %d call-outs, want 1", c, k.Calls())
		}
		checkOpCase(t, rng, c)
	}
	if Callouts() == before {
		t.Errorf("no call-out ran")
	}
}

// forcing runs f with every op for which force reports true compiled
// as a call-out; some must run where want.
func forcing(force func(lanes.Op) bool, want bool, f func(t *testing.T)) func(t *testing.T) {
	return func(t *testing.T) {
		old := SetForceCallout(force)
		defer SetForceCallout(old)
		before := Callouts()
		f(t)
		if want && Callouts() == before {
			t.Errorf("no call-out ran")
		}
	}
}

// TestCalloutForced runs the package's tests of ops, memory, traps,
// atomics, barriers, yields, loop pins, joins and runs of Selects (not
// those that check the code's shape: group values, vector runs, fused rotates) with
// call-outs in place of native code: for every op that can be one, and
// for the ops of either half of the op codes (native code and call-outs
// mixed, so that values cross between them in both directions). Every
// test compares with the Go executor bit for bit.
func TestCalloutForced(t *testing.T) {
	needNative(t)
	tests := []struct {
		name string
		f    func(t *testing.T)
	}{
		{"Ops", TestOps}, {"Memory", TestMemory}, {"Traps", TestTraps}, {"Atomics", TestAtomics},
		{"AtomicUnread", TestAtomicUnreadResult}, {"RegionLength", TestRegionLength},
		{"Unreachable", TestUnreachable}, {"Barriers", TestBarrierPasses}, {"Yield", TestYield},
		{"LoopPins", TestLoopPins}, {"LoopPinsJumps", TestLoopPinsJumps}, {"Joins", TestJoinCache},
		{"SelectRun", TestSelectRun}, {"Private", TestPrivateInterleaved}, {"Dense", TestDenseEdges},
		{"Tables", TestTableLookups}, {"Halves", TestHalves},
		{"Affine", TestAffineAccess}, {"PrivateQwords", TestPrivateQwords},
		{"ChunkLoopAfterTrap", TestChunkLoopAfterTrap}, {"TransposeTile", TestTransposeTile},
	}
	modes := []struct {
		name  string
		force func(lanes.Op) bool
	}{
		{"all", func(lanes.Op) bool { return true }},
		{"even", func(o lanes.Op) bool { return (int(o.Code)*7+int(o.Kind))%2 == 0 }},
		{"odd", func(o lanes.Op) bool { return (int(o.Code)*7+int(o.Kind))%2 == 1 }},
	}
	for _, m := range modes {
		for _, tc := range tests {
			t.Run(m.name+"/"+tc.name, forcing(m.force, m.name == "all", tc.f))
		}
	}
}

// BenchmarkCallout measures one call-out: a kernel of one FAdd between
// its loads and its store, groups of 256 lanes (32 chunks), with the FAdd
// as native code and as a call-out; the difference per chunk is the
// call-out's cost (leaving the code, the runner's evaluation of the op
// over the frame, and resuming).
func BenchmarkCallout(b *testing.B) {
	if !amd64.HasAVX2FMA() {
		b.Skip("no AVX2+FMA")
	}
	const local = 256
	c := f32(lanes.FAdd, 2)
	c.argK = [3]lanes.Kind{lanes.F32, lanes.F32, lanes.F32}
	for _, mode := range []string{"native", "callout"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "callout" {
				old := SetForceCallout(func(o lanes.Op) bool { return o.Code == lanes.FAdd })
				defer SetForceCallout(old)
			}
			p := buildOpProg(c, 0, local)
			k, err := Compile(p)
			if err != nil {
				b.Fatal(err)
			}
			mem := [][]byte{make([]byte, 4*local), make([]byte, 4*local), nil, make([]byte, 4*local)}
			r := k.NewRunner()
			g := &lanes.Group{NumGroups: [3]uint32{1, 1, 1}, Memory: mem}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			// CPU time, not wall time: the machine is shared.
			cpu0 := threadCPU()
			for b.Loop() {
				if t := r.RunGroup(g); t != nil {
					b.Fatal(t)
				}
			}
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N*local/chunk), "cpu-ns/chunk")
		})
	}
}
