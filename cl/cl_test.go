package cl

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

// fakeSetup makes a context and a profiling queue on a fake device with
// the kernels:
//
//	axpy(global float *y, global const float *x, float a): y[i] += a*x[i]
//	ids(global uint *out): out[linear global id] = packed ids (see below)
//	spin(global int *p): loops until cancelled
func fakeSetup(t testing.TB) (*drivertest.Device, *Context, *Queue, *Program) {
	t.Helper()
	fd := drivertest.New()
	f32 := func(b []byte, i uint64) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }
	fd.AddKernel(drivertest.Kernel{
		Info: driver.KernelInfo{Name: "axpy", Args: []driver.ArgInfo{
			{Kind: driver.ArgBuffer, Size: 8, Name: "y", TypeName: "float*", AddressQualifier: driver.AddressGlobal},
			{Kind: driver.ArgBuffer, Size: 8, Name: "x", TypeName: "float*", AddressQualifier: driver.AddressGlobal},
			{Kind: driver.ArgPOD, Size: 4, Name: "a", TypeName: "float"},
		}},
		Run: func(ctx context.Context, it *drivertest.Item) error {
			i := it.Global[0]
			y, x := it.Args[0].Mem, it.Args[1].Mem
			if 4*i+4 > uint64(len(y)) || 4*i+4 > uint64(len(x)) {
				return &driver.KernelError{Kernel: "axpy", Arg: 0, Err: driver.ErrOutOfBounds}
			}
			a := math.Float32frombits(binary.LittleEndian.Uint32(it.Args[2].Mem))
			binary.LittleEndian.PutUint32(y[4*i:], math.Float32bits(f32(y, i)+a*f32(x, i)))
			return nil
		},
	})
	// ids records, for the work-item at global (x, y), its group id and
	// local size in X: out[y*W+x] = group.x<<16 | local size.x<<8 | num groups.x.
	fd.AddKernel(drivertest.Kernel{
		Info: driver.KernelInfo{Name: "ids", NonUniform: true, Args: []driver.ArgInfo{
			{Kind: driver.ArgBuffer, Size: 8}, {Kind: driver.ArgPOD, Size: 4}, {Kind: driver.ArgLocal, Size: 8}}},
		Run: func(ctx context.Context, it *drivertest.Item) error {
			w := uint64(binary.LittleEndian.Uint32(it.Args[1].Mem))
			nd := it.NDRange
			ng := (nd.Global[0] + nd.EnqueuedLocal[0] - 1) / nd.EnqueuedLocal[0]
			idx := it.Global[1]*w + it.Global[0]
			binary.LittleEndian.PutUint32(it.Args[0].Mem[4*idx:], uint32(it.Group[0]<<16|nd.Local[0]<<8|ng))
			return nil
		},
	})
	fd.AddKernel(drivertest.Kernel{
		Info: driver.KernelInfo{Name: "spin", Args: []driver.ArgInfo{{Kind: driver.ArgBuffer, Size: 8}}},
		Run: func(ctx context.Context, it *drivertest.Item) error {
			for ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			return nil
		},
	})
	p := NewPlatformForTest(&drivertest.Driver{Dev: fd, N: "fake"})
	devs, err := p.Devices(DeviceTypeAll)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CreateContext(devs...)
	if err != nil {
		t.Fatal(err)
	}
	q, err := c.CreateQueue(devs[0], QueueProfilingEnable)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := c.CreateProgramWithIL(drivertest.Code("axpy", "ids", "spin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := prog.Build(""); err != nil {
		t.Fatal(err)
	}
	return fd, c, q, prog
}

