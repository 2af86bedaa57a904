package lower

import "github.com/clgo/clgo/spirv"

// Push constants in a buffer. A kernel's push-constant block holds the
// work-item values, POD and pointer arguments passed as push constants,
// the channel order/data type words of its image arguments and the masks
// of its sampler_t arguments; with many images or samplers it outgrows
// what the device offers (Vulkan guarantees 128 bytes). Such a kernel
// declares the same block, same layout, as a read-only StorageBuffer
// variable instead, which the runtime fills with the bytes it would have
// pushed (spirv/reflect_pcbuffer.go). Every access to the block goes
// through pcPointer, so only the variable's storage class changes.

// pcBuffer is a kernel's block variable moved to a storage buffer.
type pcBuffer struct {
	kernel int // index in l.refl.Kernels
	v      spirv.ID
	set    uint32
}

// declarePushConstants declares the kernel's block variable of struct
// type st, whose last byte is at size: in push constants, or in a buffer
// where size is past Options.MaxPushConstantsSize.
func (fs *fnState) declarePushConstants(st spirv.ID, size uint32) {
	l, b := fs.lowerer, fs.b
	fs.pcSC = spirv.StorageClassPushConstant
	if lim := l.opts.MaxPushConstantsSize; lim != 0 && (size+3)&^3 > lim {
		fs.pcSC = spirv.StorageClassStorageBuffer
	}
	fs.pcVar = b.Variable(b.TypePointer(fs.pcSC, st), fs.pcSC)
	b.Name(fs.pcVar, "pc")
	if fs.pcSC == spirv.StorageClassStorageBuffer {
		b.Decorate(fs.pcVar, spirv.DecorationNonWritable)
		set := uint32(0)
		if l.opts.DistinctDescriptorSets {
			set = uint32(len(l.refl.Kernels) - 1)
		}
		l.pcBuffers = append(l.pcBuffers, pcBuffer{kernel: len(l.refl.Kernels) - 1, v: fs.pcVar, set: set})
	}
}

// pcPointer is the type of a pointer to a t in the kernel's push-constant
// block.
func (fs *fnState) pcPointer(t spirv.ID) spirv.ID {
	return fs.b.TypePointer(fs.pcSC, t)
}

// finishPushConstantBuffers binds the push-constant buffers after every
// other binding of their descriptor set (each kernel's variable is its
// own, so they share one binding), and reflects them.
func (l *lowerer) finishPushConstantBuffers() {
	for _, pb := range l.pcBuffers {
		binding := uint32(0)
		for _, k := range l.refl.Kernels {
			for _, a := range k.Args {
				if a.Kind.HasDescriptor() && a.DescriptorSet == pb.set {
					binding = max(binding, a.Binding+1)
				}
			}
		}
		if pb.set == 0 {
			binding = max(binding, l.freeBinding0())
			for _, ls := range l.refl.LiteralSamplers {
				binding = max(binding, ls.Binding+1)
			}
		}
		l.b.Decorate(pb.v, spirv.DecorationDescriptorSet, pb.set)
		l.b.Decorate(pb.v, spirv.DecorationBinding, binding)
		l.refl.Kernels[pb.kernel].PushConstantBuffer = &spirv.DescriptorBinding{DescriptorSet: pb.set, Binding: binding}
	}
}
