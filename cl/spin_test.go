package cl

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"
)

// TestLockedThreadWaits: the waits of a goroutine locked to its thread
// (as the ICD's are) on every device:
// Finish after a kernel, Event.Wait of a write, WaitForEvents of a read,
// and a Finish whose context ends while a user event holds the queue.
func TestLockedThreadWaits(t *testing.T) {
	const src = `kernel void add(global uint *x, uint v) { x[get_global_id(0)] += v; }`
	for _, d := range realDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			done := make(chan struct{})
			go func() {
				defer close(done)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				testLockedThreadWaits(t, d, src)
			}()
			<-done
		})
	}
}

func testLockedThreadWaits(t *testing.T, d *Device, src string) {
	ctx := context.Background()
	c, err := CreateContext(d)
	if err != nil {
		t.Error(err)
		return
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Error(err)
		return
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Error(err)
		return
	}
	defer p.Release()
	if err := p.Build(""); err != nil {
		t.Error(err)
		return
	}
	k, err := p.CreateKernel("add")
	if err != nil {
		t.Error(err)
		return
	}
	defer k.Release()
	x, _ := CreateBufferFrom(c, MemReadWrite, []uint32{1, 2, 3, 4})
	defer x.Release()
	if err := k.SetArgs(x, uint32(10)); err != nil {
		t.Error(err)
		return
	}
	for range 3 {
		if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4}, nil); err != nil {
			t.Error(err)
			return
		}
		if err := q.Finish(ctx); err != nil {
			t.Errorf("Finish: %v", err)
		}
	}
	if err := q.Finish(ctx); err != nil { // idle
		t.Errorf("idle Finish: %v", err)
	}
	w, err := q.EnqueueWriteBuffer(x, 4, []byte{100, 0, 0, 0})
	if err != nil {
		t.Error(err)
		return
	}
	if err := w.Wait(ctx); err != nil {
		t.Errorf("Wait of the write: %v", err)
	}
	out := make([]byte, 16)
	r, err := q.EnqueueReadBuffer(x, 0, out)
	if err != nil {
		t.Error(err)
		return
	}
	if err := WaitForEvents(ctx, r); err != nil {
		t.Errorf("WaitForEvents of the read: %v", err)
	}
	got := []uint32{}
	for i := 0; i < 16; i += 4 {
		got = append(got, uint32(out[i])|uint32(out[i+1])<<8)
	}
	if want := []uint32{31, 100, 33, 34}; !slices.Equal(got, want) {
		t.Errorf("x = %v, want %v", got, want)
	}
	// A command behind a user event: Finish ends with its context.
	u, err := c.CreateUserEvent()
	if err != nil {
		t.Error(err)
		return
	}
	if _, err := q.EnqueueMarkerWithWaitList(u); err != nil {
		t.Error(err)
		return
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if err := q.Finish(short); err == nil {
		t.Errorf("Finish behind an unset user event: nil, want the context's error")
	}
	u.SetStatus(Complete)
	if err := q.Finish(ctx); err != nil {
		t.Errorf("Finish after the user event: %v", err)
	}
}

// TestQueuePending: Queue.Pending is nil on an idle queue and after its
// last command ended; while a kernel of milliseconds runs it is a channel
// that closes when the kernel has ended, after which Finish returns nil.
// Event.Pending likewise for one command (nil for a user event).
func TestQueuePending(t *testing.T) {
	for _, d := range realDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			if q.Pending() != nil {
				t.Errorf("Pending of a new queue is not nil")
			}
			p, err := c.CreateProgramWithSource(spinSource)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			k, err := p.CreateKernel("spin")
			if err != nil {
				t.Fatal(err)
			}
			defer k.Release()
			buf, err := c.CreateBuffer(MemReadWrite, 4*64, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer buf.Release()
			if err := k.SetArgs(buf, uint32(20000)); err != nil {
				t.Fatal(err)
			}
			ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{64}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ev.Release()
			if done := q.Pending(); done != nil {
				<-done
				if s := ev.Status(); s != Complete {
					t.Errorf("the kernel's status after Pending closed: %d", s)
				}
			}
			if err := q.Finish(context.Background()); err != nil {
				t.Errorf("Finish: %v", err)
			}
			if q.Pending() != nil {
				t.Errorf("Pending after Finish is not nil")
			}
			if ev.Pending() != nil {
				t.Errorf("the kernel's event's Pending after Finish is not nil")
			}
			u, err := c.CreateUserEvent()
			if err != nil {
				t.Fatal(err)
			}
			if u.Pending() != nil {
				t.Errorf("a user event's Pending is not nil")
			}
			u.SetStatus(Complete)
			// A kernel's event closes its channel when the kernel ends.
			ev2, err := q.EnqueueNDRangeKernel(k, nil, []uint64{64}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ev2.Release()
			if done := ev2.Pending(); done != nil {
				<-done
			}
			if s := ev2.Status(); s != Complete {
				t.Errorf("the second kernel's status after its Pending closed: %d", s)
			}
		})
	}
}
