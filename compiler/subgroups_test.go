package compiler

import (
	"slices"
	"strings"
	"testing"
)

// TestSubgroupExtensions: each sub-group extension needs exactly the
// operation classes its functions lower to; lavapipe's set (all but
// Clustered) gives all but cl_khr_subgroup_clustered_reduce;
// cl_khr_subgroups comes only with independent forward progress, and
// __opencl_c_subgroups with the core operations whether or not.
func TestSubgroupExtensions(t *testing.T) {
	all := SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot | SubgroupShuffle | SubgroupShuffleRelative | SubgroupClustered
	if got := SubgroupExtensions(all, true, true); len(got) != 8 || got[0] != "cl_khr_subgroups" || got[1] != "cl_khr_subgroup_extended_types" {
		t.Errorf("all operations, forward progress: %v", got)
	}
	got := SubgroupExtensions(all, true, false)
	if len(got) != 7 || slices.Contains(got, "cl_khr_subgroups") || got[0] != "cl_khr_subgroup_extended_types" {
		t.Errorf("all operations, no forward progress: %v", got)
	}
	lavapipe := SubgroupOps(0xbf)
	got = SubgroupExtensions(lavapipe, false, false)
	if slices.Contains(got, "cl_khr_subgroup_clustered_reduce") || slices.Contains(got, "cl_khr_subgroups") || len(got) != 5 {
		t.Errorf("lavapipe's operations %#x: %v", uint32(lavapipe), got)
	}
	if got := SubgroupExtensions(SubgroupBasic|SubgroupVote, true, true); !slices.Equal(got, []string{"cl_khr_subgroup_non_uniform_vote"}) {
		t.Errorf("basic and vote: %v", got)
	}
	for _, c := range []struct {
		ops  SubgroupOps
		want bool
	}{{all, true}, {lavapipe, true}, {SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot, false}, {0, false}} {
		f := Features{Subgroups: c.ops}
		if HasSubgroups(c.ops) != c.want || slices.Contains(f.OpenCLCFeatures(), "__opencl_c_subgroups") != c.want {
			t.Errorf("operations %#x: sub-groups %v, features %v, want %v", uint32(c.ops), HasSubgroups(c.ops), f.OpenCLCFeatures(), c.want)
		}
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
	const intSrc = "kernel void k(global int *p) {\n#ifndef __opencl_c_subgroups\n#error no\n#endif\n p[0] = sub_group_reduce_add(p[1]); }"
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

// TestSubgroupsWithoutExtension: on a device with sub-groups but without
// independent forward progress (every clgo device) cl_khr_subgroups is
// not defined, the sub-group functions compile under every -cl-std, and
// `#pragma OPENCL EXTENSION cl_khr_subgroups : enable` (which the CTS
// puts before its kernels) warns that the extension is unsupported, as
// clang does, and compiles.
func TestSubgroupsWithoutExtension(t *testing.T) {
	const src = "#pragma OPENCL EXTENSION cl_khr_subgroups : enable\n" +
		"#ifdef cl_khr_subgroups\n#error cl_khr_subgroups defined\n#endif\n" +
		"kernel void k(global int *p) { p[get_sub_group_id()] = sub_group_reduce_add(p[get_sub_group_local_id()]) + get_num_sub_groups(); }\n"
	f := AllFeatures
	f.SubgroupIndependentForwardProgress = false
	for _, std := range []int{120, 200, 300} {
		opts := DefaultOptions()
		opts.Std = std
		opts.Features = f
		r, err := CompileFile("k.cl", src, opts)
		msg := r.Diagnostics.Render(func(string) (string, bool) { return src, true })
		if err != nil {
			t.Errorf("-cl-std %d: %v\n%s", std, err, msg)
			continue
		}
		if !strings.Contains(msg, "unsupported OpenCL extension 'cl_khr_subgroups' - ignoring") {
			t.Errorf("-cl-std %d: want the pragma's warning, got %q", std, msg)
		}
	}
	f.SubgroupIndependentForwardProgress = true
	opts := DefaultOptions()
	opts.Std = 200
	opts.Features = f
	const withExt = "#ifndef cl_khr_subgroups\n#error no cl_khr_subgroups\n#endif\nkernel void k(global int *p) { p[0] = sub_group_any(p[1]); }\n"
	if r, err := CompileFile("k.cl", withExt, opts); err != nil {
		t.Errorf("with forward progress: %v\n%s", err, r.Diagnostics.Render(func(string) (string, bool) { return withExt, true }))
	}
}
