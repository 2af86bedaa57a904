package cl

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

var (
	rgba8   = ImageFormat{Order: RGBA, DataType: UnormInt8}
	rgbaF32 = ImageFormat{Order: RGBA, DataType: Float}
	rU8     = ImageFormat{Order: R, DataType: UnsignedInt8}
)

// imageDevice is a fake device with image support and the kernel
//
//	invert(read_only image2d_t src, write_only image2d_t dst, sampler_t s):
//	dst byte = 255 - src byte, for the pixel at the global id (RGBA8);
//	the sampler's addressing mode goes to dst's first byte of pixel 0.
func imageDevice() *drivertest.Device {
	fd := drivertest.New()
	fd.DevInfo.Caps.Images = true
	fd.AddKernel(drivertest.Kernel{
		Info: driver.KernelInfo{Name: "invert", Args: []driver.ArgInfo{
			{Kind: driver.ArgImage, Size: 8, Name: "src", TypeName: "image2d_t", AccessQualifier: driver.AccessReadOnly},
			{Kind: driver.ArgImage, Size: 8, Name: "dst", TypeName: "image2d_t", AccessQualifier: driver.AccessWriteOnly},
			{Kind: driver.ArgSampler, Size: 8, Name: "s", TypeName: "sampler_t"},
		}},
		Run: func(ctx context.Context, it *drivertest.Item) error {
			w := it.Args[0].Image.Desc().Width
			p := 4 * (it.Global[1]*w + it.Global[0])
			for c := range uint64(4) {
				it.Args[1].Mem[p+c] = 255 - it.Args[0].Mem[p+c]
			}
			return nil
		},
	})
	return fd
}

