package vulkan

import (
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
)

// B bytes of buffers take about B bytes of device memory: blocks hold many
// buffers, a large buffer gets a block of its own size, and the only other
// memory is the bounded staging ring.
func BenchmarkBufferMemory(b *testing.B) {
	d := testDevice(b)
	for b.Loop() {
		before := d.MemoryStats()
		const n, size = 100_000, 256
		bufs := make([]driver.Buffer, 0, n+1)
		for range n {
			bufs = append(bufs, mustBuffer(b, d, size))
		}
		small := d.MemoryStats()
		big := mustBuffer(b, d, d.info.MaxAllocSize)
		bufs = append(bufs, big)
		all := d.MemoryStats()
		_ = small
		b.ReportMetric(float64(all.DeviceMemory)/float64(all.BufferBytes), "device-bytes/buffer-byte")
		b.ReportMetric(float64(all.StagingBytes), "staging-bytes")
		b.ReportMetric(float64(all.Blocks), "blocks")
		b.Logf("%d buffers of %d bytes + one of %d: %d bytes of buffers (aligned to %d) in %d blocks of %d bytes total; staging %d",
			n, size, d.info.MaxAllocSize, all.BufferBytes-before.BufferBytes, all.Alignment, all.Blocks, all.DeviceMemory, all.StagingBytes)
		for _, x := range bufs {
			x.Release()
		}
		freed := d.MemoryStats()
		b.ReportMetric(float64(freed.DeviceMemory+freed.KeptBytes), "bytes-after-release")
		b.Logf("after release: %d bytes in %d blocks, %d bytes of freed blocks kept for reuse", freed.DeviceMemory, freed.Blocks, freed.KeptBytes)
	}
}

func TestBufferMemory(t *testing.T) {
	d := testDevice(t)
	before := d.MemoryStats()
	var bufs []driver.Buffer
	for range 10_000 {
		bufs = append(bufs, mustBuffer(t, d, 1024))
	}
	big := mustBuffer(t, d, d.info.MaxAllocSize)
	after := d.MemoryStats()
	used := after.DeviceMemory - before.DeviceMemory
	want := 10_000*1024 + d.info.MaxAllocSize
	t.Logf("%d bytes of buffers in %d bytes of device memory (%d blocks), staging %d", want, used, after.Blocks, after.StagingBytes)
	if used > 2*want {
		t.Errorf("%d bytes of buffers take %d bytes of device memory", want, used)
	}
	big.Release()
	for _, b := range bufs {
		b.Release()
	}
	if end := d.MemoryStats(); end.DeviceMemory > before.DeviceMemory+maxBlock || end.BufferBytes != before.BufferBytes {
		t.Errorf("after release: %+v (before %+v)", end, before)
	}
}

// The launch rate of small kernels: enqueue 10,000, then Finish.
func BenchmarkLaunch(b *testing.B) {
	d := testDevice(b)
	p, err := d.BuildProgram(compile(b, incSrc))
	if err != nil {
		b.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q := mustQueue(b, d, false)
	defer q.Release()
	bufs := []driver.Buffer{mustBuffer(b, d, 256), mustBuffer(b, d, 256)}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	const launches = 10_000
	for b.Loop() {
		start := time.Now()
		for i := range launches {
			// Alternate buffers: independent kernels need no barrier.
			args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: bufs[i%2]}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
			if _, err := q.Dispatch(b.Context(), k, args, nd, nil); err != nil {
				b.Fatal(err)
			}
		}
		if err := q.Finish(b.Context()); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(start).Nanoseconds())/launches, "ns/launch")
	}
}

