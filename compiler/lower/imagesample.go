package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Sampling in code (docs/images.md, "Sampling in code"). Vulkan samplers
// round coordinates, wrap REPEAT and convert packed formats their own
// way, so on devices that ask for it (Options.SampleNearestInCode) a
// read_image with a sampler computes OpenCL C's addressing and filtering
// formulas (the numerical-compliance chapter's "Image Addressing and
// Filtering") in the kernel, in float32 as the specification writes them,
// and reads the chosen texels with OpImageFetch, which converts every
// format exactly. Linear filtering is done here too where
// Options.SampleLinearInCode says so (the blend of 2, 4 or 8 fetched
// texels), and by the device's sampler otherwise.
//
// The sampler's state is its OpenCL C mask: a constant for a literal
// sampler, a 32-bit push constant for a sampler_t argument (reflected as
// NormalizedSamplerMaskPushConstant; the runtime writes the argument's
// mask there). The border colour of CLK_ADDRESS_CLAMP depends on the
// image's channel order, which the kernel reads from the push constant
// that get_image_channel_order uses.

// samplerArg is a sampler_t argument whose state the kernel reads from
// push constants.
type samplerArg struct {
	ordinal  uint32
	pcMember uint32 // member of the push-constant block
}

// The bits of an OpenCL C sampler mask.
const (
	clkNormalizedCoords = 0x01
	clkAddressMask      = 0x0e
	clkAddressClamp     = 0x04
	clkAddressRepeat    = 0x06
	clkAddressMirrored  = 0x08
	clkFilterLinear     = 0x20
)

// sampleGen emits one read_image with a sampler in code: the image, its
// sizes and the coordinates, and the sampler's mode as booleans, all
// computed before any branch so that both filters can use them.
type sampleGen struct {
	fs       *fnState
	b        *spirv.Builder
	ia       *imageArg
	img      spirv.ID
	f, i, bl spirv.ID // float, int and bool types
	dims     int      // spatial coordinates
	s        []spirv.ID
	size     []spirv.ID // float sizes of the spatial dimensions
	last     []spirv.ID // size - 1
	layer    spirv.ID   // the array layer (int), 0 when not arrayed
	coord    spirv.ID   // the float coordinates as given
	mask     spirv.ID
	// norm, clamp, repeat, mirror: the sampler's coordinates and
	// addressing mode; repeat and mirror only with normalized
	// coordinates (the other combinations are undefined in OpenCL, and
	// treated as CLAMP_TO_EDGE, as the host driver does).
	norm, clamp, repeat, mirror spirv.ID
	order                       spirv.ID // the image's CL channel order
}

// sampleInCode lowers read_image{f,i,ui,h}(img, smp, coord) on a sampled
// image of ia as this file describes, leaving the texel in *r. It
// reports false, emitting nothing, where the device's sampler is used
// instead (a literal sampler with linear filtering when only nearest
// filtering is done in code).
func (fs *fnState) sampleInCode(ia *imageArg, img, smp spirv.ID, coord value, r *spirv.ID) bool {
	v, ok := fs.sampleValue(ia, img, smp, coord)
	*r = v
	return ok
}

func (fs *fnState) sampleValue(ia *imageArg, img, smp spirv.ID, coord value) (spirv.ID, bool) {
	mask, known := fs.samplerMasks[smp]
	sa := fs.samplerArgs[smp]
	if !known && sa == nil {
		return 0, false
	}
	// Linear filtering is defined for float and normalized formats only;
	// integer images filter nearest (as the host driver does).
	linearOK := ia.kind == types.Float
	if known && mask&clkFilterLinear != 0 && linearOK && !fs.opts.SampleLinearInCode {
		return 0, false
	}
	b := fs.b
	g := &sampleGen{fs: fs, b: b, ia: ia, img: img, f: b.TypeFloat(32), i: b.TypeInt(32, 1), bl: fs.boolT()}
	u := fs.uint32T()
	if known {
		g.mask = fs.u32(mask)
	} else {
		p := b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u), fs.gv(fs.pcVar), fs.u32(sa.pcMember))
		g.mask = b.EmitIDs(spirv.OpLoad, u, p)
	}
	g.setup(coord)
	rt := b.TypeVector(ia.elem, 4)
	switch {
	case known && mask&clkFilterLinear != 0 && linearOK:
		return g.linear(), true
	case known || !linearOK:
		return g.nearest(), true
	}
	isLinear := b.EmitIDs(spirv.OpINotEqual, g.bl, b.EmitIDs(spirv.OpBitwiseAnd, u, g.mask, fs.u32(clkFilterLinear)), fs.u32(0))
	return fs.ifElse(isLinear, rt, func() spirv.ID {
		if fs.opts.SampleLinearInCode {
			return g.linear()
		}
		return g.hardware(smp)
	}, g.nearest), true
}

