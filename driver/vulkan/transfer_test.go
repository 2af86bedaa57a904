package vulkan

import (
	"bytes"
	"flag"
	"testing"

	"github.com/clgo/clgo/driver"
)

// Writes and reads larger than the staging ring go through it in pieces,
// a batch each (the device copies one while the host copies the next):
// what comes back is what went in, at offsets inside the buffer too.
func TestLargeTransfers(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	n := min(uint64(stagingSize+stagingSize/2+12345), d.info.MaxAllocSize-64)
	buf := mustBuffer(t, d, n+64)
	in := make([]byte, n)
	for i := range in {
		in[i] = byte(i*131 + i>>11)
	}
	ev, err := q.WriteBuffer(buf, 64, in, nil)
	wait(t, ev, err)
	out := make([]byte, n)
	ev, err = q.ReadBuffer(buf, 64, out, nil)
	wait(t, ev, err)
	if !bytes.Equal(in, out) {
		for i := range in {
			if in[i] != out[i] {
				t.Fatalf("%d bytes through the ring: byte %d is %d, want %d", n, i, out[i], in[i])
			}
		}
	}
	// Back to back without waits, then one read.
	for i := range in {
		in[i] = ^in[i]
	}
	if _, err := q.WriteBuffer(buf, 0, in[:n/2], nil); err != nil {
		t.Fatal(err)
	}
	if _, err := q.WriteBuffer(buf, n/2, in[n/2:], nil); err != nil {
		t.Fatal(err)
	}
	ev, err = q.ReadBuffer(buf, 0, out, nil)
	wait(t, ev, err)
	if !bytes.Equal(in, out) {
		t.Fatal("two writes then a read: the bytes differ")
	}
}

// Transfer bandwidth, as clpeak measures it (enqueue, wait; bytes per
// second): ReadBuffer and WriteBuffer of ordinary Go memory through the
// staging ring, and the map and unmap of a buffer through a staging area
// (driver.HostStager: what clEnqueueMapBuffer and clEnqueueUnmapMemObject
// of a mapping do). -transfer.size sets the bytes (default 64 MiB, or the
// device's largest buffer if smaller).
var transferSize = flag.Uint64("transfer.size", 64<<20, "bytes moved by each BenchmarkTransfer operation")

func BenchmarkTransfer(b *testing.B) {
	d := testDevice(b)
	n := min(*transferSize, d.info.MaxAllocSize)
	q := mustQueue(b, d, false)
	defer q.Release()
	buf := mustBuffer(b, d, n)
	host := make([]byte, n)
	for i := range host {
		host[i] = byte(i)
	}
	run := func(name string, op func() (driver.Event, error)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				ev, err := op()
				wait(b, ev, err)
			}
		})
	}
	run("Write", func() (driver.Event, error) { return q.WriteBuffer(buf, 0, host, nil) })
	run("Read", func() (driver.Event, error) { return q.ReadBuffer(buf, 0, host, nil) })
	area, err := d.AllocStaging(n, true)
	if err != nil {
		b.Fatal(err)
	}
	defer d.FreeStaging(area)
	run("MapRead", func() (driver.Event, error) { return q.ReadBuffer(buf, 0, area, nil) })
	run("UnmapWrite", func() (driver.Event, error) { return q.WriteBuffer(buf, 0, area, nil) })
	w, err := d.AllocStaging(n, false) // device-local where the device has a large BAR
	if err != nil {
		b.Fatal(err)
	}
	defer d.FreeStaging(w)
	run("UnmapWriteBAR", func() (driver.Event, error) { return q.WriteBuffer(buf, 0, w, nil) })
	run("MemcpyToBAR", func() (driver.Event, error) { copy(w, host); return q.Marker(nil) })
}