// BenchmarkLatency is one small kernel enqueued and waited for, again and
// again: the time from Dispatch to the event's completion, what clpeak
// calls kernel launch latency (issue 15 compares it with the vendor's
// OpenCL).
func BenchmarkLatency(b *testing.B) {
	d := testDevice(b)
	p, err := d.BuildProgram(compile(b, incSrc))
	if err != nil {
		b.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q := mustQueue(b, d, false)
	defer q.Release()
	buf := mustBuffer(b, d, 256)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
	var enqueue, flush time.Duration
	n := 0
	re0 := d.sub.resubmits.Load()
	for b.Loop() {
		t0 := time.Now()
		ev, err := q.Dispatch(b.Context(), k, args, nd, nil)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		q.Flush()
		t2 := time.Now()
		if err := ev.Wait(b.Context()); err != nil {
			b.Fatal(err)
		}
		enqueue += t1.Sub(t0)
		flush += t2.Sub(t1)
		n++
	}
	// The host's share: Dispatch (arguments, pipeline lookup) and Flush
	// (recording and vkQueueSubmit), before the device can start.
	b.ReportMetric(float64(enqueue.Nanoseconds())/float64(n), "dispatch-ns/op")
	b.ReportMetric(float64(flush.Nanoseconds())/float64(n), "flush-ns/op")
	b.ReportMetric(float64(d.sub.resubmits.Load()-re0)/float64(n), "resubmitted/op")
}

// Triad bandwidth (bytes moved per second), for comparison with the host
// driver and, on GPUs, with the vendor's OpenCL.
func BenchmarkTriad(b *testing.B) {
	d := testDevice(b)
	p, err := d.BuildProgram(compileFile(b, kernels+"triad.cl"))
	if err != nil {
		b.Fatal(err)
	}
	k, _ := p.Kernel("triad")
	q := mustQueue(b, d, false)
	defer q.Release()
	const n = 1 << 24
	x, y, z := mustBuffer(b, d, 4*n), mustBuffer(b, d, 4*n), mustBuffer(b, d, 4*n)
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: x}, {Kind: driver.ArgBuffer, Buffer: y}, {Kind: driver.ArgBuffer, Buffer: z}, {Kind: driver.ArgPOD, Bytes: f32(3)}}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{256, 1, 1})
	b.SetBytes(3 * 4 * n)
	for b.Loop() {
		if _, err := q.Dispatch(b.Context(), k, args, nd, nil); err != nil {
			b.Fatal(err)
		}
		if err := q.Finish(b.Context()); err != nil {
			b.Fatal(err)
		}
	}
}

// The block of a large buffer is kept once the buffer is freed and taken
// by the next buffer of its size, which starts zeroed; the blocks freed
// longest ago make room for newer ones; with keepLimit 0 a freed block
// goes back to the device.
func TestKeptBlocks(t *testing.T) {
	td := testDevice(t)
	d := &Device{phys: td.phys, info: td.info} // its own memory
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	m := d.mem
	setLimit := func(n uint64) {
		m.mu.Lock()
		m.keepLimit = n
		m.mu.Unlock()
	}
	size := d.info.MaxAllocSize
	setLimit(2 * size) // whatever a 16th of the heap is
	q := mustQueue(t, d, false)
	defer q.Release()
	x := mustBuffer(t, d, size)
	xb, _ := bufferOf(x, d.logical)
	if !xb.blk.own {
		t.Fatalf("a buffer of %d bytes in a fresh device's shared block", size)
	}
	ev, err := q.FillBuffer(x, 0, size, []byte{7}, nil)
	wait(t, ev, err)
	with := d.MemoryStats()
	x.Release()
	if s := d.MemoryStats(); s.KeptBytes != xb.blk.size || s.DeviceMemory != with.DeviceMemory-xb.blk.size {
		t.Fatalf("after release: %+v (with the buffer %+v)", s, with)
	}
	y := mustBuffer(t, d, size)
	yb, _ := bufferOf(y, d.logical)
	if yb.blk != xb.blk {
		t.Error("the kept block was not reused")
	}
	if s := d.MemoryStats(); s.KeptBytes != 0 || s.DeviceMemory != with.DeviceMemory {
		t.Errorf("after reuse: %+v (before %+v)", s, with)
	}
	got := make([]byte, size)
	ev, err = q.ReadBuffer(y, 0, got, nil)
	wait(t, ev, err)
	for i, v := range got {
		if v != 0 {
			t.Fatalf("reused buffer: byte %d = %d, want 0", i, v)
		}
	}

	// Room for one block: a half-size buffer's block (too small to take
	// the kept one, so a new one) pushes the older block out.
	setLimit(yb.blk.size)
	y.Release()
	z := mustBuffer(t, d, size/2)
	zb, _ := bufferOf(z, d.logical)
	if zb.blk == yb.blk {
		t.Fatal("a half-size buffer took the kept block")
	}
	z.Release()
	m.mu.Lock()
	kept, keptBytes := append([]*block(nil), m.kept...), m.keptBytes
	m.mu.Unlock()
	if len(kept) != 1 || kept[0] != zb.blk || keptBytes != zb.blk.size {
		t.Errorf("kept %d blocks, %d bytes; want only the newest (%d bytes)", len(kept), keptBytes, zb.blk.size)
	}

	w := mustBuffer(t, d, size/2)
	setLimit(0)
	w.Release()
	if s := d.MemoryStats(); s.KeptBytes != 0 || s.DeviceMemory != with.DeviceMemory-xb.blk.size {
		t.Errorf("keep limit 0: %+v", s)
	}
}

