//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/config"
)

type event struct {
	object
	e   *cl.Event
	ctx *context
	q   *queue // nil for user events
	typ C.cl_command_type
}

func (e *event) destroy() func() {
	e.e.Release()
	return nil
}

func eventOf(e C.cl_event) (*event, bool) { return lookup[*event](unsafe.Pointer(e)) }

// waitList resolves an event wait list for a command of q.
func waitList(q *queue, n C.cl_uint, list C.clgo_events) ([]*cl.Event, C.cl_int) {
	if (n == 0) != (list == nil) {
		return nil, C.CL_INVALID_EVENT_WAIT_LIST
	}
	if n == 0 {
		return nil, success
	}
	out := make([]*cl.Event, n)
	for i, id := range unsafe.Slice(list, n) {
		e, ok := eventOf(id)
		if !ok {
			return nil, C.CL_INVALID_EVENT_WAIT_LIST
		}
		if q != nil && e.ctx != q.ctx {
			return nil, C.CL_INVALID_CONTEXT
		}
		out[i] = e.e
	}
	return out, success
}

// waitFailed reports whether an event of the list has already failed (a
// blocking command then returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST).
func waitFailed(wait []*cl.Event) bool {
	for _, e := range wait {
		if e.Status() < 0 {
			return true
		}
	}
	return false
}

// newEventHandle wraps a command's event. typ overrides the cl package's
// command type (0 keeps it).
func newEventHandle(q *queue, ev *cl.Event, typ C.cl_command_type) (C.cl_event, C.cl_int) {
	if typ == 0 {
		typ = C.cl_command_type(ev.CommandType())
	}
	e := &event{e: ev, ctx: q.ctx, q: q, typ: typ}
	h := register(e, q, q.ctx)
	if h == nil {
		ev.Release()
		return nil, C.CL_OUT_OF_HOST_MEMORY
	}
	return C.cl_event(h), success
}

// finishCommand completes an enqueue: it waits when blocking, and gives
// the application the event when it asked for one.
func finishCommand(q *queue, ev *cl.Event, err error, blocking bool, typ C.cl_command_type, out *C.cl_event) C.cl_int {
	if err != nil {
		debugf("%v", err)
		return code(err)
	}
	if q.ctx.notify.fn != nil || debug {
		notifyFailure(q.ctx, ev)
	}
	rc := C.cl_int(success)
	if blocking {
		if err := ev.Wait(callerCtx); err != nil {
			rc = blockingCode(err)
		}
	}
	if out == nil {
		ev.Release()
		return rc
	}
	h, c := newEventHandle(q, ev, typ)
	if c != success {
		return c
	}
	*out = h
	return rc
}

// notifyFailure reports a command that fails after its enqueue returned
// through the context's pfn_notify, with the error's text (it names the
// kernel and the fault). The commands that fail only because of it (its
// dependents) are not reported again. The wait does not flush, so that a
// callback does not break a driver's batching.
func notifyFailure(c *context, ev *cl.Event) {
	ev.SetCallback(cl.Complete, func(e *cl.Event, s cl.ExecStatus) {
		if s >= 0 {
			return
		}
		err := e.Err()
		if err == nil || errors.Is(err, cl.ErrExecStatusErrorForEventsInWaitList) {
			return
		}
		debugf("%v", err)
		c.reportError(err.Error())
	})
}

