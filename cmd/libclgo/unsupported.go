//go:build cgo

package main

// The optional features of OpenCL 3.0 that clgo's devices do not have:
// pipes, shared virtual memory, device partitioning and device/host timer
// pairs. Each
// entry point validates what it can and fails as the specification says
// for a device without the feature.

/*
#include "clgo.h"
*/
import "C"

import "unsafe"

func noPipes(context C.cl_context, errcode_ret *C.cl_int) C.cl_mem {
	if _, ok := contextOf(context); !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	setErr(errcode_ret, C.CL_INVALID_OPERATION)
	return nil
}

//export clCreatePipe
func clCreatePipe(context C.cl_context, flags C.cl_mem_flags, pipe_packet_size C.cl_uint, pipe_max_packets C.cl_uint, properties C.clgo_pipe_props, errcode_ret *C.cl_int) C.cl_mem {
	return noPipes(context, errcode_ret) // CL_INVALID_OPERATION: no pipe support
}

//export clGetPipeInfo
func clGetPipeInfo(pipe C.cl_mem, param_name C.cl_pipe_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	return C.CL_INVALID_MEM_OBJECT // no memory object is a pipe
}

//export clCreateSubDevices
func clCreateSubDevices(in_device C.cl_device_id, properties C.clgo_partition_props, num_devices C.cl_uint, out_devices *C.cl_device_id, num_devices_ret *C.cl_uint) C.cl_int {
	if _, ok := deviceOf(in_device); !ok {
		return C.CL_INVALID_DEVICE
	}
	if properties == nil {
		return C.CL_INVALID_VALUE
	}
	switch *properties {
	case C.CL_DEVICE_PARTITION_EQUALLY, C.CL_DEVICE_PARTITION_BY_COUNTS, C.CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN:
		// Valid, but CL_DEVICE_PARTITION_PROPERTIES lists none of them.
	}
	return C.CL_INVALID_VALUE
}

//export clRetainDevice
func clRetainDevice(dev C.cl_device_id) C.cl_int {
	if _, ok := deviceOf(dev); !ok {
		return C.CL_INVALID_DEVICE
	}
	return success // root devices are not reference counted
}

//export clReleaseDevice
func clReleaseDevice(dev C.cl_device_id) C.cl_int {
	return clRetainDevice(dev)
}

//export clGetExtensionFunctionAddress
func clGetExtensionFunctionAddress(func_name C.clgo_str) unsafe.Pointer {
	return C.clgo_ext_address((*C.char)(unsafe.Pointer(func_name)))
}

//export clGetExtensionFunctionAddressForPlatform
func clGetExtensionFunctionAddressForPlatform(platform C.cl_platform_id, func_name C.clgo_str) unsafe.Pointer {
	if _, ok := platformOf(platform); !ok || platform == nil {
		return nil
	}
	return C.clgo_ext_address((*C.char)(unsafe.Pointer(func_name)))
}
