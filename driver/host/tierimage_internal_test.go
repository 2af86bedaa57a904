package host

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestTierImageUnbound runs a kernel whose image, then whose sampler, is
// not bound on the lane tier: the dispatch fails with the Go executor's
// error, word for word.
func TestTierImageUnbound(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "image_sample.spvasm"))
	if err != nil {
		t.Fatal(err)
	}
	smp := &driver.Sampler{Addressing: driver.AddressClamp, Filter: driver.FilterNearest}
	img, err := NewDevice().NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: 0x10B5, DataType: 0x10DE},
		Width: 4, Height: 4, Depth: 1, ArraySize: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Release()
	for _, c := range []struct {
		what string
		res  Resource
	}{
		{"image", Resource{Set: 0, Binding: 1, Sampler: smp}},
		{"sampler", Resource{Set: 0, Binding: 0, Image: img}},
	} {
		run := func(tier string) (*Kernel, error) {
			setTierIn(t, tier)
			k := prepare(t, asm(t, string(src)), "main", nil)
			d := dispatch([3]int{1, 1, 1}, nil)
			d.Resources = []Resource{c.res, {Set: 0, Binding: 2, Data: make([]byte, 64)}, {Set: 0, Binding: 3, Data: make([]byte, 64)}}
			return k, k.Run(context.Background(), d)
		}
		_, want := run("lanes")
		k, got := run("lanes")
		if k.tier == nil {
			t.Fatalf("no %s: the lane tier does not run the kernel", c.what)
		}
		t.Logf("no %s: %v", c.what, got)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("no %s: the lane tier gives %v, the Go executor %v", c.what, got, want)
		}
	}
}

// TestTierImageTests runs the image tests, whose expected values come
// from the specification's formulas, with CLGO_HOST_TIER=lanes (the lane
// tier runs their kernels: images passed to functions, divergent
// control flow, 1D, array and 3D images, Image1DBuffer).
func TestTierImageTests(t *testing.T) {
	setTierIn(t, "lanes")
	for _, c := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"Sample", TestImageSample}, {"ReadWrite", TestImageReadWrite}, {"Buffer", TestImageBuffer},
		{"SampleRobust", TestImageSampleRobust}, {"Flow", TestImageFlow},
	} {
		t.Run(c.name, c.f)
	}
}
