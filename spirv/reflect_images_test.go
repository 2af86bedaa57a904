package spirv_test

import (
	"reflect"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// imageReflection is the reflection of
//
//	kernel void img(read_only image2d_t src, write_only image3d_t dst,
//	                sampler_t s, read_only image1d_buffer_t tb,
//	                write_only image1d_buffer_t wb, global int *out)
//
// with two literal samplers and channel queries on src and dst, every
// image-related instruction of NonSemantic.ClspvReflection that clgo
// writes.
func imageReflection() *spirv.Reflection {
	info := func(name, typ string, access uint32) spirv.Arg {
		return spirv.Arg{Name: name, TypeName: typ, AddressQualifier: spirv.ArgAddressGlobal, AccessQualifier: access}
	}
	args := []spirv.Arg{
		info("src", "image2d_t", spirv.ArgAccessReadOnly),
		info("dst", "image3d_t", spirv.ArgAccessWriteOnly),
		{Name: "s", TypeName: "sampler_t", AddressQualifier: spirv.ArgAddressPrivate, AccessQualifier: spirv.ArgAccessNone},
		info("tb", "image1d_buffer_t", spirv.ArgAccessReadOnly),
		info("wb", "image1d_buffer_t", spirv.ArgAccessWriteOnly),
		info("out", "int*", spirv.ArgAccessNone),
	}
	kinds := []spirv.ArgKind{spirv.ArgROImage, spirv.ArgWOImage, spirv.ArgSampler, spirv.ArgUniformTexelBuffer, spirv.ArgStorageTexelBuffer, spirv.ArgBuffer}
	for i := range args {
		args[i].Ordinal, args[i].Kind, args[i].Binding = uint32(i), kinds[i], uint32(i)
	}
	return &spirv.Reflection{
		Kernels: []spirv.Kernel{{Name: "img", NumArgs: 6, Args: args, ImageChannelInfo: []spirv.ImageChannelInfo{
			{Ordinal: 0, PushConstant: true, Offset: 16, Size: 4},
			{Ordinal: 0, DataType: true, PushConstant: true, Offset: 20, Size: 4},
			{Ordinal: 1, DataType: true, PushConstant: true, Offset: 24, Size: 4},
		}}},
		PushConstants:   []spirv.PushConstant{{Kind: spirv.PushRegionOffset, Offset: 0, Size: 12}},
		LiteralSamplers: []spirv.LiteralSampler{{Binding: 6, Mask: 0x12}, {Binding: 7, Mask: 0x29}},
	}
}

// emptyKernel is a module with one empty GLCompute entry point "img".
func emptyKernel() *spirv.Builder {
	b := spirv.NewBuilder(spirv.Version13)
	b.Capability(spirv.CapabilityShader)
	b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)
	void := b.TypeVoid()
	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, "img")
	b.ExecutionMode(fn.ID, spirv.ExecutionModeLocalSize, 1, 1, 1)
	return b
}

func TestImageReflectionRoundTrip(t *testing.T) {
	b := emptyKernel()
	r := imageReflection()
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	words := b.Module.Words()
	spirvtest.Validate(t, words, "vulkan1.1")
	m, err := spirv.DecodeWords(words)
	if err != nil {
		t.Fatal(err)
	}
	got, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	r.Kernels[0].Function = b.Module.Functions[0].ID
	if !reflect.DeepEqual(got, r) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, r)
	}
}

func TestImageDescriptorMap(t *testing.T) {
	want := `sampler,18,samplerExpr,"CLK_ADDRESS_CLAMP_TO_EDGE|CLK_FILTER_NEAREST|CLK_NORMALIZED_COORDS_FALSE",descriptorSet,0,binding,6
sampler,41,samplerExpr,"CLK_ADDRESS_MIRRORED_REPEAT|CLK_FILTER_LINEAR|CLK_NORMALIZED_COORDS_TRUE",descriptorSet,0,binding,7
kernel,img,arg,src,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,ro_image
kernel,img,arg,dst,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,wo_image
kernel,img,arg,s,argOrdinal,2,descriptorSet,0,binding,2,offset,0,argKind,sampler
kernel,img,arg,tb,argOrdinal,3,descriptorSet,0,binding,3,offset,0,argKind,uniform_texel_buffer
kernel,img,arg,wb,argOrdinal,4,descriptorSet,0,binding,4,offset,0,argKind,storage_texel_buffer
kernel,img,arg,out,argOrdinal,5,descriptorSet,0,binding,5,offset,0,argKind,buffer
`
	if got := imageReflection().DescriptorMap(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
