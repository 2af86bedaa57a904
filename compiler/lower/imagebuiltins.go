package lower

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// isImageBuiltin reports the builtins imageBuiltin lowers.
func isImageBuiltin(name string) bool {
	return strings.HasPrefix(name, "read_image") || strings.HasPrefix(name, "write_image") || strings.HasPrefix(name, "get_image_")
}

// imageOf evaluates the image operand of an image builtin: the handle of
// a kernel argument.
func (fs *fnState) imageOf(e syntax.Expr) (*imageArg, spirv.ID) {
	v := fs.expr(e)
	if ia := fs.images[v.id]; ia != nil {
		return ia, v.id
	}
	if v.id == 0 {
		return nil, 0 // reported where the operand was lowered
	}
	fs.errorf(e.Pos(), "the image operand must be an image kernel argument or a parameter it was passed to")
	return nil, 0
}

// imageBuiltin lowers the image functions of OpenCL C §6.13.14 as
// docs/images.md maps them.
func (fs *fnState) imageBuiltin(name string, x *syntax.CallExpr, t types.Type) value {
	b := fs.b
	ia, img := fs.imageOf(x.Args[0])
	if ia == nil {
		return fs.undef(t)
	}
	switch {
	case strings.HasPrefix(name, "read_image"):
		var smp spirv.ID
		if len(x.Args) == 3 {
			smp = fs.expr(x.Args[1]).id
		}
		coord := fs.expr(x.Args[len(x.Args)-1])
		return value{t: t, id: fs.readImage(ia, img, smp, coord, t)}
	case strings.HasPrefix(name, "write_image"):
		coord := fs.expr(x.Args[1])
		color := fs.expr(x.Args[2])
		c := fs.imageCoord(ia, coord, false)
		texel := color.id
		if types.VecLen(color.t) == 1 {
			// A depth image's one channel.
			z := fs.constOf(types.Typ[types.Float], 0)
			texel = b.EmitIDs(spirv.OpCompositeConstruct, b.TypeVector(ia.elem, 4), texel, z, z, z)
		} else if types.ElemKind(color.t) == types.Half {
			texel = b.EmitIDs(spirv.OpFConvert, b.TypeVector(ia.elem, 4), texel)
		} else if ia.kind == types.Int {
			texel = b.EmitIDs(spirv.OpBitcast, b.TypeVector(ia.elem, 4), texel)
		}
		b.Capability(spirv.CapabilityStorageImageWriteWithoutFormat)
		b.EmitIDs(spirv.OpImageWrite, 0, img, c, texel)
		return value{t: t}
	case name == "get_image_channel_order" || name == "get_image_channel_data_type":
		dt := name == "get_image_channel_data_type"
		idx, ok := ia.pcMember[dt]
		if !ok || fs.pcVar == 0 {
			fs.errorf(x.At, "internal error: no push constant for %s", name)
			return fs.undef(t)
		}
		u := fs.uint32T()
		p := b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u), fs.gv(fs.pcVar), fs.u32(idx))
		return fs.convert(value{t: types.Typ[types.UInt], id: b.EmitIDs(spirv.OpLoad, u, p)}, t)
	}
	// get_image_width/height/depth/dim/array_size: the size query.
	n := imageCoords(ia.typ)
	u := fs.uint32T()
	st := u
	if n > 1 {
		st = b.TypeVector(u, uint32(n))
	}
	b.Capability(spirv.CapabilityImageQuery)
	var size spirv.ID
	if ia.storage || ia.typ.Dim == types.Image1DBuffer {
		size = b.EmitIDs(spirv.OpImageQuerySize, st, img)
	} else {
		size = b.EmitIDs(spirv.OpImageQuerySizeLod, st, img, fs.u32(0))
	}
	comp := func(i int) spirv.ID {
		if n == 1 {
			return size
		}
		return b.Emit(spirv.OpCompositeExtract, u, uint32(size), uint32(i))
	}
	ut := types.Typ[types.UInt]
	switch name {
	case "get_image_width":
		return fs.convert(value{t: ut, id: comp(0)}, t)
	case "get_image_height":
		return fs.convert(value{t: ut, id: comp(1)}, t)
	case "get_image_depth":
		return fs.convert(value{t: ut, id: comp(2)}, t)
	case "get_image_array_size":
		return fs.convert(value{t: ut, id: comp(n - 1)}, t)
	case "get_image_dim":
		parts := []spirv.ID{comp(0), comp(1)}
		if types.VecLen(t) == 4 {
			parts = append(parts, comp(2), fs.u32(0))
		}
		return value{t: t, id: fs.construct(t, parts)}
	}
	fs.errorf(x.At, "builtin '%s' is not supported yet", name)
	return fs.undef(t)
}

