package vulkan

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// checkInterface checks that the pipeline layout made from the reflection
// declares every descriptor the kernel's entry function uses (push
// constants always get a range when the module has them): Vulkan leaves a
// mismatch undefined, and lavapipe crashes on it (a glslang module without
// reflection handed to clCreateProgramWithBinary did).
func (k *kernel) checkInterface(entry spirv.ID) error {
	p := k.p
	x := p.index
	for _, id := range p.uses(entry) {
		def := x.Defs[id]
		if def == nil || len(def.Operands) == 0 {
			continue
		}
		sc := spirv.StorageClass(def.Operands[0])
		switch sc {
		case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform, spirv.StorageClassUniformConstant:
		default:
			continue
		}
		set, ok1 := x.DecorationValue(id, spirv.DecorationDescriptorSet)
		bind, ok2 := x.DecorationValue(id, spirv.DecorationBinding)
		if !ok1 || !ok2 {
			return fmt.Errorf("vulkan: kernel %s: %v variable %%%d has no DescriptorSet and Binding: %w", k.refl.Name, sc, id, driver.ErrInvalidBinary)
		}
		var b *binding
		for i := range k.bindings {
			if k.bindings[i].set == set && k.bindings[i].binding == bind {
				b = &k.bindings[i]
			}
		}
		if b == nil {
			return fmt.Errorf("vulkan: kernel %s uses the resource at descriptor set %d, binding %d (%%%d), which its reflection does not describe: %w", k.refl.Name, set, bind, id, driver.ErrInvalidBinary)
		}
		want := uint32(descriptorTypeStorageBuffer)
		if sc == spirv.StorageClassUniform && !k.bufferBlock(id) {
			want = descriptorTypeUniformBuffer
		}
		if sc == spirv.StorageClassUniformConstant {
			// An image or a sampler: the type the module declares
			// (imageVars) against the reflection's kind.
			want = ^uint32(0)
			if b.img.known {
				want = b.img.descriptorType()
			}
		}
		if b.typ != want {
			return fmt.Errorf("vulkan: kernel %s: the %v resource at descriptor set %d, binding %d (%%%d) does not match its argument's kind in the reflection: %w", k.refl.Name, sc, set, bind, id, driver.ErrInvalidBinary)
		}
	}
	return nil
}

// bufferBlock reports whether Uniform variable id is a storage buffer the
// old way (its structure decorated BufferBlock).
func (k *kernel) bufferBlock(id spirv.ID) bool {
	x := k.p.index
	pt := x.Defs[x.TypeOf(id)]
	if pt == nil || pt.Op != spirv.OpTypePointer || len(pt.Operands) < 2 {
		return false
	}
	return x.HasDecoration(spirv.ID(pt.Operands[1]), spirv.DecorationBufferBlock)
}
