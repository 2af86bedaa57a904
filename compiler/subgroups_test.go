package compiler

import (
	"slices"
	"strings"
	"testing"
)

// TestSubgroupExtensions: each sub-group extension needs exactly the
// operation classes its functions lower to; lavapipe's set (all but
// Clustered) gives all but cl_khr_subgroup_clustered_reduce.
func TestSubgroupExtensions(t *testing.T) {
	all := SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot | SubgroupShuffle | SubgroupShuffleRelative | SubgroupClustered
	if got := SubgroupExtensions(all, true); len(got) != 8 || got[1] != "cl_khr_subgroup_extended_types" {
		t.Errorf("all operations: %v", got)
	}
	lavapipe := SubgroupOps(0xbf)
	got := SubgroupExtensions(lavapipe, false)
	if slices.Contains(got, "cl_khr_subgroup_clustered_reduce") || len(got) != 6 {
		t.Errorf("lavapipe's operations %#x: %v", uint32(lavapipe), got)
	}
	if got := SubgroupExtensions(SubgroupBasic|SubgroupVote, true); !slices.Equal(got, []string{"cl_khr_subgroup_non_uniform_vote"}) {
		t.Errorf("basic and vote: %v", got)
	}
}

// TestSubgroupFeatureGates: without sub-groups the functions are
// undeclared (and the macros undefined); without extended types a long
// operand is an error naming the Vulkan feature, and an int one compiles.
func TestSubgroupFeatureGates(t *testing.T) {
	compile := func(f Features, src string) string {
		opts := DefaultOptions()
		opts.Std = 200
		opts.Features = f
		r, err := CompileFile("k.cl", src, opts)
		if err == nil {
			return ""
		}
		return r.Diagnostics.Render(func(string) (string, bool) { return src, true })
	}
	const longSrc = "kernel void k(global long *p) { p[0] = sub_group_reduce_add(p[1]); }"
	const intSrc = "kernel void k(global int *p) {\n#ifndef cl_khr_subgroups\n#error no\n#endif\n p[0] = sub_group_reduce_add(p[1]); }"
	none := AllFeatures
	none.Subgroups = 0
	if msg := compile(none, "kernel void k(global int *p) { p[0] = sub_group_reduce_add(p[1]); }"); !strings.Contains(msg, "sub_group_reduce_add") {
		t.Errorf("no sub-groups: %q", msg)
	}
	narrow := AllFeatures
	narrow.SubgroupExtendedTypes = false
	if msg := compile(narrow, longSrc); !strings.Contains(msg, "shaderSubgroupExtendedTypes") {
		t.Errorf("long without extended types: %q", msg)
	}
	if msg := compile(narrow, intSrc); msg != "" {
		t.Errorf("int without extended types: %s", msg)
	}
	if msg := compile(AllFeatures, longSrc); msg != "" {
		t.Errorf("long with extended types: %s", msg)
	}
}
