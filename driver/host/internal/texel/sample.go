package texel

import (
	"math"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// floorInt is (int)floor(x), bounded so that NaN and huge values (whose
// results the specification leaves undefined) stay harmless.
func floorInt(x float32) int {
	f := math.Floor(float64(x))
	switch {
	case f != f:
		return 0
	case f > 1<<30:
		return 1 << 30
	case f < -(1 << 30):
		return -(1 << 30)
	}
	return int(f)
}

// quietNaN is a linear sample's NaN.
const quietNaN = 0x7fc00000

func frac(x float32) float32 { return x - float32(math.Floor(float64(x))) }

// axis is where one coordinate samples along a dimension of size n: the
// texels i0 (nearest) or i0 and i1 (linear) and the weight a of i1.
func axis(s float32, n int, smp driver.Sampler, linear bool) (i0, i1 int, a float32) {
	size := float32(n)
	mode := smp.Addressing
	if !smp.NormalizedCoords && (mode == driver.AddressRepeat || mode == driver.AddressMirroredRepeat) {
		mode = driver.AddressClampToEdge // undefined in OpenCL
	}
	switch mode {
	case driver.AddressRepeat:
		u := (s - float32(math.Floor(float64(s)))) * size
		if !linear {
			i := floorInt(u)
			if i > n-1 {
				i -= n
			}
			return i, i, 0
		}
		i0 = floorInt(u - 0.5)
		i1 = i0 + 1
		if i0 < 0 {
			i0 += n
		}
		if i1 > n-1 {
			i1 -= n
		}
		return i0, i1, frac(u - 0.5)
	case driver.AddressMirroredRepeat:
		m := 2 * float32(math.RoundToEven(float64(0.5*s)))
		m = float32(math.Abs(float64(s - m)))
		u := m * size
		if !linear {
			i := min(floorInt(u), n-1)
			return i, i, 0
		}
		i0 = max(floorInt(u-0.5), 0)
		i1 = min(floorInt(u-0.5)+1, n-1)
		return i0, i1, frac(u - 0.5)
	}
	u := s
	if smp.NormalizedCoords {
		u = s * size
	}
	// CLAMP keeps one texel beyond each edge (the border color);
	// CLAMP_TO_EDGE, and NONE (undefined out of range), the edge.
	lo, hi := 0, n-1
	if mode == driver.AddressClamp {
		lo, hi = -1, n
	}
	if !linear {
		i := min(max(floorInt(u), lo), hi)
		return i, i, 0
	}
	f := floorInt(u - 0.5)
	return min(max(f, lo), hi), min(max(f+1, lo), hi), frac(u - 0.5)
}

// Sampling is what sampling an image with a sampler decides once for
// every coordinate: Sample with the same image and sampler many times
// (the lanes of an op) through one Sampling.
type Sampling struct {
	im      *Image
	smp     driver.Sampler
	dims    int
	arrayed bool
	linear  bool
	border  [4]uint32
}

// Sampling prepares sampling im with smp.
func (im *Image) Sampling(smp driver.Sampler) Sampling {
	dims, arrayed := Geometry(im.Type)
	return Sampling{im: im, smp: smp, dims: dims, arrayed: arrayed,
		linear: smp.Filter == driver.FilterLinear && imageformat.KindOf(im.Format.DataType) == imageformat.KindFloat,
		border: imageformat.Border(im.Format)}
}

// Sample is OpImageSampleExplicitLod at Lod 0: the coordinates (spatial,
// then the layer of an array, never normalized: rounded to the nearest
// even and clamped) sampled with smp. Linear filtering applies to float
// and normalized formats; integer ones filter nearest.
func (im *Image) Sample(smp driver.Sampler, c [4]float32) [4]uint32 {
	s := im.Sampling(smp)
	return s.Sample(c)
}

// texel is the texel at p, the border color outside the image.
func (s *Sampling) texel(p [3]int) [4]uint32 {
	if !s.im.Inside(p) {
		return s.border
	}
	return s.im.Pixel(p[0], p[1], p[2])
}

// Sample is Image.Sample with the Sampling's image and sampler.
func (s *Sampling) Sample(c [4]float32) [4]uint32 {
	im, dims := s.im, s.dims
	var at [3]int // the layer, and dimensions the image lacks, stay put
	if s.arrayed {
		l := math.RoundToEven(float64(c[dims]))
		if l != l {
			l = 0
		}
		at[dims] = int(min(max(l, 0), float64(im.Ext[dims]-1)))
	}
	var i0, i1 [3]int
	var w [3]float32
	for d := range dims {
		i0[d], i1[d], w[d] = axis(c[d], im.Ext[d], s.smp, s.linear)
	}
	if !s.linear {
		p := at
		for d := range dims {
			p[d] = i0[d]
		}
		return s.texel(p)
	}
	// The sum over the 2^dims corners, each weighted by a or 1-a per
	// dimension, in the specification's order (x varies fastest).
	var sum [4]float32
	for corner := range 1 << dims {
		p, weight := at, float32(1)
		for d := range dims {
			if corner>>d&1 == 0 {
				p[d], weight = i0[d], weight*(1-w[d])
			} else {
				p[d], weight = i1[d], weight*w[d]
			}
		}
		t := s.texel(p)
		for i := range 4 {
			// The conversion rounds the product, so that no build (GOAMD64=v3,
			// arm64) fuses it into an FMA: native code multiplies, then adds.
			sum[i] += float32(weight * math.Float32frombits(t[i]))
		}
	}
	// A NaN sum is the one quiet NaN: which NaN operand a product or a
	// sum passes on is the compiler's choice of operand order (the
	// specification leaves NaN payloads open), so that native code
	// (driver/host/internal/jit) gives the same bits.
	var out [4]uint32
	for i := range 4 {
		out[i] = math.Float32bits(sum[i])
		if sum[i] != sum[i] {
			out[i] = quietNaN
		}
	}
	return out
}
