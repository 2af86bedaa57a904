//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"bytes"
	"slices"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type kernel struct {
	object
	k    *cl.Kernel
	prog *program

	mu   sync.Mutex
	args map[int]any // the values set, for clCloneKernel
}

func (k *kernel) destroy() func() {
	k.k.Release()
	return nil
}

func kernelOf(k C.cl_kernel) (*kernel, bool) { return lookup[*kernel](unsafe.Pointer(k)) }

func newKernel(p *program, ck *cl.Kernel) (C.cl_kernel, C.cl_int) {
	k := &kernel{k: ck, prog: p, args: map[int]any{}}
	h := register(k, p)
	if h == nil {
		ck.Release()
		return nil, C.CL_OUT_OF_HOST_MEMORY
	}
	return C.cl_kernel(h), success
}

//export clCreateKernel
func clCreateKernel(prog C.cl_program, kernel_name C.clgo_str, errcode_ret *C.cl_int) C.cl_kernel {
	p, ok := programOf(prog)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_PROGRAM)
		return nil
	}
	if !p.executable() {
		setErr(errcode_ret, C.CL_INVALID_PROGRAM_EXECUTABLE)
		return nil
	}
	if kernel_name == nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	ck, err := p.p.CreateKernel(C.GoString((*C.char)(unsafe.Pointer(kernel_name))))
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	h, rc := newKernel(p, ck)
	setErr(errcode_ret, rc)
	return h
}

//export clCreateKernelsInProgram
func clCreateKernelsInProgram(prog C.cl_program, num_kernels C.cl_uint, kernels *C.cl_kernel, num_kernels_ret *C.cl_uint) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	if !p.executable() {
		return C.CL_INVALID_PROGRAM_EXECUTABLE
	}
	names, err := p.p.KernelNames()
	if err != nil {
		return code(err)
	}
	if kernels != nil && int(num_kernels) < len(names) {
		return C.CL_INVALID_VALUE
	}
	if num_kernels_ret != nil {
		*num_kernels_ret = C.cl_uint(len(names))
	}
	if kernels == nil {
		return success
	}
	out := unsafe.Slice(kernels, len(names))
	for i, n := range names {
		ck, err := p.p.CreateKernel(n)
		var rc C.cl_int = code(err)
		if err == nil {
			out[i], rc = newKernel(p, ck)
		}
		if rc != success {
			for _, h := range out[:i] {
				clReleaseKernel(h)
			}
			return rc
		}
	}
	return success
}

//export clRetainKernel
func clRetainKernel(kern C.cl_kernel) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok || !retain(&k.object) {
		return C.CL_INVALID_KERNEL
	}
	return success
}

//export clReleaseKernel
func clReleaseKernel(kern C.cl_kernel) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok || !release(&k.object) {
		return C.CL_INVALID_KERNEL
	}
	return success
}

//export clSetKernelArg
func clSetKernelArg(kern C.cl_kernel, arg_index C.cl_uint, arg_size C.size_t, arg_value C.clgo_cvoid) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	ai, err := k.k.ArgInfo(int(arg_index))
	if err != nil {
		return C.CL_INVALID_ARG_INDEX
	}
	var v any
	switch ai.Kind {
	case cl.ArgBuffer:
		if arg_size != C.size_t(unsafe.Sizeof(C.cl_mem(nil))) {
			return C.CL_INVALID_ARG_SIZE
		}
		var id C.cl_mem
		if arg_value != nil {
			id = *(*C.cl_mem)(unsafe.Pointer(arg_value))
		}
		if id == nil {
			v = (*cl.Buffer)(nil) // a NULL pointer
			break
		}
		m, ok := memOf(id)
		if !ok {
			return C.CL_INVALID_MEM_OBJECT
		}
		v = m.b
	case cl.ArgLocal:
		if arg_value != nil {
			return C.CL_INVALID_ARG_VALUE
		}
		if arg_size == 0 {
			return C.CL_INVALID_ARG_SIZE
		}
		v = cl.Local(arg_size)
	case cl.ArgPOD:
		if arg_value == nil {
			return C.CL_INVALID_ARG_VALUE
		}
		if uint64(arg_size) != ai.Size {
			return C.CL_INVALID_ARG_SIZE
		}
		// The size is the argument's (from the program's reflection), but
		// C.GoBytes takes an int: copy through a checked view instead.
		b, ok := hostBytes(unsafe.Pointer(arg_value), uint64(arg_size))
		if !ok {
			return C.CL_INVALID_ARG_VALUE
		}
		v = bytes.Clone(b)
	case cl.ArgImage:
		if arg_size != C.size_t(unsafe.Sizeof(C.cl_mem(nil))) {
			return C.CL_INVALID_ARG_SIZE
		}
		if arg_value == nil {
			return C.CL_INVALID_ARG_VALUE
		}
		id := *(*C.cl_mem)(unsafe.Pointer(arg_value))
		im, ok := imageOf(id)
		if !ok {
			return C.CL_INVALID_MEM_OBJECT
		}
		v = im.img
	case cl.ArgSampler:
		if arg_size != C.size_t(unsafe.Sizeof(C.cl_sampler(nil))) {
			return C.CL_INVALID_ARG_SIZE
		}
		if arg_value == nil {
			return C.CL_INVALID_SAMPLER
		}
		sm, ok := samplerOf(*(*C.cl_sampler)(unsafe.Pointer(arg_value)))
		if !ok {
			return C.CL_INVALID_SAMPLER
		}
		v = sm.s
	default:
		return C.CL_INVALID_ARG_VALUE
	}
	if err := k.k.SetArg(int(arg_index), v); err != nil {
		return code(err)
	}
	k.mu.Lock()
	k.args[int(arg_index)] = v
	k.mu.Unlock()
	return success
}

