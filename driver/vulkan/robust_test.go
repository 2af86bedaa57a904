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

// BenchmarkRobustness times triad and stencil2d on the device with robust
// buffer access and on a second VkDevice of the same physical device
// without it (sub-benchmarks robust=on/off, to compare with benchstat).
func BenchmarkRobustness(b *testing.B) {
	d := testDevice(b)
	plain := &Device{phys: d.phys, info: d.info, noRobust: true}
	const n = 1 << 22
	const w = 2048
	wi := binary.LittleEndian.AppendUint32(nil, w)
	for _, c := range []struct {
		file, kernel string
		args         []targ
		nd           driver.NDRange
	}{
		{"triad.cl", "triad", []targ{{buf: randomFloats(n, 1)}, {buf: randomFloats(n, 2)}, {buf: make([]byte, 4*n)}, {pod: f32(3)}},
			driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{256, 1, 1})},
		{"stencil2d.cl", "jacobi5", []targ{{buf: randomFloats(w*w, 1)}, {buf: make([]byte, 4*w*w)}, {pod: wi}, {pod: wi}},
			driver.Uniform(2, [3]uint64{}, [3]uint64{w, w, 1}, [3]uint64{32, 8, 1})},
	} {
		spv := compileFile(b, kernels+c.file)
		for _, dev := range []*Device{d, plain} {
			b.Run(c.kernel+"/robust="+dev.Robustness().String(), func(b *testing.B) {
				k, q, args := prepare(b, dev, spv, c.kernel, c.args)
				for b.Loop() {
					ev, err := q.Dispatch(b.Context(), k, args, c.nd, nil)
					wait(b, ev, err)
				}
			})
		}
	}
}

// prepare builds kernel name on d and makes its buffers from args.
func prepare(b *testing.B, d *Device, spv []byte, name string, args []targ) (driver.Kernel, driver.Queue, []driver.Arg) {
	p, err := d.BuildProgram(spv)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { p.Release() })
	k, err := p.Kernel(name)
	if err != nil {
		b.Fatal(err)
	}
	q := mustQueue(b, d, false)
	b.Cleanup(func() { q.Release() })
	dargs := make([]driver.Arg, len(args))
	for i, a := range args {
		if a.buf == nil {
			dargs[i] = driver.Arg{Kind: driver.ArgPOD, Bytes: a.pod}
			continue
		}
		buf := mustBuffer(b, d, uint64(len(a.buf)))
		b.Cleanup(func() { buf.Release() })
		ev, err := q.WriteBuffer(buf, 0, a.buf, nil)
		wait(b, ev, err)
		dargs[i] = driver.Arg{Kind: driver.ArgBuffer, Buffer: buf, Size: buf.Size()}
	}
	return k, q, dargs
}