// ifElse emits a structured selection on c and returns the value of the
// arm taken (of type t).
func (fs *fnState) ifElse(c, t spirv.ID, then, els func() spirv.ID) spirv.ID {
	b := fs.b
	tl, el, merge := b.NewID(), b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, c, tl, el)
	b.StartBlock(tl)
	tv := then()
	_, tb := b.Current()
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(el)
	ev := els()
	_, eb := b.Current()
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(merge)
	return b.EmitIDs(spirv.OpPhi, t, tv, tb.Label, ev, eb.Label)
}

// setup computes what both filters need.
func (g *sampleGen) setup(coord value) {
	fs, b := g.fs, g.b
	ia := g.ia
	n := imageCoords(ia.typ)
	g.dims = n
	if ia.typ.Array {
		g.dims--
	}
	g.coord = fs.imageCoord(ia, coord, true)
	comp := func(v spirv.ID, t spirv.ID, i int) spirv.ID {
		if n == 1 {
			return v
		}
		return b.Emit(spirv.OpCompositeExtract, t, uint32(v), uint32(i))
	}
	u := fs.uint32T()
	st := u
	if n > 1 {
		st = b.TypeVector(u, uint32(n))
	}
	b.Capability(spirv.CapabilityImageQuery)
	sizes := b.EmitIDs(spirv.OpImageQuerySizeLod, st, g.img, fs.u32(0))
	one := g.fc(1)
	for d := range n {
		sz := b.EmitIDs(spirv.OpConvertUToF, g.f, comp(sizes, u, d))
		c := comp(g.coord, g.f, d)
		if d < g.dims {
			g.s = append(g.s, c)
			g.size = append(g.size, sz)
			g.last = append(g.last, g.op(spirv.OpFSub, sz, one))
			continue
		}
		// The layer: rounded to the nearest even integer and clamped,
		// never normalized.
		l := g.ext(spirv.GLSLstd450RoundEven, c)
		l = g.ext(spirv.GLSLstd450NClamp, l, g.fc(0), g.op(spirv.OpFSub, sz, one))
		g.layer = b.EmitIDs(spirv.OpConvertFToS, g.i, l)
	}
	bit := func(v uint32) spirv.ID {
		return b.EmitIDs(spirv.OpINotEqual, g.bl, b.EmitIDs(spirv.OpBitwiseAnd, u, g.mask, fs.u32(v)), fs.u32(0))
	}
	mode := b.EmitIDs(spirv.OpBitwiseAnd, u, g.mask, fs.u32(clkAddressMask))
	is := func(v uint32) spirv.ID { return b.EmitIDs(spirv.OpIEqual, g.bl, mode, fs.u32(v)) }
	g.norm = bit(clkNormalizedCoords)
	g.clamp = is(clkAddressClamp)
	g.repeat = b.EmitIDs(spirv.OpLogicalAnd, g.bl, g.norm, is(clkAddressRepeat))
	g.mirror = b.EmitIDs(spirv.OpLogicalAnd, g.bl, g.norm, is(clkAddressMirrored))
	if ia.pcMember != nil {
		if idx, ok := ia.pcMember[false]; ok && fs.pcVar != 0 {
			p := b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u), fs.gv(fs.pcVar), fs.u32(idx))
			g.order = b.EmitIDs(spirv.OpLoad, u, p)
		}
	}
}

func (g *sampleGen) fc(v float32) spirv.ID { return g.b.ConstantFloat32(g.f, v) }

// op is a float binary operation, never contracted with its neighbours:
// the formulas are the specification's float32 steps.
func (g *sampleGen) op(o spirv.Op, x, y spirv.ID) spirv.ID {
	r := g.b.EmitIDs(o, g.f, x, y)
	g.b.Decorate(r, spirv.DecorationNoContraction)
	return r
}

func (g *sampleGen) ext(inst spirv.GLSLstd450, args ...spirv.ID) spirv.ID {
	return g.b.ExtInst(g.f, g.fs.glsl, uint32(inst), args...)
}

func (g *sampleGen) sel(c, x, y spirv.ID) spirv.ID { return g.b.EmitIDs(spirv.OpSelect, g.f, c, x, y) }

