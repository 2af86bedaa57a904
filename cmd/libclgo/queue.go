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

type queue struct {
	object
	q     *cl.Queue
	ctx   *context
	dev   *device
	props []byte // CL_QUEUE_PROPERTIES_ARRAY as given
}

func (q *queue) destroy() func() {
	q.q.Release()
	return nil
}

func queueOf(q C.cl_command_queue) (*queue, bool) {
	return lookup[*queue](unsafe.Pointer(q))
}

const hostQueueProps = C.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | C.CL_QUEUE_PROFILING_ENABLE

func newQueue(context C.cl_context, device C.cl_device_id, props C.cl_command_queue_properties, raw []byte, errcode_ret *C.cl_int) C.cl_command_queue {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	d, ok := deviceOf(device)
	if !ok || !c.has(d) {
		setErr(errcode_ret, C.CL_INVALID_DEVICE)
		return nil
	}
	if props&^(C.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE|C.CL_QUEUE_PROFILING_ENABLE|C.CL_QUEUE_ON_DEVICE|C.CL_QUEUE_ON_DEVICE_DEFAULT) != 0 {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	// A device queue is out of order, and the default device queue is a
	// device queue: other combinations are invalid values.
	if (props&C.CL_QUEUE_ON_DEVICE_DEFAULT != 0 && props&C.CL_QUEUE_ON_DEVICE == 0) ||
		(props&C.CL_QUEUE_ON_DEVICE != 0 && props&C.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE == 0) {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	if props&^hostQueueProps != 0 {
		// On-device queues are an optional feature clgo does not have.
		setErr(errcode_ret, C.CL_INVALID_QUEUE_PROPERTIES)
		return nil
	}
	cq, err := c.c.CreateQueue(d.d, cl.QueueProperties(props))
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	q := &queue{q: cq, ctx: c, dev: d, props: raw}
	h := register(q, c)
	if h == nil {
		cq.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_command_queue(h)
}

//export clCreateCommandQueue
func clCreateCommandQueue(context C.cl_context, device C.cl_device_id, properties C.cl_command_queue_properties, errcode_ret *C.cl_int) C.cl_command_queue {
	return newQueue(context, device, properties, nil, errcode_ret)
}

//export clCreateCommandQueueWithProperties
func clCreateCommandQueueWithProperties(context C.cl_context, device C.cl_device_id, properties C.clgo_queue_props, errcode_ret *C.cl_int) C.cl_command_queue {
	var props C.cl_command_queue_properties
	var raw []byte
	if properties != nil {
		seen := map[C.cl_queue_properties]bool{}
		var size *C.cl_queue_properties
		for p := unsafe.Pointer(properties); ; p = unsafe.Add(p, 16) {
			name := *(*C.cl_queue_properties)(p)
			raw = append(raw, u64(uint64(name))...)
			if name == 0 {
				break
			}
			val := (*C.cl_queue_properties)(unsafe.Add(p, 8))
			raw = append(raw, u64(uint64(*val))...)
			if seen[name] {
				setErr(errcode_ret, C.CL_INVALID_VALUE)
				return nil
			}
			seen[name] = true
			switch name {
			case C.CL_QUEUE_PROPERTIES:
				props = C.cl_command_queue_properties(*val)
			case C.CL_QUEUE_SIZE:
				size = val
			default:
				setErr(errcode_ret, C.CL_INVALID_VALUE)
				return nil
			}
		}
		if size != nil && props&C.CL_QUEUE_ON_DEVICE == 0 {
			setErr(errcode_ret, C.CL_INVALID_VALUE)
			return nil
		}
	}
	return newQueue(context, device, props, raw, errcode_ret)
}

//export clRetainCommandQueue
func clRetainCommandQueue(command_queue C.cl_command_queue) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok || !retain(&q.object) {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	return success
}

//export clReleaseCommandQueue
func clReleaseCommandQueue(command_queue C.cl_command_queue) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	// Releasing the last reference flushes the queue.
	q.q.Flush()
	if !release(&q.object) {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	return success
}

//export clGetCommandQueueInfo
func clGetCommandQueueInfo(command_queue C.cl_command_queue, param_name C.cl_command_queue_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	var v []byte
	switch param_name {
	case C.CL_QUEUE_CONTEXT:
		v = ptr(q.ctx.h)
	case C.CL_QUEUE_DEVICE:
		v = ptr(q.dev.h)
	case C.CL_QUEUE_REFERENCE_COUNT:
		v = u32(refCount(&q.object))
	case C.CL_QUEUE_PROPERTIES:
		v = u64(uint64(q.q.Properties()))
	case C.CL_QUEUE_PROPERTIES_ARRAY:
		v = q.props
	case C.CL_QUEUE_SIZE:
		return C.CL_INVALID_COMMAND_QUEUE // not a device queue
	case C.CL_QUEUE_DEVICE_DEFAULT:
		v = ptr(nil)
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clSetCommandQueueProperty
func clSetCommandQueueProperty(command_queue C.cl_command_queue, properties C.cl_command_queue_properties, enable C.cl_bool, old_properties *C.cl_command_queue_properties) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	if properties&^hostQueueProps != 0 {
		return C.CL_INVALID_VALUE
	}
	if old_properties != nil {
		*old_properties = C.cl_command_queue_properties(q.q.Properties())
	}
	// Deprecated since OpenCL 1.1; properties are fixed at creation.
	return C.CL_INVALID_OPERATION
}

//export clSetDefaultDeviceCommandQueue
func clSetDefaultDeviceCommandQueue(context C.cl_context, device C.cl_device_id, command_queue C.cl_command_queue) C.cl_int {
	c, ok := contextOf(context)
	if !ok {
		return C.CL_INVALID_CONTEXT
	}
	if d, ok := deviceOf(device); !ok || !c.has(d) {
		return C.CL_INVALID_DEVICE
	}
	// No device supports on-device queues: CL_INVALID_OPERATION comes
	// before the check of the queue (which could be no device queue).
	return C.CL_INVALID_OPERATION
}

//export clFlush
func clFlush(command_queue C.cl_command_queue) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	return code(q.q.Flush())
}

// clgoFinishStart begins clFinish (wait.c): when the queue has commands
// to wait for, it starts a goroutine that wakes the C thread at word once
// they have ended, and returns 1; the C thread sleeps until then, so the
// wait parks no locked goroutine.
//
// Only the host driver's queues wait so. Its commands complete on its own
// goroutines, already running on other Ps: an enqueue + clFinish round
// trip took 31-56 µs (6.3-8.0 µs of the calling thread's CPU) against
// 32-290 µs (9.4-25 µs) parking the callback's goroutine (seven
// interleaved runs on the loaded VM). A Vulkan device's flush wakes the
// driver's completion goroutine onto the calling thread's P, where it
// waits while the C thread sleeps (lavapipe: 121-460 µs against 167-402,
// no gain); a GPU's wait blocks in Go (callerCtx).
//
// Otherwise it makes the whole clFinish, in the same call into Go, puts
// its code at rc and returns 0.
//
//export clgoFinishStart
func clgoFinishStart(command_queue C.cl_command_queue, word *C.uint32_t, rc *C.cl_int) C.int {
	if q, ok := queueOf(command_queue); ok && waitsInC(q) {
		if done := q.q.Pending(); done != nil {
			go func() {
				<-done
				C.clgo_wake(word)
			}()
			return 1
		}
	}
	*rc = clgoFinish(command_queue)
	return 0
}

// waitsInC reports whether waits for q's commands are made in C (above).
func waitsInC(q *queue) bool { return q.dev.d.DriverName() == "host" }

// clgoFinish is clFinish's Go side, after wait.c's wait.
//
//export clgoFinish
func clgoFinish(command_queue C.cl_command_queue) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	// A command that failed in its own execution since the last clFinish
	// (an out-of-bounds access, a device error) makes clFinish fail with
	// CL_OUT_OF_RESOURCES, the code the specification lists for it; its
	// event holds the precise code. Commands failed by their wait list are
	// reported by their events only.
	if err := q.q.Finish(callerCtx); err != nil {
		debugf("%v", err)
		return C.CL_OUT_OF_RESOURCES
	}
	return success
}
