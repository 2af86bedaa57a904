package cl

import (
	"context"
	"sync"

	"github.com/clgo/clgo/driver"
)

// CommandType is cl_command_type: what command an event tracks.
type CommandType uint32

// Command types, as CL_COMMAND_*.
const (
	CommandNDRangeKernel     CommandType = 0x11F0
	CommandTask              CommandType = 0x11F1
	CommandReadBuffer        CommandType = 0x11F3
	CommandWriteBuffer       CommandType = 0x11F4
	CommandCopyBuffer        CommandType = 0x11F5
	CommandMapBuffer         CommandType = 0x11FB
	CommandUnmapMemObject    CommandType = 0x11FD
	CommandMarker            CommandType = 0x11FE
	CommandReadBufferRect    CommandType = 0x1201
	CommandWriteBufferRect   CommandType = 0x1202
	CommandCopyBufferRect    CommandType = 0x1203
	CommandUser              CommandType = 0x1204
	CommandBarrier           CommandType = 0x1205
	CommandMigrateMemObjects CommandType = 0x1206
	CommandFillBuffer        CommandType = 0x1207
	CommandReadImage         CommandType = 0x11F6
	CommandWriteImage        CommandType = 0x11F7
	CommandCopyImage         CommandType = 0x11F8
	CommandCopyImageToBuffer CommandType = 0x11F9
	CommandCopyBufferToImage CommandType = 0x11FA
	CommandMapImage          CommandType = 0x11FC
	CommandFillImage         CommandType = 0x1208
)

// ExecStatus is CL_EVENT_COMMAND_EXECUTION_STATUS: one of the constants
// below, or a negative error code when the command failed.
type ExecStatus int32

// Execution statuses.
const (
	Complete  ExecStatus = 0 // CL_COMPLETE
	Running   ExecStatus = 1 // CL_RUNNING
	Submitted ExecStatus = 2 // CL_SUBMITTED
	Queued    ExecStatus = 3 // CL_QUEUED
)

// ProfilingInfo holds a command's CL_PROFILING_COMMAND_* times, in ns.
type ProfilingInfo struct {
	Queued, Submit, Start, End uint64
}

// Duration is End - Start, the command's execution time in ns.
func (p ProfilingInfo) Duration() uint64 { return p.End - p.Start }

// Event tracks a command, or is a user event.
//
// A command's event first waits in its queue's backlog (when its wait list
// holds a user event or an event of another device that has not finished);
// it is "submitted" once handed to the driver, and then follows the driver's
// event.
type Event struct {
	refs
	ctx   *Context
	queue *Queue // nil for user events
	typ   CommandType

	sub  chan struct{} // closed once dev is set, or once the event ended without one
	once sync.Once
	dev  driver.Event
	err  error // failure without a driver event
	// queued: when the command was enqueued (driver.Now, on a profiling
	// queue), which may be long before the driver gets it: a command
	// waiting in the backlog for a user event is handed over later.
	queued uint64
}

func newEvent(ctx *Context, q *Queue, typ CommandType) *Event {
	e := &Event{ctx: ctx, queue: q, typ: typ, sub: make(chan struct{})}
	if q != nil && q.props.has(QueueProfilingEnable) {
		e.queued = driver.Now()
	}
	e.init()
	return e
}

// submitted records the driver event.
func (e *Event) submitted(d driver.Event) {
	e.once.Do(func() { e.dev = d; close(e.sub) })
}

// end completes the event without a driver event (err nil: success).
func (e *Event) end(err error) {
	e.once.Do(func() { e.err = err; close(e.sub) })
}

func (e *Event) isSubmitted() bool {
	select {
	case <-e.sub:
		return true
	default:
		return false
	}
}

// CommandType returns what the event tracks.
func (e *Event) CommandType() CommandType { return e.typ }

// Queue returns the event's queue, nil for a user event.
func (e *Event) Queue() *Queue { return e.queue }

// Context returns the event's context.
func (e *Event) Context() *Context { return e.ctx }

// Status returns the execution status; a failed command gives its
// negative error code.
func (e *Event) Status() ExecStatus {
	if !e.isSubmitted() {
		if e.queue == nil {
			return Submitted // user events start CL_SUBMITTED
		}
		return Queued
	}
	if e.dev == nil {
		if e.err != nil {
			return ExecStatus(Code(e.err))
		}
		return Complete
	}
	switch s := e.dev.Status(); s {
	case driver.Failed:
		return ExecStatus(Code(e.dev.Err()))
	default:
		return ExecStatus(s)
	}
}

