package vulkan

import "unsafe"

// Vulkan has no core query for the number of compute units; vendors expose
// it in extensions: NVIDIA's SM count (VK_NV_shader_sm_builtins), AMD's
// shader engine layout (VK_AMD_shader_core_properties) and ARM's shader
// core count (VK_ARM_shader_core_builtins). Programs size their work from
// CL_DEVICE_MAX_COMPUTE_UNITS (clpeak launches units x work-groups), so a
// GPU reported as one unit is under-filled.

const (
	sTypeShaderSMBuiltinsPropertiesNV    = 1000154001
	sTypeShaderCorePropertiesAMD         = 1000185000
	sTypeShaderCoreBuiltinsPropertiesARM = 1000497001
	extShaderSMBuiltinsNV                = "VK_NV_shader_sm_builtins"
	extShaderCorePropertiesAMD           = "VK_AMD_shader_core_properties"
	extShaderCoreBuiltinsARM             = "VK_ARM_shader_core_builtins"
)

// VkPhysicalDeviceShaderSMBuiltinsPropertiesNV
type vkShaderSMBuiltinsPropertiesNV struct {
	sType            uint32
	pNext            unsafe.Pointer
	shaderSMCount    uint32
	shaderWarpsPerSM uint32
}

// VkPhysicalDeviceShaderCorePropertiesAMD
type vkShaderCorePropertiesAMD struct {
	sType                      uint32
	pNext                      unsafe.Pointer
	shaderEngineCount          uint32
	shaderArraysPerEngineCount uint32
	computeUnitsPerShaderArray uint32
	simdPerComputeUnit         uint32
	rest                       [10]uint32 // wavefronts, registers
}

// VkPhysicalDeviceShaderCoreBuiltinsPropertiesARM
type vkShaderCoreBuiltinsPropertiesARM struct {
	sType              uint32
	pNext              unsafe.Pointer
	shaderCoreMask     uint64
	shaderCoreCount    uint32
	shaderWarpsPerCore uint32
}

// coreProps are the vendor structs a physical device fills.
type coreProps struct {
	nv  vkShaderSMBuiltinsPropertiesNV
	amd vkShaderCorePropertiesAMD
	arm vkShaderCoreBuiltinsPropertiesARM
}

// chain links the structs of the extensions p has behind *tail and
// returns the new tail.
func (c *coreProps) chain(p *physical, tail *unsafe.Pointer) *unsafe.Pointer {
	if p.exts[extShaderSMBuiltinsNV] {
		c.nv.sType = sTypeShaderSMBuiltinsPropertiesNV
		*tail = unsafe.Pointer(&c.nv)
		tail = &c.nv.pNext
	}
	if p.exts[extShaderCorePropertiesAMD] {
		c.amd.sType = sTypeShaderCorePropertiesAMD
		*tail = unsafe.Pointer(&c.amd)
		tail = &c.amd.pNext
	}
	if p.exts[extShaderCoreBuiltinsARM] {
		c.arm.sType = sTypeShaderCoreBuiltinsPropertiesARM
		*tail = unsafe.Pointer(&c.arm)
		tail = &c.arm.pNext
	}
	return tail
}

// computeUnits is the device's number of compute units, 0 when no
// extension tells.
func (c *coreProps) computeUnits() uint32 {
	switch {
	case c.nv.shaderSMCount > 0:
		return c.nv.shaderSMCount
	case c.amd.shaderEngineCount > 0:
		return c.amd.shaderEngineCount * max(c.amd.shaderArraysPerEngineCount, 1) * max(c.amd.computeUnitsPerShaderArray, 1)
	case c.arm.shaderCoreCount > 0:
		return c.arm.shaderCoreCount
	}
	return 0
}
