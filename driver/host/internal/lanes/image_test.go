package lanes

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
)

// TestBuildImages builds a kernel that reads, samples, writes and
// queries images, and runs it on the Go executor with images bound:
// every value is worked out by hand from the pixels.
func TestBuildImages(t *testing.T) {
	const src = `constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
	kernel void k(read_only image2d_t im, write_only image2d_t wo, global float4 *out, global int *size) {
		int i = get_global_id(0);
		out[i] = read_imagef(im, (int2)(i, 1));          // fetch
		out[i + 8] = read_imagef(im, s, (int2)(i - 1, 0)); // sample, border at x = -1
		write_imagef(wo, (int2)(i, 0), out[i] * 2.0f);
		if (i == 0) {
			size[0] = get_image_width(im); // each query a size of two components
			size[1] = get_image_height(im);
		}
	}`
	p := build(t, src, "k", 8, 8)
	counts := map[Code]int{}
	for _, o := range p.Ops {
		counts[o.Code]++
	}
	if counts[ImageFetch] != 1 || counts[ImageSample] != 1 || counts[ImagePart] != 6 || counts[ImageWrite] != 1 || counts[ImageTexel] != 4 || counts[ImageSize] != 4 {
		t.Errorf("image ops %v", counts)
	}
	f := driver.ImageFormat{Order: 0x10B5, DataType: 0x10DE} // RGBA, float
	newImage := func() *texel.Image {
		return &texel.Image{Type: driver.Image2D, Format: f, Elem: 16, Ext: [3]int{8, 2, 1}, Data: make([]byte, 8*2*16)}
	}
	// pixel (x, y) = (x, y, x+y, 1).
	im, wo := newImage(), newImage()
	for y := range 2 {
		for x := range 8 {
			for c, v := range []float32{float32(x), float32(y), float32(x + y), 1} {
				binary.LittleEndian.PutUint32(im.Data[(y*8+x)*16+4*c:], math.Float32bits(v))
			}
		}
	}
	out, size := make([]byte, 16*16), make([]byte, 8)
	mem := make([][]byte, len(p.Regions))
	g := &Group{NumGroups: [3]uint32{1, 1, 1}, Memory: mem, Images: make([]*texel.Image, len(p.Regions)),
		Samplers: make([]*driver.Sampler, len(p.Regions))}
	for i, rg := range p.Regions {
		switch {
		case rg.Kind == RegionBuffer && rg.Binding == 2:
			mem[i] = out
		case rg.Kind == RegionBuffer && rg.Binding == 3:
			mem[i] = size
		case rg.Kind == RegionImage && rg.Binding == 0:
			g.Images[i] = im
		case rg.Kind == RegionImage && rg.Binding == 1:
			g.Images[i] = wo
		case rg.Kind == RegionSampler:
			s := driver.Sampler{Addressing: driver.AddressClamp, Filter: driver.FilterNearest}
			g.Samplers[i] = &s
		case rg.Kind == RegionPush:
			mem[i] = make([]byte, max(rg.Size, 64))
		}
	}
	if tr := NewExec(p).RunGroup(g); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	f32 := func(b []byte, i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }
	for i := range 8 {
		fetch := [4]float32{float32(i), 1, float32(i + 1), 1}
		sample := [4]float32{float32(i - 1), 0, float32(i - 1), 1}
		if i == 0 {
			sample = [4]float32{} // CLAMP's border of an RGBA image
		}
		for c := range 4 {
			if got := f32(out, 4*i+c); got != fetch[c] {
				t.Errorf("fetch lane %d component %d = %v, want %v", i, c, got, fetch[c])
			}
			if got := f32(out, 4*(i+8)+c); got != sample[c] {
				t.Errorf("sample lane %d component %d = %v, want %v", i, c, got, sample[c])
			}
			if got := f32(wo.Data, 4*i+c); got != 2*fetch[c] {
				t.Errorf("written pixel %d component %d = %v, want %v", i, c, got, 2*fetch[c])
			}
		}
	}
	if w, h := binary.LittleEndian.Uint32(size), binary.LittleEndian.Uint32(size[4:]); w != 8 || h != 2 {
		t.Errorf("size %d x %d, want 8 x 2", w, h)
	}
}