func TestAxpy(t *testing.T) {
	ctx := context.Background()
	_, c, q, prog := fakeSetup(t)
	x := []float32{1, 2, 3, 4, 5, 6, 7, 8}
	bx, err := CreateBufferFrom(c, MemReadOnly, x)
	if err != nil {
		t.Fatal(err)
	}
	by, err := c.CreateBuffer(0, 32, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueFillBuffer(by, []byte{0, 0, 0x80, 0x3f}, 0, 32); err != nil { // 1.0f
		t.Fatal(err)
	}
	k, err := prog.CreateKernel("axpy")
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(by, bx, float32(2)); err != nil {
		t.Fatal(err)
	}
	ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 8)
	if err := ReadElems(ctx, q, by, 0, got); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != 1+2*x[i] {
			t.Fatalf("y[%d] = %v", i, v)
		}
	}
	if ev.Status() != Complete || ev.CommandType() != CommandNDRangeKernel {
		t.Fatalf("status %v", ev.Status())
	}
	if p, err := ev.Profile(); err != nil || p.End < p.Start || p.Start == 0 {
		t.Fatalf("profile %+v %v", p, err)
	}
	// Sub-buffer: run on elements 4..7 only.
	sub, err := by.CreateSubBuffer(0, 16, 16)
	if !errors.Is(err, ErrMisalignedSubBufferOffset) {
		t.Fatalf("misaligned sub-buffer: %v", err)
	}
	_ = sub
	// Argument errors.
	if err := k.SetArg(2, int32(1)); err != nil { // 4 bytes: accepted
		t.Fatal(err)
	}
	if err := k.SetArg(2, float64(1)); !errors.Is(err, ErrInvalidArgSize) {
		t.Fatalf("size: %v", err)
	}
	if err := k.SetArg(0, float32(1)); !errors.Is(err, ErrInvalidArgValue) {
		t.Fatalf("value: %v", err)
	}
	if err := k.SetArg(3, by); !errors.Is(err, ErrInvalidArgIndex) {
		t.Fatalf("index: %v", err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8, 1, 1, 1}, nil); !errors.Is(err, ErrInvalidWorkDimension) {
		t.Fatalf("dims: %v", err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, []uint64{512}); !errors.Is(err, ErrInvalidWorkGroupSize) {
		t.Fatalf("local: %v", err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8, 1, 128}, []uint64{1, 1, 128}); !errors.Is(err, ErrInvalidWorkItemSize) {
		t.Fatalf("local: %v", err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{0}, nil); !errors.Is(err, ErrInvalidGlobalWorkSize) {
		t.Fatalf("global: %v", err)
	}
	k2, _ := prog.CreateKernel("axpy")
	if _, err := q.EnqueueNDRangeKernel(k2, nil, []uint64{8}, nil); !errors.Is(err, ErrInvalidKernelArgs) {
		t.Fatalf("unset args: %v", err)
	}
	if _, err := prog.CreateKernel("nope"); !errors.Is(err, ErrInvalidKernelName) {
		t.Fatalf("kernel name: %v", err)
	}
	if err := prog.Build(""); !errors.Is(err, ErrInvalidOperation) {
		t.Fatalf("rebuild with kernels: %v", err)
	}
	// Out of bounds reported by the device: offset 4 runs past the buffers.
	ev, err = q.EnqueueNDRangeKernel(k, []uint64{4}, []uint64{8}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = ev.Wait(ctx)
	if !errors.Is(err, ErrOutOfResources) || !errors.Is(err, driver.ErrOutOfBounds) || ev.Status() != ExecStatus(ErrOutOfResources) {
		t.Fatalf("out of bounds: %v (status %d)", err, ev.Status())
	}
	for _, o := range []interface{ Release() error }{k, k2, prog, bx, by, q, c} {
		if err := o.Release(); err != nil {
			t.Fatal(err)
		}
	}
	if err := bx.Release(); !errors.Is(err, ErrInvalidMemObject) {
		t.Fatalf("double release: %v", err)
	}
}

func TestNonUniform(t *testing.T) {
	ctx := context.Background()
	_, c, q, prog := fakeSetup(t)
	k, _ := prog.CreateKernel("ids")
	const w, h = 10, 3
	out, _ := c.CreateBuffer(0, 4*w*h, nil)
	if err := k.SetArgs(out, uint32(w), Local(64)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{w, h}, []uint64{4, 2}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAll[uint32](ctx, q, out)
	if err != nil {
		t.Fatal(err)
	}
	for x := range uint32(w) {
		want := (x/4)<<16 | 4<<8 | 3
		if x >= 8 {
			want = 2<<16 | 2<<8 | 3 // the last group has 2 items
		}
		for y := range h {
			if got[y*w+int(x)] != want {
				t.Fatalf("(%d,%d): %#x, want %#x", x, y, got[y*w+int(x)], want)
			}
		}
	}
	// Local size chosen by the runtime divides the global size.
	if l := chooseLocal(1, [3]uint64{1000, 1, 1}, 256, [3]uint64{256, 256, 64}); l[0] != 250 {
		t.Fatalf("chosen %v", l)
	}
	if l := chooseLocal(2, [3]uint64{1024, 768, 1}, 256, [3]uint64{256, 256, 64}); l != [3]uint64{16, 16, 1} {
		t.Fatalf("chosen %v", l)
	}
	// Built for OpenCL 1.2: non-uniform groups are an error.
	p2, _ := c.CreateProgramWithIL(drivertest.Code("ids"))
	p2.Build("-cl-std=CL1.2")
	k2, _ := p2.CreateKernel("ids")
	k2.SetArgs(out, uint32(w), Local(4))
	if _, err := q.EnqueueNDRangeKernel(k2, nil, []uint64{w, h}, []uint64{4, 1}); !errors.Is(err, ErrInvalidWorkGroupSize) {
		t.Fatalf("uniform: %v", err)
	}
}

func TestUserEventAndCallbacks(t *testing.T) {
	ctx := context.Background()
	_, c, q, _ := fakeSetup(t)
	b, _ := c.CreateBuffer(0, 16, nil)
	ue, _ := c.CreateUserEvent()
	if ue.Status() != Submitted {
		t.Fatalf("user event status %v", ue.Status())
	}
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	w, err := q.EnqueueWriteBuffer(b, 0, src, ue)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 16)
	r, err := q.EnqueueReadBuffer(b, 0, dst) // in order: after the write
	if err != nil {
		t.Fatal(err)
	}
	called := make(chan ExecStatus, 1)
	r.SetCallback(Complete, func(e *Event, s ExecStatus) { called <- s })
	time.Sleep(10 * time.Millisecond)
	if w.Status() != Queued || r.Status() != Queued {
		t.Fatalf("commands ran before the user event: %v %v", w.Status(), r.Status())
	}
	ue.SetStatus(Complete)
	if err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dst, src) {
		t.Fatalf("read %v", dst)
	}
	if s := <-called; s != Complete {
		t.Fatalf("callback status %v", s)
	}
	if err := ue.SetStatus(Complete); !errors.Is(err, ErrInvalidOperation) {
		t.Fatalf("second SetStatus: %v", err)
	}
	// A failed user event fails its dependents.
	ue2, _ := c.CreateUserEvent()
	w2, _ := q.EnqueueWriteBuffer(b, 0, src, ue2)
	ue2.SetStatus(-100)
	if err := w2.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Fatalf("dependent of failed user event: %v", err)
	}
	if err := WaitForEvents(ctx, w, w2); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Fatalf("WaitForEvents: %v", err)
	}
	if err := q.Finish(ctx); err != nil && !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Fatal(err)
	}
	m, err := q.EnqueueMarkerWithWaitList()
	if err != nil || m.Wait(ctx) != nil {
		t.Fatalf("marker: %v", err)
	}
}

