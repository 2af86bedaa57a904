package fromspirv

import "github.com/clgo/clgo/spirv"

// builtinFunc is the work-item function that reads builtin bi, and
// whether it takes a dimension.
func builtinFunc(t *translator, in *spirv.Instruction, bi spirv.BuiltIn) (string, bool, error) {
	switch bi {
	case spirv.BuiltInGlobalInvocationId:
		return "get_global_id", true, nil
	case spirv.BuiltInLocalInvocationId:
		return "get_local_id", true, nil
	case spirv.BuiltInWorkgroupId:
		return "get_group_id", true, nil
	case spirv.BuiltInGlobalSize:
		return "get_global_size", true, nil
	case spirv.BuiltInWorkgroupSize:
		return "get_local_size", true, nil
	case spirv.BuiltInEnqueuedWorkgroupSize:
		t.needCL20 = true
		return "get_enqueued_local_size", true, nil
	case spirv.BuiltInNumWorkgroups:
		return "get_num_groups", true, nil
	case spirv.BuiltInGlobalOffset:
		return "get_global_offset", true, nil
	case spirv.BuiltInGlobalLinearId:
		t.needCL20 = true
		return "get_global_linear_id", false, nil
	case spirv.BuiltInLocalInvocationIndex:
		t.needCL20 = true
		return "get_local_linear_id", false, nil
	case spirv.BuiltInWorkDim:
		return "get_work_dim", false, nil
	case spirv.BuiltInSubgroupSize:
		t.exts["cl_khr_subgroups"] = true
		return "get_sub_group_size", false, nil
	case spirv.BuiltInSubgroupMaxSize:
		t.exts["cl_khr_subgroups"] = true
		return "get_max_sub_group_size", false, nil
	case spirv.BuiltInNumSubgroups:
		t.exts["cl_khr_subgroups"] = true
		return "get_num_sub_groups", false, nil
	case spirv.BuiltInNumEnqueuedSubgroups:
		t.exts["cl_khr_subgroups"] = true
		return "get_enqueued_num_sub_groups", false, nil
	case spirv.BuiltInSubgroupId:
		t.exts["cl_khr_subgroups"] = true
		return "get_sub_group_id", false, nil
	case spirv.BuiltInSubgroupEqMask, spirv.BuiltInSubgroupGeMask, spirv.BuiltInSubgroupGtMask,
		spirv.BuiltInSubgroupLeMask, spirv.BuiltInSubgroupLtMask:
		t.exts["cl_khr_subgroups"] = true
		t.exts["cl_khr_subgroup_ballot"] = true
		return map[spirv.BuiltIn]string{spirv.BuiltInSubgroupEqMask: "get_sub_group_eq_mask",
			spirv.BuiltInSubgroupGeMask: "get_sub_group_ge_mask", spirv.BuiltInSubgroupGtMask: "get_sub_group_gt_mask",
			spirv.BuiltInSubgroupLeMask: "get_sub_group_le_mask", spirv.BuiltInSubgroupLtMask: "get_sub_group_lt_mask"}[bi], false, nil
	case spirv.BuiltInSubgroupLocalInvocationId:
		t.exts["cl_khr_subgroups"] = true
		return "get_sub_group_local_id", false, nil
	}
	return "", false, t.errAt(in, "builtin %v is not supported", bi)
}
