package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Native code for the usual image ops. The image ops stay call-outs
// (goOnly: an image's format and a sampler argument are known only at
// dispatch), but a call-out of one of these runs has a fast path in
// front of it:
//
//   - ImageSize: the extent from the image's descriptor;
//   - ImageFetch (OpImageFetch, OpImageRead) and the ImageParts after
//     it: integer coordinates, zeros outside the image;
//   - ImageSample and its ImageParts: nearest and linear filtering of
//     1D, 2D, 3D and array images, normalized coordinates or not,
//     CLAMP_TO_EDGE, CLAMP (the border colour), NONE, REPEAT and
//     MIRRORED_REPEAT addressing, texel's formulas step by step (floor,
//     bounded to ±2^30, NaN to 0; a layer rounded to even);
//   - ImageTexel×4 and ImageWrite: integer coordinates, writes outside
//     the image dropped, lanes written in lane order;
//
// for the texel kinds of imagemem.go (RGBA and R of 32-bit channels,
// UNORM_INT8 and UNSIGNED_INT8; BGRA of UNORM_INT8; and texChannels,
// every other format of one channel type and 8 bytes a pixel at most,
// imagechan.go). The code tests the
// descriptors the runner made for the group (a compare or three per
// op); any other image, sampler or geometry, or an unbound one, takes
// the call-out, so the Go definition decides (and traps) as before. Both
// paths leave the frame as the Go executor would and the register cache
// empty but for the loop's pins.

// imageStart reports whether op i starts a run with native image code.
func (g *gen) imageStart(i int) bool {
	_, ok := g.imageRun(i)
	return ok
}

// imageRun is the end of the run of image ops starting at op i that has
// native code, if one does.
func (g *gen) imageRun(i int) (int, bool) {
	ops := g.p.Ops
	if i >= len(ops) || !g.calls[i] || g.group.def[i] {
		return 0, false
	}
	o := &ops[i]
	switch o.Code {
	case lanes.ImageSize:
		k := g.kind(o.Dst)
		if o.Imm2 < 0 || o.Imm2 > 2 || g.shape(o.Dst) != lanes.Uniform || (k != lanes.I32 && k != lanes.I64) {
			return 0, false
		}
		return i + 1, true
	case lanes.ImageFetch, lanes.ImageSample:
		if !g.imageCoordsOK(o) || g.shape(o.Dst) != lanes.Varying || g.kind(o.Dst).Bytes() != 4 {
			return 0, false
		}
		end := i + 1
		for end < len(ops) && ops[end].Code == lanes.ImagePart && ops[end].A == o.Dst {
			q := &ops[end]
			if !g.calls[end] || g.group.def[end] || q.M != o.M || q.Imm < 1 || q.Imm > 3 ||
				g.shape(q.Dst) != lanes.Varying || g.kind(q.Dst).Bytes() != 4 {
				return 0, false
			}
			end++
		}
		return end, true
	case lanes.ImageTexel:
		if i+4 >= len(ops) {
			return 0, false
		}
		for k := range 4 {
			t := &ops[i+k]
			if t.Code != lanes.ImageTexel || t.Imm != int64(k) || !g.calls[i+k] || g.group.def[i+k] || g.kind(t.A).Bytes() != 4 {
				return 0, false
			}
		}
		w := &ops[i+4]
		if w.Code != lanes.ImageWrite || !g.calls[i+4] || g.group.def[i+4] || !g.imageCoordsOK(w) {
			return 0, false
		}
		return i + 5, true
	}
	return 0, false
}

// imageCoords are the coordinate operands of image op o.
func imageCoords(o *lanes.Op) []lanes.Value {
	var cs []lanes.Value
	for _, v := range [3]lanes.Value{o.A, o.B, o.C} {
		if v == lanes.NoValue {
			break
		}
		cs = append(cs, v)
	}
	return cs
}

// imageCoordsOK reports whether o has one to three 32-bit coordinates.
func (g *gen) imageCoordsOK(o *lanes.Op) bool {
	cs := imageCoords(o)
	for _, v := range cs {
		if g.kind(v).Bytes() != 4 {
			return false
		}
	}
	return len(cs) > 0
}

// emitImageRun emits ops [i, end) (an imageRun): the native code, and
// the call-out where the descriptors say it does not apply.
func (g *gen) emitImageRun(i, end int) int {
	a := &g.a
	g.caching, g.deferring = false, false
	g.writeBack()
	g.cache.flush() // the code below uses every register
	g.cse.clear()
	slow, join := a.NewLabel(), a.NewLabel()
	switch o := &g.p.Ops[i]; o.Code {
	case lanes.ImageSize:
		g.imageSize(o, slow)
	case lanes.ImageFetch, lanes.ImageSample:
		g.imageRead(i, end, slow)
	case lanes.ImageTexel:
		g.imageWrite(i, slow)
	}
	g.reloadPins()
	a.JMP(join)
	a.Bind(slow)
	g.calloutExit(i, end)
	a.Bind(join)
	return end
}

