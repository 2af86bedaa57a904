package vulkan

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/config"
)

// Batching: commands wait in one device-wide list, in the order they were
// enqueued on any queue, and are recorded into a command buffer when a
// queue flushes, a wait needs them, or batchLimit are pending.
const (
	batchLimit  = 256 // commands per batch (and timestamp pairs per query pool)
	maxInFlight = 8   // batches submitted and not yet complete
)

// event is a command's event; waiting on it flushes the device's pending
// commands.
type event struct {
	*driver.BasicEvent
	s    *submitter
	deps dependents // cancel.go
}

// batch is one command buffer with what its completion must do.
type batch struct {
	cb         uintptr
	fence      uint64
	queries    uint64 // VkQueryPool with 2*batchLimit timestamps
	nQueries   uint32
	descPool   uint64 // for kernels without push descriptors
	cmds       []*command
	after      []func() // host work once the batch completed (read-backs)
	ringMark   uint64
	staged     bool // it holds staging ring space
	zeroed     bool // it starts by clearing fresh buffers
	submitInfo vkSubmitInfo
	recording
	reuse // reuse.go
}

// submitter owns the device's command stream: the pending list, the
// recording of batches, their submission to the one VkQueue, and a
// goroutine that completes them in order.
type submitter struct {
	l *logical

	mu      sync.Mutex
	pending []*command
	spare   []*command // the last flush's list, emptied, for the next (recMu)
	flushFn func()     // s.flush, made once: every event's OnWait

	recMu    sync.Mutex // recording and vkQueueSubmit
	cmdPool  uint64
	made     int
	inflight chan *batch
	failed   error  // device lost: every later command fails
	key      []byte // scratch for reuseKey (reuse.go)
	noReuse  bool   // CLGO_VULKAN_REUSE=0
	// resubmits counts kept recordings submitted again (reuse.go).
	resubmits atomic.Int64
	// busy counts batches submitted and not yet completed.
	busy atomic.Int32

	// Completed batches, in the order they completed; some hold a
	// recording that a repeated launch re-submits (reuse.go).
	freeMu   sync.Mutex
	freeCond *sync.Cond
	free     []*batch

	// lost is the error of a batch whose fence wait failed (device lost),
	// set by the complete goroutine: every later command fails with it
	// instead of being submitted to a device that no longer runs them.
	lostMu sync.Mutex
	lost   error
}

// deviceLost returns the error that makes every new command fail, or nil.
func (s *submitter) deviceLost() error {
	s.lostMu.Lock()
	defer s.lostMu.Unlock()
	if s.lost != nil {
		return s.lost
	}
	return s.failed
}

func newSubmitter(l *logical) (*submitter, error) {
	s := &submitter{l: l, inflight: make(chan *batch, maxInFlight)}
	s.freeCond = sync.NewCond(&s.freeMu)
	s.flushFn = s.flush
	s.noReuse = config.Get(config.VulkanReuse) == "0"
	ci := &vkCommandPoolCreateInfo{sType: sTypeCommandPoolCreateInfo, flags: commandPoolResetCommandBuffer, queueFamilyIndex: uint32(l.phys.family)}
	if err := check("vkCreateCommandPool", call(l.vkCreateCommandPool, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&s.cmdPool)))); err != nil {
		return nil, err
	}
	go s.complete()
	return s, nil
}

func (s *submitter) newEvent(q *queue) *event {
	profiling := q != nil && q.profiling
	e := &event{BasicEvent: driver.NewBasicEvent(profiling), s: s}
	e.OnWait = s.flushFn
	return e
}

// enqueue adds a command; a full list is flushed at once, and so is a
// command that finds a GPU idle (submitNow).
func (s *submitter) enqueue(c *command) {
	s.mu.Lock()
	s.pending = append(s.pending, c)
	full := len(s.pending) >= batchLimit
	now := len(s.pending) == 1 && s.submitNow(c)
	s.mu.Unlock()
	if full || now {
		s.flush()
	}
}

