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

// An image is a cl_mem handle of an image object. It is a type of its own
// (not a mem), so that the buffer entry points refuse it as they refuse
// any unknown handle (CL_INVALID_MEM_OBJECT); the entry points for every
// memory object (retain, release, info, destructor callbacks, unmap,
// migrate, kernel arguments) take both.
type image struct {
	object
	img     *cl.Image
	ctx     *context
	buffer  *mem           // the buffer of a 1D buffer image
	hostPtr unsafe.Pointer // CL_MEM_HOST_PTR (CL_MEM_USE_HOST_PTR)
	flags   C.cl_mem_flags
	props   []byte

	mu          sync.Mutex
	maps        []imageMapping
	destructors []callback
}

// An imageMapping is a region handed out by clEnqueueMapImage: part of the
// CL_MEM_USE_HOST_PTR memory laid out with its pitches, or C memory
// allocated here holding the region tightly packed.
type imageMapping struct {
	p              unsafe.Pointer
	origin, region [3]uint64
	row, slice     uint64
	size           uint64
	write          bool
	owned          bool
}

func (im *image) destroy() func() {
	im.img.Release()
	im.mu.Lock()
	ds := im.destructors
	im.mu.Unlock()
	if len(ds) == 0 {
		return nil
	}
	h := C.cl_mem(im.h)
	return func() {
		for i := len(ds) - 1; i >= 0; i-- {
			C.clgo_call_mem_notify(ds[i].fn, h, ds[i].data)
		}
	}
}

func imageOf(m C.cl_mem) (*image, bool) { return lookup[*image](unsafe.Pointer(m)) }

// triple reads an origin or region (three size_t); false for NULL.
func triple(p C.clgo_sizes) ([3]uint64, bool) {
	if p == nil {
		return [3]uint64{}, false
	}
	var out [3]uint64
	for i, v := range unsafe.Slice((*C.size_t)(unsafe.Pointer(p)), 3) {
		out[i] = uint64(v)
	}
	return out, true
}