// Registers of the image code.
const (
	rImg    = amd64.R9  // the image's descriptor table
	rSmp    = amd64.R11 // the sampling descriptor table
	rPix    = amd64.R8  // the pixels' base
	yPixOff = amd64.Y0  // byte offsets of the lanes' pixels
	yAct    = amd64.Y1  // the op's mask
	yIn     = amd64.Y15 // lanes whose coordinates are inside the image
	yGath   = amd64.Y14 // yIn and yAct: the lanes gathered or written
	yTmp    = amd64.Y13 // a gather's mask copy
)

// imageDesc loads the descriptor table into rImg and returns the
// displacement of region r's descriptor; the code jumps to slow unless
// the image is bound and of a kind native code has.
func (g *gen) imageDesc(r int64, slow amd64.Label) int32 {
	a := &g.a
	d := int32(r) * sizeImMem
	a.MOVQload(rImg, amd64.M(rCtx, offImages))
	a.CMPLmemImm(amd64.M(rImg, d+offImKind), texNone)
	a.Jcc(amd64.CondE, slow)
	return d
}

// imageSize is ImageSize: Dst = the extent Imm2 of a bound image.
func (g *gen) imageSize(o *lanes.Op, slow amd64.Label) {
	a := &g.a
	d := int32(o.Imm) * sizeImMem
	a.MOVQload(rImg, amd64.M(rCtx, offImages))
	a.CMPLmemImm(amd64.M(rImg, d+offImNcoord), 0) // unbound: the call-out traps
	a.Jcc(amd64.CondE, slow)
	skip := a.NewLabel()
	g.testMask(o.M) // as the Go executor: nothing without an active lane
	a.Jcc(amd64.CondE, skip)
	a.MOVLload(amd64.RAX, amd64.M(rImg, d+offImExt+4*int32(o.Imm2)))
	a.MOVQstore(g.slot(o.Dst, 0), amd64.RAX)
	a.Bind(skip)
}

// sampleGeom is an image geometry native sampling code is compiled for:
// dims spatial coordinates, then a layer if arrayed; geom is its
// imageMem.geom.
type sampleGeom struct {
	dims    int
	arrayed bool
	geom    int32
}

// sampleGeoms are the geometries of images sampled with n coordinates:
// 1D; 2D and 1D array; 2D array and 3D.
func sampleGeoms(n int) []sampleGeom {
	switch n {
	case 1:
		return []sampleGeom{{1, false, 1}}
	case 2:
		return []sampleGeom{{2, false, 2}, {1, true, 1 | 4}}
	}
	return []sampleGeom{{2, true, 2 | 4}, {3, false, 3}}
}

// imagePair is the index of the (image, sampler) pair's samplerMem.
func (g *gen) imagePair(img, smp int64) int32 {
	for j, p := range g.imgPairs {
		if p == [2]int64{img, smp} {
			return int32(j)
		}
	}
	g.imgPairs = append(g.imgPairs, [2]int64{img, smp})
	return int32(len(g.imgPairs) - 1)
}

// imageAddr computes yPixOff and yIn for integer coordinates in ys (the
// image's descriptor at d in rImg): offset Σ c·stride, inside iff every
// c <= Ext-1 unsigned.
func (g *gen) imageAddr(d int32, ys []amd64.Y) {
	a := &g.a
	a.VPCMPEQD(yIn, yIn, yIn)
	a.VPXOR(yPixOff, yPixOff, yPixOff)
	for k, c := range ys {
		a.VPBROADCASTDload(amd64.Y12, amd64.M(rImg, d+offImExtM1+4*int32(k)))
		a.VPMINUD(amd64.Y11, c, amd64.Y12)
		a.VPCMPEQD(amd64.Y11, amd64.Y11, c)
		a.VPAND(yIn, yIn, amd64.Y11)
		a.VPBROADCASTDload(amd64.Y12, amd64.M(rImg, d+offImStride+4*int32(k)))
		a.VPMULLD(c, c, amd64.Y12)
		a.VPADDD(yPixOff, yPixOff, c)
	}
}

