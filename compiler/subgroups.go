package compiler

// SubgroupOps are the classes of sub-group operations a device runs in
// compute kernels: the bits of Vulkan's VkSubgroupFeatureFlags, each the
// SPIR-V capability of the same name (GroupNonUniform, ...Vote, ...).
type SubgroupOps uint32

// The sub-group operation classes, in VkSubgroupFeatureFlagBits order.
const (
	SubgroupBasic SubgroupOps = 1 << iota
	SubgroupVote
	SubgroupArithmetic
	SubgroupBallot
	SubgroupShuffle
	SubgroupShuffleRelative
	SubgroupClustered
	SubgroupQuad
)

// subgroupCore are the operation classes the sub-group functions of
// OpenCL C (get_sub_group_*, sub_group_barrier, all/any, broadcast, the
// reductions and scans) lower to: a device with them has sub-groups
// (__opencl_c_subgroups). sub_group_broadcast needs Ballot
// (OpGroupNonUniformBroadcast) and Shuffle for an index that is not a
// constant (SPIR-V before 1.5 wants a constant index).
const subgroupCore = SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot | SubgroupShuffle

// HasSubgroups says whether a device running ops has OpenCL's sub-groups:
// the __opencl_c_subgroups feature and the sub_group_* functions (under
// every -cl-std), CL_DEVICE_MAX_NUM_SUB_GROUPS above 0 and
// clGetKernelSubGroupInfo.
func HasSubgroups(ops SubgroupOps) bool { return ops&subgroupCore == subgroupCore }

// subgroupExtensions maps each cl_khr_subgroup_* extension to the
// operation classes its functions lower to.
var subgroupExtensions = []struct {
	name string
	need SubgroupOps
}{
	{"cl_khr_subgroup_non_uniform_vote", SubgroupBasic | SubgroupVote},
	{"cl_khr_subgroup_ballot", SubgroupBasic | SubgroupBallot},
	{"cl_khr_subgroup_non_uniform_arithmetic", SubgroupBasic | SubgroupArithmetic},
	{"cl_khr_subgroup_shuffle", SubgroupBasic | SubgroupShuffle},
	{"cl_khr_subgroup_shuffle_relative", SubgroupBasic | SubgroupShuffleRelative},
	{"cl_khr_subgroup_clustered_reduce", SubgroupBasic | SubgroupClustered},
}

// SubgroupExtensions lists the sub-group extensions of a device with ops,
// in the order the OpenCL extension specification lists them: the one
// list the compiler predefines and the runtime reports.
//
// cl_khr_subgroups only where sub-groups make independent forward
// progress (ifp, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS): the
// API specification asks that query to be true on a device with the
// extension, and the extension promises that sub-groups "may make forward
// progress with respect to each other". No clgo device has it (the host
// device runs a work-group's lanes in lock step, lavapipe its sub-groups
// as coroutines on one thread), so their sub-groups are OpenCL 3.0's
// optional feature __opencl_c_subgroups, which promises no such thing
// (docs/subgroups.md). cl_khr_subgroup_extended_types (the core functions
// on 8- and 16-bit integers: extendedTypes) and the other
// cl_khr_subgroup_* extensions are listed on a device with sub-groups
// either way: they extend sub-groups however the device offers them.
func SubgroupExtensions(ops SubgroupOps, extendedTypes, ifp bool) []string {
	var out []string
	if HasSubgroups(ops) {
		if ifp {
			out = append(out, "cl_khr_subgroups")
		}
		if extendedTypes {
			out = append(out, "cl_khr_subgroup_extended_types")
		}
	}
	for _, e := range subgroupExtensions {
		if ops&e.need == e.need {
			out = append(out, e.name)
		}
	}
	return out
}
