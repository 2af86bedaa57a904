package lanes

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
)

// imageRegs is the Go executor's texel register (ir.go's image ops):
// component k of lane l at tex[k][l].
type imageRegs struct {
	tex [4][64]uint32
}

// imageOf is the image bound to region r, or nil.
func (e *Exec) imageOf(r int64) *texel.Image {
	if r < int64(len(e.g.Images)) {
		return e.g.Images[r]
	}
	return nil
}

// samplerOf is the sampler bound to region r, or nil.
func (e *Exec) samplerOf(r int64) *driver.Sampler {
	if r < int64(len(e.g.Samplers)) {
		return e.g.Samplers[r]
	}
	return nil
}

// coord reads coordinate operand w of lane l as 32 bits (0 for none).
func coord(f []uint64, w int32, uni bool, l int) uint32 {
	if w < 0 {
		return 0
	}
	if uni {
		return uint32(f[w])
	}
	return *(*uint32)(unsafe.Add(unsafe.Pointer(&f[w]), 4*l))
}

// put32 writes lane l of a Varying 32-bit row.
func put32(f []uint64, w int32, l int, v uint32) {
	*(*uint32)(unsafe.Add(unsafe.Pointer(&f[w]), 4*l)) = v
}

// image runs an image op on chunk c.
func (e *Exec) image(c int, f []uint64, o *xop, pc int) *Trap {
	t := &e.imgRegs.tex
	if o.code == ImageTexel { // no mask: every lane
		for l := range e.C {
			t[o.imm][l] = coord(f, o.a, o.ua, l)
		}
		return nil
	}
	m := e.maskOf(f, o.m, o.um)
	if m == 0 {
		return nil
	}
	unbound := func(r int64) *Trap {
		return &Trap{Code: TrapUnbound, Op: pc, Lane: c*e.C + bits.TrailingZeros64(m), Region: int(r)}
	}
	switch o.code {
	case ImagePart:
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			put32(f, o.d, l, t[o.imm][l])
		}
	case ImageSize:
		im := e.imageOf(o.imm)
		if im == nil {
			return unbound(o.imm)
		}
		f[o.d] = uint64(im.Ext[o.imm2])
	case ImageFetch, ImageWrite:
		im := e.imageOf(o.imm)
		if im == nil {
			return unbound(o.imm)
		}
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			cd := [4]int32{int32(coord(f, o.a, o.ua, l)), int32(coord(f, o.b, o.ub, l)), int32(coord(f, o.c, o.uc, l))}
			if o.code == ImageWrite {
				im.Write(cd, [4]uint32{t[0][l], t[1][l], t[2][l], t[3][l]})
				continue
			}
			v := im.Fetch(cd)
			put32(f, o.d, l, v[0])
			t[1][l], t[2][l], t[3][l] = v[1], v[2], v[3]
		}
	case ImageSample:
		im := e.imageOf(o.imm)
		if im == nil {
			return unbound(o.imm)
		}
		smp := e.samplerOf(o.imm2)
		if smp == nil {
			return unbound(o.imm2)
		}
		s := im.Sampling(*smp) // once for the chunk's lanes
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			cd := [4]float32{
				math.Float32frombits(coord(f, o.a, o.ua, l)),
				math.Float32frombits(coord(f, o.b, o.ub, l)),
				math.Float32frombits(coord(f, o.c, o.uc, l)),
			}
			v := s.Sample(cd)
			put32(f, o.d, l, v[0])
			t[1][l], t[2][l], t[3][l] = v[1], v[2], v[3]
		}
	}
	return nil
}
