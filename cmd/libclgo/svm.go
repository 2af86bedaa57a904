//go:build cgo

package main

// Shared virtual memory: the cl package's SVM allocations (host memory
// outside the Go heap, which the application dereferences directly) behind
// the OpenCL 2.0 entry points.

/*
#include <stdlib.h>
#include "clgo.h"
*/
import "C"

import (
	"unsafe"

	"github.com/clgo/clgo/cl"
)

//export clSVMAlloc
func clSVMAlloc(context C.cl_context, flags C.cl_svm_mem_flags, size C.size_t, alignment C.cl_uint) unsafe.Pointer {
	c, ok := contextOf(context)
	if !ok {
		return nil
	}
	s, err := c.c.SVMAlloc(cl.MemFlags(flags), uint64(size), uint32(alignment))
	if err != nil {
		debugf("%v", err)
		return nil
	}
	return s.Pointer()
}

// svmOf returns the allocation that starts at p.
func svmOf(c *context, p unsafe.Pointer) (*cl.SVM, bool) {
	s, off, ok := c.c.SVMAt(p, 1)
	return s, ok && off == 0
}

//export clSVMFree
func clSVMFree(context C.cl_context, svm_pointer unsafe.Pointer) {
	c, ok := contextOf(context)
	if !ok || svm_pointer == nil {
		return
	}
	if s, ok := svmOf(c, svm_pointer); ok {
		s.Free()
	}
}

// svmCommand resolves the queue and wait list of an SVM command.
func svmCommand(command_queue C.cl_command_queue, n C.cl_uint, list C.clgo_events) (*queue, []*cl.Event, C.cl_int) {
	q, ok := queueOf(command_queue)
	if !ok {
		return nil, nil, C.CL_INVALID_COMMAND_QUEUE
	}
	wait, rc := waitList(q, n, list)
	return q, wait, rc
}

