package vulkan

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
)

// spinSrc is a kernel as long as its NDRange and pass count make it.
const spinSrc = `
kernel void spin(global uint *x, uint n) {
	uint v = get_global_id(0);
	for (uint i = 0; i < n; i++)
		v = v * 1664525u + 1013904223u;
	x[get_global_id(0)] = v;
}`

// TestAbandonedDispatch: a dispatch whose context times out after 100 ms
// fails at once with ErrCanceled and a message saying the device cannot
// interrupt it, and a read-back waiting for it fails at once too and never
// writes the caller's memory; the device still runs the dispatch to its
// end, in order, with its buffer alive: a later read sees its results.
func TestAbandonedDispatch(t *testing.T) {
	d := testDevice(t)
	p, err := d.BuildProgram(compile(t, spinSrc))
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("spin")
	if err != nil {
		t.Fatal(err)
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	// Seconds of work on lavapipe (whose loop limiter allows 65535
	// passes); a GPU gets longer loops.
	items, passes := uint32(1<<15), uint32(60000)
	if d.info.Type == driver.TypeGPU {
		items, passes = 1<<20, 1<<22
	}
	buf := mustBuffer(t, d, 4*uint64(items))
	defer buf.Release()
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Size: 4 * uint64(items)}, {Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, passes)}}

	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	ev, err := q.Dispatch(ctx, k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{uint64(items), 1, 1}, [3]uint64{64, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	host := bytes.Repeat([]byte{0xAA}, 4*int(items))
	rd, err := q.ReadBuffer(buf, 0, host, []driver.Event{ev})
	if err != nil {
		t.Fatal(err)
	}
	rerr := rd.Wait(t.Context())
	took := time.Since(start)
	kerr := ev.Wait(t.Context())
	t.Logf("read-back failed after %v: %v", took, rerr)
	if !errors.Is(rerr, driver.ErrWaitListFailed) || !errors.Is(rerr, driver.ErrCanceled) || !errors.Is(rerr, context.DeadlineExceeded) {
		t.Errorf("read-back after the timed-out dispatch: %v", rerr)
	}
	if !errors.Is(kerr, driver.ErrCanceled) || !errors.Is(kerr, context.DeadlineExceeded) || !strings.Contains(kerr.Error(), "cannot interrupt") {
		t.Errorf("timed-out dispatch: %v", kerr)
	}
	if took > 500*time.Millisecond {
		t.Errorf("the waits ended after %v, want about 100 ms", took)
	}

	// A marker with no wait list runs after the dispatch on the device:
	// once it is done, the dispatch is too.
	mk, err := q.Marker(nil)
	wait(t, mk, err)
	t.Logf("the device finished the abandoned dispatch after %v", time.Since(start))
	if err := q.Finish(t.Context()); err != nil {
		t.Errorf("Finish: %v, want nil (the events reported the cancellation)", err)
	}
	if !bytes.Equal(host, bytes.Repeat([]byte{0xAA}, 4*int(items))) {
		t.Errorf("the abandoned read-back wrote the caller's memory after its event failed")
	}
	got := make([]byte, 4*int(items))
	rd, err = q.ReadBuffer(buf, 0, got, nil)
	wait(t, rd, err)
	for _, i := range []uint32{0, 1, items / 2, items - 1} {
		v := i
		for range passes {
			v = v*1664525 + 1013904223
		}
		if x := binary.LittleEndian.Uint32(got[4*i:]); x != v {
			t.Fatalf("x[%d] = %#x after the abandoned dispatch ran, want %#x", i, x, v)
		}
	}
}