func imageSetup(t *testing.T) (*drivertest.Device, *Context, *Queue) {
	t.Helper()
	fd := imageDevice()
	p := NewPlatformForTest(&drivertest.Driver{Dev: fd, N: "fake"})
	devs, err := p.Devices(DeviceTypeAll)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CreateContext(devs...)
	if err != nil {
		t.Fatal(err)
	}
	q, err := c.CreateQueue(devs[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	return fd, c, q
}

func wantCode(t *testing.T, what string, err error, code ErrorCode) {
	t.Helper()
	if !errors.Is(err, code) {
		t.Errorf("%s: got %v, want %v", what, err, code)
	}
}

func wait(t *testing.T, ev *Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestImageSupportQueries(t *testing.T) {
	_, c, q := imageSetup(t)
	d := q.Device()
	if !d.ImageSupport() || d.ImageLimits().MaxWidth2D != 4096 {
		t.Fatalf("image support %v limits %+v", d.ImageSupport(), d.ImageLimits())
	}
	fs, err := c.SupportedImageFormats(MemReadOnly, MemObjectImage2D)
	if err != nil || len(fs) != len(drivertest.Formats) {
		t.Fatalf("formats %v, %v", fs, err)
	}
	_, err = c.SupportedImageFormats(MemReadOnly, ImageType(0x10F0)) // CL_MEM_OBJECT_BUFFER
	wantCode(t, "formats of a buffer type", err, ErrInvalidValue)

	// A device without Caps.Images has no image support even though its
	// driver implements driver.ImageDevice.
	fd := drivertest.New()
	p := NewPlatformForTest(&drivertest.Driver{Dev: fd, N: "fake"})
	devs, _ := p.Devices(DeviceTypeAll)
	if devs[0].ImageSupport() || devs[0].ImageFormats(MemObjectImage2D, MemReadWrite) != nil {
		t.Fatal("image support without Caps.Images")
	}
	c2, _ := CreateContext(devs...)
	_, err = c2.CreateImage2D(0, rgba8, 4, 4, nil)
	wantCode(t, "image on a device without images", err, ErrInvalidOperation)
	_, err = c2.CreateSampler(true, AddressClamp, FilterNearest)
	wantCode(t, "sampler on a device without images", err, ErrInvalidOperation)
}

func TestCreateImageErrors(t *testing.T) {
	_, c, _ := imageSetup(t)
	buf, err := c.CreateBuffer(MemReadOnly, 256, nil)
	if err != nil {
		t.Fatal(err)
	}
	host := make([]byte, 1<<16)
	for _, tc := range []struct {
		name   string
		flags  MemFlags
		format ImageFormat
		desc   ImageDesc
		host   []byte
		code   ErrorCode
	}{
		{"bad flags", MemReadOnly | MemWriteOnly, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrInvalidValue},
		{"bad order", 0, ImageFormat{Order: 0x1234, DataType: UnormInt8}, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrInvalidImageFormatDescriptor},
		{"565 with RGBA", 0, ImageFormat{Order: RGBA, DataType: UnormShort565}, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrInvalidImageFormatDescriptor},
		{"RGB of bytes", 0, ImageFormat{Order: RGB, DataType: UnormInt8}, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrInvalidImageFormatDescriptor},
		{"valid but unsupported", 0, ImageFormat{Order: Luminance, DataType: UnormInt16}, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrImageFormatNotSupported},
		{"bad type", 0, rgba8, ImageDesc{Type: ImageType(0x10F0), Width: 4}, nil, ErrInvalidImageDescriptor},
		{"zero height", 0, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4}, nil, ErrInvalidImageDescriptor},
		{"zero layers", 0, rgba8, ImageDesc{Type: MemObjectImage2DArray, Width: 4, Height: 4}, nil, ErrInvalidImageDescriptor},
		{"too wide", 0, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 5000, Height: 4}, nil, ErrInvalidImageSize},
		{"too deep", 0, rgba8, ImageDesc{Type: MemObjectImage3D, Width: 4, Height: 4, Depth: 513}, nil, ErrInvalidImageSize},
		{"pitch without host", 0, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4, RowPitch: 32}, nil, ErrInvalidImageDescriptor},
		{"host without flag", 0, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, host, ErrInvalidHostPtr},
		{"flag without host", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, nil, ErrInvalidHostPtr},
		{"short row pitch", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4, RowPitch: 12}, host, ErrInvalidImageDescriptor},
		{"odd row pitch", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4, RowPitch: 18}, host, ErrInvalidImageDescriptor},
		{"short slice pitch", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage3D, Width: 4, Height: 4, Depth: 2, SlicePitch: 48}, host, ErrInvalidImageDescriptor},
		{"slice pitch not rows", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage3D, Width: 4, Height: 4, Depth: 2, SlicePitch: 72}, host, ErrInvalidImageDescriptor},
		{"short host", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4}, host[:63], ErrInvalidHostPtr},
		{"buffer for a 2D image", 0, rgba8, ImageDesc{Type: MemObjectImage2D, Width: 4, Height: 4, Buffer: buf}, nil, ErrInvalidImageDescriptor},
		{"1D buffer without buffer", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4}, nil, ErrInvalidImageDescriptor},
		{"1D buffer past the buffer", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 65, Buffer: buf}, nil, ErrInvalidImageSize},
		{"1D buffer widening access", MemReadWrite, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf}, nil, ErrInvalidValue},
		{"1D buffer with host flag", MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf}, host, ErrInvalidValue},
		{"1D buffer with host memory", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf}, host, ErrInvalidHostPtr},
		{"1D buffer with a short pitch", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf, RowPitch: 12}, nil, ErrInvalidImageDescriptor},
		{"1D buffer with a pitch not of pixels", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf, RowPitch: 18}, nil, ErrInvalidImageDescriptor},
		{"1D buffer with a slice pitch", 0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 4, Buffer: buf, SlicePitch: 16}, nil, ErrInvalidImageDescriptor},
	} {
		_, err := c.CreateImage(tc.flags, tc.format, tc.desc, tc.host)
		wantCode(t, tc.name, err, tc.code)
	}
	img, err := c.CreateImage(0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 64, Buffer: buf}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if img.Flags()&MemReadOnly == 0 || img.Buffer() != buf || buf.RefCount() != 2 {
		t.Fatalf("1D buffer image flags %#x buffer refs %d", img.Flags(), buf.RefCount())
	}
	img.Release()
	if buf.RefCount() != 1 {
		t.Fatalf("buffer refs %d after the image's release", buf.RefCount())
	}
	// A row pitch covering the row (the CTS passes width x pixel size,
	// and more) is accepted.
	for _, pitch := range []uint64{64 * 4, 64*4 + 8} {
		img, err := c.CreateImage(0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 64, Buffer: buf, RowPitch: pitch}, nil)
		if err != nil {
			t.Fatalf("1D buffer image with row pitch %d: %v", pitch, err)
		}
		img.Release()
	}
}