// imageRead is ImageFetch or ImageSample at op i and its ImageParts up
// to end.
func (g *gen) imageRead(i, end int, slow amd64.Label) {
	a := &g.a
	o := &g.p.Ops[i]
	cs := imageCoords(o)
	d := g.imageDesc(o.Imm, slow)
	sample := o.Code == lanes.ImageSample
	g.mask(yAct, o.M)
	stores := a.NewLabel()
	if sample {
		s := g.imagePair(o.Imm, o.Imm2) * sizeSmMem
		a.MOVQload(rSmp, amd64.M(rCtx, offSamples))
		for _, sg := range sampleGeoms(len(cs)) {
			next, linear := a.NewLabel(), a.NewLabel()
			a.CMPLmemImm(amd64.M(rImg, d+offImGeom), sg.geom)
			a.Jcc(amd64.CondNE, next)
			a.MOVLload(amd64.RAX, amd64.M(rSmp, s+offSmMode))
			a.CMPLimm(amd64.RAX, sampleLinear)
			a.Jcc(amd64.CondE, linear)
			a.CMPLimm(amd64.RAX, sampleNearest)
			a.Jcc(amd64.CondNE, slow)
			// The lanes outside the image (CLAMP) gather nothing: the
			// zeros left decode to the border colour, (0,0,0,0) for
			// orders with alpha and (0,0,0,1) for the others, as for
			// every format.
			ys := g.imageCoordsIn(cs)
			g.nearest(d, s, sg, ys)
			g.imageAddr(d, ys)
			a.VPAND(yGath, yIn, yAct)
			a.MOVQload(rPix, amd64.M(rImg, d+offImBase))
			g.decodeTexels(d)
			a.JMP(stores)
			a.Bind(linear)
			g.linear(d, s, sg, cs)
			a.JMP(stores)
			a.Bind(next)
		}
		a.JMP(slow)
	} else {
		a.CMPLmemImm(amd64.M(rImg, d+offImNcoord), int32(len(cs)))
		a.Jcc(amd64.CondNE, slow)
		ys := g.imageCoordsIn(cs)
		g.imageAddr(d, ys)
		a.VPAND(yGath, yIn, yAct)
		a.MOVQload(rPix, amd64.M(rImg, d+offImBase))
		g.decodeTexels(d)
		for k := range 4 { // zeros outside the image
			c := amd64.Y2 + amd64.Y(k)
			a.VPAND(c, c, yIn)
		}
	}
	a.Bind(stores)
	a.VPMASKMOVDstore(g.slot(o.Dst, 0), yAct, amd64.Y2)
	for k := i + 1; k < end; k++ {
		q := &g.p.Ops[k]
		a.VPMASKMOVDstore(g.slot(q.Dst, 0), yAct, amd64.Y2+amd64.Y(q.Imm))
	}
}

// imageCoordsIn loads the coordinates cs into Y2-Y4.
func (g *gen) imageCoordsIn(cs []lanes.Value) []amd64.Y {
	ys := []amd64.Y{amd64.Y2, amd64.Y3, amd64.Y4}[:len(cs)]
	for k, c := range cs {
		g.ld(ys[k], c)
	}
	return ys
}

// Where linear samples keep their values in ctx.imgScratch: the texel
// indices i0 and i1 per spatial dimension, the layer, the corners'
// weights and the components' sums (a row of 8 lanes each).
const (
	scrI0     = 0
	scrI1     = 3
	scrLayer  = 6
	scrWeight = 7
	scrSum    = 15
)