func TestCancel(t *testing.T) {
	_, c, q, prog := fakeSetup(t)
	k, _ := prog.CreateKernel("spin")
	b, _ := c.CreateBuffer(0, 4, nil)
	k.SetArg(0, b)
	ctx, cancel := context.WithCancel(context.Background())
	ev, err := q.Run(ctx, k, NDRange{Global: []uint64{4}})
	if err != nil {
		t.Fatal(err)
	}
	wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer wcancel()
	if err := ev.Wait(wctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("wait: %v", err)
	}
	cancel()
	if err := ev.Wait(context.Background()); !errors.Is(err, driver.ErrCanceled) {
		t.Fatalf("cancelled kernel: %v", err)
	}
}

func TestBuffers(t *testing.T) {
	ctx := context.Background()
	_, c, q, _ := fakeSetup(t)
	if _, err := c.CreateBuffer(0, 0, nil); !errors.Is(err, ErrInvalidBufferSize) {
		t.Fatalf("size 0: %v", err)
	}
	if _, err := c.CreateBuffer(MemReadOnly|MemWriteOnly, 4, nil); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("flags: %v", err)
	}
	if _, err := c.CreateBuffer(MemCopyHostPtr, 8, []byte{1}); !errors.Is(err, ErrInvalidHostPtr) {
		t.Fatalf("host ptr: %v", err)
	}
	data := make([]byte, 4096)
	for i := range data {
		data[i] = byte(i)
	}
	b, err := c.CreateBuffer(MemCopyHostPtr, 4096, data)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := b.CreateSubBuffer(0, 1024, 1024)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 16)
	if ev, err := q.EnqueueReadBuffer(sub, 8, got); err != nil || ev.Wait(ctx) != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data[1032:1048]) {
		t.Fatalf("sub-buffer read %v", got)
	}
	if _, err := q.EnqueueReadBuffer(sub, 1020, got); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("past the end: %v", err)
	}
	if _, err := q.EnqueueCopyBuffer(b, sub, 1030, 0, 16); !errors.Is(err, ErrMemCopyOverlap) {
		t.Fatalf("overlap: %v", err)
	}
	if _, err := q.EnqueueCopyBuffer(b, sub, 0, 0, 16); err != nil {
		t.Fatal(err)
	}
	// Map, change, unmap, read back.
	m, ev, err := q.EnqueueMapBuffer(b, MapRead|MapWrite, 1024, 4)
	if err != nil || ev.Wait(ctx) != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m, data[:4]) || b.MapCount() != 1 {
		t.Fatalf("mapped %v", m)
	}
	m[0] = 99
	if _, err := q.EnqueueUnmapMemObject(b, m); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueUnmapMemObject(b, m); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("double unmap: %v", err)
	}
	all, _ := ReadAll[byte](ctx, q, b)
	if all[1024] != 99 || all[1025] != 1 {
		t.Fatalf("after unmap: %v", all[1024:1028])
	}
	// Rect: read a 4x3 box with row pitch 64 from origin (2,1).
	box := make([]byte, 12)
	r := Rect{SrcOrigin: [3]uint64{2, 1, 0}, Region: [3]uint64{4, 3, 1}, SrcRowPitch: 64}
	if ev, err := q.EnqueueReadBufferRect(b, r, box); err != nil || ev.Wait(ctx) != nil {
		t.Fatal(err)
	}
	want := []byte{66, 67, 68, 69, 130, 131, 132, 133, 194, 195, 196, 197}
	if !bytes.Equal(box, want) {
		t.Fatalf("rect %v", box)
	}
	r.SrcRowPitch = 2
	if _, err := q.EnqueueReadBufferRect(b, r, box); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("bad pitch: %v", err)
	}
	// Write rect back shifted, copy rect, generics.
	w := Rect{DstOrigin: [3]uint64{0, 0, 1}, Region: [3]uint64{4, 3, 1}, DstRowPitch: 4, DstSlicePitch: 100}
	if ev, err := q.EnqueueWriteBufferRect(b, w, box); err != nil || ev.Wait(ctx) != nil {
		t.Fatal(err)
	}
	all, _ = ReadAll[byte](ctx, q, b)
	if !bytes.Equal(all[100:112], want) {
		t.Fatalf("write rect %v", all[100:112])
	}
	// Copy rect within one buffer: boxes whose rows interleave but share no
	// byte copy; sharing one byte is an overlap.
	cr := Rect{SrcOrigin: [3]uint64{0, 0, 0}, DstOrigin: [3]uint64{8, 0, 0}, Region: [3]uint64{8, 4, 2},
		SrcRowPitch: 16, SrcSlicePitch: 128, DstRowPitch: 16, DstSlicePitch: 128}
	before, _ := ReadAll[byte](ctx, q, b)
	if ev, err := q.EnqueueCopyBufferRect(b, b, cr); err != nil || ev.Wait(ctx) != nil {
		t.Fatalf("interleaved copy rect: %v", err)
	}
	all, _ = ReadAll[byte](ctx, q, b)
	if !bytes.Equal(all[8:16], before[0:8]) || !bytes.Equal(all[128+56:128+64], before[128+48:128+56]) {
		t.Fatalf("copy rect %v", all[:16])
	}
	cr.DstOrigin = [3]uint64{7, 3, 1}
	if _, err := q.EnqueueCopyBufferRect(b, b, cr); !errors.Is(err, ErrMemCopyOverlap) {
		t.Fatalf("overlapping copy rect: %v", err)
	}
	f := []float32{1.5, 2.5}
	if err := WriteElems(ctx, q, b, 2, f); err != nil {
		t.Fatal(err)
	}
	g := make([]float32, 2)
	if err := ReadElems(ctx, q, b, 2, g); err != nil || g[1] != 2.5 {
		t.Fatalf("generic %v %v", g, err)
	}
	if _, err := AsBytes([]string{"x"}); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("AsBytes(string): %v", err)
	}
}

