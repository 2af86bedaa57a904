package host

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// TestImageCommands runs every ImageQueue command on small images and
// checks the bytes they leave, region by region.
func TestImageCommands(t *testing.T) {
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	iq := q.(driver.ImageQueue)
	bg := context.Background()
	rgba8 := driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8}
	// A 3D image of 3x2x2 RGBA8 pixels: pixel (x,y,z) = {x, y, z, 9}.
	desc := driver.ImageDesc{Type: driver.Image3D, Format: rgba8, Width: 3, Height: 2, Depth: 2, ArraySize: 1}
	a, err := dev.NewImage(desc)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	var all []byte
	for z := range 2 {
		for y := range 2 {
			for x := range 3 {
				all = append(all, byte(x), byte(y), byte(z), 9)
			}
		}
	}
	iq.WriteImage(a, [3]uint64{}, [3]uint64{3, 2, 2}, all, nil)
	// A sub-region read: x 1..2, y 1, z 0..1.
	sub := make([]byte, 2*1*2*4)
	ev, _ := iq.ReadImage(a, [3]uint64{1, 1, 0}, [3]uint64{2, 1, 2}, sub, nil)
	if err := ev.Wait(bg); err != nil {
		t.Fatal(err)
	}
	if want := []byte{1, 1, 0, 9, 2, 1, 0, 9, 1, 1, 1, 9, 2, 1, 1, 9}; !bytes.Equal(sub, want) {
		t.Errorf("ReadImage of a region: % x, want % x", sub, want)
	}
	// CopyImage of that region to (0,0,1) of a second image.
	b, _ := dev.NewImage(desc)
	defer b.Release()
	iq.CopyImage(a, b, [3]uint64{1, 1, 0}, [3]uint64{0, 0, 1}, [3]uint64{2, 1, 1}, nil)
	got := make([]byte, len(all))
	ev, _ = iq.ReadImage(b, [3]uint64{}, [3]uint64{3, 2, 2}, got, nil)
	ev.Wait(bg)
	want := make([]byte, len(all))
	copy(want[6*4:], []byte{1, 1, 0, 9, 2, 1, 0, 9})
	if !bytes.Equal(got, want) {
		t.Errorf("CopyImage: % x, want % x", got, want)
	}
	// FillImage converts the color as write_imagef: (0.5, 1, 0, 2) is
	// {128, 255, 0, 255}.
	iq.FillImage(b, [4]uint32{0x3f000000, 0x3f800000, 0, 0x40000000}, [3]uint64{2, 0, 0}, [3]uint64{1, 2, 2}, nil)
	ev, _ = iq.ReadImage(b, [3]uint64{}, [3]uint64{3, 2, 2}, got, nil)
	ev.Wait(bg)
	for _, p := range []int{2, 5, 8, 11} {
		copy(want[4*p:], []byte{128, 255, 0, 255})
	}
	if !bytes.Equal(got, want) {
		t.Errorf("FillImage: % x, want % x", got, want)
	}
	// CopyImageToBuffer at an offset, and CopyBufferToImage back into a
	// 2D image.
	buf, _ := dev.NewBuffer(64)
	defer buf.Release()
	iq.CopyImageToBuffer(a, buf, [3]uint64{0, 1, 1}, [3]uint64{3, 1, 1}, 4, nil)
	bb := make([]byte, 64)
	ev, _ = q.ReadBuffer(buf, 0, bb, nil)
	ev.Wait(bg)
	if want := []byte{0, 0, 0, 0, 0, 1, 1, 9, 1, 1, 1, 9, 2, 1, 1, 9, 0}; !bytes.Equal(bb[:17], want) {
		t.Errorf("CopyImageToBuffer: % x, want % x", bb[:17], want)
	}
	c, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 2, Height: 2, Depth: 1, ArraySize: 1})
	defer c.Release()
	iq.CopyBufferToImage(buf, c, 8, [3]uint64{0, 1, 0}, [3]uint64{2, 1, 1}, nil)
	cc := make([]byte, 16)
	ev, _ = iq.ReadImage(c, [3]uint64{}, [3]uint64{2, 2, 1}, cc, nil)
	ev.Wait(bg)
	if want := []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 9, 2, 1, 1, 9}; !bytes.Equal(cc, want) {
		t.Errorf("CopyBufferToImage: % x, want % x", cc, want)
	}
	// An Image1DBuffer views its buffer: writing the image writes the
	// buffer at the offset.
	r32 := driver.ImageFormat{Order: imageformat.R, DataType: imageformat.UnsignedInt32}
	ib, err := dev.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: r32, Width: 4, Height: 1, Depth: 1, ArraySize: 1, Buffer: buf, BufferOffset: 16})
	if err != nil {
		t.Fatal(err)
	}
	iq.FillImage(ib, [4]uint32{0x01020304}, [3]uint64{1, 0, 0}, [3]uint64{2, 1, 1}, nil)
	ev, _ = q.ReadBuffer(buf, 16, bb[:16], nil)
	ev.Wait(bg)
	if want := []byte{0, 0, 0, 0, 4, 3, 2, 1, 4, 3, 2, 1, 0, 0, 0, 0}; !bytes.Equal(bb[:16], want) {
		t.Errorf("Image1DBuffer fill: % x, want % x", bb[:16], want)
	}
}

