package vulkan

import (
	"math"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// read_imagef(img, sampler, (float4)coord) of an image3d_t and of an
// image2d_array_t (whose layer coordinate is not normalized and rounds to
// the nearest even layer, clamped), nearest filtering.

func texel3(x, y, z int) [4]byte {
	return [4]byte{byte(x*60 + y*10 + 5), byte(250 - x*50 - y*7), byte(z*100 + y*3), byte(200 + x + y + z)}
}

func sample3DModule(t *testing.T, arrayed bool) []byte {
	imgT := "%imgT = OpTypeImage %float 3D 0 0 0 1 Unknown"
	if arrayed {
		imgT = "%imgT = OpTypeImage %float 2D 0 1 0 1 Unknown"
	}
	globals := imgT + `
%smpT = OpTypeSampler
%siT = OpTypeSampledImage %imgT
%pimg = OpTypePointer UniformConstant %imgT
%psmp = OpTypePointer UniformConstant %smpT
%img = OpVariable %pimg UniformConstant
%smp = OpVariable %psmp UniformConstant
%out = OpVariable %pv4S StorageBuffer
%crd = OpVariable %pv4S StorageBuffer
`
	body := `
%pc = OpAccessChain %pv4 %crd %uint_0 %i
%c4 = OpLoad %v4float %pc
%c = OpVectorShuffle %v3float %c4 %c4 0 1 2
%im = OpLoad %imgT %img
%sm = OpLoad %smpT %smp
%si = OpSampledImage %siT %im %sm
%v = OpImageSampleExplicitLod %v4float %si %c Lod %float_0
%po = OpAccessChain %pv4 %out %uint_0 %i
OpStore %po %v
`
	annots := replaceAll(replaceAll(replaceAll(sampleAnnots, "%SMP%", "1"), "%OUT%", "2"), "%CRD%", "3")
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{
		{Name: "img", Ordinal: 0, Kind: spirv.ArgROImage, Binding: 0},
		{Name: "s", Ordinal: 1, Kind: spirv.ArgSampler, Binding: 1},
		{Name: "out", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
		{Name: "coords", Ordinal: 3, Kind: spirv.ArgBuffer, Binding: 3}}}}}
	return imageModule(t, "", annots, globals, body, refl)
}

func TestSampleImage3DAndArray(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	const w, h, n = 4, 3, 3
	var px []byte
	for z := range n {
		for y := range h {
			for x := range w {
				t := texel3(x, y, z)
				px = append(px, t[:]...)
			}
		}
	}
	smp := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}
	for _, arrayed := range []bool{false, true} {
		desc := driver.ImageDesc{Type: driver.Image3D, Format: rgba8, Width: w, Height: h, Depth: n, ArraySize: 1}
		if arrayed {
			desc = driver.ImageDesc{Type: driver.Image2DArray, Format: rgba8, Width: w, Height: h, Depth: 1, ArraySize: n}
		}
		im := mustImage(t, d, desc)
		ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{w, h, n}, px, nil)
		wait(t, ev, err)
		// (u, v, third) in texels; the third is a normalized depth for
		// 3D (times n) and a layer for arrays.
		coords := [][3]float64{{0.5, 0.5, 0.5}, {3.2, 2.9, 2.7}, {-1, 1.5, 1.5}, {2.5, 7, 2.5}, {1.7, 0.2, -3}, {1.1, 1.1, 0.6}, {1.1, 1.1, 0.4}}
		var crd []byte
		for _, c := range coords {
			crd = append(crd, floatBytes(float32(c[0]/w), float32(c[1]/h), float32(c[2]/n), 0)...)
			if arrayed {
				crd = append(crd[:len(crd)-16], floatBytes(float32(c[0]/w), float32(c[1]/h), float32(c[2]), 0)...)
			}
		}
		out := make([]byte, 16*len(coords))
		if err := imageRun(t, d, sample3DModule(t, arrayed), uint64(len(coords)), []driver.Arg{{Kind: driver.ArgImage, Image: im}, {Kind: driver.ArgSampler, Sampler: smp}, {}, {}},
			map[int][]byte{2: out, 3: crd}); err != nil {
			t.Fatal(err)
		}
		got := floats(out)
		for j, c := range coords {
			x := nearestIndex(float64(float32(c[0]/w)), w, smp)
			y := nearestIndex(float64(float32(c[1]/h)), h, smp)
			z := nearestIndex(float64(float32(c[2]/n)), n, smp)
			if arrayed {
				z = clampInt64(int(math.RoundToEven(c[2])), 0, n-1)
			}
			tx := texel3(x, y, z)
			for ch := range 4 {
				if math.Abs(float64(got[4*j+ch])-float64(tx[ch])/255) > 1e-6 {
					t.Errorf("%s at %v: got %v, want texel (%d,%d,%d) = %v", map[bool]string{false: "3D", true: "2D array"}[arrayed], c, got[4*j:4*j+4], x, y, z, tx)
					break
				}
			}
		}
	}
}
