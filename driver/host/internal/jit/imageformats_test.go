package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/driver/imageformat"
)

// formatKernels sample, fetch and write images of each geometry (1D,
// 2D, 3D, 2D array): a sample at coords[i] with the sampler argument, a
// fetch and a write of vals[i] at an integer point in or around the
// image.
var formatKernels = []struct {
	name string
	typ  driver.ImageType
	ext  [3]int
	src  string
}{
	{"1d", driver.Image1D, [3]int{7, 1, 1}, `kernel void k(read_only image1d_t src, sampler_t s, global float4 *out,
		global const float4 *vals, write_only image1d_t dst, global const float4 *coords) {
		int i = get_global_id(0);
		out[2 * i] = read_imagef(src, s, coords[i].x);
		int p = i % 11 - 2;
		out[2 * i + 1] = read_imagef(src, p);
		write_imagef(dst, p, vals[i]);
	}`},
	{"2d", driver.Image2D, [3]int{5, 3, 1}, `kernel void k(read_only image2d_t src, sampler_t s, global float4 *out,
		global const float4 *vals, write_only image2d_t dst, global const float4 *coords) {
		int i = get_global_id(0);
		out[2 * i] = read_imagef(src, s, coords[i].xy);
		int2 p = (int2)(i % 9 - 2, i / 9 - 1);
		out[2 * i + 1] = read_imagef(src, p);
		write_imagef(dst, p, vals[i]);
	}`},
	{"3d", driver.Image3D, [3]int{3, 4, 2}, `kernel void k(read_only image3d_t src, sampler_t s, global float4 *out,
		global const float4 *vals, write_only image3d_t dst, global const float4 *coords) {
		int i = get_global_id(0);
		out[2 * i] = read_imagef(src, s, coords[i]);
		int4 p = (int4)(i % 5 - 1, i / 5 % 6 - 1, i / 30 - 1, 0);
		out[2 * i + 1] = read_imagef(src, p);
		write_imagef(dst, p, vals[i]);
	}`},
	{"2darray", driver.Image2DArray, [3]int{4, 3, 3}, `kernel void k(read_only image2d_array_t src, sampler_t s, global float4 *out,
		global const float4 *vals, write_only image2d_array_t dst, global const float4 *coords) {
		int i = get_global_id(0);
		out[2 * i] = read_imagef(src, s, coords[i]);
		int4 p = (int4)(i % 6 - 1, i / 6 % 5 - 1, i / 30 - 1, 0);
		out[2 * i + 1] = read_imagef(src, p);
		write_imagef(dst, p, vals[i]);
	}`},
}

