package cl

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"github.com/clgo/clgo/driver"
)

// QueueProperties is cl_command_queue_properties.
type QueueProperties uint64

// Queue properties.
const (
	QueueOutOfOrderExecModeEnable QueueProperties = 1 << 0
	QueueProfilingEnable          QueueProperties = 1 << 1
)

func (p QueueProperties) has(b QueueProperties) bool { return p&b != 0 }

// Queue is a command queue on one device of a context.
//
// Both in-order and out-of-order queues run on one in-order driver queue
// (in-order execution is a valid schedule of an out-of-order queue). A
// command whose wait list holds an unfinished user event, or an unfinished
// event of another device, waits in the queue's backlog with every later
// command, and is handed to the driver once it may start.
type Queue struct {
	refs
	ctx   *Context
	dev   *Device
	props QueueProperties
	dq    driver.Queue

	mu      sync.Mutex
	backlog []*pending
	working bool // a goroutine drains the backlog
	last    *Event
	// prev is the driver event of the last command handed to the driver
	// (in-order queues only): the next command waits for it, so that a
	// command after one that failed fails too
	// (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) instead of running on
	// what the failed command left. Finish clears it once it has reported
	// the failure.
	prevMu  sync.Mutex
	prev    driver.Event
	prevSeq uint64 // counts the commands handed over (driver events may not be comparable)
	// finishedSeq is prevSeq when a Finish last saw every command up to
	// then ended: while they are equal, Finish has nothing to do.
	finishedSeq uint64
}

type pending struct {
	ev   *Event
	wait []*Event
	run  func(wait []driver.Event) (driver.Event, error)
}

// CreateQueue makes a command queue on dev, which must be one of the
// context's devices.
func (c *Context) CreateQueue(dev *Device, props QueueProperties) (*Queue, error) {
	if err := c.check("clCreateCommandQueue"); err != nil {
		return nil, err
	}
	if dev == nil || !c.has(dev) {
		return nil, errorf(ErrInvalidDevice, "clCreateCommandQueue: device not in the context")
	}
	if props&^(QueueOutOfOrderExecModeEnable|QueueProfilingEnable) != 0 {
		return nil, errorf(ErrInvalidQueueProperties, "clCreateCommandQueue: properties %#x", uint64(props))
	}
	dq, err := dev.dev.NewQueue(driver.QueueOptions{Profiling: props.has(QueueProfilingEnable)})
	if err != nil {
		return nil, wrap(err, ErrOutOfResources, "clCreateCommandQueue")
	}
	q := &Queue{ctx: c, dev: dev, props: props, dq: dq}
	q.init()
	q.cleanup = runtime.AddCleanup(q, func(dq driver.Queue) { dq.Release() }, dq)
	return q, nil
}

// Device returns the queue's device.
func (q *Queue) Device() *Device { return q.dev }

// Context returns the queue's context.
func (q *Queue) Context() *Context { return q.ctx }

// Properties returns the queue's properties.
func (q *Queue) Properties() QueueProperties { return q.props }

// Retain adds a reference.
func (q *Queue) Retain() error { return q.retain(ErrInvalidCommandQueue, "clRetainCommandQueue") }

// Release drops a reference; the last one flushes the queue and frees it
// once its commands are done.
func (q *Queue) Release() error {
	last, err := q.release(ErrInvalidCommandQueue, "clReleaseCommandQueue")
	if last {
		q.Flush()
		go func() {
			q.waitBacklog(context.Background())
			q.dq.Release()
		}()
	}
	return err
}

func (q *Queue) check(op string) error {
	if q == nil || !q.alive() {
		return errorf(ErrInvalidCommandQueue, "%s: invalid command queue", op)
	}
	return nil
}

// checkWait validates a wait list.
func (q *Queue) checkWait(op string, wait []*Event) error {
	for i, e := range wait {
		if e == nil || !e.alive() {
			return errorf(ErrInvalidEventWaitList, "%s: wait list event %d is invalid", op, i)
		}
		if e.ctx != q.ctx {
			return errorf(ErrInvalidContext, "%s: wait list event %d is of another context", op, i)
		}
	}
	return nil
}

