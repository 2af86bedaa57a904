package cl

import (
	"bytes"
	"testing"
	"unsafe"
)

// Maps of a MemAllocHostPtr buffer use its staging memory (the same
// memory map after map), others of 64 KiB or more the device's: reads see
// the buffer, writes at unmap reach it, with MapRead, MapWrite and
// MapWriteInvalidateRegion.
func TestStagedMaps(t *testing.T) {
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	var dev *Device
	for _, d := range devs {
		if d.DriverName() == "vulkan" && dev == nil {
			dev = d
		}
	}
	if dev == nil {
		t.Skip("no vulkan device")
	}
	c, err := CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	const n = 1<<20 + 4096
	want := make([]byte, n)
	for i := range want {
		want[i] = byte(i ^ i>>8)
	}
	for _, flags := range []MemFlags{MemReadWrite | MemAllocHostPtr, MemReadWrite} {
		b, err := c.CreateBuffer(flags, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if (b.stage != nil) != (flags&MemAllocHostPtr != 0) {
			t.Fatalf("flags %#x: staging %v", uint64(flags), b.stage != nil)
		}
		ev, err := q.EnqueueWriteBuffer(b, 0, want)
		mustWait(t, ev, err)
		var first *byte
		for round := range 3 {
			m, ev, err := q.EnqueueMapBuffer(b, MapRead, 0, n)
			mustWait(t, ev, err)
			if !bytes.Equal(m, want) {
				t.Fatalf("flags %#x round %d: mapped for reading, the bytes differ", uint64(flags), round)
			}
			if round == 0 {
				first = unsafe.SliceData(m)
			} else if flags&MemAllocHostPtr != 0 && unsafe.SliceData(m) != first {
				t.Errorf("round %d: a MemAllocHostPtr buffer's map moved", round)
			}
			ev, err = q.EnqueueUnmapMemObject(b, m)
			mustWait(t, ev, err)
		}
		// Write through a map of a range, then invalidate another.
		m, ev, err := q.EnqueueMapBuffer(b, MapWrite, 4096, n-4096)
		mustWait(t, ev, err)
		if !bytes.Equal(m, want[4096:]) {
			t.Fatal("mapped for writing, the bytes are not the buffer's")
		}
		for i := range m {
			m[i] = ^m[i]
			want[4096+i] = m[i]
		}
		ev, err = q.EnqueueUnmapMemObject(b, m)
		mustWait(t, ev, err)
		m, ev, err = q.EnqueueMapBuffer(b, MapWriteInvalidateRegion, 0, 1<<17)
		mustWait(t, ev, err)
		for i := range m {
			m[i] = 0x5a
			want[i] = 0x5a
		}
		ev, err = q.EnqueueUnmapMemObject(b, m)
		mustWait(t, ev, err)
		got := make([]byte, n)
		ev, err = q.EnqueueReadBuffer(b, 0, got)
		mustWait(t, ev, err)
		if !bytes.Equal(got, want) {
			t.Fatalf("flags %#x: the buffer after writes through maps differs", uint64(flags))
		}
		b.Release()
	}
}

func mustWait(t *testing.T, ev *Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
}
