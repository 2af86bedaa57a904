package host

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/clgo/clgo/driver"
)

// queue is an in-order queue: one goroutine runs its commands in order,
// each after its wait list.
type queue struct {
	profiling bool
	mu        sync.Mutex
	cmds      chan command
	closed    bool
	err       error // the first error of a command since the last Finish
}

type command struct {
	ev   *driver.BasicEvent
	wait []driver.Event
	ctx  context.Context
	run  func(ctx context.Context) error
}

// NewQueue creates an in-order queue.
func (*Device) NewQueue(opts driver.QueueOptions) (driver.Queue, error) {
	q := &queue{profiling: opts.Profiling, cmds: make(chan command, 1024)}
	go q.loop()
	return q, nil
}

func (q *queue) loop() {
	for c := range q.cmds {
		if err := driver.WaitAll(c.ctx, c.wait); err != nil {
			if c.ctx.Err() != nil && errors.Is(err, c.ctx.Err()) {
				err = fmt.Errorf("host: %w while waiting for the wait list: %w", driver.ErrCanceled, context.Cause(c.ctx))
			}
			c.ev.Finish(err)
			continue
		}
		c.ev.SetStatus(driver.Running)
		err := c.run(c.ctx)
		// Finish reports a command's own failure; a cancellation was the
		// caller's wish, reported by the command's event only.
		if err != nil && !errors.Is(err, driver.ErrCanceled) {
			q.mu.Lock()
			if q.err == nil {
				q.err = err
			}
			q.mu.Unlock()
		}
		c.ev.Finish(err)
	}
}

func (q *queue) enqueue(ctx context.Context, wait []driver.Event, run func(context.Context) error) (driver.Event, error) {
	ev := driver.NewBasicEvent(q.profiling)
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return nil, fmt.Errorf("host: queue released: %w", driver.ErrInvalidCommandQueue)
	}
	ev.SetStatus(driver.Submitted)
	q.cmds <- command{ev: ev, wait: append([]driver.Event(nil), wait...), ctx: ctx, run: run}
	return ev, nil
}

func (q *queue) Dispatch(ctx context.Context, k driver.Kernel, args []driver.Arg, nd driver.NDRange, wait []driver.Event) (driver.Event, error) {
	hk, ok := k.(*kernel)
	if !ok {
		return nil, fmt.Errorf("host: kernel of another device: %w", driver.ErrInvalidValue)
	}
	for i := range 3 {
		if nd.Local[i] == 0 || nd.Region[i]%nd.Local[i] != 0 {
			return nil, fmt.Errorf("host: kernel %s: region %v is not made of work-groups of %v: %w", hk.refl.Name, nd.Region, nd.Local, driver.ErrInvalidWorkGroupSize)
		}
	}
	if n := nd.Local[0] * nd.Local[1] * nd.Local[2]; n > maxWorkGroup {
		return nil, fmt.Errorf("host: kernel %s: work-group of %d work-items, at most %d: %w", hk.refl.Name, n, maxWorkGroup, driver.ErrInvalidWorkGroupSize)
	}
	args = append([]driver.Arg(nil), args...)
	for i := range args {
		args[i].Bytes = append([]byte(nil), args[i].Bytes...)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return q.enqueue(ctx, wait, func(ctx context.Context) error { return hk.launch(ctx, args, nd) })
}

func rangeOf(b driver.Buffer, off, n uint64) ([]byte, error) {
	data, err := bytesOf(b)
	if err != nil {
		return nil, err
	}
	if off > uint64(len(data)) || n > uint64(len(data))-off {
		return nil, fmt.Errorf("host: range [%d, %d) out of a buffer of %d bytes: %w", off, off+n, len(data), driver.ErrInvalidValue)
	}
	return data[off : off+n], nil
}

func (q *queue) WriteBuffer(dst driver.Buffer, offset uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	d, err := rangeOf(dst, offset, uint64(len(src)))
	if err != nil {
		return nil, err
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error { copy(d, src); return nil })
}

func (q *queue) ReadBuffer(src driver.Buffer, offset uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	s, err := rangeOf(src, offset, uint64(len(dst)))
	if err != nil {
		return nil, err
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error { copy(dst, s); return nil })
}

func (q *queue) CopyBuffer(src driver.Buffer, srcOffset uint64, dst driver.Buffer, dstOffset, size uint64, wait []driver.Event) (driver.Event, error) {
	s, err := rangeOf(src, srcOffset, size)
	if err != nil {
		return nil, err
	}
	d, err := rangeOf(dst, dstOffset, size)
	if err != nil {
		return nil, err
	}
	if src == dst && srcOffset < dstOffset+size && dstOffset < srcOffset+size {
		return nil, fmt.Errorf("host: overlapping copy: %w", driver.ErrInvalidValue)
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error { copy(d, s); return nil })
}

func (q *queue) FillBuffer(dst driver.Buffer, offset, size uint64, pattern []byte, wait []driver.Event) (driver.Event, error) {
	d, err := rangeOf(dst, offset, size)
	if err != nil {
		return nil, err
	}
	if len(pattern) == 0 || size%uint64(len(pattern)) != 0 {
		return nil, fmt.Errorf("host: fill of %d bytes with a %d-byte pattern: %w", size, len(pattern), driver.ErrInvalidValue)
	}
	pat := append([]byte(nil), pattern...)
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		for i := 0; i < len(d); i += len(pat) {
			copy(d[i:], pat)
		}
		return nil
	})
}

func (q *queue) Marker(wait []driver.Event) (driver.Event, error) {
	return q.enqueue(context.Background(), wait, func(context.Context) error { return nil })
}

// Flush does nothing: commands start as soon as they are enqueued.
func (q *queue) Flush() error { return nil }

func (q *queue) Finish(ctx context.Context) error {
	ev, err := q.Marker(nil)
	if err != nil {
		return err
	}
	if err := ev.Wait(ctx); err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	err, q.err = q.err, nil
	return err
}

// Release lets pending commands finish, then stops the queue's goroutine.
func (q *queue) Release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.closed = true
		close(q.cmds)
	}
}
