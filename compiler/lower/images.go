package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Image kernel arguments, as docs/images.md maps them: an OpTypeImage
// variable in UniformConstant storage per argument, loaded once at the
// kernel's start. The loaded handle is the image's value: helper functions
// are inlined, so the handle reaches every read_image/write_image/
// get_image_* call directly, and no image is ever stored in a Function
// variable (Vulkan's SPIR-V forbids it).

// imageArg is one image argument of the kernel being lowered.
type imageArg struct {
	param    *types.Var
	ordinal  uint32
	typ      *types.Image
	kind     types.Kind // sampled type: Float, Int or UInt
	elem     spirv.ID   // the SPIR-V sampled type
	imgType  spirv.ID   // the OpTypeImage
	storage  bool       // Sampled=2: write_only or read_write
	pcMember map[bool]uint32
}

// imageDim is the SPIR-V Dim of an OpenCL image type.
func imageDim(t *types.Image) spirv.Dim {
	switch t.Dim {
	case types.Image1D:
		return spirv.Dim1D
	case types.Image3D:
		return spirv.Dim3D
	case types.Image1DBuffer:
		return spirv.DimBuffer
	}
	return spirv.Dim2D
}

// imageCoords is the number of coordinate components of an image type
// (with the layer of an array image last), as OpImageQuerySize returns
// them and the image instructions take them.
func imageCoords(t *types.Image) int {
	n := 1
	switch t.Dim {
	case types.Image2D:
		n = 2
	case types.Image3D:
		n = 3
	}
	if t.Array {
		n++
	}
	return n
}

// sampledElem is the SPIR-V sampled type of an image of kind k: 32-bit
// float, signed int (Vulkan asks Signedness 1 for SINT formats) or
// unsigned int.
func (l *lowerer) sampledElem(k types.Kind) spirv.ID {
	switch k {
	case types.Int:
		return l.b.TypeInt(32, 1)
	case types.UInt:
		return l.b.TypeInt(32, 0)
	}
	return l.b.TypeFloat(32)
}

// declareImage declares image argument p (ordinal i) at set/binding and
// binds p to its loaded handle.
func (fs *fnState) declareImage(p *types.Var, t *types.Image, i int, use *imageUse, arg *spirv.Arg) {
	b := fs.b
	kind := types.Float
	if use != nil && use.kind != types.Invalid {
		kind = use.kind
	}
	ia := &imageArg{param: p, ordinal: uint32(i), typ: t, kind: kind, elem: fs.sampledElem(kind),
		storage: t.Access != types.ReadOnly, pcMember: map[bool]uint32{}}
	sampled := uint32(1)
	if ia.storage {
		sampled = 2
	}
	switch {
	case t.Dim == types.Image1DBuffer && ia.storage:
		arg.Kind = spirv.ArgStorageTexelBuffer
		b.Capability(spirv.CapabilityImageBuffer)
	case t.Dim == types.Image1DBuffer:
		arg.Kind = spirv.ArgUniformTexelBuffer
		b.Capability(spirv.CapabilitySampledBuffer)
	case ia.storage:
		arg.Kind = spirv.ArgWOImage
		if t.Dim == types.Image1D {
			b.Capability(spirv.CapabilityImage1D)
		}
	default:
		arg.Kind = spirv.ArgROImage
		if t.Dim == types.Image1D {
			b.Capability(spirv.CapabilitySampled1D)
		}
	}
	arrayed := uint32(0)
	if t.Array {
		arrayed = 1
	}
	// Depth images read their first channel: Depth=0 keeps the ordinary
	// instructions (see docs/images.md).
	ia.imgType = b.TypeImage(ia.elem, imageDim(t), 0, arrayed, 0, sampled, spirv.ImageFormatUnknown)
	id := b.Variable(b.TypePointer(spirv.StorageClassUniformConstant, ia.imgType), spirv.StorageClassUniformConstant)
	b.Name(id, p.Name)
	b.Decorate(id, spirv.DecorationDescriptorSet, arg.DescriptorSet)
	b.Decorate(id, spirv.DecorationBinding, arg.Binding)
	h := b.EmitIDs(spirv.OpLoad, ia.imgType, fs.gv(id))
	if fs.images == nil {
		fs.images = map[spirv.ID]*imageArg{}
	}
	fs.images[h] = ia
	fs.vars[p] = &binding{val: &value{t: p.Type, id: h}}
	if use != nil {
		// Sampling in code reads the channel order for the border colour.
		order := use.order || use.sampled && fs.opts.SampleNearestInCode && !ia.storage && t.Dim != types.Image1DBuffer
		for _, dt := range []bool{false, true} {
			if (dt && use.dataType) || (!dt && order) {
				fs.imageInfo = append(fs.imageInfo, imageInfoPC{img: ia, dataType: dt})
			}
		}
	}
}

// declareSamplerArg declares sampler argument p (ordinal i) at
// set/binding and binds p to its loaded handle. A kernel that samples in
// code also reads the sampler's state from push constants.
func (fs *fnState) declareSamplerArg(p *types.Var, i int, arg *spirv.Arg) {
	b := fs.b
	arg.Kind = spirv.ArgSampler
	st := b.TypeSampler()
	id := b.Variable(b.TypePointer(spirv.StorageClassUniformConstant, st), spirv.StorageClassUniformConstant)
	b.Name(id, p.Name)
	b.Decorate(id, spirv.DecorationDescriptorSet, arg.DescriptorSet)
	b.Decorate(id, spirv.DecorationBinding, arg.Binding)
	h := b.EmitIDs(spirv.OpLoad, st, fs.gv(id))
	fs.vars[p] = &binding{val: &value{t: p.Type, id: h}}
	if fs.opts.SampleNearestInCode {
		sa := &samplerArg{ordinal: uint32(i)}
		if fs.samplerArgs == nil {
			fs.samplerArgs = map[spirv.ID]*samplerArg{}
		}
		fs.samplerArgs[h] = sa
		fs.samplerPCs = append(fs.samplerPCs, sa)
	}
}

// imageInfoPC is a 32-bit push constant the runtime fills with an image
// argument's channel order or data type (get_image_channel_*).
type imageInfoPC struct {
	img      *imageArg
	dataType bool
}
