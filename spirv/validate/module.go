package validate

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// module checks an instruction of the module-level sections (after the
// checks common to every instruction).
func (v *validator) module(in *spirv.Instruction) error {
	switch in.Op {
	case spirv.OpCapability:
		c := spirv.Capability(in.Operands[0])
		if !allowedCapabilities()[c] {
			return v.errf("capability %v is not supported (clgo runs Vulkan compute SPIR-V)", c)
		}
		v.declare(c)
	case spirv.OpExtension:
		s, _, _ := spirv.DecodeString(in.Operands)
		if !allowedExtensions[s] {
			return v.errf("extension %q is not supported", s)
		}
	case spirv.OpExtInstImport:
		s, _, _ := spirv.DecodeString(in.Operands)
		if s != "GLSL.std.450" && !strings.HasPrefix(s, "NonSemantic.") {
			return v.errf("extended instruction set %q is not supported (GLSL.std.450 and NonSemantic.* are)", s)
		}
		if ver, ok := strings.CutPrefix(s, "NonSemantic.ClspvReflection."); ok {
			if _, err := strconv.ParseUint(ver, 10, 32); err != nil {
				return v.errf("%q does not end in a version number", s)
			}
		}
		v.imports[in.Result] = s
	case spirv.OpMemoryModel:
		if !v.caps[spirv.CapabilityShader] {
			return v.errf("the module does not declare the Shader capability")
		}
		switch a := spirv.AddressingModel(in.Operands[0]); a {
		case spirv.AddressingModelLogical:
		case spirv.AddressingModelPhysicalStorageBuffer64:
			if !v.caps[spirv.CapabilityPhysicalStorageBufferAddresses] {
				return v.errf("addressing model %v needs the PhysicalStorageBufferAddresses capability", a)
			}
		default:
			return v.errf("addressing model %v is not supported (Logical and PhysicalStorageBuffer64 are)", a)
		}
		switch mm := spirv.MemoryModel(in.Operands[1]); mm {
		case spirv.MemoryModelGLSL450:
		case spirv.MemoryModelVulkan:
			if !v.caps[spirv.CapabilityVulkanMemoryModel] {
				return v.errf("memory model %v needs the VulkanMemoryModel capability", mm)
			}
		default:
			return v.errf("memory model %v is not supported (GLSL450 and Vulkan are)", mm)
		}
	case spirv.OpEntryPoint:
		if v.m.MemoryModel == nil {
			return v.errf("the module has no OpMemoryModel")
		}
		if em := spirv.ExecutionModel(in.Operands[0]); em != spirv.ExecutionModelGLCompute {
			return v.errf("execution model %v is not supported (clgo runs GLCompute entry points)", em)
		}
		v.entries = append(v.entries, v.here())
	case spirv.OpExecutionMode:
		mode := spirv.ExecutionMode(in.Operands[1])
		if mode == spirv.ExecutionModeLocalSize {
			for i, n := range in.Operands[2:5] {
				if n == 0 {
					return v.errf("LocalSize %c is 0", "xyz"[i])
				}
			}
		}
		v.modes = append(v.modes, v.here())
	case spirv.OpExecutionModeId:
		v.modes = append(v.modes, v.here())
	case spirv.OpDecorate:
		v.decos = append(v.decos, v.here())
		if spirv.Decoration(in.Operands[1]) == spirv.DecorationBuiltIn && len(in.Operands) > 2 {
			b := spirv.BuiltIn(in.Operands[2])
			if !computeBuiltIns[b] {
				return v.errf("BuiltIn %v is not available to a GLCompute entry point", b)
			}
			v.wgSize = v.wgSize || b == spirv.BuiltInWorkgroupSize
		}
	case spirv.OpMemberDecorate, spirv.OpMemberDecorateString:
		v.memberDecos = append(v.memberDecos, v.here())
	case spirv.OpVariable:
		switch spirv.StorageClass(in.Operands[0]) {
		case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform, spirv.StorageClassUniformConstant:
			v.resources = append(v.resources, v.here())
		}
		switch spirv.StorageClass(in.Operands[0]) {
		case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform, spirv.StorageClassPushConstant:
			v.blocks = append(v.blocks, v.here())
		}
		return v.variable(in, false)
	case spirv.OpExtInst:
		if !strings.HasPrefix(v.imports[spirv.ID(in.Operands[0])], "NonSemantic.") {
			return v.errf("only non-semantic extended instructions may appear outside a function")
		}
		if !v.isVoid(in.ResultType) {
			return v.errf("a non-semantic instruction must have result type void")
		}
	case spirv.OpUndef:
		return v.notVoid(in.ResultType)
	default:
		switch in.Op.Info().Class {
		case "Type-Declaration":
			return v.typeDecl(in)
		case "Constant-Creation":
			return v.constant(in)
		}
	}
	return nil
}

// site is a recorded instruction, for checks made at the end.
type site struct {
	ref
	in *spirv.Instruction
}

func (v *validator) here() site {
	return site{ref: ref{index: v.index, offset: v.offset, op: v.in.Op}, in: v.in}
}

