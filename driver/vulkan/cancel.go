package vulkan

import (
	"context"
	"fmt"
	"sync"

	"github.com/clgo/clgo/driver"
)

// Cancellation.
//
// Vulkan cannot stop a dispatch once its command buffer is submitted: the
// fence signals when the device is done, whatever the host wants. So a
// dispatch whose context.Context is cancelled (or whose deadline passes)
// is abandoned instead: its event fails at once with an error wrapping
// driver.ErrCanceled and the context's cause, and says that the device may
// still be running it. Nothing else changes on the device: the command
// buffer runs to its end, later commands still run after it in order, and
// the command's buffers, descriptors and staging space stay referenced
// until its batch's fence signals (finishAt).
//
// Commands that wait for an abandoned command (an explicit wait list, or
// the runtime's in-order chaining) are abandoned with it, failing with a
// wait-list error, so that a caller waiting for a read-back after a
// cancelled kernel returns at once too. An abandoned read-back never
// writes into the caller's memory after its event has failed (deliver).
// A dispatch abandoned before it was recorded is never recorded (ready).

// cancelState is a command's part in cancellation.
type cancelState struct {
	mu   sync.Mutex
	gone bool        // abandoned: the event failed before the device finished
	stop func() bool // stops the context.AfterFunc watching the dispatch
}

// dependents are the commands of the device's stream that wait for an
// event, to abandon with it.
type dependents struct {
	mu   sync.Mutex
	err  error // the event was abandoned with this error
	done bool  // the command completed: nothing to abandon any more
	list []*command
}

// watch prepares c, about to join the stream, for cancellation: a
// dispatch with a cancellable context is abandoned when the context ends,
// and c is abandoned with any command of its wait list.
func (s *submitter) watch(c *command) {
	for _, w := range c.wait {
		e, ok := w.(*event)
		if !ok || e.s != s {
			continue
		}
		e.deps.mu.Lock()
		err := e.deps.err
		if err == nil && !e.deps.done {
			e.deps.list = append(e.deps.list, c)
		}
		e.deps.mu.Unlock()
		if err != nil {
			s.abandon(c, &waitListError{err})
		}
	}
	if c.kind == cmdDispatch && c.ctx != nil && c.ctx.Done() != nil {
		ctx, name := c.ctx, c.disp.k.refl.Name
		c.cancel.stop = context.AfterFunc(ctx, func() {
			s.abandon(c, fmt.Errorf("vulkan: kernel %s: %w: %w (a Vulkan device cannot interrupt a dispatch: it was abandoned and may still be running; "+
				"later commands of the device run after it)", name, driver.ErrCanceled, context.Cause(ctx)))
		})
	}
}

// unwatch ends the watch of a command that completed, and lets go of the
// commands that waited for it (an event the caller keeps must not keep
// the commands after it, and their host memory, reachable).
func (c *command) unwatch() {
	if c.cancel.stop != nil {
		c.cancel.stop()
	}
	c.ev.deps.mu.Lock()
	c.ev.deps.done, c.ev.deps.list = true, nil
	c.ev.deps.mu.Unlock()
}

// abandon fails c's event now with err, unless it has completed, and
// abandons the commands that wait for it. Its resources stay held until
// its batch completes.
func (s *submitter) abandon(c *command, err error) {
	c.cancel.mu.Lock()
	select {
	case <-c.ev.Done():
		c.cancel.mu.Unlock()
		return
	default:
	}
	if c.cancel.gone {
		c.cancel.mu.Unlock()
		return
	}
	c.cancel.gone = true
	c.ev.Finish(err)
	c.cancel.mu.Unlock()

	e := c.ev
	e.deps.mu.Lock()
	e.deps.err = err
	list := e.deps.list
	e.deps.list = nil
	e.deps.mu.Unlock()
	if _, ok := err.(*waitListError); !ok {
		err = &waitListError{err}
	}
	for _, d := range list {
		s.abandon(d, err)
	}
}

// deliver copies a read-back into the caller's memory once the batch has
// completed, unless the command was abandoned: its event has failed, and
// the memory is the caller's again.
func (c *command) deliver(host, view []byte) {
	c.cancel.mu.Lock()
	if !c.cancel.gone {
		copyParallel(host, view)
	}
	c.cancel.mu.Unlock()
}
