package spirv

// Push constants in a buffer: Vulkan guarantees only 128 bytes of push
// constants (maxPushConstantsSize), and a kernel's block (work-item
// values, sampler masks, image channel words, pointer arguments) can be
// larger, e.g. with 32 sampler_t arguments. The compiler then declares
// the kernel's block as a read-only StorageBuffer variable with the same
// layout, and the runtime writes the bytes it would have pushed into a
// buffer bound there. clspv's reflection has no instruction for that:
// it is instruction 2 of clgo's set, `PushConstantBuffer Kernel
// DescriptorSet Binding` (Kernel: a ClspvReflection Kernel instruction;
// the others 32-bit integer constants).

// ClgoReflectionPushConstantBuffer is instruction 2 of NonSemantic.clgo.1.
const ClgoReflectionPushConstantBuffer = 2

// DescriptorBinding is a descriptor set and binding.
type DescriptorBinding struct {
	DescriptorSet, Binding uint32
}

// emitPushConstantBuffer reflects that the kernel of Kernel instruction
// decl reads its push constants from the buffer at pb.
func (b *Builder) emitPushConstantBuffer(decl ID, pb *DescriptorBinding) {
	set := b.ExtInstImport(ClgoReflectionImport)
	u32 := b.TypeInt(32, 0)
	b.Module.Trailing = append(b.Module.Trailing, &Instruction{Op: OpExtInst, ResultType: b.TypeVoid(), Result: b.NewID(),
		Operands: []uint32{uint32(set), ClgoReflectionPushConstantBuffer, uint32(decl),
			uint32(b.ConstantUint(u32, uint64(pb.DescriptorSet))), uint32(b.ConstantUint(u32, uint64(pb.Binding)))}})
}
