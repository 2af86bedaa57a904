package vulkan

import (
	"fmt"
	"math"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// read_imagef(img, sampler, (float2)coord) on a 4x3 CL_RGBA/CL_UNORM_INT8
// image, for every sampler state OpenCL allows, compared with the
// formulas of OpenCL C §8.2 (the reference below) at coordinates whose
// linear weights are quarters (exact with 8 bits of sub-texel precision).

const sampleW, sampleH = 4, 3

// sampleTexel is the image's texel (x, y) as stored bytes.
func sampleTexel(x, y int) [4]byte {
	return [4]byte{byte(x*60 + y*10 + 5), byte(250 - x*50 - y*7), byte(y*80 + x*3), byte(255 - x*20 - y*30)}
}

func sampleImageBytes() []byte {
	var b []byte
	for y := range sampleH {
		for x := range sampleW {
			t := sampleTexel(x, y)
			b = append(b, t[:]...)
		}
	}
	return b
}

// texelOrBorder is texel (x, y) as floats, or the CLK_ADDRESS_CLAMP border
// (0,0,0,0) of a format with alpha outside the image.
func texelOrBorder(x, y int) [4]float64 {
	if x < 0 || y < 0 || x >= sampleW || y >= sampleH {
		return [4]float64{}
	}
	t := sampleTexel(x, y)
	return [4]float64{float64(t[0]) / 255, float64(t[1]) / 255, float64(t[2]) / 255, float64(t[3]) / 255}
}

func clampInt64(i, lo, hi int) int { return min(max(i, lo), hi) }

// nearestIndex is §8.2's nearest-filter index along one axis of size n.
func nearestIndex(s float64, n int, smp driver.Sampler) int {
	u := s
	if smp.NormalizedCoords {
		u = s * float64(n)
	}
	switch smp.Addressing {
	case driver.AddressRepeat:
		u = (s - math.Floor(s)) * float64(n)
		i := int(math.Floor(u))
		if i > n-1 {
			i -= n
		}
		return i
	case driver.AddressMirroredRepeat:
		sp := math.Abs(s - 2*math.RoundToEven(0.5*s))
		return min(int(math.Floor(sp*float64(n))), n-1)
	case driver.AddressClamp:
		return clampInt64(int(math.Floor(u)), -1, n)
	}
	return clampInt64(int(math.Floor(u)), 0, n-1)
}

// linearIndices is §8.2's linear-filter pair and weight along one axis.
func linearIndices(s float64, n int, smp driver.Sampler) (int, int, float64) {
	u := s
	if smp.NormalizedCoords {
		u = s * float64(n)
	}
	switch smp.Addressing {
	case driver.AddressRepeat:
		u = (s - math.Floor(s)) * float64(n)
		i0 := int(math.Floor(u - 0.5))
		i1 := i0 + 1
		if i0 < 0 {
			i0 += n
		}
		if i1 > n-1 {
			i1 -= n
		}
		return i0, i1, u - 0.5 - math.Floor(u-0.5)
	case driver.AddressMirroredRepeat:
		u = math.Abs(s-2*math.RoundToEven(0.5*s)) * float64(n)
		i0 := int(math.Floor(u - 0.5))
		return max(i0, 0), min(i0+1, n-1), u - 0.5 - math.Floor(u-0.5)
	}
	i0 := int(math.Floor(u - 0.5))
	lo, hi := 0, n-1
	if smp.Addressing == driver.AddressClamp {
		lo, hi = -1, n
	}
	return clampInt64(i0, lo, hi), clampInt64(i0+1, lo, hi), u - 0.5 - math.Floor(u-0.5)
}

// refSample is read_imagef of the image at (s, t) with smp.
func refSample(s, t float64, smp driver.Sampler) [4]float64 {
	if smp.Filter == driver.FilterNearest {
		return texelOrBorder(nearestIndex(s, sampleW, smp), nearestIndex(t, sampleH, smp))
	}
	i0, i1, a := linearIndices(s, sampleW, smp)
	j0, j1, b := linearIndices(t, sampleH, smp)
	var out [4]float64
	t00, t10, t01, t11 := texelOrBorder(i0, j0), texelOrBorder(i1, j0), texelOrBorder(i0, j1), texelOrBorder(i1, j1)
	for c := range 4 {
		out[c] = (1-a)*(1-b)*t00[c] + a*(1-b)*t10[c] + (1-a)*b*t01[c] + a*b*t11[c]
	}
	return out
}

// The reference against values worked out by hand.
func TestRefSample(t *testing.T) {
	near := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}
	// (0.3, 0.5) is u = 1.2, v = 1.5: texel (1, 1) = 75, 193, 83, 205.
	if got := refSample(0.3, 0.5, near); got != [4]float64{75.0 / 255, 193.0 / 255, 83.0 / 255, 205.0 / 255} {
		t.Errorf("nearest: %v", got)
	}
	// Unnormalized (1.0, 0.5), linear: half of texels (0,0) and (1,0):
	// (5+65)/2, (250+200)/2, (0+3)/2, (255+235)/2.
	lin := driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterLinear}
	want := [4]float64{35.0 / 255, 225.0 / 255, 1.5 / 255, 245.0 / 255}
	for c, g := range refSample(1.0, 0.5, lin) {
		if math.Abs(g-want[c]) > 1e-12 {
			t.Errorf("linear: %v, want %v", refSample(1.0, 0.5, lin), want)
		}
	}
	// Repeat at s = 1.1 (u = 0.4 after the fold): texel 0; mirrored repeat
	// at s = 1.1: s' = |1.1 - 2| = 0.9, u = 3.6: texel 3.
	rep := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterNearest}
	mir := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressMirroredRepeat, Filter: driver.FilterNearest}
	if nearestIndex(1.1, 4, rep) != 0 || nearestIndex(1.1, 4, mir) != 3 || nearestIndex(-0.1, 4, mir) != 0 {
		t.Error("repeat/mirrored indices")
	}
}

