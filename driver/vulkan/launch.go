package vulkan

import (
	"encoding/binary"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// This file is the driver-independent part of a launch: how an NDRange
// region and the arguments become specialization constants and push
// constants under the clgo/clspv kernel interface. It follows driver/host
// (kernel.launch) value for value, and has no Vulkan in it, so that both
// drivers could share it from one package.

// specValue is one specialization constant.
type specValue struct{ id, value uint32 }

// appendSpecConstants appends the module-wide and per-argument
// specialization constants of a dispatch: the work-group size, the global
// offset and work dimension when the module takes them as spec constants,
// the element count of each __local argument. wgIDs are the work-group
// size's spec ids (nil when the size is fixed in the module).
func appendSpecConstants(out []specValue, refl *spirv.Reflection, k *spirv.Kernel, wgIDs *[3]uint32, args []driver.Arg, nd *driver.NDRange, subgroupSize uint32) []specValue {
	if wgIDs != nil {
		for i := range 3 {
			out = append(out, specValue{wgIDs[i], uint32(nd.Local[i])})
		}
	}
	if ids := refl.GlobalOffsetSpecIDs; ids != nil {
		for i := range 3 {
			out = append(out, specValue{ids[i], uint32(nd.Offset[i])})
		}
	}
	if id := refl.WorkDimSpecID; id != nil {
		out = append(out, specValue{*id, uint32(nd.Dims)})
	}
	if id := refl.SubgroupMaxSizeSpecID; id != nil {
		out = append(out, specValue{*id, subgroupSize})
	}
	for _, a := range k.Args {
		if a.Kind == spirv.ArgLocal && a.ElemSize != 0 && int(a.Ordinal) < len(args) {
			out = append(out, specValue{a.SpecID, uint32(args[a.Ordinal].LocalSize / uint64(a.ElemSize))})
		}
	}
	return out
}

// putWorkItemPushConstants writes the module-wide work-item values of the
// region nd into push (which must cover them).
func putWorkItemPushConstants(push []byte, refl *spirv.Reflection, nd *driver.NDRange) {
	for _, pc := range refl.PushConstants {
		var v [3]uint64
		switch pc.Kind {
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
		for i := 0; i < 3 && 4*i+4 <= int(pc.Size); i++ {
			binary.LittleEndian.PutUint32(push[int(pc.Offset)+4*i:], uint32(v[i]))
		}
	}
}

// hasRegionPushConstants reports whether the module derives global and
// group ids from the region push constants, so that a region can be cut
// into several dispatches by changing them.
func hasRegionPushConstants(refl *spirv.Reflection) bool {
	for _, pc := range refl.PushConstants {
		if pc.Kind == spirv.PushRegionOffset || pc.Kind == spirv.PushRegionGroupOffset {
			return true
		}
	}
	return false
}

// pushConstantsEnd is the end of the push constants the reflection
// describes: the work-item values and POD arguments passed that way.
func pushConstantsEnd(refl *spirv.Reflection, k *spirv.Kernel) uint32 {
	end := uint32(0)
	for _, pc := range refl.PushConstants {
		end = max(end, pc.Offset+pc.Size)
	}
	for _, a := range k.Args {
		if a.Kind == spirv.ArgPODPushConstant || a.Kind == spirv.ArgPointerPushConstant {
			end = max(end, a.Offset+a.Size)
		}
	}
	return end
}

// chunk is one dispatch of a region cut to the device's work-group count
// limits: base is its first group, count its groups.
type chunk struct{ base, count [3]uint64 }

// splitGroups cuts groups into chunks of at most limit per dimension.
func splitGroups(groups [3]uint64, limit [3]uint64, out []chunk) []chunk {
	for z := uint64(0); z < groups[2]; z += limit[2] {
		for y := uint64(0); y < groups[1]; y += limit[1] {
			for x := uint64(0); x < groups[0]; x += limit[0] {
				out = append(out, chunk{
					base:  [3]uint64{x, y, z},
					count: [3]uint64{min(limit[0], groups[0]-x), min(limit[1], groups[1]-y), min(limit[2], groups[2]-z)},
				})
			}
		}
	}
	return out
}

// subRegion is the NDRange region of chunk c of nd: the same NDRange with
// the region moved by the chunk's first group.
func subRegion(nd *driver.NDRange, c *chunk) driver.NDRange {
	sub := *nd
	for i := range 3 {
		sub.RegionOffset[i] += c.base[i] * nd.Local[i]
		sub.Region[i] = c.count[i] * nd.Local[i]
	}
	return sub
}
