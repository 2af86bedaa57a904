package lower

import (
	"math"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// The work-group collective functions of OpenCL C 2.0 §6.13.15. Vulkan
// SPIR-V has no Workgroup-scope group operations, so they are computed
// through a scratch array in Workgroup memory with one element per
// work-item, sized by the work-group size (the product of the work-group
// size spec constants 0..2, or of reqd_work_group_size): any work-group
// size up to the device's maximum works, and every driver runs the same
// code. The spec requires every work-item of the group to reach each
// collective call, in the same order, so the barriers are in uniform
// control flow.
//
//   - broadcast: each work-item stores its value, a barrier, each reads
//     the element of the work-item named.
//   - reduce: a tree over the stored values with sequential addressing
//     (groupReduce): in the step of h, the largest power of two below n
//     and then half the one before, work-items lid < h with lid+h < n fold
//     element lid+h into their own; a barrier ends each step, and the
//     result is element 0. Only the first h work-items work in a step,
//     contiguous, so a SIMD host skips whole chunks of idle lanes and a
//     GPU whole idle sub-groups.
//   - scans: an inclusive scan of the stored values in
//     ceil(log2(n)) steps (Hillis and Steele): in step s every work-item
//     reads its element and the one 2^s before it, a barrier, writes their
//     combination, a barrier. The inclusive scan is a work-item's own
//     element, the reduction the last one, the exclusive scan the element
//     before (the identity for work-item 0: 0 for add, the type's largest
//     value for min, its smallest for max, ±INFINITY for floats). Integer
//     results are exact; a float sum is added in the tree's order, which
//     §6.13.15 leaves to the implementation.
//   - all and any: the reduction min or max of (predicate != 0).
//
// Every collective ends with a barrier, so that the next one may reuse
// the scratch array at once.

// collective lowers a work-group collective function; ok is false for any
// other builtin.
func (fs *fnState) collective(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	rest, found := strings.CutPrefix(name, "work_group_")
	if !found || !isCollective(rest) || len(x.Args) == 0 {
		return value{}, false
	}
	fs.barrierInMachine(x.Fun.Pos(), name)
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = fs.expr(a)
	}
	b := fs.b
	u := fs.uint32T()
	switch {
	case rest == "all" || rest == "any":
		pred := b.EmitIDs(spirv.OpINotEqual, fs.boolT(), args[0].id, fs.constOf(args[0].t, 0))
		bit := b.EmitIDs(spirv.OpSelect, u, pred, fs.u32(1), fs.u32(0))
		op := map[string]string{"all": "min", "any": "max"}[rest]
		r := fs.groupReduce(bit, types.Typ[types.UInt], op)
		return value{t: t, id: fs.convKinds(r, types.Typ[types.UInt], types.UInt, types.ElemKind(t))}, true
	case rest == "broadcast":
		// The linear id of the work-item named by (x, y, z).
		id := fs.to32(args[1])
		if len(args) > 2 {
			id = fs.add32(id, fs.mul32(fs.to32(args[2]), fs.localSize(fs.u32(0))))
		}
		if len(args) > 3 {
			id = fs.add32(id, fs.mul32(fs.to32(args[3]), fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1)))))
		}
		return value{t: t, id: fs.groupBroadcast(args[0].id, t, id)}, true
	}
	kind, op := splitCollective(rest)
	if kind == "reduce" {
		return value{t: t, id: fs.groupReduce(args[0].id, t, op)}, true
	}
	return value{t: t, id: fs.groupScan(args[0].id, t, op, kind)}, true
}

// splitCollective splits "reduce_add", "scan_inclusive_min", ... into the
// kind and the operation; both are "" for other names.
func splitCollective(name string) (kind, op string) {
	for _, kind := range []string{"reduce", "scan_inclusive", "scan_exclusive"} {
		if op, ok := strings.CutPrefix(name, kind+"_"); ok && (op == "add" || op == "min" || op == "max") {
			return kind, op
		}
	}
	return "", ""
}

// isCollective reports whether work_group_NAME is a collective function.
func isCollective(name string) bool {
	k, _ := splitCollective(name)
	return name == "all" || name == "any" || name == "broadcast" || k != ""
}

// groupScratch returns the kernel's Workgroup array of the value type of
// t with one element per work-item, declaring it on first use.
func (fs *fnState) groupScratch(t types.Type) (arr, elem spirv.ID) {
	b := fs.b
	elem = fs.valType(t)
	if v, ok := fs.wgScratch[elem]; ok {
		return v, elem
	}
	u := fs.uint32T()
	var n spirv.ID
	if w := fs.k.Attrs.ReqdWorkGroupSize; w != [3]uint64{} || fs.wgSize == 0 {
		if w == [3]uint64{} {
			w = [3]uint64{1, 1, 1}
		}
		n = fs.u32(uint32(w[0] * w[1] * w[2]))
	} else {
		// The constituents of the WorkgroupSize composite: spec
		// constants 0, 1, 2.
		parts := b.Def(fs.wgSize).Operands
		n = b.SpecConstantOp(u, spirv.OpIMul, spirv.ID(parts[0]), spirv.ID(parts[1]))
		n = b.SpecConstantOp(u, spirv.OpIMul, n, spirv.ID(parts[2]))
	}
	sc := spirv.StorageClassWorkgroup
	v := b.Variable(b.TypePointer(sc, b.TypeArray(elem, n)), sc)
	b.Name(v, "__clgo_work_group_scratch")
	if fs.wgScratch == nil {
		fs.wgScratch = map[spirv.ID]spirv.ID{}
	}
	fs.wgScratch[elem] = v
	return v, elem
}

