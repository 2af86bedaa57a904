package vulkan

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Short waits spin. A small kernel on a GPU completes within tens of
// microseconds of its submission, and a thread put to sleep in
// vkWaitForFences (or a goroutine parked on a channel) takes about as long
// again to wake: clpeak's kernel launch latency on the H100 was 53 µs
// against 6.8 µs for NVIDIA's OpenCL, which spins as CUDA does. So the
// completing goroutine polls the fence, and a waiter polls its event, for
// spinFor before blocking. CPU devices (lavapipe) never spin: there the
// polling thread would take a core from the kernel it waits for.
const spinFor = 100 * time.Microsecond

// spins reports whether waits on device l spin first (and whether
// commands that find it idle are submitted at once: submitNow).
func (l *logical) spins() bool {
	return l.phys.props.deviceType != physicalDeviceTypeCPU || spinOnCPU.Load()
}

// spinOnCPU makes CPU devices take the GPU's paths, for tests on lavapipe.
var spinOnCPU atomic.Bool

// spinFence polls fence until it is signalled or spinFor has passed; it
// reports whether it saw the fence signalled.
func (l *logical) spinFence(fence *uint64) bool {
	if !l.spins() {
		return false
	}
	start := time.Now()
	for {
		if vkResult(int32(call(l.vkGetFenceStatus, l.handle, uintptr(*fence)))) == vkSuccess {
			return true
		}
		if time.Since(start) > spinFor {
			return false
		}
	}
}

// spinDone polls done until it is closed or spinFor has passed.
func spinDone(done <-chan struct{}) {
	start := time.Now()
	for time.Since(start) <= spinFor {
		select {
		case <-done:
			return
		default:
			runtime.Gosched()
		}
	}
}

// Wait flushes the device's pending commands, as every event wait does,
// and on a GPU polls for spinFor before it blocks.
func (e *event) Wait(ctx context.Context) error {
	if e.s.l.spins() {
		select {
		case <-e.Done():
		default:
			e.s.flush()
			spinDone(e.Done())
		}
	}
	return e.BasicEvent.Wait(ctx)
}

// traceOn turns on the latency trace, the host times of the last batch's
// steps in the complete goroutine, for BenchmarkLatencyProfiled.
var traceOn atomic.Bool

var trace struct {
	submitCall atomic.Uint64 // how long the last vkQueueSubmit took (ns)
	gotBatch   atomic.Uint64 // the goroutine took the batch (driver.Now)
	fenceSeen  atomic.Uint64 // it saw the fence signalled
	finishing  atomic.Uint64 // it was about to complete its commands' events
}
