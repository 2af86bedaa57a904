package cl

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Waits from a locked OS thread for a GPU poll before they block.
//
// A goroutine locked to its thread (every call of the C API arrives on
// one: cgo runs each callback locked to the C thread) cannot park cheaply:
// the thread hands its P to another thread and sleeps, and when the
// goroutine is woken the P is handed back, two thread switches of several
// microseconds each where an unlocked goroutine switches in a few hundred
// nanoseconds. runtime.Gosched costs as much (measured on the 2-core
// development VM: 4.8 µs locked, 0.1 µs unlocked; a channel round trip
// 14.7 µs against 0.7), so the Vulkan driver's own polling of a GPU
// command (spinDone, which yields between polls) is slow from such a
// thread. A short kernel on a GPU completes within tens of microseconds,
// so a locked caller polls its event, holding its P and never yielding,
// and blocks only once the wait has lasted spinGPU. The completion
// arrives on another P (the Vulkan driver's completion goroutine).
//
// On a CPU device (the host driver, lavapipe) the poller takes a core
// from the threads doing the work it waits for, and on the host driver
// the goroutine that runs the command is often queued on the poller's own
// P (the enqueue woke it there) and must be stolen first: measured on the
// 2-core VM, a blocking 4-byte clEnqueueWriteBuffer on the host device
// took 8-30 µs blocking at once and 40-44 µs polling first. CPU devices
// block at once.
//
// The ICD does not use it (cmd/libclgo's callerCtx): on an NVIDIA H100
// the poll doubled the ICD's enqueue + clFinish round trip (68-73 µs
// against 27-39). Why the completion is seen later when the caller polls
// is not known; until it is, OnLockedThread is for Go callers that
// measure a gain on their device.

// lockedKey marks a context.Context whose waits come from a locked thread.
type lockedKey struct{}

// OnLockedThread returns ctx for waits (Queue.Finish, Event.Wait,
// WaitForEvents, ReadAll and the like) made from a goroutine locked to its
// OS thread, such as a cgo callback: a wait for a GPU's command polls its
// completion for up to 100 µs, without yielding the thread, before it
// blocks.
func OnLockedThread(ctx context.Context) context.Context {
	return context.WithValue(ctx, lockedKey{}, true)
}

func onLockedThread(ctx context.Context) bool {
	v, _ := ctx.Value(lockedKey{}).(bool)
	return v
}

// spinGPU bounds the polling: a GPU's short kernel ends tens of
// microseconds after its submission.
const spinGPU = 100 * time.Microsecond

// spinBound is how long a wait for a command of dev polls under ctx (0:
// it blocks at once).
func spinBound(ctx context.Context, dev *Device) time.Duration {
	if dev == nil || (dev.info.Type&DeviceTypeGPU == 0 && !spinOnCPU.Load()) || !onLockedThread(ctx) || runtime.GOMAXPROCS(0) < 2 {
		return 0
	}
	return spinGPU
}

// spinOnCPU makes CPU devices poll as GPUs do, for tests.
var spinOnCPU atomic.Bool

// spinDone polls done for up to d, without yielding the thread; it
// reports whether done was closed.
func spinDone(done <-chan struct{}, d time.Duration) bool {
	if d <= 0 {
		return false
	}
	start := time.Now()
	for {
		for range 16 {
			select {
			case <-done:
				return true
			default:
			}
		}
		if time.Since(start) > d {
			return false
		}
	}
}
