//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type context struct {
	object
	c      *cl.Context
	devs   []*device
	props  []byte // CL_CONTEXT_PROPERTIES as given
	notify callback

	mu          sync.Mutex
	destructors []callback
}

func (c *context) destroy() func() {
	c.c.Release()
	c.mu.Lock()
	ds := c.destructors
	c.mu.Unlock()
	if len(ds) == 0 {
		return nil
	}
	h := C.cl_context(c.h)
	return func() {
		// Most recently registered first, as the spec orders them.
		for i := len(ds) - 1; i >= 0; i-- {
			C.clgo_call_context_notify(ds[i].fn, h, ds[i].data)
		}
	}
}

func contextOf(c C.cl_context) (*context, bool) { return lookup[*context](unsafe.Pointer(c)) }

func (c *context) has(d *device) bool { return slices.Contains(c.devs, d) }

// contextProps checks a context property list: CL_CONTEXT_PLATFORM (the
// clgo platform) and CL_CONTEXT_INTEROP_USER_SYNC, each at most once.
func contextProps(props *C.cl_context_properties) ([]byte, C.cl_int) {
	if props == nil {
		return nil, success
	}
	var raw []byte
	seen := map[C.cl_context_properties]bool{}
	for p := unsafe.Pointer(props); ; p = unsafe.Add(p, 16) {
		name := *(*C.cl_context_properties)(p)
		raw = append(raw, u64(uint64(name))...)
		if name == 0 {
			break
		}
		val := *(*C.cl_context_properties)(unsafe.Add(p, 8))
		pval := *(*unsafe.Pointer)(unsafe.Add(p, 8))
		raw = append(raw, u64(uint64(val))...)
		if seen[name] {
			return nil, C.CL_INVALID_PROPERTY
		}
		seen[name] = true
		switch name {
		case C.CL_CONTEXT_PLATFORM:
			if _, ok := platformOf(C.cl_platform_id(pval)); !ok || val == 0 {
				return nil, C.CL_INVALID_PLATFORM
			}
		case C.CL_CONTEXT_INTEROP_USER_SYNC:
			if val != C.CL_TRUE && val != C.CL_FALSE {
				return nil, C.CL_INVALID_PROPERTY
			}
		default:
			return nil, C.CL_INVALID_PROPERTY
		}
	}
	return raw, success
}

func newContext(devs []*device, props []byte, fn, data unsafe.Pointer, errcode_ret *C.cl_int) C.cl_context {
	cds := make([]*cl.Device, len(devs))
	for i, d := range devs {
		cds[i] = d.d
	}
	cc, err := cl.CreateContext(cds...)
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	c := &context{c: cc, devs: devs, props: props, notify: callback{fn, data}}
	h := register(c)
	if h == nil {
		cc.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_context(h)
}

//export clCreateContext
func clCreateContext(properties C.clgo_ctx_props, num_devices C.cl_uint, devices C.clgo_devices, pfn_notify C.clgo_ctx_notify, user_data unsafe.Pointer, errcode_ret *C.cl_int) C.cl_context {
	props, rc := contextProps((*C.cl_context_properties)(unsafe.Pointer(properties)))
	if rc != success {
		setErr(errcode_ret, rc)
		return nil
	}
	if num_devices == 0 || devices == nil || (pfn_notify == nil && user_data != nil) {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	var devs []*device
	for _, id := range unsafe.Slice(devices, num_devices) {
		d, ok := deviceOf(id)
		if !ok {
			setErr(errcode_ret, C.CL_INVALID_DEVICE)
			return nil
		}
		if !slices.Contains(devs, d) {
			devs = append(devs, d)
		}
	}
	return newContext(devs, props, unsafe.Pointer(pfn_notify), user_data, errcode_ret)
}

//export clCreateContextFromType
func clCreateContextFromType(properties C.clgo_ctx_props, device_type C.cl_device_type, pfn_notify C.clgo_ctx_notify, user_data unsafe.Pointer, errcode_ret *C.cl_int) C.cl_context {
	props, rc := contextProps((*C.cl_context_properties)(unsafe.Pointer(properties)))
	if rc != success {
		setErr(errcode_ret, rc)
		return nil
	}
	if pfn_notify == nil && user_data != nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	p := getPlatform()
	var n C.cl_uint
	if rc := clGetDeviceIDs(C.cl_platform_id(p.h), device_type, 0, nil, &n); rc != success {
		setErr(errcode_ret, rc)
		return nil
	}
	ids := make([]C.cl_device_id, n)
	clGetDeviceIDs(C.cl_platform_id(p.h), device_type, n, &ids[0], nil)
	devs := make([]*device, n)
	for i, id := range ids {
		devs[i], _ = deviceOf(id)
	}
	return newContext(devs, props, unsafe.Pointer(pfn_notify), user_data, errcode_ret)
}

//export clRetainContext
func clRetainContext(context C.cl_context) C.cl_int {
	c, ok := contextOf(context)
	if !ok || !retain(&c.object) {
		return C.CL_INVALID_CONTEXT
	}
	return success
}

//export clReleaseContext
func clReleaseContext(context C.cl_context) C.cl_int {
	c, ok := contextOf(context)
	if !ok || !release(&c.object) {
		return C.CL_INVALID_CONTEXT
	}
	return success
}

//export clGetContextInfo
func clGetContextInfo(context C.cl_context, param_name C.cl_context_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	c, ok := contextOf(context)
	if !ok {
		return C.CL_INVALID_CONTEXT
	}
	var v []byte
	switch param_name {
	case C.CL_CONTEXT_REFERENCE_COUNT:
		v = u32(refCount(&c.object))
	case C.CL_CONTEXT_NUM_DEVICES:
		v = u32(uint32(len(c.devs)))
	case C.CL_CONTEXT_DEVICES:
		for _, d := range c.devs {
			v = append(v, ptr(d.h)...)
		}
	case C.CL_CONTEXT_PROPERTIES:
		v = c.props
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clSetContextDestructorCallback
func clSetContextDestructorCallback(context C.cl_context, pfn_notify C.clgo_context_notify, user_data unsafe.Pointer) C.cl_int {
	c, ok := contextOf(context)
	if !ok {
		return C.CL_INVALID_CONTEXT
	}
	if pfn_notify == nil {
		return C.CL_INVALID_VALUE
	}
	c.mu.Lock()
	c.destructors = append(c.destructors, callback{unsafe.Pointer(pfn_notify), user_data})
	c.mu.Unlock()
	return success
}

// reportError calls the context's pfn_notify, on a goroutine, for an error
// that happened after the call that caused it had returned.
func (c *context) reportError(msg string) {
	if c.notify.fn == nil {
		return
	}
	hold(&c.object)
	go func() {
		defer unhold(&c.object)
		cs := C.CString(msg)
		defer C.free(unsafe.Pointer(cs))
		C.clgo_call_ctx_notify(c.notify.fn, cs, c.notify.data)
	}()
}
