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
// needs no fence at scope (ordersWithin) or semantics orders nothing.
func (fs *fnState) memoryBarrier(scope spirv.Scope, semantics uint32) {
	if semantics == 0 || !fs.ordersWithin(scope) {
		return
	}
	fs.b.EmitIDs(spirv.OpMemoryBarrier, 0, fs.u32(uint32(scope)), fs.u32(semantics))
}
