package jit

import "github.com/clgo/clgo/driver/host/internal/amd64"

// The bit scans and reversal of 32-bit values, on Y0 (scratch Y3-Y5).

// findUMsb sets each lane to the index of its highest set bit, -1 for 0:
// the exponent of the value converted exactly to float64.
func (g *gen) findUMsb(x amd64.Y) {
	a := &g.a
	const lo, hi, t = amd64.Y3, amd64.Y4, amd64.Y5
	a.VPXORmem(t, x, g.splat32(1<<31))
	a.VEXTRACTI128(hi, t, 1)
	a.VCVTDQ2PD(lo, t)
	a.VCVTDQ2PD(hi, hi)
	a.VMOVDQUload(t, g.splat64(f64bits(1<<31)))
	a.VADDPD(lo, lo, t)
	a.VADDPD(hi, hi, t)
	a.VPSRLQ(lo, lo, 52)
	a.VPSRLQ(hi, hi, 52)
	g.zero(t)
	a.VPCMPEQD(t, x, t) // x == 0: -1
	// The exponents are the low dwords of the qwords.
	a.VPSHUFD(lo, lo, 0x08) // lanes 0, 1 of each 128-bit half
	a.VPSHUFD(hi, hi, 0x08)
	a.VPERMQ(lo, lo, 0x08)
	a.VPERMQ(hi, hi, 0x08)
	a.VINSERTI128(x, lo, hi, 1)
	a.VPSUBDmem(x, x, g.splat32(1023))
	a.VPOR(x, x, t)
}

// findILsb sets each lane to the index of its lowest set bit, -1 for 0:
// the exponent of x & -x (a power of two, exact) as a float32.
func (g *gen) findILsb(x amd64.Y) {
	a := &g.a
	const t, u = amd64.Y3, amd64.Y4
	g.zero(t)
	a.VPSUBD(u, t, x)
	a.VPAND(u, u, x)
	a.VPCMPEQD(t, x, t) // x == 0: -1
	a.VCVTDQ2PS(u, u)   // 2^31 converts as -2^31: the sign is dropped below
	a.VPSRLD(u, u, 23)
	a.VPANDmem(u, u, g.splat32(0xff))
	a.VPSUBDmem(u, u, g.splat32(127))
	a.VPOR(x, u, t)
}

// bitReverse reverses the 32 bits of each lane: each byte's nibbles
// through a table, then the bytes of each dword.
func (g *gen) bitReverse(x amd64.Y) {
	a := &g.a
	const lo, hi, tab = amd64.Y3, amd64.Y4, amd64.Y5
	// rev4[n] is n's four bits reversed.
	a.VMOVDQUload(tab, a.ConstYMM([8]uint32{0x0c040800, 0x0e060a02, 0x0d050901, 0x0f070b03,
		0x0c040800, 0x0e060a02, 0x0d050901, 0x0f070b03}))
	a.VPANDmem(lo, x, g.splat32(0x0f0f0f0f))
	a.VPSRLD(hi, x, 4)
	a.VPANDmem(hi, hi, g.splat32(0x0f0f0f0f))
	a.VPSHUFB(lo, tab, lo)
	a.VPSHUFB(hi, tab, hi)
	a.VPSLLD(lo, lo, 4)
	a.VPOR(x, lo, hi) // each byte reversed
	a.VPSHUFBmem(x, x, a.ConstYMM([8]uint32{0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f,
		0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f}))
}