// blockingCode is what a blocking command returns when it failed: the
// specification's CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST when a
// command it depends on failed, else its own error's code.
func blockingCode(err error) C.cl_int {
	if errors.Is(err, cl.ErrExecStatusErrorForEventsInWaitList) {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	if c := code(err); c < 0 {
		return c
	}
	return C.CL_OUT_OF_RESOURCES
}

// clgoWaitStart begins clWaitForEvents (wait.c) as clgoFinishStart
// begins clFinish: when every event is a command of a host-device queue
// and some have not ended, a goroutine wakes the C thread at word once
// they have, and it returns 1; otherwise it makes the whole
// clWaitForEvents, puts its code at rc and returns 0.
//
//export clgoWaitStart
func clgoWaitStart(num_events C.cl_uint, event_list C.clgo_events, word *C.uint32_t, rc *C.cl_int) C.int {
	if pending := hostPending(num_events, event_list); len(pending) > 0 {
		go func() {
			for _, done := range pending {
				<-done
			}
			C.clgo_wake(word)
		}()
		return 1
	}
	*rc = clgoWaitForEvents(num_events, event_list)
	return 0
}

// hostPending returns the channels of the commands of a wait list that
// have not ended, when every event of it is a command of a host-device
// queue of one context; nil otherwise (anything clgoWaitForEvents
// refuses it refuses before waiting).
func hostPending(num_events C.cl_uint, event_list C.clgo_events) []<-chan struct{} {
	if num_events == 0 || event_list == nil {
		return nil
	}
	var pending []<-chan struct{}
	var ctx *context
	for _, id := range unsafe.Slice(event_list, num_events) {
		e, ok := eventOf(id)
		if !ok || e.q == nil || !waitsInC(e.q) || (ctx != nil && e.ctx != ctx) {
			return nil
		}
		ctx = e.ctx
		if done := e.e.Pending(); done != nil {
			pending = append(pending, done)
		}
	}
	return pending
}

// clgoWaitForEvents is clWaitForEvents's Go side, after wait.c's wait.
//
//export clgoWaitForEvents
func clgoWaitForEvents(num_events C.cl_uint, event_list C.clgo_events) C.cl_int {
	if num_events == 0 || event_list == nil {
		return C.CL_INVALID_VALUE
	}
	evs := make([]*cl.Event, num_events)
	var ctx *context
	for i, id := range unsafe.Slice(event_list, num_events) {
		e, ok := eventOf(id)
		if !ok {
			return C.CL_INVALID_EVENT
		}
		if ctx != nil && e.ctx != ctx {
			return C.CL_INVALID_CONTEXT
		}
		ctx, evs[i] = e.ctx, e.e
	}
	if err := cl.WaitForEvents(callerCtx, evs...); err != nil {
		return C.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	}
	return success
}

//export clGetEventInfo
func clGetEventInfo(ev C.cl_event, param_name C.cl_event_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	e, ok := eventOf(ev)
	if !ok {
		return C.CL_INVALID_EVENT
	}
	var v []byte
	switch param_name {
	case C.CL_EVENT_COMMAND_QUEUE:
		if e.q != nil {
			v = ptr(e.q.h)
		} else {
			v = ptr(nil)
		}
	case C.CL_EVENT_CONTEXT:
		v = ptr(e.ctx.h)
	case C.CL_EVENT_COMMAND_TYPE:
		v = u32(uint32(e.typ))
	case C.CL_EVENT_COMMAND_EXECUTION_STATUS:
		v = i32(int32(e.e.Status()))
	case C.CL_EVENT_REFERENCE_COUNT:
		v = u32(refCount(&e.object))
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clRetainEvent
func clRetainEvent(ev C.cl_event) C.cl_int {
	e, ok := eventOf(ev)
	if !ok || !retain(&e.object) {
		return C.CL_INVALID_EVENT
	}
	return success
}

//export clReleaseEvent
func clReleaseEvent(ev C.cl_event) C.cl_int {
	e, ok := eventOf(ev)
	if !ok || !release(&e.object) {
		return C.CL_INVALID_EVENT
	}
	return success
}

//export clGetEventProfilingInfo
func clGetEventProfilingInfo(ev C.cl_event, param_name C.cl_profiling_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	e, ok := eventOf(ev)
	if !ok {
		return C.CL_INVALID_EVENT
	}
	switch param_name {
	case C.CL_PROFILING_COMMAND_QUEUED, C.CL_PROFILING_COMMAND_SUBMIT, C.CL_PROFILING_COMMAND_START,
		C.CL_PROFILING_COMMAND_END, C.CL_PROFILING_COMMAND_COMPLETE:
	default:
		return C.CL_INVALID_VALUE
	}
	if e.q == nil || e.e.Status() != cl.Complete {
		return C.CL_PROFILING_INFO_NOT_AVAILABLE
	}
	p, err := e.e.Profile()
	if err != nil {
		return code(err)
	}
	var t uint64
	switch param_name {
	case C.CL_PROFILING_COMMAND_QUEUED:
		t = p.Queued
	case C.CL_PROFILING_COMMAND_SUBMIT:
		t = p.Submit
	case C.CL_PROFILING_COMMAND_START:
		t = p.Start
	default:
		t = p.End
	}
	return putInfo(u64(t), param_value_size, param_value, param_value_size_ret)
}

//export clSetEventCallback
func clSetEventCallback(ev C.cl_event, command_exec_callback_type C.cl_int, pfn_notify C.clgo_event_notify, user_data unsafe.Pointer) C.cl_int {
	e, ok := eventOf(ev)
	if !ok {
		return C.CL_INVALID_EVENT
	}
	status := cl.ExecStatus(command_exec_callback_type)
	if pfn_notify == nil || (status != cl.Complete && status != cl.Running && status != cl.Submitted) {
		return C.CL_INVALID_VALUE
	}
	// The handle must outlive a clReleaseEvent made before the callback.
	hold(&e.object)
	fn := unsafe.Pointer(pfn_notify)
	h := C.cl_event(e.h)
	err := e.e.SetCallback(status, func(_ *cl.Event, s cl.ExecStatus) {
		defer unhold(&e.object)
		C.clgo_call_event_notify(fn, h, C.cl_int(s), user_data)
	})
	if err != nil {
		unhold(&e.object)
		return code(err)
	}
	return success
}

//export clCreateUserEvent
func clCreateUserEvent(context C.cl_context, errcode_ret *C.cl_int) C.cl_event {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	ue, err := c.c.CreateUserEvent()
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	e := &event{e: ue, ctx: c, typ: C.CL_COMMAND_USER}
	h := register(e, c)
	if h == nil {
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_event(h)
}

//export clSetUserEventStatus
func clSetUserEventStatus(ev C.cl_event, execution_status C.cl_int) C.cl_int {
	e, ok := eventOf(ev)
	if !ok || e.q != nil {
		return C.CL_INVALID_EVENT
	}
	if execution_status > 0 {
		return C.CL_INVALID_VALUE
	}
	return code(e.e.SetStatus(cl.ExecStatus(execution_status)))
}

//export clEnqueueMarkerWithWaitList
func clEnqueueMarkerWithWaitList(command_queue C.cl_command_queue, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	wait, rc := waitList(q, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueMarkerWithWaitList(wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueBarrierWithWaitList
func clEnqueueBarrierWithWaitList(command_queue C.cl_command_queue, num_events_in_wait_list C.cl_uint, event_wait_list C.clgo_events, ev *C.cl_event) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	wait, rc := waitList(q, num_events_in_wait_list, event_wait_list)
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueBarrierWithWaitList(wait...)
	return finishCommand(q, e, err, false, 0, ev)
}

//export clEnqueueMarker
func clEnqueueMarker(command_queue C.cl_command_queue, ev *C.cl_event) C.cl_int {
	if _, ok := queueOf(command_queue); ok && ev == nil {
		return C.CL_INVALID_VALUE
	}
	return clEnqueueMarkerWithWaitList(command_queue, 0, nil, ev)
}

//export clEnqueueBarrier
func clEnqueueBarrier(command_queue C.cl_command_queue) C.cl_int {
	return clEnqueueBarrierWithWaitList(command_queue, 0, nil, nil)
}

//export clEnqueueWaitForEvents
func clEnqueueWaitForEvents(command_queue C.cl_command_queue, num_events C.cl_uint, event_list C.clgo_events) C.cl_int {
	q, ok := queueOf(command_queue)
	if !ok {
		return C.CL_INVALID_COMMAND_QUEUE
	}
	if num_events == 0 || event_list == nil {
		return C.CL_INVALID_VALUE
	}
	wait, rc := waitList(q, num_events, event_list)
	if rc == C.CL_INVALID_EVENT_WAIT_LIST {
		rc = C.CL_INVALID_EVENT
	}
	if rc != success {
		return rc
	}
	e, err := q.q.EnqueueBarrierWithWaitList(wait...)
	return finishCommand(q, e, err, false, 0, nil)
}

// debug (CLGO_ICD_DEBUG=1 in the environment) logs the cl package's
// error messages, which say what failed and where, on stderr through
// log/slog (config.Logger).
var (
	debug    = config.Get(config.ICDDebug) != ""
	debugLog = config.Logger(config.ICDDebug)
)

func debugf(format string, args ...any) {
	if debug {
		debugLog.Debug(fmt.Sprintf(format, args...))
	}
}
