package kernelabi

import (
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// SpecConstant is one specialization constant of a dispatch.
type SpecConstant struct{ ID, Value uint32 }

// AppendSpecConstants appends the specialization constants of a dispatch of
// kernel k of a module with reflection refl over nd: the work-group size
// (at wgIDs: refl.WorkgroupSizeSpecIDs, or the ids a driver found in a
// module without that reflection; nil when the module fixes the size), the
// global offset and work dimension when the module takes them as spec
// constants, the largest sub-group size (0: leave the module's default),
// and the element count of each __local argument. args must match k's
// arguments; a __local argument's size must be a non-zero multiple of its
// element size (LocalElems checks it).
func AppendSpecConstants(out []SpecConstant, refl *spirv.Reflection, k *spirv.Kernel, wgIDs *[3]uint32, args []driver.Arg, nd *driver.NDRange, subgroupSize uint32) []SpecConstant {
	if wgIDs != nil {
		for i := range 3 {
			out = append(out, SpecConstant{wgIDs[i], uint32(nd.Local[i])})
		}
	}
	if ids := refl.GlobalOffsetSpecIDs; ids != nil {
		for i := range 3 {
			out = append(out, SpecConstant{ids[i], uint32(nd.Offset[i])})
		}
	}
	if id := refl.WorkDimSpecID; id != nil {
		out = append(out, SpecConstant{*id, uint32(nd.Dims)})
	}
	if id := refl.SubgroupMaxSizeSpecID; id != nil && subgroupSize != 0 {
		out = append(out, SpecConstant{*id, subgroupSize})
	}
	for _, a := range k.Args {
		if a.Kind == spirv.ArgLocal && a.ElemSize != 0 && int(a.Ordinal) < len(args) {
			out = append(out, SpecConstant{a.SpecID, uint32(args[a.Ordinal].LocalSize / uint64(a.ElemSize))})
		}
	}
	return out
}

// LocalElems returns the element count of __local argument a given v, and
// false when v's size is zero or not a multiple of the element size.
func LocalElems(a *spirv.Arg, v *driver.Arg) (uint64, bool) {
	if a.ElemSize == 0 || v.LocalSize == 0 || v.LocalSize%uint64(a.ElemSize) != 0 {
		return 0, false
	}
	return v.LocalSize / uint64(a.ElemSize), true
}
