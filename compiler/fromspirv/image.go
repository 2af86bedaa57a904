package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// Images and samplers. OpenCL C declares them only as function
// parameters (and samplers also at program scope), never as local
// variables, so their SSA values are aliases of the parameter (or
// constant) they come from, and OpSampledImage pairs an image with its
// sampler.

// imageType spells OpTypeImage as an OpenCL C image type with its access
// qualifier.
func (t *translator) imageType(in *spirv.Instruction) (string, error) {
	ops := in.Operands
	if len(ops) < 7 {
		return "", t.errAt(in, "too few operands")
	}
	dim, depth, arrayed, ms := ops[1], ops[2], ops[3], ops[4]
	if ms != 0 {
		return "", t.errAt(in, "multisampled images are not supported")
	}
	var name string
	switch {
	case dim == 0 && arrayed == 0:
		name = "image1d"
	case dim == 0:
		name = "image1d_array"
	case dim == 5:
		name = "image1d_buffer"
	case dim == 1 && arrayed == 0:
		name = "image2d"
	case dim == 1:
		name = "image2d_array"
	case dim == 2 && arrayed == 0:
		name = "image3d"
	default:
		return "", t.errAt(in, "image dimensionality %v is not supported", spirv.Dim(dim))
	}
	if depth == 1 {
		if dim != 1 {
			return "", t.errAt(in, "depth image of dimensionality %v", spirv.Dim(dim))
		}
		name += "_depth"
		t.exts["cl_khr_depth_images"] = true
	}
	access := "read_only"
	if len(ops) > 7 {
		switch ops[7] {
		case 1:
			access = "write_only"
		case 2:
			access = "read_write"
			t.needCL20 = true
		}
	}
	return access + " " + name + "_t", nil
}

// isOpaqueHandle reports whether type id is an image, sampler or sampled
// image, whose values are aliases rather than C variables.
func (t *translator) isOpaqueHandle(id spirv.ID) bool {
	d := t.def[id]
	return d != nil && (d.Op == spirv.OpTypeImage || d.Op == spirv.OpTypeSampler || d.Op == spirv.OpTypeSampledImage)
}

// constSampler declares an OpConstantSampler as a program-scope sampler.
func (t *translator) constSampler(in *spirv.Instruction) error {
	if len(in.Operands) < 3 {
		return t.errAt(in, "too few operands")
	}
	addr := map[uint32]string{0: "CLK_ADDRESS_NONE", 1: "CLK_ADDRESS_CLAMP_TO_EDGE", 2: "CLK_ADDRESS_CLAMP",
		3: "CLK_ADDRESS_REPEAT", 4: "CLK_ADDRESS_MIRRORED_REPEAT"}[in.Operands[0]]
	if addr == "" {
		return t.errAt(in, "sampler addressing mode %d", in.Operands[0])
	}
	norm := "CLK_NORMALIZED_COORDS_FALSE"
	if in.Operands[1] != 0 {
		norm = "CLK_NORMALIZED_COORDS_TRUE"
	}
	filter := "CLK_FILTER_NEAREST"
	if in.Operands[2] == 1 {
		filter = "CLK_FILTER_LINEAR"
	}
	name := fmt.Sprintf("_k%d", in.Result)
	fmt.Fprintf(&t.globals, "static __constant sampler_t %s = %s | %s | %s;\n", name, norm, addr, filter)
	t.cexpr[in.Result] = name
	return nil
}

// Image operands bits (SPIR-V's ImageOperands).
const (
	imgLod        = 0x2
	imgSignExtend = 0x1000
	imgZeroExtend = 0x2000
)

// imageSuffix picks f, i or ui for a texel of type ty: integer texels are
// read and written as signed only with the SignExtend operand.
func (t *translator) imageSuffix(ty spirv.ID, operands uint32) string {
	ti := t.info(ty)
	if ti.op == spirv.OpTypeFloat {
		if ti.width == 16 {
			return "h"
		}
		return "f"
	}
	if operands&imgSignExtend != 0 {
		return "i"
	}
	return "ui"
}

// coord spells an image coordinate: integer coordinates are int.
func (t *translator) coord(id spirv.ID, v string) string {
	d := t.def[id]
	if d == nil {
		return v
	}
	ti := t.info(d.ResultType)
	if ti.op == spirv.OpTypeInt {
		return reinterpret(intName(32, true, ti.n), ti.n, v)
	}
	return v
}