// submitNow reports whether c, the only pending command, is submitted as
// it is enqueued rather than at the next flush: on a GPU with no batch in
// flight there is nothing to batch it with, and every microsecond until
// clFinish or a wait flushes it is latency (clpeak's kernel launch
// latency counts from the enqueue). Commands that wait for events of
// another device or user events stay pending: flush would block in
// ready() until those complete; so do all on a lost device. s.mu is
// held.
func (s *submitter) submitNow(c *command) bool {
	if s.busy.Load() != 0 || s.deviceLost() != nil || !s.l.spins() {
		return false
	}
	for _, w := range c.wait {
		if e, ok := w.(*event); w != nil && (!ok || e.s != s) {
			return false
		}
	}
	return true
}

// flush records and submits every pending command.
func (s *submitter) flush() {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	s.mu.Lock()
	cmds := s.pending
	s.pending, s.spare = s.spare, nil
	s.mu.Unlock()
	if len(cmds) == 0 {
		s.spare = cmds
		return
	}
	defer func() {
		clear(cmds)
		s.spare = cmds[:0]
	}()
	if err := s.deviceLost(); err != nil {
		for _, c := range cmds {
			c.finish(err)
		}
		return
	}
	var key []byte
	if len(cmds) == 1 && !s.noReuse && !s.l.mem.hasZero() {
		if err := s.ready(cmds[0]); err != nil {
			cmds[0].finish(err)
			return
		}
		key = s.reuseKey(cmds[0])
	}
	b, reused, err := s.begin(key)
	if err != nil {
		s.fail(cmds, err)
		return
	}
	if reused {
		s.resubmit(b, cmds[0])
		return
	}
	first := b
	for i, c := range cmds {
		if err := s.ready(c); err != nil {
			c.finish(err)
			continue
		}
		if len(b.cmds) >= batchLimit {
			if b, err = s.next(b); err != nil {
				s.fail(cmds[i:], err)
				return
			}
		}
		if b, err = s.record(b, c); err != nil {
			c.finish(err)
			if b == nil {
				s.fail(cmds[i+1:], err)
				return
			}
			continue
		}
		b.cmds = append(b.cmds, c)
	}
	if key != nil && b == first && len(b.cmds) == 1 && !b.staged && !b.zeroed {
		b.keep(key, s.l.mem.generation())
	}
	if err := s.submit(b); err != nil {
		s.failed = err
	}
}

// ready checks a command before it is recorded: a cancelled dispatch or a
// failed event in the wait list fail it.
func (s *submitter) ready(c *command) error {
	if err := c.ev.Err(); err != nil {
		return err // abandoned before it was recorded (cancel.go)
	}
	if c.ctx != nil && c.ctx.Err() != nil {
		return fmt.Errorf("vulkan: %w: %w", driver.ErrCanceled, context.Cause(c.ctx))
	}
	for _, w := range c.wait {
		if w == nil {
			continue
		}
		if e, ok := w.(*event); ok && e.s == s {
			// Recorded earlier in this stream: ordered by the barriers; it
			// can only have failed already, or it will succeed.
			if err := e.Err(); err != nil {
				if errors.Is(err, driver.ErrWaitListFailed) {
					return err // keep the root cause, unnested
				}
				return &waitListError{err}
			}
			continue
		}
		// Not an event of this device: the contract rules this out; wait.
		if err := driver.WaitAll(context.Background(), []driver.Event{w}); err != nil {
			return err
		}
	}
	return nil
}

// batchError is the error of command c of a batch that failed: a dispatch
// names its kernel, since the device does not say which command of the
// batch failed.
func batchError(c *command, err error) error {
	if err == nil || c.disp == nil || c.disp.k == nil {
		return err
	}
	return &driver.KernelError{Kernel: c.disp.k.refl.Name, Arg: -1, Detail: "the batch of commands that held it failed", Err: err}
}

