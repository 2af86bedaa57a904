package lower

import "github.com/clgo/clgo/spirv"

// Device-scope synchronization through plain memory. An acquire or
// release (acq_rel, seq_cst) at memory_scope_device or wider (OpenCL C
// 2.0's atomic_work_item_fence, work_group_barrier with
// memory_scope_device, C11 atomics) makes one work-item's plain global
// writes visible to a later plain read in another. Under Vulkan's GLSL450
// memory model a barrier orders only memory declared Coherent, and
// without it a GPU serves plain loads from a cache private to its compute
// unit (NVIDIA's L1): a lock or flag protocol then reads stale data (CTS
// c11_atomics atomic_flag on an H100: two work-items won one critical
// section). So where the source asks for such an order, every
// StorageBuffer variable of the module is decorated Coherent; other
// modules keep their caches. OpenCL 1.x's atomic_* functions are relaxed
// (their SPIR-V semantics only keep what clspv emits) and ask for nothing
// here. Memory reached through physical pointers has no variable to
// decorate and is not covered.

// noteOrder records an order of scope with semantics sem.
func (fs *fnState) noteOrder(scope spirv.Scope, sem uint32) {
	const ordering = uint32(spirv.MemorySemanticsAcquire | spirv.MemorySemanticsRelease |
		spirv.MemorySemanticsAcquireRelease | spirv.MemorySemanticsSequentiallyConsistent)
	if (scope == spirv.ScopeDevice || scope == spirv.ScopeCrossDevice) && sem&ordering != 0 {
		fs.lowerer.deviceOrder = true
	}
}

// markCoherent decorates the module's StorageBuffer variables Coherent
// where a device-scope order was lowered.
func (l *lowerer) markCoherent() {
	if !l.deviceOrder {
		return
	}
	m := l.b.Module
	for _, in := range m.Globals {
		if in.Op == spirv.OpVariable && len(in.Operands) >= 1 && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassStorageBuffer {
			l.b.Decorate(in.Result, spirv.DecorationCoherent)
		}
	}
}
