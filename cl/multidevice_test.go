package cl

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

// hostAndVulkan returns a context of the host device and a Vulkan device
// (lavapipe here), with a queue on each; it skips without a Vulkan device.
func hostAndVulkan(t *testing.T) (*Context, *Queue, *Queue) {
	t.Helper()
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	var host, vk *Device
	for _, d := range devs {
		switch d.DriverName() {
		case "host":
			host = d
		case "vulkan":
			if vk == nil {
				vk = d
			}
		}
	}
	if host == nil || vk == nil {
		t.Skip("needs the host device and a Vulkan device")
	}
	c, err := CreateContext(host, vk)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Release() })
	q0, err := c.CreateQueue(host, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q0.Release() })
	q1, err := c.CreateQueue(vk, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q1.Release() })
	return c, q0, q1
}

const incSource = `kernel void inc(global int *p, int by) { p[get_global_id(0)] += by; }`

func ints(b []byte) []int32 {
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func intBytes(v []int32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], uint32(x))
	}
	return out
}

// TestMultiDeviceBuffer writes a buffer on the host device's queue, runs a
// kernel on it on lavapipe's, and reads it on the host's again, ordered by
// events only; then sub-buffers of one root are changed on both devices at
// once; then clEnqueueMigrateMemObjects moves it.
func TestMultiDeviceBuffer(t *testing.T) {
	ctx := context.Background()
	c, q0, q1 := hostAndVulkan(t)
	p, err := c.CreateProgramWithSource(incSource)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(""); err != nil {
		t.Fatalf("build for both devices: %v", err)
	}
	for _, d := range c.Devices() {
		if s := p.BuildStatus(d); s != BuildSuccess {
			t.Fatalf("build status on %s: %d", d, s)
		}
	}
	k0, err := p.CreateKernel("inc")
	if err != nil {
		t.Fatal(err)
	}
	defer k0.Release()
	k1, err := p.CreateKernel("inc")
	if err != nil {
		t.Fatal(err)
	}
	defer k1.Release()

	const n = 1024
	want := make([]int32, n)
	for i := range want {
		want[i] = int32(i)
	}
	b, err := c.CreateBuffer(MemReadWrite, 4*n, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	w, err := q0.EnqueueWriteBuffer(b, 0, intBytes(want))
	if err != nil {
		t.Fatal(err)
	}
	if err := k1.SetArgs(b, int32(3)); err != nil {
		t.Fatal(err)
	}
	run, err := q1.EnqueueNDRangeKernel(k1, nil, []uint64{n}, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	r, err := q0.EnqueueReadBuffer(b, 0, out, run)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	for i, v := range ints(out) {
		if v != want[i]+3 {
			t.Fatalf("written on host, +3 on vulkan, read on host: [%d] = %d, want %d", i, v, want[i]+3)
		}
	}

	// Two sub-buffers of one root: the first changed on the host, the
	// second on lavapipe, with no order between the two devices.
	half := uint64(4 * n / 2)
	for _, d := range c.Devices() {
		if a := uint64(d.Info().MemBaseAddrAlign / 8); half%a != 0 {
			t.Skipf("half the buffer (%d bytes) is not aligned for %s", half, d)
		}
	}
	s0, err := b.CreateSubBuffer(MemReadWrite, 0, half)
	if err != nil {
		t.Fatal(err)
	}
	defer s0.Release()
	s1, err := b.CreateSubBuffer(MemReadWrite, half, half)
	if err != nil {
		t.Fatal(err)
	}
	defer s1.Release()
	if err := k0.SetArgs(s0, int32(10)); err != nil {
		t.Fatal(err)
	}
	if err := k1.SetArgs(s1, int32(100)); err != nil {
		t.Fatal(err)
	}
	e0, err := q0.EnqueueNDRangeKernel(k0, nil, []uint64{n / 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e1, err := q1.EnqueueNDRangeKernel(k1, nil, []uint64{n / 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The second half is then written on the host device through the
	// sub-buffer, after lavapipe's kernel.
	tail := []int32{-1, -2}
	w2, err := q0.EnqueueWriteBuffer(s1, half-8, intBytes(tail), e1)
	if err != nil {
		t.Fatal(err)
	}
	r, err = q1.EnqueueReadBuffer(b, 0, out, e0, w2)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	for i, v := range ints(out) {
		x := want[i] + 3 + 10
		if i >= n/2 {
			x = want[i] + 3 + 100
		}
		if i >= n-2 {
			x = tail[i-(n-2)]
		}
		if v != x {
			t.Fatalf("sub-buffers changed on both devices, read on vulkan: [%d] = %d, want %d", i, v, x)
		}
	}

	// clEnqueueMigrateMemObjects to the host, a kernel there, read on
	// lavapipe.
	m, err := q0.EnqueueMigrateMemObjects([]*Buffer{b}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := k0.SetArgs(b, int32(1)); err != nil {
		t.Fatal(err)
	}
	run, err = q0.EnqueueNDRangeKernel(k0, nil, []uint64{n}, nil, m)
	if err != nil {
		t.Fatal(err)
	}
	if err := q0.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4*n)
	if r, err = q1.EnqueueReadBuffer(b, 0, got, run); err != nil {
		t.Fatal(err)
	}
	if err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	for i, v := range ints(got) {
		if x := ints(out)[i] + 1; v != x {
			t.Fatalf("after migration to the host and +1 there, read on vulkan: [%d] = %d, want %d", i, v, x)
		}
	}
}

// TestMultiDeviceProgramBinary builds a program for both devices from the
// binaries built for each (Binary per device): each device runs its own.
func TestMultiDeviceProgramBinary(t *testing.T) {
	ctx := context.Background()
	c, q0, q1 := hostAndVulkan(t)
	src, err := c.CreateProgramWithSource(incSource)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Release()
	if err := src.Build(""); err != nil {
		t.Fatal(err)
	}
	bins := map[*Device][]byte{}
	for _, d := range c.Devices() {
		bins[d] = src.Binary(d)
		if len(bins[d]) == 0 {
			t.Fatalf("no binary for %s", d)
		}
	}
	p, err := c.CreateProgramWithBinaries(bins)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(""); err != nil {
		t.Fatalf("build from the binaries for both devices: %v", err)
	}
	k, err := p.CreateKernel("inc")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := CreateBufferFrom(c, 0, []int32{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	for _, q := range []*Queue{q0, q1} {
		if err := k.SetArgs(b, int32(1)); err != nil {
			t.Fatal(err)
		}
		if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4}, nil); err != nil {
			t.Fatal(err)
		}
		if err := q.Finish(ctx); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadAll[int32](ctx, q0, b)
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 3 || got[3] != 6 {
		t.Fatalf("+1 on each device: %v", got)
	}
}

// TestMultiDeviceConstantLimit: a __constant buffer larger than one
// device's limit but within another's may be set (the kernel may run on
// either) and runs on the device that takes it; the other's queue
// refuses it at enqueue.
func TestMultiDeviceConstantLimit(t *testing.T) {
	small, big := drivertest.New(), drivertest.New()
	small.DevInfo.MaxConstantBuffer, big.DevInfo.MaxConstantBuffer = 64, 4096
	for _, fd := range []*drivertest.Device{small, big} {
		fd.AddKernel(drivertest.Kernel{
			Info: driver.KernelInfo{Name: "c", Args: []driver.ArgInfo{
				{Kind: driver.ArgBuffer, Size: 8, AddressQualifier: driver.AddressConstant}}},
			Run: func(ctx context.Context, it *drivertest.Item) error { return nil },
		})
	}
	p := NewPlatformForTest(&drivertest.Driver{Dev: small, N: "small"}, &drivertest.Driver{Dev: big, N: "big"})
	devs, err := p.Devices(DeviceTypeAll)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CreateContext(devs...)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	prog, err := c.CreateProgramWithIL(drivertest.Code("c"))
	if err != nil {
		t.Fatal(err)
	}
	if err := prog.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := prog.CreateKernel("c")
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreateBuffer(0, 1024, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArg(0, b); err != nil {
		t.Fatalf("a 1024-byte __constant buffer in a context with a 4096-byte device: %v", err)
	}
	qs, _ := c.CreateQueue(devs[0], 0)
	qb, _ := c.CreateQueue(devs[1], 0)
	if _, err := qs.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); !errors.Is(err, ErrOutOfResources) {
		t.Fatalf("on the 64-byte device: %v", err)
	}
	if _, err := qb.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
		t.Fatalf("on the 4096-byte device: %v", err)
	}
	if err := qb.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	big8k, err := c.CreateBuffer(0, 8192, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArg(0, big8k); !errors.Is(err, ErrInvalidArgSize) {
		t.Fatalf("an 8192-byte __constant buffer: %v", err)
	}
}