func TestErrorCodes(t *testing.T) {
	if ErrInvalidValue.Error() != "CL_INVALID_VALUE" || int32(ErrInvalidValue) != -30 || int32(ErrInvalidSpecId) != -71 {
		t.Fatal("codes")
	}
	err := errorf(ErrInvalidKernelArgs, "x")
	if Code(err) != ErrInvalidKernelArgs || !errors.Is(err, ErrInvalidKernelArgs) {
		t.Fatal(err)
	}
	if Code(nil) != 0 || Code(errors.New("x")) != ErrOutOfResources {
		t.Fatal("Code")
	}
}

func TestRuntimeOptionsRemoved(t *testing.T) {
	for in, want := range map[string]string{
		"":                                       "",
		"-cl-kernel-arg-info":                    "",
		" -cl-kernel-arg-info -cl-std=CL3.0 ":    "  -cl-std=CL3.0 ",
		"-D X=\"a  b\"\t-g -cl-mad-enable":       "-D X=\"a  b\"\t -cl-mad-enable",
		"-cl-kernel-arg-infox -g2":               "-cl-kernel-arg-infox -g2",
		"-cl-uniform-work-group-size -DFOO=1 -w": " -DFOO=1 -w",
	} {
		if got := runtimeOptionsRemoved(in); got != want {
			t.Errorf("runtimeOptionsRemoved(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUniformOnly(t *testing.T) {
	for _, c := range []struct {
		opts   string
		source bool
		want   bool
	}{
		{"", true, true}, {"", false, false}, {"-cl-std=CL2.0", true, false}, {"-cl-std=CL3.0", true, false},
		{"-cl-std=CL1.2", true, true}, {"-cl-std=CL3.0 -cl-uniform-work-group-size", true, true},
		{"-cl-uniform-work-group-size", false, true},
	} {
		if got := uniformOnly(c.opts, c.source); got != c.want {
			t.Errorf("uniformOnly(%q, %v) = %v", c.opts, c.source, got)
		}
	}
}

// TestTwoDeviceContext: in a context of two devices a buffer is placed on
// the device of the first queue that uses it, with its initial contents,
// and kernels run on it there; the other device's queues may not use it.
func TestTwoDeviceContext(t *testing.T) {
	ctx := context.Background()
	d1, d2 := drivertest.New(), drivertest.New()
	p := NewPlatformForTest(&drivertest.Driver{Dev: d1, N: "fake1"}, &drivertest.Driver{Dev: d2, N: "fake2"})
	devs, err := p.Devices(DeviceTypeAll)
	if err != nil || len(devs) != 2 {
		t.Fatalf("devices %v, %v", devs, err)
	}
	c, err := CreateContext(devs...)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q2, err := c.CreateQueue(devs[1], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q2.Release()
	q1, err := c.CreateQueue(devs[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q1.Release()
	b, err := CreateBufferFrom(c, 0, []int32{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if d1.Live != 0 || d2.Live != 0 {
		t.Fatalf("allocated before use: %d, %d", d1.Live, d2.Live)
	}
	got, err := ReadAll[int32](ctx, q2, b)
	if err != nil || got[3] != 4 {
		t.Fatalf("read on the second device: %v %v", got, err)
	}
	if d1.Live != 0 || d2.Live != 1 {
		t.Fatalf("placed on %d, %d", d1.Live, d2.Live)
	}
	// The buffer migrates: written on the second device, read on the
	// first, written there, read on the second again.
	if err := WriteElems(ctx, q2, b, 0, []int32{5, 6, 7, 8}); err != nil {
		t.Fatal(err)
	}
	got, err = ReadAll[int32](ctx, q1, b)
	if err != nil || got[0] != 5 || got[3] != 8 {
		t.Fatalf("read on the first device after a write on the second: %v %v", got, err)
	}
	if d1.Live != 1 || d2.Live != 1 {
		t.Fatalf("copies on %d, %d", d1.Live, d2.Live)
	}
	if err := WriteElems(ctx, q1, b, 0, []int32{9, 10, 11, 12}); err != nil {
		t.Fatal(err)
	}
	got, err = ReadAll[int32](ctx, q2, b)
	if err != nil || got[0] != 9 || got[3] != 12 {
		t.Fatalf("read on the second device after a write on the first: %v %v", got, err)
	}
	// clEnqueueMigrateMemObjects: bad flags are refused; a migration
	// moves the contents, one with undefined contents moves none.
	if _, err := q1.EnqueueMigrateMemObjects([]*Buffer{b}, 4); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("migrate with flags 4: %v", err)
	}
	if _, err := q1.EnqueueMigrateMemObjects(nil, 0); !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("migrate nothing: %v", err)
	}
	if _, err := q1.EnqueueMigrateMemObjects([]*Buffer{b}, 0); err != nil {
		t.Fatal(err)
	}
	if err := q1.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	if err := WriteElems(ctx, q2, b, 0, []int32{13}); err != nil {
		t.Fatal(err)
	}
	if _, err := q1.EnqueueMigrateMemObjects([]*Buffer{b}, MigrateMemObjectContentUndefined); err != nil {
		t.Fatal(err)
	}
	if got, err = ReadAll[int32](ctx, q1, b); err != nil || got[0] != 9 || got[1] != 10 {
		t.Fatalf("after a migration with undefined contents, the first device's copy: %v %v", got, err)
	}
	b.Release()
	runtime.GC()
	if d1.Live != 0 || d2.Live != 0 {
		t.Fatalf("after release: %d, %d", d1.Live, d2.Live)
	}
}

// TestQueuedTimeIsEnqueueTime: CL_PROFILING_COMMAND_QUEUED of a command
// held back by a user event is the time of its enqueue call, not the time
// the driver met it after the event completed (CTS profiling_timebase
// reads the device timer right after the enqueue and wants QUEUED before
// it).
func TestQueuedTimeIsEnqueueTime(t *testing.T) {
	ctx := context.Background()
	_, c, _, _ := fakeSetup(t)
	q, err := c.CreateQueue(c.Devices()[0], QueueProfilingEnable)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := c.CreateBuffer(0, 16, nil)
	ue, _ := c.CreateUserEvent()
	before, _, _ := c.Devices()[0].DeviceAndHostTimer()
	w, err := q.EnqueueWriteBuffer(b, 0, make([]byte, 16), ue)
	if err != nil {
		t.Fatal(err)
	}
	after, _, _ := c.Devices()[0].DeviceAndHostTimer()
	time.Sleep(5 * time.Millisecond)
	ue.SetStatus(Complete)
	if err := w.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	p, err := w.Profile()
	if err != nil {
		t.Fatal(err)
	}
	if !(before <= p.Queued && p.Queued <= after) {
		t.Fatalf("QUEUED %d not within the enqueue call [%d, %d]", p.Queued, before, after)
	}
	if !(p.Queued <= p.Submit && p.Submit <= p.Start && p.Start <= p.End) {
		t.Fatalf("times out of order: %+v", p)
	}
}
