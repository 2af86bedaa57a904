package vulkan

import (
	"bytes"
	"testing"
	"unsafe"
)

// Writes from and reads into staging areas are single device copies with
// the effect of ordinary ones; areas freed while a copy is pending stay
// until it completes, and are reused for the next allocation of about
// their size.
func TestHostStaging(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	const n = 3<<20 + 12
	buf := mustBuffer(t, d, n+64)
	in, err := d.AllocStaging(n, false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range in {
		in[i] = byte(i*7 + i>>9)
	}
	want := append([]byte(nil), in...)
	ev, err := q.WriteBuffer(buf, 64, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := len(d.hostAreas.live); c != 1 {
		t.Fatalf("%d live areas", c)
	} else if r := d.hostAreas.live[0].refs.Load(); r != 2 {
		t.Fatalf("the write from an area holds no reference to it (refs %d): not a direct copy", r)
	}
	d.FreeStaging(in) // the write still holds it
	wait(t, ev, nil)

	out, err := d.AllocStaging(n-100, true)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.SliceData(out) != unsafe.SliceData(in) {
		t.Error("the freed area was not reused")
	}
	clear(out)
	ev, err = q.ReadBuffer(buf, 64+100, out, nil)
	wait(t, ev, err)
	if !bytes.Equal(out, want[100:]) {
		t.Fatal("read into a staging area differs from what was written from one")
	}
	// An ordinary read agrees, and a read into part of an area too.
	plain := make([]byte, n)
	ev, err = q.ReadBuffer(buf, 64, plain, nil)
	wait(t, ev, err)
	if !bytes.Equal(plain, want) {
		t.Fatal("ordinary read differs")
	}
	part := out[1000:5000]
	clear(part)
	ev, err = q.ReadBuffer(buf, 64, part, nil)
	wait(t, ev, err)
	if !bytes.Equal(part, want[:4000]) {
		t.Fatal("read into the middle of an area differs")
	}
	d.FreeStaging(out)
	if c := len(d.hostAreas.live); c != 0 {
		t.Fatalf("%d live areas after freeing all", c)
	}
}