// linear samples the texels of coordinates cs with linear filtering, as
// texel.Sampling.Sample does for the pair's descriptor at s in rSmp
// (addressing as texel.axis for CLAMP_TO_EDGE, CLAMP and NONE), into
// Y2-Y5: per dimension i0 = floor(u-0.5) clamped, i1 = i0+1 clamped and
// the weight a = frac(u-0.5); the sum over the corners (x fastest), from
// +0, of weight times texel (the border colour outside, as zeros
// decode), in float32 step by step.
func (g *gen) linear(d, s int32, sg sampleGeom, cs []lanes.Value) {
	a := &g.a
	dims, arrayed := sg.dims, sg.arrayed
	aReg := [3]amd64.Y{amd64.Y8, amd64.Y9, amd64.Y13} // the weights of i1
	scr := func(k int) amd64.Mem { return amd64.M(rCtx, offImgScratch+32*int32(k)) }
	big := a.Const32(math.Float32bits(1 << 30))
	negBig := a.Const32(math.Float32bits(-(1 << 30)))
	for k, c := range cs {
		g.ld(amd64.Y2, c)
		if arrayed && k == dims {
			g.layerIndex(d, k, amd64.Y2)
			a.VMOVDQUstore(scr(scrLayer), amd64.Y2)
			continue
		}
		g.coordU(s, k, amd64.Y2, amd64.Y12)
		a.VBROADCASTSSload(amd64.Y12, a.Const32(math.Float32bits(0.5)))
		a.VSUBPS(amd64.Y2, amd64.Y2, amd64.Y12) // u - 0.5
		a.VROUNDPS(amd64.Y3, amd64.Y2, amd64.RoundDown|amd64.RoundNoExc)
		a.VSUBPS(aReg[k], amd64.Y2, amd64.Y3) // the weight of i1
		// floorInt: NaN 0, bounded to ±2^30.
		a.VCMPPS(amd64.Y12, amd64.Y3, amd64.Y3, amd64.CmpORDQ)
		a.VANDPS(amd64.Y3, amd64.Y3, amd64.Y12)
		a.VBROADCASTSSload(amd64.Y12, negBig)
		a.VMAXPS(amd64.Y3, amd64.Y3, amd64.Y12)
		a.VBROADCASTSSload(amd64.Y12, big)
		a.VMINPS(amd64.Y3, amd64.Y3, amd64.Y12)
		a.VCVTTPS2DQ(amd64.Y3, amd64.Y3)
		a.VPBROADCASTDload(amd64.Y12, a.Const32(1))
		a.VPADDD(amd64.Y5, amd64.Y3, amd64.Y12)
		a.VPBROADCASTDload(amd64.Y10, amd64.M(rSmp, s+offSmLo+4*int32(k)))
		a.VPBROADCASTDload(amd64.Y11, amd64.M(rSmp, s+offSmHi+4*int32(k)))
		for _, y := range []amd64.Y{amd64.Y3, amd64.Y5} {
			a.VPMAXSD(y, y, amd64.Y10)
			a.VPMINSD(y, y, amd64.Y11)
		}
		g.wrapRepeat(s, k, []amd64.Y{amd64.Y3, amd64.Y5})
		for j, y := range []amd64.Y{amd64.Y3, amd64.Y5} {
			a.VMOVDQUstore(scr(scrI0+3*j+k), y)
		}
	}
	// The corners' weights: a product over the dimensions of 1-a (i0)
	// or a (i1), from x on.
	a.VBROADCASTSSload(amd64.Y12, a.Const32(math.Float32bits(1)))
	var w [3][2]amd64.Y // w[d][bit]
	for k := range dims {
		w[k][0], w[k][1] = amd64.Y2+amd64.Y(k), aReg[k]
		a.VSUBPS(w[k][0], amd64.Y12, w[k][1])
	}
	for c := range 1 << dims {
		y := w[0][c&1]
		for k := 1; k < dims; k++ {
			a.VMULPS(amd64.Y5, y, w[k][c>>k&1])
			y = amd64.Y5
		}
		a.VMOVUPSstore(scr(scrWeight+c), y)
	}
	a.VXORPS(amd64.Y2, amd64.Y2, amd64.Y2)
	for k := range 4 {
		a.VMOVUPSstore(scr(scrSum+k), amd64.Y2)
	}
	a.MOVQload(rPix, amd64.M(rImg, d+offImBase))
	for c := range 1 << dims {
		ys := []amd64.Y{amd64.Y2, amd64.Y3, amd64.Y4}[:len(cs)]
		for k := range dims {
			a.VMOVDQUload(ys[k], scr(scrI0+3*(c>>k&1)+k))
		}
		if arrayed {
			a.VMOVDQUload(ys[dims], scr(scrLayer))
		}
		g.imageAddr(d, ys)
		a.VPAND(yGath, yIn, yAct)
		g.decodeTexels(d)
		a.VMOVUPSload(amd64.Y6, scr(scrWeight+c))
		for k := range 4 {
			t := amd64.Y2 + amd64.Y(k)
			a.VMULPS(t, amd64.Y6, t)
			a.VMOVUPSload(amd64.Y7, scr(scrSum+k))
			a.VADDPS(t, amd64.Y7, t)
			if c < 1<<dims-1 {
				a.VMOVUPSstore(scr(scrSum+k), t)
			}
		}
	}
	// A NaN sum is texel's one quiet NaN.
	a.VBROADCASTSSload(amd64.Y7, a.Const32(0x7fc00000))
	for k := range 4 {
		t := amd64.Y2 + amd64.Y(k)
		a.VCMPPS(amd64.Y6, t, t, amd64.CmpUNORDQ)
		a.VBLENDVPS(t, t, amd64.Y7, amd64.Y6)
	}
}

