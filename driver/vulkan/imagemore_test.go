package vulkan

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Images released while commands that use them are pending are destroyed
// once those complete: the device's image count and memory go back to
// where they were.
func TestImageRelease(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	if err := q.Finish(t.Context()); err != nil {
		t.Fatal(err)
	}
	before := d.MemoryStats()
	spv := sampleModule(t, nil)
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	p.Release()
	for range 3 {
		var ims []driver.Image
		for _, desc := range imageDescs() {
			im, err := d.NewImage(desc)
			if err != nil {
				t.Fatal(err)
			}
			ims = append(ims, im)
		}
		buf, _ := d.NewBuffer(4096)
		bi, err := d.NewImage(driver.ImageDesc{Type: driver.Image1DBuffer, Format: rgba8, Width: 64, Height: 1, Depth: 1, ArraySize: 1, Buffer: buf})
		if err != nil {
			t.Fatal(err)
		}
		buf.Release()
		if s := d.MemoryStats(); s.Images != before.Images+len(ims)+1 || s.ImageBytes <= before.ImageBytes {
			t.Fatalf("stats after making images: %+v (before %+v)", s, before)
		}
		out, crd := mustBuffer(t, d, 16), mustBuffer(t, d, 8)
		smp := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClamp, Filter: driver.FilterLinear}
		if _, err := q.Dispatch(t.Context(), k, []driver.Arg{{Kind: driver.ArgImage, Image: ims[2]}, {Kind: driver.ArgSampler, Sampler: smp},
			{Kind: driver.ArgBuffer, Buffer: out, Size: 16}, {Kind: driver.ArgBuffer, Buffer: crd, Size: 8}}, driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1}), nil); err != nil {
			t.Fatal(err)
		}
		iq := q.(driver.ImageQueue)
		if _, err := iq.CopyImage(ims[3], ims[3], [3]uint64{}, [3]uint64{0, 0, 2}, [3]uint64{3, 3, 1}, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := iq.CopyImageToBuffer(ims[4], out, [3]uint64{}, [3]uint64{1, 1, 1}, 0, nil); err != nil {
			t.Fatal(err)
		}
		for _, im := range ims {
			im.Release()
		}
		bi.Release()
		out.Release()
		crd.Release()
		if err := q.Finish(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	k.Release()
	if s := d.MemoryStats(); s.Images != before.Images || s.ImageBytes != before.ImageBytes {
		t.Fatalf("images left: %+v (before %+v)", s, before)
	}
}

// The descriptor-pool path (no VK_KHR_push_descriptor) binds images and
// samplers as well.
func TestSampleImageDescriptorPools(t *testing.T) {
	d0 := testDevice(t)
	d := &Device{phys: d0.phys, info: d0.info, noPushDescriptors: true}
	q := mustQueue(t, d, false)
	defer q.Release()
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: sampleW, Height: sampleH, Depth: 1, ArraySize: 1})
	ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{sampleW, sampleH, 1}, sampleImageBytes(), nil)
	wait(t, ev, err)
	smp := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterNearest}
	s, tt := 1.3/sampleW, 2.5/sampleH
	out := make([]byte, 16)
	if err := imageRun(t, d, sampleModule(t, nil), 1, []driver.Arg{{Kind: driver.ArgImage, Image: im}, {Kind: driver.ArgSampler, Sampler: smp}, {}, {}},
		map[int][]byte{2: out, 3: floatBytes(float32(s), float32(tt))}); err != nil {
		t.Fatal(err)
	}
	want := refSample(float64(float32(s)), float64(float32(tt)), smp)
	for c, g := range floats(out) {
		if math.Abs(float64(g)-want[c]) > 1e-6 {
			t.Fatalf("got %v, want %v", floats(out), want)
		}
	}
}

// CopyImage between a 2D image, the layers of a 2D array and the slices
// of a 3D image.
func TestCopyImageAcrossTypes(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	iq := q.(driver.ImageQueue)
	img2 := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 4, Height: 3, Depth: 1, ArraySize: 1})
	arr := mustImage(t, d, driver.ImageDesc{Type: driver.Image2DArray, Format: rgba8, Width: 4, Height: 3, Depth: 1, ArraySize: 3})
	vol := mustImage(t, d, driver.ImageDesc{Type: driver.Image3D, Format: rgba8, Width: 4, Height: 3, Depth: 4, ArraySize: 1})
	a, b := pattern(48, 1), pattern(96, 50)
	ev, err := iq.WriteImage(img2, [3]uint64{}, [3]uint64{4, 3, 1}, a, nil)
	wait(t, ev, err)
	ev, err = iq.WriteImage(arr, [3]uint64{0, 0, 1}, [3]uint64{4, 3, 2}, b, nil)
	wait(t, ev, err)
	// 2D -> slice 0; layers 1..2 -> slices 2..3.
	if _, err := iq.CopyImage(img2, vol, [3]uint64{}, [3]uint64{}, [3]uint64{4, 3, 1}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := iq.CopyImage(arr, vol, [3]uint64{0, 0, 1}, [3]uint64{0, 0, 2}, [3]uint64{4, 3, 2}, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4*48)
	ev, err = iq.ReadImage(vol, [3]uint64{}, [3]uint64{4, 3, 4}, got, nil)
	wait(t, ev, err)
	want := append(append(append([]byte(nil), a...), make([]byte, 48)...), b...)
	if !bytes.Equal(got, want) {
		t.Fatalf("3D image:\n got %v\nwant %v", got, want)
	}
	// Slice 3 back into the 2D image.
	if _, err := iq.CopyImage(vol, img2, [3]uint64{0, 0, 3}, [3]uint64{}, [3]uint64{4, 3, 1}, nil); err != nil {
		t.Fatal(err)
	}
	ev, err = iq.ReadImage(img2, [3]uint64{}, [3]uint64{4, 3, 1}, got[:48], nil)
	wait(t, ev, err)
	if !bytes.Equal(got[:48], b[48:]) {
		t.Fatalf("2D image from slice 3: %v", got[:48])
	}
}

// A kernel with more sampler_t arguments than the device binds per stage
// is refused when it is made, naming the count and the limit.
func TestTooManySamplers(t *testing.T) {
	d := testDevice(t)
	n := d.phys.props.limits.maxPerStageDescriptorSamplers + 1
	if n > 200 {
		t.Skipf("the device binds %d samplers", n-1)
	}
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k"}}}
	for i := range n {
		refl.Kernels[0].Args = append(refl.Kernels[0].Args, spirv.Arg{Name: fmt.Sprint("s", i), Ordinal: i, Kind: spirv.ArgSampler, Binding: i})
	}
	spv := imageModule(t, "", "", "", "", refl)
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	_, err = p.Kernel("k")
	want := fmt.Sprintf("vulkan: kernel k uses %d samplers (arguments and literal samplers), the device binds %d", n, n-1)
	if !errorsIs(err, driver.ErrOutOfResources) || !strings.Contains(fmt.Sprint(err), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}
