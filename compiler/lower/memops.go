package lower

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// atomic lowers the atomic_* and atom_* functions on global and local
// memory to OpAtomic* with Device or Workgroup scope: 32-bit ones on any
// place, 64-bit ones (cl_khr_int64_*_atomics) on places typed long or
// ulong, or on a buffer of words through its 64-bit view (wideView).
// Through a pointer with several candidate objects, on each of them in a
// switch on the selector.
func (fs *fnState) atomic(name string, x *syntax.CallExpr, t types.Type) value {
	op := strings.TrimPrefix(strings.TrimPrefix(name, "atomic_"), "atom_")
	if len(x.Args) == 0 {
		fs.errorf(x.At, "builtin '%s' is not supported yet", name)
		return fs.undef(t)
	}
	pv := fs.expr(x.Args[0])
	pt, ok := types.Underlying(pv.t).(*types.Pointer)
	if !ok || pv.ptr == nil {
		fs.errorf(x.At, "builtin '%s' is not supported yet", name)
		return fs.undef(t)
	}
	et := pt.Elem
	k := types.ElemKind(et)
	if k.Size() != 4 && k.Size() != 8 {
		fs.errorf(x.At, "builtin '%s' is not supported yet for %v", name, et)
		return fs.undef(t)
	}
	var args []spirv.ID
	for _, a := range x.Args[1:] {
		args = append(args, fs.expr(a).id)
	}
	p := fs.derefOrError(pv.ptr, et)
	if p.kind == pDispatch {
		// One of several objects: the atomic on each, in a switch on the
		// pointer's selector.
		return value{t: t, id: fs.dispatch(p, func(q *place) spirv.ID {
			return fs.atomicOn(q, name, op, et, pt.Space, args, x)
		}, fs.valType(et))}
	}
	return value{t: t, id: fs.atomicOn(p, name, op, et, pt.Space, args, x)}
}

// atomicOn applies atomic operation op to the object place p, of element
// type et in address space space; it returns the result (the old value).
func (fs *fnState) atomicOn(p *place, name, op string, et types.Type, space types.AddrSpace, args []spirv.ID, x *syntax.CallExpr) spirv.ID {
	b := fs.b
	k := types.ElemKind(et)
	rt := fs.valType(et)
	ptr, ptrT, ok := fs.atomicPointer(p, name, et, x)
	if !ok {
		return b.Undef(rt)
	}
	u := fs.uint32T()
	scope := uint32(spirv.ScopeDevice)
	semMem := uint32(spirv.MemorySemanticsUniformMemory)
	if space == types.Local {
		scope = uint32(spirv.ScopeWorkgroup)
		semMem = uint32(spirv.MemorySemanticsWorkgroupMemory)
	}
	sc := fs.u32(scope)
	sem := fs.u32(semMem | uint32(spirv.MemorySemanticsAcquireRelease))
	if !fs.ordersWithin(spirv.Scope(scope)) || fs.fencesByAtomic(spirv.Scope(scope)) {
		sem = fs.u32(semMem) // fence.go
	}
	signed := k.IsSigned()
	switch op {
	case "add", "sub", "xchg", "and", "or", "xor", "min", "max":
		sop := map[string]spirv.Op{"add": spirv.OpAtomicIAdd, "sub": spirv.OpAtomicISub, "xchg": spirv.OpAtomicExchange,
			"and": spirv.OpAtomicAnd, "or": spirv.OpAtomicOr, "xor": spirv.OpAtomicXor,
			"min": pick(signed, spirv.OpAtomicSMin, spirv.OpAtomicUMin), "max": pick(signed, spirv.OpAtomicSMax, spirv.OpAtomicUMax)}[op]
		if k == types.Float {
			if op != "xchg" {
				break
			}
			if ptrT != u {
				// OpAtomicExchange takes float pointers.
				return b.EmitIDs(spirv.OpAtomicExchange, rt, ptr, sc, sem, args[0])
			}
			// Float exchange on a word, through the bits.
			bits := b.EmitIDs(spirv.OpBitcast, u, args[0])
			r := b.EmitIDs(spirv.OpAtomicExchange, u, ptr, sc, sem, bits)
			return b.EmitIDs(spirv.OpBitcast, rt, r)
		}
		return b.EmitIDs(sop, rt, ptr, sc, sem, args[0])
	case "inc", "dec":
		sop := pick(op == "inc", spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement)
		return b.EmitIDs(sop, rt, ptr, sc, sem)
	case "cmpxchg":
		// Relaxed, as the 1.x atomics may be (libclc makes them all
		// relaxed): with an ordering on the compare-exchange, Mesa 22.3's
		// lavapipe loses the work-items of a compare-and-swap retry loop
		// that succeed in the same pass (1024 work-items updated a
		// counter 160 times).
		relaxed := fs.u32(semMem)
		return b.EmitIDs(spirv.OpAtomicCompareExchange, rt, ptr, sc, relaxed, relaxed, args[1], args[0])
	}
	fs.errorf(x.At, "builtin '%s' is not supported yet", name)
	return b.Undef(rt)
}

