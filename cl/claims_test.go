package cl

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// realDevices returns every device of the clgo platform (the host device,
// and the Vulkan devices where there are some).
func realDevices(t *testing.T) []*Device {
	t.Helper()
	devs, err := Devices()
	if err != nil || len(devs) == 0 {
		t.Fatalf("devices: %v %v", devs, err)
	}
	return devs
}

// runOnce builds src for d with options and runs kernel "k" once with
// args; out is its first argument, a buffer of n bytes, returned.
func runOnce(t *testing.T, d *Device, p *Program, options string, n uint64, args ...any) []byte {
	t.Helper()
	ctx := context.Background()
	c := p.Context()
	if err := p.Build(options, d); err != nil {
		t.Fatalf("%s: build %q: %v", d, options, err)
	}
	k, err := p.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	out, err := c.CreateBuffer(0, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := k.SetArgs(append([]any{out}, args...)...); err != nil {
		t.Fatal(err)
	}
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, n)
	if _, err := q.EnqueueReadBuffer(out, 0, got); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	return got
}

// extensionMacros are the OpenCL C macros whose definition must agree
// with CL_DEVICE_EXTENSIONS (extensions) or, under -cl-std=CL3.0, with
// CL_DEVICE_OPENCL_C_FEATURES (features).
var (
	extensionMacros = []string{
		"cl_khr_fp64", "cl_khr_fp16", "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics",
		"cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
		"cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
		"cl_khr_byte_addressable_store", "cl_khr_3d_image_writes", "cl_khr_subgroups",
		"cl_khr_subgroup_non_uniform_vote", "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic",
		"cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative", "cl_khr_subgroup_clustered_reduce", "cl_khr_subgroup_extended_types",
		"cl_khr_depth_images", "cl_khr_mipmap_image", "cl_khr_srgb_image_writes",
	}
	featureMacros = []string{
		"__opencl_c_fp64", "__opencl_c_int64", "__opencl_c_images", "__opencl_c_3d_image_writes",
		"__opencl_c_read_write_images", "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
		"__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
		"__opencl_c_generic_address_space", "__opencl_c_subgroups", "__opencl_c_pipes",
		"__opencl_c_device_enqueue", "__opencl_c_program_scope_global_variables",
		"__opencl_c_work_group_collective_functions", "__opencl_c_fp16",
	}
)