// checkEntryPoints checks the entry points, execution modes and member
// decorations once every id is known.
func (v *validator) checkEntryPoints() error {
	entries := map[spirv.ID]bool{}
	names := map[string]bool{}
	for _, s := range v.entries {
		in := s.in
		fn := spirv.ID(in.Operands[1])
		d := v.defs[fn]
		if d == nil || d.class != classFunction {
			return errAt(s.ref, "entry point %%%d is not a function", fn)
		}
		if t := v.decl(spirv.ID(d.in.Operands[1])); t == nil || len(t.Operands) != 1 || !v.isVoid(spirv.ID(t.Operands[0])) {
			return errAt(s.ref, "entry point %%%d must be a void function without parameters", fn)
		}
		name, n, _ := spirv.DecodeString(in.Operands[2:])
		if names[name] {
			return errAt(s.ref, "two GLCompute entry points are called %q", name)
		}
		names[name] = true
		entries[fn] = true
		for _, w := range in.Operands[2+n:] {
			d := v.defs[spirv.ID(w)]
			if d == nil || d.in.Op != spirv.OpVariable || d.fn >= 0 {
				return errAt(s.ref, "interface %%%d of entry point %q is not a global variable", w, name)
			}
		}
	}
	sized := map[spirv.ID]bool{}
	for _, s := range v.modes {
		fn := spirv.ID(s.in.Operands[0])
		if !entries[fn] {
			return errAt(s.ref, "%%%d is not an entry point", fn)
		}
		switch spirv.ExecutionMode(s.in.Operands[1]) {
		case spirv.ExecutionModeLocalSize, spirv.ExecutionModeLocalSizeId:
			sized[fn] = true
		}
	}
	if !v.wgSize {
		for _, s := range v.entries {
			if fn := spirv.ID(s.in.Operands[1]); !sized[fn] {
				return errAt(s.ref, "entry point %%%d has no work-group size (a LocalSize or LocalSizeId execution mode, or a WorkgroupSize built-in)", fn)
			}
		}
	}
	bound := map[spirv.ID]int{} // DescriptorSet and Binding decorations seen
	blocks := map[spirv.ID]spirv.Decoration{}
	for _, s := range v.decos {
		switch d := spirv.Decoration(s.in.Operands[1]); d {
		case spirv.DecorationBlock, spirv.DecorationBufferBlock:
			blocks[spirv.ID(s.in.Operands[0])] = d
		}
		if err := v.decorationTarget(s); err != nil {
			return err
		}
		switch spirv.Decoration(s.in.Operands[1]) {
		case spirv.DecorationDescriptorSet:
			bound[spirv.ID(s.in.Operands[0])] |= 1
		case spirv.DecorationBinding:
			bound[spirv.ID(s.in.Operands[0])] |= 2
		}
	}
	for _, s := range v.resources {
		if bound[s.in.Result] != 3 {
			return errAt(s.ref, "%v variable %%%d needs DescriptorSet and Binding decorations", spirv.StorageClass(s.in.Operands[0]), s.in.Result)
		}
	}
	for _, s := range v.blocks {
		if err := v.blockVariable(s, blocks); err != nil {
			return err
		}
	}
	for _, s := range v.memberDecos {
		t := v.decl(spirv.ID(s.in.Operands[0]))
		if t == nil || t.Op != spirv.OpTypeStruct {
			return errAt(s.ref, "target %%%d is not a structure type", s.in.Operands[0])
		}
		if m := s.in.Operands[1]; int64(m) >= int64(len(t.Operands)) {
			return errAt(s.ref, "member %d of %%%d: the structure has %d members", m, s.in.Operands[0], len(t.Operands))
		}
	}
	return nil
}

// decorationTarget checks that a decoration applies to what it decorates.
func (v *validator) decorationTarget(s site) error {
	id := spirv.ID(s.in.Operands[0])
	d := v.defs[id]
	if d == nil {
		return nil // a decoration group's target, or reported as undefined
	}
	deco := spirv.Decoration(s.in.Operands[1])
	op := d.in.Op
	ok := true
	var want string
	switch deco {
	case spirv.DecorationSpecId:
		ok, want = op == spirv.OpSpecConstant || op == spirv.OpSpecConstantTrue || op == spirv.OpSpecConstantFalse, "a scalar specialization constant"
	case spirv.DecorationBuiltIn:
		ok, want = op == spirv.OpVariable || isConstant(op) && op != spirv.OpUndef, "a variable or a constant"
	case spirv.DecorationBinding, spirv.DecorationDescriptorSet:
		ok, want = op == spirv.OpVariable && d.fn < 0, "a global variable"
	case spirv.DecorationBlock, spirv.DecorationBufferBlock:
		ok, want = op == spirv.OpTypeStruct, "a structure type"
	case spirv.DecorationArrayStride:
		ok, want = op == spirv.OpTypeArray || op == spirv.OpTypeRuntimeArray || op == spirv.OpTypePointer, "an array or pointer type"
	}
	if !ok {
		return errAt(s.ref, "decoration %v on %%%d (defined by %v): the target must be %s", deco, id, op, want)
	}
	return nil
}

// blockVariable checks that a StorageBuffer, Uniform or PushConstant
// variable is a structure decorated Block (BufferBlock for a Uniform
// storage buffer), or an array of them (an array of descriptors).
func (v *validator) blockVariable(s site, blocks map[spirv.ID]spirv.Decoration) error {
	_, t, ok := v.pointee(s.in.ResultType)
	if !ok {
		return nil // reported by variable
	}
	if d := v.decl(t); d != nil && (d.Op == spirv.OpTypeArray || d.Op == spirv.OpTypeRuntimeArray) {
		t = spirv.ID(d.Operands[0])
	}
	sc := spirv.StorageClass(s.in.Operands[0])
	deco, ok := blocks[t]
	if !v.isOp(t, spirv.OpTypeStruct) || !ok || deco == spirv.DecorationBufferBlock && sc != spirv.StorageClassUniform {
		return errAt(s.ref, "%v variable %%%d must be a structure decorated Block", sc, s.in.Result)
	}
	return nil
}
