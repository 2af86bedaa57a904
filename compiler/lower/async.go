package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// The async copies of OpenCL C 6.12.10. Vulkan has no DMA engine to hand
// them to, so a copy is done at once by the whole work-group: work-item l
// copies elements l, l+lsz, l+2*lsz, ... The spec requires every work-item
// to reach the copy with the same arguments and to reach
// wait_group_events, which becomes a work-group barrier so that each
// work-item then sees the elements the others copied. event_t is a dummy
// 32-bit integer (valType), always 0: there is nothing to wait for but
// the barrier.

// asyncBuiltin lowers async_work_group_copy,
// async_work_group_strided_copy, wait_group_events and prefetch; ok is
// false for any other builtin.
func (fs *fnState) asyncBuiltin(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	switch name {
	case "async_work_group_copy", "async_work_group_strided_copy":
		strided := name == "async_work_group_strided_copy"
		if len(x.Args) != 4+b2iInt(strided) {
			return value{}, false
		}
		args := make([]value, len(x.Args))
		for i, a := range x.Args {
			args[i] = fs.expr(a)
		}
		stride := spirv.ID(0)
		if strided {
			stride = fs.to32(args[3])
		}
		fs.groupCopy(args[0], args[1], fs.to32(args[2]), stride)
		return value{t: t, id: fs.u32(0)}, true
	case "wait_group_events":
		fs.barrierInMachine(x.Fun.Pos(), name)
		// The arguments are evaluated for their side effects only.
		for _, a := range x.Args {
			fs.expr(a)
		}
		// The copies wrote local or global memory: make both visible.
		wg := fs.u32(uint32(spirv.ScopeWorkgroup))
		sem := uint32(spirv.MemorySemanticsWorkgroupMemory | spirv.MemorySemanticsUniformMemory | spirv.MemorySemanticsAcquireRelease)
		fs.b.EmitIDs(spirv.OpControlBarrier, 0, wg, wg, fs.u32(sem))
		return value{t: types.Typ[types.Void]}, true
	case "prefetch":
		// A hint only: nothing to do beyond the arguments' side effects.
		for _, a := range x.Args {
			fs.expr(a)
		}
		return value{t: types.Typ[types.Void]}, true
	}
	return value{}, false
}

func b2iInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// groupCopy copies n elements from src to dst, this work-item's share of
// them. With a stride (non-zero id), the global side is strided: the
// pointer into global memory steps by stride elements.
func (fs *fnState) groupCopy(dst, src value, n, stride spirv.ID) {
	b := fs.b
	u := fs.uint32T()
	dt, ok1 := types.Underlying(dst.t).(*types.Pointer)
	_, ok2 := types.Underlying(src.t).(*types.Pointer)
	if !ok1 || !ok2 || dst.ptr == nil || src.ptr == nil {
		fs.errorf(fs.pos, "async copy through this pointer is not supported")
		return
	}
	et := dt.Elem
	dstGlobal := dt.Space == types.Global
	lid, _ := fs.workItem("get_local_linear_id", nil, types.Typ[types.UInt])
	lsz := fs.mul32(fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1))), fs.localSize(fs.u32(2)))

	iv := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u))
	b.EmitIDs(spirv.OpStore, 0, iv, lid)
	header, check, body, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	fs.startBlock(check)
	i := b.EmitIDs(spirv.OpLoad, u, iv)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, fs.boolT(), i, n), body, merge)
	fs.startBlock(body)
	di, si := i, i
	if stride != 0 {
		if dstGlobal {
			di = fs.mul32(i, stride)
		} else {
			si = fs.mul32(i, stride)
		}
	}
	idx := func(id spirv.ID) value { return value{t: types.Typ[types.UInt], id: id} }
	sp := fs.ptrAdd(src, idx(si), false)
	dp := fs.ptrAdd(dst, idx(di), false)
	v := fs.load(fs.derefOrError(sp.ptr, et))
	fs.store(fs.derefOrError(dp.ptr, et), v)
	b.EmitIDs(spirv.OpBranch, 0, cont)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpStore, 0, iv, fs.add32(i, lsz))
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)
}
