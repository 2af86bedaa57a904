package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Index in two-dimensional shapes, where exactly one operand is Uniform:
// a row base plus a varying column (tile[row][lid0]: A Uniform, B
// Varying) and a varying row plus a Uniform column (tile[lid0][col]: A
// Varying, B Uniform). Both are compiled without branches on Y0-Y5 and
// RAX, RCX, RDX, R10, so they keep the register cache (cache.go), unlike
// the general form's range branch and slow path.

// indexUniformIndex compiles Index of a Varying A and a Uniform 32-bit
// B: k = B*Imm is computed once per chunk in 64 bits (exact: |B| <=
// 2^31, Imm < 2^31), then each lane is A + k as in indexConstIndex, with
// the sign of k chosen at run time. A in Y0.
//
// Lane r = A + k mod 2^32. With |k| < 2^32-1 and A not poison, the exact
// sum leaves [0, 2^32-2] iff r wrapped: for k >= 0 iff r < A (a sum of
// exactly 2^32-1 gives the poison value itself), for k < 0 iff r >= A.
// So bad = (r >= A) XOR (k >= 0 ? ones : 0), or A poison. Where |k| >=
// 2^32-1 every lane is out of range: k and the sign word are both made 0,
// which gives r = A, r >= A everywhere, every lane bad. (k = -(2^32-1)
// passes the scalar test and needs no exception: r = A+1 >= A unless A
// is poison.)
func (g *gen) indexUniformIndex(o *lanes.Op, stride int64) {
	a := &g.a
	const x, kv, sv, r = amd64.Y0, amd64.Y2, amd64.Y3, amd64.Y4
	const rK, rS, rT, rZ = amd64.RCX, amd64.RDX, amd64.RAX, amd64.R10
	g.ld(kv, o.B)
	a.VMOVDtoR(rK, kv)
	a.MOVSXD(rK, rK)
	a.IMULQimm(rK, rK, int32(stride)) // k
	a.MOVQ(rS, rK)
	a.SARQimm(rS, 63) // k < 0 ? -1 : 0
	a.MOVQ(rT, rK)
	a.XORQ(rT, rS) // |k| for k >= 0, |k|-1 for k < 0
	a.NOTQ(rS)     // k >= 0 ? -1 : 0
	a.XORL(rZ, rZ)
	a.LEAQ(rT, amd64.M(rT, 1))
	a.SHRQimm(rT, 32) // nonzero: |k| >= 2^32-1 (k >= 0) or 2^32 (k < 0)
	a.CMOVQcc(amd64.CondNE, rK, rZ)
	a.CMOVQcc(amd64.CondNE, rS, rZ)
	a.VMOVDfromR(kv, rK)
	a.VPBROADCASTD(kv, kv)
	a.VMOVDfromR(sv, rS)
	a.VPBROADCASTD(sv, sv)
	a.VPADDD(r, x, kv)
	a.VPMAXUD(kv, r, x)
	a.VPCMPEQD(kv, kv, r) // r >= A
	a.VPXOR(kv, kv, sv)   // out of range
	g.ones(sv)
	a.VPCMPEQD(sv, x, sv) // A poison
	a.VPOR(kv, kv, sv)
	a.VPOR(x, r, kv)
	g.st(o.Dst, x)
}

// indexUniformBase compiles Index of a Uniform A (a row's offset) and a
// Varying 32-bit B: in 64-bit lanes B (sign-extended) times Imm (VPMULDQ:
// exact, |B*Imm| < 2^62) plus A (zero-extended) is the exact sum, out of
// range where it is negative or above 2^32-2; bad lanes become all ones
// before the low halves are packed back into eight dwords (VSHUFPS picks
// dwords 0 and 2 of each 128-bit lane from both halves, VPERMQ puts the
// quadwords in lane order). A poison makes every lane poison. A in Y0.
func (g *gen) indexUniformBase(o *lanes.Op, stride int64) {
	a := &g.a
	const x, lo, hi, av, t, u = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	g.ld(hi, o.B)
	a.VPMOVSXDQ(lo, hi) // lanes 0-3
	a.VEXTRACTI128(hi, hi, 1)
	a.VPMOVSXDQ(hi, hi) // lanes 4-7
	s := g.splat64(uint64(stride))
	a.VPMULDQmem(lo, lo, s)
	a.VPMULDQmem(hi, hi, s)
	a.VPMOVZXDQ(av, x) // A in every quadword (broadcast)
	a.VPADDQ(lo, lo, av)
	a.VPADDQ(hi, hi, av)
	a.VMOVDQUload(av, g.splat64(1<<32-2))
	for _, h := range []amd64.Y{lo, hi} {
		a.VPCMPGTQ(t, h, av) // above 2^32-2
		g.zero(u)
		a.VPCMPGTQ(u, u, h) // negative
		a.VPOR(t, t, u)
		a.VPOR(h, h, t)
	}
	a.VSHUFPS(lo, lo, hi, 0x88)
	a.VPERMQ(lo, lo, 0xd8)
	g.ones(t)
	a.VPCMPEQD(t, x, t) // A poison
	a.VPOR(x, lo, t)
	g.st(o.Dst, x)
}

// index2D reports whether Index o takes one of the two forms above.
func (g *gen) index2D(o *lanes.Op) bool {
	if o.Kind != lanes.I32 || o.Imm <= 0 || o.Imm >= 1<<31 {
		return false
	}
	if g.p.Values[o.A].Const || g.p.Values[o.B].Const {
		return false // indexConstIndex and the constant-base form
	}
	return g.shape(o.A) != g.shape(o.B)
}
