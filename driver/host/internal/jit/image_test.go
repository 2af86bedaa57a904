package jit

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/driver/imageformat"
)

// TestImageRebind runs one native runner and one Go executor over groups
// whose bound images and sampler change from group to group: formats
// with native code and without (the call-out), another extent, the same
// *texel.Image changed in place, another sampler. The runner must
// describe each group's bindings afresh (imagemem.go): the outputs and
// the written image agree with the Go executor's bit for bit.
func TestImageRebind(t *testing.T) {
	needNative(t)
	const src = `kernel void k(read_only image2d_t src, sampler_t s, global float4 *out, write_only image2d_t dst) {
		int i = get_global_id(0);
		int2 p = (int2)(i % 9 - 2, i / 9 - 1);
		float2 c = (float2)((float)p.x * 0.75f, (float)p.y * 1.25f);
		out[2 * i] = read_imagef(src, s, c);
		out[2 * i + 1] = read_imagef(src, p);
		write_imagef(dst, p, out[2 * i] + out[2 * i + 1]);
	}`
	p := buildCL(t, src, 64)
	var imgR, smpR, outR, dstR = -1, -1, -1, -1
	for r, rg := range p.Regions {
		switch {
		case rg.Kind == lanes.RegionImage && imgR < 0:
			imgR = r
		case rg.Kind == lanes.RegionImage:
			dstR = r
		case rg.Kind == lanes.RegionSampler:
			smpR = r
		case rg.Kind == lanes.RegionBuffer:
			outR = r
		}
	}
	if imgR < 0 || smpR < 0 || outR < 0 || dstR < 0 {
		t.Fatalf("regions %+v", p.Regions)
	}
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	image := func(order, dt uint32, elem, w, h int) *texel.Image {
		im := &texel.Image{Type: driver.Image2D, Format: driver.ImageFormat{Order: order, DataType: dt},
			Data: make([]byte, elem*w*h), Elem: elem, Ext: [3]int{w, h, 1}}
		for i := range im.Data {
			im.Data[i] = byte(rng.Uint32())
		}
		if dt == imageformat.Float { // finite floats
			for i := 3; i < len(im.Data); i += 4 {
				im.Data[i] &= 0x3f
			}
		}
		return im
	}
	rgbaF := image(imageformat.RGBA, imageformat.Float, 16, 5, 3)
	nearest := &driver.Sampler{Addressing: driver.AddressClamp, Filter: driver.FilterNearest}
	linear := &driver.Sampler{NormalizedCoords: false, Addressing: driver.AddressClampToEdge, Filter: driver.FilterLinear}
	steps := []struct {
		name string
		src  func() *texel.Image
		smp  *driver.Sampler
	}{
		{"rgba float", func() *texel.Image { return rgbaF }, nearest},
		{"r unorm8", func() *texel.Image { return image(imageformat.R, imageformat.UnormInt8, 1, 7, 2) }, nearest},
		{"srgba unorm8 (call-out)", func() *texel.Image { return image(imageformat.SRGBA, imageformat.UnormInt8, 4, 4, 4) }, nearest},
		{"rgba unorm16", func() *texel.Image { return image(imageformat.RGBA, imageformat.UnormInt16, 8, 4, 4) }, nearest},
		{"the same Image, changed", func() *texel.Image {
			*rgbaF = *image(imageformat.RGBA, imageformat.UnormInt8, 4, 6, 2)
			return rgbaF
		}, nearest},
		{"linear", func() *texel.Image { return rgbaF }, linear},
		{"bgra unorm8, linear", func() *texel.Image { return image(imageformat.BGRA, imageformat.UnormInt8, 4, 3, 5) }, linear},
	}
	ex, nat := lanes.NewExec(p), k.NewRunner()
	regions := len(p.Regions)
	for gi, st := range steps {
		im := st.src()
		var outs [2][]byte
		var dsts [2]*texel.Image
		for tier, r := range []lanes.Runner{ex, nat} {
			mem := make([][]byte, regions)
			for i, rg := range p.Regions {
				if rg.Kind == lanes.RegionPush {
					mem[i] = make([]byte, max(rg.Size, 64))
				}
			}
			mem[outR] = make([]byte, 64*32)
			dst := image(imageformat.RGBA, imageformat.UnormInt8, 4, 6, 4)
			dst.Data = make([]byte, len(dst.Data))
			imgs := make([]*texel.Image, regions)
			imgs[imgR], imgs[dstR] = im, dst
			smps := make([]*driver.Sampler, regions)
			smps[smpR] = st.smp
			g := &lanes.Group{ID: [3]uint32{0, 0, 0}, NumGroups: [3]uint32{1, 1, 1}, Memory: mem, Images: imgs, Samplers: smps}
			if trap := r.RunGroup(g); trap != nil {
				t.Fatalf("%s: tier %d trapped: %+v", st.name, tier, trap)
			}
			outs[tier], dsts[tier] = mem[outR], dst
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("group %d (%s): out differs:\ngo     %x\nnative %x", gi, st.name, outs[0][:96], outs[1][:96])
		}
		if !bytes.Equal(dsts[0].Data, dsts[1].Data) {
			t.Errorf("group %d (%s): dst differs:\ngo     %x\nnative %x", gi, st.name, dsts[0].Data, dsts[1].Data)
		}
	}
}
