package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// div32 computes the 32-bit divisions and remainders of Y0 by Y1 into Y0
// (Varying divisors; Uniform ones: divmagic.go).
// The quotient is trunc(a/b) computed in float64: for |a|, |b| < 2^32 the
// rounded quotient never crosses an integer, so it is exact.
func (g *gen) div32(code lanes.Code) {
	a := &g.a
	const x, y = amd64.Y0, amd64.Y1
	const alo, ahi, blo, bhi, t, q = amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9, amd64.Y10, amd64.Y11
	unsigned := code == lanes.UDiv || code == lanes.UMod
	// The operands as float64, lanes 0-3 and 4-7.
	for _, c := range []struct{ lo, hi, src amd64.Y }{{alo, ahi, x}, {blo, bhi, y}} {
		src := c.src
		if unsigned {
			a.VPXORmem(t, src, g.splat32(1<<31))
			src = t
		}
		a.VEXTRACTI128(c.hi, src, 1)
		a.VCVTDQ2PD(c.lo, src)
		a.VCVTDQ2PD(c.hi, c.hi)
		if unsigned {
			a.VMOVDQUload(t, g.splat64(f64bits(1<<31)))
			a.VADDPD(c.lo, c.lo, t)
			a.VADDPD(c.hi, c.hi, t)
		}
	}
	a.VDIVPD(alo, alo, blo)
	a.VDIVPD(ahi, ahi, bhi)
	if unsigned {
		// q in [0, 2^32-1]: floor, take 2^31 off, convert, top bit back.
		a.VMOVDQUload(t, g.splat64(f64bits(1<<31)))
		for _, v := range []amd64.Y{alo, ahi} {
			a.VROUNDPD(v, v, amd64.RoundTrunc|amd64.RoundNoExc)
			a.VSUBPD(v, v, t)
		}
	}
	a.VCVTTPD2DQ(alo, alo)
	a.VCVTTPD2DQ(ahi, ahi)
	a.VINSERTI128(q, alo, ahi, 1)
	if unsigned {
		a.VPXORmem(q, q, g.splat32(1<<31))
	}
	// b == 0 gives 0 (quotient and remainder).
	g.zero(t)
	a.VPCMPEQD(t, y, t)
	switch code {
	case lanes.UDiv, lanes.SDiv:
		// SDiv by -1: the conversion of 2^31 gives MinInt, which is -MinInt.
		a.VPANDN(x, t, q)
		return
	}
	// a - q*b; b == -1 gives 0 as it should.
	a.VPMULLD(q, q, y)
	a.VPSUBD(x, x, q)
	a.VPANDN(x, t, x)
	if code == lanes.SMod {
		g.smodAdjust(x, y, t, q)
	}
}

// popcnt32 counts the set bits of each dword of x (Y0), by nibble table
// lookups.
func (g *gen) popcnt32(x amd64.Y) {
	a := &g.a
	const lo, hi, tab, m = amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9
	a.VMOVDQUload(tab, a.ConstYMM([8]uint32{0x02010100, 0x03020201, 0x03020201, 0x04030302,
		0x02010100, 0x03020201, 0x03020201, 0x04030302}))
	a.VMOVDQUload(m, g.splat32(0x0f0f0f0f))
	a.VPAND(lo, x, m)
	a.VPSRLD(hi, x, 4)
	a.VPAND(hi, hi, m)
	a.VPSHUFB(lo, tab, lo)
	a.VPSHUFB(hi, tab, hi)
	a.VPADDD(x, lo, hi) // per byte counts (<= 8, no carries)
	// Sum the four bytes of each dword.
	a.VPSRLD(lo, x, 16)
	a.VPADDD(x, x, lo)
	a.VPSRLD(lo, x, 8)
	a.VPADDD(x, x, lo)
	a.VPANDmem(x, x, g.splat32(0x3f))
}