// nativeFormats are the image formats native code has a kind for.
func nativeFormats() []driver.ImageFormat {
	var fs []driver.ImageFormat
	for order := uint32(imageformat.R); order <= imageformat.ABGR; order++ {
		for dt := uint32(imageformat.SnormInt8); dt <= imageformat.Float; dt++ {
			f := driver.ImageFormat{Order: order, DataType: dt}
			if k, _ := texelKind(f); k != texNone && imageformat.Valid(f) {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

// coordValues are a sample's coordinates along an axis of n texels:
// texel centres and edges, points just inside and outside, whole
// repetitions away, and the undefined ones (NaN, infinities, huge,
// negative zero, a hair below 0 that REPEAT rounds to 1).
func coordValues(n int, normalized bool, rng *rand.Rand) []float32 {
	fn := float32(n)
	var vs []float32
	for _, u := range []float32{0, 0.5, 1, 1.25, fn - 0.5, fn - 0.25, fn, fn + 0.5, -0.5, -1, -fn - 0.75, 2*fn + 0.3, 3*fn - 0.5} {
		if normalized {
			u /= fn
		}
		vs = append(vs, u)
	}
	vs = append(vs, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 3e9, -3e9,
		float32(math.Copysign(0, -1)), -1e-10, 0.99999994, 1e-40)
	for range 12 {
		u := rng.Float32()*(3*fn) - fn
		if normalized {
			u /= fn
		}
		vs = append(vs, u)
	}
	return vs
}

// writeValues are texel values to write: in and out of every format's
// range, the normalized types' rounding boundaries, NaNs and infinities,
// halves' rounding and overflow cases, and random bits.
func writeValues(rng *rand.Rand) []uint32 {
	fs := []float32{0, 1, -1, 0.5, 1.5, -1.5, 127.5 / 255, 0.5 / 65535, 32767.5 / 32767, -128.5 / 127, 65520, 65519.99, 6e-8, 3e-8,
		2.98e-8, 1e-5, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)), 1e30}
	var vs []uint32
	for _, f := range fs {
		vs = append(vs, math.Float32bits(f))
	}
	vs = append(vs, 0x7f800001, 0xffc00123, 255, 256, 65535, 65536, 0xffffff80, 0xffff8000, 0xffffff7f, 0x7fffffff, 0x80000000, 127, 128)
	for len(vs) < 4*64 {
		vs = append(vs, rng.Uint32())
	}
	rng.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
	return vs
}

// TestImageFormats runs image kernels of every geometry on one native
// runner and one Go executor over images of every format native code
// has (texChannels and the older kinds), sampled with every sampler
// (normalized or not; NONE, CLAMP_TO_EDGE, CLAMP, REPEAT, MIRRORED_REPEAT;
// nearest and linear): samples, fetches and writes agree bit for bit,
// with no call-out.
func TestImageFormats(t *testing.T) {
	needAMD64(t) // native image code is x86-64 only
	needF16C(t)
	rng := rand.New(rand.NewPCG(7, 8))
	formats := nativeFormats()
	if len(formats) < 60 {
		t.Fatalf("%d formats with native code", len(formats))
	}
	var samplers []driver.Sampler
	for _, norm := range []bool{false, true} {
		for _, am := range []uint32{driver.AddressNone, driver.AddressClampToEdge, driver.AddressClamp, driver.AddressRepeat, driver.AddressMirroredRepeat} {
			for _, fm := range []uint32{driver.FilterNearest, driver.FilterLinear} {
				samplers = append(samplers, driver.Sampler{NormalizedCoords: norm, Addressing: am, Filter: fm})
			}
		}
	}
	for _, kc := range formatKernels {
		t.Run(kc.name, func(t *testing.T) {
			p := buildCL(t, kc.src, 64)
			var imgs, bufs []int
			smpR := -1
			for r, rg := range p.Regions {
				switch rg.Kind {
				case lanes.RegionImage:
					imgs = append(imgs, r)
				case lanes.RegionSampler:
					smpR = r
				case lanes.RegionBuffer:
					bufs = append(bufs, r)
				}
			}
			sort.Slice(bufs, func(i, j int) bool { return p.Regions[bufs[i]].Binding < p.Regions[bufs[j]].Binding })
			sort.Slice(imgs, func(i, j int) bool { return p.Regions[imgs[i]].Binding < p.Regions[imgs[j]].Binding })
			if len(imgs) != 2 || smpR < 0 || len(bufs) != 3 {
				t.Fatalf("regions %+v", p.Regions)
			}
			srcR, dstR, outR, valsR, coordsR := imgs[0], imgs[1], bufs[0], bufs[1], bufs[2]
			k, err := Compile(p)
			if err != nil {
				t.Fatal(err)
			}
			ex, nat := lanes.NewExec(p), k.NewRunner()
			dims, arrayed := texel.Geometry(kc.typ)
			fails := 0
			for _, f := range formats {
				elem := imageformat.ElementSize(f)
				n := kc.ext[0] * kc.ext[1] * kc.ext[2]
				srcData := make([]byte, n*elem)
				for i := range srcData {
					srcData[i] = byte(rng.Uint32())
				}
				dstData := make([]byte, n*elem)
				for i := range dstData {
					dstData[i] = byte(rng.Uint32())
				}
				vals := make([]byte, 64*16)
				for i, v := range writeValues(rng) {
					binary.LittleEndian.PutUint32(vals[4*i:], v)
				}
				for _, smp := range samplers {
					coords := make([]byte, 64*16)
					for d := range 4 {
						var vs []float32
						switch {
						case d < dims:
							vs = coordValues(kc.ext[d], smp.NormalizedCoords, rng)
						case d == dims && arrayed:
							vs = []float32{-1, -0.5, 0, 0.5, 1.5, 2.5, 3, 7, float32(math.NaN())}
						default:
							vs = []float32{0}
						}
						for i := range 64 {
							binary.LittleEndian.PutUint32(coords[16*i+4*d:], math.Float32bits(vs[rng.IntN(len(vs))]))
						}
					}
					var outs [2][]byte
					var dsts [2][]byte
					before := Callouts()
					for tier, r := range []lanes.Runner{ex, nat} {
						mem := make([][]byte, len(p.Regions))
						for i, rg := range p.Regions {
							if rg.Kind == lanes.RegionPush {
								mem[i] = make([]byte, max(rg.Size, 64))
							}
						}
						mem[outR], mem[valsR], mem[coordsR] = make([]byte, 64*32), vals, coords
						src := &texel.Image{Type: kc.typ, Format: f, Data: srcData, Elem: elem, Ext: kc.ext}
						dst := &texel.Image{Type: kc.typ, Format: f, Data: bytes.Clone(dstData), Elem: elem, Ext: kc.ext}
						images := make([]*texel.Image, len(p.Regions))
						images[srcR], images[dstR] = src, dst
						smps := make([]*driver.Sampler, len(p.Regions))
						smps[smpR] = &smp
						g := &lanes.Group{NumGroups: [3]uint32{1, 1, 1}, Memory: mem, Images: images, Samplers: smps}
						if trap := r.RunGroup(g); trap != nil {
							t.Fatalf("%+v %+v: tier %d trapped: %+v", f, smp, tier, trap)
						}
						outs[tier], dsts[tier] = mem[outR], dst.Data
					}
					if c := Callouts() - before; c != 0 {
						t.Errorf("format %#x/%#x, sampler %+v: %d call-outs", f.Order, f.DataType, smp, c)
					}
					for i := 0; i < 64 && fails < 20; i++ {
						for j := range 2 {
							o := (2*i + j) * 16
							if !bytes.Equal(outs[0][o:o+16], outs[1][o:o+16]) {
								fails++
								what := "sample at " + hexWords(coords[16*i:16*i+16])
								if j == 1 {
									what = "fetch"
								}
								t.Errorf("format %#x/%#x, sampler %+v, lane %d %s:\ngo     %s\nnative %s", f.Order, f.DataType, smp, i, what,
									hexWords(outs[0][o:o+16]), hexWords(outs[1][o:o+16]))
							}
						}
					}
					if !bytes.Equal(dsts[0], dsts[1]) && fails < 20 {
						fails++
						t.Errorf("format %#x/%#x: written image differs:\ngo     % x\nnative % x", f.Order, f.DataType, dsts[0], dsts[1])
					}
				}
			}
		})
	}
}

// hexWords formats b as 32-bit little-endian words.
func hexWords(b []byte) string {
	var s []string
	for i := 0; i+4 <= len(b); i += 4 {
		s = append(s, fmt.Sprintf("%08x", binary.LittleEndian.Uint32(b[i:])))
	}
	return strings.Join(s, " ")
}