// Err returns the command's error once it has failed, else nil.
func (e *Event) Err() error {
	if !e.isSubmitted() {
		return nil
	}
	if e.dev == nil {
		return e.err
	}
	if err := e.dev.Err(); err != nil {
		return wrap(err, ErrOutOfResources, "%s", e.typName())
	}
	return nil
}

func (e *Event) typName() string {
	if n, ok := commandNames[e.typ]; ok {
		return n
	}
	return "command"
}

var commandNames = map[CommandType]string{
	CommandNDRangeKernel: "clEnqueueNDRangeKernel", CommandTask: "clEnqueueTask",
	CommandReadBuffer: "clEnqueueReadBuffer", CommandWriteBuffer: "clEnqueueWriteBuffer",
	CommandCopyBuffer: "clEnqueueCopyBuffer", CommandMapBuffer: "clEnqueueMapBuffer",
	CommandUnmapMemObject: "clEnqueueUnmapMemObject", CommandMarker: "clEnqueueMarkerWithWaitList",
	CommandReadBufferRect: "clEnqueueReadBufferRect", CommandWriteBufferRect: "clEnqueueWriteBufferRect",
	CommandCopyBufferRect: "clEnqueueCopyBufferRect", CommandUser: "user event",
	CommandBarrier: "clEnqueueBarrierWithWaitList", CommandFillBuffer: "clEnqueueFillBuffer",
	CommandMigrateMemObjects: "clEnqueueMigrateMemObjects",
	CommandReadImage:         "clEnqueueReadImage", CommandWriteImage: "clEnqueueWriteImage",
	CommandCopyImage: "clEnqueueCopyImage", CommandCopyImageToBuffer: "clEnqueueCopyImageToBuffer",
	CommandCopyBufferToImage: "clEnqueueCopyBufferToImage", CommandMapImage: "clEnqueueMapImage",
	CommandFillImage: "clEnqueueFillImage",
}

// Wait blocks until the command completes and returns its error, or until
// ctx is done (the command goes on).
func (e *Event) Wait(ctx context.Context) error {
	if e == nil {
		return errorf(ErrInvalidEvent, "clWaitForEvents: nil event")
	}
	if e.queue != nil && !e.isSubmitted() {
		e.queue.Flush()
	}
	select {
	case <-e.sub:
	case <-ctx.Done():
		return ctx.Err()
	}
	if e.dev == nil {
		return e.err
	}
	if err := e.dev.Wait(ctx); err != nil {
		select {
		case <-e.dev.Done():
			// The command's own error, even when it wraps the error of
			// ctx (a kernel run and waited for with one context).
			return wrap(err, ErrOutOfResources, "%s", e.typName())
		default:
			return err // ctx ended the wait; the command goes on
		}
	}
	return nil
}

// Pending returns a channel that is closed once the command has ended, so
// that a caller may wait for that elsewhere (the ICD waits in C) before
// it calls Wait, which then does not block; nil when the command has
// ended, or has not been handed to its device yet. As Wait, it flushes
// the queue, so that the command starts.
func (e *Event) Pending() <-chan struct{} {
	if e == nil || e.queue == nil || !e.isSubmitted() || e.dev == nil {
		return nil
	}
	select {
	case <-e.dev.Done():
		return nil
	default:
		e.queue.dq.Flush()
		return e.dev.Done()
	}
}

// done blocks until the event has ended, without flushing.
func (e *Event) done() {
	<-e.sub
	if e.dev != nil {
		<-e.dev.Done()
	}
}

// WaitForEvents waits for every event; the first failure makes it return
// an error wrapping ErrExecStatusErrorForEventsInWaitList.
func WaitForEvents(ctx context.Context, events ...*Event) error {
	if len(events) == 0 {
		return errorf(ErrInvalidValue, "clWaitForEvents: no event")
	}
	var first error
	for i, e := range events {
		if e == nil {
			return errorf(ErrInvalidEvent, "clWaitForEvents: event %d is nil", i)
		}
		if err := e.Wait(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if first == nil {
				first = &clError{code: ErrExecStatusErrorForEventsInWaitList, msg: "clWaitForEvents", err: err}
			}
		}
	}
	return first
}

// Profile returns the command's timestamps. It fails with
// ErrProfilingInfoNotAvailable unless the queue profiles and the command has
// completed.
func (e *Event) Profile() (ProfilingInfo, error) {
	if e.queue == nil || !e.queue.props.has(QueueProfilingEnable) {
		return ProfilingInfo{}, errorf(ErrProfilingInfoNotAvailable, "clGetEventProfilingInfo: queue without profiling")
	}
	if !e.isSubmitted() || e.dev == nil {
		return ProfilingInfo{}, errorf(ErrProfilingInfoNotAvailable, "clGetEventProfilingInfo: command not complete")
	}
	p, ok := e.dev.Profile()
	if !ok {
		return ProfilingInfo{}, errorf(ErrProfilingInfoNotAvailable, "clGetEventProfilingInfo: command not complete")
	}
	// CL_PROFILING_COMMAND_QUEUED is the enqueue call's time; the
	// driver's Queued (its hand-over) stays the submit time.
	if e.queued != 0 && e.queued < p.Queued {
		p.Queued = e.queued
	}
	return ProfilingInfo(p), nil
}