// layerIndex turns the layer coordinate y (coordinate k) into its index,
// as texel.Sampling.Sample does: rounded to even, NaN 0, clamped to
// [0, layers-1] (the image's descriptor at d in rImg).
func (g *gen) layerIndex(d int32, k int, y amd64.Y) {
	a := &g.a
	a.VROUNDPS(y, y, amd64.RoundNearest|amd64.RoundNoExc)
	a.VCMPPS(amd64.Y12, y, y, amd64.CmpORDQ)
	a.VANDPS(y, y, amd64.Y12) // NaN: 0
	a.VXORPS(amd64.Y12, amd64.Y12, amd64.Y12)
	a.VMAXPS(y, y, amd64.Y12)
	a.VBROADCASTSSload(amd64.Y12, a.Const32(math.Float32bits(1<<30)))
	a.VMINPS(y, y, amd64.Y12)
	a.VCVTTPS2DQ(y, y)
	a.VPBROADCASTDload(amd64.Y12, amd64.M(rImg, d+offImExtM1+4*int32(k)))
	a.VPMINSD(y, y, amd64.Y12)
}

// nearest turns float coordinates ys into texel indices, as
// texel.axis does for nearest filtering with the pair's descriptor at s
// in rSmp: floor(c·scale), NaN 0, bounded to ±2^30, clamped to [lo, hi];
// a layer is rounded to even and clamped to [0, layers-1].
func (g *gen) nearest(d, s int32, sg sampleGeom, ys []amd64.Y) {
	a := &g.a
	dims, arrayed := sg.dims, sg.arrayed
	big := a.Const32(math.Float32bits(1 << 30))
	negBig := a.Const32(math.Float32bits(-(1 << 30)))
	for k, c := range ys {
		if arrayed && k == dims {
			g.layerIndex(d, k, c)
			continue
		}
		g.coordU(s, k, c, amd64.Y12)
		a.VROUNDPS(c, c, amd64.RoundDown|amd64.RoundNoExc)
		a.VCMPPS(amd64.Y12, c, c, amd64.CmpORDQ)
		a.VANDPS(c, c, amd64.Y12) // NaN: 0
		a.VBROADCASTSSload(amd64.Y12, negBig)
		a.VMAXPS(c, c, amd64.Y12)
		a.VBROADCASTSSload(amd64.Y12, big)
		a.VMINPS(c, c, amd64.Y12)
		a.VCVTTPS2DQ(c, c)
		a.VPBROADCASTDload(amd64.Y12, amd64.M(rSmp, s+offSmLo+4*int32(k)))
		a.VPMAXSD(c, c, amd64.Y12)
		a.VPBROADCASTDload(amd64.Y12, amd64.M(rSmp, s+offSmHi+4*int32(k)))
		a.VPMINSD(c, c, amd64.Y12)
		g.wrapRepeat(s, k, []amd64.Y{c})
	}
}

// coordU turns spatial coordinate k, c, into u as the pair's addressing
// says (descriptor at s in rSmp), as texel.axis: c·scale (addrClamp),
// (c-floor(c))·scale (addrRepeat), |c-2·rint(c/2)|·scale (addrMirror),
// each step rounded to float32. t is a temporary.
func (g *gen) coordU(s int32, k int, c, t amd64.Y) {
	a := &g.a
	scale, mirror := a.NewLabel(), a.NewLabel()
	a.MOVLload(amd64.RAX, amd64.M(rSmp, s+offSmAddr))
	a.CMPLimm(amd64.RAX, addrRepeat)
	a.Jcc(amd64.CondB, scale)
	a.Jcc(amd64.CondNE, mirror)
	a.VROUNDPS(t, c, amd64.RoundDown|amd64.RoundNoExc)
	a.VSUBPS(c, c, t)
	a.JMP(scale)
	a.Bind(mirror)
	a.VBROADCASTSSload(t, a.Const32(math.Float32bits(0.5)))
	a.VMULPS(t, c, t)
	a.VROUNDPS(t, t, amd64.RoundNearest|amd64.RoundNoExc)
	a.VADDPS(t, t, t) // 2·rint(c/2), exactly
	a.VSUBPS(c, c, t)
	a.VBROADCASTSSload(t, a.Const32(0x7fffffff))
	a.VANDPS(c, c, t) // |c - 2·rint(c/2)|
	a.Bind(scale)
	a.VBROADCASTSSload(t, amd64.M(rSmp, s+offSmScale+4*int32(k)))
	a.VMULPS(c, c, t)
}