// ready reports whether a command with wait list may be handed to the
// driver now, and the driver events to pass. failed is set when an event of
// the list has already failed.
func (q *Queue) ready(wait []*Event) (dw []driver.Event, ok bool, failed error) {
	for _, e := range wait {
		if !e.isSubmitted() {
			return nil, false, nil
		}
		if e.dev == nil {
			if e.err != nil {
				return nil, true, e.err
			}
			continue
		}
		if e.queue != nil && e.queue.dev == q.dev {
			dw = appendDriverEvents(dw, e.dev)
			continue
		}
		select {
		case <-e.dev.Done():
			if err := e.dev.Err(); err != nil {
				return nil, true, err
			}
		default:
			return nil, false, nil
		}
	}
	return dw, true, nil
}

func waitListFailed(op string, err error) error {
	return &clError{code: ErrExecStatusErrorForEventsInWaitList, msg: op + ": an event of the wait list failed", err: err}
}

// enqueue hands a command to the driver, or to the backlog. run's error,
// when the command is handed over at once, is returned (nothing enqueued).
func (q *Queue) enqueue(typ CommandType, wait []*Event, run func(wait []driver.Event) (driver.Event, error)) (*Event, error) {
	return q.enqueueAs(typ, wait, run, false)
}

// enqueueAs is enqueue; deferred commands always go through the backlog,
// so that run is called by the backlog's goroutine, never by the caller
// (host work that waits for the commands before it: svm_commands.go).
func (q *Queue) enqueueAs(typ CommandType, wait []*Event, run func(wait []driver.Event) (driver.Event, error), deferred bool) (*Event, error) {
	op := commandNames[typ]
	if err := q.check(op); err != nil {
		return nil, err
	}
	if err := q.checkWait(op, wait); err != nil {
		return nil, err
	}
	ev := newEvent(q.ctx, q, typ)
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.backlog) == 0 && !deferred {
		if dw, ok, failed := q.ready(wait); ok {
			if failed != nil {
				ev.end(waitListFailed(op, failed))
			} else {
				d, err := run(q.inOrder(dw))
				if err != nil {
					return nil, wrap(err, ErrInvalidValue, "%s", op)
				}
				q.ran(d)
				ev.submitted(d)
			}
			q.last = ev
			return ev, nil
		}
	}
	q.backlog = append(q.backlog, &pending{ev: ev, wait: append([]*Event(nil), wait...), run: run})
	q.last = ev
	if !q.working {
		q.working = true
		go q.drain()
	}
	return ev, nil
}

// drain hands backlog commands to the driver in order as their wait lists
// allow.
func (q *Queue) drain() {
	for {
		q.mu.Lock()
		if len(q.backlog) == 0 {
			q.working = false
			q.mu.Unlock()
			return
		}
		p := q.backlog[0]
		q.mu.Unlock()
		for _, e := range p.wait {
			<-e.sub
			if e.dev != nil && (e.queue == nil || e.queue.dev != q.dev) {
				e.dev.Wait(context.Background()) // flushes the other queue
			}
		}
		op := commandNames[p.ev.typ]
		dw, _, failed := q.ready(p.wait)
		if failed != nil {
			p.ev.end(waitListFailed(op, failed))
		} else if d, err := p.run(q.inOrder(dw)); err != nil {
			p.ev.end(wrap(err, ErrInvalidValue, "%s", op))
		} else {
			q.ran(d)
			p.ev.submitted(d)
			q.dq.Flush()
		}
		q.mu.Lock()
		q.backlog = q.backlog[1:]
		q.mu.Unlock()
	}
}

// inOrder adds to a command's driver wait list the previous command of an
// in-order queue, unless that one is known to have succeeded. The driver
// runs them in order anyway; the wait only carries a failure forward.
// Commands are handed to the driver one at a time (under q.mu, or by the
// one drain goroutine), so prev is the command just before.
func (q *Queue) inOrder(dw []driver.Event) []driver.Event {
	if q.props.has(QueueOutOfOrderExecModeEnable) {
		return dw
	}
	q.prevMu.Lock()
	prev := q.prev
	q.prevMu.Unlock()
	if prev == nil {
		return dw
	}
	select {
	case <-prev.Done():
		// A command cancelled through its context.Context is no failure
		// to carry: the caller has seen its error and goes on.
		if err := prev.Err(); err == nil || errors.Is(err, driver.ErrCanceled) {
			return dw
		}
	default:
	}
	return appendDriverEvents(dw, prev)
}

// ran records d as the driver event of the last command handed over.
func (q *Queue) ran(d driver.Event) {
	q.prevMu.Lock()
	q.prev = d
	q.prevSeq++
	q.prevMu.Unlock()
}

