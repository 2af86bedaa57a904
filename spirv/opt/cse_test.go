package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// x*x in a block and in the block it dominates is computed once; the one in
// a sibling branch that does not dominate the other is kept apart, and a
// decorated product (NoContraction) is not merged.
func TestLocalCSE(t *testing.T) {
	m := assemble(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rt ArrayStride 4
OpDecorate %st Block
OpMemberDecorate %st 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %nc NoContraction
%void = OpTypeVoid
%fnv = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%rt = OpTypeRuntimeArray %uint
%st = OpTypeStruct %rt
%pst = OpTypePointer StorageBuffer %st
%pu = OpTypePointer StorageBuffer %uint
%pin = OpTypePointer Input %v3uint
%buf = OpVariable %pst StorageBuffer
%gid = OpVariable %pin Input
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%x2 = OpCompositeExtract %uint %g 0
%a = OpIMul %uint %x %x
%nc = OpIMul %uint %x %x
%c = OpULessThan %bool %x %u1
OpSelectionMerge %join None
OpBranchConditional %c %then %else
%then = OpLabel
%b = OpIMul %uint %x2 %x2
%q = OpIAdd %uint %b %u1
OpBranch %join
%else = OpLabel
%q2 = OpIAdd %uint %a %u1
OpBranch %join
%join = OpLabel
%ph0 = OpPhi %uint %q %then %q2 %else
%ph = OpIAdd %uint %ph0 %nc
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %ph
%p2 = OpAccessChain %pu %buf %u0 %x2
OpStore %p2 %a
OpReturn
OpFunctionEnd
`)
	if err := opt.LocalCSE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{spirv.OpCompositeExtract: 1, spirv.OpIMul: 2, spirv.OpIAdd: 3, spirv.OpAccessChain: 1} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
}

// Two loads of the invocation id (Input) merge; two loads of the storage
// buffer, with a store between them, stay.
func TestLocalCSELoads(t *testing.T) {
	m := assemble(t, header+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%p = OpAccessChain %pu %buf %u0 %x
%a = OpLoad %uint %p
%a1 = OpIAdd %uint %a %u1
OpStore %p %a1
%g2 = OpLoad %v3uint %gid
%x2 = OpCompositeExtract %uint %g2 0
%p2 = OpAccessChain %pu %buf %u0 %x2
%b = OpLoad %uint %p2
%b1 = OpIAdd %uint %b %u1
OpStore %p2 %b1
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{spirv.OpLoad: 3, spirv.OpAccessChain: 1, spirv.OpCompositeExtract: 1, spirv.OpIAdd: 2} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
}
