package types

import (
	"strings"
	"testing"
)

// TestAtomicTypesNeedTheirFeatures checks that the C11 atomic types exist
// from OpenCL C 2.0 on only, the 64-bit ones only with the 64-bit atomics,
// and that the builtins tell atomic_int from atomic_uint.
func TestAtomicTypesNeedTheirFeatures(t *testing.T) {
	int64Atomics := []string{"cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics"}
	for _, tc := range []struct {
		std  int
		ext  []string
		src  string
		want string // a substring of the diagnostics, "" for none
	}{
		{120, nil, "kernel void k(global atomic_int *p) {}", "unknown type name 'atomic_int'"},
		{200, nil, "kernel void k(global atomic_int *p) { atomic_fetch_add(p, 1); }", ""},
		{300, nil, "kernel void k(global atomic_long *p) {}", "unknown type name 'atomic_long'"},
		{300, int64Atomics, "kernel void k(global atomic_long *p) { atomic_fetch_max(p, 1L); }", ""},
		{300, nil, "kernel void k(global atomic_uint *p, global uint *r) { *r = atomic_fetch_min_explicit(p, 2u, memory_order_relaxed, memory_scope_device); }", ""},
		{300, nil, "kernel void k(global atomic_flag *f, global int *r) { *r = atomic_flag_test_and_set(f); atomic_flag_clear(f); }", ""},
		{300, nil, "kernel void k(global int *r) { *r = work_group_reduce_add(*r) + work_group_broadcast(*r, 1, 2); }", ""},
		// OpenCL C 1.2 code may use the names for its own variables and
		// types; 2.0 code may shadow them.
		{120, nil, "typedef int atomic_int; kernel void k(global int *r) { int atomic_flag = 1, memory_order = 2; atomic_int x = atomic_flag + memory_order; *r = x; }", ""},
		{300, nil, "kernel void k(global int *r) { int atomic_flag = 1; *r = atomic_flag; }", ""},
		// Generic pointers (unqualified in 2.0) reach the atomics too.
		{200, nil, "void bump(atomic_int *p, int *e) { atomic_compare_exchange_strong(p, e, 1); atomic_fetch_add(p, 1); }", ""},
	} {
		_, _, diags, _ := checkSource("t.cl", tc.src, &Config{Std: tc.std, Extensions: tc.ext})
		got := diagLines(diags)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("CL%d %v %q:\ngot  %q\nwant %q", tc.std, tc.ext, tc.src, got, tc.want)
		}
	}
}