type waitListError struct{ err error }

func (e *waitListError) Error() string {
	return driver.ErrWaitListFailed.Error() + ": " + e.err.Error()
}
func (e *waitListError) Unwrap() []error { return []error{driver.ErrWaitListFailed, e.err} }

func (s *submitter) fail(cmds []*command, err error) {
	for _, c := range cmds {
		c.finish(err)
	}
}

// begin takes a free batch (or makes one, or waits for one) and starts
// recording it. With a reuse key (reuse.go), a free batch that holds the
// recording of that key is returned as it is, reused set: it only needs
// submitting again.
func (s *submitter) begin(key []byte) (b *batch, reused bool, err error) {
	if b, reused, err = s.takeFree(key); err != nil || reused {
		return b, reused, err
	}
	l := s.l
	// vkBeginCommandBuffer resets the buffer: its pool allows it
	// (commandPoolResetCommandBuffer).
	if err := check("vkResetFences", call(l.vkResetFences, l.handle, 1, uintptr(unsafe.Pointer(&b.fence)))); err != nil {
		s.putFree(b)
		return nil, false, err
	}
	if b.descPool != 0 {
		call(l.vkResetDescriptorPool, l.handle, uintptr(b.descPool), 0)
	}
	// A recording that may be submitted again is not one-time.
	bi := &vkCommandBufferBeginInfo{sType: sTypeCommandBufferBeginInfo}
	if key == nil {
		bi.flags = commandBufferOneTimeSubmit
	}
	if err := check("vkBeginCommandBuffer", call(l.vkBeginCommandBuffer, b.cb, uintptr(unsafe.Pointer(bi)))); err != nil {
		s.putFree(b)
		return nil, false, err
	}
	b.cmds, b.after, b.nQueries, b.staged, b.zeroed = b.cmds[:0], b.after[:0], 0, false, false
	b.recording.reset()
	b.reusable, b.podUsed, b.podOffs = key != nil, 0, b.podOffs[:0]
	// Clear fresh buffers, then order this batch after every earlier
	// submission (of any queue of the device).
	for _, z := range l.mem.takeZero() {
		call(l.vkCmdFillBuffer, b.cb, uintptr(z.buf), uintptr(z.off), uintptr(z.size), 0)
		b.zeroed = true
	}
	s.barrier(b, pipelineStageComputeShader|pipelineStageTransfer)
	return b, false, nil
}

// takeFree takes the free batch holding the recording of key, if any,
// else a free batch (one holding no recording first, then the one that
// completed longest ago), else a new one while fewer than maxInFlight
// exist, else it waits for one to complete.
func (s *submitter) takeFree(key []byte) (*batch, bool, error) {
	s.freeMu.Lock()
	defer s.freeMu.Unlock()
	for len(s.free) == 0 && s.made >= maxInFlight {
		s.freeCond.Wait()
	}
	if key != nil {
		gen := s.l.mem.generation()
		for i, b := range s.free {
			if b.holds(key, gen) {
				s.free = append(s.free[:i], s.free[i+1:]...)
				return b, true, nil
			}
		}
	}
	if len(s.free) == 0 {
		b, err := s.newBatch()
		if err != nil {
			return nil, false, err
		}
		s.made++
		return b, false, nil
	}
	pick := 0
	for i, b := range s.free {
		if len(b.key) == 0 {
			pick = i
			break
		}
	}
	b := s.free[pick]
	s.free = append(s.free[:pick], s.free[pick+1:]...)
	b.key = b.key[:0:0] // its recording is about to go
	return b, false, nil
}

// putFree returns a batch that completed (or was never submitted).
func (s *submitter) putFree(b *batch) {
	s.freeMu.Lock()
	s.free = append(s.free, b)
	s.freeCond.Signal()
	s.freeMu.Unlock()
}

