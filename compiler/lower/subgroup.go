package lower

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Sub-groups (cl_khr_subgroups and the cl_khr_subgroup_* extensions) lower
// to SPIR-V's GroupNonUniform instructions with Subgroup scope and to the
// SubgroupSize, NumSubgroups, SubgroupId and SubgroupLocalInvocationId
// built-ins. A sub-group is taken to hold the work-items of consecutive
// linear local ids, SubgroupSize of them (the last one fewer), as the host
// driver lays them out and Vulkan implementations do: get_sub_group_size
// is computed from that.

// subgroupArith maps the operation suffix of the reduce/scan functions to
// the instruction for signed, unsigned and float operands.
var subgroupArith = map[string][3]spirv.Op{
	"add":         {spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformFAdd},
	"mul":         {spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformFMul},
	"min":         {spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformFMin},
	"max":         {spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMax, spirv.OpGroupNonUniformFMax},
	"and":         {spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseAnd, 0},
	"or":          {spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseOr, 0},
	"xor":         {spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformBitwiseXor, 0},
	"logical_and": {spirv.OpGroupNonUniformLogicalAnd, 0, 0},
	"logical_or":  {spirv.OpGroupNonUniformLogicalOr, 0, 0},
	"logical_xor": {spirv.OpGroupNonUniformLogicalXor, 0, 0},
}

// isSubgroupBuiltin says whether name is a sub-group function: these read
// other work-items' values, so they are never evaluated speculatively or
// merged across control flow.
func isSubgroupBuiltin(name string) bool {
	return strings.HasPrefix(name, "sub_group_") || strings.HasPrefix(name, "get_sub_group_") ||
		name == "get_max_sub_group_size" || name == "get_num_sub_groups" || name == "get_enqueued_num_sub_groups"
}

// subgroupScope is the Subgroup execution scope constant.
func (fs *fnState) subgroupScope() spirv.ID { return fs.u32(uint32(spirv.ScopeSubgroup)) }

// subgroupBuiltinU32 loads a 32-bit sub-group built-in input.
func (fs *fnState) subgroupBuiltinU32(bi spirv.BuiltIn) spirv.ID {
	fs.b.Capability(spirv.CapabilityGroupNonUniform)
	u := fs.uint32T()
	return fs.b.EmitIDs(spirv.OpLoad, u, fs.gv(fs.input(bi, u)))
}

// localLinearSize is the number of work-items of this work-group.
func (fs *fnState) localLinearSize() spirv.ID {
	return fs.mul32(fs.mul32(fs.localSize(fs.u32(0)), fs.localSize(fs.u32(1))), fs.localSize(fs.u32(2)))
}

// enqueuedLinearSize is the number of work-items of a full work-group.
func (fs *fnState) enqueuedLinearSize() spirv.ID {
	e := func(i uint32) spirv.ID { return fs.pushValue(spirv.PushEnqueuedLocalSize, fs.u32(i)) }
	return fs.mul32(fs.mul32(e(0), e(1)), e(2))
}

// ceilDiv32 is (x + y - 1) / y.
func (fs *fnState) ceilDiv32(x, y spirv.ID) spirv.ID {
	u := fs.uint32T()
	n := fs.b.EmitIDs(spirv.OpISub, u, fs.add32(x, y), fs.u32(1))
	return fs.b.EmitIDs(spirv.OpUDiv, u, n, y)
}

// umin32 is the smaller of two 32-bit unsigned values.
func (fs *fnState) umin32(x, y spirv.ID) spirv.ID {
	return fs.b.ExtInst(fs.uint32T(), fs.glsl, uint32(spirv.GLSLstd450UMin), x, y)
}

// toPredicate turns an OpenCL int predicate into a SPIR-V bool.
func (fs *fnState) toPredicate(v value) spirv.ID {
	return fs.b.EmitIDs(spirv.OpINotEqual, fs.boolT(), v.id, fs.constInt(v.t, 0))
}

// fromPredicate turns a SPIR-V bool into OpenCL's int 1 or 0.
func (fs *fnState) fromPredicate(c spirv.ID, t types.Type) spirv.ID {
	return fs.b.EmitIDs(spirv.OpSelect, fs.valType(t), c, fs.constInt(t, 1), fs.constInt(t, 0))
}

