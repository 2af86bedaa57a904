package host_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/imageformat"
	"github.com/clgo/clgo/internal/refcl"
	"github.com/clgo/clgo/spirv"
)

// sampleSrc is the OpenCL C that testdata/image_sample*.spvasm hand-code,
// for an image type and the coordinate swizzle.
const sampleSrc = `
kernel void sample(read_only IMAGE img, sampler_t smp, global const float4 *coords, global float4 *out) {
	int i = get_global_id(0);
	out[i] = read_imagef(img, smp, coords[i]SWIZZLE);
}
`

// sampleGeometries are the image types the comparison samples: size is
// width, height or layers, depth or layers.
var sampleGeometries = []struct {
	file, image, swizzle string
	t                    driver.ImageType
	size                 [3]uint64
	layer                int // the coordinate that is a layer, or -1
}{
	{"image_sample.spvasm", "image2d_t", ".xy", driver.Image2D, [3]uint64{5, 3, 1}, -1},
	{"image_sample3d.spvasm", "image3d_t", "", driver.Image3D, [3]uint64{4, 3, 3}, -1},
	{"image_sample2darray.spvasm", "image2d_array_t", "", driver.Image2DArray, [3]uint64{4, 3, 3}, 2},
	{"image_sample1darray.spvasm", "image1d_array_t", ".xy", driver.Image1DArray, [3]uint64{6, 3, 1}, 1},
}

// TestImageSampleMatchesReference samples random images of several
// formats and types at random coordinates with every sampler that OpenCL
// defines for them, on the host driver (the hand-written SPIR-V of
// read_imagef) and on the reference OpenCL (PoCL), and compares the
// results: nearest within an ulp or so, linear within 1e-4 (the weights'
// rounding may differ).
func TestImageSampleMatchesReference(t *testing.T) {
	ctx := refContext(t)
	defer ctx.Release()
	dev := host.NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	const n = 64
	rng := rand.New(rand.NewSource(13))
	for _, g := range sampleGeometries {
		src := strings.NewReplacer("IMAGE", g.image, "SWIZZLE", g.swizzle).Replace(sampleSrc)
		rp, err := ctx.Build(src, "")
		if err != nil {
			t.Skipf("%s: %v", g.image, err) // no image support
		}
		rk, err := rp.Kernel("sample")
		if err != nil {
			t.Fatal(err)
		}
		p := host.AsmProgram(t, g.file, &spirv.Reflection{Kernels: []spirv.Kernel{{
			Name: "main",
			Args: []spirv.Arg{
				{Name: "img", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0},
				{Name: "smp", Ordinal: 1, Kind: spirv.ArgSampler, Binding: 1},
				{Name: "coords", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
				{Name: "out", Ordinal: 3, Kind: spirv.ArgBuffer, Binding: 3},
			},
		}}})
		hk, err := p.Kernel("main")
		if err != nil {
			t.Fatal(err)
		}
		formats := []driver.ImageFormat{
			{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
			{Order: imageformat.RGBA, DataType: imageformat.Float},
			{Order: imageformat.R, DataType: imageformat.SnormInt16}, // no alpha: border (0,0,0,1)
		}
		if g.t == driver.Image2D {
			formats = append(formats,
				driver.ImageFormat{Order: imageformat.BGRA, DataType: imageformat.UnormInt8},
				driver.ImageFormat{Order: imageformat.R, DataType: imageformat.Float},
				driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.HalfFloat},
				driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.SnormInt8})
		}
		for _, f := range formats {
			compareSampling(t, ctx, rk, dev, q, hk, g.t, g.size, g.layer, f, rng, n)
		}
		rk.Release()
		rp.Release()
	}
}