//export clEnqueueSVMFree
func clEnqueueSVMFree(command_queue C.cl_command_queue, num_svm_pointers C.cl_uint, svm_pointers C.clgo_voids, pfn_free_func C.clgo_svm_free_fn, user_data unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	if (num_svm_pointers == 0) != (svm_pointers == nil) {
		return C.CL_INVALID_VALUE
	}
	ptrs := unsafe.Slice((*unsafe.Pointer)(unsafe.Pointer(svm_pointers)), num_svm_pointers)
	if pfn_free_func != nil {
		return enqueueSVMFreeCallback(q, ptrs, pfn_free_func, user_data, wait, ev)
	}
	var svms []*cl.SVM
	for _, p := range ptrs {
		s, ok := svmOf(q.ctx, p)
		if !ok {
			if p == nil {
				continue // clSVMFree(NULL) does nothing either
			}
			debugf("clEnqueueSVMFree: %p is not an SVM allocation of the queue's context", p)
			return C.CL_INVALID_VALUE
		}
		svms = append(svms, s)
	}
	e, err := q.q.EnqueueSVMFree(svms, nil, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

// enqueueSVMFreeCallback is clEnqueueSVMFree with pfn_free_func: the
// pointers go to the callback, which frees them.
func enqueueSVMFreeCallback(q *queue, ptrs []unsafe.Pointer, pfn_free_func C.clgo_svm_free_fn, user_data unsafe.Pointer, wait []*cl.Event, ev *C.cl_event) C.cl_int {
	num_svm_pointers := C.cl_uint(len(ptrs))
	// The application may reuse its array once the call returns:
	// the callback gets a copy, in C memory, and the queue's handle
	// stays valid until it has run.
	n := max(len(ptrs), 1)
	arr := (*unsafe.Pointer)(C.calloc(C.size_t(n), C.size_t(unsafe.Sizeof(unsafe.Pointer(nil)))))
	if arr == nil {
		return C.CL_OUT_OF_HOST_MEMORY
	}
	copy(unsafe.Slice(arr, n), ptrs)
	fn, qh := unsafe.Pointer(pfn_free_func), C.cl_command_queue(q.h)
	hold(&q.object)
	free := func() {
		C.clgo_call_svm_free(fn, qh, num_svm_pointers, (*unsafe.Pointer)(unsafe.Pointer(arr)), user_data)
	}
	e, err := q.q.EnqueueSVMFree(nil, free, wait...)
	if err != nil {
		C.free(unsafe.Pointer(arr))
		unhold(&q.object)
		return finishCommand(q, e, err, false, 0, ev)
	}
	// Once the command has ended (the callback run, or the command
	// failed with its wait list and the callback never will).
	e.SetCallback(cl.Complete, func(*cl.Event, cl.ExecStatus) {
		C.free(unsafe.Pointer(arr))
		unhold(&q.object)
	})
	return finishCommand(q, e, nil, false, 0, ev)
}

// svmBytes views the n bytes at p: the caller's memory, SVM or not.
func svmBytes(p unsafe.Pointer, n C.size_t) ([]byte, bool) {
	if p == nil {
		return nil, false
	}
	if n == 0 {
		return unsafe.Slice((*byte)(p), 0), true
	}
	return hostBytes(p, uint64(n))
}

//export clEnqueueSVMMemcpy
func clEnqueueSVMMemcpy(command_queue C.cl_command_queue, blocking_copy C.cl_bool, dst_ptr unsafe.Pointer, src_ptr C.clgo_cvoid, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, ok1 := svmBytes(dst_ptr, size)
	src, ok2 := svmBytes(unsafe.Pointer(src_ptr), size)
	if !ok1 || !ok2 {
		return C.CL_INVALID_VALUE
	}
	if blocking_copy != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueSVMMemcpy(dst, src, wait...)
	return finishCommand(q, e, err, blocking_copy != 0, 0, ev)
}

//export clEnqueueSVMMemFill
func clEnqueueSVMMemFill(command_queue C.cl_command_queue, svm_ptr unsafe.Pointer, pattern C.clgo_cvoid, pattern_size C.size_t, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	n := uint64(pattern_size)
	if pattern == nil || n == 0 || n > 128 || n&(n-1) != 0 {
		return C.CL_INVALID_VALUE
	}
	region, ok := svmBytes(svm_ptr, size)
	if !ok {
		return C.CL_INVALID_VALUE
	}
	e, err := q.q.EnqueueSVMMemFill(region, cBytes(unsafe.Pointer(pattern), n), wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueSVMMap
func clEnqueueSVMMap(command_queue C.cl_command_queue, blocking_map C.cl_bool, flags C.cl_map_flags, svm_ptr unsafe.Pointer, size C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	region, ok := svmBytes(svm_ptr, size)
	if !ok || size == 0 {
		return C.CL_INVALID_VALUE
	}
	if flags&^(C.CL_MAP_READ|C.CL_MAP_WRITE|C.CL_MAP_WRITE_INVALIDATE_REGION) != 0 {
		return C.CL_INVALID_VALUE
	}
	if blocking_map != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueSVMMap(cl.MapFlags(flags), region, wait...)
	return finishCommand(q, e, err, blocking_map != 0, 0, ev)
}

//export clEnqueueSVMUnmap
func clEnqueueSVMUnmap(command_queue C.cl_command_queue, svm_ptr unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueSVMUnmap(svm_ptr, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueSVMMigrateMem
func clEnqueueSVMMigrateMem(command_queue C.cl_command_queue, num_svm_pointers C.cl_uint, svm_pointers C.clgo_cvoids, sizes C.clgo_sizes, flags C.cl_mem_migration_flags, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, wait, rc := svmCommand(command_queue, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	if num_svm_pointers == 0 || svm_pointers == nil {
		return C.CL_INVALID_VALUE
	}
	ptrs := unsafe.Slice((*unsafe.Pointer)(unsafe.Pointer(svm_pointers)), num_svm_pointers)
	var szs []C.size_t
	if sizes != nil {
		szs = unsafe.Slice((*C.size_t)(unsafe.Pointer(sizes)), num_svm_pointers)
	}
	regions := make([][]byte, len(ptrs))
	for i, p := range ptrs {
		var n C.size_t
		if szs != nil {
			n = szs[i]
		}
		r, ok := svmBytes(p, n)
		if !ok {
			return C.CL_INVALID_VALUE
		}
		regions[i] = r
	}
	e, err := q.q.EnqueueSVMMigrateMem(regions, cl.MigrationFlags(flags), wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clSetKernelArgSVMPointer
func clSetKernelArgSVMPointer(kern C.cl_kernel, arg_index C.cl_uint, arg_value C.clgo_cvoid) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	p := unsafe.Pointer(arg_value)
	if err := k.k.SetArgSVMPointer(int(arg_index), p); err != nil {
		debugf("%v", err)
		return code(err)
	}
	k.mu.Lock()
	k.args[int(arg_index)] = svmArg{p}
	k.mu.Unlock()
	return success
}

// svmArg is an argument set with clSetKernelArgSVMPointer, as
// clCloneKernel replays it.
type svmArg struct{ p unsafe.Pointer }

//export clSetKernelExecInfo
func clSetKernelExecInfo(kern C.cl_kernel, param_name C.cl_kernel_exec_info, param_value_size C.size_t, param_value C.clgo_cvoid) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	if param_value == nil && !(param_name == C.CL_KERNEL_EXEC_INFO_SVM_PTRS && param_value_size == 0) {
		// An empty list (size 0, NULL) unsets the SVM pointers, as the
		// CTS's svm_set_kernel_exec_info_svm_ptrs does.
		return C.CL_INVALID_VALUE
	}
	switch param_name {
	case C.CL_KERNEL_EXEC_INFO_SVM_PTRS:
		if param_value_size == 0 {
			return code(k.k.SetExecInfoSVMPointers(nil))
		}
		n := uintptr(param_value_size) / unsafe.Sizeof(unsafe.Pointer(nil))
		if uintptr(param_value_size)%unsafe.Sizeof(unsafe.Pointer(nil)) != 0 {
			return C.CL_INVALID_VALUE
		}
		ptrs := append([]unsafe.Pointer(nil), unsafe.Slice((*unsafe.Pointer)(unsafe.Pointer(param_value)), n)...)
		return code(k.k.SetExecInfoSVMPointers(ptrs))
	case C.CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
		if param_value_size != C.size_t(unsafe.Sizeof(C.cl_bool(0))) {
			return C.CL_INVALID_VALUE
		}
		return code(k.k.SetExecInfoFineGrainSystem(*(*C.cl_bool)(unsafe.Pointer(param_value)) != 0))
	}
	return C.CL_INVALID_VALUE
}