// atomicPointer resolves the object place p of an atomic operation on a
// value of type et to the SPIR-V pointer the OpAtomic* takes and its
// pointee type: the place's own type where it is typed (float, long), a
// uint word for 32-bit values in a buffer of words, the 64-bit view
// (wideView) for 64-bit values there. ok is false after an error.
func (fs *fnState) atomicPointer(p *place, name string, et types.Type, x *syntax.CallExpr) (ptr, ptrT spirv.ID, ok bool) {
	if p.kind == pPhys {
		ptr, ptrT = fs.physAtomicPointer(p, et)
		return ptr, ptrT, true
	}
	b := fs.b
	k := types.ElemKind(et)
	wide := false
	if k.Size() == 8 {
		if p.kind == pWords {
			wide = true
			// A long in memory also accessed as other types: the
			// buffer's 64-bit view (wideView).
			q, ok := fs.wideView(p)
			if !ok {
				fs.errorf(x.At, "builtin '%s' on __local memory that is also accessed as other types than %v is not supported", name, et)
				return 0, 0, false
			}
			p = q
		}
		if p.kind != pChain || types.ElemKind(p.t).Size() != 8 {
			fs.errorf(x.At, "builtin '%s' on a %v that is also accessed as other types is not supported", name, et)
			return 0, 0, false
		}
		fs.b.Capability(spirv.CapabilityInt64Atomics)
	}
	if p.kind == pWords {
		// A 32-bit value at a (4-aligned) byte offset: its word.
		p = fs.wordPlace(p, b.EmitIDs(spirv.OpShiftRightLogical, fs.uint32T(), p.boff, fs.u32(2)))
	}
	u := fs.uint32T()
	// A word place is uint whatever the value's type; a typed float
	// place is float.
	ptrT = u
	if k.Size() == 8 {
		ptrT = fs.scalarType(types.ElemKind(p.t))
		if wide {
			// The view's elements are ulong whatever the value's type
			// (a double through its bits).
			ptrT = fs.scalarType(types.ULong)
		}
	}
	if k == types.Float && p.kind == pChain && types.ElemKind(p.t) == types.Float {
		ptrT = fs.scalarType(types.Float)
	}
	return fs.chainPtr(p, ptrT), ptrT, true
}

// vloadStore lowers vloadN(offset, p) and vstoreN(data, offset, p): N
// consecutive elements from p + offset*N.
func (fs *fnState) vloadStore(name string, x *syntax.CallExpr, t types.Type) value {
	store := strings.HasPrefix(name, "vstore")
	rest := strings.TrimPrefix(strings.TrimPrefix(name, "vload"), "vstore")
	n, err := strconv.Atoi(rest)
	if err != nil || len(x.Args) < 2 {
		fs.errorf(x.At, "builtin '%s' is not supported yet", name)
		return fs.undef(t)
	}
	var data value
	args := x.Args
	if store {
		data = fs.expr(args[0])
		args = args[1:]
	}
	off := fs.expr(args[0])
	pv := fs.expr(args[1])
	pt, ok := types.Underlying(pv.t).(*types.Pointer)
	if !ok || pv.ptr == nil {
		fs.errorf(x.At, "builtin '%s' is not supported yet", name)
		return fs.undef(t)
	}
	et := pt.Elem
	base := fs.ptrAdd(pv, value{t: types.Typ[types.UInt], id: fs.mul32(fs.to32(off), fs.u32(uint32(n)))}, false)
	vt := types.NewVector(types.ElemKind(et), n)
	if n == 1 {
		vt = nil
	}
	if store {
		for i := 0; i < n; i++ {
			e := data.id
			if n > 1 {
				e = fs.extract(data.id, data.t, i)
			}
			q := fs.ptrAdd(base, value{t: types.Typ[types.UInt], id: fs.u32(uint32(i))}, false)
			fs.store(fs.derefOrError(q.ptr, et), e)
		}
		return value{t: types.Typ[types.Void]}
	}
	parts := make([]spirv.ID, n)
	for i := range parts {
		q := fs.ptrAdd(base, value{t: types.Typ[types.UInt], id: fs.u32(uint32(i))}, false)
		parts[i] = fs.load(fs.derefOrError(q.ptr, et))
	}
	if vt == nil {
		return value{t: t, id: parts[0]}
	}
	return value{t: t, id: fs.construct(t, parts)}
}
