package jit

import (
	"math/rand/v2"
	"testing"

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
	}{{spirv.GLSLstd450Sin, 1}, {spirv.GLSLstd450Exp, 1}, {spirv.GLSLstd450Log, 1},
		{spirv.GLSLstd450Atan2, 2}, {spirv.GLSLstd450Pow, 2}, {spirv.GLSLstd450SmoothStep, 3}} {
		cs = append(cs, f32(lanes.Math, m.n).with(int64(m.num)), f64(lanes.Math, m.n).with(int64(m.num)))
	}
	for _, w := range []int64{8, 16} {
		cs = append(cs, i64(lanes.Zext, 1).with(w), i64(lanes.Sext, 1).with(w))
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
