package vulkan

import (
	"fmt"
	"sort"
	"strings"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Reading storage images on devices without
// shaderStorageImageReadWithoutFormat (lavapipe, docs/images.md). clgo
// declares write_only and read_write images with Image Format Unknown;
// OpImageRead of such an image needs that feature. A device that lacks
// it but has shaderStorageImageExtendedFormats still reads images whose
// OpTypeImage names their format, so the driver specializes the module
// for the formats bound: at the first dispatch of a kernel with a given
// tuple of storage-image formats it re-declares each storage image
// variable with its argument's format (the variables of the module's
// other kernels with any valid format of their sampled type), drops the
// StorageImageReadWithoutFormat capability, and makes a shader module and
// pipelines of their own for that tuple.

// readByFormat says whether the device reads storage images only through
// a declared format, and can.
func (p *physical) readByFormat() bool {
	f := &p.features.features
	return f[featShaderStorageImageReadWithoutFormat] == 0 && f[featShaderStorageImageWriteWithoutFormat] != 0 &&
		f[featShaderStorageImageExtendedFormats] != 0
}

// spirvFormats are the SPIR-V Image Formats of the VkFormats clgo uses
// for storage images.
var spirvFormats = map[uint32]spirv.ImageFormat{
	9: spirv.ImageFormatR8, 10: spirv.ImageFormatR8Snorm, 13: spirv.ImageFormatR8ui, 14: spirv.ImageFormatR8i,
	16: spirv.ImageFormatRg8, 17: spirv.ImageFormatRg8Snorm, 20: spirv.ImageFormatRg8ui, 21: spirv.ImageFormatRg8i,
	37: spirv.ImageFormatRgba8, 38: spirv.ImageFormatRgba8Snorm, 41: spirv.ImageFormatRgba8ui, 42: spirv.ImageFormatRgba8i,
	70: spirv.ImageFormatR16, 71: spirv.ImageFormatR16Snorm, 74: spirv.ImageFormatR16ui, 75: spirv.ImageFormatR16i, 76: spirv.ImageFormatR16f,
	77: spirv.ImageFormatRg16, 78: spirv.ImageFormatRg16Snorm, 81: spirv.ImageFormatRg16ui, 82: spirv.ImageFormatRg16i, 83: spirv.ImageFormatRg16f,
	91: spirv.ImageFormatRgba16, 92: spirv.ImageFormatRgba16Snorm, 95: spirv.ImageFormatRgba16ui, 96: spirv.ImageFormatRgba16i, 97: spirv.ImageFormatRgba16f,
	98: spirv.ImageFormatR32ui, 99: spirv.ImageFormatR32i, 100: spirv.ImageFormatR32f,
	101: spirv.ImageFormatRg32ui, 102: spirv.ImageFormatRg32i, 103: spirv.ImageFormatRg32f,
	107: spirv.ImageFormatRgba32ui, 108: spirv.ImageFormatRgba32i, 109: spirv.ImageFormatRgba32f,
}

// formatTuple is the SPIR-V format of each storage image or storage texel
// buffer argument of a dispatch, by (set, binding), and its text as a key.
type formatTuple struct {
	at  map[[2]uint32]spirv.ImageFormat
	key string
}

// storageFormats collects the formats of the storage images bound for k,
// for a program that reads by format.
func (k *kernel) storageFormats(args []driver.Arg) (formatTuple, error) {
	ft := formatTuple{at: map[[2]uint32]spirv.ImageFormat{}}
	var keys []string
	for _, b := range k.bindings {
		if b.source != srcArg || b.typ != descriptorTypeStorageImage && b.typ != descriptorTypeStorageTexelBuffer {
			continue
		}
		v := args[b.arg]
		if v.Kind != driver.ArgImage || v.Image == nil {
			continue // refused with the descriptors
		}
		f, ok := lookupFormat(v.Image.Desc().Format)
		sf, ok2 := spirvFormats[f.vk]
		if !ok || !ok2 {
			return ft, fmt.Errorf("vulkan: kernel %s: argument %d: image format %#x/%#x cannot be read as a storage image on this device: %w",
				k.refl.Name, b.arg, v.Image.Desc().Format.Order, v.Image.Desc().Format.DataType, driver.ErrInvalidArgValue)
		}
		ft.at[[2]uint32{b.set, b.binding}] = sf
		keys = append(keys, fmt.Sprintf("%d.%d=%d", b.set, b.binding, sf))
	}
	sort.Strings(keys)
	ft.key = strings.Join(keys, ",")
	return ft, nil
}

// formatModule returns the shader module of p specialized for kernel k
// and the formats ft, creating it on first use.
func (p *program) formatModule(k *kernel, ft formatTuple) (uint64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	key := k.refl.Name + "|" + ft.key
	if h, ok := p.formatModules[key]; ok {
		return h, nil
	}
	code, err := specializeFormats(p.formatCode, p.uses(k.refl.Function), ft.at)
	if err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: %v: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	words := make([]uint32, len(code)/4)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(code)), code)
	ci := &vkShaderModuleCreateInfo{sType: sTypeShaderModuleCreateInfo, codeSize: uintptr(len(code)), pCode: &words[0]}
	var h uint64
	if err := check("vkCreateShaderModule", call(p.l.vkCreateShaderModule, p.l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&h)))); err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: %w: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	if p.formatModules == nil {
		p.formatModules = map[string]uint64{}
	}
	p.formatModules[key] = h
	return h, nil
}