// wrapRepeat wraps the texel indices ys of spatial coordinate k into
// [0, n-1] where the pair's addressing repeats (descriptor at s in
// rSmp), as texel.axis: n added below 0, taken off above n-1 (an index
// is in [-1, n]). Y10-Y12 are used.
func (g *gen) wrapRepeat(s int32, k int, ys []amd64.Y) {
	a := &g.a
	skip := a.NewLabel()
	a.CMPLmemImm(amd64.M(rSmp, s+offSmAddr), addrRepeat)
	a.Jcc(amd64.CondNE, skip)
	a.VPBROADCASTDload(amd64.Y10, amd64.M(rSmp, s+offSmN+4*int32(k)))
	a.VPXOR(amd64.Y11, amd64.Y11, amd64.Y11)
	for _, y := range ys {
		a.VPCMPGTD(amd64.Y12, amd64.Y10, y)       // y <= n-1
		a.VPANDN(amd64.Y12, amd64.Y12, amd64.Y10) // n where not
		a.VPSUBD(y, y, amd64.Y12)
		a.VPCMPGTD(amd64.Y12, amd64.Y11, y) // y < 0
		a.VPAND(amd64.Y12, amd64.Y12, amd64.Y10)
		a.VPADDD(y, y, amd64.Y12)
	}
	a.Bind(skip)
}

// gatherWords gathers the 32-bit words at rPix + index + disp of the
// lanes of yGath into dst (0 in the others).
func (g *gen) gatherWords(dst, index amd64.Y, disp int32) {
	a := &g.a
	a.VPXOR(dst, dst, dst)
	a.VMOVDQU(yTmp, yGath)
	a.VPGATHERDD(dst, amd64.VMem{Base: rPix, Index: index, Scale: 1, Disp: disp}, yTmp)
}

// decodeTexels reads the texels at yPixOff of the lanes of yGath into
// Y2-Y5 (components 0-3, in the kind of the format), by the image's
// kind (descriptor at d in rImg).
func (g *gen) decodeTexels(d int32) {
	a := &g.a
	done := a.NewLabel()
	a.MOVLload(amd64.RAX, amd64.M(rImg, d+offImKind))
	c0 := amd64.Y2
	// bytes splits the word in Y6 into its four bytes, as floats c/255
	// where unorm.
	bytes := func(unorm bool) {
		a.VPBROADCASTDload(amd64.Y7, a.Const32(255))
		a.VPBROADCASTDload(amd64.Y8, a.Const32(math.Float32bits(255)))
		for k := range 4 {
			c := c0 + amd64.Y(k)
			a.VPSRLD(c, amd64.Y6, uint8(8*k))
			a.VPAND(c, c, amd64.Y7)
			if unorm {
				a.VCVTDQ2PS(c, c)
				a.VDIVPS(c, c, amd64.Y8) // float32(c)/255, as imageformat
			}
		}
	}
	// rest gives R kinds their other components: 0, 0, one.
	rest := func() {
		a.VPXOR(amd64.Y3, amd64.Y3, amd64.Y3)
		a.VPXOR(amd64.Y4, amd64.Y4, amd64.Y4)
		a.VPBROADCASTDload(amd64.Y5, amd64.M(rImg, d+offImOne))
	}
	kinds := []struct {
		kind int32
		code func()
	}{
		{texRGBA32, g.loadTexels16},
		{texRGBAUnorm8, func() { g.gatherWords(amd64.Y6, yPixOff, 0); bytes(true) }},
		{texBGRAUnorm8, func() {
			g.gatherWords(amd64.Y6, yPixOff, 0)
			bytes(true)
			a.VMOVDQU(amd64.Y6, amd64.Y2) // B, G, R, A: swap components 0 and 2
			a.VMOVDQU(amd64.Y2, amd64.Y4)
			a.VMOVDQU(amd64.Y4, amd64.Y6)
		}},
		{texRGBAUint8, func() { g.gatherWords(amd64.Y6, yPixOff, 0); bytes(false) }},
		{texR32, func() { g.gatherWords(c0, yPixOff, 0); rest() }},
		{texRUnorm8, func() { g.gatherByte(c0, d); a.VCVTDQ2PS(c0, c0); a.VDIVPS(c0, c0, amd64.Y8); rest() }},
		{texRUint8, func() { g.gatherByte(c0, d); rest() }},
		{texChannels, func() { g.callDecodeChannels(d) }},
	}
	labels := make([]amd64.Label, len(kinds))
	for j, k := range kinds {
		labels[j] = a.NewLabel()
		a.CMPLimm(amd64.RAX, k.kind)
		a.Jcc(amd64.CondE, labels[j])
	}
	a.UD2() // imageDesc let only these kinds through
	for j, k := range kinds {
		a.Bind(labels[j])
		k.code()
		a.JMP(done)
	}
	a.Bind(done)
}

