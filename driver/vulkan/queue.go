package vulkan

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/clgo/clgo/driver"
)

// queue is an in-order queue: a view of the device's command stream that
// remembers its own last event and first error.
type queue struct {
	d         *logical
	s         *submitter
	profiling bool

	mu       sync.Mutex
	last     *event
	err      error
	released bool
}

// NewQueue creates an in-order queue.
func (d *Device) NewQueue(opts driver.QueueOptions) (driver.Queue, error) {
	if err := d.open(); err != nil {
		return nil, err
	}
	return &queue{d: d.logical, s: d.sub, profiling: opts.Profiling && d.phys.timestampBits > 0}, nil
}

type cmdKind uint8

const (
	cmdDispatch cmdKind = iota
	cmdWrite
	cmdRead
	cmdCopy
	cmdFill
	cmdMarker
	cmdImageInit     // layout UNDEFINED -> GENERAL and clear to zero
	cmdImageWrite    // host bytes (WriteImage, FillImage) -> image
	cmdImageRead     // image -> host bytes
	cmdImageCopy     // image -> image
	cmdImageToBuffer // image -> buffer (c.dst)
	cmdBufferToImage // buffer (c.src) -> image
)

// command is one enqueued command, kept as a Go value until its batch is
// recorded.
type command struct {
	kind cmdKind
	q    *queue
	ev   *event
	wait []driver.Event
	ctx  context.Context

	dst, src       *Buffer
	dstOff, srcOff uint64
	size           uint64
	host           []byte // WriteBuffer source, ReadBuffer destination
	// area holds host when it is a staging area (hoststage.go): the
	// device copies straight to or from it, at areaOff.
	area    *hostArea
	areaOff uint64
	pattern []byte
	disp    *dispatchCmd
	img     *imageCmd
	query   int // first timestamp query in its batch, or -1
	// failed is set by the batch's host work when the command ran but
	// must not report success (a kernel cut short by the loop limiter).
	failed error
	cancel cancelState // cancel.go
}

func (c *command) finish(err error) { c.finishAt(err, driver.Profile{}) }

// finishAt completes the command: it drops its buffer references and
// completes its event.
func (c *command) finishAt(err error, p driver.Profile) {
	if c.dst != nil {
		c.dst.unref()
	}
	if c.src != nil {
		c.src.unref()
	}
	if c.disp != nil {
		c.disp.release()
	}
	c.img.release()
	c.releaseArea()
	// Finish reports a command's own failure; one that failed because of
	// its wait list, or was cancelled, is reported by its event only.
	if err != nil && c.q != nil && !errors.Is(err, driver.ErrWaitListFailed) && !errors.Is(err, driver.ErrCanceled) {
		c.q.mu.Lock()
		if c.q.err == nil {
			c.q.err = err
		}
		c.q.mu.Unlock()
	}
	c.ev.FinishAt(err, p)
	c.unwatch()
}

// enqueue hands c to the device's stream with a new event.
func (q *queue) enqueue(c *command, wait []driver.Event) (driver.Event, error) {
	q.mu.Lock()
	if q.released {
		q.mu.Unlock()
		c.release()
		return nil, fmt.Errorf("vulkan: queue released: %w", driver.ErrInvalidCommandQueue)
	}
	c.q = q
	c.ev = q.s.newEvent(q)
	c.query = -1
	if len(wait) > 0 {
		c.wait = append([]driver.Event(nil), wait...)
	}
	q.last = c.ev
	q.mu.Unlock()
	q.s.watch(c)
	q.s.enqueue(c)
	return c.ev, nil
}

// release drops the references of a command that was never enqueued.
func (c *command) release() {
	if c.dst != nil {
		c.dst.unref()
	}
	if c.src != nil {
		c.src.unref()
	}
	if c.disp != nil {
		c.disp.release()
	}
	c.img.release()
	c.releaseArea()
}

