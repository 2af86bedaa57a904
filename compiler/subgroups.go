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

// subgroupExtensions maps each sub-group extension to the operation
// classes its functions lower to. cl_khr_subgroups needs Ballot for
// sub_group_broadcast (OpGroupNonUniformBroadcast) and Shuffle for a
// broadcast whose index is not a constant (SPIR-V before 1.5 wants a
// constant index).
var subgroupExtensions = []struct {
	name string
	need SubgroupOps
}{
	{"cl_khr_subgroups", SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot | SubgroupShuffle},
	{"cl_khr_subgroup_non_uniform_vote", SubgroupBasic | SubgroupVote},
	{"cl_khr_subgroup_ballot", SubgroupBasic | SubgroupBallot},
	{"cl_khr_subgroup_non_uniform_arithmetic", SubgroupBasic | SubgroupArithmetic},
	{"cl_khr_subgroup_shuffle", SubgroupBasic | SubgroupShuffle},
	{"cl_khr_subgroup_shuffle_relative", SubgroupBasic | SubgroupShuffleRelative},
	{"cl_khr_subgroup_clustered_reduce", SubgroupBasic | SubgroupClustered},
}

// SubgroupExtensions lists the sub-group extensions a device with ops
// supports (and cl_khr_subgroup_extended_types where it also runs them on
// 8- and 16-bit integers and vectors: extendedTypes), in the order the
// OpenCL extension specification lists them: the one list the compiler
// predefines and the runtime reports.
func SubgroupExtensions(ops SubgroupOps, extendedTypes bool) []string {
	var out []string
	for _, e := range subgroupExtensions {
		if ops&e.need == e.need {
			out = append(out, e.name)
			if e.name == "cl_khr_subgroups" && extendedTypes {
				out = append(out, "cl_khr_subgroup_extended_types")
			}
		}
	}
	return out
}
