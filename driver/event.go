package driver

import (
	"context"
	"errors"
	"sync"
	"time"
)

// BasicEvent is an Event for drivers to embed or use as is: it records a
// status, an error and timestamps, and closes Done on completion. The zero
// value is not usable; make one with NewBasicEvent.
type BasicEvent struct {
	mu      sync.Mutex
	status  Status
	err     error
	prof    Profile
	profile bool
	done    chan struct{}
	// OnWait, when set, is called by Wait before blocking (a batching
	// driver flushes the command's queue there).
	OnWait func()
}

var epoch = time.Now()

// Now is a monotonic nanosecond clock for drivers that time on the host.
func Now() uint64 { return uint64(time.Since(epoch).Nanoseconds()) + 1 }

// NewBasicEvent returns a Queued event; profiling says whether timestamps
// are kept.
func NewBasicEvent(profiling bool) *BasicEvent {
	e := &BasicEvent{status: Queued, profile: profiling, done: make(chan struct{})}
	if profiling {
		e.prof.Queued = Now()
	}
	return e
}

// SetStatus moves the event to Submitted or Running, stamping the time.
func (e *BasicEvent) SetStatus(s Status) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.status <= s {
		return // never go backwards, never after completion
	}
	t := Now()
	if e.profile {
		if s <= Submitted && e.prof.Submit == 0 {
			e.prof.Submit = t
		}
		if s <= Running && e.prof.Start == 0 {
			e.prof.Start = t
		}
	}
	e.status = s
}

// Finish completes the event, failed when err is not nil. Only the first
// call counts.
func (e *BasicEvent) Finish(err error) {
	e.FinishAt(err, Profile{})
}

// FinishAt is Finish with device timestamps: the non-zero fields of p
// replace the host-taken ones.
func (e *BasicEvent) FinishAt(err error, p Profile) {
	e.mu.Lock()
	if e.status <= Complete {
		e.mu.Unlock()
		return
	}
	if e.profile {
		t := Now()
		if e.prof.Submit == 0 {
			e.prof.Submit = t
		}
		if e.prof.Start == 0 {
			e.prof.Start = t
		}
		e.prof.End = t
		if p.Submit != 0 {
			e.prof.Submit = p.Submit
		}
		if p.Start != 0 {
			e.prof.Start = p.Start
		}
		if p.End != 0 {
			e.prof.End = p.End
		}
	}
	if err != nil {
		e.status, e.err = Failed, err
	} else {
		e.status = Complete
	}
	close(e.done)
	e.mu.Unlock()
}

func (e *BasicEvent) Status() Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.status
}

func (e *BasicEvent) Done() <-chan struct{} { return e.done }

func (e *BasicEvent) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.err
}

func (e *BasicEvent) Wait(ctx context.Context) error {
	if f := e.OnWait; f != nil {
		select {
		case <-e.done:
		default:
			f()
		}
	}
	select {
	case <-e.done:
		return e.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (e *BasicEvent) Profile() (Profile, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.profile || e.status != Complete {
		return Profile{}, false
	}
	return e.prof, true
}

// WaitAll waits for every event of list (flushing as Event.Wait does) and
// returns an error wrapping ErrWaitListFailed when one of them failed.
func WaitAll(ctx context.Context, list []Event) error {
	for _, ev := range list {
		if ev == nil {
			continue
		}
		if err := ev.Wait(ctx); err != nil {
			if ctx.Err() != nil || errors.Is(err, ErrWaitListFailed) {
				// Already a wait-list failure: keep its root cause
				// rather than nest one more level per command of a chain.
				return err
			}
			return &waitListError{err}
		}
	}
	return nil
}

type waitListError struct{ err error }

func (e *waitListError) Error() string { return ErrWaitListFailed.Error() + ": " + e.err.Error() }
func (e *waitListError) Unwrap() []error {
	return []error{ErrWaitListFailed, e.err}
}