// u is the unnormalized coordinate along dimension d: s × size for
// normalized coordinates, (s - floor(s)) × size for REPEAT,
// |s - 2 rint(s/2)| × size for MIRRORED_REPEAT, s itself otherwise.
func (g *sampleGen) u(d int) spirv.ID {
	s, n := g.s[d], g.size[d]
	rep := g.op(spirv.OpFMul, g.op(spirv.OpFSub, s, g.ext(spirv.GLSLstd450Floor, s)), n)
	m := g.op(spirv.OpFMul, g.fc(2), g.ext(spirv.GLSLstd450RoundEven, g.op(spirv.OpFMul, g.fc(0.5), s)))
	mir := g.op(spirv.OpFMul, g.ext(spirv.GLSLstd450FAbs, g.op(spirv.OpFSub, s, m)), n)
	plain := g.sel(g.norm, g.op(spirv.OpFMul, s, n), s)
	return g.sel(g.repeat, rep, g.sel(g.mirror, mir, plain))
}

// bound applies the addressing mode's clamp to texel index i (a float):
// [-1, size] for CLAMP (one texel of border each side), [0, size-1]
// otherwise. NaN becomes the low bound.
func (g *sampleGen) bound(d int, i spirv.ID) spirv.ID {
	lo := g.sel(g.clamp, g.fc(-1), g.fc(0))
	hi := g.sel(g.clamp, g.size[d], g.last[d])
	return g.ext(spirv.GLSLstd450NClamp, i, lo, hi)
}

// wrapHigh is REPEAT's "if (i > size - 1) i = i - size".
func (g *sampleGen) wrapHigh(d int, i spirv.ID) spirv.ID {
	over := g.b.EmitIDs(spirv.OpFOrdGreaterThan, g.bl, i, g.last[d])
	return g.sel(g.b.EmitIDs(spirv.OpLogicalAnd, g.bl, g.repeat, over), g.op(spirv.OpFSub, i, g.size[d]), i)
}

// texel reads the texel at float indices idx (one per spatial
// dimension, already bounded), the border colour where one lies outside
// the image.
func (g *sampleGen) texel(idx []spirv.ID) spirv.ID {
	b, fs := g.b, g.fs
	var out spirv.ID
	parts := make([]spirv.ID, 0, 4)
	for d, i := range idx {
		o := b.EmitIDs(spirv.OpLogicalOr, g.bl,
			b.EmitIDs(spirv.OpFOrdLessThan, g.bl, i, g.fc(0)),
			b.EmitIDs(spirv.OpFOrdGreaterThan, g.bl, i, g.last[d]))
		if out == 0 {
			out = o
		} else {
			out = b.EmitIDs(spirv.OpLogicalOr, g.bl, out, o)
		}
		in := g.ext(spirv.GLSLstd450NClamp, i, g.fc(0), g.last[d])
		parts = append(parts, b.EmitIDs(spirv.OpConvertFToS, g.i, in))
	}
	if g.ia.typ.Array {
		parts = append(parts, g.layer)
	}
	c := parts[0]
	if len(parts) > 1 {
		c = b.EmitIDs(spirv.OpCompositeConstruct, b.TypeVector(g.i, uint32(len(parts))), parts...)
	}
	rt := b.TypeVector(g.ia.elem, 4)
	t := b.Emit(spirv.OpImageFetch, rt, uint32(g.img), uint32(c), uint32(spirv.ImageOperandsLod), uint32(fs.u32(0)))
	bv := b.TypeVector(g.bl, 4)
	return b.EmitIDs(spirv.OpSelect, rt, b.EmitIDs(spirv.OpCompositeConstruct, bv, out, out, out, out), g.border(), t)
}

// border is CLK_ADDRESS_CLAMP's colour for the image: (0,0,0,1) for the
// channel orders without alpha (CL_R, CL_RG, CL_RGB, CL_LUMINANCE,
// CL_sRGB, CL_DEPTH), (0,0,0,0) for the others (OpenCL C §8.3.1).
func (g *sampleGen) border() spirv.ID {
	b := g.b
	rt := b.TypeVector(g.ia.elem, 4)
	var zero, one spirv.ID
	if g.ia.kind == types.Float {
		zero, one = g.fc(0), g.fc(1)
	} else {
		zero, one = b.ConstantUint(g.ia.elem, 0), b.ConstantUint(g.ia.elem, 1)
	}
	alpha := zero
	if g.order != 0 {
		var noAlpha spirv.ID
		for _, o := range []uint32{0x10B0, 0x10B2, 0x10B4, 0x10B9, 0x10BF, 0x10BD} { // R, RG, RGB, LUMINANCE, sRGB, DEPTH
			e := b.EmitIDs(spirv.OpIEqual, g.bl, g.order, g.fs.u32(o))
			if noAlpha == 0 {
				noAlpha = e
			} else {
				noAlpha = b.EmitIDs(spirv.OpLogicalOr, g.bl, noAlpha, e)
			}
		}
		alpha = b.EmitIDs(spirv.OpSelect, g.ia.elem, noAlpha, one, zero)
	}
	return b.EmitIDs(spirv.OpCompositeConstruct, rt, zero, zero, zero, alpha)
}

