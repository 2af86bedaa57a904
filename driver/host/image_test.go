package host

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
	"github.com/clgo/clgo/spirv"
)

// asmProgram assembles testdata/name (SPIR-V assembly, written as
// docs/images.md says the compiler emits images) and adds the kernel
// interface r as NonSemantic.ClspvReflection, so that it loads as a
// driver program.
func asmProgram(t *testing.T, name string, r *spirv.Reflection) driver.Program {
	t.Helper()
	p, err := NewDevice().BuildProgram(withReflection(t, asmSPIRV(t, name), r))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// imgPixel is the texel (x, y) of the 4x4 RGBA UNORM_INT8 test image.
func imgPixel(x, y int) [4]byte {
	return [4]byte{byte(60 * x), byte(60 * y), byte(16*x + 4*y + 1), byte(255 - 20*x - y)}
}

// pixelF is texel (x, y) as read_imagef returns it: each byte / 255.
func pixelF(x, y int) [4]float32 {
	p := imgPixel(x, y)
	return [4]float32{float32(p[0]) / 255, float32(p[1]) / 255, float32(p[2]) / 255, float32(p[3]) / 255}
}

// blend is sum of w[i] * pixel[i], per channel.
func blend(w []float32, px ...[4]float32) [4]float32 {
	var out [4]float32
	for i, p := range px {
		for c := range 4 {
			out[c] += w[i] * p[c]
		}
	}
	return out
}

// TestImageSample samples a 4x4 RGBA UNORM_INT8 image with every
// addressing mode and filter, at coordinates whose results are worked out
// by hand from OpenCL C's numerical compliance §3.
func TestImageSample(t *testing.T) {
	p := asmProgram(t, "image_sample.spvasm", &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "img", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0},
			{Name: "smp", Ordinal: 1, Kind: spirv.ArgSampler, Binding: 1},
			{Name: "coords", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
			{Name: "out", Ordinal: 3, Kind: spirv.ArgBuffer, Binding: 3},
		},
	}}})
	if ks := p.Kernels(); ks[0].Args[0].Kind != driver.ArgImage || ks[0].Args[1].Kind != driver.ArgSampler {
		t.Fatalf("argument kinds %+v", ks[0].Args)
	}
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	iq := q.(driver.ImageQueue)
	img, err := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		Width: 4, Height: 4, Depth: 1, ArraySize: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Release()
	var pixels []byte
	for y := range 4 {
		for x := range 4 {
			px := imgPixel(x, y)
			pixels = append(pixels, px[:]...)
		}
	}
	if _, err := iq.WriteImage(img, [3]uint64{}, [3]uint64{4, 4, 1}, pixels, nil); err != nil {
		t.Fatal(err)
	}
	coords, _ := dev.NewBuffer(4 * 16)
	out, _ := dev.NewBuffer(4 * 16)
	type sampler struct {
		norm       bool
		addr, filt uint32
	}
	cte, clamp, rep, mir, none := uint32(driver.AddressClampToEdge), uint32(driver.AddressClamp), uint32(driver.AddressRepeat), uint32(driver.AddressMirroredRepeat), uint32(driver.AddressNone)
	near, lin := uint32(driver.FilterNearest), uint32(driver.FilterLinear)
	q4 := []float32{0.25, 0.25, 0.25, 0.25}
	for _, c := range []struct {
		name string
		smp  sampler
		s, t float32
		want [4]float32
	}{
		// u = 1.2, v = 2.4: texel (1, 2).
		{"nearest clamp-to-edge", sampler{true, cte, near}, 0.3, 0.6, pixelF(1, 2)},
		// u = -2 clamps to 0, v = 6 to 3.
		{"nearest clamp-to-edge outside", sampler{true, cte, near}, -0.5, 1.5, pixelF(0, 3)},
		// i = -1: the border color, (0,0,0,0) for RGBA.
		{"nearest clamp left", sampler{true, clamp, near}, -0.5, 0.5, [4]float32{}},
		// u = 4: i = clamp(4, -1, 4) = 4, outside: the border.
		{"nearest clamp right", sampler{true, clamp, near}, 1.0, 0.5, [4]float32{}},
		{"nearest clamp inside", sampler{true, clamp, near}, 0.99, 0.01, pixelF(3, 0)},
		// u = (1.3 - 1) * 4 = 1.2, v = (-0.2 + 1) * 4 = 3.2.
		{"nearest repeat", sampler{true, rep, near}, 1.3, -0.2, pixelF(1, 3)},
		// s' = |1.3 - 2*rint(0.65)| = 0.7, u = 2.8; t' = |-0.2 - 2*rint(-0.1)| = 0.2, v = 0.8.
		{"nearest mirrored repeat", sampler{true, mir, near}, 1.3, -0.2, pixelF(2, 0)},
		// Texel centers: u - 0.5 = 1, v - 0.5 = 2, a = b = 0.
		{"linear center", sampler{true, cte, lin}, 0.375, 0.625, pixelF(1, 2)},
		// u - 0.5 = v - 0.5 = 1.5: the four texels around (2, 2), a quarter each.
		{"linear between", sampler{true, cte, lin}, 0.5, 0.5, blend(q4, pixelF(1, 1), pixelF(2, 1), pixelF(1, 2), pixelF(2, 2))},
		// u = v = 0: i0 = j0 = -1 (border, zero), i1 = j1 = 0, a = b = 0.5.
		{"linear clamp corner", sampler{true, clamp, lin}, 0, 0, blend([]float32{0.25}, pixelF(0, 0))},
		// The same with clamp to edge: all four are texel (0, 0).
		{"linear clamp-to-edge corner", sampler{true, cte, lin}, 0, 0, pixelF(0, 0)},
		// Repeat: i0 = -1 + 4 = 3, i1 = 0.
		{"linear repeat corner", sampler{true, rep, lin}, 0, 0, blend(q4, pixelF(3, 3), pixelF(0, 3), pixelF(3, 0), pixelF(0, 0))},
		// Mirrored: i0 = max(-1, 0) = 0, i1 = 0.
		{"linear mirrored corner", sampler{true, mir, lin}, 0, 0, pixelF(0, 0)},
		// Mirrored at s = 1.25: s' = |1.25 - 2| = 0.75, u = 3, u - 0.5 = 2.5: a = 0.5
		// between 2 and 3; t = 0.625 gives v - 0.5 = 2, b = 0.
		{"linear mirrored", sampler{true, mir, lin}, 1.25, 0.625, blend([]float32{0.5, 0.5}, pixelF(2, 2), pixelF(3, 2))},
		// a = 0.25 (u - 0.5 = 1.25), b = 0.
		{"linear quarter", sampler{true, cte, lin}, 0.4375, 0.375, blend([]float32{0.75, 0.25}, pixelF(1, 1), pixelF(2, 1))},
		{"unnormalized nearest", sampler{false, cte, near}, 2.7, 1.1, pixelF(2, 1)},
		{"unnormalized linear", sampler{false, cte, lin}, 2, 1, blend(q4, pixelF(1, 0), pixelF(2, 0), pixelF(1, 1), pixelF(2, 1))},
		{"unnormalized none", sampler{false, none, near}, 3.5, 0.5, pixelF(3, 0)},
		{"unnormalized clamp", sampler{false, clamp, near}, 4.5, 0.5, [4]float32{}},
	} {
		cv := make([]float32, 16)
		for l := range 4 {
			cv[4*l], cv[4*l+1] = c.s, c.t
		}
		if _, err := q.WriteBuffer(coords, 0, f32s(cv), nil); err != nil {
			t.Fatal(err)
		}
		args := []driver.Arg{
			{Kind: driver.ArgImage, Image: img},
			{Kind: driver.ArgSampler, Sampler: driver.Sampler{NormalizedCoords: c.smp.norm, Addressing: c.smp.addr, Filter: c.smp.filt}},
			{Kind: driver.ArgBuffer, Buffer: coords, Size: 64},
			{Kind: driver.ArgBuffer, Buffer: out, Size: 64},
		}
		if _, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{4, 1, 1}, [3]uint64{4, 1, 1}), nil); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, 64)
		ev, _ := q.ReadBuffer(out, 0, got, nil)
		if err := ev.Wait(context.Background()); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for l := range 4 {
			for ch := range 4 {
				if g, w := getF32(got, 4*l+ch), c.want[ch]; math.Abs(float64(g-w)) > 1e-6 {
					t.Errorf("%s: lane %d channel %d = %v, want %v", c.name, l, ch, g, w)
				}
			}
		}
	}
}