func (s *submitter) newBatch() (*batch, error) {
	l := s.l
	b := &batch{}
	ai := &vkCommandBufferAllocateInfo{sType: sTypeCommandBufferAllocateInfo, commandPool: s.cmdPool, commandBufferCount: 1}
	if err := check("vkAllocateCommandBuffers", call(l.vkAllocateCommandBuffers, l.handle, uintptr(unsafe.Pointer(ai)), uintptr(unsafe.Pointer(&b.cb)))); err != nil {
		return nil, err
	}
	fi := &vkFenceCreateInfo{sType: sTypeFenceCreateInfo}
	if err := check("vkCreateFence", call(l.vkCreateFence, l.handle, uintptr(unsafe.Pointer(fi)), 0, uintptr(unsafe.Pointer(&b.fence)))); err != nil {
		return nil, err
	}
	if l.phys.timestampBits > 0 {
		qi := &vkQueryPoolCreateInfo{sType: sTypeQueryPoolCreateInfo, queryType: queryTypeTimestamp, queryCount: 2 * batchLimit}
		if err := check("vkCreateQueryPool", call(l.vkCreateQueryPool, l.handle, uintptr(unsafe.Pointer(qi)), 0, uintptr(unsafe.Pointer(&b.queries)))); err != nil {
			return nil, err
		}
	}
	sizes := []vkDescriptorPoolSize{{descriptorTypeStorageBuffer, 16 * batchLimit}, {descriptorTypeUniformBuffer, 4 * batchLimit},
		{descriptorTypeSampler, 4 * batchLimit}, {descriptorTypeSampledImage, 4 * batchLimit}, {descriptorTypeStorageImage, 4 * batchLimit},
		{descriptorTypeUniformTexelBuffer, batchLimit}, {descriptorTypeStorageTexelBuffer, batchLimit}}
	pi := &vkDescriptorPoolCreateInfo{sType: sTypeDescriptorPoolCreateInfo, maxSets: 2 * batchLimit, poolSizeCount: uint32(len(sizes)), pPoolSizes: &sizes[0]}
	if err := check("vkCreateDescriptorPool", call(l.vkCreateDescriptorPool, l.handle, uintptr(unsafe.Pointer(pi)), 0, uintptr(unsafe.Pointer(&b.descPool)))); err != nil {
		return nil, err
	}
	// The fence starts unsignalled; begin resets it anyway.
	return b, nil
}

// next submits b and begins another batch.
func (s *submitter) next(b *batch) (*batch, error) {
	if err := s.submit(b); err != nil {
		s.failed = err
		return nil, err
	}
	b, _, err := s.begin(nil)
	return b, err
}

// submit ends and submits b; its completion is handled in order by the
// complete goroutine.
func (s *submitter) submit(b *batch) error {
	l := s.l
	// Make transfers into staging visible to the host reading them back.
	mb := &vkMemoryBarrier{sType: sTypeMemoryBarrier, srcAccessMask: accessTransferWrite | accessShaderWrite, dstAccessMask: accessHostRead}
	call(l.vkCmdPipelineBarrier, b.cb, pipelineStageComputeShader|pipelineStageTransfer, pipelineStageHost, 0, 1, uintptr(unsafe.Pointer(mb)), 0, 0, 0, 0)
	if err := check("vkEndCommandBuffer", call(l.vkEndCommandBuffer, b.cb)); err != nil {
		s.fail(b.cmds, err)
		b.key = nil
		s.putFree(b)
		return err
	}
	return s.queueSubmit(b)
}

// queueSubmit submits b's recorded command buffer.
func (s *submitter) queueSubmit(b *batch) error {
	l := s.l
	b.ringMark = l.staging.mark()
	for _, c := range b.cmds {
		c.ev.SetStatus(driver.Submitted)
	}
	si := &b.submitInfo // in the batch: no allocation per submission
	*si = vkSubmitInfo{sType: sTypeSubmitInfo, commandBufferCount: 1, pCommandBuffers: &b.cb}
	var t0 uint64
	if traceOn.Load() {
		t0 = driver.Now()
	}
	r := call(l.vkQueueSubmit, l.queue, 1, uintptr(unsafe.Pointer(si)), uintptr(b.fence))
	if t0 != 0 {
		trace.submitCall.Store(driver.Now() - t0)
	}
	if err := check("vkQueueSubmit", r); err != nil {
		s.fail(b.cmds, err)
		b.key = nil
		s.putFree(b)
		return err
	}
	s.busy.Add(1)
	s.inflight <- b
	return nil
}