// subgroupType checks that the device runs sub-group operations on values
// of type t, declaring what they need.
func (fs *fnState) subgroupType(name string, t types.Type) bool {
	k := types.ElemKind(t)
	if k.IsInteger() && k.Size() != 4 || k == types.Half {
		if !fs.opts.SubgroupExtendedTypes {
			fs.errorf(fs.pos, "%s on %s: the device runs sub-group operations on 32-bit integers, float and double only (it lacks Vulkan's shaderSubgroupExtendedTypes)", name, t)
			return false
		}
	}
	return true
}

// subgroupBuiltin lowers the sub-group functions; false when name is not
// one.
func (fs *fnState) subgroupBuiltin(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	if !isSubgroupBuiltin(name) {
		return value{}, false
	}
	b := fs.b
	u := fs.uint32T()
	sg := fs.subgroupScope
	at := fs.pos // errors name the call, not its last argument
	if name == "sub_group_barrier" {
		return fs.subgroupBarrier(x), true
	}
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = fs.expr(a)
	}
	fs.pos = at
	ret := func(id spirv.ID) (value, bool) { return value{t: t, id: id}, true }
	need := func(c spirv.Capability) {
		b.Capability(spirv.CapabilityGroupNonUniform)
		b.Capability(c)
	}
	switch name {
	case "get_sub_group_local_id":
		return ret(fs.subgroupBuiltinU32(spirv.BuiltInSubgroupLocalInvocationId))
	case "get_sub_group_id":
		return ret(fs.subgroupBuiltinU32(spirv.BuiltInSubgroupId))
	case "get_num_sub_groups":
		// Computed, not NumSubgroups: lavapipe's rounds down (8 for 70
		// work-items in sub-groups of 8).
		return ret(fs.ceilDiv32(fs.localLinearSize(), fs.subgroupBuiltinU32(spirv.BuiltInSubgroupSize)))
	case "get_sub_group_size":
		// The last sub-group of a work-group holds what is left.
		size := fs.subgroupBuiltinU32(spirv.BuiltInSubgroupSize)
		first := fs.mul32(fs.subgroupBuiltinU32(spirv.BuiltInSubgroupId), size)
		left := b.EmitIDs(spirv.OpISub, u, fs.localLinearSize(), first)
		return ret(fs.umin32(size, left))
	case "get_max_sub_group_size":
		size := fs.subgroupBuiltinU32(spirv.BuiltInSubgroupSize)
		return ret(fs.umin32(size, fs.enqueuedLinearSize()))
	case "get_enqueued_num_sub_groups":
		return ret(fs.ceilDiv32(fs.enqueuedLinearSize(), fs.subgroupBuiltinU32(spirv.BuiltInSubgroupSize)))
	case "get_sub_group_eq_mask", "get_sub_group_ge_mask", "get_sub_group_gt_mask", "get_sub_group_le_mask", "get_sub_group_lt_mask":
		need(spirv.CapabilityGroupNonUniformBallot)
		bi := map[string]spirv.BuiltIn{"eq": spirv.BuiltInSubgroupEqMask, "ge": spirv.BuiltInSubgroupGeMask,
			"gt": spirv.BuiltInSubgroupGtMask, "le": spirv.BuiltInSubgroupLeMask, "lt": spirv.BuiltInSubgroupLtMask}[name[14:16]]
		v4 := b.TypeVector(u, 4)
		return ret(b.EmitIDs(spirv.OpLoad, v4, fs.gv(fs.input(bi, v4))))
	case "sub_group_elect":
		need(spirv.CapabilityGroupNonUniform)
		return ret(fs.fromPredicate(b.EmitIDs(spirv.OpGroupNonUniformElect, fs.boolT(), sg()), t))
	case "sub_group_all", "sub_group_non_uniform_all", "sub_group_any", "sub_group_non_uniform_any":
		need(spirv.CapabilityGroupNonUniformVote)
		op := spirv.OpGroupNonUniformAll
		if strings.HasSuffix(name, "any") {
			op = spirv.OpGroupNonUniformAny
		}
		return ret(fs.fromPredicate(b.EmitIDs(op, fs.boolT(), sg(), fs.toPredicate(args[0])), t))
	case "sub_group_non_uniform_all_equal":
		if !fs.subgroupType(name, args[0].t) {
			return fs.undef(t), true
		}
		need(spirv.CapabilityGroupNonUniformVote)
		return ret(fs.fromPredicate(b.EmitIDs(spirv.OpGroupNonUniformAllEqual, fs.boolT(), sg(), args[0].id), t))
	case "sub_group_broadcast", "sub_group_non_uniform_broadcast", "sub_group_shuffle", "sub_group_shuffle_xor",
		"sub_group_shuffle_up", "sub_group_shuffle_down":
		if !fs.subgroupType(name, t) {
			return fs.undef(t), true
		}
		id := fs.to32(args[1])
		op := map[string]spirv.Op{"sub_group_shuffle": spirv.OpGroupNonUniformShuffle, "sub_group_shuffle_xor": spirv.OpGroupNonUniformShuffleXor,
			"sub_group_shuffle_up": spirv.OpGroupNonUniformShuffleUp, "sub_group_shuffle_down": spirv.OpGroupNonUniformShuffleDown}[name]
		switch {
		case op == spirv.OpGroupNonUniformShuffle || op == spirv.OpGroupNonUniformShuffleXor:
			need(spirv.CapabilityGroupNonUniformShuffle)
		case op != 0:
			need(spirv.CapabilityGroupNonUniformShuffleRelative)
		case fs.isConstID(id) || fs.opts.Version >= spirv.Version15:
			// SPIR-V 1.5 lets the index be dynamically uniform, as
			// OpenCL requires it to be; before, it must be a constant.
			op = spirv.OpGroupNonUniformBroadcast
			need(spirv.CapabilityGroupNonUniformBallot)
		default:
			op = spirv.OpGroupNonUniformShuffle
			need(spirv.CapabilityGroupNonUniformShuffle)
		}
		return ret(fs.lanes(t, fs.scalarType(types.ElemKind(t)), []spirv.ID{args[0].id}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return b.EmitIDs(op, rt, sg(), a[0], id)
		}))
	case "sub_group_broadcast_first":
		if !fs.subgroupType(name, t) {
			return fs.undef(t), true
		}
		need(spirv.CapabilityGroupNonUniformBallot)
		return ret(b.EmitIDs(spirv.OpGroupNonUniformBroadcastFirst, fs.valType(t), sg(), args[0].id))
	case "sub_group_ballot":
		need(spirv.CapabilityGroupNonUniformBallot)
		return ret(b.EmitIDs(spirv.OpGroupNonUniformBallot, b.TypeVector(u, 4), sg(), fs.toPredicate(args[0])))
	case "sub_group_inverse_ballot":
		need(spirv.CapabilityGroupNonUniformBallot)
		return ret(fs.fromPredicate(b.EmitIDs(spirv.OpGroupNonUniformInverseBallot, fs.boolT(), sg(), args[0].id), t))
	case "sub_group_ballot_bit_extract":
		need(spirv.CapabilityGroupNonUniformBallot)
		c := b.EmitIDs(spirv.OpGroupNonUniformBallotBitExtract, fs.boolT(), sg(), args[0].id, fs.to32(args[1]))
		return ret(fs.fromPredicate(c, t))
	case "sub_group_ballot_bit_count", "sub_group_ballot_inclusive_scan", "sub_group_ballot_exclusive_scan":
		need(spirv.CapabilityGroupNonUniformBallot)
		gop := map[string]spirv.GroupOperation{"sub_group_ballot_bit_count": spirv.GroupOperationReduce,
			"sub_group_ballot_inclusive_scan": spirv.GroupOperationInclusiveScan, "sub_group_ballot_exclusive_scan": spirv.GroupOperationExclusiveScan}[name]
		return ret(b.Emit(spirv.OpGroupNonUniformBallotBitCount, u, uint32(sg()), uint32(gop), uint32(args[0].id)))
	case "sub_group_ballot_find_lsb":
		need(spirv.CapabilityGroupNonUniformBallot)
		return ret(b.EmitIDs(spirv.OpGroupNonUniformBallotFindLSB, u, sg(), args[0].id))
	case "sub_group_ballot_find_msb":
		need(spirv.CapabilityGroupNonUniformBallot)
		return ret(b.EmitIDs(spirv.OpGroupNonUniformBallotFindMSB, u, sg(), args[0].id))
	}
	// The reductions and scans.
	rest, clustered := strings.CutPrefix(name, "sub_group_clustered_reduce_")
	gop := spirv.GroupOperationClusteredReduce
	if !clustered {
		rest = strings.TrimPrefix(strings.TrimPrefix(name, "sub_group_"), "non_uniform_")
		var ok bool
		for _, p := range []struct {
			prefix string
			op     spirv.GroupOperation
		}{{"reduce_", spirv.GroupOperationReduce}, {"scan_inclusive_", spirv.GroupOperationInclusiveScan}, {"scan_exclusive_", spirv.GroupOperationExclusiveScan}} {
			if r, found := strings.CutPrefix(rest, p.prefix); found {
				rest, gop, ok = r, p.op, true
				break
			}
		}
		if !ok {
			fs.errorf(fs.pos, "builtin '%s' is not supported yet", name)
			return fs.undef(t), true
		}
	}
	ops, ok := subgroupArith[rest]
	if !ok || len(args) == 0 {
		fs.errorf(fs.pos, "builtin '%s' is not supported yet", name)
		return fs.undef(t), true
	}
	if !fs.subgroupType(name, t) {
		return fs.undef(t), true
	}
	k := types.ElemKind(t)
	var op spirv.Op
	switch {
	case strings.HasPrefix(rest, "logical_"):
		op = ops[0]
	case k.IsFloat():
		op = ops[2]
	case k.IsSigned():
		op = ops[0]
	default:
		op = ops[1]
	}
	operands := []uint32{uint32(sg()), uint32(gop)}
	if clustered {
		need(spirv.CapabilityGroupNonUniformClustered)
		size := fs.to32(args[1])
		if !fs.isConstID(size) {
			fs.errorf(fs.pos, "%s: the cluster size must be a constant (a power of two)", name)
			return fs.undef(t), true
		}
		if c := fs.b.Def(size).Operands[0]; c == 0 || c&(c-1) != 0 {
			fs.errorf(fs.pos, "%s: cluster size %d is not a power of two", name, c)
			return fs.undef(t), true
		}
		operands = append(operands, 0, uint32(size)) // the value goes at [2]
	} else {
		need(spirv.CapabilityGroupNonUniformArithmetic)
		operands = append(operands, 0)
	}
	if strings.HasPrefix(rest, "logical_") {
		operands[2] = uint32(fs.toPredicate(args[0]))
		return ret(fs.fromPredicate(b.Emit(op, fs.boolT(), operands...), t))
	}
	operands[2] = uint32(args[0].id)
	return ret(b.Emit(op, fs.valType(t), operands...))
}