// TestImageReadWrite runs integer-coordinate reads and writes on a 2D
// image array of UNSIGNED_INT16 RGBA, with out-of-range reads (zeros) and
// writes (dropped), a literal sampler with CLAMP on a layer coordinate
// past the last layer (rounded and clamped), the size query and the
// channel data type push constant.
func TestImageReadWrite(t *testing.T) {
	p := asmProgram(t, "image_rw.spvasm", &spirv.Reflection{
		Kernels: []spirv.Kernel{{
			Name: "main",
			Args: []spirv.Arg{
				{Name: "src", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0},
				{Name: "dst", Ordinal: 1, Kind: spirv.ArgWOImage, Binding: 1},
				{Name: "info", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
			},
			ImageChannelInfo: []spirv.ImageChannelInfo{{Ordinal: 0, DataType: true, PushConstant: true, Offset: 0, Size: 4}},
		}},
		LiteralSamplers: []spirv.LiteralSampler{{DescriptorSet: 0, Binding: 3, Mask: 0x10 | 0x4}}, // CLK_FILTER_NEAREST | CLK_ADDRESS_CLAMP
	})
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	iq := q.(driver.ImageQueue)
	f := driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnsignedInt16}
	desc := driver.ImageDesc{Type: driver.Image2DArray, Format: f, Width: 4, Height: 2, Depth: 1, ArraySize: 2}
	src, err := dev.NewImage(desc)
	if err != nil {
		t.Fatal(err)
	}
	dst, _ := dev.NewImage(desc)
	texel := func(x, y, z int) [4]uint32 {
		return [4]uint32{uint32(x), uint32(y), uint32(z), uint32(1000*z + 100*y + 10*x)}
	}
	var pixels []byte
	for z := range 2 {
		for y := range 2 {
			for x := range 4 {
				px := make([]byte, 8)
				imageformat.Write(f, px, texel(x, y, z))
				pixels = append(pixels, px...)
			}
		}
	}
	iq.WriteImage(src, [3]uint64{}, [3]uint64{4, 2, 2}, pixels, nil)
	info, _ := dev.NewBuffer(16 * 32)
	args := []driver.Arg{
		{Kind: driver.ArgImage, Image: src},
		{Kind: driver.ArgImage, Image: dst},
		{Kind: driver.ArgBuffer, Buffer: info, Size: 16 * 32},
	}
	if _, err := q.Dispatch(context.Background(), k, args, driver.Uniform(3, [3]uint64{}, [3]uint64{4, 2, 2}, [3]uint64{4, 2, 2}), nil); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 16*32)
	q.ReadBuffer(info, 0, got, nil)
	out := make([]byte, 4*2*2*8)
	ev, _ := iq.ReadImage(dst, [3]uint64{}, [3]uint64{4, 2, 2}, out, nil)
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	for z := range 2 {
		for y := range 2 {
			for x := range 4 {
				lane := x + 4*y + 8*z
				// Layer 3z rounds to 3z and clamps to the last layer.
				if g, w := [4]uint32{getU32(got, 8*lane), getU32(got, 8*lane+1), getU32(got, 8*lane+2), getU32(got, 8*lane+3)}, texel(x, y, min(3*z, 1)); g != w {
					t.Errorf("sample at lane (%d,%d,%d) = %v, want %v", x, y, z, g, w)
				}
				if g := [4]uint32{getU32(got, 8*lane+4), getU32(got, 8*lane+5), getU32(got, 8*lane+6), getU32(got, 8*lane+7)}; g != [4]uint32{4, 2, 2, imageformat.UnsignedInt16} {
					t.Errorf("query at lane (%d,%d,%d) = %v, want [4 2 2 %d]", x, y, z, g, imageformat.UnsignedInt16)
				}
				var w [4]uint32 // dst(0) untouched, dst(1) = fetch at x = -1: zeros
				if x >= 2 {
					w = texel(x-2, y, z)
				}
				o := 8 * (x + 4*y + 8*z)
				if g := imageformat.Read(f, out[o:o+8]); g != w {
					t.Errorf("dst(%d,%d,%d) = %v, want %v", x, y, z, g, w)
				}
			}
		}
	}
}

