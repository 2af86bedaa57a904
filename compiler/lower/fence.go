package lower

import "github.com/clgo/clgo/spirv"

// Fences on devices that run a work-group on one thread
// (Options.SerialWorkgroups, lavapipe).
//
// A fence (OpMemoryBarrier) or an atomic's memory semantics orders an
// invocation's memory accesses as other invocations within its scope
// observe them. Where every invocation of a work-group runs on the same
// CPU thread, and its sub-groups take turns only at control barriers,
// the invocations of Subgroup and Workgroup scope see each other's
// accesses in program order, whatever storage class they touch: no
// reordering between them is left for a fence to forbid. Such fences are
// therefore left out, and atomics of those scopes carry no order. Device
// scope fences stay: other work-groups run on other threads. Control
// barriers (OpControlBarrier) keep their semantics.
//
// lavapipe needs this: it runs each OpMemoryBarrier (and the barrier its
// SPIR-V translation puts around an ordered atomic) as a work-group
// control barrier, so a fence in a loop whose trip count differs between
// sub-groups loses every sub-group but one (testdata/kernels/c11atomic/
// cas_fence_loop.cl; the CTS's test_c11_atomics atomic_flag).
//
// Fences of Device scope by atomics (Options.FenceByAtomic, lavapipe on
// x86): there the fence becomes an OpAtomicIIncrement of a Workgroup word
// that nothing reads, and atomics of Device scope carry no order, loads
// and stores getting such a fence after or before them instead. lavapipe
// compiles every atomic read-modify-write to an LLVM atomicrmw or cmpxchg
// of sequentially consistent order, which LLVM moves no memory access
// across and which x86 runs as a locked instruction, a full barrier: at
// least what an acquire, release or acq_rel fence asks for, without the
// control barrier (fence_loop_device.cl).

// ordersWithin says whether fences and atomic orders of scope order
// anything on the target: false for Subgroup and Workgroup scope under
// SerialWorkgroups, true otherwise.
func (fs *fnState) ordersWithin(scope spirv.Scope) bool {
	if !fs.opts.SerialWorkgroups {
		return true
	}
	return scope != spirv.ScopeWorkgroup && scope != spirv.ScopeSubgroup
}

// memoryBarrier emits OpMemoryBarrier(scope, semantics) unless the target
// needs no fence at scope (ordersWithin) or semantics orders nothing, or
// the target's fence of that scope (fenceByAtomic).
func (fs *fnState) memoryBarrier(scope spirv.Scope, semantics uint32) {
	fs.noteOrder(scope, semantics)
	if semantics == 0 || !fs.ordersWithin(scope) {
		return
	}
	if fs.fencesByAtomic(scope) {
		fs.fenceByAtomic()
		return
	}
	fs.b.EmitIDs(spirv.OpMemoryBarrier, 0, fs.u32(uint32(scope)), fs.u32(semantics))
}

// fencesByAtomic says whether fences and atomic orders of scope are
// atomics on the target (Options.FenceByAtomic; Device scope and wider).
func (fs *fnState) fencesByAtomic(scope spirv.Scope) bool {
	return fs.opts.FenceByAtomic && fs.ordersWithin(scope) && scope != spirv.ScopeInvocation
}

// fenceByAtomic emits the fence of FenceByAtomic: a relaxed atomic
// increment of the kernel's fence word.
func (fs *fnState) fenceByAtomic() {
	b := fs.b
	u := fs.uint32T()
	if fs.fenceWord == 0 {
		sc := spirv.StorageClassWorkgroup
		fs.fenceWord = b.Variable(b.TypePointer(sc, u), sc)
		b.Name(fs.fenceWord, "__clgo_fence_word")
	}
	b.EmitIDs(spirv.OpAtomicIIncrement, u, fs.gv(fs.fenceWord), fs.u32(uint32(spirv.ScopeWorkgroup)), fs.u32(0))
}
