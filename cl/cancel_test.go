package cl

import (
	"context"
	"errors"
	"testing"
	"time"
)

// spinSource runs long on any device: each work-item makes n passes of a
// linear congruential step. n stays under 65535, lavapipe's loop limiter
// (driver/vulkan/looplimit.go); the length comes from the NDRange.
const spinSource = `
kernel void spin(global uint *x, uint n) {
	uint v = get_global_id(0);
	for (uint i = 0; i < n; i++)
		v = v * 1664525u + 1013904223u;
	x[get_global_id(0)] = v;
}`

// spinRef is spin's result for work-item id.
func spinRef(id, n uint32) uint32 {
	v := id
	for range n {
		v = v*1664525 + 1013904223
	}
	return v
}

// TestCancelTimeout runs a kernel of seconds under a 100 ms deadline on
// the host driver and on a Vulkan device: the kernel's event fails with a
// cancellation error (ErrCanceled, context.DeadlineExceeded) within about
// 200 ms, so does a read-back enqueued after it (it waits for the kernel),
// Finish then reports nothing, and the queue goes on: a later kernel runs
// and its results are right. On Vulkan the device cannot be interrupted:
// the dispatch is abandoned and the later kernel runs after it.
func TestCancelTimeout(t *testing.T) {
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"host", "vulkan"} {
		t.Run(name, func(t *testing.T) {
			var dev *Device
			for _, d := range devs {
				if d.DriverName() == name && dev == nil {
					dev = d
				}
			}
			if dev == nil {
				t.Skipf("no %s device", name)
			}
			testCancelTimeout(t, dev)
		})
	}
}

func testCancelTimeout(t *testing.T, dev *Device) {
	bg := context.Background()
	clctx, err := CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer clctx.Release()
	q, err := clctx.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	prog, err := clctx.CreateProgramWithSource(spinSource)
	if err != nil {
		t.Fatal(err)
	}
	if err := prog.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := prog.CreateKernel("spin")
	if err != nil {
		t.Fatal(err)
	}
	// Seconds of work on a CPU (lavapipe's loop limiter allows 65535
	// passes); a GPU gets longer loops.
	items, passes := uint64(1<<15), uint32(60000)
	if dev.Info().Type&DeviceTypeGPU != 0 {
		items, passes = 1<<20, 1<<22
	}
	buf, err := clctx.CreateBuffer(MemReadWrite, 4*items, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Release()
	if err := k.SetArgs(buf, passes); err != nil {
		t.Fatal(err)
	}

	deadline, cancel := context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	ev, err := q.Run(deadline, k, NDRange{Global: []uint64{items}})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*items)
	read, err := q.EnqueueReadBuffer(buf, 0, out)
	if err != nil {
		t.Fatal(err)
	}
	rerr := read.Wait(bg)
	readTook := time.Since(start)
	kerr := ev.Wait(bg)
	took := time.Since(start)
	t.Logf("%v: read-back failed after %v, kernel after %v: %v", dev, readTook, took, kerr)

	if !errors.Is(kerr, ErrCanceled) || !errors.Is(kerr, context.DeadlineExceeded) || Code(kerr) != ErrCanceled {
		t.Errorf("cancelled kernel: %v (code %v), want ErrCanceled wrapping context.DeadlineExceeded", kerr, Code(kerr))
	}
	if s := ev.Status(); s != ExecStatus(ErrCanceled) {
		t.Errorf("cancelled kernel's status %d, want %d", s, ErrCanceled)
	}
	if !errors.Is(rerr, ErrExecStatusErrorForEventsInWaitList) || !errors.Is(rerr, context.DeadlineExceeded) {
		t.Errorf("read-back after the cancelled kernel: %v, want a wait-list error wrapping context.DeadlineExceeded", rerr)
	}
	// About 200 ms asked; the bound is looser for a loaded machine.
	if took > 500*time.Millisecond || readTook > 500*time.Millisecond {
		t.Errorf("the cancelled kernel's wait took %v (read-back %v), want about 100 ms", took, readTook)
	}
	if err := q.Finish(bg); err != nil {
		t.Errorf("Finish after the cancelled kernel: %v, want nil (the event reported it)", err)
	}

	// The queue goes on (on Vulkan after the abandoned dispatch).
	const few = 64
	if err := k.SetArgs(buf, uint32(3)); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	if _, err := q.Run(bg, k, NDRange{Global: []uint64{few}}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAll[uint32](bg, q, buf)
	if err != nil {
		t.Fatalf("kernel after the cancelled one: %v", err)
	}
	t.Logf("the next kernel and read-back took %v", time.Since(start))
	for i := range uint32(few) {
		if want := spinRef(i, 3); got[i] != want {
			t.Fatalf("kernel after the cancelled one: x[%d] = %#x, want %#x", i, got[i], want)
		}
	}
	if err := q.Finish(bg); err != nil {
		t.Errorf("Finish: %v", err)
	}
}
