package vulkan

import (
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// BenchmarkSubmitCost times vkQueueSubmit from Go, 2000 submissions of
// each command buffer in a tight loop, each waited for by spinning on its
// fence: clgo's kept recording of a launch (reuse.go), then an empty
// buffer, its leading barrier, its barrier to the host, its query reset
// and timestamps, and all three, on a free or a locked OS thread. On the
// H100 each took 1.9-3.0 µs, as vkfloor's C does, while
// BenchmarkLatencyProfiled's launches spent 5.0-5.5 µs in the call
// (docs/performance.md): what costs is the state the call is made in,
// not what is submitted. Run with -test.benchtime 1x.
func BenchmarkSubmitCost(t *testing.B) {
	d := testDevice(t)
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	l, s := d.logical, d.sub
	// A kept recording of a real launch (reuse.go): a profiled dispatch
	// of a small kernel, launched until its batch holds the recording.
	p, err := d.BuildProgram(compile(t, incSrc))
	if err != nil {
		t.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q := mustQueue(t, d, true)
	defer q.Release()
	buf := mustBuffer(t, d, 256)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
	for range 5 {
		ev, err := q.Dispatch(t.Context(), k, args, nd, nil)
		wait(t, ev, err)
	}
	s.recMu.Lock() // the queue is ours while this runs
	defer s.recMu.Unlock()
	var kept uintptr
	s.freeMu.Lock()
	for _, b := range s.free {
		if len(b.key) > 0 {
			kept = b.cb
		}
	}
	s.freeMu.Unlock()
	var cb uintptr
	ai := &vkCommandBufferAllocateInfo{sType: sTypeCommandBufferAllocateInfo, commandPool: s.cmdPool, commandBufferCount: 1}
	if err := check("vkAllocateCommandBuffers", call(l.vkAllocateCommandBuffers, l.handle, uintptr(unsafe.Pointer(ai)), uintptr(unsafe.Pointer(&cb)))); err != nil {
		t.Fatal(err)
	}
	var fence uint64
	fi := &vkFenceCreateInfo{sType: sTypeFenceCreateInfo}
	if err := check("vkCreateFence", call(l.vkCreateFence, l.handle, uintptr(unsafe.Pointer(fi)), 0, uintptr(unsafe.Pointer(&fence)))); err != nil {
		t.Fatal(err)
	}
	var pool uint64
	if l.phys.timestampBits > 0 {
		qi := &vkQueryPoolCreateInfo{sType: sTypeQueryPoolCreateInfo, queryType: queryTypeTimestamp, queryCount: 2 * batchLimit}
		if err := check("vkCreateQueryPool", call(l.vkCreateQueryPool, l.handle, uintptr(unsafe.Pointer(qi)), 0, uintptr(unsafe.Pointer(&pool)))); err != nil {
			t.Fatal(err)
		}
	}
	barrier := func(src, dst, srcA, dstA uint32) {
		mb := &vkMemoryBarrier{sType: sTypeMemoryBarrier, srcAccessMask: srcA, dstAccessMask: dstA}
		call(l.vkCmdPipelineBarrier, cb, uintptr(src), uintptr(dst), 0, 1, uintptr(unsafe.Pointer(mb)), 0, 0, 0, 0)
	}
	all := uint32(accessShaderRead | accessShaderWrite | accessUniformRead | accessTransferRead | accessTransferWrite)
	variants := []struct {
		name   string
		record func()
	}{
		{"empty", func() {}},
		{"leading barrier", func() {
			barrier(pipelineStageComputeShader|pipelineStageTransfer, pipelineStageComputeShader|pipelineStageTransfer, accessShaderWrite|accessTransferWrite, all)
		}},
		{"barrier to host", func() {
			barrier(pipelineStageComputeShader|pipelineStageTransfer, pipelineStageHost, accessTransferWrite|accessShaderWrite, accessHostRead)
		}},
		{"query reset 512 + 2 timestamps", func() {
			if pool != 0 {
				call(l.vkCmdResetQueryPool, cb, uintptr(pool), 0, 2*batchLimit)
				call(l.vkCmdWriteTimestamp, cb, pipelineStageTopOfPipe, uintptr(pool), 0)
				call(l.vkCmdWriteTimestamp, cb, pipelineStageBottomOfPipe, uintptr(pool), 1)
			}
		}},
		{"all three", func() {
			barrier(pipelineStageComputeShader|pipelineStageTransfer, pipelineStageComputeShader|pipelineStageTransfer, accessShaderWrite|accessTransferWrite, all)
			if pool != 0 {
				call(l.vkCmdResetQueryPool, cb, uintptr(pool), 0, 2*batchLimit)
				call(l.vkCmdWriteTimestamp, cb, pipelineStageTopOfPipe, uintptr(pool), 0)
				call(l.vkCmdWriteTimestamp, cb, pipelineStageBottomOfPipe, uintptr(pool), 1)
			}
			barrier(pipelineStageComputeShader|pipelineStageTransfer, pipelineStageHost, accessTransferWrite|accessShaderWrite, accessHostRead)
		}},
	}
	run := func(name string, locked bool) {
		var ts []float64
		si := &vkSubmitInfo{sType: sTypeSubmitInfo, commandBufferCount: 1, pCommandBuffers: &cb}
		for i := range 2200 {
			call(l.vkResetFences, l.handle, 1, uintptr(unsafe.Pointer(&fence)))
			t0 := time.Now()
			r := call(l.vkQueueSubmit, l.queue, 1, uintptr(unsafe.Pointer(si)), uintptr(fence))
			dt := time.Since(t0)
			if err := check("vkQueueSubmit", r); err != nil {
				t.Fatal(err)
			}
			for vkResult(int32(call(l.vkGetFenceStatus, l.handle, uintptr(fence)))) != vkSuccess {
			}
			if i >= 200 {
				ts = append(ts, float64(dt.Nanoseconds())/1e3)
			}
		}
		slices.Sort(ts)
		t.Logf("%-32s locked thread %-5v: vkQueueSubmit median %.2f µs, p10 %.2f, p90 %.2f", name, locked, ts[len(ts)/2], ts[len(ts)/10], ts[len(ts)*9/10])
	}
	if kept != 0 {
		own := cb
		cb = kept
		run("clgo's kept recording of a launch", false)
		cb = own
	} else {
		t.Log("no kept recording")
	}
	for range t.N {
		for _, v := range variants {
			bi := &vkCommandBufferBeginInfo{sType: sTypeCommandBufferBeginInfo}
			if err := check("vkBeginCommandBuffer", call(l.vkBeginCommandBuffer, cb, uintptr(unsafe.Pointer(bi)))); err != nil {
				t.Fatal(err)
			}
			v.record()
			if err := check("vkEndCommandBuffer", call(l.vkEndCommandBuffer, cb)); err != nil {
				t.Fatal(err)
			}
			run(v.name, false)
			runtime.LockOSThread()
			run(v.name, true)
			runtime.UnlockOSThread()
		}
	}
	// The command buffer goes with the pool; the fence and the query pool
	// stay with the test's device.
}
