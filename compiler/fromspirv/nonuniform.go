package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// nonUniform writes the OpGroupNonUniform* instructions of sub-group scope
// as the cl_khr_subgroup_* functions. It returns false for other opcodes.
func (e *fnEmitter) nonUniform(in *spirv.Instruction) (bool, error) {
	t := e.t
	ops := in.Operands
	name, ext := "", ""
	switch in.Op {
	case spirv.OpGroupNonUniformElect:
		name, ext = "elect", "cl_khr_subgroup_non_uniform_vote"
	case spirv.OpGroupNonUniformAll:
		name, ext = "non_uniform_all", "cl_khr_subgroup_non_uniform_vote"
	case spirv.OpGroupNonUniformAny:
		name, ext = "non_uniform_any", "cl_khr_subgroup_non_uniform_vote"
	case spirv.OpGroupNonUniformAllEqual:
		name, ext = "non_uniform_all_equal", "cl_khr_subgroup_non_uniform_vote"
	case spirv.OpGroupNonUniformBroadcast:
		name, ext = "non_uniform_broadcast", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformBroadcastFirst:
		name, ext = "broadcast_first", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformBallot:
		name, ext = "ballot", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformInverseBallot:
		name, ext = "inverse_ballot", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformBallotBitExtract:
		name, ext = "ballot_bit_extract", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformBallotFindLSB:
		name, ext = "ballot_find_lsb", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformBallotFindMSB:
		name, ext = "ballot_find_msb", "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformShuffle:
		name, ext = "shuffle", "cl_khr_subgroup_shuffle"
	case spirv.OpGroupNonUniformShuffleXor:
		name, ext = "shuffle_xor", "cl_khr_subgroup_shuffle"
	case spirv.OpGroupNonUniformShuffleUp:
		name, ext = "shuffle_up", "cl_khr_subgroup_shuffle_relative"
	case spirv.OpGroupNonUniformShuffleDown:
		name, ext = "shuffle_down", "cl_khr_subgroup_shuffle_relative"
	case spirv.OpGroupNonUniformBallotBitCount:
		ext = "cl_khr_subgroup_ballot"
	case spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformFMul,
		spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformFMin,
		spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMax, spirv.OpGroupNonUniformFMax,
		spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseXor,
		spirv.OpGroupNonUniformLogicalAnd, spirv.OpGroupNonUniformLogicalOr, spirv.OpGroupNonUniformLogicalXor:
		ext = "cl_khr_subgroup_non_uniform_arithmetic"
	default:
		return false, nil
	}
	if len(ops) < 1 {
		return true, t.errAt(in, "too few operands")
	}
	if s, ok := t.constUint(spirv.ID(ops[0])); !ok || s != scopeSubgroup {
		return true, t.errAt(in, "only sub-group scope is supported")
	}
	t.exts["cl_khr_subgroups"] = true
	t.exts[ext] = true
	val := func(i int) (string, error) { return e.operand(in, i) }
	rty := t.ctype[in.ResultType]
	ri := t.info(in.ResultType)
	res := fmt.Sprintf("_%d", in.Result)
	boolResult := func(call string) {
		e.line("%s = %s != 0;", res, call)
	}
	switch in.Op {
	case spirv.OpGroupNonUniformElect:
		boolResult("sub_group_elect()")
		return true, nil
	case spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformInverseBallot:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		boolResult(fmt.Sprintf("sub_group_%s(%s)", name, v))
		return true, nil
	case spirv.OpGroupNonUniformAllEqual:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		boolResult(fmt.Sprintf("sub_group_%s(%s)", name, v))
		return true, nil
	case spirv.OpGroupNonUniformBallot:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		e.line("%s = sub_group_ballot(%s);", res, v)
		return true, nil
	case spirv.OpGroupNonUniformBallotBitExtract:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		i, err := val(2)
		if err != nil {
			return true, err
		}
		boolResult(fmt.Sprintf("sub_group_ballot_bit_extract(%s, (uint)%s)", v, i))
		return true, nil
	case spirv.OpGroupNonUniformBroadcastFirst, spirv.OpGroupNonUniformBallotFindLSB, spirv.OpGroupNonUniformBallotFindMSB:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		e.line("%s = (%s)sub_group_%s(%s);", res, rty, name, v)
		return true, nil
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown:
		v, err := val(1)
		if err != nil {
			return true, err
		}
		i, err := val(2)
		if err != nil {
			return true, err
		}
		if ri.op == spirv.OpTypeBool {
			boolResult(fmt.Sprintf("sub_group_%s((int)%s, (uint)%s)", name, v, i))
		} else {
			e.line("%s = sub_group_%s(%s, (uint)%s);", res, name, v, i)
		}
		return true, nil
	}
	if len(ops) < 3 {
		return true, t.errAt(in, "too few operands")
	}
	kind := map[uint32]string{0: "reduce_", 1: "scan_inclusive_", 2: "scan_exclusive_", 3: "clustered_reduce_"}[ops[1]]
	if kind == "" || kind == "clustered_reduce_" && in.Op == spirv.OpGroupNonUniformBallotBitCount {
		return true, t.errAt(in, "group operation %d is not supported", ops[1])
	}
	v, err := val(2)
	if err != nil {
		return true, err
	}
	if kind == "clustered_reduce_" {
		// sub_group_clustered_reduce_OP(x, clustersize)
		c, err := val(3)
		if err != nil {
			return true, err
		}
		t.exts["cl_khr_subgroup_clustered_reduce"] = true
		v += ", (uint)" + c
	}
	if in.Op == spirv.OpGroupNonUniformBallotBitCount {
		e.line("%s = sub_group_ballot_%s(%s);", res, map[string]string{"reduce_": "bit_count", "scan_inclusive_": "inclusive_scan", "scan_exclusive_": "exclusive_scan"}[kind], v)
		return true, nil
	}
	op := map[spirv.Op]string{spirv.OpGroupNonUniformIAdd: "add", spirv.OpGroupNonUniformFAdd: "add",
		spirv.OpGroupNonUniformIMul: "mul", spirv.OpGroupNonUniformFMul: "mul",
		spirv.OpGroupNonUniformSMin: "min", spirv.OpGroupNonUniformUMin: "min", spirv.OpGroupNonUniformFMin: "min",
		spirv.OpGroupNonUniformSMax: "max", spirv.OpGroupNonUniformUMax: "max", spirv.OpGroupNonUniformFMax: "max",
		spirv.OpGroupNonUniformBitwiseAnd: "and", spirv.OpGroupNonUniformBitwiseOr: "or", spirv.OpGroupNonUniformBitwiseXor: "xor",
		spirv.OpGroupNonUniformLogicalAnd: "logical_and", spirv.OpGroupNonUniformLogicalOr: "logical_or",
		spirv.OpGroupNonUniformLogicalXor: "logical_xor"}[in.Op]
	pre := "non_uniform_"
	if kind == "clustered_reduce_" {
		pre = ""
	}
	switch in.Op {
	case spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformSMax:
		sv, rest, _ := strings.Cut(v, ", ")
		if rest != "" {
			rest = ", " + rest
		}
		e.line("%s = (%s)sub_group_%s%s%s(%s%s);", res, rty, pre, kind, op, reinterpret(intName(ri.width, true, ri.n), ri.n, sv), rest)
	case spirv.OpGroupNonUniformLogicalAnd, spirv.OpGroupNonUniformLogicalOr, spirv.OpGroupNonUniformLogicalXor:
		sv, rest, _ := strings.Cut(v, ", ")
		if rest != "" {
			rest = ", " + rest
		}
		boolResult(fmt.Sprintf("sub_group_%s%s%s((int)%s%s)", pre, kind, op, sv, rest))
	default:
		e.line("%s = sub_group_%s%s%s(%s);", res, pre, kind, op, v)
	}
	return true, nil
}
