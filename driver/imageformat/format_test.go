package imageformat

import (
	"math"
	"testing"

	"github.com/clgo/clgo/driver"
)

func f4(r, g, b, a float32) [4]uint32 {
	return [4]uint32{math.Float32bits(r), math.Float32bits(g), math.Float32bits(b), math.Float32bits(a)}
}

func TestElementSize(t *testing.T) {
	for _, c := range []struct {
		order, dt uint32
		size      int
	}{
		{RGBA, UnormInt8, 4}, {RGBA, Float, 16}, {RGBA, HalfFloat, 8}, {R, SignedInt16, 2}, {RG, UnsignedInt32, 8},
		{RGB, UnormShort565, 2}, {RGB, UnormShort555, 2}, {RGBx, UnormInt101010, 4}, {BGRA, UnormInt8, 4},
		{SRGBA, UnormInt8, 4}, {SRGB, UnormInt8, 3}, {SRGBx, UnormInt8, 4}, {Intensity, Float, 4}, {Depth, UnormInt16, 2},
		// Not formats: the packed types need RGB, RGB needs them, BGRA is 8-bit only.
		{RGBA, UnormShort565, 0}, {RGB, UnormInt8, 0}, {BGRA, Float, 0}, {Intensity, SignedInt8, 0}, {SRGBA, UnormInt16, 0},
		{Depth, UnormInt8, 0}, {0x1234, UnormInt8, 0}, {Rx, UnormInt8, 0},
	} {
		if got := ElementSize(driver.ImageFormat{Order: c.order, DataType: c.dt}); got != c.size {
			t.Errorf("ElementSize(%#x, %#x) = %d, want %d", c.order, c.dt, got, c.size)
		}
	}
}

// TestMinimumList checks All against the OpenCL 3.0 minimum list of
// read-only formats (API §5.3.2.1).
func TestMinimumList(t *testing.T) {
	have := map[driver.ImageFormat]bool{}
	for _, f := range All(driver.Image2D) {
		have[f] = true
	}
	var want []driver.ImageFormat
	for _, o := range []uint32{R, RG, RGBA} {
		for _, dt := range []uint32{UnormInt8, UnormInt16, SnormInt8, SnormInt16, SignedInt8, SignedInt16, SignedInt32,
			UnsignedInt8, UnsignedInt16, UnsignedInt32, HalfFloat, Float} {
			want = append(want, driver.ImageFormat{Order: o, DataType: dt})
		}
	}
	want = append(want, driver.ImageFormat{Order: BGRA, DataType: UnormInt8}, driver.ImageFormat{Order: SRGBA, DataType: UnormInt8},
		driver.ImageFormat{Order: Depth, DataType: UnormInt16}, driver.ImageFormat{Order: Depth, DataType: Float})
	for _, f := range want {
		if !have[f] {
			t.Errorf("All(Image2D) lacks %#x/%#x", f.Order, f.DataType)
		}
	}
	for _, f := range All(driver.Image3D) {
		if f.Order == Depth {
			t.Errorf("All(Image3D) lists a DEPTH format")
		}
	}
}

