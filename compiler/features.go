package compiler

// The optional features of OpenCL C 3.0 (OpenCL C 3.0 section 6.2.1):
// each is a macro __opencl_c_NAME that -cl-std=CL3.0 predefines where the
// device has the feature, and a name in CL_DEVICE_OPENCL_C_FEATURES. The
// runtime (cl, the ICD, `clgo info`) lists exactly what this table gives
// for the device's Features, so that the macros and the queries agree.

// openCLCFeature is one optional feature and whether a device with the
// given Features has it.
type openCLCFeature struct {
	name string
	has  func(Features) bool
}

func always(Features) bool { return true }

// openCLCFeatures is the table, in the order the queries list them. Add a
// feature here when the compiler and both drivers run it.
var openCLCFeatures = []openCLCFeature{
	// long is part of every clgo device (the FULL profile asks for it).
	{"__opencl_c_int64", always},
	{"__opencl_c_fp64", func(f Features) bool { return f.Float64 }},
	// Half arithmetic with cl_khr_fp16 (docs/fp16.md).
	{"__opencl_c_fp16", func(f Features) bool { return f.Float16 }},
	// Generic pointers are candidate objects with a selector under
	// logical addressing (compiler/lower/addrspace.go): every device.
	{"__opencl_c_generic_address_space", always},
	// One storage buffer per program holds them (lower/progvars.go).
	{"__opencl_c_program_scope_global_variables", always},
	// C11 atomics and work-group collectives, lowered alike for every
	// driver (lower/c11atomics.go, lower/collective.go); seq_cst is
	// AcquireRelease, all Vulkan has without its memory model.
	{"__opencl_c_atomic_order_acq_rel", always},
	{"__opencl_c_atomic_order_seq_cst", always},
	{"__opencl_c_atomic_scope_device", always},
	{"__opencl_c_atomic_scope_all_devices", always},
	{"__opencl_c_work_group_collective_functions", always},
	// Images: docs/images.md; the formats and limits decide the last two.
	{"__opencl_c_images", func(f Features) bool { return f.Images }},
	{"__opencl_c_3d_image_writes", func(f Features) bool { return f.Images && f.Images3DWrites }},
	{"__opencl_c_read_write_images", func(f Features) bool { return f.Images && f.ReadWriteImages }},
	// Sub-groups: where the device runs the operations the sub-group
	// functions lower to (subgroups.go), whether or not its sub-groups
	// make independent forward progress (which cl_khr_subgroups asks).
	{"__opencl_c_subgroups", func(f Features) bool { return HasSubgroups(f.Subgroups) }},
}

// OpenCLCFeatures returns the optional OpenCL C 3.0 features a device with
// features f has (CL_DEVICE_OPENCL_C_FEATURES, and the macros
// -cl-std=CL3.0 predefines).
func (f Features) OpenCLCFeatures() []string {
	var out []string
	for _, ft := range openCLCFeatures {
		if ft.has(f) {
			out = append(out, ft.name)
		}
	}
	return out
}

// OpenCLCVersions are the OpenCL C versions clgo compiles for a device
// (CL_DEVICE_OPENCL_C_ALL_VERSIONS), ×100. A clgo device is an OpenCL 3.0
// device: OpenCL C 2.0 as a whole (pipes and device-side enqueue are part
// of it) is not among them; its features that clgo has are OpenCL C 3.0
// optional features (docs/opencl-c-versions.md).
var OpenCLCVersions = []int{100, 110, 120, 300}

// DeviceOpenCLVersion is the OpenCL version of every clgo device, ×100:
// the value of __OPENCL_VERSION__.
const DeviceOpenCLVersion = 300