// isConstID says whether id is an OpConstant.
func (fs *fnState) isConstID(id spirv.ID) bool {
	in := fs.b.Def(id)
	return in != nil && in.Op == spirv.OpConstant
}

// subgroupBarrier lowers sub_group_barrier(flags): an OpControlBarrier of
// the sub-group, ordering the memory the flags name within it.
func (fs *fnState) subgroupBarrier(x *syntax.CallExpr) value {
	flags := int64(3)
	if len(x.Args) > 0 {
		if tv := fs.info.Types[x.Args[0]]; tv.IsConst() {
			flags = tv.Value.Int
		} else {
			fs.expr(x.Args[0])
		}
	}
	sem := uint32(0)
	if flags&1 != 0 {
		sem |= uint32(spirv.MemorySemanticsWorkgroupMemory)
	}
	if flags&2 != 0 {
		sem |= uint32(spirv.MemorySemanticsUniformMemory)
	}
	if flags&4 != 0 {
		sem |= uint32(spirv.MemorySemanticsImageMemory)
	}
	if sem != 0 {
		sem |= uint32(spirv.MemorySemanticsAcquireRelease)
	}
	fs.barrierInMachine(x.Fun.Pos(), "sub_group_barrier")
	sg := fs.subgroupScope()
	fs.b.EmitIDs(spirv.OpControlBarrier, 0, sg, sg, fs.u32(sem))
	return value{t: types.Typ[types.Void]}
}
