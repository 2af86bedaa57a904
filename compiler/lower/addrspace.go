package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// The generic address space (OpenCL C 2.0) needs no representation of its
// own: a pointer is already one of several candidate objects and an
// offset (pointers.go), and the candidates of a generic pointer may lie in
// different address spaces. Where only one candidate is possible (a helper
// inlined at a call that passes a __local or __global pointer) the
// pointer is that object's; where several are (p = c ? localp : globalp)
// the selector is the space tag and each access switches on it. The
// address space qualifier functions map each candidate statically.

// toSpaces maps to_global, to_local and to_private to their address space.
var toSpaces = map[string]types.AddrSpace{"to_global": types.Global, "to_local": types.Local, "to_private": types.Private}

// Fence flags of get_fence (CLK_LOCAL_MEM_FENCE and CLK_GLOBAL_MEM_FENCE
// of opencl.h).
const (
	clkLocalMemFence  = 0x01
	clkGlobalMemFence = 0x02
)

// fenceOf is the fence get_fence gives for an object: the flag of its
// address space, none for private memory (as SPIR-V's
// OpGenericPtrMemSemantics, which has no bit for Function storage).
func fenceOf(o *object) uint32 {
	if o == nil {
		return 0
	}
	switch objSpace(o.v) {
	case types.Local:
		return clkLocalMemFence
	case types.Global, types.Constant:
		return clkGlobalMemFence
	}
	return 0
}

// addrSpaceBuiltin lowers to_global, to_local, to_private and get_fence;
// ok is false for other builtins.
func (fs *fnState) addrSpaceBuiltin(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	space, isTo := toSpaces[name]
	if !isTo && name != "get_fence" {
		return value{}, false
	}
	v := fs.expr(x.Args[0])
	pv := v.ptr
	if pv == nil {
		fs.errorf(x.At, "internal error: '%s' of a pointer with no object", name)
		return fs.undef(t), true
	}
	if !isTo {
		return value{t: t, id: fs.perCandidate(pv, fs.uint32T(), func(o *object) spirv.ID { return fs.u32(fenceOf(o)) })}, true
	}
	// Candidates of another space become the null pointer, with offset 0.
	kept := make([]*object, len(pv.objs))
	var objs []*object
	all := true
	for i, o := range pv.objs {
		if o != nil && objSpace(o.v) == space {
			kept[i] = o
		} else {
			all = false
		}
		objs = fs.unionObjs(objs, []*object{kept[i]})
	}
	if all {
		return value{t: t, ptr: pv}, true
	}
	out := &ptrVal{objs: objs}
	if len(objs) > 1 {
		out.sel = fs.remapSel(&ptrVal{objs: kept, sel: pv.sel}, objs)
	}
	isKept := fs.perCandidate(pv, fs.boolT(), func(o *object) spirv.ID {
		return fs.b.ConstantBool(fs.boolT(), o != nil && objSpace(o.v) == space)
	})
	off := fs.offAs(pv.off, pv.objs, objs)
	zero := fs.u32(0)
	if wideObjs(objs) {
		zero = fs.u64(0)
	}
	out.off = fs.b.EmitIDs(spirv.OpSelect, fs.offType(objs), isKept, off, zero)
	return value{t: t, ptr: out}, true
}

// perCandidate is f of pv's object, chosen by its selector: a constant
// for each candidate.
func (fs *fnState) perCandidate(pv *ptrVal, rt spirv.ID, f func(*object) spirv.ID) spirv.ID {
	res := f(pv.objs[0])
	for i := 1; i < len(pv.objs); i++ {
		is := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		res = fs.b.EmitIDs(spirv.OpSelect, rt, is, f(pv.objs[i]), res)
	}
	return res
}