// pattern fills n bytes with distinct values.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

func TestImageReadWritePitches(t *testing.T) {
	fd, c, q := imageSetup(t)
	// A 3D image of 5x3x4 RGBA8 pixels made from host memory with padded
	// rows (28 bytes) and slices (4 rows).
	const w, h, d, elem = 5, 3, 4, 4
	row, slice := uint64(28), uint64(4*28)
	host := pattern(int(slice * d))
	img, err := c.CreateImage(MemCopyHostPtr, rgba8, ImageDesc{Type: MemObjectImage3D, Width: w, Height: h, Depth: d, RowPitch: row, SlicePitch: slice}, host)
	if err != nil {
		t.Fatal(err)
	}
	px := func(b []byte, ys, zs uint64, x, y, z uint64) []byte {
		o := z*zs + y*ys + x*elem
		return b[o : o+elem]
	}
	all, err := q.ReadImageAll(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	for z := range uint64(d) {
		for y := range uint64(h) {
			for x := range uint64(w) {
				if !bytes.Equal(px(all, w*elem, w*h*elem, x, y, z), px(host, row, slice, x, y, z)) {
					t.Fatalf("pixel (%d,%d,%d) = %v, host %v", x, y, z, px(all, w*elem, w*h*elem, x, y, z), px(host, row, slice, x, y, z))
				}
			}
		}
	}
	// Read a sub-region with other pitches: rows of 12 bytes padded to
	// 16, slices of 2 rows padded to 40.
	origin, region := [3]uint64{1, 1, 1}, [3]uint64{3, 2, 3}
	dst := make([]byte, 40*3)
	ev, err := q.EnqueueReadImage(img, origin, region, 16, 40, dst)
	wait(t, ev, err)
	for z := range region[2] {
		for y := range region[1] {
			for x := range region[0] {
				got := px(dst, 16, 40, x, y, z)
				want := px(host, row, slice, x+1, y+1, z+1)
				if !bytes.Equal(got, want) {
					t.Fatalf("region pixel (%d,%d,%d) = %v, want %v", x, y, z, got, want)
				}
			}
		}
	}
	// Write the region back inverted, with the same pitches, and check
	// the whole image.
	for i := range dst {
		dst[i] = ^dst[i]
	}
	ev, err = q.EnqueueWriteImage(img, origin, region, 16, 40, dst)
	wait(t, ev, err)
	all2, err := q.ReadImageAll(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	for z := range uint64(d) {
		for y := range uint64(h) {
			for x := range uint64(w) {
				want := bytes.Clone(px(host, row, slice, x, y, z))
				if x >= 1 && x < 4 && y >= 1 && y < 3 && z >= 1 {
					for i := range want {
						want[i] = ^want[i]
					}
				}
				if got := px(all2, w*elem, w*h*elem, x, y, z); !bytes.Equal(got, want) {
					t.Fatalf("after write, pixel (%d,%d,%d) = %v, want %v", x, y, z, got, want)
				}
			}
		}
	}
	// Bad regions and pitches.
	_, err = q.EnqueueReadImage(img, [3]uint64{3, 0, 0}, [3]uint64{3, 1, 1}, 0, 0, dst)
	wantCode(t, "region past the width", err, ErrInvalidValue)
	_, err = q.EnqueueReadImage(img, origin, region, 8, 0, dst)
	wantCode(t, "row pitch under a row", err, ErrInvalidValue)
	_, err = q.EnqueueReadImage(img, origin, region, 16, 20, dst)
	wantCode(t, "slice pitch under a slice", err, ErrInvalidValue)
	_, err = q.EnqueueReadImage(img, origin, region, 16, 40, dst[:100])
	wantCode(t, "short destination", err, ErrInvalidValue)
	_, err = q.EnqueueReadImage(img, [3]uint64{^uint64(0), 0, 0}, [3]uint64{2, 1, 1}, 0, 0, dst)
	wantCode(t, "overflowing origin", err, ErrInvalidValue)
	img.Release()
	if fd.LiveImages != 0 {
		t.Fatalf("%d images live after release", fd.LiveImages)
	}
}

func TestImage1DArrayAndRegions(t *testing.T) {
	_, c, q := imageSetup(t)
	img, err := c.CreateImage(0, rU8, ImageDesc{Type: MemObjectImage1DArray, Width: 6, ArraySize: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if row, slice := img.Pitches(); row != 6 || slice != 6 {
		t.Fatalf("pitches %d %d", row, slice)
	}
	// Layers 1 and 2, x 2..5, from host memory whose layers are 8 bytes
	// apart (the slice pitch of a 1D array).
	src := []byte{1, 2, 3, 4, 0, 0, 0, 0, 5, 6, 7, 8}
	ev, err := q.EnqueueWriteImage(img, [3]uint64{2, 1, 0}, [3]uint64{4, 2, 1}, 0, 8, src)
	wait(t, ev, err)
	all, err := q.ReadImageAll(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 5, 6, 7, 8}
	if !bytes.Equal(all, want) {
		t.Fatalf("1D array = %v, want %v", all, want)
	}
	_, err = q.EnqueueWriteImage(img, [3]uint64{0, 0, 1}, [3]uint64{1, 1, 1}, 0, 0, src)
	wantCode(t, "z origin of a 1D array", err, ErrInvalidValue)
	_, err = q.EnqueueWriteImage(img, [3]uint64{0, 3, 0}, [3]uint64{1, 1, 1}, 0, 0, src)
	wantCode(t, "layer past the array", err, ErrInvalidValue)
}

func TestImageCopyFillBuffer(t *testing.T) {
	_, c, q := imageSetup(t)
	src, err := c.CreateImage2D(0, rgba8, 4, 4, pattern(64))
	if err != nil {
		t.Fatal(err)
	}
	dst, err := c.CreateImage2D(0, rgba8, 4, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := q.EnqueueCopyImage(src, dst, [3]uint64{1, 1, 0}, [3]uint64{0, 0, 0}, [3]uint64{2, 2, 1})
	wait(t, ev, err)
	ev, err = q.EnqueueFillImage(dst, [4]float32{1, 0, 0.5, 2}, [3]uint64{3, 3, 0}, [3]uint64{1, 1, 1})
	wait(t, ev, err)
	all, _ := q.ReadImageAll(context.Background(), dst)
	sp := pattern(64)
	want := make([]byte, 64)
	copy(want[0:8], sp[20:28])
	copy(want[16:24], sp[36:44])
	copy(want[60:64], []byte{255, 0, 128, 255})
	if !bytes.Equal(all, want) {
		t.Fatalf("copy and fill = %v, want %v", all, want)
	}

	f, err := c.CreateImage2D(0, rgbaF32, 2, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = q.EnqueueCopyImage(src, f, [3]uint64{}, [3]uint64{}, [3]uint64{1, 1, 1})
	wantCode(t, "copy between formats", err, ErrImageFormatMismatch)
	_, err = q.EnqueueCopyImage(src, src, [3]uint64{0, 0, 0}, [3]uint64{1, 1, 0}, [3]uint64{2, 2, 1})
	wantCode(t, "overlapping copy", err, ErrMemCopyOverlap)
	ev, err = q.EnqueueCopyImage(src, src, [3]uint64{0, 0, 0}, [3]uint64{2, 2, 0}, [3]uint64{2, 2, 1})
	wait(t, ev, err)
	_, err = q.EnqueueFillImage(dst, [4]uint32{1, 2, 3, 4}, [3]uint64{}, [3]uint64{1, 1, 1})
	wantCode(t, "uint color for a unorm image", err, ErrInvalidValue)
	ui, _ := c.CreateImage2D(0, ImageFormat{Order: RGBA, DataType: UnsignedInt32}, 2, 1, nil)
	ev, err = q.EnqueueFillImage(ui, [4]uint32{1, 2, 3, 0xFFFFFFFF}, [3]uint64{}, [3]uint64{2, 1, 1})
	wait(t, ev, err)

	// Image to buffer and back.
	buf, err := c.CreateBuffer(0, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev, err = q.EnqueueCopyImageToBuffer(ui, buf, [3]uint64{}, [3]uint64{2, 1, 1}, 4)
	wait(t, ev, err)
	got := make([]byte, 32)
	ev, err = q.EnqueueReadBuffer(buf, 4, got)
	wait(t, ev, err)
	w1 := []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 255, 255, 255, 255}
	if !bytes.Equal(got, append(bytes.Clone(w1), w1...)) {
		t.Fatalf("image to buffer = %v", got)
	}
	_, err = q.EnqueueCopyImageToBuffer(ui, buf, [3]uint64{}, [3]uint64{2, 1, 1}, 80)
	wantCode(t, "image to buffer past its end", err, ErrInvalidValue)
	ev, err = q.EnqueueCopyBufferToImage(buf, dst, 0, [3]uint64{0, 3, 0}, [3]uint64{4, 1, 1})
	wait(t, ev, err)
	all, _ = q.ReadImageAll(context.Background(), dst)
	if want := append([]byte{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, 3, 0, 0, 0); !bytes.Equal(all[48:], want) {
		t.Fatalf("buffer to image row 3 = %v, want %v", all[48:], want)
	}
}

func TestImageMap(t *testing.T) {
	_, c, q := imageSetup(t)
	img, err := c.CreateImage(0, rU8, ImageDesc{Type: MemObjectImage2DArray, Width: 4, Height: 2, ArraySize: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mem, row, slice, ev, err := q.EnqueueMapImage(img, MapWrite, [3]uint64{1, 0, 1}, [3]uint64{2, 2, 1})
	wait(t, ev, err)
	if row != 2 || slice != 4 || len(mem) != 4 || img.MapCount() != 1 {
		t.Fatalf("map: %d bytes, pitches %d %d, %d maps", len(mem), row, slice, img.MapCount())
	}
	copy(mem, []byte{9, 8, 7, 6})
	ev, err = q.EnqueueUnmapImage(img, mem)
	wait(t, ev, err)
	all, _ := q.ReadImageAll(context.Background(), img)
	if want := []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 8, 0, 0, 7, 6, 0}; !bytes.Equal(all, want) {
		t.Fatalf("after unmap %v, want %v", all, want)
	}
	_, err = q.EnqueueUnmapImage(img, mem)
	wantCode(t, "second unmap", err, ErrInvalidValue)

	// A MemUseHostPtr image maps parts of its host memory with its pitches.
	host := pattern(3 * 8)
	hi, err := c.CreateImage(MemUseHostPtr, rU8, ImageDesc{Type: MemObjectImage2D, Width: 5, Height: 3, RowPitch: 8}, host)
	if err != nil {
		t.Fatal(err)
	}
	if row, slice := hi.Pitches(); row != 8 || slice != 0 {
		t.Fatalf("host image pitches %d %d", row, slice)
	}
	mem, row, _, ev, err = q.EnqueueMapImage(hi, MapRead, [3]uint64{1, 1, 0}, [3]uint64{3, 2, 1})
	wait(t, ev, err)
	if &mem[0] != &host[9] || row != 8 || len(mem) != 8+3 {
		t.Fatalf("host map at %p (host+9 %p), row %d, %d bytes", &mem[0], &host[9], row, len(mem))
	}
	ev, err = q.EnqueueUnmapImage(hi, mem)
	wait(t, ev, err)

	ro, _ := c.CreateImage(MemHostReadOnly, rU8, ImageDesc{Type: MemObjectImage1D, Width: 4}, nil)
	_, _, _, _, err = q.EnqueueMapImage(ro, MapWrite, [3]uint64{}, [3]uint64{4, 1, 1})
	wantCode(t, "write map of a host read-only image", err, ErrInvalidOperation)
	_, err = q.EnqueueWriteImage(ro, [3]uint64{}, [3]uint64{4, 1, 1}, 0, 0, make([]byte, 4))
	wantCode(t, "write of a host read-only image", err, ErrInvalidOperation)
}

func TestImage1DBuffer(t *testing.T) {
	_, c, q := imageSetup(t)
	buf, err := c.CreateBuffer(0, 64, pattern(64))
	if err == nil {
		t.Fatal("host memory without a host flag accepted")
	}
	buf, err = c.CreateBuffer(MemCopyHostPtr, 64, pattern(64))
	if err != nil {
		t.Fatal(err)
	}
	img, err := c.CreateImage(0, rgba8, ImageDesc{Type: MemObjectImage1DBuffer, Width: 16, Buffer: buf}, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := q.ReadImageAll(context.Background(), img)
	if err != nil || !bytes.Equal(all, pattern(64)) {
		t.Fatalf("1D buffer image = %v, %v", all, err)
	}
	ev, err := q.EnqueueFillImage(img, [4]float32{0, 0, 0, 0}, [3]uint64{1, 0, 0}, [3]uint64{1, 1, 1})
	wait(t, ev, err)
	got := make([]byte, 8)
	ev, err = q.EnqueueReadBuffer(buf, 0, got)
	wait(t, ev, err)
	if want := append(pattern(4), 0, 0, 0, 0); !bytes.Equal(got, want) {
		t.Fatalf("buffer after filling its image = %v, want %v", got, want)
	}
}

func TestImageKernelArgs(t *testing.T) {
	_, c, q := imageSetup(t)
	prog, err := c.CreateProgramWithIL(drivertest.Code("invert"))
	if err != nil {
		t.Fatal(err)
	}
	if err := prog.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := prog.CreateKernel("invert")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := c.CreateImage2D(MemReadOnly, rgba8, 4, 2, pattern(32))
	dst, _ := c.CreateImage2D(MemWriteOnly, rgba8, 4, 2, nil)
	img3, _ := c.CreateImage(0, rgba8, ImageDesc{Type: MemObjectImage3D, Width: 2, Height: 2, Depth: 2}, nil)
	buf, _ := c.CreateBuffer(0, 16, nil)
	s, err := c.CreateSampler(false, AddressClampToEdge, FilterNearest)
	if err != nil {
		t.Fatal(err)
	}
	wantCode(t, "write-only image for read_only", k.SetArg(0, dst), ErrInvalidArgValue)
	wantCode(t, "read-only image for write_only", k.SetArg(1, src), ErrInvalidArgValue)
	wantCode(t, "3D image for image2d_t", k.SetArg(0, img3), ErrInvalidArgValue)
	wantCode(t, "buffer for an image", k.SetArg(0, buf), ErrInvalidMemObject)
	wantCode(t, "nil image", k.SetArg(0, nil), ErrInvalidArgValue)
	wantCode(t, "nil *Image", k.SetArg(0, (*Image)(nil)), ErrInvalidMemObject)
	wantCode(t, "image for a sampler", k.SetArg(2, src), ErrInvalidSampler)
	wantCode(t, "nil sampler", k.SetArg(2, (*Sampler)(nil)), ErrInvalidSampler)
	if err := k.SetArgs(src, dst, s); err != nil {
		t.Fatal(err)
	}
	ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4, 2}, nil)
	wait(t, ev, err)
	all, _ := q.ReadImageAll(context.Background(), dst)
	want := pattern(32)
	for i := range want {
		want[i] = 255 - want[i]
	}
	if !bytes.Equal(all, want) {
		t.Fatalf("invert = %v, want %v", all, want)
	}
	src.Release()
	_, err = q.EnqueueNDRangeKernel(k, nil, []uint64{4, 2}, nil)
	wantCode(t, "kernel with a released image", err, ErrInvalidMemObject)
}

func TestSamplerProperties(t *testing.T) {
	_, c, _ := imageSetup(t)
	s, err := c.CreateSamplerWithProperties([]uint64{SamplerFilterMode, uint64(FilterLinear), SamplerNormalizedCoords, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if s.NormalizedCoords() || s.FilterMode() != FilterLinear || s.AddressingMode() != AddressClamp || len(s.Properties()) != 5 {
		t.Fatalf("sampler %+v props %v", s.State(), s.Properties())
	}
	for _, tc := range []struct {
		name  string
		props []uint64
	}{
		{"unknown property", []uint64{0x1155, 0, 0}},
		{"twice", []uint64{SamplerFilterMode, uint64(FilterLinear), SamplerFilterMode, uint64(FilterLinear), 0}},
		{"bad filter", []uint64{SamplerFilterMode, 0x1142, 0}},
		{"bad addressing", []uint64{SamplerAddressingMode, 0x1135, 0}},
		{"bad bool", []uint64{SamplerNormalizedCoords, 2, 0}},
		{"no value", []uint64{SamplerNormalizedCoords}},
	} {
		_, err := c.CreateSamplerWithProperties(tc.props)
		wantCode(t, tc.name, err, ErrInvalidValue)
	}
	_, err = c.CreateSampler(true, 0x1130-1, FilterNearest)
	wantCode(t, "bad addressing", err, ErrInvalidValue)
	if err := s.Release(); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "second release", s.Release(), ErrInvalidSampler)
}

func TestImageMigration(t *testing.T) {
	d1, d2 := imageDevice(), imageDevice()
	p := NewPlatformForTest(&drivertest.Driver{Dev: d1, N: "a"}, &drivertest.Driver{Dev: d2, N: "b"})
	devs, err := p.Devices(DeviceTypeAll)
	if err != nil || len(devs) != 2 {
		t.Fatal(devs, err)
	}
	c, _ := CreateContext(devs...)
	q1, _ := c.CreateQueue(devs[0], 0)
	q2, _ := c.CreateQueue(devs[1], 0)
	img, err := c.CreateImage2D(0, rgba8, 2, 2, pattern(16))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := q1.EnqueueFillImage(img, [4]float32{1, 1, 1, 1}, [3]uint64{1, 1, 0}, [3]uint64{1, 1, 1})
	wait(t, ev, err)
	all, err := q2.ReadImageAll(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	want := pattern(16)
	copy(want[12:], []byte{255, 255, 255, 255})
	if !bytes.Equal(all, want) {
		t.Fatalf("on the second device %v, want %v", all, want)
	}
	// An explicit migration back to the first device, then a read there.
	ev, err = q1.EnqueueMigrateImages([]*Image{img}, 0)
	wait(t, ev, err)
	if img.mem.holder != devs[0] {
		t.Fatal("the image is not on the first device after migrating")
	}
	if all, _ := q1.ReadImageAll(context.Background(), img); !bytes.Equal(all, want) {
		t.Fatalf("after migrating back %v, want %v", all, want)
	}
	ev, err = q2.EnqueueMigrateImages([]*Image{img}, MigrateMemObjectContentUndefined)
	wait(t, ev, err)
	if img.mem.holder != devs[1] {
		t.Fatal("the image is not on the second device after a content-undefined migration")
	}
	_, err = q2.EnqueueMigrateImages(nil, 0)
	wantCode(t, "migrating no image", err, ErrInvalidValue)
	img.Release()
	if d1.LiveImages != 0 || d2.LiveImages != 0 {
		t.Fatalf("live images %d %d", d1.LiveImages, d2.LiveImages)
	}
}

func TestImage2DRGBA8FromGoImage(t *testing.T) {
	_, c, q := imageSetup(t)
	// A sub-image of Go's image.RGBA: rows of 3 pixels, 40 bytes apart,
	// the last row without its padding (the layout of Pix and Stride).
	const stride, w, h = 40, 3, 2
	pix := pattern(stride*(h-1) + w*4)
	img, err := c.CreateImage2DRGBA8(MemReadOnly, w, h, pix, stride)
	if err != nil {
		t.Fatal(err)
	}
	all, err := q.ReadImageAll(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	if want := append(bytes.Clone(pix[:12]), pix[40:52]...); !bytes.Equal(all, want) {
		t.Fatalf("pixels %v, want %v", all, want)
	}
	if img.Format() != rgba8 || img.Flags()&MemReadOnly == 0 || img.Size() != 24 {
		t.Fatalf("format %v flags %#x size %d", img.Format(), img.Flags(), img.Size())
	}
	// Float helpers round-trip.
	f := []float32{1.5, -2, 0.25, 3}
	fi, err := c.CreateImage2D(0, rgbaF32, 1, 1, Float32Pixels(f))
	if err != nil {
		t.Fatal(err)
	}
	back, _ := q.ReadImageAll(context.Background(), fi)
	if got := PixelsFloat32(back); len(got) != 4 || got[0] != 1.5 || got[3] != 3 {
		t.Fatalf("float pixels %v", got)
	}
	if err := q.WriteImageAll(context.Background(), fi, Float32Pixels([]float32{0, 0, 0, 1})); err != nil {
		t.Fatal(err)
	}
}
