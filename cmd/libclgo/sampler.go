//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type sampler struct {
	object
	s     *cl.Sampler
	ctx   *context
	props []byte // CL_SAMPLER_PROPERTIES as given
}

func (s *sampler) destroy() func() {
	s.s.Release()
	return nil
}

func samplerOf(s C.cl_sampler) (*sampler, bool) { return lookup[*sampler](unsafe.Pointer(s)) }

func newSampler(c *context, s *cl.Sampler, props []byte, errcode_ret *C.cl_int) C.cl_sampler {
	sm := &sampler{s: s, ctx: c, props: props}
	h := register(sm, c)
	if h == nil {
		s.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_sampler(h)
}

//export clCreateSampler
func clCreateSampler(context C.cl_context, normalized_coords C.cl_bool, addressing_mode C.cl_addressing_mode, filter_mode C.cl_filter_mode, errcode_ret *C.cl_int) C.cl_sampler {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if normalized_coords != C.CL_TRUE && normalized_coords != C.CL_FALSE {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	s, err := c.c.CreateSampler(normalized_coords == C.CL_TRUE, uint32(addressing_mode), uint32(filter_mode))
	if err != nil {
		debugf("%v", err)
		setErr(errcode_ret, code(err))
		return nil
	}
	return newSampler(c, s, nil, errcode_ret)
}

// maxSamplerProps bounds the property list read from the application: each
// of the three properties once, and the terminating 0.
const maxSamplerProps = 3*2 + 1

//export clCreateSamplerWithProperties
func clCreateSamplerWithProperties(context C.cl_context, sampler_properties C.clgo_sampler_props, errcode_ret *C.cl_int) C.cl_sampler {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	// The list is read pair by pair up to its 0: a list longer than
	// every property once is invalid (a repeat), so no more than
	// maxSamplerProps words are read.
	var props []uint64
	var raw []byte
	if sampler_properties != nil {
		p := unsafe.Pointer(sampler_properties)
		for i := 0; ; i += 2 {
			if i >= maxSamplerProps {
				setErr(errcode_ret, C.CL_INVALID_VALUE)
				return nil
			}
			name := *(*C.cl_sampler_properties)(unsafe.Add(p, i*8))
			if name == 0 {
				props = append(props, 0)
				break
			}
			val := *(*C.cl_sampler_properties)(unsafe.Add(p, (i+1)*8))
			props = append(props, uint64(name), uint64(val))
		}
		for _, v := range props {
			raw = append(raw, u64(v)...)
		}
	}
	s, err := c.c.CreateSamplerWithProperties(props)
	if err != nil {
		debugf("%v", err)
		setErr(errcode_ret, code(err))
		return nil
	}
	return newSampler(c, s, raw, errcode_ret)
}

//export clRetainSampler
func clRetainSampler(s C.cl_sampler) C.cl_int {
	sm, ok := samplerOf(s)
	if !ok || !retain(&sm.object) {
		return C.CL_INVALID_SAMPLER
	}
	return success
}

//export clReleaseSampler
func clReleaseSampler(s C.cl_sampler) C.cl_int {
	sm, ok := samplerOf(s)
	if !ok || !release(&sm.object) {
		return C.CL_INVALID_SAMPLER
	}
	return success
}

//export clGetSamplerInfo
func clGetSamplerInfo(s C.cl_sampler, param_name C.cl_sampler_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	sm, ok := samplerOf(s)
	if !ok {
		return C.CL_INVALID_SAMPLER
	}
	var v []byte
	switch param_name {
	case C.CL_SAMPLER_REFERENCE_COUNT:
		v = u32(refCount(&sm.object))
	case C.CL_SAMPLER_CONTEXT:
		v = ptr(sm.ctx.h)
	case C.CL_SAMPLER_NORMALIZED_COORDS:
		v = boolean(sm.s.NormalizedCoords())
	case C.CL_SAMPLER_ADDRESSING_MODE:
		v = u32(sm.s.AddressingMode())
	case C.CL_SAMPLER_FILTER_MODE:
		v = u32(sm.s.FilterMode())
	case C.CL_SAMPLER_PROPERTIES:
		v = sm.props
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}
