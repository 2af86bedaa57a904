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
	const x, y = amd64.Y0, amd64.Y1
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
		g.roundHalf()
	case o.Code == lanes.FToHalf && o.Kind == lanes.F64:
		g.toOddF32(o.A)
		g.roundHalf()
	default:
		return errUnsupported("no half code")
	}
	g.st(o.Dst, x)
	return nil
}

// roundHalf rounds the floats of Y0 to halves, zero-extended into its
// dwords (Y3, Y4 are used).
func (g *gen) roundHalf() {
	a := &g.a
	const x, t, u = amd64.Y0, amd64.Y3, amd64.Y4
	// A NaN becomes the quiet NaN with no payload and its sign, so that
	// it rounds to 0x7e00 with its sign (f2h), also a signaling one,
	// whose payload VCVTPS2PH would keep.
	a.VCMPPS(t, x, x, amd64.CmpUNORDQ)
	a.VPANDmem(u, x, g.splat32(0x80000000))
	a.VPORmem(u, u, g.splat32(0x7fc00000))
	a.VBLENDVPS(x, x, u, t)
	a.VCVTPS2PH(x, x, 0) // to nearest even
	a.VPMOVZXWD(x, x)
}

// toOddF32 leaves float64 value v's lanes in Y0 as floats rounded to odd
// (lanes' f64ToHalf): rounded to nearest, and where that is not exact,
// moved toward zero if it went past v and its last bit set, so that the
// rounding to half that follows is the one that counts. NaNs stay NaNs;
// beyond float's range the largest float (odd) still rounds to infinity.
// Y0-Y7 and Y14 are used (the op runs with the register cache hidden).
func (g *gen) toOddF32(v lanes.Value) {
	a := &g.a
	abs := g.splat64(1<<63 - 1)
	g.ld64(amd64.Y0, amd64.Y1, v)
	for j := range 2 {
		f, s, ne := amd64.Y(j), amd64.Y(2+j), amd64.Y(6+j)
		a.VCVTPD2PS(s, f) // four floats in s's low half
		a.VCVTPS2PD(amd64.Y4, s)
		a.VCMPPD(ne, amd64.Y4, f, amd64.CmpNEQOQ) // inexact (NaN: no)
		a.VPANDmem(amd64.Y4, amd64.Y4, abs)
		a.VPANDmem(f, f, abs)
		a.VCMPPD(f, f, amd64.Y4, amd64.CmpLTOQ) // |v| < |rounded|: went past
	}
	g.narrow(amd64.Y4, amd64.Y0, amd64.Y1, false)
	g.narrow(amd64.Y5, amd64.Y6, amd64.Y7, false)
	a.VINSERTI128(amd64.Y0, amd64.Y2, amd64.Y3, 1)
	a.VPADDD(amd64.Y0, amd64.Y0, amd64.Y4) // one toward zero where past
	a.VPSRLD(amd64.Y5, amd64.Y5, 31)
	a.VPOR(amd64.Y0, amd64.Y0, amd64.Y5) // the sticky bit where inexact
}