// compareSampling samples one random image of format f with every sampler
// on both platforms.
func compareSampling(t *testing.T, ctx *refcl.Context, rk *refcl.Kernel, dev *host.Device, q driver.Queue, hk driver.Kernel,
	typ driver.ImageType, size [3]uint64, layer int, f driver.ImageFormat, rng *rand.Rand, n int) {
	elem := imageformat.ElementSize(f)
	pixels := make([]byte, int(size[0]*size[1]*size[2])*elem)
	rng.Read(pixels)
	if f.DataType == imageformat.Float {
		for i := 0; i < len(pixels); i += 4 {
			binary.LittleEndian.PutUint32(pixels[i:], math.Float32bits(rng.Float32()*4-2))
		}
	}
	ref, err := newRefImage(ctx, typ, f, size, elem, pixels)
	if err != nil {
		t.Logf("reference: type %#x, format %#x/%#x: %v", typ, f.Order, f.DataType, err)
		return
	}
	defer ref.Release()
	desc := driver.ImageDesc{Type: typ, Format: f, Width: size[0], Height: size[1], Depth: size[2], ArraySize: 1}
	dims := 2
	switch typ {
	case driver.Image3D:
		dims = 3
	case driver.Image2DArray:
		desc.Depth, desc.ArraySize = 1, size[2]
	case driver.Image1DArray:
		desc.Height, desc.ArraySize, dims = 1, size[1], 1
	}
	img, err := dev.NewImage(desc)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Release()
	q.(driver.ImageQueue).WriteImage(img, [3]uint64{}, size, pixels, nil)
	var samplers []driver.Sampler
	for _, a := range []uint32{driver.AddressClampToEdge, driver.AddressClamp, driver.AddressRepeat, driver.AddressMirroredRepeat} {
		for _, norm := range []bool{true, false} {
			if !norm && (a == driver.AddressRepeat || a == driver.AddressMirroredRepeat) {
				continue // defined with normalized coordinates only
			}
			for _, filt := range []uint32{driver.FilterNearest, driver.FilterLinear} {
				samplers = append(samplers, driver.Sampler{NormalizedCoords: norm, Addressing: a, Filter: filt})
			}
		}
	}
	for _, smp := range samplers {
		coords := make([]float32, 4*n)
		for i := range n {
			for d := range dims {
				if smp.NormalizedCoords {
					coords[4*i+d] = rng.Float32()*4 - 1.5
				} else {
					coords[4*i+d] = rng.Float32()*float32(size[d]+4) - 2
				}
			}
			if layer >= 0 {
				coords[4*i+layer] = rng.Float32()*float32(size[layer]+3) - 1.5
			}
		}
		cb := f32bytes(coords)
		refCoords := cb
		if layer >= 0 && smp.NormalizedCoords {
			// PoCL scales the layer by the array size when the sampler
			// has normalized coordinates; the spec (numerical
			// compliance §3.1) never does, nor the host. Give PoCL the
			// layer over the size.
			rc := slices.Clone(coords)
			for i := range n {
				rc[4*i+layer] /= float32(size[layer])
			}
			refCoords = f32bytes(rc)
		}
		want, err := referenceSample(ctx, rk, ref, smp, refCoords)
		if err != nil {
			t.Fatal(err)
		}
		got, err := hostSample(dev, q, hk, img, smp, cb)
		if err != nil {
			t.Fatal(err)
		}
		// The spec's (float)c / 255.0f is correctly rounded on the
		// host; PoCL's may be an ulp off (the spec allows 1.5).
		tol := 1e-6
		if smp.Filter == driver.FilterLinear {
			tol = 1e-4
		}
		bad := 0
		for i := range 4 * n {
			if i%4 == 3 && smp.Addressing == driver.AddressClamp && !imageformat.HasAlpha(f.Order) {
				// PoCL's border color is (0,0,0,0) for every order;
				// the spec's is (0,0,0,1) for R, RG, RGB and LUMINANCE
				// (numerical compliance §3), which the host follows
				// (TestImageSample checks it by hand).
				continue
			}
			g := math.Float32frombits(binary.LittleEndian.Uint32(got[4*i:]))
			r := math.Float32frombits(binary.LittleEndian.Uint32(want[4*i:]))
			if math.Abs(float64(g-r)) > tol && bad < 5 {
				bad++
				t.Errorf("type %#x, format %#x/%#x, sampler %+v, coord %v, channel %d: host %v, reference %v",
					typ, f.Order, f.DataType, smp, coords[4*(i/4):4*(i/4)+4], i%4, g, r)
			}
		}
	}
}

func referenceSample(ctx *refcl.Context, k *refcl.Kernel, img *refcl.Image, smp driver.Sampler, coords []byte) ([]byte, error) {
	s, err := ctx.NewSampler(smp.NormalizedCoords, smp.Addressing, smp.Filter)
	if err != nil {
		return nil, err
	}
	defer s.Release()
	cb, _ := ctx.NewBuffer(uint64(len(coords)))
	defer cb.Release()
	ob, _ := ctx.NewBuffer(uint64(len(coords)))
	defer ob.Release()
	if err := cb.Write(0, coords); err != nil {
		return nil, err
	}
	for _, err := range []error{k.SetImage(0, img), k.SetSampler(1, s), k.SetBuffer(2, cb), k.SetBuffer(3, ob)} {
		if err != nil {
			return nil, err
		}
	}
	n := uint64(len(coords) / 16)
	if _, err := ctx.Run(k, []uint64{n}, []uint64{4}); err != nil {
		return nil, err
	}
	out := make([]byte, len(coords))
	return out, ob.Read(0, out)
}

