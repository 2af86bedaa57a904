package validate

import "github.com/clgo/clgo/spirv"

// Images and samplers, as Vulkan compute SPIR-V uses them (clgo's mapping
// is docs/images.md): image, sampler and sampled image types live only in
// UniformConstant variables; the instructions that read, write, sample and
// query images get operands of the kind their image's Sampled mode allows,
// and results whose components are the image's sampled type.

// imageTypeDecl checks an OpTypeImage declaration.
func (v *validator) imageTypeDecl(ops []uint32) error {
	st := v.decl(spirv.ID(ops[0]))
	if st == nil || (st.Op != spirv.OpTypeInt && st.Op != spirv.OpTypeFloat) || st.Operands[0] != 32 {
		return v.errf("sampled type %%%d is not a 32-bit integer or float type", ops[0])
	}
	switch spirv.Dim(ops[1]) {
	case spirv.Dim1D, spirv.Dim2D, spirv.Dim3D, spirv.DimCube, spirv.DimRect, spirv.DimBuffer:
	default:
		return v.errf("image dimensionality %v is not available to compute shaders", spirv.Dim(ops[1]))
	}
	if ops[2] > 2 || ops[3] > 1 || ops[4] > 1 {
		return v.errf("image Depth %d, Arrayed %d, MS %d out of range", ops[2], ops[3], ops[4])
	}
	if ops[5] != 1 && ops[5] != 2 {
		return v.errf("image Sampled %d: Vulkan needs 1 (sampled) or 2 (storage)", ops[5])
	}
	if spirv.Dim(ops[1]) == spirv.DimBuffer && (ops[3] != 0 || ops[4] != 0) {
		return v.errf("a Buffer image cannot be arrayed or multisampled")
	}
	return nil
}

// opaque reports whether t is an image, sampler or sampled image type, or
// an array of them.
func (v *validator) opaque(t spirv.ID) bool {
	d := v.decl(t)
	for d != nil && (d.Op == spirv.OpTypeArray || d.Op == spirv.OpTypeRuntimeArray) {
		d = v.decl(spirv.ID(d.Operands[0]))
	}
	return d != nil && (d.Op == spirv.OpTypeImage || d.Op == spirv.OpTypeSampler || d.Op == spirv.OpTypeSampledImage ||
		d.Op == spirv.OpTypeAccelerationStructureKHR)
}

// opaqueVariable checks that images and samplers are UniformConstant
// variables and that UniformConstant variables hold nothing else.
func (v *validator) opaqueVariable(sc spirv.StorageClass, pointee spirv.ID) error {
	switch o := v.opaque(pointee); {
	case o && sc != spirv.StorageClassUniformConstant:
		return v.errf("an image or sampler variable must have storage class UniformConstant, not %v", sc)
	case !o && sc == spirv.StorageClassUniformConstant:
		return v.errf("a UniformConstant variable must hold images, samplers or sampled images")
	}
	return nil
}

// imageOf returns the OpTypeImage of value id, an image or a sampled
// image (nil when it is neither).
func (v *validator) imageOf(id spirv.ID) *spirv.Instruction {
	d := v.decl(v.typeOf(id))
	if d != nil && d.Op == spirv.OpTypeSampledImage {
		d = v.decl(spirv.ID(d.Operands[0]))
	}
	if d == nil || d.Op != spirv.OpTypeImage {
		return nil
	}
	return d
}

