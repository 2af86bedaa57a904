package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Conversions between 64-bit integers and floats. AVX2 converts only
// 32-bit integers, so a 64-bit integer is its two halves: hi*2^32 + lo,
// the product exact in float64 and the sum rounded once.

// i64ToF64 (which uses Y2 and Y10-Y14) converts the I64 lanes (x0, x1) to float64 in place,
// correctly rounded; with odd, the sum is rounded to odd instead (so that
// a second rounding to float32 rounds once in effect: rounding to float64
// and then to float32 gave 0x1p+63 for 0x7fffffbfffffffff, whose nearest
// float is 0x1.fffffep+62).
func (g *gen) i64ToF64(x0, x1 amd64.Y, signed, odd bool) {
	a := &g.a
	const hi, lo, t, u, e = amd64.Y10, amd64.Y11, amd64.Y12, amd64.Y13, amd64.Y14
	g.narrow(hi, x0, x1, true)
	g.narrow(lo, x0, x1, false)
	a.VPXORmem(lo, lo, g.splat32(1<<31))
	if !signed {
		a.VPXORmem(hi, hi, g.splat32(1<<31))
	}
	for h, x := range []amd64.Y{x0, x1} {
		src := func(d, v amd64.Y) {
			if h == 0 {
				a.VCVTDQ2PD(d, v)
			} else {
				a.VEXTRACTI128(d, v, 1)
				a.VCVTDQ2PD(d, d)
			}
		}
		src(t, hi)
		src(u, lo)
		a.VMOVDQUload(e, g.splat64(f64bits(1<<31)))
		a.VADDPD(u, u, e) // lo, exact
		if !signed {
			a.VADDPD(t, t, e)
		}
		a.VMOVDQUload(e, g.splat64(f64bits(1<<32)))
		a.VMULPD(t, t, e) // hi*2^32, exact
		a.VADDPD(x, t, u)
		if odd {
			// e = lo - (s - hi*2^32), the exact error (|hi*2^32| >= lo
			// or hi == 0); an even s with an error moves one ulp toward it.
			a.VSUBPD(e, x, t)
			a.VSUBPD(e, u, e)
			g.zero(t)
			a.VCMPPD(u, e, t, amd64.CmpNEQOQ) // inexact
			a.VPSLLQ(t, x, 63)
			g.zero(amd64.Y2)
			a.VPCMPEQQ(t, t, amd64.Y2) // even
			a.VPAND(u, u, t)
			// The step on the bits: err < 0 gives -1 (all ones | 1), else
			// +1 (0 | 1); a negative sum's bits grow away from zero, so
			// its step's sign flips.
			a.VCMPPD(e, e, amd64.Y2, amd64.CmpLTOQ)
			if signed {
				a.VCMPPD(t, x, amd64.Y2, amd64.CmpLTOQ)
				a.VPXOR(e, e, t)
			}
			a.VPORmem(e, e, g.splat64(1))
			a.VPAND(e, e, u)
			a.VPADDQ(x, x, e)
		}
	}
}

// f64ToI64 converts the float64 lanes (x0, x1) in place to 64-bit
// integers, truncated and saturating, NaN giving 0.
func (g *gen) f64ToI64(x0, x1 amd64.Y, signed bool) {
	a := &g.a
	const t, big, hi, lo, c = amd64.Y10, amd64.Y11, amd64.Y12, amd64.Y13, amd64.Y14
	var low, top, sat uint64 // clamp to [low, top]; >= 2^63 (2^64) saturates to sat
	if signed {
		low, top, sat = f64bits(-(1 << 63)), f64bits(1<<63-1024), 1<<63-1
	} else {
		low, top, sat = f64bits(0), f64bits(1<<64-2048), 1<<64-1
	}
	limit := float64(1 << 63)
	if !signed {
		limit = 1 << 64
	}
	for _, v := range []amd64.Y{x0, x1} {
		a.VCMPPD(t, v, v, amd64.CmpORDQ)
		a.VPAND(v, v, t) // NaN -> 0
		a.VMOVDQUload(t, g.splat64(f64bits(limit)))
		a.VCMPPD(big, v, t, amd64.CmpGEOQ)
		a.VMOVDQUload(t, g.splat64(low))
		a.VMAXPD(v, v, t)
		a.VMOVDQUload(t, g.splat64(top))
		a.VMINPD(v, v, t)
		a.VROUNDPD(v, v, amd64.RoundTrunc|amd64.RoundNoExc)
		// hi = floor(v / 2^32), lo = v - hi*2^32 in [0, 2^32): both exact.
		a.VMOVDQUload(t, g.splat64(f64bits(1.0/(1<<32))))
		a.VMULPD(hi, v, t)
		a.VROUNDPD(hi, hi, amd64.RoundDown|amd64.RoundNoExc)
		a.VMOVDQUload(t, g.splat64(f64bits(1<<32)))
		a.VMULPD(lo, hi, t)
		a.VSUBPD(lo, v, lo)
		a.VMOVDQUload(c, g.splat64(f64bits(1<<31)))
		a.VSUBPD(lo, lo, c)
		if !signed {
			a.VSUBPD(hi, hi, c)
		}
		a.VCVTTPD2DQ(hi, hi)
		a.VCVTTPD2DQ(lo, lo)
		a.VPXORmem(lo, lo, g.splat32(1<<31))
		if !signed {
			a.VPXORmem(hi, hi, g.splat32(1<<31))
		}
		a.VPUNPCKLDQ(t, lo, hi)
		a.VPUNPCKHDQ(c, lo, hi)
		a.VINSERTI128(v, t, c, 1)
		a.VMOVDQUload(t, g.splat64(sat))
		a.VBLENDVPD(v, v, t, big)
	}
}

// conv64 compiles the conversions with a 64-bit integer on one side:
// SToF and UToF of I64, FToS and FToU into I64. It reports false for the
// others.
func (g *gen) conv64(o *lanes.Op) (bool, error) {
	a := &g.a
	const x0, x1 = amd64.Y0, amd64.Y1
	dk := g.kind(o.Dst)
	switch {
	case (o.Code == lanes.SToF || o.Code == lanes.UToF) && o.Kind == lanes.I64:
		g.ld64(x0, x1, o.A)
		toF32 := dk == lanes.F32
		g.i64ToF64(x0, x1, o.Code == lanes.SToF, toF32)
		if toF32 {
			a.VCVTPD2PS(x0, x0)
			a.VCVTPD2PS(x1, x1)
			a.VINSERTI128(x0, x0, x1, 1)
			g.st(o.Dst, x0)
			return true, nil
		}
		g.st64(o.Dst, x0, x1)
		return true, nil
	case (o.Code == lanes.FToS || o.Code == lanes.FToU) && dk == lanes.I64:
		if o.Kind == lanes.F32 {
			g.ld(x0, o.A)
			a.VEXTRACTI128(x1, x0, 1)
			a.VCVTPS2PD(x0, x0)
			a.VCVTPS2PD(x1, x1)
		} else {
			g.ld64(x0, x1, o.A)
		}
		if o.Imm == 64 {
			g.f64ToI64(x0, x1, o.Code == lanes.FToS)
		} else {
			g.ftoi(x0, x0, x1, o.Code == lanes.FToS, int(o.Imm))
			g.widen(x0, x1, x0, false)
		}
		g.st64(o.Dst, x0, x1)
		return true, nil
	}
	return false, nil
}