func hostSample(dev *host.Device, q driver.Queue, k driver.Kernel, img driver.Image, smp driver.Sampler, coords []byte) ([]byte, error) {
	cb, _ := dev.NewBuffer(uint64(len(coords)))
	defer cb.Release()
	ob, _ := dev.NewBuffer(uint64(len(coords)))
	defer ob.Release()
	q.WriteBuffer(cb, 0, coords, nil)
	n := uint64(len(coords) / 16)
	args := []driver.Arg{
		{Kind: driver.ArgImage, Image: img},
		{Kind: driver.ArgSampler, Sampler: smp},
		{Kind: driver.ArgBuffer, Buffer: cb, Size: uint64(len(coords))},
		{Kind: driver.ArgBuffer, Buffer: ob, Size: uint64(len(coords))},
	}
	if _, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{4, 1, 1}), nil); err != nil {
		return nil, err
	}
	out := make([]byte, len(coords))
	ev, _ := q.ReadBuffer(ob, 0, out, nil)
	return out, ev.Wait(context.Background())
}

// writeSrc is the OpenCL C that testdata/image_write{,i,ui}.spvasm
// hand-code, for a write_image suffix and its color type.
const writeSrc = `
kernel void write(write_only image2d_t img, global const COLOR *colors) {
	int x = get_global_id(0), y = get_global_id(1);
	write_imageSUFFIX(img, (int2)(x, y), colors[y * 8 + x]);
}
`

const writeW, writeH = 8, 4

