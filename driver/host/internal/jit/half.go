package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// half compiles the half-float conversions (lanes' half.go: a half is an
// I32 value holding its binary16 bits) with F16C; without F16C the
// kernel is not compiled.
func (g *gen) half(o *lanes.Op) error {
	if !amd64.HasF16C() {
		return errUnsupported("the CPU has no F16C")
	}
	a := &g.a
	const x, y, t = amd64.Y0, amd64.Y1, amd64.Y3
	switch {
	case o.Code == lanes.HalfToF:
		g.ld(x, o.A)
		// Dwords to words: the halves are zero-extended, so the
		// saturating pack keeps them; lanes 4-7 go next to lanes 0-3.
		a.VEXTRACTI128(y, x, 1)
		a.VPACKUSDW(x, x, y)
		a.VCVTPH2PS(x, x)
	case o.Code == lanes.FToHalf && o.Kind == lanes.F32:
		g.ld(x, o.A)
		// A NaN becomes the quiet NaN with no payload and its sign, so
		// that it rounds to 0x7e00 with its sign (f2h), also a
		// signaling one, whose payload VCVTPS2PH would keep.
		const u = amd64.Y4
		a.VCMPPS(t, x, x, amd64.CmpUNORDQ)
		a.VPANDmem(u, x, g.splat32(0x80000000))
		a.VPORmem(u, u, g.splat32(0x7fc00000))
		a.VBLENDVPS(x, x, u, t)
		a.VCVTPS2PH(x, x, 0) // to nearest even
		a.VPMOVZXWD(x, x)
	default:
		return errUnsupported("no code to round float64 to half")
	}
	g.st(o.Dst, x)
	return nil
}
