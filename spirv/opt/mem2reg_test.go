package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// A counted loop through a Function variable, and a variable indexed by a
// variable, which must stay in memory.
func TestMem2RegLoop(t *testing.T) {
	m := assemble(t, header+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%i = OpVariable %pfu Function
%s = OpVariable %pfu Function
%vec = OpVariable %pfv Function
OpStore %i %u0
OpStore %s %u0
OpBranch %head
%head = OpLabel
OpLoopMerge %exit %cont None
OpBranch %cond
%cond = OpLabel
%iv = OpLoad %uint %i
%lt = OpULessThan %bool %iv %u10
OpBranchConditional %lt %body %exit
%body = OpLabel
%sv = OpLoad %uint %s
%iv2 = OpLoad %uint %i
%sum = OpIAdd %uint %sv %iv2
OpStore %s %sum
%odd = OpBitwiseAnd %uint %iv2 %u1
%isodd = OpIEqual %bool %odd %u1
OpSelectionMerge %join None
OpBranchConditional %isodd %then %join
%then = OpLabel
%sv3 = OpLoad %uint %s
%sum3 = OpIAdd %uint %sv3 %u2
OpStore %s %sum3
OpBranch %join
%join = OpLabel
OpBranch %cont
%cont = OpLabel
%iv4 = OpLoad %uint %i
%inc = OpIAdd %uint %iv4 %u1
OpStore %i %inc
OpBranch %head
%exit = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%pe = OpAccessChain %pfu %vec %x
OpStore %pe %u3
%fin = OpLoad %uint %s
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %fin
OpReturn
OpFunctionEnd
`)
	if err := opt.Mem2Reg(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	// %i and %s become phis (two at the loop header, one at %join); %vec
	// stays in memory.
	if n := count(m, spirv.OpVariable); n != 3 {
		t.Errorf("%d OpVariable, want 3 (buf, gid, vec)\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpPhi); n != 3 {
		t.Errorf("%d OpPhi, want 3\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpLoad); n != 1 {
		t.Errorf("%d OpLoad, want 1 (gid)\n%s", n, dis(m))
	}
}

// A loop whose body always returns leaves its continue block unreachable;
// the header's phi still needs an operand for it.
func TestMem2RegUnreachableContinue(t *testing.T) {
	m := assemble(t, header+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%i = OpVariable %pfu Function
OpStore %i %u1
OpBranch %head
%head = OpLabel
OpLoopMerge %exit %cont None
OpBranch %body
%body = OpLabel
%v = OpLoad %uint %i
%p = OpAccessChain %pu %buf %u0 %u0
OpStore %p %v
OpReturn
%cont = OpLabel
OpStore %i %u2
OpBranch %head
%exit = OpLabel
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if n := count(m, spirv.OpLoad); n != 0 {
		t.Errorf("%d OpLoad, want 0\n%s", n, dis(m))
	}
}

// A vector variable written and read by constant indexes becomes inserts
// and extracts; on both branches, so the join gets a phi of the vector.
func TestMem2RegConstantChain(t *testing.T) {
	m := assemble(t, header+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%vec = OpVariable %pfv Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%c = OpULessThan %bool %x %u2
%p1 = OpAccessChain %pfu %vec %u1
%p3 = OpAccessChain %pfu %vec %u3
OpStore %p3 %u10
OpSelectionMerge %join None
OpBranchConditional %c %then %else
%then = OpLabel
OpStore %p1 %x
OpBranch %join
%else = OpLabel
OpStore %p1 %u2
OpBranch %join
%join = OpLabel
%e1 = OpLoad %uint %p1
%e3 = OpLoad %uint %p3
%sum = OpIAdd %uint %e1 %e3
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %sum
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{spirv.OpVariable: 2, spirv.OpLoad: 1, spirv.OpPhi: 1, spirv.OpCompositeInsert: 3} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
}
