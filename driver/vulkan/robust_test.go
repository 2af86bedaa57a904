package vulkan

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestOutOfBounds: stores and loads far and just past the end of a buffer
// leave the buffers around it alone and the device working.
func TestOutOfBounds(t *testing.T) {
	d := testDevice(t)
	t.Logf("%s: %v", d.info.Name, d.Robustness())
	if d.Robustness() == RobustNone {
		t.Skip("no robust buffer access on this device")
	}
	spv := compile(t, `
kernel void oob(global uint *a, global const uint *src, int off, global uint *out) {
  int i = get_global_id(0);
  a[i + off] = 0xDEADBEEFu;
  out[i] = src[i + off];
  atomic_add(&a[i + off + 1], 1u);
}`)
	const n = 64
	guard := bytes.Repeat([]byte{0x5A}, 4*n)
	for _, off := range []int32{n, n + 3, 1 << 20, 1 << 28, -n, -(1 << 20)} {
		var pod [4]byte
		binary.LittleEndian.PutUint32(pod[:], uint32(off))
		// Guards on both sides, allocated around the target.
		args := []targ{{buf: guard}, {buf: make([]byte, 4*n)}, {buf: guard}, {pod: pod[:]}, {buf: make([]byte, 4*n)}, {buf: guard}}
		out := runOOB(t, d, spv, args)
		for i, g := range []int{0, 2, 5} {
			if !bytes.Equal(out[g], guard) {
				t.Errorf("offset %d: guard buffer %d changed", off, i)
			}
		}
		if d.Robustness() == RobustBufferAccess2 {
			for i := range n {
				if v := binary.LittleEndian.Uint32(out[4][4*i:]); v != 0 {
					t.Errorf("offset %d: out-of-bounds load %d gave %#x, want 0 (robustBufferAccess2)", off, i, v)
					break
				}
			}
		}
	}
	// The device still runs kernels.
	got := run(t, d, compile(t, "kernel void inc(global uint *a) { a[get_global_id(0)] += 1; }"), "inc",
		[]targ{{buf: make([]byte, 4*n)}}, driver.NDRange{Dims: 1, Global: [3]uint64{n, 1, 1}, Region: [3]uint64{n, 1, 1}, Local: [3]uint64{n, 1, 1}, EnqueuedLocal: [3]uint64{n, 1, 1}})
	for i := range n {
		if v := binary.LittleEndian.Uint32(got[0][4*i:]); v != 1 {
			t.Fatalf("after the out-of-bounds kernel: a[%d] = %d", i, v)
		}
	}
}

// runOOB runs oob(a=args[1], src=args[2], off=args[3], out=args[4]) with
// every buffer of args allocated in order, so that the guards (0, 2, 5)
// sit next to the buffers the kernel writes; it returns every buffer.
func runOOB(t *testing.T, d *Device, spv []byte, args []targ) [][]byte {
	t.Helper()
	nd := driver.NDRange{Dims: 1, Global: [3]uint64{64, 1, 1}, Region: [3]uint64{64, 1, 1}, Local: [3]uint64{64, 1, 1}, EnqueuedLocal: [3]uint64{64, 1, 1}}
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("oob")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	q := mustQueue(t, d, false)
	defer q.Release()
	bufs := make([]driver.Buffer, len(args))
	for i, a := range args {
		if a.buf == nil {
			continue
		}
		bufs[i] = mustBuffer(t, d, uint64(len(a.buf)))
		defer bufs[i].Release()
		if _, err := q.WriteBuffer(bufs[i], 0, a.buf, nil); err != nil {
			t.Fatal(err)
		}
	}
	barg := func(i int) driver.Arg {
		return driver.Arg{Kind: driver.ArgBuffer, Buffer: bufs[i], Size: bufs[i].Size()}
	}
	dargs := []driver.Arg{barg(1), barg(2), {Kind: driver.ArgPOD, Bytes: args[3].pod}, barg(4)}
	ev, err := q.Dispatch(t.Context(), k, dargs, nd, nil)
	wait(t, ev, err)
	out := make([][]byte, len(args))
	for i, b := range bufs {
		if b == nil {
			continue
		}
		out[i] = make([]byte, b.Size())
		ev, err := q.ReadBuffer(b, 0, out[i], nil)
		wait(t, ev, err)
	}
	return out
}
