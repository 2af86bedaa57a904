package spirv_test

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// A compute entry point that doubles one float of a storage buffer,
// built with the Builder, given its kernel interface, encoded and read back.
func Example() {
	b := spirv.NewBuilder(spirv.Version13)
	b.Capability(spirv.CapabilityShader)
	b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)
	void, f32, u32 := b.TypeVoid(), b.TypeFloat(32), b.TypeInt(32, 0)

	// global float *a: a Block struct around a runtime array, at set 0 binding 0.
	rta := b.NewTypeRuntimeArray(f32)
	b.Decorate(rta, spirv.DecorationArrayStride, 4)
	st := b.NewTypeStruct(rta)
	b.Decorate(st, spirv.DecorationBlock)
	b.MemberDecorate(st, 0, spirv.DecorationOffset, 0)
	a := b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, st), spirv.StorageClassStorageBuffer)
	b.Decorate(a, spirv.DecorationDescriptorSet, 0)
	b.Decorate(a, spirv.DecorationBinding, 0)

	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	p := b.EmitIDs(spirv.OpAccessChain, b.TypePointer(spirv.StorageClassStorageBuffer, f32), a, b.ConstantUint(u32, 0), b.ConstantUint(u32, 0))
	x := b.EmitIDs(spirv.OpLoad, f32, p)
	b.EmitIDs(spirv.OpStore, 0, p, b.EmitIDs(spirv.OpFAdd, f32, x, x))
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, "double")
	b.ExecutionMode(fn.ID, spirv.ExecutionModeLocalSize, 1, 1, 1)

	r := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "double", Args: []spirv.Arg{
		{Name: "a", Ordinal: 0, Kind: spirv.ArgBuffer, DescriptorSet: 0, Binding: 0},
	}}}}
	if err := b.EmitReflection(r); err != nil {
		panic(err)
	}

	m, err := spirv.Decode(b.Module.Encode())
	if err != nil {
		panic(err)
	}
	back, err := spirv.ReadReflection(m)
	if err != nil {
		panic(err)
	}
	fmt.Print(back.DescriptorMap())
	fmt.Print(spirv.Disassemble(m, spirv.DisOptions{NoHeader: true}))
	// Output:
	// kernel,double,arg,a,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,buffer
	//                OpCapability Shader
	//                OpExtension "SPV_KHR_non_semantic_info"
	//          %16 = OpExtInstImport "NonSemantic.ClspvReflection.5"
	//                OpMemoryModel Logical GLSL450
	//                OpEntryPoint GLCompute %9 "double"
	//                OpExecutionMode %9 LocalSize 1 1 1
	//          %17 = OpString "double"
	//          %19 = OpString ""
	//          %21 = OpString "a"
	//                OpDecorate %_runtimearr_float ArrayStride 4
	//                OpDecorate %_struct_5 Block
	//                OpMemberDecorate %_struct_5 0 Offset 0
	//                OpDecorate %7 DescriptorSet 0
	//                OpDecorate %7 Binding 0
	//        %void = OpTypeVoid
	//       %float = OpTypeFloat 32
	//        %uint = OpTypeInt 32 0
	// %_runtimearr_float = OpTypeRuntimeArray %float
	//   %_struct_5 = OpTypeStruct %_runtimearr_float
	// %_ptr_StorageBuffer__struct_5 = OpTypePointer StorageBuffer %_struct_5
	//           %7 = OpVariable %_ptr_StorageBuffer__struct_5 StorageBuffer
	//           %8 = OpTypeFunction %void
	// %_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
	//      %uint_0 = OpConstant %uint 0
	//      %uint_1 = OpConstant %uint 1
	//           %9 = OpFunction %void None %8
	//          %10 = OpLabel
	//          %13 = OpAccessChain %_ptr_StorageBuffer_float %7 %uint_0 %uint_0
	//          %14 = OpLoad %float %13
	//          %15 = OpFAdd %float %14 %14
	//                OpStore %13 %15
	//                OpReturn
	//                OpFunctionEnd
	//          %20 = OpExtInst %void %16 Kernel %9 %17 %uint_1 %uint_0 %19
	//          %22 = OpExtInst %void %16 ArgumentInfo %21
	//          %23 = OpExtInst %void %16 ArgumentStorageBuffer %20 %uint_0 %uint_0 %uint_0 %22
}
