package host_test

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/imageformat"
	"github.com/clgo/clgo/internal/refcl"
	"github.com/clgo/clgo/spirv"
)

// sampleSrc is the OpenCL C that testdata/image_sample.spvasm hand-codes.
const sampleSrc = `
kernel void sample(read_only image2d_t img, sampler_t smp, global const float4 *coords, global float4 *out) {
	int i = get_global_id(0);
	out[i] = read_imagef(img, smp, coords[i].xy);
}
`

// TestImageSampleMatchesReference samples random images of several
// formats at random coordinates with every sampler that OpenCL defines for
// them, on the host driver (the hand-written SPIR-V of read_imagef) and on
// the reference OpenCL (PoCL), and compares the results: nearest within an
// ulp or so, linear within 1e-4 (the weights' rounding may differ).
func TestImageSampleMatchesReference(t *testing.T) {
	devs, err := refcl.AllDevices()
	if err != nil || len(devs) == 0 {
		t.Skipf("no reference OpenCL: %v", err)
	}
	ctx, err := refcl.NewContext(devs[0])
	if err != nil {
		t.Skip(err)
	}
	defer ctx.Release()
	rp, err := ctx.Build(sampleSrc, "")
	if err != nil {
		t.Skip(err) // no image support
	}
	defer rp.Release()
	rk, err := rp.Kernel("sample")
	if err != nil {
		t.Fatal(err)
	}
	defer rk.Release()
	p := host.AsmProgram(t, "image_sample.spvasm", &spirv.Reflection{Kernels: []spirv.Kernel{{
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
	dev := host.NewDevice()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	const w, h, n = 5, 3, 64
	rng := rand.New(rand.NewSource(13))
	for _, f := range []driver.ImageFormat{
		{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		{Order: imageformat.BGRA, DataType: imageformat.UnormInt8},
		{Order: imageformat.RGBA, DataType: imageformat.Float},
		{Order: imageformat.R, DataType: imageformat.SnormInt16}, // no alpha: border (0,0,0,1)
		{Order: imageformat.R, DataType: imageformat.Float},
		{Order: imageformat.RGBA, DataType: imageformat.HalfFloat},
		{Order: imageformat.RGBA, DataType: imageformat.SnormInt8},
	} {
		elem := imageformat.ElementSize(f)
		pixels := make([]byte, w*h*elem)
		rng.Read(pixels)
		if f.DataType == imageformat.Float {
			for i := 0; i < len(pixels); i += 4 {
				binary.LittleEndian.PutUint32(pixels[i:], math.Float32bits(rng.Float32()*4-2))
			}
		}
		ref, err := ctx.NewImage(uint32(driver.Image2D), f.Order, f.DataType, w, h, 1, elem, pixels)
		if err != nil {
			t.Logf("format %#x/%#x: %v", f.Order, f.DataType, err)
			continue
		}
		img, err := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: f, Width: w, Height: h, Depth: 1, ArraySize: 1})
		if err != nil {
			t.Fatal(err)
		}
		q.(driver.ImageQueue).WriteImage(img, [3]uint64{}, [3]uint64{w, h, 1}, pixels, nil)
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
				if smp.NormalizedCoords {
					coords[4*i], coords[4*i+1] = rng.Float32()*4-1.5, rng.Float32()*4-1.5
				} else {
					coords[4*i], coords[4*i+1] = rng.Float32()*(w+4)-2, rng.Float32()*(h+4)-2
				}
			}
			cb := f32bytes(coords)
			want, err := referenceSample(ctx, rk, ref, smp, cb)
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
					t.Errorf("format %#x/%#x, sampler %+v, coord (%v, %v), channel %d: host %v, reference %v",
						f.Order, f.DataType, smp, coords[4*(i/4)], coords[4*(i/4)+1], i%4, g, r)
				}
			}
		}
		ref.Release()
		img.Release()
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
