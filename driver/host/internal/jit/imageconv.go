package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
)

// Native code for the texChannels kind (imagechan.go): one path for all
// its formats, the layout and conversion read from the image's
// descriptor at run time.

// descAt is where an image's descriptor is: at d from register r.
type descAt struct {
	r amd64.R
	d int32
}

// m is the descriptor's field at offset off.
func (at descAt) m(off int32) amd64.Mem { return amd64.M(at.r, at.d+off) }

// bcast broadcasts the descriptor word at offset off into y.
func (g *gen) bcast(y amd64.Y, desc descAt, off int32) {
	g.a.VPBROADCASTDload(y, desc.m(off))
}

// convSwitch emits code per channel conversion: the conv of the
// descriptor at desc picks one of cases (conv -> code); other convs do
// nothing.
func (g *gen) convSwitch(desc descAt, cases map[int32]func()) {
	a := &g.a
	done := a.NewLabel()
	a.MOVLload(amd64.RAX, desc.m(offChConv))
	for _, conv := range []int32{chanRaw, chanUint, chanSint, chanNorm, chanHalf} {
		code, ok := cases[conv]
		if !ok {
			continue
		}
		next := a.NewLabel()
		a.CMPLimm(amd64.RAX, conv)
		a.Jcc(amd64.CondNE, next)
		code()
		a.JMP(done)
		a.Bind(next)
	}
	a.Bind(done)
}

// decodeChannels reads the texChannels texels at yPixOff of the lanes of
// yGath into Y2-Y5 (0 in the other lanes' channels, which decode to the
// border colour), as imageformat.Read: the pixel's first aligned word
// (and its second, for 8-byte pixels) gathered, each component's
// channel shifted out and extended, converted, and the components no
// channel holds set to 0 or alpha's 1. desc is the image's descriptor;
// Y6-Y12 and RAX are used.
func (g *gen) decodeChannels(desc descAt) {
	a := &g.a
	g.bcast(amd64.Y7, desc, offImBias)
	a.VPADDD(amd64.Y6, yPixOff, amd64.Y7) // from the aligned base
	a.VPBROADCASTDload(amd64.Y7, a.Const32(3))
	a.VPAND(amd64.Y8, amd64.Y6, amd64.Y7)
	a.VPSLLD(amd64.Y8, amd64.Y8, 3)        // the pixel's bit offset in its word
	a.VPANDN(amd64.Y9, amd64.Y7, amd64.Y6) // its word
	g.gatherWords(amd64.Y6, amd64.Y9, 0)
	one := a.NewLabel()
	a.VPXOR(amd64.Y7, amd64.Y7, amd64.Y7)
	a.CMPLmemImm(desc.m(offChElem), 8)
	a.Jcc(amd64.CondNE, one)
	g.gatherWords(amd64.Y7, amd64.Y9, 4)
	a.Bind(one)
	g.bcast(amd64.Y11, desc, offChExt)
	g.bcast(amd64.Y12, desc, offChRdMask)
	for k := range 4 {
		c := amd64.Y2 + amd64.Y(k)
		g.bcast(amd64.Y10, desc, offChWord+4*int32(k))
		a.VPBLENDVB(c, amd64.Y6, amd64.Y7, amd64.Y10)
		g.bcast(amd64.Y10, desc, offChShift+4*int32(k))
		a.VPADDD(amd64.Y10, amd64.Y10, amd64.Y8)
		a.VPSRLVD(c, c, amd64.Y10)
		a.VPSLLVD(c, c, amd64.Y11)
		a.VPSRAVD(c, c, amd64.Y11)
		a.VPAND(c, c, amd64.Y12)
	}
	g.convSwitch(desc, map[int32]func(){
		chanNorm: func() {
			// float32(c)/max, at least -1 (SNORM's most negative code).
			g.bcast(amd64.Y10, desc, offChNormMax)
			a.VBROADCASTSSload(amd64.Y11, a.Const32(math.Float32bits(-1)))
			for k := range 4 {
				c := amd64.Y2 + amd64.Y(k)
				a.VCVTDQ2PS(c, c)
				a.VDIVPS(c, c, amd64.Y10)
				a.VMAXPS(c, c, amd64.Y11)
			}
		},
		chanHalf: func() {
			for k := range 4 {
				g.halfToFloat(amd64.Y2 + amd64.Y(k))
			}
		},
	})
	for k := range 4 {
		c := amd64.Y2 + amd64.Y(k)
		g.bcast(amd64.Y10, desc, offChKeep+4*int32(k))
		a.VPAND(c, c, amd64.Y10)
		g.bcast(amd64.Y10, desc, offChDef+4*int32(k))
		a.VPOR(c, c, amd64.Y10)
	}
}

