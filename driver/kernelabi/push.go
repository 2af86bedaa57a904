package kernelabi

import (
	"encoding/binary"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// PODSlack is the number of zero bytes after the last field of a POD
// cluster buffer: vector loads of the last field stay in range.
const PODSlack = 16

// WorkItemValue is the value of a work-item push constant of kind for the
// region nd (see the package comment).
func WorkItemValue(kind spirv.PushConstantKind, nd *driver.NDRange) [3]uint64 {
	var v [3]uint64
	switch kind {
	case spirv.PushGlobalOffset:
		v = nd.Offset
	case spirv.PushEnqueuedLocalSize:
		v = nd.EnqueuedLocal
	case spirv.PushGlobalSize:
		v = nd.Global
	case spirv.PushRegionOffset:
		for i := range 3 {
			v[i] = nd.RegionOffset[i] + nd.Offset[i]
		}
	case spirv.PushNumWorkgroups:
		for i := range 3 {
			if nd.EnqueuedLocal[i] != 0 {
				v[i] = (nd.Global[i] + nd.EnqueuedLocal[i] - 1) / nd.EnqueuedLocal[i]
			}
		}
	case spirv.PushRegionGroupOffset:
		for i := range 3 {
			if nd.EnqueuedLocal[i] != 0 {
				v[i] = nd.RegionOffset[i] / nd.EnqueuedLocal[i]
			}
		}
	}
	return v
}

// PutWorkItemPushConstants writes the module-wide work-item values of the
// region nd into push, which must be PushConstantsEnd bytes long at least:
// each value as 32-bit words, as many as its size holds.
func PutWorkItemPushConstants(push []byte, refl *spirv.Reflection, nd *driver.NDRange) {
	for _, pc := range refl.PushConstants {
		v := WorkItemValue(pc.Kind, nd)
		for i := 0; i < 3 && 4*i+4 <= int(pc.Size); i++ {
			binary.LittleEndian.PutUint32(push[int(pc.Offset)+4*i:], uint32(v[i]))
		}
	}
}

// HasRegionPushConstants reports whether the module derives global and
// group ids from the region push constants, so that a region can be cut
// into several dispatches by changing them (and its built-in ids are
// relative to the dispatch).
func HasRegionPushConstants(refl *spirv.Reflection) bool {
	for _, pc := range refl.PushConstants {
		if pc.Kind == spirv.PushRegionOffset || pc.Kind == spirv.PushRegionGroupOffset {
			return true
		}
	}
	return false
}

// PushConstantsEnd is the end of the push constants of kernel k: the
// work-item values, the POD and pointer arguments passed as push
// constants, the image channel queries (PutImageChannelPushConstants) and
// the pointers of PutPointerPushConstants.
func PushConstantsEnd(refl *spirv.Reflection, k *spirv.Kernel) uint32 {
	end := uint32(0)
	for _, pc := range refl.PushConstants {
		end = max(end, pc.Offset+pc.Size)
	}
	for _, ic := range k.ImageChannelInfo {
		if ic.PushConstant {
			end = max(end, ic.Offset+ic.Size)
		}
	}
	for _, sm := range k.SamplerMasks {
		end = max(end, sm.Offset+sm.Size)
	}
	for _, a := range k.Args {
		if a.Kind == spirv.ArgPODPushConstant || a.Kind == spirv.ArgPointerPushConstant {
			end = max(end, a.Offset+a.Size)
		}
	}
	if ps := refl.ProgramScopeVariables; ps != nil && ps.PushConstant {
		end = max(end, ps.Offset+ps.Size)
	}
	if t := refl.SVMTable; t != nil {
		end = max(end, t.Offset+t.Size)
	}
	return end
}
