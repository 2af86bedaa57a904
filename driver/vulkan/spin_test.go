package vulkan

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestGPUWaitPaths runs the GPU's latency paths on whatever device there
// is: commands that find the device idle are submitted as they are
// enqueued (submitNow), the complete goroutine polls fences, waits spin. A kernel launched, waited for and launched again (as
// clpeak's latency test does), a run of launches with one wait at the
// end, and a launch that waits for another queue's event must all give
// the right sums.
func TestGPUWaitPaths(t *testing.T) {
	spinOnCPU.Store(true)
	defer spinOnCPU.Store(false)
	d := testDevice(t)
	p, err := d.BuildProgram(compile(t, incSrc))
	if err != nil {
		t.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q := mustQueue(t, d, true)
	defer q.Release()
	q2 := mustQueue(t, d, false)
	defer q2.Release()
	const n = 64
	buf := mustBuffer(t, d, 4*n)
	fe, err := q.FillBuffer(buf, 0, 4*n, []byte{0, 0, 0, 0}, nil)
	wait(t, fe, err)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{n, 1, 1})
	launch := func(q driver.Queue, by uint32, w []driver.Event) driver.Event {
		t.Helper()
		args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, by)}}
		ev, err := q.Dispatch(t.Context(), k, args, nd, w)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	want := uint32(0)
	// Launch and wait, 200 times, alternating Finish and event waits.
	for i := range 200 {
		by := uint32(i%5 + 1)
		ev := launch(q, by, nil)
		want += by
		// The device was idle: the launch was submitted as it was
		// enqueued, before any flush.
		if st := ev.Status(); st > driver.Submitted {
			t.Fatalf("launch %d: status %v after Dispatch on an idle device, want submitted", i, st)
		}
		if i%2 == 0 {
			if err := q.Finish(t.Context()); err != nil {
				t.Fatal(err)
			}
		} else if err := ev.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		if pr, ok := ev.Profile(); !ok || pr.Start < pr.Queued || pr.End < pr.Start {
			t.Fatalf("launch %d: profile %+v, %v", i, pr, ok)
		}
	}
	// A run of launches with one wait, and one on another queue that
	// waits for the last of them.
	var last driver.Event
	for i := range 50 {
		last = launch(q, uint32(i), nil)
		want += uint32(i)
	}
	ev := launch(q2, 7, []driver.Event{last})
	want += 7
	if err := ev.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if d.sub.resubmits.Load() == 0 {
		t.Error("no launch re-submitted a kept recording")
	}
	out := make([]byte, 4*n)
	re, err := q.ReadBuffer(buf, 0, out, nil)
	wait(t, re, err)
	for i := range n {
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != want {
			t.Fatalf("a[%d] = %d, want %d", i, got, want)
		}
	}
}