// imageOperation checks the image instructions compute kernels use, after
// image has checked the operands' kinds.
func (v *validator) imageOperation(in *spirv.Instruction) error {
	ops := in.Operands
	if len(ops) == 0 {
		return nil
	}
	img := v.imageOf(spirv.ID(ops[0]))
	if img == nil {
		return nil // not an image instruction with an image first
	}
	sampled, dim := img.Operands[5], spirv.Dim(img.Operands[1])
	coord := func(wantFloat bool) error {
		if len(ops) < 2 {
			return nil
		}
		s := v.shape(v.typeOf(spirv.ID(ops[1])))
		if wantFloat && s.op != spirv.OpTypeFloat || !wantFloat && s.op != spirv.OpTypeInt {
			kind := "integer"
			if wantFloat {
				kind = "float"
			}
			return v.errf("coordinate %%%d is not a %s scalar or vector", ops[1], kind)
		}
		return nil
	}
	// texels checks that value type t has the image's sampled type as
	// components (any signedness for integers) and n of them (0: 1 to 4).
	texels := func(what string, t spirv.ID, n uint32) error {
		s := v.shape(t)
		st := v.decl(spirv.ID(img.Operands[0]))
		if s.op != st.Op || s.width != st.Operands[0] || (n != 0 && s.n != n) {
			return v.errf("%s type %%%d does not match the image's sampled type %%%d", what, t, img.Operands[0])
		}
		return nil
	}
	withoutFormat := func(c spirv.Capability) error {
		if spirv.ImageFormat(img.Operands[6]) == spirv.ImageFormatUnknown && !v.caps[c] && v.m.Version < spirv.Version16 {
			return v.errf("a storage image of Unknown format needs capability %v", c)
		}
		return nil
	}
	switch in.Op {
	case spirv.OpSampledImage:
		if rt := v.decl(in.ResultType); rt == nil || rt.Op != spirv.OpTypeSampledImage || spirv.ID(rt.Operands[0]) != v.typeOf(spirv.ID(ops[0])) {
			return v.errf("result type %%%d is not a sampled image of the image's type", in.ResultType)
		}
		if !v.isOp(v.typeOf(spirv.ID(ops[1])), spirv.OpTypeSampler) {
			return v.errf("sampler %%%d is not a sampler", ops[1])
		}
		if sampled != 1 {
			return v.errf("only a sampled image (Sampled 1) can be combined with a sampler")
		}
	case spirv.OpImageSampleExplicitLod, spirv.OpImageSampleImplicitLod:
		if d := v.defs[spirv.ID(ops[0])]; d != nil && d.in.Op == spirv.OpSampledImage && d.block != v.block {
			return v.errf("sampled image %%%d comes from another block; OpSampledImage must be in the block of its use", ops[0])
		}
		if in.Op == spirv.OpImageSampleImplicitLod {
			return v.errf("implicit level of detail is not available to compute shaders")
		}
		if len(ops) < 3 || ops[2]&uint32(spirv.ImageOperandsLod|spirv.ImageOperandsGrad) == 0 {
			return v.errf("an explicit-lod sample needs a Lod or Grad operand")
		}
		if err := coord(true); err != nil {
			return err
		}
		return texels("result", in.ResultType, 4)
	case spirv.OpImageFetch:
		if sampled != 1 {
			return v.errf("OpImageFetch needs a sampled image (Sampled 1)")
		}
		if dim == spirv.DimBuffer && len(ops) > 2 && ops[2]&uint32(spirv.ImageOperandsLod) != 0 {
			return v.errf("a Buffer image has no level of detail")
		}
		if err := coord(false); err != nil {
			return err
		}
		return texels("result", in.ResultType, 4)
	case spirv.OpImageRead:
		if sampled != 2 {
			return v.errf("OpImageRead needs a storage image (Sampled 2)")
		}
		if err := coord(false); err != nil {
			return err
		}
		if err := withoutFormat(spirv.CapabilityStorageImageReadWithoutFormat); err != nil {
			return err
		}
		return texels("result", in.ResultType, 0)
	case spirv.OpImageWrite:
		if sampled != 2 {
			return v.errf("OpImageWrite needs a storage image (Sampled 2)")
		}
		if err := coord(false); err != nil {
			return err
		}
		if err := withoutFormat(spirv.CapabilityStorageImageWriteWithoutFormat); err != nil {
			return err
		}
		if len(ops) > 2 {
			return texels("texel", v.typeOf(spirv.ID(ops[2])), 0)
		}
	case spirv.OpImageQuerySizeLod, spirv.OpImageQuerySize:
		if in.Op == spirv.OpImageQuerySizeLod && (sampled != 1 || dim == spirv.DimBuffer || img.Operands[4] != 0) {
			return v.errf("OpImageQuerySizeLod needs a sampled, non-Buffer, single-sampled image")
		}
		if in.Op == spirv.OpImageQuerySize && sampled != 2 && dim != spirv.DimBuffer && img.Operands[4] == 0 {
			return v.errf("OpImageQuerySize needs a storage, Buffer or multisampled image (OpImageQuerySizeLod queries the others)")
		}
		n := uint32(1)
		switch dim {
		case spirv.Dim2D, spirv.DimCube, spirv.DimRect:
			n = 2
		case spirv.Dim3D:
			n = 3
		}
		n += img.Operands[3]
		if s := v.shape(in.ResultType); s.op != spirv.OpTypeInt || s.n != n {
			return v.errf("result type %%%d is not an integer type of %d components", in.ResultType, n)
		}
	}
	return nil
}
