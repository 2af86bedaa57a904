package opt_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// A load of an array of four vectors from a buffer (a float16 in clgo's
// Vulkan SPIR-V) whose value is only taken apart becomes one load per
// member used, members 0 and 3 here, the second index of a two-index
// extract kept; a load whose whole value is stored elsewhere stays.
func TestSplitLoads(t *testing.T) {
	m := assemble(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %arr ArrayStride 16
OpDecorate %rt ArrayStride 64
OpDecorate %st Block
OpMemberDecorate %st 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %rto ArrayStride 4
OpDecorate %sto Block
OpMemberDecorate %sto 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
%void = OpTypeVoid
%fnv = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u4 = OpConstant %uint 4
%arr = OpTypeArray %v4uint %u4
%rt = OpTypeRuntimeArray %arr
%st = OpTypeStruct %rt
%pst = OpTypePointer StorageBuffer %st
%parr = OpTypePointer StorageBuffer %arr
%rto = OpTypeRuntimeArray %uint
%sto = OpTypeStruct %rto
%psto = OpTypePointer StorageBuffer %sto
%pu = OpTypePointer StorageBuffer %uint
%pin = OpTypePointer Input %v3uint
%buf = OpVariable %pst StorageBuffer
%out = OpVariable %psto StorageBuffer
%gid = OpVariable %pin Input
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%pa = OpAccessChain %parr %buf %u0 %x
%a = OpLoad %arr %pa
%a0 = OpCompositeExtract %v4uint %a 0
%a3 = OpCompositeExtract %uint %a 3 2
%a0x = OpCompositeExtract %uint %a0 1
%s = OpIAdd %uint %a0x %a3
%po = OpAccessChain %pu %out %u0 %x
OpStore %po %s
%pb = OpAccessChain %parr %buf %u0 %u1
%b = OpLoad %arr %pb
OpStore %pa %b
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	text := dis(m)
	if n := strings.Count(text, "OpLoad %v4uint"); n != 2 {
		t.Errorf("%d vector loads, want 2 (members 0 and 3):\n%s", n, text)
	}
	if n := strings.Count(text, "OpLoad %_arr"); n != 1 {
		t.Errorf("%d array loads, want 1 (the one stored whole):\n%s", n, text)
	}
	if n := count(m, spirv.OpCompositeExtract); n != 3 { // gid.x, a0.y, a3.z
		t.Errorf("%d OpCompositeExtract, want 3:\n%s", n, text)
	}
}
