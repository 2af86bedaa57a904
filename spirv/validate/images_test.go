package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv/spirvtest"
)

// imageBase is a valid module using images as clgo's compiler maps them
// (docs/images.md): a sampled image read through a sampler and fetched,
// a storage image read and written, both queried.
const imageBase = `
               OpCapability Shader
               OpCapability StorageImageReadWithoutFormat
               OpCapability StorageImageWriteWithoutFormat
               OpCapability ImageQuery
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %src DescriptorSet 0
               OpDecorate %src Binding 0
               OpDecorate %dst DescriptorSet 0
               OpDecorate %dst Binding 1
               OpDecorate %smp DescriptorSet 0
               OpDecorate %smp Binding 2
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
    %v2float = OpTypeVector %float 2
    %v4float = OpTypeVector %float 4
      %v4int = OpTypeVector %int 4
     %uint_0 = OpConstant %uint 0
    %float_0 = OpConstant %float 0
      %coord = OpConstantComposite %v2uint %uint_0 %uint_0
     %fcoord = OpConstantComposite %v2float %float_0 %float_0
       %rimg = OpTypeImage %float 2D 0 0 0 1 Unknown
       %wimg = OpTypeImage %int 2D 0 0 0 2 Unknown
    %sampler = OpTypeSampler
     %simg = OpTypeSampledImage %rimg
      %ptr_r = OpTypePointer UniformConstant %rimg
      %ptr_w = OpTypePointer UniformConstant %wimg
      %ptr_s = OpTypePointer UniformConstant %sampler
        %src = OpVariable %ptr_r UniformConstant
        %dst = OpVariable %ptr_w UniformConstant
        %smp = OpVariable %ptr_s UniformConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %r = OpLoad %rimg %src
          %w = OpLoad %wimg %dst
          %s = OpLoad %sampler %smp
         %si = OpSampledImage %simg %r %s
          %a = OpImageSampleExplicitLod %v4float %si %fcoord Lod %float_0
          %b = OpImageFetch %v4float %r %coord Lod %uint_0
          %c = OpImageRead %v4int %w %coord
               OpImageWrite %w %coord %c
         %sz = OpImageQuerySizeLod %v2uint %r %uint_0
        %wsz = OpImageQuerySize %v2uint %w
               OpBranch %next
       %next = OpLabel
               OpReturn
               OpFunctionEnd
`

func TestImageBaseIsValid(t *testing.T) {
	b := assemble(t, imageBase)
	spirvtest.Validate(t, words(b), "vulkan1.1")
	if _, err := Binary(b); err != nil {
		t.Fatal(err)
	}
}

// Each case breaks imageBase in one way spirv-val rejects too.
func TestImageRejects(t *testing.T) {
	for _, c := range []struct {
		name, old, new, want string
		clgoOnly             bool // spirv-val accepts it; clgo's drivers cannot run it
	}{
		{"sampled type", "%rimg = OpTypeImage %float", "%rimg = OpTypeImage %v2float", "sampled type %", false},
		{"Sampled 0", "%wimg = OpTypeImage %int 2D 0 0 0 2 Unknown", "%wimg = OpTypeImage %int 2D 0 0 0 0 Unknown", "Vulkan needs 1 (sampled) or 2 (storage)", false},
		{"image in Private storage", "%ptr_s = OpTypePointer UniformConstant %sampler", "%ptr_s = OpTypePointer UniformConstant %sampler\n%ptr_p = OpTypePointer Private %sampler\n%ps = OpVariable %ptr_p Private", "must have storage class UniformConstant", true},
		{"data in UniformConstant", "%ptr_s = OpTypePointer UniformConstant %sampler", "%ptr_s = OpTypePointer UniformConstant %sampler\n%ptr_u = OpTypePointer UniformConstant %uint\n%pu = OpVariable %ptr_u UniformConstant", "must hold images, samplers or sampled images", false},
		{"sampled image from another block", "OpBranch %next\n       %next = OpLabel\n", "OpBranch %next\n       %next = OpLabel\n%a2 = OpImageSampleExplicitLod %v4float %si %fcoord Lod %float_0\n", "OpSampledImage must be in the block of its use", false},
		{"sample without Lod", "%a = OpImageSampleExplicitLod %v4float %si %fcoord Lod %float_0", "%a = OpImageSampleExplicitLod %v4float %si %fcoord None", "needs a Lod or Grad operand", true},
		{"sample result type", "%a = OpImageSampleExplicitLod %v4float", "%a = OpImageSampleExplicitLod %v4int", "does not match the image's sampled type", false},
		{"fetch from a storage image", "%b = OpImageFetch %v4float %r %coord Lod %uint_0", "%b = OpImageFetch %v4int %w %coord Lod %uint_0", "OpImageFetch needs a sampled image", false},
		{"fetch with float coordinates", "%b = OpImageFetch %v4float %r %coord Lod %uint_0", "%b = OpImageFetch %v4float %r %fcoord Lod %uint_0", "is not a integer scalar or vector", false},
		{"read from a sampled image", "%c = OpImageRead %v4int %w %coord", "%c = OpImageRead %v4float %r %coord", "OpImageRead needs a storage image", false},
		{"write texel type", "OpImageWrite %w %coord %c", "OpImageWrite %w %coord %a", "texel type %", false},
		{"read without format capability", "OpCapability StorageImageReadWithoutFormat\n", "", "needs capability StorageImageReadWithoutFormat", false},
		{"size query kind", "%wsz = OpImageQuerySize %v2uint %w", "%wsz = OpImageQuerySize %v2uint %r", "OpImageQuerySize needs a storage", false},
		{"size query components", "%sz = OpImageQuerySizeLod %v2uint %r %uint_0", "%sz = OpImageQuerySizeLod %uint %r %uint_0", "integer type of 2 components", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(imageBase, c.old) {
				t.Fatalf("imageBase has no %q", c.old)
			}
			b := assemble(t, strings.Replace(imageBase, c.old, c.new, 1))
			if spirvtest.Check(t, words(b), "vulkan1.1") == nil && !c.clgoOnly {
				t.Errorf("spirv-val accepts it")
			}
			_, err := Binary(b)
			var ve *Error
			if !errors.As(err, &ve) {
				t.Fatalf("Binary: %v, want an *Error", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Binary: %v\nwant an error containing %q", err, c.want)
			}
		})
	}
}