// TestImageBuffer runs image1d_buffer_t arguments (texel buffers) viewing
// buffers at an offset: reads and writes past the width are zeros and
// dropped, and the width query is the image's.
func TestImageBuffer(t *testing.T) {
	p := asmProgram(t, "image_buffer.spvasm", &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "src", Ordinal: 0, Kind: spirv.ArgUniformTexelBuffer, Binding: 0},
			{Name: "dst", Ordinal: 1, Kind: spirv.ArgStorageTexelBuffer, Binding: 1},
			{Name: "size", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
		},
	}}})
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	a, _ := dev.NewBuffer(32)
	b, _ := dev.NewBuffer(32)
	size, _ := dev.NewBuffer(32)
	q.WriteBuffer(a, 0, f32s([]float32{-1, -2, 1, 2, 3, 4, 5, 6}), nil)
	q.WriteBuffer(b, 0, f32s([]float32{9, 9, 9, 9, 9, 9, 9, 9}), nil)
	r32f := driver.ImageFormat{Order: imageformat.R, DataType: imageformat.Float}
	src, err := dev.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: r32f, Width: 6, Height: 1, Depth: 1, ArraySize: 1, Buffer: a, BufferOffset: 8})
	if err != nil {
		t.Fatal(err)
	}
	dst, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: r32f, Width: 6, Height: 1, Depth: 1, ArraySize: 1, Buffer: b})
	args := []driver.Arg{{Kind: driver.ArgImage, Image: src}, {Kind: driver.ArgImage, Image: dst}, {Kind: driver.ArgBuffer, Buffer: size, Size: 32}}
	q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{8, 1, 1}, [3]uint64{8, 1, 1}), nil)
	got, sz := make([]byte, 32), make([]byte, 32)
	q.ReadBuffer(b, 0, got, nil)
	ev, _ := q.ReadBuffer(size, 0, sz, nil)
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, w := range []float32{2, 4, 6, 8, 10, 12, 9, 9} {
		if g := getF32(got, i); g != w {
			t.Errorf("dst[%d] = %v, want %v", i, g, w)
		}
		if g := getU32(sz, i); g != 6 {
			t.Errorf("size[%d] = %d, want 6", i, g)
		}
	}
}