// imageCoord takes the components of coord an image of ia's type uses (x,
// y, z or the layer, as imageCoords counts them), as float when asFloat
// (integer coordinates converted) or else as integers.
func (fs *fnState) imageCoord(ia *imageArg, coord value, asFloat bool) spirv.ID {
	b := fs.b
	n := imageCoords(ia.typ)
	k := types.ElemKind(coord.t)
	id := coord.id
	if m := types.VecLen(coord.t); m > n {
		rt := types.Type(types.Typ[k])
		if n > 1 {
			rt = types.NewVector(k, n)
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		id = fs.shuffle(id, coord.t, idx, rt)
	}
	if asFloat && !k.IsFloat() {
		ft := b.TypeFloat(32)
		if n > 1 {
			ft = b.TypeVector(ft, uint32(n))
		}
		id = b.EmitIDs(spirv.OpConvertSToF, ft, id)
	}
	return id
}

// readImage is read_image{f,i,ui,h}: a sample through smp when there is a
// sampler, else a fetch (sampled images) or a read (storage images).
func (fs *fnState) readImage(ia *imageArg, img, smp spirv.ID, coord value, t types.Type) spirv.ID {
	b := fs.b
	rt := b.TypeVector(ia.elem, 4)
	var r spirv.ID
	switch {
	case smp != 0 && fs.opts.SampleNearestInCode && !ia.storage && ia.typ.Dim != types.Image1DBuffer && fs.sampleInCode(ia, img, smp, coord, &r):
		// Computed in the kernel's code (imagesample.go).
	case smp != 0:
		var c spirv.ID
		if mask, ok := fs.samplerMasks[smp]; ok && mask&1 == 0 && (ia.typ.Dim == types.Image3D || ia.typ.Array) {
			c, smp = fs.normalizeCoord(ia, img, coord, mask)
		} else {
			c = fs.imageCoord(ia, coord, true)
		}
		si := b.EmitIDs(spirv.OpSampledImage, b.TypeSampledImage(ia.imgType), img, smp)
		zero := b.ConstantFloat32(b.TypeFloat(32), 0)
		r = b.Emit(spirv.OpImageSampleExplicitLod, rt, uint32(si), uint32(c), uint32(spirv.ImageOperandsLod), uint32(zero))
	case ia.storage:
		b.Capability(spirv.CapabilityStorageImageReadWithoutFormat)
		r = b.EmitIDs(spirv.OpImageRead, rt, img, fs.imageCoord(ia, coord, false))
	case ia.typ.Dim == types.Image1DBuffer:
		r = b.EmitIDs(spirv.OpImageFetch, rt, img, fs.imageCoord(ia, coord, false))
	default:
		r = b.Emit(spirv.OpImageFetch, rt, uint32(img), uint32(fs.imageCoord(ia, coord, false)), uint32(spirv.ImageOperandsLod), uint32(fs.u32(0)))
	}
	switch {
	case types.VecLen(t) == 1:
		// A depth image's one channel.
		r = b.Emit(spirv.OpCompositeExtract, fs.valType(t), uint32(r), 0)
	case types.ElemKind(t) == types.Half:
		r = b.EmitIDs(spirv.OpFConvert, fs.valType(t), r)
	case ia.kind == types.Int:
		r = b.EmitIDs(spirv.OpBitcast, fs.valType(t), r)
	}
	return r
}

// normalizeCoord handles a literal sampler with unnormalized coordinates
// on a 3D or array image, which Vulkan samplers cannot do
// (unnormalizedCoordinates allows single-layer 1D and 2D views only): the
// coordinates are normalized here and the image is sampled through the
// same sampler with normalized coordinates, which gives the same texels
// for the addressing modes unnormalized coordinates allow (none, clamp to
// edge, clamp). With nearest filtering a coordinate u becomes the centre
// of texel floor(u), so that rounding in the division and in the device's
// scaling back cannot move it to a neighbour; the layer of an array image
// is never normalized.
func (fs *fnState) normalizeCoord(ia *imageArg, img spirv.ID, coord value, mask uint32) (c, smp spirv.ID) {
	b := fs.b
	c = fs.imageCoord(ia, coord, true)
	n := imageCoords(ia.typ)
	f := b.TypeFloat(32)
	vt := f
	if n > 1 {
		vt = b.TypeVector(f, uint32(n))
	}
	if mask&0x20 == 0 { // CLK_FILTER_NEAREST
		c = b.ExtInst(vt, fs.glsl, uint32(spirv.GLSLstd450Floor), c)
		half := b.ConstantFloat32(f, 0.5)
		h := half
		if n > 1 {
			parts := make([]spirv.ID, n)
			for i := range parts {
				parts[i] = half
			}
			h = b.ConstantComposite(vt, parts...)
		}
		c = b.EmitIDs(spirv.OpFAdd, vt, c, h)
	}
	b.Capability(spirv.CapabilityImageQuery)
	u := fs.uint32T()
	st := u
	if n > 1 {
		st = b.TypeVector(u, uint32(n))
	}
	size := b.EmitIDs(spirv.OpConvertUToF, vt, b.EmitIDs(spirv.OpImageQuerySizeLod, st, img, fs.u32(0)))
	if ia.typ.Array {
		// Divide the layer by 1: it stays as it is.
		one := b.ConstantFloat32(f, 1)
		parts := make([]spirv.ID, n)
		for i := range n - 1 {
			parts[i] = b.Emit(spirv.OpCompositeExtract, f, uint32(size), uint32(i))
		}
		parts[n-1] = one
		size = b.EmitIDs(spirv.OpCompositeConstruct, vt, parts...)
		if mask&0x20 == 0 {
			// Undo the texel-centre shift on the layer, which is
			// rounded to the nearest integer, not floored.
			layer := fs.imageCoord(ia, coord, true)
			lz := b.Emit(spirv.OpCompositeExtract, f, uint32(layer), uint32(n-1))
			c = b.Emit(spirv.OpCompositeInsert, vt, uint32(lz), uint32(c), uint32(n-1))
		}
	}
	c = b.EmitIDs(spirv.OpFDiv, vt, c, size)
	return c, fs.literalSampler(mask | 1)
}