func (q *Queue) waitBacklog(ctx context.Context) error {
	q.mu.Lock()
	last := q.last
	q.mu.Unlock()
	if last == nil {
		return nil
	}
	select {
	case <-last.sub:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Flush hands every command to the device.
func (q *Queue) Flush() error {
	if err := q.check("clFlush"); err != nil {
		return err
	}
	return wrap(q.dq.Flush(), ErrOutOfResources, "clFlush")
}

// Finish waits until every command enqueued so far has ended. It returns
// ctx's error if ctx ends first, or the error of the first command that
// failed in its own execution since the last Finish (commands that failed
// because of their wait list, or because an earlier command of the
// in-order queue failed, are reported by their events only; a kernel
// cancelled through the context.Context given to Run is reported by its
// event only). After a failure, the commands of an in-order queue fail
// until Finish; a cancelled kernel fails only the commands already
// enqueued after it.
func (q *Queue) Finish(ctx context.Context) error {
	if err := q.check("clFinish"); err != nil {
		return err
	}
	if q.idle() {
		return nil
	}
	q.dq.Flush()
	if err := q.waitBacklog(ctx); err != nil {
		return err
	}
	q.prevMu.Lock()
	seq, prev := q.prevSeq, q.prev
	q.prevMu.Unlock()
	if prev != nil {
		if q.endedWell(prev) {
			q.finished(seq)
			return nil
		}
	}
	err := q.dq.Finish(ctx)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return err
	}
	q.finished(seq)
	return wrap(err, ErrOutOfResources, "clFinish")
}

// Pending returns a channel that is closed once every command enqueued so
// far has ended, so that a caller may wait for that elsewhere (the ICD
// waits in C, not on a locked goroutine) before it calls Finish, which
// then does not block; nil when Finish would not wait for a command now,
// or when the queue cannot tell (commands in its backlog).
func (q *Queue) Pending() <-chan struct{} {
	if q.check("clFinish") != nil || q.idle() {
		return nil
	}
	q.mu.Lock()
	backlog := len(q.backlog)
	q.mu.Unlock()
	if backlog > 0 {
		return nil
	}
	q.dq.Flush()
	q.prevMu.Lock()
	prev := q.prev
	q.prevMu.Unlock()
	if prev == nil {
		return nil
	}
	select {
	case <-prev.Done():
		return nil
	default:
		return prev.Done()
	}
}

// idle reports whether no command was handed to the driver since the last
// Finish returned, and none waits in the backlog: Finish has nothing to
// wait for and no failure to report (the driver's Finish reported those
// of the commands before).
func (q *Queue) idle() bool {
	q.prevMu.Lock()
	quiet := q.prevSeq == q.finishedSeq
	q.prevMu.Unlock()
	if !quiet {
		return false
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.backlog) == 0
}

// endedWell reports whether prev, the last command handed to the driver,
// has ended without error on an in-order queue. Then every command before
// it has ended (the driver queue is in order), and none failed since the
// last Finish: a failure fails every later command of an in-order queue
// until Finish (inOrder), and a cancellation, which does not, is no
// failure Finish reports. The driver's Finish has nothing to add.
func (q *Queue) endedWell(prev driver.Event) bool {
	if q.props.has(QueueOutOfOrderExecModeEnable) {
		return false
	}
	select {
	case <-prev.Done():
		return prev.Err() == nil
	default:
		return false
	}
}

// finished records that every command up to the seq-th handed over has
// ended and its failures were reported: commands enqueued from now on run
// again after a failure.
func (q *Queue) finished(seq uint64) {
	q.prevMu.Lock()
	if q.prevSeq == seq {
		q.prev = nil
	}
	q.finishedSeq = max(q.finishedSeq, seq)
	q.prevMu.Unlock()
}

// EnqueueMarkerWithWaitList enqueues a marker that completes when the
// events of wait have, or, with no wait list, when every earlier command
// has.
func (q *Queue) EnqueueMarkerWithWaitList(wait ...*Event) (*Event, error) {
	return q.enqueue(CommandMarker, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.dq.Marker(dw)
	})
}

// EnqueueBarrierWithWaitList is a marker that later commands also wait
// for; on clgo's in-order driver queues every marker is one.
func (q *Queue) EnqueueBarrierWithWaitList(wait ...*Event) (*Event, error) {
	return q.enqueue(CommandBarrier, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.dq.Marker(dw)
	})
}
