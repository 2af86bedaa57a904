package vulkan

import (
	"testing"

	"github.com/clgo/clgo/driver"
)

// Profiling timestamps are in order on the host clock: queued, submitted,
// started and ended before the host saw the command complete, and a
// kernel's start is no earlier than its submission (by more than the
// calibration's error). clpeak's kernel launch latency is start minus
// queued, so a start placed late on the host clock reads as latency.
func TestProfileOrder(t *testing.T) {
	d := testDevice(t)
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	if d.phys.timestampBits == 0 {
		t.Skip("no timestamps")
	}
	t.Logf("calibrated timestamps: %v", d.clock.fn != 0)
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
	const slack = 20_000 // ns: the calibration's error, with room
	re0 := d.sub.resubmits.Load()
	for i := range 50 {
		ev, err := q.Dispatch(t.Context(), k, args, nd, nil)
		wait(t, ev, err)
		seen := driver.Now()
		pr, ok := ev.Profile()
		if !ok {
			t.Fatal("no profile")
		}
		if !(pr.Queued <= pr.Submit && pr.Submit <= pr.Start+slack && pr.Start <= pr.End && pr.End <= seen+slack) {
			t.Fatalf("launch %d: queued %d, submit %d, start %d, end %d, seen complete at %d", i, pr.Queued, pr.Submit, pr.Start, pr.End, seen)
		}
		if i == 49 {
			t.Logf("queued→start %d ns, start→end %d ns, end→seen %d ns", pr.Start-pr.Queued, pr.End-pr.Start, int64(seen)-int64(pr.End))
		}
	}
	// The launches after the first re-submitted its recording
	// (reuse.go), timestamps included.
	if r := d.sub.resubmits.Load() - re0; !d.sub.noReuse && r < 40 {
		t.Errorf("50 identical launches, %d re-submitted", r)
	}
}

// A flush of more profiled commands than a batch holds spans two
// batches, each with its own timestamp queries: every command, of one
// flush and of flushes of one and three, has its start and end, in order.
func TestProfileQueryReset(t *testing.T) {
	d := testDevice(t)
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	if d.phys.timestampBits == 0 {
		t.Skip("no timestamps")
	}
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
	for _, n := range []int{batchLimit + 44, 1, 3} {
		evs := make([]driver.Event, n)
		for i := range evs {
			if evs[i], err = q.Dispatch(t.Context(), k, args, nd, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Finish(t.Context()); err != nil {
			t.Fatal(err)
		}
		for i, ev := range evs {
			pr, ok := ev.Profile()
			if !ok || pr.Start == 0 || pr.End < pr.Start || pr.Start+20_000 < pr.Submit {
				t.Fatalf("flush of %d, command %d: profile %+v, %v", n, i, pr, ok)
			}
		}
	}
}