// macroKernel reports, for each name, whether the compiler defines it.
func macroKernel(names []string) string {
	var b strings.Builder
	b.WriteString("kernel void k(global int *out) {\n")
	for i, m := range names {
		fmt.Fprintf(&b, "#ifdef %s\n out[%d] = 1;\n#else\n out[%d] = 0;\n#endif\n", m, i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestExtensionMacrosMatchAPI: for every device, an extension macro is
// predefined exactly when CL_DEVICE_EXTENSIONS lists it, and under
// -cl-std=CL3.0 a feature macro exactly when CL_DEVICE_OPENCL_C_FEATURES
// does (CTS test_compiler compiler_defines_for_extensions).
func TestExtensionMacrosMatchAPI(t *testing.T) {
	for _, d := range realDevices(t) {
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		exts := strings.Fields(d.Info().Extensions)
		for _, set := range []struct {
			names   []string
			options string
			listed  []string
			what    string
		}{
			{extensionMacros, "", exts, "CL_DEVICE_EXTENSIONS"},
			{extensionMacros, "-cl-std=CL3.0", exts, "CL_DEVICE_EXTENSIONS"},
			{featureMacros, "-cl-std=CL3.0", d.OpenCLCFeatures(), "CL_DEVICE_OPENCL_C_FEATURES"},
		} {
			p, err := c.CreateProgramWithSource(macroKernel(set.names))
			if err != nil {
				t.Fatal(err)
			}
			got := runOnce(t, d, p, set.options, uint64(4*len(set.names)))
			p.Release()
			for i, m := range set.names {
				defined := binary.LittleEndian.Uint32(got[4*i:]) == 1
				if listed := slices.Contains(set.listed, m); defined != listed {
					t.Errorf("%s %q: %s defined %v, %s lists it %v", d, set.options, m, defined, set.what, listed)
				}
			}
		}
		// Every listed feature is a macro the list above checks.
		for _, f := range d.OpenCLCFeatures() {
			if !slices.Contains(featureMacros, f) {
				t.Errorf("%s: feature %s is not checked", d, f)
			}
		}
	}
}

// TestInt64AtomicsRun: a device that lists cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics runs atom_add, atom_cmpxchg and atom_max
// on longs.
func TestInt64AtomicsRun(t *testing.T) {
	const src = `#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void k(global long *out, long a) {
	out[0] = a; out[1] = 5; out[2] = 7;
	atom_add(&out[0], a);
	atom_cmpxchg(&out[1], 5L, a);
	atom_max(&out[2], a);
}`
	for _, d := range realDevices(t) {
		exts := strings.Fields(d.Info().Extensions)
		base, ext := slices.Contains(exts, "cl_khr_int64_base_atomics"), slices.Contains(exts, "cl_khr_int64_extended_atomics")
		if base != ext || base != d.Info().Caps.Atomics64 {
			t.Errorf("%s: int64 base atomics %v, extended %v, Atomics64 %v", d, base, ext, d.Info().Caps.Atomics64)
		}
		if !base {
			continue
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		const a = int64(1) << 40
		got := runOnce(t, d, p, "", 24, a)
		r := [3]int64{}
		for i := range r {
			r[i] = int64(binary.LittleEndian.Uint64(got[8*i:]))
		}
		if r != [3]int64{2 * a, a, a} {
			t.Errorf("%s: 64-bit atomics gave %v, want [%d %d %d]", d, r, 2*a, a, a)
		}
	}
}

// TestDenormsClaimed: a device that reports CL_FP_DENORM keeps the sum of
// two subnormals, in float and (with cl_khr_fp64) double; one program
// built first with -cl-denorms-are-zero and then without gives a
// subnormal the second time (CTS test_compiler options_denorm_cache: the
// option is a hint, but the rebuild must not keep it).
func TestDenormsClaimed(t *testing.T) {
	const src = `kernel void k(global float *out, float a, float b) { out[0] = a + b; out[1] = (a + b) * 0.5f; }`
	const dsrc = `kernel void k(global double *out, double a, double b) { out[0] = a + b; out[1] = (a + b) * 0.5; }`
	tiny32 := math.Float32frombits(1)
	tiny64 := math.Float64frombits(1)
	for _, d := range realDevices(t) {
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		ftz := runOnce(t, d, p, "-cl-denorms-are-zero", 8, tiny32, tiny32)
		got := runOnce(t, d, p, "", 8, tiny32, tiny32)
		kept := binary.LittleEndian.Uint32(got) == 2 && binary.LittleEndian.Uint32(got[4:]) == 1
		claimed := d.SingleFPConfig()&FPDenorm != 0
		t.Logf("%s: float 0x1+0x1 = %#x (with -cl-denorms-are-zero %#x); CL_FP_DENORM %v", d, got[:4], ftz[:4], claimed)
		if claimed && !kept {
			t.Errorf("%s: CL_DEVICE_SINGLE_FP_CONFIG has CL_FP_DENORM but subnormal float sums gave %x", d, got)
		}
		if !d.Info().Caps.Float64 {
			continue
		}
		pd, err := c.CreateProgramWithSource(dsrc)
		if err != nil {
			t.Fatal(err)
		}
		defer pd.Release()
		runOnce(t, d, pd, "-cl-denorms-are-zero", 16, tiny64, tiny64)
		got = runOnce(t, d, pd, "", 16, tiny64, tiny64)
		kept = binary.LittleEndian.Uint64(got) == 2 && binary.LittleEndian.Uint64(got[8:]) == 1
		claimed = d.DoubleFPConfig()&FPDenorm != 0
		t.Logf("%s: double 0x1+0x1 = %x; CL_FP_DENORM %v", d, got[:8], claimed)
		if claimed && !kept {
			t.Errorf("%s: CL_DEVICE_DOUBLE_FP_CONFIG has CL_FP_DENORM but subnormal double sums gave %x", d, got)
		}
	}
}

// TestMaxAllocSize: CL_DEVICE_MAX_MEM_ALLOC_SIZE is at least
// max(CL_DEVICE_GLOBAL_MEM_SIZE/4, 128 MiB) on every device (the full
// profile's minimum; OpenCL 3.0 asks less of devices above 4 GiB).
func TestMaxAllocSize(t *testing.T) {
	for _, d := range realDevices(t) {
		in := d.Info()
		if want := max(in.GlobalMemSize/4, 128<<20); in.MaxAllocSize < want {
			t.Errorf("%s: max alloc %d < %d (global %d)", d, in.MaxAllocSize, want, in.GlobalMemSize)
		}
		if in.MaxAllocSize > in.GlobalMemSize {
			t.Errorf("%s: max alloc %d > global %d", d, in.MaxAllocSize, in.GlobalMemSize)
		}
	}
}

// TestImageExtensionClaims: a device lists each image extension exactly
// when its queries show the capability, as the CTS's test_api
// consistency_3d_image_writes, consistency_depth_images and
// consistency_2d_image_from_buffer check: cl_khr_3d_image_writes with
// formats for writing 3D images, cl_khr_depth_images with CL_DEPTH
// formats, and, since no clgo device creates a 2D image from a buffer,
// no cl_khr_image2d_from_buffer and pitch and base address alignments 0.
func TestImageExtensionClaims(t *testing.T) {
	for _, d := range realDevices(t) {
		exts := strings.Fields(d.Info().Extensions)
		writes3D := false
		for _, fl := range []MemFlags{MemWriteOnly, MemReadWrite} {
			writes3D = writes3D || len(d.ImageFormats(MemObjectImage3D, fl)) > 0
		}
		depth := slices.ContainsFunc(d.ImageFormats(MemObjectImage2D, MemReadOnly), func(f ImageFormat) bool { return f.Order == Depth })
		for _, c := range []struct {
			ext  string
			want bool
		}{{"cl_khr_3d_image_writes", writes3D}, {"cl_khr_depth_images", depth}, {"cl_khr_image2d_from_buffer", false}} {
			if got := slices.Contains(exts, c.ext); got != c.want {
				t.Errorf("%s: %s listed %v, want %v (images %v)", d, c.ext, got, c.want, d.Info().ImageSupport)
			}
		}
		if l := d.ImageLimits(); l.PitchAlignment != 0 || l.BaseAddressAlignment != 0 {
			t.Errorf("%s: image pitch alignment %d, base address alignment %d, want 0 and 0 (no 2D images from buffers)", d, l.PitchAlignment, l.BaseAddressAlignment)
		}
	}
}
