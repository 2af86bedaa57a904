//go:build !clgo_compile_only

package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/driver/drivertest"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/internal/refcl"
)

// TestCheckImagesRefOnly runs the image kernels of the corpus (//! image
// and sampler arguments) through `clgo check --ref-only`: the reference
// runs each twice and compares every buffer and image.
func TestCheckImagesRefOnly(t *testing.T) {
	needOpenCL(t)
	files, _ := filepath.Glob("../../testdata/kernels/image_args/*.cl")
	if len(files) < 3 {
		t.Fatalf("%d image kernels in testdata/kernels/image_args", len(files))
	}
	var out, errb bytes.Buffer
	if rc := Main(append([]string{"check", "--ref-only"}, files...), &out, &errb); rc != 0 {
		t.Fatalf("rc %d:\n%s%s", rc, out.String(), errb.String())
	}
}

// TestRefImageReadBack checks what the reference target does with image
// arguments: the input image gets the spec's pixels, and the output image
// read back holds what the kernel wrote (invert_rgba8.cl: 255 - input,
// within the 1 that unorm rounding allows).
func TestRefImageReadBack(t *testing.T) {
	needOpenCL(t)
	devs, _ := refcl.AllDevices()
	tg, err := newRefTarget(pickReference(devs))
	if err != nil {
		t.Fatal(err)
	}
	defer tg.close()
	f, err := loadFile("../../testdata/kernels/image_args/invert_rgba8.cl")
	if err != nil {
		t.Fatal(err)
	}
	in := inputs(f.spec)
	out, _, err := tg.run(f, f.spec, in, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(in[0]) != 16*8*4 || !bytes.Equal(out[0], in[0]) || out[2] != nil {
		t.Fatalf("input image: %d bytes in, %d back (equal %v); sampler out %v", len(in[0]), len(out[0]), bytes.Equal(out[0], in[0]), out[2])
	}
	for i, v := range out[1] {
		if d := int(v) - (255 - int(in[0][i])); d < -1 || d > 1 {
			t.Fatalf("output byte %d = %d, input %d", i, v, in[0][i])
		}
	}
}

// TestClgoTargetImages makes the images of a spec on a clgo device with
// image support (driver/drivertest's, the real drivers' image units being
// elsewhere) and reads them back: what `clgo check` compares.
func TestClgoTargetImages(t *testing.T) {
	fd := drivertest.New()
	fd.DevInfo.Caps.Images = true
	devs, err := cl.NewPlatformForTest(&drivertest.Driver{Dev: fd, N: "fake"}).Devices(cl.DeviceTypeAll)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := newClgoTarget(devs[0])
	if err != nil {
		t.Fatal(err)
	}
	defer tg.close()
	s, err := kspec.Parse("t.cl", "//! kernel k\n//! global 1\n"+
		"//! arg image2d<rgba,unorm8> 5x3 random\n//! arg image1d_buffer<r,float> 7 iota\n//! arg image2d_array<r,uint8> 2x2x3 out\n")
	if err != nil {
		t.Fatal(err)
	}
	in := inputs(s)
	r := &clgoRun{bufs: make([]*cl.Buffer, len(s.Args)), imgs: make([]*cl.Image, len(s.Args))}
	defer r.release()
	for i := range s.Args {
		if r.imgs[i], err = tg.newImage(&s.Args[i], in[i]); err != nil {
			t.Fatalf("argument %d: %v", i, err)
		}
	}
	out, err := tg.readBack(tg.q, r)
	if err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if !bytes.Equal(out[i], in[i]) {
			t.Errorf("argument %d read back %v, made from %v", i, out[i], in[i])
		}
	}
	if r.imgs[1].Type() != cl.MemObjectImage1DBuffer || r.imgs[1].Buffer() == nil {
		t.Errorf("a 1D buffer image without its buffer")
	}
}
