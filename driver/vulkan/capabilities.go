package vulkan

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// capabilitySet maps the SPIR-V capabilities a module may declare to the
// device feature that allows them ("" when the device has it enabled).
type capabilitySet map[spirv.Capability]string

// enabledCapabilities lists, for each capability kernels use, whether the
// created device has the feature; a missing one maps to the feature name.
func enabledCapabilities(p *physical, f2 *vkPhysicalDeviceFeatures2, f16, fvp, f8, ff16, fa64, fbda *vkFeatureStruct, has8, hasF16I8, hasA64, hasBDA bool) capabilitySet {
	set := capabilitySet{}
	need := func(c spirv.Capability, ok bool, feature string) {
		if ok {
			set[c] = ""
		} else {
			set[c] = feature
		}
	}
	f := &f2.features
	need(spirv.CapabilityShader, true, "")
	need(spirv.CapabilityInt16, f[featShaderInt16] != 0, "shaderInt16")
	need(spirv.CapabilityInt64, f[featShaderInt64] != 0, "shaderInt64")
	need(spirv.CapabilityFloat64, f[featShaderFloat64] != 0, "shaderFloat64")
	need(spirv.CapabilityInt8, hasF16I8 && ff16.b[1] != 0, "shaderInt8")
	need(spirv.CapabilityFloat16, hasF16I8 && ff16.b[0] != 0, "shaderFloat16")
	need(spirv.CapabilityStorageBuffer16BitAccess, f16.b[0] != 0, "storageBuffer16BitAccess")
	need(spirv.CapabilityUniformAndStorageBuffer16BitAccess, f16.b[1] != 0, "uniformAndStorageBuffer16BitAccess")
	need(spirv.CapabilityStoragePushConstant16, f16.b[2] != 0, "storagePushConstant16")
	need(spirv.CapabilityStorageBuffer8BitAccess, has8 && f8.b[0] != 0, "storageBuffer8BitAccess")
	need(spirv.CapabilityUniformAndStorageBuffer8BitAccess, has8 && f8.b[1] != 0, "uniformAndStorageBuffer8BitAccess")
	need(spirv.CapabilityStoragePushConstant8, has8 && f8.b[2] != 0, "storagePushConstant8")
	need(spirv.CapabilityVariablePointersStorageBuffer, fvp.b[0] != 0, "variablePointersStorageBuffer")
	need(spirv.CapabilityVariablePointers, fvp.b[1] != 0, "variablePointers")
	need(spirv.CapabilityInt64Atomics, hasA64 && fa64.b[0] != 0, "shaderBufferInt64Atomics")
	need(spirv.CapabilityPhysicalStorageBufferAddresses, hasBDA && fbda.b[0] != 0, "bufferDeviceAddress")
	need(spirv.CapabilitySignedZeroInfNanPreserve, p.floatCt.b[fcSignedZeroInfNanPreserveFloat32] != 0, "shaderSignedZeroInfNanPreserveFloat32")
	need(spirv.CapabilityDenormPreserve, p.floatCt.b[fcDenormPreserveFloat32] != 0 || p.floatCt.b[fcDenormPreserveFloat64] != 0, "shaderDenormPreserveFloat32")
	need(spirv.CapabilityRoundingModeRTE, p.floatCt.b[fcRoundingModeRTEFloat16] != 0, "shaderRoundingModeRTEFloat16")
	// Without the feature, reads are specialized per format (formatspec.go).
	need(spirv.CapabilityStorageImageReadWithoutFormat, f[featShaderStorageImageReadWithoutFormat] != 0 || p.readByFormat(), "shaderStorageImageReadWithoutFormat")
	need(spirv.CapabilityStorageImageExtendedFormats, f[featShaderStorageImageExtendedFormats] != 0, "shaderStorageImageExtendedFormats")
	need(spirv.CapabilityStorageImageWriteWithoutFormat, f[featShaderStorageImageWriteWithoutFormat] != 0, "shaderStorageImageWriteWithoutFormat")
	for _, c := range []spirv.Capability{spirv.CapabilityImage1D, spirv.CapabilitySampled1D, spirv.CapabilityImageBuffer, spirv.CapabilitySampledBuffer, spirv.CapabilityImageQuery} {
		need(c, true, "")
	}
	// Sub-group operations, by the bits of supportedOperations.
	ops := p.sub.supportedOperations
	if p.sub.supportedStages&shaderStageCompute == 0 {
		ops = 0
	}
	for bit, c := range []spirv.Capability{spirv.CapabilityGroupNonUniform, spirv.CapabilityGroupNonUniformVote,
		spirv.CapabilityGroupNonUniformArithmetic, spirv.CapabilityGroupNonUniformBallot, spirv.CapabilityGroupNonUniformShuffle,
		spirv.CapabilityGroupNonUniformShuffleRelative, spirv.CapabilityGroupNonUniformClustered, spirv.CapabilityGroupNonUniformQuad} {
		need(c, ops&(1<<bit) != 0, "subgroup operations ("+strings.TrimPrefix(c.String(), "GroupNonUniform")+")")
	}
	return set
}

// maxSPIRV is the newest SPIR-V version a device of Vulkan version api
// accepts.
func maxSPIRV(api uint32) spirv.Version {
	switch {
	case api >= vkMakeAPIVersion(1, 3, 0):
		return spirv.MakeVersion(1, 6)
	case api >= vkMakeAPIVersion(1, 2, 0):
		return spirv.MakeVersion(1, 5)
	}
	return spirv.MakeVersion(1, 3)
}

// checkModule reports, wrapping ErrUnsupported, the first thing in m the
// device cannot run: a SPIR-V version or a capability without its feature.
func (l *logical) checkModule(m *spirv.Module) error {
	if v := maxSPIRV(l.phys.props.apiVersion); m.Version > v {
		return fmt.Errorf("vulkan: %s: SPIR-V %v needs a newer Vulkan than %s (SPIR-V %v at most): %w",
			l.info.Name, m.Version, versionString(l.phys.props.apiVersion), v, driver.ErrUnsupported)
	}
	var missing []string
	for _, in := range m.Capabilities {
		if len(in.Operands) == 0 {
			continue
		}
		c := spirv.Capability(in.Operands[0])
		feature, known := l.enabled[c]
		switch {
		case !known:
			missing = append(missing, fmt.Sprintf("capability %v (not supported by this driver)", c))
		case feature != "":
			missing = append(missing, fmt.Sprintf("capability %v (needs %s)", c, feature))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("vulkan: %s lacks what the module uses: %s: %w", l.info.Name, strings.Join(missing, ", "), driver.ErrUnsupported)
	}
	return nil
}