// groupBarrier is a work-group barrier on Workgroup memory.
func (fs *fnState) groupBarrier() {
	wg := fs.u32(uint32(spirv.ScopeWorkgroup))
	sem := fs.u32(uint32(spirv.MemorySemanticsWorkgroupMemory | spirv.MemorySemanticsAcquireRelease))
	fs.b.EmitIDs(spirv.OpControlBarrier, 0, wg, wg, sem)
}

// scratchAt is a pointer to element i of the scratch array arr.
func (fs *fnState) scratchAt(arr, elem, i spirv.ID) spirv.ID {
	pt := fs.b.TypePointer(spirv.StorageClassWorkgroup, elem)
	return fs.b.EmitIDs(spirv.OpAccessChain, pt, fs.gv(arr), i)
}

// localLinearID is get_local_linear_id() as a 32-bit value.
func (fs *fnState) localLinearID() spirv.ID {
	id, _ := fs.workItem("get_local_linear_id", nil, types.Typ[types.UInt])
	return id
}

// groupBroadcast is work_group_broadcast of v (of type t) from the
// work-item whose linear local id is src.
func (fs *fnState) groupBroadcast(v spirv.ID, t types.Type, src spirv.ID) spirv.ID {
	b := fs.b
	arr, elem := fs.groupScratch(t)
	b.EmitIDs(spirv.OpStore, 0, fs.scratchAt(arr, elem, fs.localLinearID()), v)
	fs.groupBarrier()
	// A work-item outside the group is undefined behaviour; the read
	// stays inside the array all the same (the last work-item's value).
	u := fs.uint32T()
	n := fs.mul32(fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1))), fs.localSize(fs.u32(2)))
	last := b.EmitIDs(spirv.OpISub, u, n, fs.u32(1))
	src = b.EmitIDs(spirv.OpSelect, u, b.EmitIDs(spirv.OpULessThan, fs.boolT(), src, n), src, last)
	r := b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, src))
	fs.groupBarrier()
	return r
}

// groupScan computes the work-group reduction or scan (kind "reduce",
// "scan_inclusive", "scan_exclusive") of v, of scalar type t, with op
// "add", "min" or "max".
func (fs *fnState) groupScan(v spirv.ID, t types.Type, op, kind string) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	arr, elem := fs.groupScratch(t)
	lid := fs.localLinearID()
	n := fs.mul32(fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1))), fs.localSize(fs.u32(2)))
	mine := fs.scratchAt(arr, elem, lid)
	b.EmitIDs(spirv.OpStore, 0, mine, v)
	fs.groupBarrier()

	// for (off = 1; off < n; off *= 2): a uniform loop.
	offVar := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u))
	b.EmitIDs(spirv.OpStore, 0, offVar, fs.u32(1))
	header, check, body, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	fs.startBlock(check)
	off := b.EmitIDs(spirv.OpLoad, u, offVar)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, fs.boolT(), off, n), body, merge)
	fs.startBlock(body)
	// Work-items before off keep their element; the others combine the
	// element off before theirs with their own (read at a safe index,
	// then chosen).
	has := b.EmitIDs(spirv.OpUGreaterThanEqual, fs.boolT(), lid, off)
	from := b.EmitIDs(spirv.OpSelect, u, has, b.EmitIDs(spirv.OpISub, u, lid, off), lid)
	cur := b.EmitIDs(spirv.OpLoad, elem, mine)
	prev := b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, from))
	next := b.EmitIDs(spirv.OpSelect, elem, has, fs.groupCombine(op, t, prev, cur), cur)
	fs.groupBarrier()
	b.EmitIDs(spirv.OpStore, 0, mine, next)
	fs.groupBarrier()
	b.EmitIDs(spirv.OpBranch, 0, cont)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpStore, 0, offVar, b.EmitIDs(spirv.OpShiftLeftLogical, u, off, fs.u32(1)))
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)

	var r spirv.ID
	switch kind {
	case "reduce":
		last := b.EmitIDs(spirv.OpISub, u, n, fs.u32(1))
		r = b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, last))
	case "scan_inclusive":
		r = b.EmitIDs(spirv.OpLoad, elem, mine)
	default:
		first := b.EmitIDs(spirv.OpIEqual, fs.boolT(), lid, fs.u32(0))
		before := b.EmitIDs(spirv.OpSelect, u, first, lid, b.EmitIDs(spirv.OpISub, u, lid, fs.u32(1)))
		r = b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, before))
		r = b.EmitIDs(spirv.OpSelect, elem, first, fs.groupIdentity(op, t), r)
	}
	fs.groupBarrier()
	return r
}

