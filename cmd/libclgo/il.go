//go:build cgo

package main

// OpenCL 2.1/2.2 programs from SPIR-V (clCreateProgramWithIL, with
// specialization constants) and the host/device timers: the cl package's
// Program.IL, SetSpecializationConstant and Device timers behind the C API.
// Both flavours of SPIR-V are taken (cl/il.go): Vulkan-flavoured modules
// run as they are, OpenCL-flavoured ones (the Kernel capability) are
// translated to OpenCL C at clBuildProgram/clCompileProgram.

/*
#include "clgo.h"
*/
import "C"

import (
	"encoding/binary"
	"unsafe"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/spirv"
)

// ilInfo answers CL_DEVICE_IL_VERSION ("SPIR-V_1.0 ... SPIR-V_1.6") and
// CL_DEVICE_ILS_WITH_VERSION.
func ilInfo(param C.cl_device_info) []byte {
	if param == C.CL_DEVICE_IL_VERSION {
		return str(cl.ILVersionString())
	}
	var out []byte
	for _, v := range cl.ILVersions {
		out = append(out, nameVersions([]string{"SPIR-V"}, func(string) uint32 { return makeVersion(v[0], v[1], 0) })...)
	}
	return out
}

//export clCreateProgramWithIL
func clCreateProgramWithIL(context C.cl_context, il C.clgo_cvoid, length C.size_t, errcode_ret *C.cl_int) C.cl_program {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if il == nil || length == 0 {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	mod, ok := hostBytes(unsafe.Pointer(il), uint64(length))
	if !ok || len(mod) < 4 || (binary.LittleEndian.Uint32(mod) != spirv.MagicNumber && binary.BigEndian.Uint32(mod) != spirv.MagicNumber) {
		debugf("clCreateProgramWithIL: not a SPIR-V module: %s", cl.ILAccepted)
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	cp, err := c.c.CreateProgramWithIL(mod) // copies mod
	if err != nil {
		debugf("%v", err)
		setErr(errcode_ret, code(err))
		return nil
	}
	h := newProgram(c, cp, c.devs, "", C.CL_PROGRAM_BINARY_TYPE_NONE, errcode_ret)
	if p, ok := programOf(h); ok {
		// As for binaries: argument information comes only with
		// programs built from source with -cl-kernel-arg-info.
		p.fromBinary = true
	}
	return h
}

//export clSetProgramSpecializationConstant
func clSetProgramSpecializationConstant(prog C.cl_program, spec_id C.cl_uint, spec_size C.size_t, spec_value C.clgo_cvoid) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	var v []byte
	if spec_value != nil {
		if v, ok = hostBytes(unsafe.Pointer(spec_value), uint64(spec_size)); !ok {
			return C.CL_INVALID_VALUE
		}
	}
	if err := p.p.SetSpecializationConstant(uint32(spec_id), v); err != nil {
		debugf("%v", err)
		return code(err)
	}
	return success
}

//export clGetDeviceAndHostTimer
func clGetDeviceAndHostTimer(dev C.cl_device_id, device_timestamp *C.cl_ulong, host_timestamp *C.cl_ulong) C.cl_int {
	d, ok := deviceOf(dev)
	if !ok {
		return C.CL_INVALID_DEVICE
	}
	if device_timestamp == nil || host_timestamp == nil {
		return C.CL_INVALID_VALUE
	}
	dt, ht, err := d.d.DeviceAndHostTimer()
	if err != nil {
		return code(err)
	}
	*device_timestamp, *host_timestamp = C.cl_ulong(dt), C.cl_ulong(ht)
	return success
}

//export clGetHostTimer
func clGetHostTimer(dev C.cl_device_id, host_timestamp *C.cl_ulong) C.cl_int {
	d, ok := deviceOf(dev)
	if !ok {
		return C.CL_INVALID_DEVICE
	}
	if host_timestamp == nil {
		return C.CL_INVALID_VALUE
	}
	t, err := d.d.HostTimer()
	if err != nil {
		return code(err)
	}
	*host_timestamp = C.cl_ulong(t)
	return success
}
