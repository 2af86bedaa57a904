package cl

import (
	"context"
	"math"
	"testing"
)

// Sizes, origins and pitches come from applications unchecked: the Go API
// must refuse the ones that overflow (issue 14, item 2) with the codes the
// C API returns, and never wrap them into a small valid-looking range.
func TestRectOverflow(t *testing.T) {
	_, c, q, _ := fakeSetup(t)
	b, err := c.CreateBuffer(0, 1024, nil)
	if err != nil {
		t.Fatal(err)
	}
	host := make([]byte, 1024)
	half := uint64(math.MaxUint64 / 2)
	for _, r := range []Rect{
		{SrcOrigin: [3]uint64{half, half, 0}, Region: [3]uint64{4, 4, 1}},                        // origins whose end wraps
		{Region: [3]uint64{4, 2, 1}, SrcRowPitch: half},                                          // pitch * rows wraps
		{Region: [3]uint64{4, 2, 2}, SrcRowPitch: 1 << 32, SrcSlicePitch: 1 << 63},               // slice * slices wraps
		{Region: [3]uint64{1 << 33, 1 << 33, 1}},                                                 // the default slice pitch wraps
		{SrcOrigin: [3]uint64{0, 0, math.MaxUint64}, Region: [3]uint64{4, 1, 2}},                 // origin + region wraps
		{DstOrigin: [3]uint64{math.MaxUint64 - 2, 0, 0}, Region: [3]uint64{4, 1, 1}},             // host side wraps
		{Region: [3]uint64{4, 4, 1}, DstRowPitch: math.MaxUint64, DstSlicePitch: math.MaxUint64}, // host pitches
	} {
		if _, err := q.EnqueueReadBufferRect(b, r, host); Code(err) != ErrInvalidValue {
			t.Errorf("EnqueueReadBufferRect(%+v) = %v, want CL_INVALID_VALUE", r, err)
		}
	}
	// A fill of 0 bytes does nothing (the Vulkan driver divided by its
	// size and vkCmdFillBuffer refuses 0).
	if _, err := q.EnqueueFillBuffer(b, []byte{1, 2, 3, 4}, 8, 0); err != nil {
		t.Errorf("fill of 0 bytes: %v", err)
	}
	// A box that fits still works.
	r := Rect{SrcOrigin: [3]uint64{4, 1, 0}, Region: [3]uint64{8, 2, 1}, SrcRowPitch: 16}
	src, dst, err := r.Extents("test")
	if err != nil || src != 16*2+4+8 || dst != 16 {
		t.Fatalf("Extents = %d, %d, %v", src, dst, err)
	}
	if _, err := q.EnqueueReadBufferRect(b, r, host[:16]); err != nil {
		t.Fatal(err)
	}
}

// clgo's kernels have a 32-bit size_t (CL_DEVICE_ADDRESS_BITS): NDRanges
// whose ids it cannot hold are refused with the spec's codes, not wrapped.
func TestNDRangeAddressBits(t *testing.T) {
	_, c, q, prog := fakeSetup(t)
	k, err := prog.CreateKernel("axpy")
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreateBuffer(0, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(b, b, float32(1)); err != nil {
		t.Fatal(err)
	}
	if bits := q.Device().Info().AddressBits; bits != 32 {
		t.Fatalf("AddressBits %d", bits)
	}
	const g32 = uint64(1) << 32
	for _, c := range []struct {
		off, glob, loc []uint64
		want           ErrorCode
	}{
		{nil, []uint64{g32 + 64}, nil, ErrInvalidGlobalWorkSize},
		{nil, []uint64{1 << 40}, []uint64{8}, ErrInvalidGlobalWorkSize},
		{nil, []uint64{65536, 65536, 65536}, nil, ErrInvalidGlobalWorkSize}, // 2^48 items
		{[]uint64{g32 - 16}, []uint64{64}, nil, ErrInvalidGlobalOffset},
		{[]uint64{g32 - 4}, []uint64{8}, nil, ErrInvalidGlobalOffset},
		{[]uint64{math.MaxUint64 - 10}, []uint64{64}, []uint64{8}, ErrInvalidGlobalOffset},
		{nil, []uint64{64}, []uint64{0}, ErrInvalidWorkGroupSize},
		{nil, []uint64{1 << 20}, []uint64{1 << 20}, ErrInvalidWorkGroupSize}, // the total before each dimension
		{nil, []uint64{8, 8}, []uint64{math.MaxUint64, 2}, ErrInvalidWorkGroupSize},
	} {
		if _, err := q.EnqueueNDRangeKernel(k, c.off, c.glob, c.loc); Code(err) != c.want {
			t.Errorf("EnqueueNDRangeKernel(offset %v, global %v, local %v) = %v, want %v", c.off, c.glob, c.loc, err, c.want)
		}
	}
	// The largest offset that still fits runs.
	if _, err := q.EnqueueNDRangeKernel(k, []uint64{g32 - 1 - 16}, []uint64{16}, nil); err != nil {
		t.Errorf("offset 2^32-17 + 16: %v", err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Logf("finish: %v", err) // axpy's own bounds check may fail the run; the enqueue was the point
	}
}

// A CL_MAP_WRITE map of a host write-only buffer must start as the
// buffer's bytes (its unmap writes the whole region back): the C API's map
// reads through EnqueueReadForMap, which the host-access flags do not
// refuse, while EnqueueReadBuffer does.
func TestReadForMapHostWriteOnly(t *testing.T) {
	_, c, q, _ := fakeSetup(t)
	b, err := c.CreateBuffer(MemHostWriteOnly|MemCopyHostPtr, 8, []byte{1, 2, 3, 4, 5, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4)
	if _, err := q.EnqueueReadBuffer(b, 0, got); Code(err) != ErrInvalidOperation {
		t.Fatalf("read of a host write-only buffer: %v, want CL_INVALID_OPERATION", err)
	}
	ev, err := q.EnqueueReadForMap(b, 4, got)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if string(got) != "\x05\x06\x07\x08" {
		t.Fatalf("mapped bytes %v", got)
	}
	if _, err := q.EnqueueReadForMap(b, 6, got); Code(err) != ErrInvalidValue {
		t.Fatalf("map past the end: %v, want CL_INVALID_VALUE", err)
	}
}