// samplers lists every valid OpenCL sampler state.
func samplers() []driver.Sampler {
	var out []driver.Sampler
	for _, norm := range []bool{true, false} {
		for _, addr := range []uint32{driver.AddressNone, driver.AddressClampToEdge, driver.AddressClamp, driver.AddressRepeat, driver.AddressMirroredRepeat} {
			if !norm && (addr == driver.AddressRepeat || addr == driver.AddressMirroredRepeat) {
				continue
			}
			for _, f := range []uint32{driver.FilterNearest, driver.FilterLinear} {
				out = append(out, driver.Sampler{NormalizedCoords: norm, Addressing: addr, Filter: f})
			}
		}
	}
	return out
}

// sampleCoords are the coordinates read with smp, in texel units (u, v):
// in range only for CLK_ADDRESS_NONE, whose out-of-range result is
// undefined.
func sampleCoords(smp driver.Sampler) [][2]float64 {
	us := []float64{-1.25, -0.5, 0.25, 0.5, 1.25, 1.75, 2.5, 3.75, 4.25, 5.5, 7.25}
	vs := []float64{-0.75, 0.5, 1.25, 2.75, 3.5, 4.25}
	var out [][2]float64
	for _, u := range us {
		for _, v := range vs {
			if smp.Addressing == driver.AddressNone && (u < 0.5 || u > sampleW-0.5 || v < 0.5 || v > sampleH-0.5) {
				continue
			}
			out = append(out, [2]float64{u, v})
		}
	}
	return out
}

// The sampling kernel, with the sampler an argument (binding 1) or a
// literal sampler (binding 3).
const sampleAnnots = `
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding %SMP%
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding %OUT%
OpDecorate %crd DescriptorSet 0
OpDecorate %crd Binding %CRD%
`

const sampleGlobals = `
%imgT = OpTypeImage %float 2D 0 0 0 1 Unknown
%smpT = OpTypeSampler
%siT = OpTypeSampledImage %imgT
%pimg = OpTypePointer UniformConstant %imgT
%psmp = OpTypePointer UniformConstant %smpT
%img = OpVariable %pimg UniformConstant
%smp = OpVariable %psmp UniformConstant
%out = OpVariable %pv4S StorageBuffer
%crd = OpVariable %pv2S StorageBuffer
`

const sampleBody = `
%pc = OpAccessChain %pv2 %crd %uint_0 %i
%c = OpLoad %v2float %pc
%im = OpLoad %imgT %img
%sm = OpLoad %smpT %smp
%si = OpSampledImage %siT %im %sm
%v = OpImageSampleExplicitLod %v4float %si %c Lod %float_0
%po = OpAccessChain %pv4 %out %uint_0 %i
OpStore %po %v
`