// TestConvert writes a value and reads it back, checking the bytes and
// the value against OpenCL C §8.3 computed by hand.
func TestConvert(t *testing.T) {
	for _, c := range []struct {
		name      string
		order, dt uint32
		in        [4]uint32
		bytes     []byte
		out       [4]uint32
	}{
		// 0.5*255 = 127.5 rounds to even 128; -0.25 and 2 saturate; 128/255 back.
		{"unorm8", RGBA, UnormInt8, f4(0.5, -0.25, 2, 1), []byte{128, 0, 255, 255}, f4(128.0/255, 0, 1, 1)},
		{"unorm8 NaN", RGBA, UnormInt8, f4(float32(math.NaN()), 1.0/255, 0, 0), []byte{0, 1, 0, 0}, f4(0, 1.0/255, 0, 0)},
		// 0.5*65535 = 32767.5 rounds to even 32768.
		{"unorm16", R, UnormInt16, f4(0.5, 9, 9, 9), []byte{0x00, 0x80}, f4(32768.0/65535, 0, 0, 1)},
		// -1.5*127 saturates at -128, which reads back as -1.0; 0.5*127 = 63.5 rounds to 64.
		{"snorm8", RG, SnormInt8, f4(-1.5, 0.5, 9, 9), []byte{0x80, 64}, f4(-1, 64.0/127, 0, 1)},
		{"snorm16", RA, SnormInt16, f4(1, 9, 9, -1), []byte{0xff, 0x7f, 0x01, 0x80}, f4(1, 0, 0, -1)},
		// 565: r 31, g 0.5*63 = 31.5 rounds to 32, b 0.
		{"565", RGB, UnormShort565, f4(1, 0.5, 0, 0.25), []byte{0x00, 0xfc}, f4(1, 32.0/63, 0, 1)},
		// 555: 0.5*31 = 15.5 rounds to 16, at bits 14:10.
		{"555", RGBx, UnormShort555, f4(0.5, 0, 1, 0), []byte{0x1f, 0x40}, f4(16.0/31, 0, 1, 1)},
		// 101010: r 1023 at 29:20, b 512 (0.5*1023 = 511.5 rounds to 512).
		{"101010", RGB, UnormInt101010, f4(1, 0, 0.5, 0), []byte{0x00, 0x02, 0xf0, 0x3f}, f4(1, 0, 512.0/1023, 1)},
		{"bgra", BGRA, UnormInt8, f4(1, 0, 0, 0.5), []byte{0, 0, 255, 128}, f4(1, 0, 0, 128.0/255)},
		{"argb", ARGB, UnsignedInt8, [4]uint32{1, 2, 3, 4}, []byte{4, 1, 2, 3}, [4]uint32{1, 2, 3, 4}},
		{"abgr", ABGR, SignedInt8, [4]uint32{1, 2, 3, 4}, []byte{4, 3, 2, 1}, [4]uint32{1, 2, 3, 4}},
		{"alpha", A, UnormInt8, f4(1, 1, 1, 0.2), []byte{51}, f4(0, 0, 0, 0.2)},
		{"intensity", Intensity, Float, f4(0.75, 9, 9, 9), []byte{0, 0, 0x40, 0x3f}, f4(0.75, 0.75, 0.75, 0.75)},
		{"luminance", Luminance, UnormInt8, f4(1, 0, 0, 0), []byte{255}, f4(1, 1, 1, 1)},
		// convert_char_sat: 300 → 127, -300 → -128; alpha 1 when missing.
		{"int8 sat", RG, SignedInt8, [4]uint32{300, uint32(0xfffffed4), 0, 0}, []byte{127, 0x80}, [4]uint32{127, uint32(0xffffff80), 0, 1}},
		{"uint16 sat", R, UnsignedInt16, [4]uint32{70000, 0, 0, 0}, []byte{0xff, 0xff}, [4]uint32{65535, 0, 0, 1}},
		{"int32", R, SignedInt32, [4]uint32{0x80000000, 0, 0, 0}, []byte{0, 0, 0, 0x80}, [4]uint32{0x80000000, 0, 0, 1}},
		// Half: 1/3 rounds to 0x3555, which is 0.333251953125 exactly.
		{"half", RG, HalfFloat, f4(1, 1.0/3, 0, 0), []byte{0x00, 0x3c, 0x55, 0x35}, f4(1, 0.333251953125, 0, 1)},
		{"half subnormal", R, HalfFloat, f4(-0x1p-24, 0, 0, 0), []byte{0x01, 0x80}, f4(-0x1p-24, 0, 0, 1)},
		{"depth", Depth, Float, f4(0.125, 0, 0, 0), []byte{0, 0, 0, 0x3e}, f4(0.125, 0, 0, 1)},
	} {
		f := driver.ImageFormat{Order: c.order, DataType: c.dt}
		px := make([]byte, ElementSize(f))
		Write(f, px, c.in)
		if string(px) != string(c.bytes) {
			t.Errorf("%s: Write gives % x, want % x", c.name, px, c.bytes)
		}
		if got := Read(f, c.bytes); got != c.out {
			t.Errorf("%s: Read gives %x, want %x", c.name, got, c.out)
		}
	}
}

// TestSRGB checks the sRGB transfer functions at points computed from
// their definitions.
func TestSRGB(t *testing.T) {
	f := driver.ImageFormat{Order: SRGBA, DataType: UnormInt8}
	got := Read(f, []byte{0, 255, 188, 10})
	want := [4]float64{0, 1, math.Pow((188.0/255+0.055)/1.055, 2.4), 10.0 / 255}
	for i, w := range want {
		if g := float64(math.Float32frombits(got[i])); math.Abs(g-w) > 1e-6 {
			t.Errorf("sRGB read channel %d = %v, want %v", i, g, w)
		}
	}
	// Linear 0.5 encodes as 1.055*0.5^(1/2.4)-0.055 = 0.7354, *255 = 187.5..., 188;
	// 0.001 is in the linear segment: 0.01292*255 = 3.29, 3. Alpha stays linear.
	px := make([]byte, 4)
	Write(f, px, f4(0.5, 0.001, 2, 0.5))
	if want := []byte{188, 3, 255, 128}; string(px) != string(want) {
		t.Errorf("sRGB write gives % x, want % x", px, want)
	}
	// sRGBx: the x byte keeps the alpha written (0.25 -> 63.75 -> 64), and
	// a read ignores it (alpha 1).
	fx := driver.ImageFormat{Order: SRGBx, DataType: UnormInt8}
	Write(fx, px, f4(0.5, 0.001, 2, 0.25))
	if want := []byte{188, 3, 255, 64}; string(px) != string(want) {
		t.Errorf("sRGBx write gives % x, want % x", px, want)
	}
	if a := Read(fx, px)[3]; a != math.Float32bits(1) {
		t.Errorf("sRGBx read alpha %x, want 1.0", a)
	}
}

func TestBorder(t *testing.T) {
	if b := Border(driver.ImageFormat{Order: RGB, DataType: UnormShort565}); b != f4(0, 0, 0, 1) {
		t.Errorf("RGB border %x", b)
	}
	if b := Border(driver.ImageFormat{Order: R, DataType: SignedInt32}); b != [4]uint32{0, 0, 0, 1} {
		t.Errorf("R int border %x", b)
	}
	if b := Border(driver.ImageFormat{Order: RGBA, DataType: Float}); b != [4]uint32{} {
		t.Errorf("RGBA border %x", b)
	}
}
