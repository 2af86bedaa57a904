package jit

import (
	"math"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/driver/imageformat"
)

// What native image code (image.go) reads of the images and samplers
// bound to a group. The code tests these descriptors at every op: an
// image whose format it has no code for, or a sampler it does not
// sample with, gives a descriptor of kind 0 and the op is called out to
// the lane tier's Go definition, so every binding stays correct.

// Texel kinds: the pixel formats native code decodes and encodes.
const (
	texNone       = iota // no native code: call out
	texRGBA32            // CL_RGBA of FLOAT, SIGNED_INT32, UNSIGNED_INT32: 16 bytes, no conversion
	texRGBAUnorm8        // CL_RGBA, CL_UNORM_INT8
	texRGBAUint8         // CL_RGBA, CL_UNSIGNED_INT8
	texR32               // CL_R of FLOAT, SIGNED_INT32, UNSIGNED_INT32
	texRUnorm8           // CL_R, CL_UNORM_INT8
	texRUint8            // CL_R, CL_UNSIGNED_INT8
	texBGRAUnorm8        // CL_BGRA, CL_UNORM_INT8 (bytes B, G, R, A)
	// texChannels is every other format of 1, 2, 4 or 8 bytes a pixel
	// whose channels are one 8-, 16- or 32-bit type (imagechan.go): the
	// channel type, and where each component's channel lies, are the
	// descriptor's (imageMem.ch), not the code's.
	texChannels
)

// imageMem is one image region's descriptor.
type imageMem struct {
	// base is the address of the pixels, rounded down to 4 bytes for the
	// 8-bit R kinds (whose texels are read as the aligned word holding
	// them: such a word never crosses a page), bias what was taken off.
	base uint64
	kind int32 // a tex* kind
	// geom is the image's geometry, dims | arrayed<<2 (texel.Geometry),
	// and ncoord its number of coordinates (dims, plus one if arrayed).
	geom, ncoord int32
	bias         int32
	extM1        [3]uint32 // Ext[d]-1: a coordinate c is inside iff c <= extM1 unsigned
	stride       [3]int32  // bytes from a pixel to its neighbour along x, y, z
	ext          [3]uint32 // texel.Image.Ext (ImageSize)
	one          uint32    // the alpha an R kind reads: 1.0f or 1
	ch           chanMem   // texChannels: the channel layout and conversion
}

// samplerMem is the descriptor of one (image, sampler) pair that a
// program samples with: how its filtering addresses the texels.
type samplerMem struct {
	mode int32 // 0: call out; sampleNearest or sampleLinear
	// addr is how a spatial coordinate s becomes u: addrClamp s·scale,
	// addrRepeat (s-floor(s))·scale, addrMirror |s-2·rint(s/2)|·scale
	// (REPEAT and MIRRORED_REPEAT have normalized coordinates).
	addr int32
	// scale multiplies a spatial coordinate (the image's size for
	// normalized coordinates, else 1): u. Texel indices are floor(u)
	// (nearest) or floor(u-0.5) and the next (linear) clamped to [lo,
	// hi] (CLAMP: one texel beyond each edge, the border colour); with
	// addrRepeat then wrapped: n added below 0, taken off above n-1.
	scale  [3]float32
	lo, hi [3]int32
	n      [3]int32
}

// Sampling modes (samplerMem.mode) with native code.
const (
	sampleNearest = 1
	sampleLinear  = 2 // of float and normalized formats (integer ones filter nearest)
)

// Addressing (samplerMem.addr): the coordinate's transform before scaling.
const (
	addrClamp  = 0 // CLAMP_TO_EDGE, CLAMP, NONE; REPEAT and MIRRORED_REPEAT without normalized coordinates
	addrRepeat = 1
	addrMirror = 2
)