// halfToFloat widens the halves in c's dwords (zero-extended) to floats
// exactly, as imageformat.HalfToFloat32: VCVTPH2PS, whose quieting of
// a signaling NaN is undone (the float keeps the half's top payload
// bit). Y10-Y12 are used.
func (g *gen) halfToFloat(c amd64.Y) {
	a := &g.a
	a.VPBROADCASTDload(amd64.Y10, a.Const32(0x7fff))
	a.VPAND(amd64.Y10, c, amd64.Y10)
	a.VPBROADCASTDload(amd64.Y11, a.Const32(0x7c00))
	a.VPCMPGTD(amd64.Y10, amd64.Y10, amd64.Y11) // NaN
	a.VPBROADCASTDload(amd64.Y11, a.Const32(0x400000))
	a.VPAND(amd64.Y10, amd64.Y10, amd64.Y11) // the quiet bit of NaNs
	a.VPSLLD(amd64.Y11, c, 13)
	a.VPAND(amd64.Y11, amd64.Y11, amd64.Y10) // the half's top payload bit there
	a.VEXTRACTI128(amd64.Y12, c, 1)
	a.VPACKUSDW(c, c, amd64.Y12)
	a.VCVTPH2PS(c, c)
	a.VPANDN(c, amd64.Y10, c)
	a.VPOR(c, c, amd64.Y11)
}

// encodeChannels converts the components Y2-Y5 of a texChannels write
// (descriptor at d in rImg) to its channels' codes and packs them into
// the pixel's first word Y6 and second word Y7, as imageformat.Write:
// integers saturated, normalized values x·max rounded to even and
// saturated (NaN 0), halves rounded to even (a NaN is the quiet NaN of
// its sign). The components pass through scratch rows 1-4; Y8-Y12 are
// used.
func (g *gen) encodeChannels(desc descAt) {
	a := &g.a
	g.convSwitch(desc, map[int32]func(){
		chanUint: func() {
			g.bcast(amd64.Y10, desc, offChIntHi)
			for k := range 4 {
				c := amd64.Y2 + amd64.Y(k)
				a.VPMINUD(c, c, amd64.Y10)
			}
		},
		chanSint: func() {
			g.bcast(amd64.Y10, desc, offChIntLo)
			g.bcast(amd64.Y11, desc, offChIntHi)
			for k := range 4 {
				c := amd64.Y2 + amd64.Y(k)
				a.VPMAXSD(c, c, amd64.Y10)
				a.VPMINSD(c, c, amd64.Y11)
			}
		},
		chanNorm: func() {
			g.bcast(amd64.Y10, desc, offChNormMax)
			g.bcast(amd64.Y11, desc, offChNormLo)
			for k := range 4 {
				c := amd64.Y2 + amd64.Y(k)
				a.VMULPS(c, c, amd64.Y10)
				a.VCMPPS(amd64.Y12, c, c, amd64.CmpORDQ)
				a.VANDPS(c, c, amd64.Y12) // NaN: 0
				a.VMAXPS(c, c, amd64.Y11)
				a.VMINPS(c, c, amd64.Y10)
				a.VCVTPS2DQ(c, c) // MXCSR's round to nearest even
			}
		},
		chanHalf: func() {
			a.VPBROADCASTDload(amd64.Y10, a.Const32(0x80000000))
			a.VPBROADCASTDload(amd64.Y11, a.Const32(0x7fc00000))
			for k := range 4 {
				c := amd64.Y2 + amd64.Y(k)
				// A NaN is the quiet NaN of its sign (spirv.Float16Bits
				// drops the payload VCVTPS2PH would keep).
				a.VCMPPS(amd64.Y12, c, c, amd64.CmpUNORDQ)
				a.VPAND(amd64.Y9, c, amd64.Y10)
				a.VPOR(amd64.Y9, amd64.Y9, amd64.Y11)
				a.VBLENDVPS(c, c, amd64.Y9, amd64.Y12)
				a.VCVTPS2PH(c, c, 0) // to nearest even
				a.VPMOVZXWD(c, c)
			}
		},
	})
	row := func(k int32) amd64.Mem { return amd64.M(rCtx, offImgScratch+32*k) }
	for k := range 4 {
		a.VMOVDQUstore(row(int32(1+k)), amd64.Y2+amd64.Y(k))
	}
	a.VPXOR(amd64.Y6, amd64.Y6, amd64.Y6)
	a.VPXOR(amd64.Y7, amd64.Y7, amd64.Y7)
	for c := range 4 {
		a.MOVLload(amd64.RAX, desc.m(offChWcomp+4*int32(c)))
		a.SHLLimm(amd64.RAX, 5)
		a.VMOVDQUload(amd64.Y8, amd64.MI(rCtx, amd64.RAX, 1, offImgScratch+32))
		g.bcast(amd64.Y9, desc, offChWmask+4*int32(c))
		a.VPAND(amd64.Y8, amd64.Y8, amd64.Y9)
		g.bcast(amd64.Y9, desc, offChWshift+4*int32(c))
		a.VPSLLVD(amd64.Y8, amd64.Y8, amd64.Y9)
		g.bcast(amd64.Y9, desc, offChWword+4*int32(c))
		a.VPAND(amd64.Y10, amd64.Y8, amd64.Y9)
		a.VPOR(amd64.Y7, amd64.Y7, amd64.Y10)
		a.VPANDN(amd64.Y10, amd64.Y9, amd64.Y8)
		a.VPOR(amd64.Y6, amd64.Y6, amd64.Y10)
	}
}