// SetCallback calls fn, on its own goroutine, once the event reaches
// status (Submitted, Running or Complete; a failure counts as complete and
// fn gets the negative code).
func (e *Event) SetCallback(status ExecStatus, fn func(e *Event, status ExecStatus)) error {
	if fn == nil || (status != Complete && status != Running && status != Submitted) {
		return errorf(ErrInvalidValue, "clSetEventCallback: status %d", status)
	}
	go func() {
		if status == Submitted {
			<-e.sub
			if s := e.Status(); s < 0 {
				fn(e, s)
			} else {
				fn(e, Submitted)
			}
			return
		}
		e.done()
		s := e.Status()
		if s >= 0 && status == Running {
			s = Running
		}
		fn(e, s)
	}()
	return nil
}

// CreateUserEvent makes a user event: commands waiting on it are held back
// until SetStatus completes it.
func (c *Context) CreateUserEvent() (*Event, error) {
	if err := c.check("clCreateUserEvent"); err != nil {
		return nil, err
	}
	return newEvent(c, nil, CommandUser), nil
}

// SetStatus completes a user event: Complete, or a negative error code
// that makes the commands waiting on it fail. It may be called once.
func (e *Event) SetStatus(status ExecStatus) error {
	if e.queue != nil || e.typ != CommandUser {
		return errorf(ErrInvalidEvent, "clSetUserEventStatus: not a user event")
	}
	if status > 0 {
		return errorf(ErrInvalidValue, "clSetUserEventStatus: status %d", status)
	}
	if e.isSubmitted() {
		return errorf(ErrInvalidOperation, "clSetUserEventStatus: status already set")
	}
	var err error
	if status < 0 {
		err = errorf(ErrorCode(status), "user event set to %d", status)
	}
	e.end(err)
	return nil
}

// Retain adds a reference.
func (e *Event) Retain() error { return e.retain(ErrInvalidEvent, "clRetainEvent") }

// Release drops a reference.
func (e *Event) Release() error {
	_, err := e.release(ErrInvalidEvent, "clReleaseEvent")
	return err
}

// multiEvent is one command made of several driver commands of one
// in-order queue (the regions of a non-uniform NDRange, the rows of a rect
// copy): it ends when the last ends and fails if any failed.
type multiEvent []driver.Event

func join(evs []driver.Event) driver.Event {
	if len(evs) == 1 {
		return evs[0]
	}
	return multiEvent(evs)
}

func (m multiEvent) last() driver.Event { return m[len(m)-1] }

func (m multiEvent) Status() driver.Status {
	s := driver.Complete
	for _, e := range m {
		switch es := e.Status(); {
		case es == driver.Failed:
			if m.allDone() {
				return driver.Failed
			}
			s = max(s, driver.Running)
		case es > s:
			s = es
		}
	}
	return s
}

func (m multiEvent) allDone() bool {
	select {
	case <-m.last().Done():
	default:
		return false
	}
	for _, e := range m {
		<-e.Done()
	}
	return true
}

func (m multiEvent) Done() <-chan struct{} {
	// The queue is in order, so the last command ends last.
	return m.last().Done()
}

func (m multiEvent) Wait(ctx context.Context) error {
	if err := m.last().Wait(ctx); err != nil && ctx.Err() != nil {
		return err
	}
	return m.Err()
}

func (m multiEvent) Err() error {
	for _, e := range m {
		select {
		case <-e.Done():
			if err := e.Err(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

func (m multiEvent) Profile() (driver.Profile, bool) {
	a, ok1 := m[0].Profile()
	b, ok2 := m.last().Profile()
	if !ok1 || !ok2 {
		return driver.Profile{}, false
	}
	return driver.Profile{Queued: a.Queued, Submit: a.Submit, Start: a.Start, End: b.End}, true
}

// appendDriverEvents appends the driver commands of d to a driver wait
// list: a multiEvent is several commands, and a driver knows only its own
// events.
func appendDriverEvents(dw []driver.Event, d driver.Event) []driver.Event {
	if m, ok := d.(multiEvent); ok {
		return append(dw, m...)
	}
	return append(dw, d)
}
