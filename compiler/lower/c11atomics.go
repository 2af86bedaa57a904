package lower

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// The C11 atomics of OpenCL C 2.0 §6.13.11 on Vulkan SPIR-V without the
// Vulkan memory model:
//
//   - memory_order maps to memory semantics: relaxed to none, acquire,
//     release, acq_rel to AcquireRelease, and seq_cst to AcquireRelease too
//     (Vulkan treats SequentiallyConsistent as AcquireRelease and has no
//     stronger order without its memory model). A load drops the release
//     half, a store the acquire half (SPIR-V forbids them there). An
//     ordered operation orders both global and local memory (UniformMemory
//     and WorkgroupMemory), as an OpenCL fence on both would.
//   - memory_scope maps to scopes: work_item to Invocation (with relaxed
//     semantics, all Vulkan allows there), sub_group to Subgroup,
//     work_group to Workgroup, device and all_svm_devices to Device. An
//     object in local memory is visible to one work-group only, so a wider
//     scope is Workgroup there.
//   - An order or scope that is not a constant is taken as the strongest
//     (seq_cst, device): SPIR-V wants constants for both.
//   - atomic_flag is an int: test_and_set is an exchange with 1, clear a
//     store of 0 (OpAtomicFlagTestAndSet is a Kernel instruction).
//   - The weak compare-exchange is the strong one (which never fails
//     spuriously, as a weak one may not either). A compare-exchange is
//     relaxed between fences (see atomicCompareExchange).
//   - atomic_init is a plain store, as the specification allows.
//
// The memory_order and memory_scope values are clang's, as the
// preprocessor defines them (compiler/cpp/atomics.go).

const (
	orderRelaxed = 0
	orderAcquire = 2
	orderRelease = 3
	orderAcqRel  = 4
	orderSeqCst  = 5

	scopeWorkItem      = 0
	scopeWorkGroup     = 1
	scopeDevice        = 2
	scopeAllSVMDevices = 3
	scopeSubGroup      = 4
)

// c11Kinds is how each C11 atomic function uses its arguments after the
// object: how many values it takes and how many memory orders.
var c11Kinds = map[string]struct{ vals, orders int }{
	"atomic_init": {1, 0}, "atomic_store": {1, 1}, "atomic_load": {0, 1}, "atomic_exchange": {1, 1},
	"atomic_compare_exchange_strong": {2, 2}, "atomic_compare_exchange_weak": {2, 2},
	"atomic_fetch_add": {1, 1}, "atomic_fetch_sub": {1, 1}, "atomic_fetch_or": {1, 1},
	"atomic_fetch_xor": {1, 1}, "atomic_fetch_and": {1, 1}, "atomic_fetch_min": {1, 1},
	"atomic_fetch_max": {1, 1}, "atomic_flag_test_and_set": {0, 1}, "atomic_flag_clear": {0, 1},
}

// c11Atomic lowers the C11 atomic functions and atomic_work_item_fence;
// ok is false for any other builtin (the OpenCL 1.x atomic_* functions
// among them).
func (fs *fnState) c11Atomic(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	if name == "atomic_work_item_fence" {
		fs.workItemFence(x)
		return value{t: types.Typ[types.Void]}, true
	}
	base := strings.TrimSuffix(name, "_explicit")
	kind, ok := c11Kinds[base]
	if !ok {
		return value{}, false
	}
	if len(x.Args) < 1+kind.vals {
		fs.errorf(x.At, "builtin '%s' is not supported with these arguments", name)
		return fs.undef(t), true
	}
	pv := fs.expr(x.Args[0])
	pt, isPtr := types.Underlying(pv.t).(*types.Pointer)
	if !isPtr || pv.ptr == nil {
		fs.errorf(x.At, "builtin '%s' through this pointer is not supported", name)
		return fs.undef(t), true
	}
	var vals []value
	for _, a := range x.Args[1 : 1+kind.vals] {
		vals = append(vals, fs.expr(a))
	}
	// The orders, then the scope; what is left out is seq_cst and device.
	rest := x.Args[1+kind.vals:]
	orders := []int64{orderSeqCst, orderSeqCst}
	scope := int64(scopeDevice)
	for i, a := range rest {
		v := fs.constArg(a)
		switch {
		case i < kind.orders:
			orders[i] = v
		case i == kind.orders:
			scope = v
		}
	}
	op := &c11Op{name: base, et: pt.Elem, vals: vals, orders: orders, scope: scope, x: x, t: t}
	p := fs.derefOrError(pv.ptr, pt.Elem)
	rt := fs.valType(t)
	if isVoid(t) {
		rt = 0
	}
	if p.kind == pDispatch {
		return value{t: t, id: fs.dispatch(p, func(q *place) spirv.ID { return fs.c11On(q, op) }, rt)}, true
	}
	return value{t: t, id: fs.c11On(p, op)}, true
}