//export clCloneKernel
func clCloneKernel(source_kernel C.cl_kernel, errcode_ret *C.cl_int) C.cl_kernel {
	k, ok := kernelOf(source_kernel)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_KERNEL)
		return nil
	}
	ck, err := k.k.Clone()
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	k.mu.Lock()
	args := make(map[int]any, len(k.args))
	for i, v := range k.args {
		args[i] = v
	}
	k.mu.Unlock()
	h, rc := newKernel(k.prog, ck)
	if h != nil {
		nk, _ := kernelOf(h)
		nk.args = args
	}
	setErr(errcode_ret, rc)
	return h
}

//export clGetKernelInfo
func clGetKernelInfo(kern C.cl_kernel, param_name C.cl_kernel_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	var v []byte
	switch param_name {
	case C.CL_KERNEL_FUNCTION_NAME:
		v = str(k.k.Name())
	case C.CL_KERNEL_NUM_ARGS:
		v = u32(uint32(k.k.NumArgs()))
	case C.CL_KERNEL_REFERENCE_COUNT:
		v = u32(refCount(&k.object))
	case C.CL_KERNEL_CONTEXT:
		v = ptr(k.prog.ctx.h)
	case C.CL_KERNEL_PROGRAM:
		v = ptr(k.prog.h)
	case C.CL_KERNEL_ATTRIBUTES:
		v = str(k.k.Attributes())
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clGetKernelArgInfo
func clGetKernelArgInfo(kern C.cl_kernel, arg_indx C.cl_uint, param_name C.cl_kernel_arg_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	ai, err := k.k.ArgInfo(int(arg_indx))
	if err != nil {
		return C.CL_INVALID_ARG_INDEX
	}
	if !k.prog.argInfo() {
		return C.CL_KERNEL_ARG_INFO_NOT_AVAILABLE
	}
	var v []byte
	switch param_name {
	case C.CL_KERNEL_ARG_ADDRESS_QUALIFIER:
		aq := ai.AddressQualifier
		if aq == 0 {
			aq = C.CL_KERNEL_ARG_ADDRESS_PRIVATE
		}
		v = u32(aq)
	case C.CL_KERNEL_ARG_ACCESS_QUALIFIER:
		acc := ai.AccessQualifier
		if acc == 0 {
			acc = C.CL_KERNEL_ARG_ACCESS_NONE
		}
		v = u32(acc)
	case C.CL_KERNEL_ARG_TYPE_NAME:
		if ai.TypeName == "" {
			return C.CL_KERNEL_ARG_INFO_NOT_AVAILABLE
		}
		v = str(ai.TypeName)
	case C.CL_KERNEL_ARG_TYPE_QUALIFIER:
		// const, restrict and volatile qualify what a pointer argument
		// points to; an argument passed by value has none.
		tq := uint64(ai.TypeQualifier)
		if ai.Kind == cl.ArgPOD {
			tq = C.CL_KERNEL_ARG_TYPE_NONE
		}
		v = u64(tq)
	case C.CL_KERNEL_ARG_NAME:
		if ai.Name == "" {
			return C.CL_KERNEL_ARG_INFO_NOT_AVAILABLE
		}
		v = str(ai.Name)
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

// kernelDevice resolves the device of a per-device kernel query: NULL is
// allowed when the kernel's program has one device.
func kernelDevice(k *kernel, dev C.cl_device_id) (*device, bool) {
	if dev == nil {
		if len(k.prog.devs) == 1 {
			return k.prog.devs[0], true
		}
		return nil, false
	}
	d, ok := deviceOf(dev)
	if !ok {
		return nil, false
	}
	for _, pd := range k.prog.devs {
		if pd == d {
			return d, true
		}
	}
	return nil, false
}

//export clGetKernelWorkGroupInfo
func clGetKernelWorkGroupInfo(kern C.cl_kernel, dev C.cl_device_id, param_name C.cl_kernel_work_group_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	d, ok := kernelDevice(k, dev)
	if !ok {
		return C.CL_INVALID_DEVICE
	}
	if param_name == C.CL_KERNEL_GLOBAL_WORK_SIZE {
		// Only for custom devices and built-in kernels.
		return C.CL_INVALID_VALUE
	}
	w, err := k.k.WorkGroupInfo(d.d)
	if err != nil {
		return code(err)
	}
	var v []byte
	switch param_name {
	case C.CL_KERNEL_WORK_GROUP_SIZE:
		v = size(w.WorkGroupSize)
	case C.CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
		v = sizes(w.CompileWorkGroupSize[:]...)
	case C.CL_KERNEL_LOCAL_MEM_SIZE:
		v = u64(w.LocalMemSize)
	case C.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
		v = size(w.PreferredWorkGroupSizeMultiple)
	case C.CL_KERNEL_PRIVATE_MEM_SIZE:
		v = u64(w.PrivateMemSize)
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

// subGroupInfo answers clGetKernelSubGroupInfo: the queries "FOR_NDRANGE"
// take a local size (1 to 3 size_t) as input, LOCAL_SIZE_FOR_SUB_GROUP_COUNT
// a count (one size_t) and answer a local size of as many dimensions as
// param_value_size holds.
func subGroupInfo(kern C.cl_kernel, dev C.cl_device_id, name C.cl_kernel_sub_group_info, inSize C.size_t, in C.clgo_cvoid, outSize C.size_t, out unsafe.Pointer, outSizeRet *C.size_t) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	var d *device
	if dev == nil && len(k.prog.devs) == 1 {
		// A NULL device names the program's only one.
		d = k.prog.devs[0]
	} else if d, ok = kernelDevice(k, dev); !ok {
		return C.CL_INVALID_DEVICE
	}
	inputSizes := func() ([]uint64, bool) {
		const w = C.size_t(unsafe.Sizeof(C.size_t(0)))
		if in == nil || inSize == 0 || inSize%w != 0 || inSize/w > 3 {
			return nil, false
		}
		src := unsafe.Slice((*C.size_t)(unsafe.Pointer(in)), inSize/w)
		vs := make([]uint64, len(src))
		for i, v := range src {
			vs[i] = uint64(v)
		}
		return vs, true
	}
	var v []byte
	var err error
	switch name {
	case C.CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, C.CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE:
		local, ok := inputSizes()
		if !ok {
			return C.CL_INVALID_VALUE
		}
		var n uint64
		if name == C.CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE {
			n, err = k.k.MaxSubGroupSizeForNDRange(d.d, local)
		} else {
			n, err = k.k.SubGroupCountForNDRange(d.d, local)
		}
		v = size(n)
	case C.CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT:
		count, ok := inputSizes()
		if !ok || len(count) != 1 {
			return C.CL_INVALID_VALUE
		}
		dims := int(outSize / C.size_t(unsafe.Sizeof(C.size_t(0))))
		if out == nil {
			dims = 3 // a size query: the largest answer
		}
		if dims < 1 || dims > 3 {
			return C.CL_INVALID_VALUE
		}
		var local []uint64
		local, err = k.k.LocalSizeForSubGroupCount(d.d, count[0], dims)
		v = sizes(local...)
	case C.CL_KERNEL_MAX_NUM_SUB_GROUPS:
		var n uint64
		n, err = k.k.MaxNumSubGroupsOf(d.d)
		v = size(n)
	case C.CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
		var n uint64
		n, err = k.k.CompileNumSubGroups(d.d)
		v = size(n)
	default:
		return C.CL_INVALID_VALUE
	}
	if err != nil {
		return code(err)
	}
	return putInfo(v, outSize, out, outSizeRet)
}

//export clGetKernelSubGroupInfo
func clGetKernelSubGroupInfo(kern C.cl_kernel, dev C.cl_device_id, param_name C.cl_kernel_sub_group_info, input_value_size C.size_t, input_value C.clgo_cvoid, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	return subGroupInfo(kern, dev, param_name, input_value_size, input_value, param_value_size, param_value, param_value_size_ret)
}

// clGetKernelSubGroupInfoKHR is cl_khr_subgroups' entry point. The ICD
// loader hands it out whatever the devices list (clgo's own
// clGetExtensionFunctionAddress answers NULL for it, dispatch.c), and the
// specification leaves a call for a device without the extension
// undefined; clgo answers CL_INVALID_OPERATION there, as for its other
// absent extensions (cl_ext_device_fission, dispatch.c), and as
// clGetKernelSubGroupInfo does for a device without sub-groups.
//
//export clGetKernelSubGroupInfoKHR
func clGetKernelSubGroupInfoKHR(kern C.cl_kernel, dev C.cl_device_id, param_name C.cl_kernel_sub_group_info, input_value_size C.size_t, input_value C.clgo_cvoid, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	d, ok := kernelDevice(k, dev)
	if !ok {
		return C.CL_INVALID_DEVICE
	}
	if !slices.Contains(deviceExtensions(d), "cl_khr_subgroups") {
		return C.CL_INVALID_OPERATION
	}
	return subGroupInfo(kern, dev, param_name, input_value_size, input_value, param_value_size, param_value, param_value_size_ret)
}

func ndrange(dims C.cl_uint, p *C.size_t) []uint64 {
	if p == nil {
		return nil
	}
	out := make([]uint64, dims)
	for i, v := range unsafe.Slice(p, dims) {
		out[i] = uint64(v)
	}
	return out
}

//export clEnqueueNDRangeKernel
func clEnqueueNDRangeKernel(command_queue C.cl_command_queue, kern C.cl_kernel, work_dim C.cl_uint, global_work_offset C.clgo_sizes, global_work_size C.clgo_sizes, local_work_size C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	return enqueueKernel(command_queue, kern, work_dim, (*C.size_t)(global_work_offset), (*C.size_t)(global_work_size), (*C.size_t)(local_work_size), num_events_in_wait_list, event_wait_list, ev, 0)
}

func enqueueKernel(command_queue C.cl_command_queue, kern C.cl_kernel, work_dim C.cl_uint, offset, global, local *C.size_t, n C.cl_uint, list C.clgo_events, ev *C.cl_event, typ C.cl_command_type) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	k, ok := kernelOf(kern)
	if !ok {
		return C.CL_INVALID_KERNEL
	}
	if k.prog.ctx != q.ctx {
		return C.CL_INVALID_CONTEXT
	}
	if work_dim < 1 || work_dim > 3 {
		return C.CL_INVALID_WORK_DIMENSION
	}
	wait, rc := waitList(q, n, list)
	if rc != success {
		return rc
	}
	g := ndrange(work_dim, global)
	if global == nil || slices.Contains(g, 0) {
		// OpenCL 2.1 and later: an empty NDRange (a NULL global size, or
		// a size 0) does nothing.
		e, err := q.q.EnqueueMarkerWithWaitList(wait...)
		if typ == 0 {
			typ = C.CL_COMMAND_NDRANGE_KERNEL
		}
		return finishCommand(q, e, err, false, typ, ev)
	}
	e, err := q.q.EnqueueNDRangeKernel(k.k, ndrange(work_dim, offset), g, ndrange(work_dim, local), wait...)
	return finishCommand(q, e, err, false, typ, ev)
}

//export clEnqueueTask
func clEnqueueTask(command_queue C.cl_command_queue, kern C.cl_kernel, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	one := [1]C.size_t{1}
	return enqueueKernel(command_queue, kern, 1, nil, &one[0], &one[0], num_events_in_wait_list, event_wait_list, ev, C.CL_COMMAND_TASK)
}

//export clEnqueueNativeKernel
func clEnqueueNativeKernel(command_queue C.cl_command_queue, user_func C.clgo_native_fn, args unsafe.Pointer, cb_args C.size_t, num_mem_objects C.cl_uint, mem_list C.clgo_mems, args_mem_loc C.clgo_cvoids, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	if _, ok := queueOf(command_queue); !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	if user_func == nil {
		return C.CL_INVALID_VALUE
	}
	// CL_DEVICE_EXECUTION_CAPABILITIES has no CL_EXEC_NATIVE_KERNEL.
	return C.CL_INVALID_OPERATION
}