// TestImageSampleRobust samples at NaN, infinite and huge coordinates with
// every sampler, including those OpenCL leaves undefined (NONE out of
// range, REPEAT without normalized coordinates): the dispatch must
// complete, never fault.
func TestImageSampleRobust(t *testing.T) {
	p := asmProgram(t, "image_sample.spvasm", &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "img", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0},
			{Name: "smp", Ordinal: 1, Kind: spirv.ArgSampler, Binding: 1},
			{Name: "coords", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
			{Name: "out", Ordinal: 3, Kind: spirv.ArgBuffer, Binding: 3},
		},
	}}})
	k, _ := p.Kernel("main")
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	img, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.Float},
		Width: 3, Height: 1, Depth: 1, ArraySize: 1})
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	cv := []float32{nan, nan, 0, 0, inf, -inf, 0, 0, 1e30, -1e30, 0, 0, -0x1p31, 0x1p31, 0, 0}
	coords, _ := dev.NewBuffer(64)
	out, _ := dev.NewBuffer(64)
	q.WriteBuffer(coords, 0, f32s(cv), nil)
	for _, a := range []uint32{driver.AddressNone, driver.AddressClampToEdge, driver.AddressClamp, driver.AddressRepeat, driver.AddressMirroredRepeat} {
		for _, norm := range []bool{false, true} {
			for _, f := range []uint32{driver.FilterNearest, driver.FilterLinear} {
				args := []driver.Arg{
					{Kind: driver.ArgImage, Image: img},
					{Kind: driver.ArgSampler, Sampler: driver.Sampler{NormalizedCoords: norm, Addressing: a, Filter: f}},
					{Kind: driver.ArgBuffer, Buffer: coords, Size: 64},
					{Kind: driver.ArgBuffer, Buffer: out, Size: 64},
				}
				ev, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{4, 1, 1}, [3]uint64{4, 1, 1}), nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := ev.Wait(context.Background()); err != nil {
					t.Errorf("addressing %#x, normalized %v, filter %#x: %v", a, norm, f, err)
				}
			}
		}
	}
}

