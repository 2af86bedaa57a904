package vulkan

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
)

// Kernels on a device without push descriptors (descriptor sets from
// per-batch pools).
func TestDescriptorPools(t *testing.T) {
	d := testDevice(t)
	nd := &Device{phys: d.phys, info: d.info, noPushDescriptors: true}
	spv := compile(t, idsSrc)
	n := 256
	u32 := binary.LittleEndian.AppendUint32(nil, uint32(n))
	args := []targ{{buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {pod: u32}}
	nds := make([]driver.NDRange, 600) // more dispatches than one batch
	for i := range nds {
		nds[i] = driver.Uniform(1, [3]uint64{}, [3]uint64{uint64(n), 1, 1}, [3]uint64{64, 1, 1})
	}
	a := run(t, nd, spv, "ids", args, nds...)
	b := run(t, d, spv, "ids", args, nds[:1]...)
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("buffer %d differs between pools and push descriptors", i)
		}
	}
}

const incSrc = `kernel void inc(global uint *a, uint by) { a[get_global_id(0)] += by; }`

// Dependent dispatches in one batch see each other's writes, and queues
// honour wait lists of other queues.
func TestOrderingAndWaitLists(t *testing.T) {
	d := testDevice(t)
	p, err := d.BuildProgram(compile(t, incSrc))
	if err != nil {
		t.Fatal(err)
	}
	k, _ := p.Kernel("inc")
	q1, q2 := mustQueue(t, d, false), mustQueue(t, d, true)
	defer q1.Release()
	defer q2.Release()
	const n = 4096
	buf := mustBuffer(t, d, 4*n)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{64, 1, 1})
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Size: 4 * n}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
	var last driver.Event
	for range 100 {
		if last, err = q1.Dispatch(t.Context(), k, args, nd, nil); err != nil {
			t.Fatal(err)
		}
	}
	// q2 reads after q1's last dispatch, without q1 being flushed.
	got := make([]byte, 4*n)
	ev, err := q2.ReadBuffer(buf, 0, got, []driver.Event{last})
	wait(t, ev, err)
	for i := range n {
		if v := binary.LittleEndian.Uint32(got[4*i:]); v != 100 {
			t.Fatalf("a[%d] = %d after 100 increments", i, v)
		}
	}
	if p, ok := ev.Profile(); !ok || p.End < p.Start || p.Start == 0 {
		t.Errorf("profile of a read on a profiling queue: %+v %v", p, ok)
	}
	if err := q1.Finish(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestCancelAndFailedWaitList(t *testing.T) {
	d := testDevice(t)
	p, _ := d.BuildProgram(compile(t, incSrc))
	k, _ := p.Kernel("inc")
	q := mustQueue(t, d, false)
	defer q.Release()
	buf := mustBuffer(t, d, 256)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Size: 256}, {Kind: driver.ArgPOD, Bytes: []byte{1, 0, 0, 0}}}
	ev, err := q.Dispatch(ctx, k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(t.Context()); !errors.Is(err, driver.ErrCanceled) {
		t.Fatalf("cancelled dispatch: %v", err)
	}
	ev2, err := q.Marker([]driver.Event{ev})
	if err != nil {
		t.Fatal(err)
	}
	if err := ev2.Wait(t.Context()); !errors.Is(err, driver.ErrWaitListFailed) {
		t.Fatalf("marker after a failed event: %v", err)
	}
	// A cancellation is reported by its event only (and a wait-list
	// failure too): Finish has nothing to report.
	if err := q.Finish(t.Context()); err != nil {
		t.Fatalf("Finish after a cancelled dispatch: %v", err)
	}
}

func TestHostMapper(t *testing.T) {
	d := testDevice(t)
	b := mustBuffer(t, d, 100)
	hm, ok := b.(driver.HostMapper)
	if !d.info.UnifiedMemory {
		if ok {
			t.Fatal("device-local buffer of a discrete GPU is a HostMapper")
		}
		t.Skip("not unified memory")
	}
	if !ok {
		t.Fatal("unified-memory buffer is not a HostMapper")
	}
	copy(hm.HostBytes(), "mapped")
	q := mustQueue(t, d, false)
	got := make([]byte, 6)
	ev, err := q.ReadBuffer(b, 0, got, nil)
	wait(t, ev, err)
	if string(got) != "mapped" {
		t.Fatalf("read %q through the queue after a host write", got)
	}
}

func TestSubBufferArgs(t *testing.T) {
	d := testDevice(t)
	p, _ := d.BuildProgram(compile(t, incSrc))
	k, _ := p.Kernel("inc")
	q := mustQueue(t, d, false)
	defer q.Release()
	align := uint64(d.info.MemBaseAddrAlign / 8)
	buf := mustBuffer(t, d, 4*align)
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Offset: align, Size: align}, {Kind: driver.ArgPOD, Bytes: []byte{7, 0, 0, 0}}}
	_, err := q.Dispatch(t.Context(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{align / 4, 1, 1}, [3]uint64{1, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4*align)
	ev, err := q.ReadBuffer(buf, 0, got, nil)
	wait(t, ev, err)
	for i := uint64(0); i < align; i++ {
		v := binary.LittleEndian.Uint32(got[4*i:])
		if want := map[bool]uint32{true: 7, false: 0}[i >= align/4 && i < align/2]; v != want {
			t.Fatalf("word %d = %d, want %d", i, v, want)
		}
	}
	args[0].Offset = 4
	if _, err := q.Dispatch(t.Context(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1}), nil); !errors.Is(err, driver.ErrMisalignedSubBuffer) {
		t.Fatalf("misaligned sub-buffer: %v", err)
	}
}

// More descriptors than one batch's pool holds: the batch is cut.
func TestDescriptorPoolExhaustion(t *testing.T) {
	d := testDevice(t)
	nd := &Device{phys: d.phys, info: d.info, noPushDescriptors: true}
	src := "kernel void many("
	for i := range 20 {
		if i > 0 {
			src += ", "
		}
		src += "global uint *a" + string(rune('a'+i))
	}
	src += ") { size_t i = get_global_id(0); aa[i] += 1 + ab[i]; }"
	spv := compile(t, src)
	args := make([]targ, 20)
	for i := range args {
		args[i] = targ{buf: make([]byte, 256)}
	}
	nds := make([]driver.NDRange, 300)
	for i := range nds {
		nds[i] = driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	}
	out := run(t, nd, spv, "many", args, nds...)
	if v := binary.LittleEndian.Uint32(out[0]); v != 300 {
		t.Fatalf("a[0] = %d after 300 dispatches", v)
	}
}
