package opt_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// Selections on constants take one arm: a switch on a constant (its merge
// phi loses the other cases' and the default edge's pairs), an if on true
// whose arm returns (so the merge goes), an outer selection whose merge
// only a dead arm reached (it stays, as OpUnreachable), and an OpSelect
// on a constant is the operand it picks.
func TestFoldBranches(t *testing.T) {
	m := assemble(t, header+`
%true = OpConstantTrue %bool
%false = OpConstantFalse %bool
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%sel = OpSelect %uint %false %u3 %u1
OpSelectionMerge %sm None
OpSwitch %sel %sm 0 %c0 1 %c1 2 %c2
%c0 = OpLabel
%a0 = OpIAdd %uint %x %u1
OpBranch %sm
%c1 = OpLabel
%a1 = OpIAdd %uint %x %u2
OpBranch %sm
%c2 = OpLabel
%a2 = OpIAdd %uint %x %u3
OpBranch %sm
%sm = OpLabel
%v = OpPhi %uint %a0 %c0 %a1 %c1 %a2 %c2 %u0 %l0
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %v
%dyn = OpULessThan %bool %x %u2
OpSelectionMerge %om None
OpBranchConditional %dyn %ot %oe
%ot = OpLabel
OpSelectionMerge %im None
OpBranchConditional %true %it %im
%it = OpLabel
OpStore %p %u10
OpReturn
%im = OpLabel
OpBranch %om
%oe = OpLabel
OpReturn
%om = OpLabel
OpStore %p %u0
OpReturn
OpFunctionEnd
`)
	if err := opt.FoldComposites(m); err != nil {
		t.Fatal(err)
	}
	if err := opt.FoldBranches(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{
		spirv.OpSwitch: 0, spirv.OpSelect: 0, spirv.OpIAdd: 1, spirv.OpSelectionMerge: 1,
		spirv.OpBranchConditional: 1, spirv.OpUnreachable: 1, spirv.OpLabel: 7,
	} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
	contains(t, m, "OpIAdd %uint %27 %uint_2")
	m.Walk(func(in *spirv.Instruction) {
		if in.Op == spirv.OpPhi && len(in.Operands) != 2 {
			t.Errorf("phi %v, want one pair", in.Operands)
		}
	})
}

// A switch on a constant whose case breaks from inside an if (`case 1:
// if (x) break; ...`) keeps its merge, with the case as its only target:
// that break is valid only as the switch's (spirv-val: "branches to the selection construct, but not to
// the selection header"; lavapipe refused the pipeline).
func TestFoldBranchesSwitchBreak(t *testing.T) {
	m := assemble(t, header+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%p = OpAccessChain %pu %buf %u0 %x
OpSelectionMerge %sm None
OpSwitch %u1 %def 1 %c1 2 %c2
%c1 = OpLabel
%odd = OpULessThan %bool %x %u2
OpSelectionMerge %im None
OpBranchConditional %odd %brk %im
%brk = OpLabel
OpBranch %sm
%im = OpLabel
OpStore %p %u3
OpBranch %sm
%c2 = OpLabel
OpStore %p %u2
OpBranch %sm
%def = OpLabel
OpBranch %sm
%sm = OpLabel
%v = OpPhi %uint %u1 %brk %u3 %im %u2 %c2 %u0 %def
OpStore %p %v
OpReturn
OpFunctionEnd
`)
	if err := opt.FoldBranches(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{spirv.OpSwitch: 1, spirv.OpSelectionMerge: 2, spirv.OpLabel: 5} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
	contains(t, m, "OpSwitch %uint_1 %")
}

// A selection whose folding would leave a live loop's continue target
// unreachable stays (the function is left as it is).
func TestFoldBranchesKeepsContinue(t *testing.T) {
	src := header + `
%true = OpConstantTrue %bool
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
OpBranch %h
%h = OpLabel
OpLoopMerge %lm %lc None
OpBranch %body
%body = OpLabel
OpSelectionMerge %sm None
OpBranchConditional %true %brk %sm
%brk = OpLabel
OpBranch %lm
%sm = OpLabel
OpBranch %lc
%lc = OpLabel
OpBranch %h
%lm = OpLabel
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %u1
OpReturn
OpFunctionEnd
`
	m := assemble(t, src)
	before := dis(m)
	if err := opt.FoldBranches(m); err != nil {
		t.Fatal(err)
	}
	if after := dis(m); after != before {
		t.Errorf("changed:\n%s", after)
	}
	if !strings.Contains(before, "OpLoopMerge") {
		t.Fatal("no loop")
	}
}