// TestImageErrors checks the errors of NewImage and the image commands,
// and that a command waiting on a failed event does not run.
func TestImageErrors(t *testing.T) {
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	iq := q.(driver.ImageQueue)
	rgba8 := driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8}
	d2 := driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 4, Height: 4, Depth: 1, ArraySize: 1}
	for _, c := range []struct {
		name string
		desc driver.ImageDesc
		want error
	}{
		{"bad format", driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGB, DataType: imageformat.UnormInt8}, Width: 4, Height: 4, Depth: 1, ArraySize: 1}, driver.ErrInvalidValue},
		{"depth 3D", driver.ImageDesc{Type: driver.Image3D, Format: driver.ImageFormat{Order: imageformat.Depth, DataType: imageformat.Float}, Width: 4, Height: 4, Depth: 4, ArraySize: 1}, driver.ErrInvalidValue},
		{"too wide", driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 16385, Height: 1, Depth: 1, ArraySize: 1}, driver.ErrInvalidValue},
		{"zero height", driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 4, Height: 0, Depth: 1, ArraySize: 1}, driver.ErrInvalidValue},
		{"bad type", driver.ImageDesc{Type: 0x1234, Format: rgba8, Width: 4, Height: 4, Depth: 1, ArraySize: 1}, driver.ErrInvalidValue},
	} {
		if _, err := dev.NewImage(c.desc); !errors.Is(err, c.want) {
			t.Errorf("%s: NewImage: %v, want %v", c.name, err, c.want)
		}
	}
	// The global memory bounds images like buffers.
	old := SetGlobalMem(1 << 20)
	big := driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 1024, Height: 512, Depth: 1, ArraySize: 1} // 2 MiB
	if _, err := dev.NewImage(big); err == nil {
		t.Error("an image larger than the global memory was allocated")
	}
	SetGlobalMem(old)
	before := AllocatedBytes()
	img, err := dev.NewImage(d2)
	if err != nil {
		t.Fatal(err)
	}
	if AllocatedBytes() != before+64 {
		t.Errorf("allocated %d bytes more, want 64", AllocatedBytes()-before)
	}
	other, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.R, DataType: imageformat.Float}, Width: 4, Height: 4, Depth: 1, ArraySize: 1})
	var none [3]uint64
	if _, err := iq.ReadImage(img, [3]uint64{3, 0, 0}, [3]uint64{2, 1, 1}, make([]byte, 64), nil); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("region out of the image: %v", err)
	}
	if _, err := iq.WriteImage(img, none, [3]uint64{4, 4, 1}, make([]byte, 63), nil); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("short source: %v", err)
	}
	if _, err := iq.CopyImage(img, other, none, none, [3]uint64{1, 1, 1}, nil); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("copy between formats: %v", err)
	}
	if _, err := iq.CopyImage(img, img, none, [3]uint64{1, 1, 0}, [3]uint64{2, 2, 1}, nil); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("overlapping copy: %v", err)
	}
	buf, _ := dev.NewBuffer(16)
	if _, err := iq.CopyImageToBuffer(img, buf, none, [3]uint64{2, 2, 1}, 4, nil); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("buffer too small: %v", err)
	}
	if _, err := dev.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: rgba8, Width: 4, Height: 1, Depth: 1, ArraySize: 1, Buffer: buf, BufferOffset: 4}); !errors.Is(err, driver.ErrInvalidValue) {
		t.Errorf("Image1DBuffer past its buffer: %v", err)
	}
	// A failed wait list fails the command, which does not run.
	failed := driver.NewBasicEvent(false)
	failed.Finish(errors.New("boom"))
	dst := make([]byte, 64)
	for i := range dst {
		dst[i] = 7
	}
	ev, err := iq.ReadImage(img, none, [3]uint64{4, 4, 1}, dst, []driver.Event{failed})
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); !errors.Is(err, driver.ErrWaitListFailed) {
		t.Errorf("wait on a failed event: %v", err)
	}
	if dst[0] != 7 {
		t.Error("the command ran after a failed wait list")
	}
	img.Release()
	img.Release() // twice: once counted
	other.Release()
	buf.Release()
	if AllocatedBytes() != before {
		t.Errorf("after Release, %d bytes more are allocated", AllocatedBytes()-before)
	}
}