// Descriptor field offsets the code uses.
var (
	offImBase   = int32(unsafe.Offsetof(imageMem{}.base))
	offImKind   = int32(unsafe.Offsetof(imageMem{}.kind))
	offImGeom   = int32(unsafe.Offsetof(imageMem{}.geom))
	offImNcoord = int32(unsafe.Offsetof(imageMem{}.ncoord))
	offImBias   = int32(unsafe.Offsetof(imageMem{}.bias))
	offImExtM1  = int32(unsafe.Offsetof(imageMem{}.extM1))
	offImStride = int32(unsafe.Offsetof(imageMem{}.stride))
	offImExt    = int32(unsafe.Offsetof(imageMem{}.ext))
	offImOne    = int32(unsafe.Offsetof(imageMem{}.one))
	offImCh     = int32(unsafe.Offsetof(imageMem{}.ch))
	sizeImMem   = int32(unsafe.Sizeof(imageMem{}))

	offSmMode  = int32(unsafe.Offsetof(samplerMem{}.mode))
	offSmAddr  = int32(unsafe.Offsetof(samplerMem{}.addr))
	offSmN     = int32(unsafe.Offsetof(samplerMem{}.n))
	offSmScale = int32(unsafe.Offsetof(samplerMem{}.scale))
	offSmLo    = int32(unsafe.Offsetof(samplerMem{}.lo))
	offSmHi    = int32(unsafe.Offsetof(samplerMem{}.hi))
	sizeSmMem  = int32(unsafe.Sizeof(samplerMem{}))
)

// texelKind is the kind of format f (texNone where native code has none)
// and the alpha its R kinds read.
func texelKind(f driver.ImageFormat) (int32, uint32) {
	one := uint32(1)
	if imageformat.KindOf(f.DataType) == imageformat.KindFloat {
		one = math.Float32bits(1)
	}
	wide := f.DataType == imageformat.Float || f.DataType == imageformat.SignedInt32 || f.DataType == imageformat.UnsignedInt32
	switch f.Order {
	case imageformat.RGBA:
		switch {
		case wide:
			return texRGBA32, one
		case f.DataType == imageformat.UnormInt8:
			return texRGBAUnorm8, one
		case f.DataType == imageformat.UnsignedInt8:
			return texRGBAUint8, one
		}
	case imageformat.BGRA:
		if f.DataType == imageformat.UnormInt8 {
			return texBGRAUnorm8, one
		}
	case imageformat.R:
		switch {
		case wide:
			return texR32, one
		case f.DataType == imageformat.UnormInt8:
			return texRUnorm8, one
		case f.DataType == imageformat.UnsignedInt8:
			return texRUint8, one
		}
	}
	if _, ok := chanOf(f); ok {
		return texChannels, one
	}
	return texNone, one
}

// elemOf is the bytes of a pixel of kind k.
func elemOf(k int32) int {
	switch k {
	case texRGBA32:
		return 16
	case texRUnorm8, texRUint8:
		return 1
	}
	return 4
}

// describeImage is im's descriptor (kind texNone: native code calls out).
func describeImage(im *texel.Image) imageMem {
	var d imageMem
	if im == nil {
		return d
	}
	kind, one := texelKind(im.Format)
	elem := elemOf(kind)
	var ch chanMem
	if kind == texChannels {
		ch = chanLayout(im.Format, one)
		elem = int(ch.elem)
	}
	dims, arrayed := texel.Geometry(im.Type)
	d.geom, d.ncoord = int32(dims), int32(dims)
	if arrayed {
		d.geom |= 4
		d.ncoord++
	}
	for i := range 3 {
		d.ext[i] = uint32(im.Ext[i])
	}
	n := im.Ext[0] * im.Ext[1] * im.Ext[2]
	// Offsets must fit the gathers' signed 32-bit indices.
	if kind == texNone || im.Elem != elem || n <= 0 || len(im.Data) < n*im.Elem || len(im.Data) > math.MaxInt32-64 {
		return d
	}
	base := uint64(uintptr(unsafe.Pointer(unsafe.SliceData(im.Data))))
	// texChannels reads the aligned words that hold a pixel: a pixel of
	// 2 bytes must not straddle two, one of 4 or 8 must start one.
	if kind == texChannels && base%uint64(min(elem, 4)) != 0 {
		return d
	}
	d.kind, d.one, d.ch = kind, one, ch
	if kind == texRUnorm8 || kind == texRUint8 || kind == texChannels {
		d.bias = int32(base & 3)
		base &^= 3
	}
	d.base = base
	stride := im.Elem
	for i := range 3 {
		d.extM1[i] = uint32(im.Ext[i] - 1)
		d.stride[i] = int32(stride)
		stride *= im.Ext[i]
	}
	return d
}