// A block freed before the batch that would clear its buffers leaves no
// clear behind: its VkBuffer may be destroyed by then.
func TestFreedBlockNotCleared(t *testing.T) {
	td := testDevice(t)
	d := &Device{phys: td.phys, info: td.info}
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	d.mem.mu.Lock()
	d.mem.keepLimit = 0
	d.mem.hostMapped = false // clears on the device, as on GPUs
	d.mem.mu.Unlock()
	x := mustBuffer(t, d, d.info.MaxAllocSize)
	xb, _ := bufferOf(x, d.logical)
	x.Release()
	for _, z := range d.mem.takeZero() {
		if z.buf == xb.blk.buf {
			t.Fatalf("a clear of the freed block is pending: %+v", z)
		}
	}
	// The device goes on working.
	q := mustQueue(t, d, false)
	defer q.Release()
	y := mustBuffer(t, d, 64)
	ev, err := q.WriteBuffer(y, 0, make([]byte, 64), nil)
	wait(t, ev, err)
}

// BenchmarkLatencyProfiled is clpeak's kernel launch latency: one small
// kernel enqueued on a profiling queue, Finish, then
// CL_PROFILING_COMMAND_START minus CL_PROFILING_COMMAND_QUEUED, averaged
// (queued-to-start-ns); submit-to-start-ns is the device's share of it.
func BenchmarkLatencyProfiled(b *testing.B) {
	d := testDevice(b)
	p, err := d.BuildProgram(compile(b, incSrc))
	if err != nil {
		b.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q := mustQueue(b, d, true)
	defer q.Release()
	buf := mustBuffer(b, d, 256)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
	var queuedToStart, submitToStart, endToFence, fenceToDone, doneToReturn, submitToTaken, submitCall int64
	n := 0
	traceOn.Store(true)
	defer traceOn.Store(false)
	for b.Loop() {
		ev, err := q.Dispatch(b.Context(), k, args, nd, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := q.Finish(b.Context()); err != nil {
			b.Fatal(err)
		}
		back := driver.Now()
		pr, ok := ev.Profile()
		if !ok {
			b.Fatal("no profile")
		}
		queuedToStart += int64(pr.Start) - int64(pr.Queued)
		submitToStart += int64(pr.Start) - int64(pr.Submit)
		// Where the rest of the round trip goes (spin.go's trace): the
		// complete goroutine taking the batch, seeing its fence after
		// the kernel's end, completing the events; Finish returning.
		submitToTaken += int64(trace.gotBatch.Load()) - int64(pr.Submit)
		submitCall += int64(trace.submitCall.Load())
		endToFence += int64(trace.fenceSeen.Load()) - int64(pr.End)
		fenceToDone += int64(trace.finishing.Load()) - int64(trace.fenceSeen.Load())
		doneToReturn += int64(back) - int64(trace.finishing.Load())
		n++
	}
	b.ReportMetric(float64(queuedToStart)/float64(n), "queued-to-start-ns")
	b.ReportMetric(float64(submitToStart)/float64(n), "submit-to-start-ns")
	b.ReportMetric(float64(submitToTaken)/float64(n), "submit-to-taken-ns")
	b.ReportMetric(float64(submitCall)/float64(n), "vkQueueSubmit-ns")
	b.ReportMetric(float64(endToFence)/float64(n), "end-to-fence-ns")
	b.ReportMetric(float64(fenceToDone)/float64(n), "fence-to-finishing-ns")
	b.ReportMetric(float64(doneToReturn)/float64(n), "finishing-to-return-ns")
}