func createImage(context C.cl_context, props []byte, flags C.cl_mem_flags, image_format C.clgo_image_format, desc cl.ImageDesc, buf *mem, descOK bool, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	fail := func(rc C.cl_int) C.cl_mem {
		setErr(errcode_ret, rc)
		return nil
	}
	c, ok := contextOf(context)
	if !ok {
		return fail(C.CL_INVALID_CONTEXT)
	}
	if flags&^(memAccessFlags|memHostFlags|memPtrFlags) != 0 {
		return fail(C.CL_INVALID_VALUE)
	}
	if image_format == nil {
		return fail(C.CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
	}
	if !descOK {
		return fail(C.CL_INVALID_IMAGE_DESCRIPTOR)
	}
	if buf != nil && desc.Type == cl.MemObjectImage2D {
		// A 2D image over a buffer (cl_khr_image2d_from_buffer, OpenCL
		// 2.0) is not supported by any clgo device, which report
		// CL_DEVICE_IMAGE_PITCH_ALIGNMENT 0: the spec's answer for that.
		return fail(C.CL_INVALID_OPERATION)
	}
	format := cl.ImageFormat{Order: uint32(image_format.image_channel_order), DataType: uint32(image_format.image_channel_data_type)}
	var host []byte
	if host_ptr != nil {
		// The host memory is sized from the descriptor, checked, before
		// it is viewed.
		n, err := cl.ImageHostBytes(format, desc)
		if err != nil {
			debugf("%v", err)
			return fail(code(err))
		}
		host, ok = hostBytes(host_ptr, n)
		if !ok {
			debugf("clCreateImage: host_ptr %p + %d bytes wraps the address space", host_ptr, n)
			return fail(C.CL_INVALID_HOST_PTR)
		}
		if host == nil {
			host = []byte{} // not NULL: CreateImage checks its presence
		}
	}
	img, err := c.c.CreateImage(cl.MemFlags(flags), format, desc, host)
	if err != nil {
		debugf("%v", err)
		return fail(code(err))
	}
	im := &image{img: img, ctx: c, flags: C.cl_mem_flags(img.Flags()), props: props}
	if flags&C.CL_MEM_USE_HOST_PTR != 0 {
		im.hostPtr = host_ptr
	}
	parents := []handle{c}
	if buf != nil {
		// The buffer's handle stays alive while the image views it.
		im.buffer, im.hostPtr = buf, buf.hostPtr
		parents = append(parents, buf)
	}
	h := register(im, parents...)
	if h == nil {
		img.Release()
		return fail(C.CL_OUT_OF_HOST_MEMORY)
	}
	setErr(errcode_ret, success)
	return C.cl_mem(h)
}

// imageDesc reads a cl_image_desc; false when it is NULL or not valid (no
// mip levels or samples, a mem_object only for 1D buffer images; a 2D
// image's is returned for createImage to refuse).
func imageDesc(d C.clgo_image_desc) (cl.ImageDesc, *mem, bool) {
	if d == nil {
		return cl.ImageDesc{}, nil, false
	}
	desc := cl.ImageDesc{
		Type: cl.ImageType(d.image_type), Width: uint64(d.image_width), Height: uint64(d.image_height),
		Depth: uint64(d.image_depth), ArraySize: uint64(d.image_array_size),
		RowPitch: uint64(d.image_row_pitch), SlicePitch: uint64(d.image_slice_pitch),
	}
	if d.num_mip_levels != 0 || d.num_samples != 0 {
		return desc, nil, false
	}
	// mem_object is the first member of an anonymous union (with buffer).
	obj := *(*C.cl_mem)(unsafe.Pointer(&d.anon0))
	if obj != nil {
		m, ok := memOf(obj)
		if !ok || (desc.Type != cl.MemObjectImage1DBuffer && desc.Type != cl.MemObjectImage2D) {
			return desc, nil, false
		}
		desc.Buffer = m.b
		return desc, m, true
	}
	return desc, nil, true
}

//export clCreateImage
func clCreateImage(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_desc C.clgo_image_desc, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	desc, buf, ok := imageDesc(image_desc)
	return createImage(context, nil, flags, image_format, desc, buf, ok, host_ptr, errcode_ret)
}

//export clCreateImageWithProperties
func clCreateImageWithProperties(context C.cl_context, properties C.clgo_mem_props, flags C.cl_mem_flags, image_format C.clgo_image_format, image_desc C.clgo_image_desc, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	var props []byte
	if properties != nil {
		// clgo knows no image properties: only the empty list is valid.
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
	desc, buf, ok := imageDesc(image_desc)
	return createImage(context, props, flags, image_format, desc, buf, ok, host_ptr, errcode_ret)
}

//export clCreateImage2D
func clCreateImage2D(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_width C.size_t, image_height C.size_t, image_row_pitch C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	desc := cl.ImageDesc{Type: cl.MemObjectImage2D, Width: uint64(image_width), Height: uint64(image_height), RowPitch: uint64(image_row_pitch)}
	return createImage(context, nil, flags, image_format, desc, nil, true, host_ptr, errcode_ret)
}

//export clCreateImage3D
func clCreateImage3D(context C.cl_context, flags C.cl_mem_flags, image_format C.clgo_image_format, image_width C.size_t, image_height C.size_t, image_depth C.size_t, image_row_pitch C.size_t, image_slice_pitch C.size_t, host_ptr unsafe.Pointer, errcode_ret *C.cl_int) C.cl_mem {
	// OpenCL 1.x asks a 3D image to have a depth greater than 1.
	if image_depth <= 1 {
		if _, ok := contextOf(context); !ok {
			setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		} else {
			setErr(errcode_ret, C.CL_INVALID_IMAGE_SIZE)
		}
		return nil
	}
	desc := cl.ImageDesc{Type: cl.MemObjectImage3D, Width: uint64(image_width), Height: uint64(image_height), Depth: uint64(image_depth),
		RowPitch: uint64(image_row_pitch), SlicePitch: uint64(image_slice_pitch)}
	return createImage(context, nil, flags, image_format, desc, nil, true, host_ptr, errcode_ret)
}

//export clGetSupportedImageFormats
func clGetSupportedImageFormats(context C.cl_context, flags C.cl_mem_flags, image_type C.cl_mem_object_type, num_entries C.cl_uint, image_formats *C.cl_image_format, num_image_formats *C.cl_uint) C.cl_int {
	c, ok := contextOf(context)
	if !ok {
		return C.CL_INVALID_CONTEXT
	}
	if flags&^(memAccessFlags|memHostFlags|memPtrFlags|C.CL_MEM_KERNEL_READ_AND_WRITE) != 0 ||
		(num_entries == 0 && image_formats != nil) {
		return C.CL_INVALID_VALUE
	}
	fs, err := c.c.SupportedImageFormats(cl.MemFlags(flags), cl.ImageType(image_type))
	if err != nil {
		return code(err)
	}
	if num_image_formats != nil {
		*num_image_formats = C.cl_uint(len(fs))
	}
	if image_formats != nil {
		out := unsafe.Slice(image_formats, num_entries)
		for i := range min(len(fs), int(num_entries)) {
			out[i].image_channel_order = C.cl_channel_order(fs[i].Order)
			out[i].image_channel_data_type = C.cl_channel_type(fs[i].DataType)
		}
	}
	return success
}

//export clGetImageInfo
func clGetImageInfo(mem C.cl_mem, param_name C.cl_image_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	im, ok := imageOf(mem)
	if !ok {
		return C.CL_INVALID_MEM_OBJECT
	}
	img := im.img
	d := img.Desc()
	row, slice := img.Pitches()
	var v []byte
	switch param_name {
	case C.CL_IMAGE_FORMAT:
		f := img.Format()
		v = append(u32(f.Order), u32(f.DataType)...)
	case C.CL_IMAGE_ELEMENT_SIZE:
		v = size(img.ElementSize())
	case C.CL_IMAGE_ROW_PITCH:
		v = size(row)
	case C.CL_IMAGE_SLICE_PITCH:
		v = size(slice)
	case C.CL_IMAGE_WIDTH:
		v = size(d.Width)
	case C.CL_IMAGE_HEIGHT:
		// 0 for the types without a height, as the specification says.
		switch d.Type {
		case cl.MemObjectImage2D, cl.MemObjectImage2DArray, cl.MemObjectImage3D:
			v = size(d.Height)
		default:
			v = size(0)
		}
	case C.CL_IMAGE_DEPTH:
		if d.Type == cl.MemObjectImage3D {
			v = size(d.Depth)
		} else {
			v = size(0)
		}
	case C.CL_IMAGE_ARRAY_SIZE:
		if d.Type == cl.MemObjectImage1DArray || d.Type == cl.MemObjectImage2DArray {
			v = size(d.ArraySize)
		} else {
			v = size(0)
		}
	case C.CL_IMAGE_BUFFER:
		if im.buffer != nil {
			v = ptr(im.buffer.h)
		} else {
			v = ptr(nil)
		}
	case C.CL_IMAGE_NUM_MIP_LEVELS, C.CL_IMAGE_NUM_SAMPLES:
		v = u32(0)
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

// imageMemInfo answers clGetMemObjectInfo for an image.
func imageMemInfo(im *image, param_name C.cl_mem_info) ([]byte, bool) {
	switch param_name {
	case C.CL_MEM_TYPE:
		return u32(uint32(im.img.Type())), true
	case C.CL_MEM_FLAGS:
		return u64(uint64(im.flags)), true
	case C.CL_MEM_SIZE:
		return size(im.img.Size()), true
	case C.CL_MEM_HOST_PTR:
		return ptr(im.hostPtr), true
	case C.CL_MEM_MAP_COUNT:
		im.mu.Lock()
		defer im.mu.Unlock()
		return u32(uint32(len(im.maps))), true
	case C.CL_MEM_REFERENCE_COUNT:
		return u32(refCount(&im.object)), true
	case C.CL_MEM_CONTEXT:
		return ptr(im.ctx.h), true
	case C.CL_MEM_ASSOCIATED_MEMOBJECT:
		if im.buffer != nil {
			return ptr(im.buffer.h), true
		}
		return ptr(nil), true
	case C.CL_MEM_OFFSET:
		return size(0), true
	case C.CL_MEM_USES_SVM_POINTER:
		return boolean(false), true
	case C.CL_MEM_PROPERTIES:
		return im.props, true
	}
	return nil, false
}

// imageCommand resolves the queue, wait list and image of an enqueue.
func imageCommand(command_queue C.cl_command_queue, id C.cl_mem, n C.cl_uint, list C.clgo_events) (*queue, *image, []*cl.Event, C.cl_int) {
	return enqueueOperands(command_queue, id, n, list, imageOn)
}

func imageOn(q *queue, id C.cl_mem) (*image, C.cl_int) {
	im, ok := imageOf(id)
	if !ok {
		return nil, C.CL_INVALID_MEM_OBJECT
	}
	if im.ctx != q.ctx {
		return nil, C.CL_INVALID_CONTEXT
	}
	return im, success
}

// hostRegion views the host memory of a read or write of an image region:
// its size comes from the region and pitches, checked before the view.
func hostRegion(op string, im *image, p unsafe.Pointer, origin, region C.clgo_sizes, row, slice C.size_t) ([3]uint64, [3]uint64, []byte, C.cl_int) {
	o, ok1 := triple(origin)
	r, ok2 := triple(region)
	if !ok1 || !ok2 || p == nil {
		return o, r, nil, C.CL_INVALID_VALUE
	}
	n, err := im.img.HostRegionBytes(op, o, r, uint64(row), uint64(slice))
	if err != nil {
		debugf("%v", err)
		return o, r, nil, code(err)
	}
	b, ok := hostBytes(p, n)
	if !ok {
		debugf("%s: host memory at %p of %d bytes is no address range", op, p, n)
		return o, r, nil, C.CL_INVALID_VALUE
	}
	return o, r, b, success
}

//export clEnqueueReadImage
func clEnqueueReadImage(command_queue C.cl_command_queue, mem C.cl_mem, blocking_read C.cl_bool, origin C.clgo_sizes, region C.clgo_sizes, row_pitch C.size_t, slice_pitch C.size_t, p unsafe.Pointer, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, im, wait, rc := imageCommand(command_queue, mem, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	o, r, dst, rc := hostRegion("clEnqueueReadImage", im, p, origin, region, row_pitch, slice_pitch)
	if rc != success {
		return rc
	}
	if blocking_read != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueReadImage(im.img, o, r, uint64(row_pitch), uint64(slice_pitch), dst, wait...)
	return finishCommand(q, e, err, blocking_read != 0, 0, ev)
}

//export clEnqueueWriteImage
func clEnqueueWriteImage(command_queue C.cl_command_queue, mem C.cl_mem, blocking_write C.cl_bool, origin C.clgo_sizes, region C.clgo_sizes, input_row_pitch C.size_t, input_slice_pitch C.size_t, p C.clgo_cvoid, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, im, wait, rc := imageCommand(command_queue, mem, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	o, r, src, rc := hostRegion("clEnqueueWriteImage", im, unsafe.Pointer(p), origin, region, input_row_pitch, input_slice_pitch)
	if rc != success {
		return rc
	}
	if blocking_write != 0 && waitFailed(wait) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	e, err := q.q.EnqueueWriteImage(im.img, o, r, uint64(input_row_pitch), uint64(input_slice_pitch), src, wait...)
	return finishCommand(q, e, err, blocking_write != 0, 0, ev)
}

//export clEnqueueCopyImage
func clEnqueueCopyImage(command_queue C.cl_command_queue, src_image C.cl_mem, dst_image C.cl_mem, src_origin C.clgo_sizes, dst_origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, src, wait, rc := imageCommand(command_queue, src_image, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, rc := imageOn(q, dst_image)
	if rc != success {
		return rc
	}
	so, ok1 := triple(src_origin)
	do, ok2 := triple(dst_origin)
	r, ok3 := triple(region)
	if !ok1 || !ok2 || !ok3 {
		return C.CL_INVALID_VALUE
	}
	e, err := q.q.EnqueueCopyImage(src.img, dst.img, so, do, r, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueFillImage
func clEnqueueFillImage(command_queue C.cl_command_queue, mem C.cl_mem, fill_color C.clgo_cvoid, origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, im, wait, rc := imageCommand(command_queue, mem, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	o, ok1 := triple(origin)
	r, ok2 := triple(region)
	if fill_color == nil || !ok1 || !ok2 {
		return C.CL_INVALID_VALUE
	}
	var color [4]uint32
	copy(color[:], unsafe.Slice((*uint32)(unsafe.Pointer(fill_color)), 4))
	e, err := q.q.EnqueueFillImageBits(im.img, color, o, r, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueCopyImageToBuffer
func clEnqueueCopyImageToBuffer(command_queue C.cl_command_queue, src_image C.cl_mem, dst_buffer C.cl_mem, src_origin C.clgo_sizes, region C.clgo_sizes, dst_offset C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, src, wait, rc := imageCommand(command_queue, src_image, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, rc := memOn(q, dst_buffer)
	if rc != success {
		return rc
	}
	o, ok1 := triple(src_origin)
	r, ok2 := triple(region)
	if !ok1 || !ok2 {
		return C.CL_INVALID_VALUE
	}
	e, err := q.q.EnqueueCopyImageToBuffer(src.img, dst.b, o, r, uint64(dst_offset), wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueCopyBufferToImage
func clEnqueueCopyBufferToImage(command_queue C.cl_command_queue, src_buffer C.cl_mem, dst_image C.cl_mem, src_offset C.size_t, dst_origin C.clgo_sizes, region C.clgo_sizes, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, src, wait, rc := command(command_queue, src_buffer, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	dst, rc := imageOn(q, dst_image)
	if rc != success {
		return rc
	}
	o, ok1 := triple(dst_origin)
	r, ok2 := triple(region)
	if !ok1 || !ok2 {
		return C.CL_INVALID_VALUE
	}
	e, err := q.q.EnqueueCopyBufferToImage(src.b, dst.img, uint64(src_offset), o, r, wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueMapImage
func clEnqueueMapImage(command_queue C.cl_command_queue, mem C.cl_mem, blocking_map C.cl_bool, map_flags C.cl_map_flags, origin C.clgo_sizes, region C.clgo_sizes, image_row_pitch *C.size_t, image_slice_pitch *C.size_t, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event, errcode_ret *C.cl_int) unsafe.Pointer {
	fail := func(rc C.cl_int) unsafe.Pointer {
		setErr(errcode_ret, rc)
		return nil
	}
	q, im, wait, rc := imageCommand(command_queue, mem, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return fail(rc)
	}
	const rw = C.CL_MAP_READ | C.CL_MAP_WRITE
	if map_flags&^(rw|C.CL_MAP_WRITE_INVALIDATE_REGION) != 0 ||
		(map_flags&C.CL_MAP_WRITE_INVALIDATE_REGION != 0 && map_flags&rw != 0) {
		return fail(C.CL_INVALID_VALUE)
	}
	o, ok1 := triple(origin)
	r, ok2 := triple(region)
	t := im.img.Type()
	layered := t == cl.MemObjectImage3D || t == cl.MemObjectImage1DArray || t == cl.MemObjectImage2DArray
	if !ok1 || !ok2 || image_row_pitch == nil || (layered && image_slice_pitch == nil) {
		return fail(C.CL_INVALID_VALUE)
	}
	write := map_flags&(C.CL_MAP_WRITE|C.CL_MAP_WRITE_INVALIDATE_REGION) != 0
	if (map_flags&C.CL_MAP_READ != 0 && im.flags&(C.CL_MEM_HOST_WRITE_ONLY|C.CL_MEM_HOST_NO_ACCESS) != 0) ||
		(write && im.flags&(C.CL_MEM_HOST_READ_ONLY|C.CL_MEM_HOST_NO_ACCESS) != 0) {
		return fail(C.CL_INVALID_OPERATION)
	}
	// The mapped memory: the host memory of a CL_MEM_USE_HOST_PTR image
	// at the origin, with its pitches; else the region tightly packed.
	elem := im.img.ElementSize()
	var row, slice uint64
	if im.hostPtr != nil && im.buffer == nil {
		row, slice = im.img.Pitches()
	} else {
		row = r[0] * elem
		switch t {
		case cl.MemObjectImage1DArray:
			slice = row
		case cl.MemObjectImage2DArray, cl.MemObjectImage3D:
			slice = row * r[1]
		}
	}
	n, err := im.img.HostRegionBytes("clEnqueueMapImage", o, r, row, slice)
	if err != nil {
		debugf("%v", err)
		return fail(code(err))
	}
	if blocking_map != 0 && waitFailed(wait) {
		return fail(C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
	}
	mp := imageMapping{origin: o, region: r, row: row, slice: slice, size: n, write: write}
	if im.hostPtr != nil && im.buffer == nil {
		ys, zs := row, slice
		if t == cl.MemObjectImage1DArray {
			ys, zs = slice, 0
		}
		mp.p = unsafe.Add(im.hostPtr, uintptr(o[2]*zs+o[1]*ys+o[0]*elem))
	} else {
		mp.p = C.malloc(C.size_t(n))
		if mp.p == nil {
			return fail(C.CL_MAP_FAILURE)
		}
		mp.owned = true
	}
	var e *cl.Event
	if map_flags&C.CL_MAP_WRITE_INVALIDATE_REGION != 0 {
		e, err = q.q.EnqueueMarkerWithWaitList(wait...)
	} else {
		e, err = q.q.EnqueueReadImageForMap(im.img, o, r, row, slice, cBytes(mp.p, n), wait...)
	}
	if err != nil {
		if mp.owned {
			C.free(mp.p)
		}
		debugf("%v", err)
		return fail(code(err))
	}
	im.mu.Lock()
	im.maps = append(im.maps, mp)
	im.mu.Unlock()
	*image_row_pitch = C.size_t(row)
	if image_slice_pitch != nil {
		*image_slice_pitch = C.size_t(slice)
	}
	rc = finishCommand(q, e, nil, blocking_map != 0, C.CL_COMMAND_MAP_IMAGE, ev)
	setErr(errcode_ret, rc)
	if rc != success {
		return nil
	}
	return mp.p
}

// unmapImage is clEnqueueUnmapMemObject for an image.
func unmapImage(q *queue, im *image, mapped_ptr unsafe.Pointer, wait []*cl.Event, ev *C.cl_event) C.cl_int {
	im.mu.Lock()
	i := -1
	for j, mp := range im.maps {
		if mp.p == mapped_ptr {
			i = j
			break
		}
	}
	if i < 0 {
		im.mu.Unlock()
		return C.CL_INVALID_VALUE
	}
	mp := im.maps[i]
	im.maps = append(im.maps[:i], im.maps[i+1:]...)
	im.mu.Unlock()
	var e *cl.Event
	var err error
	if mp.write {
		e, err = q.q.EnqueueWriteImage(im.img, mp.origin, mp.region, mp.row, mp.slice, cBytes(mp.p, mp.size), wait...)
	} else {
		e, err = q.q.EnqueueMarkerWithWaitList(wait...)
	}
	if err != nil {
		im.mu.Lock()
		im.maps = append(im.maps, mp)
		im.mu.Unlock()
		debugf("%v", err)
		return code(err)
	}
	if mp.owned {
		go func() {
			e.Wait(gocontext.Background())
			C.free(mp.p)
		}()
	}
	return finishCommand(q, e, nil, false, C.CL_COMMAND_UNMAP_MEM_OBJECT, ev)
}