// storeChannels writes the texChannels pixels Y6 (and Y7) at yPixOff
// (from the aligned base rPix, the bias added here) of the lanes in
// rBits, lane by lane in lane order: 1, 2, 4 or 8 bytes each.
func (g *gen) storeChannels(desc descAt) {
	a := &g.a
	row := func(k int32) amd64.Mem { return amd64.M(rCtx, offImgScratch+32*k) }
	lane := func(k int32) amd64.Mem { return amd64.MI(rCtx, rLane, 4, offImgScratch+32*k) }
	g.bcast(amd64.Y8, desc, offImBias)
	a.VPADDD(amd64.Y8, yPixOff, amd64.Y8)
	a.VMOVDQUstore(row(0), amd64.Y8)
	a.VMOVDQUstore(row(5), amd64.Y6)
	a.VMOVDQUstore(row(6), amd64.Y7)
	done := a.NewLabel()
	for _, elem := range []int32{1, 2, 4, 8} {
		next := a.NewLabel()
		a.CMPLmemImm(desc.m(offChElem), elem)
		a.Jcc(amd64.CondNE, next)
		g.eachSetLane(func() {
			a.MOVLload(amd64.RAX, lane(0))
			a.MOVLload(amd64.RCX, lane(5))
			at := amd64.MI(rPix, amd64.RAX, 1, 0)
			switch elem {
			case 1:
				a.MOVBstore(at, amd64.RCX)
			case 2:
				a.MOVWstore(at, amd64.RCX)
			default:
				a.MOVLstore(at, amd64.RCX)
			}
			if elem == 8 {
				a.MOVLload(amd64.RCX, lane(6))
				a.MOVLstore(amd64.MI(rPix, amd64.RAX, 1, 4), amd64.RCX)
			}
		})
		a.JMP(done)
		a.Bind(next)
	}
	a.UD2() // chanLayout makes no other size
	a.Bind(done)
}

// rChanDesc holds the address of a texChannels image's descriptor for
// decodeChannels' shared copy.
const rChanDesc = amd64.R10

// callDecodeChannels calls the kernel's one copy of decodeChannels
// (emitted cold on first use, returning with RET) for the image
// descriptor at d in rImg: a linear 3D sample decodes 8 corners for each
// of its two geometries, and the general path's ~700 bytes would
// otherwise be copied 18 times an op.
func (g *gen) callDecodeChannels(d int32) {
	a := &g.a
	if !g.imgaddrChanUsed {
		g.imgaddrChanUsed = true
		g.imgaddrChanSub = a.NewLabel()
		g.cold = append(g.cold, func() {
			a.Bind(g.imgaddrChanSub)
			g.decodeChannels(descAt{rChanDesc, 0})
			a.RET()
		})
	}
	a.LEAQ(rChanDesc, amd64.M(rImg, d))
	a.LEAQlabel(amd64.RCX, g.imgaddrChanSub)
	a.CALLreg(amd64.RCX)
}
