//go:build cgo

package main

// The optional features of OpenCL 3.0 that clgo's devices do not have:
// images and samplers (CL_DEVICE_IMAGE_SUPPORT is CL_FALSE), pipes, shared
// virtual memory, device partitioning and device/host timer pairs. Each
// entry point validates what it can and fails as the specification says
// for a device without the feature.

/*
#include "clgo.h"
*/
import "C"

import "unsafe"

func noImages(context C.cl_context, errcode_ret *C.cl_int) C.cl_mem {
	if _, ok := contextOf(context); !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	setErr(errcode_ret, C.CL_INVALID_OPERATION)
	return nil
}

//export clCreateImage
func clCreateImage(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_desc C.clgo_image_desc, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	return noImages(context, errcode_ret)
}

//export clCreateImageWithProperties
func clCreateImageWithProperties(context C.cl_context, properties C.clgo_mem_props, flags C.cl_mem_flags, image_format C.clgo_image_format, image_desc C.clgo_image_desc, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	return noImages(context, errcode_ret)
}

//export clCreateImage2D
func clCreateImage2D(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_width C.size_t, image_height C.size_t, image_row_pitch C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	return noImages(context, errcode_ret)
}

//export clCreateImage3D
func clCreateImage3D(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_width C.size_t, image_height C.size_t, image_depth C.size_t, image_row_pitch C.size_t, image_slice_pitch C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	return noImages(context, errcode_ret)
}

//export clGetSupportedImageFormats
func clGetSupportedImageFormats(context C.cl_context, flags C.cl_mem_flags, image_type C.cl_mem_object_type, num_entries C.cl_uint, image_formats *C.cl_image_format, num_image_formats *C.cl_uint) C.cl_int {
	if _, ok := contextOf(context); !ok {
		return C.CL_INVALID_CONTEXT
	}
	switch image_type {
	case C.CL_MEM_OBJECT_IMAGE1D, C.CL_MEM_OBJECT_IMAGE1D_BUFFER, C.CL_MEM_OBJECT_IMAGE1D_ARRAY,
		C.CL_MEM_OBJECT_IMAGE2D, C.CL_MEM_OBJECT_IMAGE2D_ARRAY, C.CL_MEM_OBJECT_IMAGE3D:
	default:
		return C.CL_INVALID_VALUE
	}
	if flags&^(memAccessFlags|memHostFlags|memPtrFlags|C.CL_MEM_KERNEL_READ_AND_WRITE) != 0 ||
		(num_entries == 0 && image_formats != nil) {
		return C.CL_INVALID_VALUE
	}
	if num_image_formats != nil {
		*num_image_formats = 0
	}
	return success
}

//export clGetImageInfo
func clGetImageInfo(image C.cl_mem, param_name C.cl_image_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	return C.CL_INVALID_MEM_OBJECT // every memory object is a buffer
}

func imageCommand(command_queue C.cl_command_queue) C.cl_int {
	if _, ok := queueOf(command_queue); !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	return C.CL_INVALID_MEM_OBJECT // no memory object is an image
}

//export clEnqueueReadImage
func clEnqueueReadImage(command_queue C.cl_command_queue, image C.cl_mem, blocking_read C.cl_bool, origin C.clgo_sizes, region C.clgo_sizes, row_pitch C.size_t, slice_pitch C.size_t, p unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueWriteImage
func clEnqueueWriteImage(command_queue C.cl_command_queue, image C.cl_mem, blocking_write C.cl_bool, origin C.clgo_sizes, region C.clgo_sizes, input_row_pitch C.size_t, input_slice_pitch C.size_t, p C.clgo_cvoid, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueCopyImage
func clEnqueueCopyImage(command_queue C.cl_command_queue, src_image C.cl_mem, dst_image C.cl_mem, src_origin C.clgo_sizes, dst_origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueCopyImageToBuffer
func clEnqueueCopyImageToBuffer(command_queue C.cl_command_queue, src_image C.cl_mem, dst_buffer C.cl_mem, src_origin C.clgo_sizes, region C.clgo_sizes, dst_offset C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueCopyBufferToImage
func clEnqueueCopyBufferToImage(command_queue C.cl_command_queue, src_buffer C.cl_mem, dst_image C.cl_mem, src_offset C.size_t, dst_origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueFillImage
func clEnqueueFillImage(command_queue C.cl_command_queue, image C.cl_mem, fill_color C.clgo_cvoid, origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return imageCommand(command_queue)
}

//export clEnqueueMapImage
func clEnqueueMapImage(command_queue C.cl_command_queue, image C.cl_mem, blocking_map C.cl_bool, map_flags C.cl_map_flags, origin C.clgo_sizes, region C.clgo_sizes, image_row_pitch *C.size_t, image_slice_pitch *C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event, errcode_ret *C.cl_int) unsafe.Pointer {
	setErr(errcode_ret, imageCommand(command_queue))
	return nil
}

func noSamplers(context C.cl_context, errcode_ret *C.cl_int) C.cl_sampler {
	if _, ok := contextOf(context); !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	setErr(errcode_ret, C.CL_INVALID_OPERATION)
	return nil
}

//export clCreateSampler
func clCreateSampler(context C.cl_context, normalized_coords C.cl_bool, addressing_mode C.cl_addressing_mode, filter_mode C.cl_filter_mode, errcode_ret *C.cl_int) C.cl_sampler {
	return noSamplers(context, errcode_ret)
}

//export clCreateSamplerWithProperties
func clCreateSamplerWithProperties(context C.cl_context, sampler_properties C.clgo_sampler_props, errcode_ret *C.cl_int) C.cl_sampler {
	return noSamplers(context, errcode_ret)
}

//export clRetainSampler
func clRetainSampler(sampler C.cl_sampler) C.cl_int { return C.CL_INVALID_SAMPLER }

//export clReleaseSampler
func clReleaseSampler(sampler C.cl_sampler) C.cl_int { return C.CL_INVALID_SAMPLER }

//export clGetSamplerInfo
func clGetSamplerInfo(sampler C.cl_sampler, param_name C.cl_sampler_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	return C.CL_INVALID_SAMPLER
}

//export clCreatePipe
func clCreatePipe(context C.cl_context, flags C.cl_mem_flags, pipe_packet_size C.cl_uint, pipe_max_packets C.cl_uint, properties C.clgo_pipe_props, errcode_ret *C.cl_int) C.cl_mem {
	return noImages(context, errcode_ret) // CL_INVALID_OPERATION: no pipe support
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
