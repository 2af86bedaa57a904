//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	gocontext "context"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type mem struct {
	object
	b       *cl.Buffer
	ctx     *context
	parent  *mem
	hostPtr unsafe.Pointer // CL_MEM_HOST_PTR (CL_MEM_USE_HOST_PTR), for a sub-buffer its part
	flags   C.cl_mem_flags
	props   []byte

	mu          sync.Mutex
	maps        []mapping
	destructors []callback
}

// A mapping is a host region handed out by clEnqueueMapBuffer: part of the
// CL_MEM_USE_HOST_PTR memory, or C memory the ICD allocated (never Go
// memory: the application keeps the pointer).
type mapping struct {
	p      unsafe.Pointer
	offset uint64
	size   uint64
	write  bool
	owned  bool // C.malloc'ed here; freed at unmap
	// release gives back device staging memory (cl.Queue.MapMemory):
	// with the unmap's event, or nil when nothing uses it any more.
	release func(unmap *cl.Event)
}

func (m *mem) destroy() func() {
	m.b.Release()
	m.mu.Lock()
	ds := m.destructors
	m.mu.Unlock()
	if len(ds) == 0 {
		return nil
	}
	h := C.cl_mem(m.h)
	return func() {
		for i := len(ds) - 1; i >= 0; i-- {
			C.clgo_call_mem_notify(ds[i].fn, h, ds[i].data)
		}
	}
}

func memOf(m C.cl_mem) (*mem, bool) { return lookup[*mem](unsafe.Pointer(m)) }

const (
	memAccessFlags = C.CL_MEM_READ_WRITE | C.CL_MEM_WRITE_ONLY | C.CL_MEM_READ_ONLY
	memHostFlags   = C.CL_MEM_HOST_WRITE_ONLY | C.CL_MEM_HOST_READ_ONLY | C.CL_MEM_HOST_NO_ACCESS
	memPtrFlags    = C.CL_MEM_USE_HOST_PTR | C.CL_MEM_ALLOC_HOST_PTR | C.CL_MEM_COPY_HOST_PTR
)