// nearest is CLK_FILTER_NEAREST: the texel at i = address_mode(floor(u))
// per dimension.
func (g *sampleGen) nearest() spirv.ID {
	idx := make([]spirv.ID, g.dims)
	for d := range g.dims {
		i := g.ext(spirv.GLSLstd450Floor, g.u(d))
		idx[d] = g.bound(d, g.wrapHigh(d, i))
	}
	return g.texel(idx)
}

// linear is CLK_FILTER_LINEAR: the 2, 4 or 8 texels around u - 0.5,
// blended with the specification's weights, x varying fastest.
func (g *sampleGen) linear() spirv.ID {
	b := g.b
	i0 := make([]spirv.ID, g.dims)
	i1 := make([]spirv.ID, g.dims)
	w := make([]spirv.ID, g.dims)
	for d := range g.dims {
		t := g.op(spirv.OpFSub, g.u(d), g.fc(0.5))
		f := g.ext(spirv.GLSLstd450Floor, t)
		w[d] = g.op(spirv.OpFSub, t, f)
		// REPEAT: "if (i0 < 0) i0 = size + i0", "if (i1 > size - 1)
		// i1 = i1 - size"; MIRRORED_REPEAT's max and min are the bound.
		under := b.EmitIDs(spirv.OpLogicalAnd, g.bl, g.repeat, b.EmitIDs(spirv.OpFOrdLessThan, g.bl, f, g.fc(0)))
		i0[d] = g.bound(d, g.sel(under, g.op(spirv.OpFAdd, g.size[d], f), f))
		i1[d] = g.bound(d, g.wrapHigh(d, g.op(spirv.OpFAdd, f, g.fc(1))))
	}
	vt := b.TypeVector(g.f, 4)
	var sum spirv.ID
	for corner := range 1 << g.dims {
		idx := make([]spirv.ID, g.dims)
		var weight spirv.ID
		for d := range g.dims {
			var wd spirv.ID
			if corner>>d&1 == 0 {
				idx[d], wd = i0[d], g.op(spirv.OpFSub, g.fc(1), w[d])
			} else {
				idx[d], wd = i1[d], w[d]
			}
			if weight == 0 {
				weight = wd
			} else {
				weight = g.op(spirv.OpFMul, weight, wd)
			}
		}
		term := b.EmitIDs(spirv.OpVectorTimesScalar, vt, g.texel(idx), weight)
		if sum == 0 {
			sum = term
		} else {
			sum = b.EmitIDs(spirv.OpFAdd, vt, sum, term)
		}
	}
	return sum
}

// hardware samples through the device's sampler (a sampler_t argument
// with linear filtering where only nearest filtering is done in code).
// The runtime binds such an argument's sampler with normalized
// coordinates, Vulkan's unnormalized samplers taking no 3D or array
// image: unnormalized coordinates are divided by the size here (the
// layer never is).
func (g *sampleGen) hardware(smp spirv.ID) spirv.ID {
	b := g.b
	parts := make([]spirv.ID, 0, 4)
	for d := range g.dims {
		parts = append(parts, g.sel(g.norm, g.s[d], g.op(spirv.OpFDiv, g.s[d], g.size[d])))
	}
	if g.ia.typ.Array {
		parts = append(parts, b.Emit(spirv.OpCompositeExtract, g.f, uint32(g.coord), uint32(g.dims)))
	}
	c := parts[0]
	if len(parts) > 1 {
		c = b.EmitIDs(spirv.OpCompositeConstruct, b.TypeVector(g.f, uint32(len(parts))), parts...)
	}
	rt := b.TypeVector(g.ia.elem, 4)
	si := b.EmitIDs(spirv.OpSampledImage, b.TypeSampledImage(g.ia.imgType), g.img, smp)
	return b.Emit(spirv.OpImageSampleExplicitLod, rt, uint32(si), uint32(c), uint32(spirv.ImageOperandsLod), uint32(g.fc(0)))
}