func isVoid(t types.Type) bool {
	b, ok := types.Underlying(t).(*types.Basic)
	return ok && b.Kind == types.Void
}

// constArg is the value of a memory_order or memory_scope argument: its
// constant, or -1 (the strongest) where it is not one. The argument is
// evaluated either way.
func (fs *fnState) constArg(a syntax.Expr) int64 {
	tv := fs.info.Types[a]
	if tv.IsConst() {
		return tv.Value.Int
	}
	fs.expr(a)
	return -1
}

// c11Op is one C11 atomic call: the function (without _explicit), the
// object's value type, the value arguments, the memory orders (success,
// failure) and the scope.
type c11Op struct {
	name   string
	et     types.Type
	vals   []value
	orders []int64
	scope  int64
	x      *syntax.CallExpr
	t      types.Type // the call's result type
}

// c11On applies op to the object place p; it returns the result, 0 for
// the void functions.
func (fs *fnState) c11On(p *place, op *c11Op) spirv.ID {
	b := fs.b
	if op.name == "atomic_init" {
		// Not atomic (§6.13.11.2): a store.
		fs.store(p, op.vals[0].id)
		return 0
	}
	k := types.ElemKind(op.et)
	rt := fs.valType(op.et)
	// The object's memory decides, whatever the pointer's address space
	// (generic, as the builtins declare it).
	space := types.Global
	switch p.sc {
	case spirv.StorageClassWorkgroup:
		space = types.Local
	case spirv.StorageClassFunction, spirv.StorageClassPrivate:
		fs.errorf(op.x.At, "builtin '%s' on an object in private memory is not supported", op.name)
		if isVoid(op.t) {
			return 0
		}
		return b.Undef(fs.valType(op.t))
	}
	ptr, ptrT, ok := fs.atomicPointer(p, op.name, op.et, op.x)
	if !ok {
		if isVoid(op.t) {
			return 0
		}
		return b.Undef(fs.valType(op.t))
	}
	// Values cross between the value type and the pointee type (a word
	// for a float in a buffer of words, a long view for a double) as bits.
	in := func(v spirv.ID) spirv.ID {
		if ptrT != rt {
			return b.EmitIDs(spirv.OpBitcast, ptrT, v)
		}
		return v
	}
	out := func(v spirv.ID) spirv.ID {
		if ptrT != rt {
			return b.EmitIDs(spirv.OpBitcast, rt, v)
		}
		return v
	}
	scope := fs.atomicScope(op.scope, space)
	// On a device that fences with atomics (fence.go), an ordered atomic
	// is a relaxed one: a read-modify-write is itself a full fence there,
	// and a load or a store gets the fence its order asks for after or
	// before it.
	byAtomic := fs.fencesByAtomic(scope)
	sem := func(order int64, drop uint32) spirv.ID {
		fs.noteOrder(scope, atomicSemantics(order, drop, scope))
		if byAtomic || !fs.ordersWithin(scope) {
			return fs.u32(0) // fence.go
		}
		return fs.u32(atomicSemantics(order, drop, scope))
	}
	sc := fs.u32(uint32(scope))
	acq, rel := uint32(spirv.MemorySemanticsAcquire), uint32(spirv.MemorySemanticsRelease)
	switch op.name {
	case "atomic_load":
		v := b.EmitIDs(spirv.OpAtomicLoad, ptrT, ptr, sc, sem(op.orders[0], rel))
		if byAtomic {
			fs.memoryBarrier(scope, atomicSemantics(op.orders[0], rel, scope))
		}
		return out(v)
	case "atomic_store":
		if byAtomic {
			fs.memoryBarrier(scope, atomicSemantics(op.orders[0], acq, scope))
		}
		b.EmitIDs(spirv.OpAtomicStore, 0, ptr, sc, sem(op.orders[0], acq), in(op.vals[0].id))
		return 0
	case "atomic_exchange":
		return out(b.EmitIDs(spirv.OpAtomicExchange, ptrT, ptr, sc, sem(op.orders[0], 0), in(op.vals[0].id)))
	case "atomic_flag_test_and_set":
		old := b.EmitIDs(spirv.OpAtomicExchange, ptrT, ptr, sc, sem(op.orders[0], 0), fs.u32(1))
		return b.EmitIDs(spirv.OpINotEqual, fs.boolT(), old, fs.u32(0))
	case "atomic_flag_clear":
		if byAtomic {
			fs.memoryBarrier(scope, atomicSemantics(op.orders[0], acq, scope))
		}
		b.EmitIDs(spirv.OpAtomicStore, 0, ptr, sc, sem(op.orders[0], acq), fs.u32(0))
		return 0
	case "atomic_compare_exchange_strong", "atomic_compare_exchange_weak":
		if k.IsFloat() && ptrT == rt {
			fs.errorf(op.x.At, "builtin '%s' on %v in this memory is not supported", op.name, op.et)
			return b.Undef(fs.boolT())
		}
		return fs.atomicCompareExchange(ptr, ptrT, scope, op, in, out)
	}
	key := strings.TrimPrefix(op.name, "atomic_fetch_")
	signed := k.IsSigned()
	sop, ok := map[string]spirv.Op{"add": spirv.OpAtomicIAdd, "sub": spirv.OpAtomicISub,
		"or": spirv.OpAtomicOr, "xor": spirv.OpAtomicXor, "and": spirv.OpAtomicAnd,
		"min": pick(signed, spirv.OpAtomicSMin, spirv.OpAtomicUMin), "max": pick(signed, spirv.OpAtomicSMax, spirv.OpAtomicUMax)}[key]
	if !ok || k.IsFloat() {
		fs.errorf(op.x.At, "builtin '%s' is not supported yet", op.name)
		return b.Undef(rt)
	}
	return out(b.EmitIDs(sop, ptrT, ptr, sc, sem(op.orders[0], 0), in(op.vals[0].id)))
}