// TestImageWriteMatchesReference writes random colors with
// write_image{f,i,ui} to images of every format of their kind on the host
// driver and on PoCL, and compares the pixels' bytes: OpenCL C §8.3's
// conversions, with round to nearest even and saturation. Float colors
// include rounding ties of the 8-bit types, infinities and values out of
// range; integer ones values past every type's range.
func TestImageWriteMatchesReference(t *testing.T) {
	ctx := refContext(t)
	defer ctx.Release()
	rng := rand.New(rand.NewSource(7))
	colors := make([]float32, 4*writeW*writeH)
	for i := range colors {
		switch i % 5 {
		case 0:
			colors[i] = (float32(rng.Intn(255)) + 0.5) / 255 // a tie: (k + 0.5) / 255
		case 1:
			colors[i] = float32(rng.Intn(3)-1) * float32(math.Inf(1))
		default:
			colors[i] = rng.Float32()*3 - 1.5
		}
	}
	ints := make([]byte, 16*writeW*writeH)
	for i := 0; i < len(ints); i += 4 {
		v := []int64{int64(rng.Intn(600) - 300), int64(rng.Intn(140000) - 70000), int64(rng.Uint32())}[i/4%3]
		binary.LittleEndian.PutUint32(ints[i:], uint32(v))
	}
	compareWrites(t, ctx, "f", "float4", "image_write.spvasm", f32bytes(colors), []driver.ImageFormat{
		{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		{Order: imageformat.RGBA, DataType: imageformat.SnormInt8},
		{Order: imageformat.RGBA, DataType: imageformat.UnormInt16},
		{Order: imageformat.RGBA, DataType: imageformat.SnormInt16},
		{Order: imageformat.RGBA, DataType: imageformat.HalfFloat},
		{Order: imageformat.RGBA, DataType: imageformat.Float},
		{Order: imageformat.BGRA, DataType: imageformat.UnormInt8},
		{Order: imageformat.R, DataType: imageformat.UnormInt16},
		{Order: imageformat.SRGBA, DataType: imageformat.UnormInt8},
		{Order: imageformat.RGB, DataType: imageformat.UnormShort565},
	})
	compareWrites(t, ctx, "i", "int4", "image_writei.spvasm", ints, []driver.ImageFormat{
		{Order: imageformat.RGBA, DataType: imageformat.SignedInt8},
		{Order: imageformat.RGBA, DataType: imageformat.SignedInt16},
		{Order: imageformat.RGBA, DataType: imageformat.SignedInt32},
		{Order: imageformat.R, DataType: imageformat.SignedInt8},
	})
	compareWrites(t, ctx, "ui", "uint4", "image_writeui.spvasm", ints, []driver.ImageFormat{
		{Order: imageformat.RGBA, DataType: imageformat.UnsignedInt8},
		{Order: imageformat.RGBA, DataType: imageformat.UnsignedInt16},
		{Order: imageformat.RGBA, DataType: imageformat.UnsignedInt32},
		{Order: imageformat.BGRA, DataType: imageformat.UnsignedInt8},
	})
}

// compareWrites runs write_image<suffix> of the colors cb (8x4 of them) to
// an image of each format on both platforms and compares the bytes.
func compareWrites(t *testing.T, ctx *refcl.Context, suffix, color, file string, cb []byte, formats []driver.ImageFormat) {
	rp, err := ctx.Build(strings.NewReplacer("SUFFIX", suffix, "COLOR", color).Replace(writeSrc), "")
	if err != nil {
		t.Skip(err)
	}
	defer rp.Release()
	rk, err := rp.Kernel("write")
	if err != nil {
		t.Fatal(err)
	}
	defer rk.Release()
	p := host.AsmProgram(t, file, &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "img", Ordinal: 0, Kind: spirv.ArgWOImage, Binding: 0},
			{Name: "colors", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1},
		},
	}}})
	hk, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	dev := host.NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	const w, h = writeW, writeH
	for _, f := range formats {
		elem := imageformat.ElementSize(f)
		ref, err := newRefImage(ctx, driver.Image2D, f, [3]uint64{w, h, 1}, elem, make([]byte, w*h*elem))
		if err != nil {
			t.Logf("reference: format %#x/%#x: %v", f.Order, f.DataType, err)
			continue
		}
		rb, _ := ctx.NewBuffer(uint64(len(cb)))
		rb.Write(0, cb)
		rk.SetImage(0, ref)
		rk.SetBuffer(1, rb)
		if _, err := ctx.Run(rk, []uint64{w, h}, []uint64{w, h}); err != nil {
			t.Fatal(err)
		}
		want := make([]byte, ref.Size)
		if err := ref.Read(want); err != nil {
			t.Fatal(err)
		}
		if bytes.Count(want, []byte{0}) == len(want) {
			t.Fatalf("format %#x/%#x: the reference wrote only zeros", f.Order, f.DataType)
		}
		ref.Release()
		rb.Release()
		img, err := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: f, Width: w, Height: h, Depth: 1, ArraySize: 1})
		if err != nil {
			t.Fatal(err)
		}
		hb, _ := dev.NewBuffer(uint64(len(cb)))
		q.WriteBuffer(hb, 0, cb, nil)
		args := []driver.Arg{{Kind: driver.ArgImage, Image: img}, {Kind: driver.ArgBuffer, Buffer: hb, Size: uint64(len(cb))}}
		q.Dispatch(context.Background(), hk, args, driver.Uniform(2, [3]uint64{}, [3]uint64{w, h, 1}, [3]uint64{w, h, 1}), nil)
		got := make([]byte, len(want))
		ev, _ := q.(driver.ImageQueue).ReadImage(img, [3]uint64{}, [3]uint64{w, h, 1}, got, nil)
		if err := ev.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i := 0; i < w*h && bad < 5; i++ {
			g, r := got[i*elem:(i+1)*elem], want[i*elem:(i+1)*elem]
			if string(g) != string(r) {
				bad++
				t.Errorf("write_image%s, format %#x/%#x, color % x: host % x, reference % x", suffix, f.Order, f.DataType, cb[16*i:16*i+16], g, r)
			}
		}
		img.Release()
		hb.Release()
	}
}

// newRefImage makes an image on the reference platform of type typ and
// format f, size[0] wide, size[1] high (or the layers of a 1D array),
// size[2] deep (or the layers of a 2D array), holding pixels.
func newRefImage(ctx *refcl.Context, typ driver.ImageType, f driver.ImageFormat, size [3]uint64, elem int, pixels []byte) (*refcl.Image, error) {
	s := refcl.ImageSpec{Type: uint32(typ), Order: f.Order, DataType: f.DataType, Width: size[0]}
	switch typ {
	case driver.Image1DArray:
		s.ArraySize = size[1]
	case driver.Image2D:
		s.Height = size[1]
	case driver.Image2DArray:
		s.Height, s.ArraySize = size[1], size[2]
	case driver.Image3D:
		s.Height, s.Depth = size[1], size[2]
	}
	im, err := ctx.NewImage(s, uint64(elem))
	if err != nil {
		return nil, err
	}
	if err := im.Write(pixels); err != nil {
		im.Release()
		return nil, err
	}
	return im, nil
}