// scrOffsets is the row of ctx.imgScratch where loadTexels16 keeps the
// lanes' offsets (after a linear sample's rows).
const scrOffsets = 19

// loadTexels16 reads the 16-byte texels at yPixOff of the lanes of yGath
// into Y2-Y5 (0 in the other lanes): a 16-byte load per lane (the
// others load pixel 0, which every image has) and a 4x4 transpose in
// each half, cheaper than a gather per component.
func (g *gen) loadTexels16() {
	a := &g.a
	row := func(l int) amd64.Mem { return amd64.M(rCtx, offImgScratch+32*scrOffsets+4*int32(l)) }
	a.VPAND(amd64.Y6, yPixOff, yGath)
	a.VMOVDQUstore(row(0), amd64.Y6)
	for l := range 4 {
		y := amd64.Y2 + amd64.Y(l)
		a.MOVLload(amd64.RAX, row(l))
		a.MOVLload(amd64.RCX, row(l+4))
		a.VMOVDQUloadX(y, amd64.MI(rPix, amd64.RAX, 1, 0))
		a.VINSERTI128load(y, y, amd64.MI(rPix, amd64.RCX, 1, 0), 1)
	}
	// Lanes l and l+4 hold texel l, l+4 (components 0-3); transposed,
	// register k holds component k of lanes 0-7.
	a.VPUNPCKLDQ(amd64.Y6, amd64.Y2, amd64.Y3)
	a.VPUNPCKHDQ(amd64.Y7, amd64.Y2, amd64.Y3)
	a.VPUNPCKLDQ(amd64.Y8, amd64.Y4, amd64.Y5)
	a.VPUNPCKHDQ(amd64.Y9, amd64.Y4, amd64.Y5)
	a.VPUNPCKLQDQ(amd64.Y2, amd64.Y6, amd64.Y8)
	a.VPUNPCKHQDQ(amd64.Y3, amd64.Y6, amd64.Y8)
	a.VPUNPCKLQDQ(amd64.Y4, amd64.Y7, amd64.Y9)
	a.VPUNPCKHQDQ(amd64.Y5, amd64.Y7, amd64.Y9)
	for k := range 4 {
		y := amd64.Y2 + amd64.Y(k)
		a.VPAND(y, y, yGath)
	}
}

// gatherByte reads the byte at rPix + bias + yPixOff of the lanes of yGath
// into dst, zero-extended, from the aligned word that holds it (the
// image's descriptor at d in rImg); Y8 is
// left 255.0f for the UNORM_INT8 kind.
func (g *gen) gatherByte(dst amd64.Y, d int32) {
	a := &g.a
	a.VPBROADCASTDload(amd64.Y7, amd64.M(rImg, d+offImBias))
	a.VPADDD(amd64.Y6, yPixOff, amd64.Y7)
	a.VPBROADCASTDload(amd64.Y7, a.Const32(3))
	a.VPAND(amd64.Y9, amd64.Y6, amd64.Y7) // byte in the word
	a.VPSLLD(amd64.Y9, amd64.Y9, 3)
	a.VPANDN(amd64.Y6, amd64.Y7, amd64.Y6) // the word's offset
	g.gatherWords(dst, amd64.Y6, 0)
	a.VPSRLVD(dst, dst, amd64.Y9)
	a.VPBROADCASTDload(amd64.Y7, a.Const32(255))
	a.VPAND(dst, dst, amd64.Y7)
	a.VPBROADCASTDload(amd64.Y8, a.Const32(math.Float32bits(255)))
}