// releaseArea drops the command's reference to its staging area.
func (c *command) releaseArea() {
	if c.area != nil {
		c.dstOrSrc().l.hostAreas.unref(c.area)
		c.area = nil
	}
}

// dstOrSrc is the buffer of a read or write.
func (c *command) dstOrSrc() *Buffer {
	if c.dst != nil {
		return c.dst
	}
	return c.src
}

func (q *queue) WriteBuffer(dst driver.Buffer, offset uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	b, err := bufferOf(dst, q.d)
	if err != nil {
		return nil, err
	}
	if err := checkRange(b, offset, uint64(len(src))); err != nil {
		return nil, err
	}
	b.ref()
	c := &command{kind: cmdWrite, dst: b, dstOff: offset, size: uint64(len(src)), host: src}
	c.area, c.areaOff = q.d.hostAreas.find(src)
	return q.enqueue(c, wait)
}

func (q *queue) ReadBuffer(src driver.Buffer, offset uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	b, err := bufferOf(src, q.d)
	if err != nil {
		return nil, err
	}
	if err := checkRange(b, offset, uint64(len(dst))); err != nil {
		return nil, err
	}
	b.ref()
	c := &command{kind: cmdRead, src: b, srcOff: offset, size: uint64(len(dst)), host: dst}
	c.area, c.areaOff = q.d.hostAreas.find(dst)
	return q.enqueue(c, wait)
}

func (q *queue) CopyBuffer(src driver.Buffer, srcOffset uint64, dst driver.Buffer, dstOffset, size uint64, wait []driver.Event) (driver.Event, error) {
	s, err := bufferOf(src, q.d)
	if err != nil {
		return nil, err
	}
	d, err := bufferOf(dst, q.d)
	if err != nil {
		return nil, err
	}
	if err := checkRange(s, srcOffset, size); err != nil {
		return nil, err
	}
	if err := checkRange(d, dstOffset, size); err != nil {
		return nil, err
	}
	if s == d && srcOffset < dstOffset+size && dstOffset < srcOffset+size {
		return nil, fmt.Errorf("vulkan: overlapping copy: %w", driver.ErrInvalidValue)
	}
	s.ref()
	d.ref()
	return q.enqueue(&command{kind: cmdCopy, src: s, srcOff: srcOffset, dst: d, dstOff: dstOffset, size: size}, wait)
}

func (q *queue) FillBuffer(dst driver.Buffer, offset, size uint64, pattern []byte, wait []driver.Event) (driver.Event, error) {
	b, err := bufferOf(dst, q.d)
	if err != nil {
		return nil, err
	}
	if err := checkRange(b, offset, size); err != nil {
		return nil, err
	}
	if len(pattern) == 0 || size%uint64(len(pattern)) != 0 {
		return nil, fmt.Errorf("vulkan: fill of %d bytes with a %d-byte pattern: %w", size, len(pattern), driver.ErrInvalidValue)
	}
	b.ref()
	return q.enqueue(&command{kind: cmdFill, dst: b, dstOff: offset, size: size, pattern: append([]byte(nil), pattern...)}, wait)
}

func (q *queue) Marker(wait []driver.Event) (driver.Event, error) {
	return q.enqueue(&command{kind: cmdMarker}, wait)
}

// Flush submits every pending command of the device.
func (q *queue) Flush() error {
	q.s.flush()
	return nil
}

// Finish flushes and waits for the queue's last command, then returns the
// first error of its commands since the last Finish.
func (q *queue) Finish(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	q.mu.Lock()
	last := q.last
	q.mu.Unlock()
	if last != nil {
		q.s.flush()
		if q.d != nil && q.d.spins() {
			spinDone(last.Done()) // spin.go: clFinish after a short kernel
		}
		select {
		case <-last.Done():
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	err := q.err
	q.err = nil
	return err
}

// Release submits what is pending; the commands complete in the
// background.
func (q *queue) Release() {
	q.mu.Lock()
	q.released = true
	q.mu.Unlock()
	q.s.flush()
}
