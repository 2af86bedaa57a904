package compiler

import (
	"slices"
	"strings"
	"testing"
)

// TestFeatureMacros: -cl-std picks __OPENCL_C_VERSION__; __OPENCL_VERSION__
// is 300 (every clgo device is an OpenCL 3.0 device); under CL2.0 and
// CL3.0 the feature macros are exactly Features.OpenCLCFeatures (for 2.0
// as clang's headers define them), and none before.
func TestFeatureMacros(t *testing.T) {
	src := "__OPENCL_VERSION__ __OPENCL_C_VERSION__"
	for _, f := range openCLCFeatures {
		src += " " + f.name
	}
	atomics := []string{"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices", "__opencl_c_work_group_collective_functions"}
	images := []string{"__opencl_c_images", "__opencl_c_3d_image_writes", "__opencl_c_read_write_images", "__opencl_c_subgroups"}
	all64 := slices.Concat([]string{"__opencl_c_int64", "__opencl_c_fp64", "__opencl_c_fp16", "__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables"}, atomics, images)
	all32 := slices.Concat([]string{"__opencl_c_int64", "__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables"}, atomics, images)
	for _, c := range []struct {
		options string
		fp64    bool
		version string
		defined []string
	}{
		{"", true, "300 120", nil},
		{"-cl-std=CL1.1", true, "300 110", nil},
		{"-cl-std=CL2.0", true, "300 200", all64},
		{"-cl-std=CL3.0", true, "300 300", all64},
		{"-cl-std=CL3.0", false, "300 300", all32},
	} {
		opts, err := ParseOptions(c.options)
		if err != nil {
			t.Fatal(err)
		}
		opts.Features.Float64 = c.fp64
		opts.Features.Float16 = c.fp64 // both on or both off
		out, diags := Preprocess("t.cl", src+"\n", opts)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", c.options, diags)
		}
		words := strings.Fields(out)
		if got := strings.Join(words[:2], " "); got != c.version {
			t.Errorf("%q: versions %q, want %q", c.options, got, c.version)
		}
		for i, f := range openCLCFeatures {
			want := slices.Contains(c.defined, f.name)
			if got := words[2+i] == "1"; got != want {
				t.Errorf("%q fp64=%v: %s defined %v, want %v", c.options, c.fp64, f.name, got, want)
			}
		}
		if c.options != "" && c.options != "-cl-std=CL1.1" && !slices.Equal(opts.Features.OpenCLCFeatures(), c.defined) {
			t.Errorf("fp64=%v: OpenCLCFeatures %v, want %v", c.fp64, opts.Features.OpenCLCFeatures(), c.defined)
		}
	}
}