// specializeFormats returns the module code with each storage image
// variable declared with a format: its (set, binding)'s in at when the
// kernel uses it (used), else the 32-bit RGBA format of its sampled type;
// and without the StorageImageReadWithoutFormat capability.
func specializeFormats(code []byte, used []spirv.ID, at map[[2]uint32]spirv.ImageFormat) ([]byte, error) {
	m, err := spirv.Decode(code)
	if err != nil {
		return nil, err
	}
	isUsed := map[spirv.ID]bool{}
	for _, id := range used {
		isUsed[id] = true
	}
	defs := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.Globals {
		if in.Result != 0 {
			defs[in.Result] = in
		}
	}
	where := map[spirv.ID][2]uint32{}
	for _, in := range m.Annotations {
		if in.Op != spirv.OpDecorate || len(in.Operands) < 3 {
			continue
		}
		id, loc := spirv.ID(in.Operands[0]), where[spirv.ID(in.Operands[0])]
		switch spirv.Decoration(in.Operands[1]) {
		case spirv.DecorationDescriptorSet:
			loc[0] = in.Operands[2]
		case spirv.DecorationBinding:
			loc[1] = in.Operands[2]
		default:
			continue
		}
		where[id] = loc
	}
	newID := func() spirv.ID {
		id := spirv.ID(m.Bound)
		m.Bound++
		return id
	}
	types := map[string]spirv.ID{} // new OpTypeImage and OpTypePointer by operands
	retyped := map[spirv.ID]spirv.ID{}
	var globals []*spirv.Instruction
	declare := func(op spirv.Op, operands []uint32) spirv.ID {
		k := fmt.Sprint(op, operands)
		if id, ok := types[k]; ok {
			return id
		}
		id := newID()
		globals = append(globals, &spirv.Instruction{Op: op, Result: id, Operands: operands})
		types[k] = id
		return id
	}
	for _, in := range m.Globals {
		if in.Op == spirv.OpVariable && len(in.Operands) > 0 && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassUniformConstant {
			pt := defs[in.ResultType]
			var t *spirv.Instruction
			if pt != nil && pt.Op == spirv.OpTypePointer && len(pt.Operands) == 2 {
				t = defs[spirv.ID(pt.Operands[1])]
			}
			if t != nil && t.Op == spirv.OpTypeImage && len(t.Operands) >= 7 && t.Operands[5] == 2 {
				f, ok := at[where[in.Result]]
				if !ok || !isUsed[in.Result] {
					f = spirv.ImageFormatRgba32f
					if st := defs[spirv.ID(t.Operands[0])]; st != nil && st.Op == spirv.OpTypeInt && len(st.Operands) == 2 {
						f = spirv.ImageFormatRgba32ui
						if st.Operands[1] != 0 {
							f = spirv.ImageFormatRgba32i
						}
					}
				}
				ops := append([]uint32(nil), t.Operands...)
				ops[6] = uint32(f)
				it := declare(spirv.OpTypeImage, ops)
				in.ResultType = declare(spirv.OpTypePointer, []uint32{uint32(spirv.StorageClassUniformConstant), uint32(it)})
				retyped[in.Result] = it
			}
		}
		globals = append(globals, in)
	}
	m.Globals = globals
	for _, fn := range m.Functions {
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if in.Op == spirv.OpLoad && len(in.Operands) > 0 {
					if t, ok := retyped[spirv.ID(in.Operands[0])]; ok {
						in.ResultType = t
					}
				}
			}
		}
	}
	caps := m.Capabilities[:0]
	for _, in := range m.Capabilities {
		if len(in.Operands) > 0 && spirv.Capability(in.Operands[0]) == spirv.CapabilityStorageImageReadWithoutFormat {
			continue
		}
		caps = append(caps, in)
	}
	m.Capabilities = caps
	if !declares(m, spirv.CapabilityStorageImageExtendedFormats) {
		m.Capabilities = append(m.Capabilities, &spirv.Instruction{Op: spirv.OpCapability, Operands: []uint32{uint32(spirv.CapabilityStorageImageExtendedFormats)}})
	}
	return m.Encode(), nil
}

// declares says whether m declares capability c.
func declares(m *spirv.Module, c spirv.Capability) bool {
	for _, in := range m.Capabilities {
		if len(in.Operands) > 0 && spirv.Capability(in.Operands[0]) == c {
			return true
		}
	}
	return false
}
