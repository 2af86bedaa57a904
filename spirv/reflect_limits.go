package spirv

import "fmt"

// Limits on the numbers a module's reflection carries. The runtime sizes
// allocations by them (the argument table by the largest ordinal, the push
// constant and POD buffers by their largest offset + size, the printf
// buffer by its size), so a corrupted or hostile module must not be able to
// name a multi-gigabyte one: ReadReflection rejects anything past these.
// Each is far beyond what an OpenCL kernel needs (CL_DEVICE_MAX_PARAMETER_SIZE
// is at least 1 KiB on every device, Vulkan's push constants 128 bytes).
const (
	MaxKernelArgs        = 4096    // arguments of one kernel (ordinals 0..4095)
	MaxPushConstantBytes = 1 << 16 // end of the push constants
	MaxPODBytes          = 1 << 20 // end of a kernel's POD arguments in their buffer
	MaxPrintfBufferBytes = 1 << 28 // the printf buffer
)

// checkReflection checks the numbers of r against the limits above and
// the argument ordinals of each kernel for duplicates.
func checkReflection(r *Reflection) error {
	end := func(off, size uint32) uint64 { return uint64(off) + uint64(size) }
	for _, pc := range r.PushConstants {
		if e := end(pc.Offset, pc.Size); e > MaxPushConstantBytes {
			return fmt.Errorf("spirv: reflection: push constant %v ends at byte %d (at most %d)", pc.Kind, e, MaxPushConstantBytes)
		}
	}
	if pb := r.PrintfBuffer; pb != nil {
		if pb.BufferSize > MaxPrintfBufferBytes {
			return fmt.Errorf("spirv: reflection: printf buffer of %d bytes (at most %d)", pb.BufferSize, MaxPrintfBufferBytes)
		}
		if pb.PushConstant && end(pb.Offset, pb.Size) > MaxPushConstantBytes {
			return fmt.Errorf("spirv: reflection: printf buffer pointer ends at push constant byte %d (at most %d)", end(pb.Offset, pb.Size), MaxPushConstantBytes)
		}
	}
	if ps := r.ProgramScopeVariables; ps != nil && ps.PushConstant && end(ps.Offset, ps.Size) > MaxPushConstantBytes {
		return fmt.Errorf("spirv: reflection: program-scope variables' pointer ends at push constant byte %d (at most %d)", end(ps.Offset, ps.Size), MaxPushConstantBytes)
	}
	for i := range r.Kernels {
		k := &r.Kernels[i]
		if k.NumArgs > MaxKernelArgs {
			return fmt.Errorf("spirv: reflection: kernel %q has %d arguments (at most %d)", k.Name, k.NumArgs, MaxKernelArgs)
		}
		seen := map[uint32]bool{}
		for _, a := range k.Args {
			if a.Ordinal >= MaxKernelArgs {
				return fmt.Errorf("spirv: reflection: kernel %q argument %q: ordinal %d (at most %d)", k.Name, a.Name, a.Ordinal, MaxKernelArgs-1)
			}
			if seen[a.Ordinal] {
				return fmt.Errorf("spirv: reflection: kernel %q: two arguments have ordinal %d", k.Name, a.Ordinal)
			}
			seen[a.Ordinal] = true
			switch {
			case a.Kind == ArgPODPushConstant || a.Kind == ArgPointerPushConstant:
				if e := end(a.Offset, a.Size); e > MaxPushConstantBytes {
					return fmt.Errorf("spirv: reflection: kernel %q argument %d ends at push constant byte %d (at most %d)", k.Name, a.Ordinal, e, MaxPushConstantBytes)
				}
			case a.Kind.IsPOD():
				if e := end(a.Offset, a.Size); e > MaxPODBytes {
					return fmt.Errorf("spirv: reflection: kernel %q argument %d ends at POD buffer byte %d (at most %d)", k.Name, a.Ordinal, e, MaxPODBytes)
				}
			}
		}
		for _, ic := range k.ImageChannelInfo {
			if ic.Ordinal >= MaxKernelArgs {
				return fmt.Errorf("spirv: reflection: kernel %q image channel info: ordinal %d (at most %d)", k.Name, ic.Ordinal, MaxKernelArgs-1)
			}
			if ic.PushConstant && end(ic.Offset, ic.Size) > MaxPushConstantBytes {
				return fmt.Errorf("spirv: reflection: kernel %q image channel info ends at push constant byte %d (at most %d)", k.Name, end(ic.Offset, ic.Size), MaxPushConstantBytes)
			}
		}
	}
	return nil
}