// tickClock turns device timestamps into driver.Now times: device tick
// `tick` was at host time `host`.
type tickClock struct {
	tick, host uint64
	period     float64 // ns per tick
}

func (t tickClock) at(tick uint64) uint64 {
	return uint64(int64(t.host) + int64(float64(int64(tick-t.tick))*t.period))
}

// clockFor is the tickClock of a batch whose last timestamp is last: the
// calibration where the device has one; otherwise last is taken to be
// now.
func (s *submitter) clockFor(last uint64) tickClock {
	t := tickClock{tick: last, period: float64(s.l.phys.props.limits.timestampPeriod)}
	c := s.l.clock
	if c.stale() {
		c.calibrate()
	}
	if dev, host, ok := c.mapping(); ok {
		t.tick, t.host = dev, host
	} else {
		t.host = driver.Now()
	}
	return t
}

// complete waits for batches in submission order and finishes their
// commands: read-backs, timestamps, events, references.
func (s *submitter) complete() {
	l := s.l
	ts := make([]uint64, 2*batchLimit)
	var done []*command // the batch's commands, finished after it is free
	for b := range s.inflight {
		var err error
		tr := traceOn.Load()
		if tr {
			trace.gotBatch.Store(driver.Now())
		}
		for !l.spinFence(&b.fence) {
			r := vkResult(int32(call(l.vkWaitForFences, l.handle, 1, uintptr(unsafe.Pointer(&b.fence)), 1, uintptr(1e9))))
			if r == vkTimeout {
				continue
			}
			if r < 0 {
				err = &vkError{Call: "vkWaitForFences", Result: r}
				s.lostMu.Lock()
				if s.lost == nil {
					s.lost = err
				}
				s.lostMu.Unlock()
			}
			break
		}
		if tr {
			trace.fenceSeen.Store(driver.Now())
		}
		var clock tickClock
		nq := b.nQueries // the timestamps read back (a kept recording keeps b.nQueries)
		if err == nil && nq > 0 {
			if check("vkGetQueryPoolResults", call(l.vkGetQueryPoolResults, l.handle, uintptr(b.queries), 0, uintptr(nq),
				uintptr(8*nq), uintptr(unsafe.Pointer(&ts[0])), 8, queryResult64)) != nil {
				nq = 0
			} else {
				clock = s.clockFor(ts[nq-1])
			}
		}
		if err == nil {
			for _, f := range b.after {
				f()
			}
		}
		l.staging.release(b.ringMark)
		// The batch goes back before its events complete: a waiter that
		// launches the same kernel again at once finds its recording
		// free (reuse.go) instead of racing this goroutine.
		done = append(done[:0], b.cmds...)
		clear(b.cmds)
		b.cmds = b.cmds[:0]
		b.after = b.after[:0]
		s.putFree(b)
		s.busy.Add(-1)
		if tr {
			trace.finishing.Store(driver.Now())
		}
		for _, c := range done {
			var p driver.Profile
			if err == nil && c.query >= 0 && uint32(c.query+1) < nq {
				p.Start, p.End = clock.at(ts[c.query]), clock.at(ts[c.query+1])
			}
			cerr := batchError(c, err)
			if cerr == nil {
				cerr = c.failed
			}
			c.finishAt(cerr, p)
		}
		clear(done)
		if nq > 0 && l.clock.stale() {
			l.clock.calibrate() // for the next batch, off the path of this one
		}
	}
}
