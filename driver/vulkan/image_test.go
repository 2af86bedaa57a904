package vulkan

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/clgo/clgo/driver"
)

var rgba8 = driver.ImageFormat{Order: clRGBA, DataType: clUnormInt8}

func mustImage(t testing.TB, d *Device, desc driver.ImageDesc) driver.Image {
	t.Helper()
	im, err := d.NewImage(desc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(im.Release)
	return im
}

// model is an image on the host: its dims in (x, y, z) and packed pixels.
type model struct {
	dims [3]uint64
	es   uint64
	px   []byte
}

func newModel(dims [3]uint64, es uint64) *model {
	return &model{dims: dims, es: es, px: make([]byte, dims[0]*dims[1]*dims[2]*es)}
}

func (m *model) at(x, y, z uint64) []byte {
	i := ((z*m.dims[1]+y)*m.dims[0] + x) * m.es
	return m.px[i : i+m.es]
}

// write puts packed data into the region, as WriteImage does.
func (m *model) write(origin, region [3]uint64, data []byte) {
	i := uint64(0)
	for z := range region[2] {
		for y := range region[1] {
			for x := range region[0] {
				copy(m.at(origin[0]+x, origin[1]+y, origin[2]+z), data[i:i+m.es])
				i += m.es
			}
		}
	}
}

func (m *model) read(origin, region [3]uint64) []byte {
	var out []byte
	for z := range region[2] {
		for y := range region[1] {
			for x := range region[0] {
				out = append(out, m.at(origin[0]+x, origin[1]+y, origin[2]+z)...)
			}
		}
	}
	return out
}

func pattern(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7) + seed
	}
	return b
}

func imageDescs() []driver.ImageDesc {
	return []driver.ImageDesc{
		{Type: driver.Image1D, Format: rgba8, Width: 37, Height: 1, Depth: 1, ArraySize: 1},
		{Type: driver.Image1DArray, Format: rgba8, Width: 19, Height: 1, Depth: 1, ArraySize: 5},
		{Type: driver.Image2D, Format: rgba8, Width: 13, Height: 11, Depth: 1, ArraySize: 1},
		{Type: driver.Image2DArray, Format: rgba8, Width: 9, Height: 7, Depth: 1, ArraySize: 4},
		{Type: driver.Image3D, Format: rgba8, Width: 7, Height: 6, Depth: 5, ArraySize: 1},
	}
}

func dimsOf(desc driver.ImageDesc) [3]uint64 {
	switch desc.Type {
	case driver.Image1DArray:
		return [3]uint64{desc.Width, desc.ArraySize, 1}
	case driver.Image2DArray:
		return [3]uint64{desc.Width, desc.Height, desc.ArraySize}
	}
	return [3]uint64{desc.Width, desc.Height, desc.Depth}
}