// atomicCompareExchange is atomic_compare_exchange_{strong,weak}: the
// compare-and-swap itself is relaxed, ordered by a release fence before
// it and an acquire fence after it where the orders ask for them (a fence
// pair is at least as strong as the ordered operation). Mesa 22.3's
// lavapipe loses the work-items of a compare-and-swap retry loop that
// succeed in the same pass when the OpAtomicCompareExchange itself carries
// an order (see atomicOn's cmpxchg). The value read is written back to
// *expected, which changes nothing where the exchange succeeded.
func (fs *fnState) atomicCompareExchange(ptr, ptrT spirv.ID, scope spirv.Scope, op *c11Op, in, out func(spirv.ID) spirv.ID) spirv.ID {
	b := fs.b
	success, failure := op.orders[0], op.orders[1]
	if fs.opts.RelaxedCompareExchange {
		success, failure = orderRelaxed, orderRelaxed
	}
	fs.memoryBarrier(scope, atomicSemantics(success, uint32(spirv.MemorySemanticsAcquire), scope))
	ev := op.vals[0]
	et, _ := types.Underlying(ev.t).(*types.Pointer)
	if et == nil || ev.ptr == nil {
		fs.errorf(op.x.At, "builtin '%s': the expected value's pointer is not supported", op.name)
		return b.Undef(fs.boolT())
	}
	ep := fs.derefOrError(ev.ptr, et.Elem)
	expected := in(fs.load(ep))
	relaxed := fs.u32(0)
	old := b.EmitIDs(spirv.OpAtomicCompareExchange, ptrT, ptr, fs.u32(uint32(scope)), relaxed, relaxed, in(op.vals[1].id), expected)
	ok := b.EmitIDs(spirv.OpIEqual, fs.boolT(), old, expected)
	fs.store(ep, out(old))
	// The acquire the success or the failure order asks for.
	fs.memoryBarrier(scope, atomicSemantics(success, uint32(spirv.MemorySemanticsRelease), scope)|
		atomicSemantics(failure, uint32(spirv.MemorySemanticsRelease), scope))
	return ok
}