// groupReduce computes the work-group reduction of v, of scalar type t,
// with op "add", "min" or "max" (see the top of the file).
func (fs *fnState) groupReduce(v spirv.ID, t types.Type, op string) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	bl := fs.boolT()
	arr, elem := fs.groupScratch(t)
	lid := fs.localLinearID()
	n := fs.mul32(fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1))), fs.localSize(fs.u32(2)))
	mine := fs.scratchAt(arr, elem, lid)
	b.EmitIDs(spirv.OpStore, 0, mine, v)
	fs.groupBarrier()

	// h = n > 1 ? 1 << FindUMsb(n-1) : 0 (FindUMsb(0) is -1, not used).
	msb := b.ExtInst(u, fs.glsl, uint32(spirv.GLSLstd450FindUMsb), b.EmitIDs(spirv.OpISub, u, n, fs.u32(1)))
	h0 := b.EmitIDs(spirv.OpSelect, u, b.EmitIDs(spirv.OpUGreaterThan, bl, n, fs.u32(1)),
		b.EmitIDs(spirv.OpShiftLeftLogical, u, fs.u32(1), msb), fs.u32(0))
	hVar := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u))
	b.EmitIDs(spirv.OpStore, 0, hVar, h0)
	header, check, body, then, step, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	fs.startBlock(check)
	h := b.EmitIDs(spirv.OpLoad, u, hVar)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpINotEqual, bl, h, fs.u32(0)), body, merge)
	fs.startBlock(body)
	other := b.EmitIDs(spirv.OpIAdd, u, lid, h)
	act := b.EmitIDs(spirv.OpLogicalAnd, bl, b.EmitIDs(spirv.OpULessThan, bl, lid, h), b.EmitIDs(spirv.OpULessThan, bl, other, n))
	b.Emit(spirv.OpSelectionMerge, 0, uint32(step), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, act, then, step)
	fs.startBlock(then)
	cur := b.EmitIDs(spirv.OpLoad, elem, mine)
	far := b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, other))
	b.EmitIDs(spirv.OpStore, 0, mine, fs.groupCombine(op, t, cur, far))
	b.EmitIDs(spirv.OpBranch, 0, step)
	fs.startBlock(step)
	fs.groupBarrier()
	b.EmitIDs(spirv.OpBranch, 0, cont)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpStore, 0, hVar, b.EmitIDs(spirv.OpShiftRightLogical, u, h, fs.u32(1)))
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)

	r := b.EmitIDs(spirv.OpLoad, elem, fs.scratchAt(arr, elem, fs.u32(0)))
	fs.groupBarrier()
	return r
}

// groupCombine is a op b for the scalar type t.
func (fs *fnState) groupCombine(op string, t types.Type, a, b spirv.ID) spirv.ID {
	bld := fs.b
	k := types.ElemKind(t)
	rt := fs.valType(t)
	if k.IsFloat() {
		switch op {
		case "add":
			return bld.EmitIDs(spirv.OpFAdd, rt, a, b)
		case "min":
			return bld.ExtInst(rt, fs.glsl, uint32(spirv.GLSLstd450NMin), a, b)
		}
		return bld.ExtInst(rt, fs.glsl, uint32(spirv.GLSLstd450NMax), a, b)
	}
	if op == "add" {
		return bld.EmitIDs(spirv.OpIAdd, rt, a, b)
	}
	less := pick(k.IsSigned(), spirv.OpSLessThan, spirv.OpULessThan)
	aFirst := bld.EmitIDs(less, fs.boolT(), a, b) // a < b
	if op == "max" {
		return bld.EmitIDs(spirv.OpSelect, rt, aFirst, b, a)
	}
	return bld.EmitIDs(spirv.OpSelect, rt, aFirst, a, b)
}

// groupIdentity is the identity of op for the scalar type t: what an
// exclusive scan gives work-item 0 (§6.13.15).
func (fs *fnState) groupIdentity(op string, t types.Type) spirv.ID {
	k := types.ElemKind(t)
	if op == "add" {
		return fs.constOf(t, 0)
	}
	if k.IsFloat() {
		sign := -1 // max: -INFINITY
		if op == "min" {
			sign = 1
		}
		return fs.constOf(t, math.Inf(sign))
	}
	bits := 8 * k.Size()
	var v uint64
	switch {
	case op == "min" && k.IsSigned():
		v = 1<<(bits-1) - 1
	case op == "min":
		v = 1<<bits - 1 // all ones (1<<64 is 0 in a uint64)
	case k.IsSigned(): // max: the smallest value
		v = 1 << (bits - 1)
	}
	return fs.b.ConstantUint(fs.valType(t), v)
}