// describeSampling is the descriptor of sampling im with smp, whose
// texel kind native code has (mode 0 otherwise).
func describeSampling(im *texel.Image, smp *driver.Sampler) samplerMem {
	var d samplerMem
	if im == nil || smp == nil {
		return d
	}
	if k, _ := texelKind(im.Format); k == texNone {
		return d
	}
	linear := smp.Filter == driver.FilterLinear && imageformat.KindOf(im.Format.DataType) == imageformat.KindFloat
	mode := smp.Addressing
	if !smp.NormalizedCoords && (mode == driver.AddressRepeat || mode == driver.AddressMirroredRepeat) {
		mode = driver.AddressClampToEdge // as texel.axis: undefined in OpenCL
	}
	switch mode {
	case driver.AddressClampToEdge, driver.AddressClamp, driver.AddressNone:
	case driver.AddressRepeat:
		d.addr = addrRepeat
	case driver.AddressMirroredRepeat:
		d.addr = addrMirror
	default:
		return d
	}
	d.mode = sampleNearest
	if linear {
		d.mode = sampleLinear
	}
	for i := range 3 {
		d.scale[i] = 1
		if smp.NormalizedCoords {
			d.scale[i] = float32(im.Ext[i])
		}
		d.n[i] = int32(im.Ext[i])
		d.lo[i], d.hi[i] = 0, int32(im.Ext[i]-1)
		switch {
		case mode == driver.AddressClamp:
			d.lo[i], d.hi[i] = -1, int32(im.Ext[i])
		case d.addr == addrRepeat:
			// u is in [0, n] (NaN: 0), so floor(u) in [0, n] and
			// floor(u-0.5) in [-1, n-1]: the wrap alone brings them in.
			d.lo[i], d.hi[i] = math.MinInt32, math.MaxInt32
		}
		// addrMirror: u is in [0, n], so [0, n-1] is texel.axis's
		// min(floor(u), n-1), and max(floor(u-0.5), 0) and
		// min(floor(u-0.5)+1, n-1).
	}
	return d
}

// setImages fills the runner's image and sampling descriptors for group
// g, where its bindings differ from the last group's.
func (r *runner) setImages(g *lanes.Group) {
	p := r.k.p
	if r.images == nil {
		r.images = make([]imageMem, len(p.Regions))
		r.imgOf = make([]boundImage, len(p.Regions))
		r.samples = make([]samplerMem, len(r.k.pairs)+1)
		r.smpOf = make([]driver.Sampler, len(r.k.pairs))
		r.smpSet = make([]bool, len(r.k.pairs))
		r.ctx.images = uintptr(unsafe.Pointer(unsafe.SliceData(r.images)))
		r.ctx.samples = uintptr(unsafe.Pointer(unsafe.SliceData(r.samples)))
	}
	changed := false
	for i, rg := range p.Regions {
		if rg.Kind != lanes.RegionImage {
			continue
		}
		var im *texel.Image
		if i < len(g.Images) {
			im = g.Images[i]
		}
		b := boundOf(im)
		if b == r.imgOf[i] {
			continue
		}
		r.imgOf[i] = b
		r.images[i] = describeImage(im)
		changed = true
	}
	for j, pr := range r.k.pairs {
		var smp *driver.Sampler
		if int(pr[1]) < len(g.Samplers) {
			smp = g.Samplers[pr[1]]
		}
		if !changed && r.smpSet[j] == (smp != nil) && (smp == nil || *smp == r.smpOf[j]) {
			continue
		}
		r.smpSet[j] = smp != nil
		if smp != nil {
			r.smpOf[j] = *smp
		}
		var im *texel.Image
		if int(pr[0]) < len(g.Images) {
			im = g.Images[pr[0]]
		}
		r.samples[j] = describeSampling(im, smp)
	}
}

// boundImage is what an image descriptor is made from: the runner
// describes a group's image again only where this changed (compared by
// value: a *texel.Image may be a new image at an old address).
type boundImage struct {
	bound  bool
	typ    driver.ImageType
	format driver.ImageFormat
	elem   int
	ext    [3]int
	data   uintptr // an address only: the runner keeps no image alive
	n      int
}

// boundOf is im's boundImage (nil: unbound).
func boundOf(im *texel.Image) boundImage {
	if im == nil {
		return boundImage{}
	}
	return boundImage{bound: true, typ: im.Type, format: im.Format, elem: im.Elem, ext: im.Ext,
		data: uintptr(unsafe.Pointer(unsafe.SliceData(im.Data))), n: len(im.Data)}
}