// imageWrite is ImageTexel×4 (ops i to i+3) and the ImageWrite after
// them.
func (g *gen) imageWrite(i int, slow amd64.Label) {
	a := &g.a
	w := &g.p.Ops[i+4]
	cs := imageCoords(w)
	d := g.imageDesc(w.Imm, slow)
	a.CMPLmemImm(amd64.M(rImg, d+offImNcoord), int32(len(cs)))
	a.Jcc(amd64.CondNE, slow)
	ys := []amd64.Y{amd64.Y2, amd64.Y3, amd64.Y4}[:len(cs)]
	for k, c := range cs {
		g.ld(ys[k], c)
	}
	g.imageAddr(d, ys)
	g.mask(yAct, w.M)
	a.VPAND(yGath, yIn, yAct)
	done := a.NewLabel()
	a.VMOVMSKPS(rBits, yGath)
	a.TESTL(rBits, rBits)
	a.Jcc(amd64.CondE, done)
	a.MOVQload(rPix, amd64.M(rImg, d+offImBase))
	for k := range 4 {
		g.ld(amd64.Y2+amd64.Y(k), g.p.Ops[i+k].A)
	}
	scr := func(k int32) amd64.Mem { return amd64.M(rCtx, offImgScratch+32*k) }
	lane := func(k int32) amd64.Mem { return amd64.MI(rCtx, rLane, 4, offImgScratch+32*k) }
	// words stores the lanes' words Y2 (and Y3-Y5 if n is 4) of size
	// bytes (4 or 1) each at their offsets, lane by lane.
	words := func(n int, size int) {
		a.VMOVDQUstore(scr(0), yPixOff)
		for k := range n {
			a.VMOVDQUstore(scr(int32(k+1)), amd64.Y2+amd64.Y(k))
		}
		g.eachSetLane(func() {
			a.MOVLload(amd64.RAX, lane(0))
			for k := range n {
				a.MOVLload(amd64.RCX, lane(int32(k+1)))
				if size == 1 {
					a.MOVBstore(amd64.MI(rPix, amd64.RAX, 1, 0), amd64.RCX)
				} else {
					a.MOVLstore(amd64.MI(rPix, amd64.RAX, 1, 4*int32(k)), amd64.RCX)
				}
			}
		})
	}
	// unorm8 converts Y2-Y5 (floats) as imageformat.Write does for
	// UNORM_INT8: x*255 rounded to even, saturated, NaN 0.
	unorm8 := func(n int) {
		a.VPBROADCASTDload(amd64.Y7, a.Const32(math.Float32bits(255)))
		a.VXORPS(amd64.Y8, amd64.Y8, amd64.Y8)
		for k := range n {
			c := amd64.Y2 + amd64.Y(k)
			a.VMULPS(c, c, amd64.Y7)
			a.VMAXPS(c, c, amd64.Y8) // NaN: 0
			a.VMINPS(c, c, amd64.Y7)
			a.VCVTPS2DQ(c, c) // MXCSR's round to nearest even
		}
	}
	// uint8 saturates Y2-Y5 (unsigned) to 255.
	uint8s := func(n int) {
		a.VPBROADCASTDload(amd64.Y7, a.Const32(255))
		for k := range n {
			c := amd64.Y2 + amd64.Y(k)
			a.VPMINUD(c, c, amd64.Y7)
		}
	}
	// pack puts the four bytes Y2-Y5 in the word Y2.
	pack := func() {
		for k := 1; k < 4; k++ {
			c := amd64.Y2 + amd64.Y(k)
			a.VPSLLD(c, c, uint8(8*k))
			a.VPOR(amd64.Y2, amd64.Y2, c)
		}
	}
	// bias moves the offsets of an 8-bit R kind to the real pixels.
	bias := func() {
		a.VPBROADCASTDload(amd64.Y7, amd64.M(rImg, d+offImBias))
		a.VPADDD(yPixOff, yPixOff, amd64.Y7)
	}
	kinds := []struct {
		kind int32
		code func()
	}{
		{texRGBA32, func() { words(4, 4) }},
		{texRGBAUnorm8, func() { unorm8(4); pack(); words(1, 4) }},
		{texBGRAUnorm8, func() {
			unorm8(4)
			a.VMOVDQU(amd64.Y6, amd64.Y2) // R, G, B, A to B, G, R, A
			a.VMOVDQU(amd64.Y2, amd64.Y4)
			a.VMOVDQU(amd64.Y4, amd64.Y6)
			pack()
			words(1, 4)
		}},
		{texRGBAUint8, func() { uint8s(4); pack(); words(1, 4) }},
		{texR32, func() { words(1, 4) }},
		{texRUnorm8, func() { unorm8(1); bias(); words(1, 1) }},
		{texRUint8, func() { uint8s(1); bias(); words(1, 1) }},
		{texChannels, func() { g.encodeChannels(descAt{rImg, d}); g.storeChannels(descAt{rImg, d}) }},
	}
	a.MOVLload(amd64.RAX, amd64.M(rImg, d+offImKind))
	labels := make([]amd64.Label, len(kinds))
	for j, k := range kinds {
		labels[j] = a.NewLabel()
		a.CMPLimm(amd64.RAX, k.kind)
		a.Jcc(amd64.CondE, labels[j])
	}
	a.UD2()
	for j, k := range kinds {
		a.Bind(labels[j])
		k.code()
		a.JMP(done)
	}
	a.Bind(done)
}
