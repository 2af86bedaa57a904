package cl

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// Push constants past the device's limit (compiler/lower/pcbuffer.go):
// a kernel whose push constants (sampler masks, image channel words,
// work-item values) exceed maxPushConstantsSize reads them from a
// buffer. Without it clCreateKernel failed with CL_OUT_OF_RESOURCES on
// lavapipe (128 bytes) for the CTS's min_max_samplers.

// pcBufferKernel reports whether kernel name of p's build for d reads its
// push constants from a buffer.
func pcBufferKernel(t *testing.T, p *Program, d *Device, name string) bool {
	t.Helper()
	m, err := spirv.Decode(p.Binary(d))
	if err != nil {
		t.Fatal(err)
	}
	r, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	k := r.Kernel(name)
	if k == nil {
		t.Fatalf("%s: no kernel %s in the reflection", d, name)
	}
	return k.PushConstantBuffer != nil
}

// TestManySamplerArgs: a kernel with 32 sampler_t arguments (128 bytes
// of sampler masks, 32 of work-item values) samples an image with each, over an NDRange with a
// global offset; each result must be bit for bit that of a kernel taking
// the one sampler (whose push constants fit), on the same device.
func TestManySamplerArgs(t *testing.T) {
	const n = 32 // lavapipe binds 32 samplers
	var params, body strings.Builder
	for j := range n {
		fmt.Fprintf(&params, ", sampler_t s%d", j)
		fmt.Fprintf(&body, "\tout[i*%d+%d] = read_imagef(img, s%d, %s ? c / 4.0f : c);\n", n, j, j, map[bool]string{true: "1", false: "0"}[j%2 == 0])
	}
	src := fmt.Sprintf(`#define COORD float2 c = (float2)((float)i * 0.37f - 0.6f, (float)i * 0.61f + 0.25f);
kernel void many(global float4 *out, read_only image2d_t img%s) {
	size_t i = get_global_id(0) - get_global_offset(0);
	COORD
%s}
kernel void one(global float4 *out, read_only image2d_t img, sampler_t s, int j, int norm) {
	size_t i = get_global_id(0) - get_global_offset(0);
	COORD
	out[i*%d+j] = read_imagef(img, s, norm ? c / 4.0f : c);
}
`, params.String(), body.String(), n)
	modes := []uint32{AddressNone, AddressClampToEdge, AddressClamp, AddressRepeat, AddressMirroredRepeat}
	pix := make([]byte, 4*4*4)
	for i := range pix {
		pix[i] = byte(i*37 + 11)
	}
	const global = 12
	for _, d := range realDevices(t) {
		if !d.Info().ImageSupport {
			continue
		}
		c, q, p := deviceProgram(t, d, src)
		lim := d.Driver().Info().Caps.MaxPushConstantsSize
		if got, want := pcBufferKernel(t, p, d, "many"), lim != 0 && lim < 4*n+32; got != want {
			t.Errorf("%s (maxPushConstantsSize %d): kernel many's push constants in a buffer: %v, want %v", d, lim, got, want)
		}
		if pcBufferKernel(t, p, d, "one") {
			t.Errorf("%s: kernel one's push constants are in a buffer", d)
		}
		img, err := c.CreateImage2D(MemReadOnly, ImageFormat{Order: RGBA, DataType: UnormInt8}, 4, 4, pix)
		if err != nil {
			t.Fatal(err)
		}
		samplers := make([]*Sampler, n)
		for j := range samplers {
			norm := j%2 == 0
			mode := modes[(j/2)%len(modes)]
			if !norm && (mode == AddressRepeat || mode == AddressMirroredRepeat) {
				mode = AddressClamp
			}
			filter := uint32(FilterNearest)
			if (j/10)%2 == 1 {
				filter = FilterLinear
			}
			if samplers[j], err = c.CreateSampler(norm, mode, filter); err != nil {
				t.Fatal(err)
			}
		}
		run := func(k *Kernel, out *Buffer) {
			t.Helper()
			if _, err := q.EnqueueNDRangeKernel(k, []uint64{3}, []uint64{global}, nil); err != nil {
				t.Fatalf("%s: %v", d, err)
			}
		}
		got, err := c.CreateBuffer(0, global*n*16, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := c.CreateBuffer(0, global*n*16, nil)
		if err != nil {
			t.Fatal(err)
		}
		many, err := p.CreateKernel("many")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		args := []any{got, img}
		for _, s := range samplers {
			args = append(args, s)
		}
		if err := many.SetArgs(args...); err != nil {
			t.Fatal(err)
		}
		run(many, got)
		one, err := p.CreateKernel("one")
		if err != nil {
			t.Fatal(err)
		}
		for j, s := range samplers {
			norm := int32(0)
			if j%2 == 0 {
				norm = 1
			}
			if err := one.SetArgs(want, img, s, int32(j), norm); err != nil {
				t.Fatal(err)
			}
			run(one, want)
		}
		g, err := ReadAll[uint32](context.Background(), q, got)
		if err != nil {
			t.Fatal(err)
		}
		w, err := ReadAll[uint32](context.Background(), q, want)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i := range w {
			if g[i] != w[i] && bad < 5 {
				bad++
				t.Errorf("%s: work-item %d, sampler %d, component %d: %g, want %g", d, i/4/n, i/4%n, i%4, math.Float32frombits(g[i]), math.Float32frombits(w[i]))
			}
		}
	}
}

// TestManyImageArgs: a kernel with 24 image arguments of two formats and
// four samplers reads a texel of each and asks each its channel order and
// data type (48 words of image queries, 16 of sampler masks); the results
// must be the images' texels and formats.
func TestManyImageArgs(t *testing.T) {
	const n, ns = 24, 4
	var params, body strings.Builder
	for j := range n {
		fmt.Fprintf(&params, ", read_only image2d_t i%d", j)
		fmt.Fprintf(&body, "\tout[g*%d+%d] = read_imagef(i%d, s%d, (float2)(x + 0.5f, y + 0.5f));\n", 2*n, 2*j, j, j%ns)
		fmt.Fprintf(&body, "\tout[g*%d+%d] = (float4)(get_image_channel_order(i%d), get_image_channel_data_type(i%d), get_image_width(i%d), 0);\n", 2*n, 2*j+1, j, j, j)
	}
	for j := range ns {
		fmt.Fprintf(&params, ", sampler_t s%d", j)
	}
	src := fmt.Sprintf(`kernel void k(global float4 *out%s) {
	int x = get_global_id(0), y = get_global_id(1);
	int g = y * get_global_size(0) + x;
%s}
`, params.String(), body.String())
	const w, h = 3, 2
	for _, d := range realDevices(t) {
		if !d.Info().ImageSupport {
			continue
		}
		c, q, p := deviceProgram(t, d, src)
		lim := d.Driver().Info().Caps.MaxPushConstantsSize
		if got, want := pcBufferKernel(t, p, d, "k"), lim != 0 && lim < 4*(2*n+ns); got != want {
			t.Errorf("%s (maxPushConstantsSize %d): push constants in a buffer: %v, want %v", d, lim, got, want)
		}
		args := []any{nil}
		formats := []ImageFormat{{Order: RGBA, DataType: Float}, {Order: R, DataType: Float}}
		for j := range n {
			f := formats[j%2]
			comps := 4
			if f.Order == R {
				comps = 1
			}
			pix := make([]byte, w*h*comps*4)
			for i := range w * h * comps {
				binary.LittleEndian.PutUint32(pix[4*i:], math.Float32bits(float32(j*1000+i)))
			}
			img, err := c.CreateImage2D(MemReadOnly, f, w, h, pix)
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, img)
		}
		for j := range ns {
			s, err := c.CreateSampler(false, []uint32{AddressClamp, AddressClampToEdge, AddressNone, AddressClamp}[j], FilterNearest)
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, s)
		}
		out, err := c.CreateBuffer(0, w*h*2*n*16, nil)
		if err != nil {
			t.Fatal(err)
		}
		args[0] = out
		k, err := p.CreateKernel("k")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if err := k.SetArgs(args...); err != nil {
			t.Fatal(err)
		}
		if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{w, h}, nil); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		got, err := ReadAll[float32](context.Background(), q, out)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for g := range w * h {
			for j := range n {
				f := formats[j%2]
				var texel, info [4]float32
				if f.Order == R {
					texel = [4]float32{float32(j*1000 + g), 0, 0, 1}
				} else {
					for ch := range 4 {
						texel[ch] = float32(j*1000 + 4*g + ch)
					}
				}
				info = [4]float32{float32(f.Order), float32(f.DataType), w, 0}
				at := (g*2*n + 2*j) * 4
				if [4]float32(got[at:at+4]) != texel || [4]float32(got[at+4:at+8]) != info {
					if bad++; bad <= 5 {
						t.Errorf("%s: work-item %d, image %d: texel %v, info %v; want %v, %v", d, g, j, got[at:at+4], got[at+4:at+8], texel, info)
					}
				}
			}
		}
	}
}