// image writes the image instructions; false for other opcodes.
func (e *fnEmitter) image(in *spirv.Instruction) (bool, error) {
	t := e.t
	ops := in.Operands
	val := func(i int) (string, error) { return e.operand(in, i) }
	mask := func(i int) uint32 {
		if i < len(ops) {
			return ops[i]
		}
		return 0
	}
	res := fmt.Sprintf("_%d", in.Result)
	rty := t.ctype[in.ResultType]
	switch in.Op {
	case spirv.OpSampledImage:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		s, err := val(1)
		if err != nil {
			return true, err
		}
		e.vals[in.Result] = img
		e.sampler[in.Result] = s
	case spirv.OpImage:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		e.vals[in.Result] = img
	case spirv.OpImageSampleExplicitLod:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		c, err := val(1)
		if err != nil {
			return true, err
		}
		s, ok := e.sampler[spirv.ID(ops[0])]
		if !ok {
			return true, t.errAt(in, "the sampled image does not come from OpSampledImage")
		}
		m := mask(2)
		if m&^(imgLod|imgSignExtend|imgZeroExtend|0x4000) != 0 {
			return true, t.errAt(in, "image operands %#x are not supported", m)
		}
		if m&imgLod != 0 {
			if lod, ok := t.constUint(spirv.ID(ops[3])); !ok || lod != 0 {
				if d := t.def[spirv.ID(ops[3])]; d == nil || d.Op != spirv.OpConstant || d.Operands[0] != 0 {
					return true, t.errAt(in, "a level of detail other than 0")
				}
			}
		}
		suffix := t.imageSuffix(in.ResultType, m)
		call := fmt.Sprintf("read_image%s(%s, %s, %s)", suffix, img, s, t.coord(spirv.ID(ops[1]), c))
		e.line("%s = %s;", res, t.texelBack(in.ResultType, suffix, call))
	case spirv.OpImageRead:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		c, err := val(1)
		if err != nil {
			return true, err
		}
		m := mask(2)
		if m&^(imgSignExtend|imgZeroExtend|0x4000) != 0 {
			return true, t.errAt(in, "image operands %#x are not supported", m)
		}
		suffix := t.imageSuffix(in.ResultType, m)
		call := fmt.Sprintf("read_image%s(%s, %s)", suffix, img, t.coord(spirv.ID(ops[1]), c))
		e.line("%s = %s;", res, t.texelBack(in.ResultType, suffix, call))
	case spirv.OpImageWrite:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		c, err := val(1)
		if err != nil {
			return true, err
		}
		v, err := val(2)
		if err != nil {
			return true, err
		}
		m := mask(3)
		if m&^(imgSignExtend|imgZeroExtend|0x4000) != 0 {
			return true, t.errAt(in, "image operands %#x are not supported", m)
		}
		d := t.def[spirv.ID(ops[2])]
		if d == nil {
			return true, t.errAt(in, "texel without a type")
		}
		suffix := t.imageSuffix(d.ResultType, m)
		if suffix == "i" {
			ti := t.info(d.ResultType)
			v = reinterpret(intName(ti.width, true, ti.n), ti.n, v)
		}
		e.line("write_image%s(%s, %s, %s);", suffix, img, t.coord(spirv.ID(ops[1]), c), v)
	case spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		if in.Op == spirv.OpImageQuerySizeLod {
			if lod, ok := t.constUint(spirv.ID(ops[1])); !ok || lod != 0 {
				return true, t.errAt(in, "a level of detail other than 0")
			}
		}
		d := t.def[spirv.ID(ops[0])]
		it := t.def[d.ResultType]
		if it == nil || it.Op != spirv.OpTypeImage {
			return true, t.errAt(in, "operand is not an image")
		}
		dim, arrayed := it.Operands[1], it.Operands[3]
		parts := []string{"get_image_width(" + img + ")"}
		if dim == 1 || dim == 2 {
			parts = append(parts, "get_image_height("+img+")")
		}
		if dim == 2 {
			parts = append(parts, "get_image_depth("+img+")")
		}
		if arrayed != 0 {
			parts = append(parts, "get_image_array_size("+img+")")
		}
		ri := t.info(in.ResultType)
		et := t.ctype[ri.comp]
		for i := range parts {
			parts[i] = "(" + et + ")" + parts[i]
		}
		if uint32(len(parts)) != ri.n {
			return true, t.errAt(in, "result has %d components for %d sizes", ri.n, len(parts))
		}
		if ri.n == 1 {
			e.line("%s = %s;", res, parts[0])
		} else {
			e.line("%s = (%s)(%s);", res, rty, strings.Join(parts, ", "))
		}
	case spirv.OpImageQueryFormat, spirv.OpImageQueryOrder:
		img, err := val(0)
		if err != nil {
			return true, err
		}
		// SPIR-V numbers the OpenCL enums from 0: CL_SNORM_INT8 (0x10D0)
		// and CL_R (0x10B0) are 0.
		if in.Op == spirv.OpImageQueryFormat {
			e.line("%s = (%s)(get_image_channel_data_type(%s) - 0x10D0);", res, rty, img)
		} else {
			e.line("%s = (%s)(get_image_channel_order(%s) - 0x10B0);", res, rty, img)
		}
	default:
		return false, nil
	}
	return true, nil
}

// texelBack writes a texel read by read_image<suffix> as the result type.
func (t *translator) texelBack(ty spirv.ID, suffix, call string) string {
	ti := t.info(ty)
	if suffix == "i" || suffix == "ui" {
		return reinterpret(t.ctype[ty], ti.n, call)
	}
	return call
}