func sampleModule(t *testing.T, literal *uint32) []byte {
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k"}}}
	k := &refl.Kernels[0]
	k.Args = append(k.Args, spirv.Arg{Name: "img", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0})
	bind := map[string]string{"%SMP%": "1", "%OUT%": "2", "%CRD%": "3"}
	if literal != nil {
		bind = map[string]string{"%SMP%": "3", "%OUT%": "1", "%CRD%": "2"}
		refl.LiteralSamplers = []spirv.LiteralSampler{{DescriptorSet: 0, Binding: 3, Mask: *literal}}
		k.Args = append(k.Args, spirv.Arg{Name: "out", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1},
			spirv.Arg{Name: "coords", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2})
	} else {
		k.Args = append(k.Args, spirv.Arg{Name: "s", Ordinal: 1, Kind: spirv.ArgSampler, Binding: 1},
			spirv.Arg{Name: "out", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
			spirv.Arg{Name: "coords", Ordinal: 3, Kind: spirv.ArgBuffer, Binding: 3})
	}
	annots := sampleAnnots
	for k, v := range bind {
		annots = replaceAll(annots, k, v)
	}
	return imageModule(t, "", annots, sampleGlobals, sampleBody, refl)
}

func replaceAll(s, old, new string) string {
	out := ""
	for {
		i := indexOf(s, old)
		if i < 0 {
			return out + s
		}
		out += s[:i] + new
		s = s[i+len(old):]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// maskOf is the OpenCL C sampler_t bits of smp.
func maskOf(smp driver.Sampler) uint32 {
	m := map[uint32]uint32{driver.AddressNone: 0, driver.AddressClampToEdge: 2, driver.AddressClamp: 4, driver.AddressRepeat: 6, driver.AddressMirroredRepeat: 8}[smp.Addressing]
	if smp.NormalizedCoords {
		m |= 1
	}
	if smp.Filter == driver.FilterLinear {
		m |= 0x20
	} else {
		m |= 0x10
	}
	return m
}

func TestSampleImage2D(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: sampleW, Height: sampleH, Depth: 1, ArraySize: 1})
	ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{sampleW, sampleH, 1}, sampleImageBytes(), nil)
	wait(t, ev, err)
	argSpv := sampleModule(t, nil)
	for _, smp := range samplers() {
		for _, literal := range []bool{false, true} {
			name := fmt.Sprintf("norm=%v addr=%#x filter=%#x literal=%v", smp.NormalizedCoords, smp.Addressing, smp.Filter, literal)
			coords := sampleCoords(smp)
			var crd []byte
			for _, c := range coords {
				s, tt := c[0], c[1]
				if smp.NormalizedCoords {
					s, tt = s/sampleW, tt/sampleH
				}
				crd = append(crd, floatBytes(float32(s), float32(tt))...)
			}
			out := make([]byte, 16*len(coords))
			var args []driver.Arg
			outs := map[int][]byte{}
			spv := argSpv
			if literal {
				mask := maskOf(smp)
				spv = sampleModule(t, &mask)
				args = []driver.Arg{{Kind: driver.ArgImage, Image: im}, {}, {}}
				outs[1], outs[2] = out, crd
			} else {
				args = []driver.Arg{{Kind: driver.ArgImage, Image: im}, {Kind: driver.ArgSampler, Sampler: smp}, {}, {}}
				outs[2], outs[3] = out, crd
			}
			if err := imageRun(t, d, spv, uint64(len(coords)), args, outs); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got := floats(out)
			// Nearest texels are exact; lavapipe filters 8-bit
			// normalized texels in 8-bit fixed point (Vulkan leaves the
			// precision of filtering to the implementation, as OpenCL
			// does): within one step of 1/255.
			tol := 1e-6
			if smp.Filter == driver.FilterLinear {
				tol = 1.01 / 255
			}
			bad := 0
			for j, c := range coords {
				s, tt := c[0], c[1]
				if smp.NormalizedCoords {
					s, tt = float64(float32(s/sampleW)), float64(float32(tt/sampleH))
				}
				want := refSample(s, tt, smp)
				for ch := range 4 {
					if math.Abs(float64(got[4*j+ch])-want[ch]) > tol {
						if bad < 5 {
							t.Errorf("%s: at (%g, %g) texels: got %v, want %v", name, c[0], c[1], got[4*j:4*j+4], want)
						}
						bad++
						break
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s: %d of %d coordinates differ", name, bad, len(coords))
			}
		}
	}
}
