package validate

import (
	"sync"

	"github.com/clgo/clgo/spirv"
)

// The environment clgo runs: Vulkan compute. These lists are what the
// drivers accept (the Vulkan driver checks each capability against the
// device's features besides), what clgo's compiler, clspv and glslang
// compute shaders declare.

// allowedCapabilities is built on first use, not in every process at
// start-up.
var allowedCapabilities = sync.OnceValue(func() map[spirv.Capability]bool {
	m := map[spirv.Capability]bool{}
	for _, c := range []spirv.Capability{
		spirv.CapabilityShader, spirv.CapabilityMatrix,
		spirv.CapabilityInt8, spirv.CapabilityInt16, spirv.CapabilityInt64, spirv.CapabilityInt64Atomics,
		spirv.CapabilityFloat16, spirv.CapabilityFloat64,
		spirv.CapabilityStorageBuffer16BitAccess, spirv.CapabilityUniformAndStorageBuffer16BitAccess, spirv.CapabilityStoragePushConstant16,
		spirv.CapabilityStorageBuffer8BitAccess, spirv.CapabilityUniformAndStorageBuffer8BitAccess, spirv.CapabilityStoragePushConstant8,
		spirv.CapabilityVariablePointersStorageBuffer, spirv.CapabilityVariablePointers,
		spirv.CapabilityPhysicalStorageBufferAddresses,
		spirv.CapabilitySignedZeroInfNanPreserve, spirv.CapabilityDenormPreserve, spirv.CapabilityDenormFlushToZero,
		spirv.CapabilityRoundingModeRTE, spirv.CapabilityRoundingModeRTZ,
		spirv.CapabilityStorageImageReadWithoutFormat, spirv.CapabilityStorageImageWriteWithoutFormat,
		spirv.CapabilityStorageImageExtendedFormats,
		spirv.CapabilityImage1D, spirv.CapabilitySampled1D, spirv.CapabilityImageBuffer, spirv.CapabilitySampledBuffer, spirv.CapabilityImageQuery,
		spirv.CapabilityGroupNonUniform, spirv.CapabilityGroupNonUniformVote, spirv.CapabilityGroupNonUniformArithmetic,
		spirv.CapabilityGroupNonUniformBallot, spirv.CapabilityGroupNonUniformShuffle, spirv.CapabilityGroupNonUniformShuffleRelative,
		spirv.CapabilityGroupNonUniformClustered, spirv.CapabilityGroupNonUniformQuad,
		spirv.CapabilitySubgroupBallotKHR, spirv.CapabilitySubgroupVoteKHR,
		spirv.CapabilityVulkanMemoryModel, spirv.CapabilityVulkanMemoryModelDeviceScope,
		spirv.CapabilityShaderNonUniform, spirv.CapabilityRuntimeDescriptorArray,
		spirv.CapabilityAtomicFloat32AddEXT, spirv.CapabilityAtomicFloat64AddEXT,
		spirv.CapabilityAtomicFloat32MinMaxEXT, spirv.CapabilityAtomicFloat64MinMaxEXT,
		spirv.CapabilityDotProduct, spirv.CapabilityDotProductInput4x8Bit, spirv.CapabilityDotProductInput4x8BitPacked,
		spirv.CapabilityDotProductInputAll,
	} {
		m[c] = true
	}
	return m
})

var allowedExtensions = map[string]bool{
	"SPV_KHR_storage_buffer_storage_class": true,
	"SPV_KHR_variable_pointers":            true,
	"SPV_KHR_16bit_storage":                true,
	"SPV_KHR_8bit_storage":                 true,
	"SPV_KHR_float_controls":               true,
	"SPV_KHR_non_semantic_info":            true,
	"SPV_KHR_physical_storage_buffer":      true,
	"SPV_KHR_vulkan_memory_model":          true,
	"SPV_KHR_shader_ballot":                true,
	"SPV_KHR_subgroup_vote":                true,
	"SPV_KHR_integer_dot_product":          true,
	"SPV_KHR_expect_assume":                true,
	"SPV_KHR_no_integer_wrap_decoration":   true,
	"SPV_KHR_relaxed_extended_instruction": true,
	"SPV_EXT_shader_atomic_float_add":      true,
	"SPV_EXT_shader_atomic_float_min_max":  true,
	"SPV_EXT_descriptor_indexing":          true,
	"SPV_GOOGLE_decorate_string":           true,
	"SPV_GOOGLE_hlsl_functionality1":       true,
	"SPV_GOOGLE_user_type":                 true,
}

// allowedStorageClass reports whether pointers of storage class sc may
// appear in a Vulkan compute module.
func allowedStorageClass(sc spirv.StorageClass) bool {
	switch sc {
	case spirv.StorageClassUniformConstant, spirv.StorageClassInput, spirv.StorageClassUniform,
		spirv.StorageClassWorkgroup, spirv.StorageClassPrivate, spirv.StorageClassFunction,
		spirv.StorageClassPushConstant, spirv.StorageClassImage, spirv.StorageClassStorageBuffer,
		spirv.StorageClassPhysicalStorageBuffer:
		return true
	}
	return false
}

// computeBuiltIns are the built-in variables a GLCompute entry point has.
var computeBuiltIns = map[spirv.BuiltIn]bool{
	spirv.BuiltInNumWorkgroups: true, spirv.BuiltInWorkgroupSize: true, spirv.BuiltInWorkgroupId: true,
	spirv.BuiltInLocalInvocationId: true, spirv.BuiltInGlobalInvocationId: true, spirv.BuiltInLocalInvocationIndex: true,
	spirv.BuiltInSubgroupSize: true, spirv.BuiltInNumSubgroups: true, spirv.BuiltInSubgroupId: true,
	spirv.BuiltInSubgroupLocalInvocationId: true,
	spirv.BuiltInSubgroupEqMask:            true, spirv.BuiltInSubgroupGeMask: true, spirv.BuiltInSubgroupGtMask: true,
	spirv.BuiltInSubgroupLeMask: true, spirv.BuiltInSubgroupLtMask: true,
}
