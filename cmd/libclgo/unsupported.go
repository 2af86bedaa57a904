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

//export clSVMAlloc
func clSVMAlloc(context C.cl_context, flags C.cl_svm_mem_flags, size C.size_t, alignment C.cl_uint) unsafe.Pointer {
	return nil // CL_DEVICE_SVM_CAPABILITIES is 0
}

//export clSVMFree
func clSVMFree(context C.cl_context, svm_pointer unsafe.Pointer) {}

func noSVM(command_queue C.cl_command_queue) C.cl_int {
	if _, ok := queueOf(command_queue); !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	return C.CL_INVALID_OPERATION
}

//export clEnqueueSVMFree
func clEnqueueSVMFree(command_queue C.cl_command_queue, num_svm_pointers C.cl_uint, svm_pointers C.clgo_voids, pfn_free_func C.clgo_svm_free_fn, user_data unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
}

//export clEnqueueSVMMemcpy
func clEnqueueSVMMemcpy(command_queue C.cl_command_queue, blocking_copy C.cl_bool, dst_ptr unsafe.Pointer, src_ptr C.clgo_cvoid, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
}

//export clEnqueueSVMMemFill
func clEnqueueSVMMemFill(command_queue C.cl_command_queue, svm_ptr unsafe.Pointer, pattern C.clgo_cvoid, pattern_size C.size_t, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
}

//export clEnqueueSVMMap
func clEnqueueSVMMap(command_queue C.cl_command_queue, blocking_map C.cl_bool, flags C.cl_map_flags, svm_ptr unsafe.Pointer, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
}

//export clEnqueueSVMUnmap
func clEnqueueSVMUnmap(command_queue C.cl_command_queue, svm_ptr unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
}

//export clEnqueueSVMMigrateMem
func clEnqueueSVMMigrateMem(command_queue C.cl_command_queue, num_svm_pointers C.cl_uint, svm_pointers C.clgo_cvoids, sizes C.clgo_sizes, flags C.cl_mem_migration_flags, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return noSVM(command_queue)
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

//export clGetDeviceAndHostTimer
func clGetDeviceAndHostTimer(dev C.cl_device_id, device_timestamp *C.cl_ulong, host_timestamp *C.cl_ulong) C.cl_int {
	if _, ok := deviceOf(dev); !ok {
		return C.CL_INVALID_DEVICE
	}
	// CL_PLATFORM_HOST_TIMER_RESOLUTION is 0: every call is
	// CL_INVALID_OPERATION, NULL timestamps included (as the CTS checks).
	return C.CL_INVALID_OPERATION
}

//export clGetHostTimer
func clGetHostTimer(dev C.cl_device_id, host_timestamp *C.cl_ulong) C.cl_int {
	if _, ok := deviceOf(dev); !ok {
		return C.CL_INVALID_DEVICE
	}
	return C.CL_INVALID_OPERATION
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