// Every image type: zero at creation, a region written, the whole image
// read back; a region copied into a second image; a region filled;
// image <-> buffer copies at aligned and unaligned offsets.
func TestImageRoundTrip(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	for _, desc := range imageDescs() {
		dims := dimsOf(desc)
		a := mustImage(t, d, desc)
		b := mustImage(t, d, desc)
		ma, mb := newModel(dims, 4), newModel(dims, 4)
		all := dims
		// A region away from the origin, smaller than the image.
		origin := [3]uint64{1, min(1, dims[1]-1), min(1, dims[2]-1)}
		inner := func(n uint64) uint64 { return max(n, 3) - 2 }
		region := [3]uint64{dims[0] - 2, inner(dims[1]), inner(dims[2])}
		data := pattern(int(region[0]*region[1]*region[2]*4), 3)
		ev, err := iq.WriteImage(a, origin, region, data, nil)
		wait(t, ev, err)
		ma.write(origin, region, data)
		got := make([]byte, len(ma.px))
		ev, err = iq.ReadImage(a, [3]uint64{}, all, got, nil)
		wait(t, ev, err)
		if !bytes.Equal(got, ma.px) {
			t.Fatalf("type %#x: write/read:\n got %v\nwant %v", desc.Type, got, ma.px)
		}
		// Copy a's written region to b's origin.
		cr := [3]uint64{region[0] - 1, region[1], region[2]}
		ev, err = iq.CopyImage(a, b, origin, [3]uint64{}, cr, nil)
		wait(t, ev, err)
		mb.write([3]uint64{}, cr, ma.read(origin, cr))
		// Fill the last column of b with (0.5, 1, -1, 0.25): 128, 255, 0, 64.
		f := func(x float32) uint32 { return math.Float32bits(x) }
		fo, fr := [3]uint64{dims[0] - 1, 0, 0}, [3]uint64{1, dims[1], dims[2]}
		ev, err = iq.FillImage(b, [4]uint32{f(0.5), f(1), f(-1), f(0.25)}, fo, fr, nil)
		wait(t, ev, err)
		mb.write(fo, fr, bytes.Repeat([]byte{128, 255, 0, 64}, int(dims[1]*dims[2])))
		ev, err = iq.ReadImage(b, [3]uint64{}, all, got, nil)
		wait(t, ev, err)
		if !bytes.Equal(got, mb.px) {
			t.Fatalf("type %#x: copy/fill:\n got %v\nwant %v", desc.Type, got, mb.px)
		}
		// Image -> buffer -> image at offsets 0 (direct) and 3 (staged).
		for _, off := range []uint64{0, 3} {
			n := region[0] * region[1] * region[2] * 4
			buf := mustBuffer(t, d, n+off+5)
			ev, err = iq.CopyImageToBuffer(a, buf, origin, region, off, nil)
			wait(t, ev, err)
			raw := make([]byte, n+off+5)
			ev, err = q.ReadBuffer(buf, 0, raw, nil)
			wait(t, ev, err)
			if !bytes.Equal(raw[off:off+n], data) {
				t.Fatalf("type %#x: image to buffer at %d:\n got %v\nwant %v", desc.Type, off, raw[off:off+n], data)
			}
			c := mustImage(t, d, desc)
			ev, err = iq.CopyBufferToImage(buf, c, off, origin, region, nil)
			wait(t, ev, err)
			ev, err = iq.ReadImage(c, [3]uint64{}, all, got, nil)
			wait(t, ev, err)
			if !bytes.Equal(got, ma.px) {
				t.Fatalf("type %#x: buffer to image at %d:\n got %v\nwant %v", desc.Type, off, got, ma.px)
			}
			buf.Release()
		}
	}
}

// Fill colors converted as write_image{f,i,ui} would (OpenCL C §8.3).
func TestFillImageFormats(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	f := func(x float32) uint32 { return math.Float32bits(x) }
	i := func(x int32) uint32 { return uint32(x) }
	h := func(v ...uint16) []byte {
		var b []byte
		for _, x := range v {
			b = binary.LittleEndian.AppendUint16(b, x)
		}
		return b
	}
	cases := []struct {
		format driver.ImageFormat
		color  [4]uint32
		want   []byte
	}{
		{driver.ImageFormat{Order: clBGRA, DataType: clUnormInt8}, [4]uint32{f(1), f(0.2), f(0), f(2)}, []byte{0, 51, 255, 255}},
		// SNORM_INT8 is convert_char_sat_rte(f * 127.0f) (OpenCL C §8.3.1.2):
		// -1 gives -127, -2 saturates to -128.
		{driver.ImageFormat{Order: clRGBA, DataType: clSnormInt8}, [4]uint32{f(-1), f(-2), f(0.5), f(1)}, []byte{0x81, 0x80, 64, 127}},
		{driver.ImageFormat{Order: clRGBA, DataType: clSignedInt8}, [4]uint32{i(300), i(-300), i(-5), i(7)}, []byte{127, 0x80, 0xfb, 7}},
		{driver.ImageFormat{Order: clRGBA, DataType: clUnsignedInt16}, [4]uint32{70000, 1, 2, 65535}, h(65535, 1, 2, 65535)},
		{driver.ImageFormat{Order: clRGBA, DataType: clHalfFloat}, [4]uint32{f(1), f(-2), f(65504), f(1.0 / 3)}, h(0x3c00, 0xc000, 0x7bff, 0x3555)},
		{driver.ImageFormat{Order: clR, DataType: clFloat}, [4]uint32{f(1.5), f(9), f(9), f(9)}, f32(1.5)},
		{driver.ImageFormat{Order: clRG, DataType: clUnormInt16}, [4]uint32{f(0.5), f(1), f(9), f(9)}, h(32768, 65535)},
		// sRGB: 1.055 * 0.5^(1/2.4) - 0.055 = 0.73536, times 255 = 187.5 -> 188;
		// 0.002 is below the linear segment's end: 12.92 * 0.002 * 255 = 6.59 -> 7.
		{driver.ImageFormat{Order: clSRGBA, DataType: clUnormInt8}, [4]uint32{f(0.5), f(0.002), f(1), f(0.5)}, []byte{188, 7, 255, 128}},
		// 565: 31, 31.5 -> 32 (to even), 0.
		{driver.ImageFormat{Order: clRGB, DataType: clUnormShort565}, [4]uint32{f(1), f(0.5), f(0), f(1)}, h(31<<11 | 32<<5)},
	}
	for _, c := range cases {
		desc := driver.ImageDesc{Type: driver.Image2D, Format: c.format, Width: 3, Height: 2, Depth: 1, ArraySize: 1}
		im := mustImage(t, d, desc)
		ev, err := iq.FillImage(im, c.color, [3]uint64{}, [3]uint64{3, 2, 1}, nil)
		wait(t, ev, err)
		got := make([]byte, 6*len(c.want))
		ev, err = iq.ReadImage(im, [3]uint64{}, [3]uint64{3, 2, 1}, got, nil)
		wait(t, ev, err)
		if want := bytes.Repeat(c.want, 6); !bytes.Equal(got, want) {
			t.Errorf("%#x/%#x: got %v, want %v", c.format.Order, c.format.DataType, got[:len(c.want)], c.want)
		}
	}
}

