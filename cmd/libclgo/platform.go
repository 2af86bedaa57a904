//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type platform struct {
	object
	p    *cl.Platform
	devs []*device
}

func (*platform) destroy() func() { return nil }

type device struct {
	object
	d    *cl.Device
	plat *platform

	// exts is the device's extension list, split once (deviceExtensions):
	// programs ask for device information all the time (CLBlast about
	// 30 times per routine call), and splitting the string was over half
	// of every clGetDeviceInfo.
	extsOnce sync.Once
	exts     []string
	extsInfo []byte // CL_DEVICE_EXTENSIONS's value

	// answers holds the clGetDeviceInfo values given so far (a device's
	// information never changes), a map replaced whole on each new
	// parameter so that readers take no lock: a query is then a map
	// lookup and a copy, where deviceInfo copied the device's whole
	// DeviceInfo and allocated its value every time.
	answers atomic.Pointer[map[C.cl_device_info][]byte]
}

// answer returns param's value for d, from answers or deviceInfo.
func (d *device) answer(param C.cl_device_info) ([]byte, bool) {
	if m := d.answers.Load(); m != nil {
		if v, ok := (*m)[param]; ok {
			return v, true
		}
	}
	v, ok := deviceInfo(d, param)
	if !ok {
		return nil, false
	}
	for {
		old := d.answers.Load()
		m := make(map[C.cl_device_info][]byte, 1)
		if old != nil {
			m = maps.Clone(*old)
		}
		m[param] = v
		if d.answers.CompareAndSwap(old, &m) {
			// devinfo.c answers it from now on, without a call into Go.
			C.clgo_device_answer(C.cl_device_id(d.h), param, unsafe.Pointer(unsafe.SliceData(v)), C.size_t(len(v)))
			return v, true
		}
	}
}

func (*device) destroy() func() { return nil }

var (
	platformOnce sync.Once
	thePlatform  *platform
)

// getPlatform makes the one platform and its root devices on first use.
func getPlatform() *platform {
	platformOnce.Do(func() {
		ps, _ := cl.Platforms()
		p := &platform{p: ps[0]}
		if register(p) == nil {
			return
		}
		p.static = true
		devs, _ := p.p.Devices(cl.DeviceTypeAll)
		for _, d := range devs {
			dv := &device{d: d, plat: p}
			if register(dv) == nil {
				continue
			}
			dv.static = true
			p.devs = append(p.devs, dv)
			C.clgo_device_register(C.cl_device_id(dv.h))
		}
		thePlatform = p
	})
	return thePlatform
}

// platformOf resolves a cl_platform_id; NULL means the clgo platform (the
// spec leaves NULL implementation-defined).
func platformOf(id C.cl_platform_id) (*platform, bool) {
	p := getPlatform()
	if p == nil {
		return nil, false
	}
	if id == nil {
		return p, true
	}
	return lookup[*platform](unsafe.Pointer(id))
}

func deviceOf(id C.cl_device_id) (*device, bool) {
	getPlatform()
	return lookup[*device](unsafe.Pointer(id))
}

func (d *device) id() C.cl_device_id { return C.cl_device_id(d.h) }

//export clIcdGetPlatformIDsKHR
func clIcdGetPlatformIDsKHR(num_entries C.cl_uint, platforms *C.cl_platform_id, num_platforms *C.cl_uint) C.cl_int {
	return clGetPlatformIDs(num_entries, platforms, num_platforms)
}

//export clGetPlatformIDs
func clGetPlatformIDs(num_entries C.cl_uint, platforms *C.cl_platform_id, num_platforms *C.cl_uint) C.cl_int {
	if (num_entries == 0 && platforms != nil) || (platforms == nil && num_platforms == nil) {
		return C.CL_INVALID_VALUE
	}
	p := getPlatform()
	if p == nil {
		return C.CL_OUT_OF_HOST_MEMORY
	}
	if num_platforms != nil {
		*num_platforms = 1
	}
	if platforms != nil {
		*platforms = C.cl_platform_id(p.h)
	}
	return success
}