// TestImageUnbound runs a kernel whose image is not bound: the dispatch
// fails with an error naming the variable, it does not panic.
func TestImageUnbound(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "image_sample.spvasm"))
	if err != nil {
		t.Fatal(err)
	}
	k := prepare(t, asm(t, string(src)), "main", nil)
	smp := &driver.Sampler{Addressing: driver.AddressClamp, Filter: driver.FilterNearest}
	d := dispatch([3]int{1, 1, 1}, nil)
	d.Resources = []Resource{{Set: 0, Binding: 1, Sampler: smp}, {Set: 0, Binding: 2, Data: make([]byte, 64)}, {Set: 0, Binding: 3, Data: make([]byte, 64)}}
	err = k.Run(context.Background(), d)
	if err == nil || !strings.Contains(err.Error(), "no image bound to %3 (set 0, binding 0)") {
		t.Errorf("got %v, want an error naming the unbound image", err)
	}
}

// TestImageFlow passes an image and a sampler to a function and reads,
// writes and queries a read_write image under divergent control flow:
// each lane touches only its own pixels, the other half of the lanes
// masked off.
func TestImageFlow(t *testing.T) {
	p := asmProgram(t, "image_flow.spvasm", &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "rw", Ordinal: 0, Kind: spirv.ArgWOImage, Binding: 0, AccessQualifier: spirv.ArgAccessReadWrite},
			{Name: "src", Ordinal: 1, Kind: spirv.ArgROImage, Binding: 1},
			{Name: "smp", Ordinal: 2, Kind: spirv.ArgSampler, Binding: 2},
		},
	}}})
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	iq := q.(driver.ImageQueue)
	f := driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.Float}
	rw, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: f, Width: 8, Height: 2, Depth: 1, ArraySize: 1})
	src, _ := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: f, Width: 8, Height: 1, Depth: 1, ArraySize: 1})
	var sv, rv []float32
	for x := range 8 {
		sv = append(sv, float32(x), 10, 0, 1)
	}
	for i := range 16 {
		rv = append(rv, 100, 100, 100, float32(i))
	}
	iq.WriteImage(src, [3]uint64{}, [3]uint64{8, 1, 1}, f32s(sv), nil)
	iq.WriteImage(rw, [3]uint64{}, [3]uint64{8, 2, 1}, f32s(rv), nil)
	args := []driver.Arg{
		{Kind: driver.ArgImage, Image: rw},
		{Kind: driver.ArgImage, Image: src},
		{Kind: driver.ArgSampler, Sampler: driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}},
	}
	q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{8, 1, 1}, [3]uint64{8, 1, 1}), nil)
	got := make([]byte, 16*16)
	ev, _ := iq.ReadImage(rw, [3]uint64{}, [3]uint64{8, 2, 1}, got, nil)
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	for y := range 2 {
		for x := range 8 {
			i := x + 8*y
			want := [4]float32{100, 100, 100, float32(i)} // untouched
			switch {
			case y == 0 && x%2 == 1:
				want = [4]float32{100 + float32(x), 110, 100, float32(i) + 1}
			case y == 1 && x%2 == 0:
				want = [4]float32{8, 2, 0, 0}
			}
			for c := range 4 {
				if g := getF32(got, 4*i+c); g != want[c] {
					t.Errorf("rw(%d,%d) channel %d = %v, want %v", x, y, c, g, want[c])
				}
			}
		}
	}
}