func createBuffer(context C.cl_context, props []byte, flags C.cl_mem_flags, sz C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if flags&^(memAccessFlags|memHostFlags|memPtrFlags) != 0 {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	if sz == 0 {
		setErr(errcode_ret, C.CL_INVALID_BUFFER_SIZE)
		return nil
	}
	// Too large only when no device of the context can hold it.
	var limit uint64
	for _, d := range c.devs {
		v, _ := deviceInfo(d, C.CL_DEVICE_MAX_MEM_ALLOC_SIZE)
		limit = max(limit, leU64(v))
	}
	if uint64(sz) > limit {
		debugf("clCreateBuffer: %d bytes, more than CL_DEVICE_MAX_MEM_ALLOC_SIZE %d", sz, limit)
		setErr(errcode_ret, C.CL_INVALID_BUFFER_SIZE)
		return nil
	}
	wantHost := flags&(C.CL_MEM_USE_HOST_PTR|C.CL_MEM_COPY_HOST_PTR) != 0
	if wantHost != (host_ptr != nil) {
		setErr(errcode_ret, C.CL_INVALID_HOST_PTR)
		return nil
	}
	host, ok := hostBytes(host_ptr, uint64(sz))
	if host_ptr != nil && !ok {
		debugf("clCreateBuffer: host_ptr %p + %d bytes wraps the address space", host_ptr, sz)
		setErr(errcode_ret, C.CL_INVALID_HOST_PTR)
		return nil
	}
	b, err := c.c.CreateBuffer(cl.MemFlags(flags), uint64(sz), host)
	if err != nil {
		debugf("%v", err)
		setErr(errcode_ret, code(err))
		return nil
	}
	if flags&memAccessFlags == 0 {
		flags |= C.CL_MEM_READ_WRITE
	}
	m := &mem{b: b, ctx: c, flags: flags, props: props}
	if flags&C.CL_MEM_USE_HOST_PTR != 0 {
		m.hostPtr = host_ptr
	}
	h := register(m, c)
	if h == nil {
		b.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_mem(h)
}

func leU64(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

//export clCreateBuffer
func clCreateBuffer(context C.cl_context, flags C.cl_mem_flags, size C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	return createBuffer(context, nil, flags, size, host_ptr, errcode_ret)
}

//export clCreateBufferWithProperties
func clCreateBufferWithProperties(context C.cl_context, properties C.clgo_mem_props, flags C.cl_mem_flags, size C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	var props []byte
	if properties != nil {
		// clgo knows no buffer properties: only the empty list is valid.
		if *properties != 0 {
			if _, ok := contextOf(context); !ok {
				setErr(errcode_ret, C.CL_INVALID_CONTEXT)
			} else {
				setErr(errcode_ret, C.CL_INVALID_PROPERTY)
			}
			return nil
		}
		props = u64(0)
	}
	return createBuffer(context, props, flags, size, host_ptr, errcode_ret)
}

//export clCreateSubBuffer
func clCreateSubBuffer(buffer C.cl_mem, flags C.cl_mem_flags, buffer_create_type C.cl_buffer_create_type, buffer_create_info C.clgo_cvoid, errcode_ret *C.cl_int) C.cl_mem {
	m, ok := memOf(buffer)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_MEM_OBJECT)
		return nil
	}
	if m.parent != nil {
		setErr(errcode_ret, C.CL_INVALID_MEM_OBJECT)
		return nil
	}
	if buffer_create_type != C.CL_BUFFER_CREATE_TYPE_REGION || buffer_create_info == nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	if flags&^(memAccessFlags|memHostFlags|memPtrFlags) != 0 {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	// Host access may not widen the parent's.
	if (m.flags&C.CL_MEM_HOST_WRITE_ONLY != 0 && flags&C.CL_MEM_HOST_READ_ONLY != 0) ||
		(m.flags&C.CL_MEM_HOST_READ_ONLY != 0 && flags&C.CL_MEM_HOST_WRITE_ONLY != 0) ||
		(m.flags&C.CL_MEM_HOST_NO_ACCESS != 0 && flags&(C.CL_MEM_HOST_READ_ONLY|C.CL_MEM_HOST_WRITE_ONLY) != 0) {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	region := (*C.cl_buffer_region)(unsafe.Pointer(buffer_create_info))
	sb, err := m.b.CreateSubBuffer(cl.MemFlags(flags), uint64(region.origin), uint64(region.size))
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	if flags&memAccessFlags == 0 {
		flags |= m.flags & memAccessFlags
	}
	if flags&memHostFlags == 0 {
		flags |= m.flags & memHostFlags
	}
	flags |= m.flags & memPtrFlags
	s := &mem{b: sb, ctx: m.ctx, parent: m, flags: flags}
	if m.hostPtr != nil {
		s.hostPtr = unsafe.Add(m.hostPtr, uintptr(region.origin))
	}
	h := register(s, m)
	if h == nil {
		sb.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_mem(h)
}

//export clRetainMemObject
func clRetainMemObject(memobj C.cl_mem) C.cl_int {
	if im, ok := imageOf(memobj); ok {
		if !retain(&im.object) {
			return C.CL_INVALID_MEM_OBJECT
		}
		return success
	}
	m, ok := memOf(memobj)
	if !ok || !retain(&m.object) {
		return C.CL_INVALID_MEM_OBJECT
	}
	return success
}

//export clReleaseMemObject
func clReleaseMemObject(memobj C.cl_mem) C.cl_int {
	if im, ok := imageOf(memobj); ok {
		if !release(&im.object) {
			return C.CL_INVALID_MEM_OBJECT
		}
		return success
	}
	m, ok := memOf(memobj)
	if !ok || !release(&m.object) {
		return C.CL_INVALID_MEM_OBJECT
	}
	return success
}

//export clSetMemObjectDestructorCallback
func clSetMemObjectDestructorCallback(memobj C.cl_mem, pfn_notify C.clgo_mem_notify, user_data unsafe.Pointer) C.cl_int {
	if im, ok := imageOf(memobj); ok {
		if pfn_notify == nil {
			return C.CL_INVALID_VALUE
		}
		im.mu.Lock()
		im.destructors = append(im.destructors, callback{unsafe.Pointer(pfn_notify), user_data})
		im.mu.Unlock()
		return success
	}
	m, ok := memOf(memobj)
	if !ok {
		return C.CL_INVALID_MEM_OBJECT
	}
	if pfn_notify == nil {
		return C.CL_INVALID_VALUE
	}
	m.mu.Lock()
	m.destructors = append(m.destructors, callback{unsafe.Pointer(pfn_notify), user_data})
	m.mu.Unlock()
	return success
}

//export clGetMemObjectInfo
func clGetMemObjectInfo(memobj C.cl_mem, param_name C.cl_mem_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	if im, ok := imageOf(memobj); ok {
		v, ok := imageMemInfo(im, param_name)
		if !ok {
			return C.CL_INVALID_VALUE
		}
		return putInfo(v, param_value_size, param_value, param_value_size_ret)
	}
	m, ok := memOf(memobj)
	if !ok {
		return C.CL_INVALID_MEM_OBJECT
	}
	var v []byte
	switch param_name {
	case C.CL_MEM_TYPE:
		v = u32(C.CL_MEM_OBJECT_BUFFER)
	case C.CL_MEM_FLAGS:
		v = u64(uint64(m.flags))
	case C.CL_MEM_SIZE:
		v = size(m.b.Size())
	case C.CL_MEM_HOST_PTR:
		v = ptr(m.hostPtr)
	case C.CL_MEM_MAP_COUNT:
		m.mu.Lock()
		v = u32(uint32(len(m.maps)))
		m.mu.Unlock()
	case C.CL_MEM_REFERENCE_COUNT:
		v = u32(refCount(&m.object))
	case C.CL_MEM_CONTEXT:
		v = ptr(m.ctx.h)
	case C.CL_MEM_ASSOCIATED_MEMOBJECT:
		if m.parent != nil {
			v = ptr(m.parent.h)
		} else {
			v = ptr(nil)
		}
	case C.CL_MEM_OFFSET:
		v = size(m.b.Offset())
	case C.CL_MEM_USES_SVM_POINTER:
		v = boolean(m.b.UsesSVMPointer())
	case C.CL_MEM_PROPERTIES:
		v = m.props
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

// memOn resolves a memory object used by a command of q.
func memOn(q *queue, id C.cl_mem) (*mem, C.cl_int) {
	m, ok := memOf(id)
	if !ok {
		return nil, C.CL_INVALID_MEM_OBJECT
	}
	if m.ctx != q.ctx {
		return nil, C.CL_INVALID_CONTEXT
	}
	return m, success
}

// command resolves the queue, wait list and memory object of an enqueue.
func command(command_queue C.cl_command_queue, buffer C.cl_mem, n C.cl_uint, list C.clgo_events) (*queue, *mem, []*cl.Event, C.cl_int) {
	return enqueueOperands(command_queue, buffer, n, list, memOn)
}

// enqueueOperands resolves the queue, the object (with on: a buffer, an
// image) and the wait list of an enqueue, in the order the spec checks
// them.
func enqueueOperands[T any](command_queue C.cl_command_queue, id C.cl_mem, n C.cl_uint, list C.clgo_events, on func(*queue, C.cl_mem) (T, C.cl_int)) (*queue, T, []*cl.Event, C.cl_int) {
	var none T
	q, ok := queueOf(command_queue)
	if !ok {
		return nil, none, nil, C.CL_INVALID_COMMAND_QUEUE
	}
	m, rc := on(q, id)
	if rc != success {
		return nil, none, nil, rc
	}
	wait, rc := waitList(q, n, list)
	if rc != success {
		return nil, none, nil, rc
	}
	return q, m, wait, success
}

//export clEnqueueReadBuffer
func clEnqueueReadBuffer(command_queue C.cl_command_queue, buffer C.cl_mem, blocking_read C.cl_bool, offset C.size_t, sz C.size_t, p unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	// The range is checked before host memory is viewed: the caller's
	// offset and size may be anything.
	dst, ok := hostBytes(p, uint64(sz))
	if sz == 0 || !ok || !inBounds(uint64(offset), uint64(sz), m.b.Size()) {
		return C.CL_INVALID_VALUE
	}
	if blocking_read != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueReadBuffer(m.b, uint64(offset), dst, wait...)
	return finishCommand(q, e, err, blocking_read != 0, 0, ev)
}

//export clEnqueueWriteBuffer
func clEnqueueWriteBuffer(command_queue C.cl_command_queue, buffer C.cl_mem, blocking_write C.cl_bool, offset C.size_t, sz C.size_t, p C.clgo_cvoid, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	src, ok := hostBytes(unsafe.Pointer(p), uint64(sz))
	if sz == 0 || !ok || !inBounds(uint64(offset), uint64(sz), m.b.Size()) {
		return C.CL_INVALID_VALUE
	}
	if blocking_write != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueWriteBuffer(m.b, uint64(offset), src, wait...)
	return finishCommand(q, e, err, blocking_write != 0, 0, ev)
}

//export clEnqueueCopyBuffer
func clEnqueueCopyBuffer(command_queue C.cl_command_queue, src_buffer C.cl_mem, dst_buffer C.cl_mem, src_offset C.size_t, dst_offset C.size_t, sz C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, src, wait, rc := command(command_queue, src_buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, rc := memOn(q, dst_buffer)
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueCopyBuffer(src.b, dst.b, uint64(src_offset), uint64(dst_offset), uint64(sz), wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueFillBuffer
func clEnqueueFillBuffer(command_queue C.cl_command_queue, buffer C.cl_mem, pattern C.clgo_cvoid, pattern_size C.size_t, offset C.size_t, sz C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	// A pattern is 1, 2, 4, ..., 128 bytes: checked before it is viewed.
	n := uint64(pattern_size)
	if pattern == nil || n == 0 || n > 128 || n&(n-1) != 0 {
		return C.CL_INVALID_VALUE
	}
	e, err := q.q.EnqueueFillBuffer(m.b, cBytes(unsafe.Pointer(pattern), n), uint64(offset), uint64(sz), wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

// rect reads the origin, region and pitches of a *Rect command and returns
// the bytes the source and the destination span (for the host side's
// length), checked for overflow before any host memory is viewed.
func rect(op string, src, dst, region *C.size_t, srp, ssp, drp, dsp C.size_t) (cl.Rect, uint64, uint64, C.cl_int) {
	if src == nil || dst == nil || region == nil {
		return cl.Rect{}, 0, 0, C.CL_INVALID_VALUE
	}
	var r cl.Rect
	for i, v := range unsafe.Slice(src, 3) {
		r.SrcOrigin[i] = uint64(v)
	}
	for i, v := range unsafe.Slice(dst, 3) {
		r.DstOrigin[i] = uint64(v)
	}
	for i, v := range unsafe.Slice(region, 3) {
		r.Region[i] = uint64(v)
	}
	r.SrcRowPitch, r.SrcSlicePitch = uint64(srp), uint64(ssp)
	r.DstRowPitch, r.DstSlicePitch = uint64(drp), uint64(dsp)
	srcLen, dstLen, err := r.Extents(op)
	if err != nil {
		debugf("%v", err)
		return cl.Rect{}, 0, 0, code(err)
	}
	return r, srcLen, dstLen, success
}

//export clEnqueueReadBufferRect
func clEnqueueReadBufferRect(command_queue C.cl_command_queue, buffer C.cl_mem, blocking_read C.cl_bool, buffer_origin C.clgo_sizes, host_origin C.clgo_sizes, region C.clgo_sizes, buffer_row_pitch C.size_t, buffer_slice_pitch C.size_t, host_row_pitch C.size_t, host_slice_pitch C.size_t, p unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	r, _, hostLen, rc := rect("clEnqueueReadBufferRect", (*C.size_t)(buffer_origin), (*C.size_t)(host_origin), (*C.size_t)(region), buffer_row_pitch, buffer_slice_pitch, host_row_pitch, host_slice_pitch)
	if rc != success {
		return rc
	}
	dst, ok := hostBytes(p, hostLen)
	if !ok {
		debugf("clEnqueueReadBufferRect: host memory at %p of %d bytes is NULL or no address range", p, hostLen)
		return C.CL_INVALID_VALUE
	}
	if blocking_read != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueReadBufferRect(m.b, r, dst, wait...)
	return finishCommand(q, e, err, blocking_read != 0, 0, ev)
}

//export clEnqueueWriteBufferRect
func clEnqueueWriteBufferRect(command_queue C.cl_command_queue, buffer C.cl_mem, blocking_write C.cl_bool, buffer_origin C.clgo_sizes, host_origin C.clgo_sizes, region C.clgo_sizes, buffer_row_pitch C.size_t, buffer_slice_pitch C.size_t, host_row_pitch C.size_t, host_slice_pitch C.size_t, p C.clgo_cvoid, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	// For writes the host is the source.
	r, hostLen, _, rc := rect("clEnqueueWriteBufferRect", (*C.size_t)(host_origin), (*C.size_t)(buffer_origin), (*C.size_t)(region), host_row_pitch, host_slice_pitch, buffer_row_pitch, buffer_slice_pitch)
	if rc != success {
		return rc
	}
	src, ok := hostBytes(unsafe.Pointer(p), hostLen)
	if !ok {
		debugf("clEnqueueWriteBufferRect: host memory at %p of %d bytes is NULL or no address range", p, hostLen)
		return C.CL_INVALID_VALUE
	}
	if blocking_write != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueWriteBufferRect(m.b, r, src, wait...)
	return finishCommand(q, e, err, blocking_write != 0, 0, ev)
}

//export clEnqueueCopyBufferRect
func clEnqueueCopyBufferRect(command_queue C.cl_command_queue, src_buffer C.cl_mem, dst_buffer C.cl_mem, src_origin C.clgo_sizes, dst_origin C.clgo_sizes, region C.clgo_sizes, src_row_pitch C.size_t, src_slice_pitch C.size_t, dst_row_pitch C.size_t, dst_slice_pitch C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, src, wait, rc := command(command_queue, src_buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, rc := memOn(q, dst_buffer)
	if rc != success {
		return rc
	}
	r, _, _, rc := rect("clEnqueueCopyBufferRect", (*C.size_t)(src_origin), (*C.size_t)(dst_origin), (*C.size_t)(region), src_row_pitch, src_slice_pitch, dst_row_pitch, dst_slice_pitch)
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueCopyBufferRect(src.b, dst.b, r, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueMapBuffer
func clEnqueueMapBuffer(command_queue C.cl_command_queue, buffer C.cl_mem, blocking_map C.cl_bool, map_flags C.cl_map_flags, offset C.size_t, sz C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event, errcode_ret *C.cl_int) unsafe.Pointer {
	fail := func(rc C.cl_int) unsafe.Pointer {
		setErr(errcode_ret, rc)
		return nil
	}
	q, m, wait, rc := command(command_queue, buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return fail(rc)
	}
	const rw = C.CL_MAP_READ | C.CL_MAP_WRITE
	if map_flags&^(rw|C.CL_MAP_WRITE_INVALIDATE_REGION) != 0 ||
		(map_flags&C.CL_MAP_WRITE_INVALIDATE_REGION != 0 && map_flags&rw != 0) {
		return fail(C.CL_INVALID_VALUE)
	}
	off, n := uint64(offset), uint64(sz)
	if n == 0 || off > m.b.Size() || n > m.b.Size()-off {
		return fail(C.CL_INVALID_VALUE)
	}
	write := map_flags&(C.CL_MAP_WRITE|C.CL_MAP_WRITE_INVALIDATE_REGION) != 0
	if (map_flags&C.CL_MAP_READ != 0 && m.flags&(C.CL_MEM_HOST_WRITE_ONLY|C.CL_MEM_HOST_NO_ACCESS) != 0) ||
		(write && m.flags&(C.CL_MEM_HOST_READ_ONLY|C.CL_MEM_HOST_NO_ACCESS) != 0) {
		return fail(C.CL_INVALID_OPERATION)
	}
	if blocking_map != 0 && waitFailed(wait) {
		return fail(C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
	}
	mp := mapping{offset: off, size: n, write: write}
	if m.hostPtr != nil {
		mp.p = unsafe.Add(m.hostPtr, uintptr(off))
	} else if s, rel, ok := q.q.MapMemory(m.b, off, n, map_flags&C.CL_MAP_READ != 0); ok {
		// Device staging memory: the map and the unmap are one device
		// copy each (not Go memory, so C may hold it).
		mp.p, mp.release = unsafe.Pointer(unsafe.SliceData(s)), rel
	} else {
		mp.p = C.malloc(C.size_t(n))
		if mp.p == nil {
			return fail(C.CL_MAP_FAILURE)
		}
		mp.owned = true
	}
	var e *cl.Event
	var err error
	if map_flags&C.CL_MAP_WRITE_INVALIDATE_REGION != 0 {
		e, err = q.q.EnqueueMarkerWithWaitList(wait...)
	} else {
		// Also for CL_MEM_HOST_WRITE_ONLY: the unmap writes the whole
		// region back, so it must start as the buffer's bytes.
		e, err = q.q.EnqueueReadForMap(m.b, off, cBytes(mp.p, n), wait...)
	}
	if err != nil {
		if mp.owned {
			C.free(mp.p)
		}
		if mp.release != nil {
			mp.release(nil)
		}
		return fail(code(err))
	}
	m.mu.Lock()
	m.maps = append(m.maps, mp)
	m.mu.Unlock()
	rc = finishCommand(q, e, nil, blocking_map != 0, C.CL_COMMAND_MAP_BUFFER, ev)
	setErr(errcode_ret, rc)
	if rc != success {
		return nil
	}
	return mp.p
}

//export clEnqueueUnmapMemObject
func clEnqueueUnmapMemObject(command_queue C.cl_command_queue, memobj C.cl_mem, mapped_ptr unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	if _, ok := imageOf(memobj); ok {
		q, im, wait, rc := imageCommand(command_queue, memobj, num_events_in_wait_list, event_wait_list)
		if rc != success {
			return rc
		}
		return unmapImage(q, im, mapped_ptr, wait, ev)
	}
	q, m, wait, rc := command(command_queue, memobj, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	m.mu.Lock()
	i := -1
	for j, mp := range m.maps {
		if mp.p == mapped_ptr {
			i = j
			break
		}
	}
	if i < 0 {
		m.mu.Unlock()
		return C.CL_INVALID_VALUE
	}
	mp := m.maps[i]
	m.maps = append(m.maps[:i], m.maps[i+1:]...)
	m.mu.Unlock()
	var e *cl.Event
	var err error
	if mp.write {
		e, err = q.q.EnqueueWriteBuffer(m.b, mp.offset, cBytes(mp.p, mp.size), wait...)
	} else {
		e, err = q.q.EnqueueMarkerWithWaitList(wait...)
	}
	if err != nil {
		m.mu.Lock()
		m.maps = append(m.maps, mp)
		m.mu.Unlock()
		return code(err)
	}
	if mp.owned {
		go func() {
			e.Wait(gocontext.Background())
			C.free(mp.p)
		}()
	}
	if mp.release != nil {
		mp.release(e)
	}
	return finishCommand(q, e, nil, false, C.CL_COMMAND_UNMAP_MEM_OBJECT, ev)
}

//export clEnqueueMigrateMemObjects
func clEnqueueMigrateMemObjects(command_queue C.cl_command_queue, num_mem_objects C.cl_uint, mem_objects C.clgo_mems, flags C.cl_mem_migration_flags, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	if num_mem_objects == 0 || mem_objects == nil {
		return C.CL_INVALID_VALUE
	}
	var bufs []*cl.Buffer
	var imgs []*cl.Image
	for _, id := range unsafe.Slice(mem_objects, num_mem_objects) {
		if im, ok := imageOf(id); ok {
			if _, rc := imageOn(q, id); rc != success {
				return rc
			}
			imgs = append(imgs, im.img)
			continue
		}
		m, rc := memOn(q, id)
		if rc != success {
			return rc
		}
		bufs = append(bufs, m.b)
	}
	if flags&^(C.CL_MIGRATE_MEM_OBJECT_HOST|C.CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0 {
		return C.CL_INVALID_VALUE
	}
	wait, rc := waitList(q, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	// Buffers and images migrate in two commands; the event is the
	// second's, which waits for the first.
	var e *cl.Event
	var err error
	if len(bufs) > 0 {
		e, err = q.q.EnqueueMigrateMemObjects(bufs, cl.MigrationFlags(flags), wait...)
		if err != nil || len(imgs) == 0 {
			return finishCommand(q, e, err, false, C.CL_COMMAND_MIGRATE_MEM_OBJECTS, ev)
		}
		wait = []*cl.Event{e}
		defer e.Release()
	}
	e, err = q.q.EnqueueMigrateImages(imgs, cl.MigrationFlags(flags), wait...)
	return finishCommand(q, e, err, false, C.CL_COMMAND_MIGRATE_MEM_OBJECTS, ev)
}