// atomicScope maps a memory_scope value to the SPIR-V scope of an atomic
// on an object in space.
func (fs *fnState) atomicScope(s int64, space types.AddrSpace) spirv.Scope {
	sc := spirv.ScopeDevice
	switch s {
	case scopeWorkItem:
		sc = spirv.ScopeInvocation
	case scopeSubGroup:
		sc = spirv.ScopeSubgroup
	case scopeWorkGroup:
		sc = spirv.ScopeWorkgroup
	}
	if space == types.Local && sc == spirv.ScopeDevice {
		sc = spirv.ScopeWorkgroup
	}
	return sc
}

// atomicSemantics maps a memory_order value to SPIR-V memory semantics,
// without the halves in drop (Acquire for a store, Release for a load).
// An ordered result covers global and local memory; Invocation scope
// takes no order.
func atomicSemantics(order int64, drop uint32, scope spirv.Scope) uint32 {
	acq, rel := uint32(spirv.MemorySemanticsAcquire), uint32(spirv.MemorySemanticsRelease)
	var halves uint32
	switch order {
	case orderRelaxed:
	case orderAcquire:
		halves = acq
	case orderRelease:
		halves = rel
	default: // acq_rel, seq_cst, or not a constant
		halves = acq | rel
	}
	halves &^= drop
	if halves == 0 || scope == spirv.ScopeInvocation {
		return 0
	}
	sem := uint32(spirv.MemorySemanticsUniformMemory | spirv.MemorySemanticsWorkgroupMemory)
	if halves == acq|rel {
		return sem | uint32(spirv.MemorySemanticsAcquireRelease)
	}
	return sem | halves
}

// workItemFence lowers atomic_work_item_fence(flags, order, scope): an
// OpMemoryBarrier on the memories the flags name, with the order's
// semantics; a relaxed fence, one on no memory and one at work_item scope
// (where Vulkan takes no semantics) order nothing and emit nothing.
func (fs *fnState) workItemFence(x *syntax.CallExpr) {
	args := []int64{3, orderSeqCst, scopeDevice}
	for i, a := range x.Args {
		if i < len(args) {
			args[i] = fs.constArg(a)
		} else {
			fs.expr(a)
		}
	}
	flags := args[0]
	if flags < 0 {
		flags = 7
	}
	scope := fs.atomicScope(args[2], types.Global)
	halves := atomicSemantics(args[1], 0, scope) &^ uint32(spirv.MemorySemanticsUniformMemory|spirv.MemorySemanticsWorkgroupMemory)
	mem := fenceMemory(flags)
	if halves == 0 || mem == 0 {
		return
	}
	fs.memoryBarrier(scope, halves|mem)
}

// fenceMemory maps cl_mem_fence_flags to the storage-class bits of memory
// semantics.
func fenceMemory(flags int64) uint32 {
	var sem uint32
	if flags&1 != 0 { // CLK_LOCAL_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsWorkgroupMemory)
	}
	if flags&2 != 0 { // CLK_GLOBAL_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsUniformMemory)
	}
	if flags&4 != 0 { // CLK_IMAGE_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsImageMemory)
	}
	return sem
}

// compareExchangeView gives the object of a compare-exchange on
// atomic_float or atomic_double an integer view of the same size, so that
// it is laid out as words (see setupObjects): OpAtomicCompareExchange
// takes integers only, and under logical addressing a float's place
// cannot be reached through an integer pointer otherwise.
func (a *analysis) compareExchangeView(c *syntax.CallExpr) {
	ov := a.info.Calls[c].Builtin
	if ov == nil || !strings.HasPrefix(ov.Name, "atomic_compare_exchange_") || len(c.Args) == 0 {
		return
	}
	p, ok := types.Underlying(a.info.Types[c.Args[0]].Type).(*types.Pointer)
	if !ok {
		if p, ok = a.info.Implicit[c.Args[0]].(*types.Pointer); !ok {
			return
		}
	}
	var view types.Type
	switch types.ElemKind(p.Elem) {
	case types.Float:
		view = types.Typ[types.UInt]
	case types.Double:
		view = types.Typ[types.ULong]
	default:
		return
	}
	for o := range a.ptsOf(c.Args[0]) {
		if o != nil {
			a.views[o] = append(a.views[o], view)
		}
	}
}