// makeVersion is CL_MAKE_VERSION.
func makeVersion(major, minor, patch uint32) uint32 { return major<<22 | minor<<12 | patch }

// nameVersions encodes cl_name_version[]: a cl_version and a 64-byte name.
func nameVersions(names []string, version func(string) uint32) []byte {
	var out []byte
	for _, n := range names {
		out = append(out, u32(version(n))...)
		var name [C.CL_NAME_VERSION_MAX_NAME_SIZE]byte
		copy(name[:len(name)-1], n)
		out = append(out, name[:]...)
	}
	return out
}

func extVersion(string) uint32 { return makeVersion(1, 0, 0) }

// platformExtensions are the extensions of every device, and cl_khr_icd.
func (p *platform) extensions() []string {
	var common []string
	for i, d := range p.devs {
		ext := deviceExtensions(d)
		if i == 0 {
			common = slices.Clone(ext)
			continue
		}
		common = slices.DeleteFunc(common, func(e string) bool { return !slices.Contains(ext, e) })
	}
	return append([]string{"cl_khr_icd"}, common...)
}

//export clGetPlatformInfo
func clGetPlatformInfo(platform C.cl_platform_id, param_name C.cl_platform_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	p, ok := platformOf(platform)
	if !ok {
		return C.CL_INVALID_PLATFORM
	}
	info := p.p.Info()
	var v []byte
	switch param_name {
	case C.CL_PLATFORM_PROFILE:
		v = str(info.Profile)
	case C.CL_PLATFORM_VERSION:
		v = str(info.Version)
	case C.CL_PLATFORM_NUMERIC_VERSION:
		v = u32(makeVersion(3, 0, 0))
	case C.CL_PLATFORM_NAME:
		v = str(info.Name)
	case C.CL_PLATFORM_VENDOR:
		v = str(info.Vendor)
	case C.CL_PLATFORM_EXTENSIONS:
		v = str(strings.Join(p.extensions(), " "))
	case C.CL_PLATFORM_EXTENSIONS_WITH_VERSION:
		v = nameVersions(p.extensions(), extVersion)
	case C.CL_PLATFORM_HOST_TIMER_RESOLUTION:
		v = u64(cl.HostTimerResolution) // timer.go
	case C.CL_PLATFORM_ICD_SUFFIX_KHR:
		v = str("clgo")
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clGetDeviceIDs
func clGetDeviceIDs(platform C.cl_platform_id, device_type C.cl_device_type, num_entries C.cl_uint, devices *C.cl_device_id, num_devices *C.cl_uint) C.cl_int {
	p, ok := platformOf(platform)
	if !ok {
		return C.CL_INVALID_PLATFORM
	}
	typ := cl.DeviceType(device_type)
	if device_type != C.CL_DEVICE_TYPE_ALL && (device_type == 0 || device_type&^0x1F != 0) {
		return C.CL_INVALID_DEVICE_TYPE
	}
	if (num_entries == 0 && devices != nil) || (devices == nil && num_devices == nil) {
		return C.CL_INVALID_VALUE
	}
	var found []*device
	for _, d := range p.devs {
		t := d.d.Info().Type
		// CL_DEVICE_TYPE_ALL lists every device but custom ones;
		// CL_DEVICE_TYPE_DEFAULT is the first device.
		switch {
		case device_type == C.CL_DEVICE_TYPE_ALL:
			if t != cl.DeviceTypeCustom {
				found = append(found, d)
			}
		case typ&t != 0 || (typ&cl.DeviceTypeDefault != 0 && d == p.devs[0]):
			found = append(found, d)
		}
	}
	if len(found) == 0 {
		if num_devices != nil {
			*num_devices = 0
		}
		return C.CL_DEVICE_NOT_FOUND
	}
	if num_devices != nil {
		*num_devices = C.cl_uint(len(found))
	}
	if devices != nil {
		out := unsafe.Slice(devices, num_entries)
		for i := range min(int(num_entries), len(found)) {
			out[i] = found[i].id()
		}
	}
	return success
}

// deviceExtensions are the cl package's extensions of d: those the
// compiler predefines for it (cl's newDevice says which are left out and
// why), so that CL_DEVICE_EXTENSIONS, `clgo info` and the macros agree.
// deviceExtensions returns d's extensions; callers must not modify the
// slice.
func deviceExtensions(d *device) []string {
	d.splitExtensions()
	return d.exts
}

func (d *device) splitExtensions() {
	d.extsOnce.Do(func() {
		d.exts = strings.Fields(d.d.Info().Extensions)
		d.extsInfo = str(strings.Join(d.exts, " "))
	})
}

func hasFP64(d *device) bool { return slices.Contains(deviceExtensions(d), "cl_khr_fp64") }

// openCLCFeatures are the optional OpenCL C 3.0 features the compiler has
// (and defines as macros for -cl-std=CL3.0).
func openCLCFeatures(d *device) []string { return d.d.OpenCLCFeatures() }

// clgoGetDeviceInfo is clGetDeviceInfo's Go side: devinfo.c answers a
// query it has seen before and calls this for the others.
//
//export clgoGetDeviceInfo
func clgoGetDeviceInfo(device C.cl_device_id, param_name C.cl_device_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	d, ok := deviceOf(device)
	if !ok {
		return C.CL_INVALID_DEVICE
	}
	v, ok := d.answer(param_name)
	if !ok {
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

func deviceInfo(d *device, param C.cl_device_info) ([]byte, bool) {
	info := d.d.Info()
	ifFP64 := func(v uint32) []byte {
		if hasFP64(d) {
			return u32(v)
		}
		return u32(0)
	}
	maxParam := info.MaxPODArgsSize
	if maxParam == 0 {
		maxParam = 1024
	}
	addressBits := info.AddressBits // size_t and pointers in clgo's SPIR-V (logical addressing)
	maxAlloc := min(info.MaxAllocSize, 1<<addressBits-1)
	var v []byte
	switch param {
	case C.CL_DEVICE_TYPE:
		v = u64(uint64(info.Type))
	case C.CL_DEVICE_VENDOR_ID:
		v = u32(info.VendorID)
	case C.CL_DEVICE_MAX_COMPUTE_UNITS:
		v = u32(max(info.ComputeUnits, 1))
	case C.CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
		v = u32(3)
	case C.CL_DEVICE_MAX_WORK_ITEM_SIZES:
		v = sizes(info.MaxWorkItemSizes[:]...)
	case C.CL_DEVICE_MAX_WORK_GROUP_SIZE:
		v = size(info.MaxWorkGroupSize)
	case C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
		C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
		C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
		C.CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, C.CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
		C.CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, C.CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
		C.CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
		v = u32(1)
	case C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, C.CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
		v = ifFP64(1)
	case C.CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, C.CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
		v = u32(0) // 0 without cl_khr_fp16
		if d.d.HalfFPConfig() != 0 {
			v = u32(1)
		}
	case C.CL_DEVICE_MAX_CLOCK_FREQUENCY:
		v = u32(info.MaxClockMHz)
	case C.CL_DEVICE_ADDRESS_BITS:
		v = u32(uint32(addressBits))
	case C.CL_DEVICE_MAX_MEM_ALLOC_SIZE:
		v = u64(maxAlloc)
	case C.CL_DEVICE_IMAGE_SUPPORT:
		v = boolean(d.d.ImageSupport())
	case C.CL_DEVICE_MAX_READ_IMAGE_ARGS:
		v = u32(d.d.ImageLimits().MaxReadArgs)
	case C.CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
		v = u32(d.d.ImageLimits().MaxWriteArgs)
	case C.CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
		v = u32(d.d.ImageLimits().MaxReadWriteArgs)
	case C.CL_DEVICE_MAX_SAMPLERS:
		v = u32(d.d.ImageLimits().MaxSamplers)
	case C.CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
		v = u32(d.d.ImageLimits().PitchAlignment)
	case C.CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
		v = u32(d.d.ImageLimits().BaseAddressAlignment)
	case C.CL_DEVICE_IMAGE2D_MAX_WIDTH:
		v = size(d.d.ImageLimits().MaxWidth2D)
	case C.CL_DEVICE_IMAGE2D_MAX_HEIGHT:
		v = size(d.d.ImageLimits().MaxHeight2D)
	case C.CL_DEVICE_IMAGE3D_MAX_WIDTH:
		v = size(d.d.ImageLimits().MaxWidth3D)
	case C.CL_DEVICE_IMAGE3D_MAX_HEIGHT:
		v = size(d.d.ImageLimits().MaxHeight3D)
	case C.CL_DEVICE_IMAGE3D_MAX_DEPTH:
		v = size(d.d.ImageLimits().MaxDepth3D)
	case C.CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
		v = size(d.d.ImageLimits().MaxBufferSize)
	case C.CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
		v = size(d.d.ImageLimits().MaxArraySize)
	case C.CL_DEVICE_IL_VERSION, C.CL_DEVICE_ILS_WITH_VERSION:
		v = ilInfo(param) // il.go
	case C.CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
		v = []byte{}
	case C.CL_DEVICE_MAX_PIPE_ARGS, C.CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, C.CL_DEVICE_PIPE_MAX_PACKET_SIZE:
		v = u32(0)
	case C.CL_DEVICE_MAX_PARAMETER_SIZE:
		v = size(maxParam)
	case C.CL_DEVICE_MEM_BASE_ADDR_ALIGN:
		v = u32(max(info.MemBaseAddrAlign, 1024))
	case C.CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
		v = u32(128)
	case C.CL_DEVICE_SINGLE_FP_CONFIG:
		// CL_FP_DENORM only where the device keeps subnormals.
		v = u64(uint64(d.d.SingleFPConfig()))
	case C.CL_DEVICE_DOUBLE_FP_CONFIG:
		v = u64(uint64(d.d.DoubleFPConfig()))
	case C.CL_DEVICE_HALF_FP_CONFIG:
		v = u64(uint64(d.d.HalfFPConfig()))
	case C.CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
		v = u32(C.CL_READ_WRITE_CACHE)
	case C.CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
		v = u32(64)
	case C.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
		v = u64(1 << 20)
	case C.CL_DEVICE_GLOBAL_MEM_SIZE:
		v = u64(info.GlobalMemSize)
	case C.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
		v = u64(max(info.MaxConstantBuffer, 64<<10))
	case C.CL_DEVICE_MAX_CONSTANT_ARGS:
		v = u32(8)
	case C.CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, C.CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
		// OpenCL 3.0's minimum for a device with program-scope
		// variables (one storage buffer per program holds them).
		v = size(cl.MaxGlobalVariableSize)
	case C.CL_DEVICE_LOCAL_MEM_TYPE:
		if info.Type == cl.DeviceTypeCPU {
			v = u32(C.CL_GLOBAL)
		} else {
			v = u32(C.CL_LOCAL)
		}
	case C.CL_DEVICE_LOCAL_MEM_SIZE:
		v = u64(info.LocalMemSize)
	case C.CL_DEVICE_ERROR_CORRECTION_SUPPORT:
		v = boolean(false)
	case C.CL_DEVICE_HOST_UNIFIED_MEMORY:
		v = boolean(info.UnifiedMemory)
	case C.CL_DEVICE_PROFILING_TIMER_RESOLUTION:
		v = size(max(info.TimerResolution, 1))
	case C.CL_DEVICE_ENDIAN_LITTLE:
		v = boolean(true)
	case C.CL_DEVICE_AVAILABLE:
		v = boolean(info.Available)
	case C.CL_DEVICE_COMPILER_AVAILABLE, C.CL_DEVICE_LINKER_AVAILABLE:
		v = boolean(true)
	case C.CL_DEVICE_EXECUTION_CAPABILITIES:
		v = u64(C.CL_EXEC_KERNEL)
	case C.CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
		v = u64(C.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | C.CL_QUEUE_PROFILING_ENABLE)
	case C.CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
		v = u64(0)
	case C.CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, C.CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE,
		C.CL_DEVICE_MAX_ON_DEVICE_QUEUES, C.CL_DEVICE_MAX_ON_DEVICE_EVENTS:
		v = u32(0)
	case C.CL_DEVICE_BUILT_IN_KERNELS:
		v = str("")
	case C.CL_DEVICE_PLATFORM:
		v = ptr(d.plat.h)
	case C.CL_DEVICE_NAME:
		v = str(info.Name)
	case C.CL_DEVICE_VENDOR:
		v = str(info.Vendor)
	case C.CL_DRIVER_VERSION:
		v = str(info.DriverVersion)
	case C.CL_DEVICE_PROFILE:
		v = str(info.Profile)
	case C.CL_DEVICE_VERSION:
		v = str(info.Version)
	case C.CL_DEVICE_NUMERIC_VERSION:
		v = u32(makeVersion(3, 0, 0))
	case C.CL_DEVICE_OPENCL_C_VERSION:
		v = str(info.OpenCLCVersion)
	case C.CL_DEVICE_OPENCL_C_ALL_VERSIONS:
		var names []string
		var vs []uint32
		for _, cv := range d.d.OpenCLCVersions() {
			names = append(names, "OpenCL C")
			vs = append(vs, makeVersion(uint32(cv/100), uint32(cv%100/10), 0))
		}
		i := 0
		v = nameVersions(names, func(string) uint32 { i++; return vs[i-1] })
	case C.CL_DEVICE_OPENCL_C_FEATURES:
		v = nameVersions(openCLCFeatures(d), func(string) uint32 { return makeVersion(3, 0, 0) })
	case C.CL_DEVICE_EXTENSIONS:
		d.splitExtensions()
		v = d.extsInfo
	case C.CL_DEVICE_EXTENSIONS_WITH_VERSION:
		v = nameVersions(deviceExtensions(d), extVersion)
	case C.CL_DEVICE_PRINTF_BUFFER_SIZE:
		v = size(1 << 20)
	case C.CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
		v = boolean(true)
	case C.CL_DEVICE_PARENT_DEVICE:
		v = ptr(nil)
	case C.CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
		v = u32(0)
	case C.CL_DEVICE_PARTITION_PROPERTIES, C.CL_DEVICE_PARTITION_TYPE:
		v = u64(0)
	case C.CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
		v = u64(0)
	case C.CL_DEVICE_REFERENCE_COUNT:
		v = u32(1)
	case C.CL_DEVICE_SVM_CAPABILITIES:
		v = u64(uint64(d.d.SVMCapabilities()))
	case C.CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, C.CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
		C.CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
		v = u32(0)
	case C.CL_DEVICE_MAX_NUM_SUB_GROUPS:
		v = u32(uint32(d.d.MaxNumSubGroups()))
	case C.CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
		// True only where the device lists cl_khr_subgroups, as the API
		// specification asks (compiler.SubgroupExtensions).
		v = boolean(info.Caps.SubgroupIndependentForwardProgress)
	case C.CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
		v = u64(d.d.AtomicMemoryCapabilities())
	case C.CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
		v = u64(d.d.AtomicFenceCapabilities())
	case C.CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
		v = boolean(info.NonUniformWorkGroups)
	case C.CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
		v = boolean(slices.Contains(openCLCFeatures(d), "__opencl_c_generic_address_space"))
	case C.CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
		v = boolean(d.d.WorkGroupCollectiveFunctions())
	case C.CL_DEVICE_PIPE_SUPPORT:
		v = boolean(false)
	case C.CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
		v = size(max(info.PreferredWGMultiple, 1))
	case C.CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
		v = u64(0)
	case C.CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
		v = str("v0000-00-00-00") // never submitted for conformance
	default:
		return nil, false
	}
	return v, true
}