// A 1D buffer image reads and writes its buffer's range.
func TestBufferImage(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	buf := mustBuffer(t, d, 4096)
	off := uint64(d.phys.props.limits.minTexelBufferOffsetAlignment) * 4
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image1DBuffer, Format: rgba8, Width: 100, Height: 1, Depth: 1, ArraySize: 1, Buffer: buf, BufferOffset: off})
	data := pattern(40, 1)
	ev, err := iq.WriteImage(im, [3]uint64{5, 0, 0}, [3]uint64{10, 1, 1}, data, nil)
	wait(t, ev, err)
	got := make([]byte, 40)
	ev, err = q.ReadBuffer(buf, off+20, got, nil)
	wait(t, ev, err)
	if !bytes.Equal(got, data) {
		t.Fatalf("got %v want %v", got, data)
	}
	// The image keeps the buffer alive.
	buf.Release()
	ev, err = iq.FillImage(im, [4]uint32{math.Float32bits(1), 0, 0, 0}, [3]uint64{0, 0, 0}, [3]uint64{2, 1, 1}, nil)
	wait(t, ev, err)
	ev, err = iq.ReadImage(im, [3]uint64{}, [3]uint64{2, 1, 1}, got[:8], nil)
	wait(t, ev, err)
	if !bytes.Equal(got[:8], []byte{255, 0, 0, 0, 255, 0, 0, 0}) {
		t.Fatalf("fill: %v", got[:8])
	}
	if _, err := d.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: rgba8, Width: 100, Height: 1, Depth: 1, ArraySize: 1, Buffer: mustBuffer(t, d, 64)}); !errorsIs(err, driver.ErrInvalidValue) {
		t.Fatalf("a 1D buffer image past its buffer: %v", err)
	}
}

// An image larger than the staging chunk goes through it in rows.
func TestImageLarge(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	desc := driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 2100, Height: 2100, Depth: 1, ArraySize: 1}
	im := mustImage(t, d, desc)
	data := pattern(2100*2100*4, 9)
	ev, err := iq.WriteImage(im, [3]uint64{}, [3]uint64{2100, 2100, 1}, data, nil)
	wait(t, ev, err)
	got := make([]byte, len(data))
	ev, err = iq.ReadImage(im, [3]uint64{}, [3]uint64{2100, 2100, 1}, got, nil)
	wait(t, ev, err)
	if !bytes.Equal(got, data) {
		t.Fatal("large image round trip differs")
	}
}

func TestImageErrors(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	if _, err := d.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: clRGBA, DataType: clUnormShort565}, Width: 4, Height: 4, Depth: 1, ArraySize: 1}); !errorsIs(err, driver.ErrInvalidValue) {
		t.Errorf("RGBA/565: %v", err)
	}
	if _, err := d.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 1 << 20, Height: 4, Depth: 1, ArraySize: 1}); !errorsIs(err, driver.ErrInvalidValue) {
		t.Errorf("too wide: %v", err)
	}
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 4, Height: 4, Depth: 1, ArraySize: 1})
	if _, err := iq.ReadImage(im, [3]uint64{2, 0, 0}, [3]uint64{3, 1, 1}, make([]byte, 64), nil); !errorsIs(err, driver.ErrInvalidValue) {
		t.Errorf("region out of the image: %v", err)
	}
	if _, err := iq.CopyImage(im, im, [3]uint64{0, 0, 0}, [3]uint64{1, 1, 0}, [3]uint64{2, 2, 1}, nil); !errorsIs(err, driver.ErrInvalidValue) {
		t.Errorf("overlapping copy: %v", err)
	}
}
