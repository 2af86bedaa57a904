//go:build amd64 && !purego

package amd64

import (
	"math"
	"testing"
	"unsafe"
)

// opCtx is the ctx of the per-instruction execution tests: three inputs
// loaded into Y1, Y2, Y3, the result stored from Y0, and RAX.
type opCtx struct {
	x, y, z, out [8]uint32
}

type v8 = [8]uint32

// opTest is one instruction run on x, y, z and its Go reference.
type opTest struct {
	name string
	emit func(a *Assembler) // Y1=x, Y2=y, Y3=z -> Y0
	ref  func(x, y, z v8) v8
}

func lanes32(f func(x, y, z uint32) uint32) func(x, y, z v8) v8 {
	return func(x, y, z v8) (r v8) {
		for i := range r {
			r[i] = f(x[i], y[i], z[i])
		}
		return r
	}
}

func lanes64(f func(x, y, z uint64) uint64) func(x, y, z v8) v8 {
	return func(x, y, z v8) (r v8) {
		for i := 0; i < 4; i++ {
			v := f(uint64(x[2*i])|uint64(x[2*i+1])<<32, uint64(y[2*i])|uint64(y[2*i+1])<<32, uint64(z[2*i])|uint64(z[2*i+1])<<32)
			r[2*i], r[2*i+1] = uint32(v), uint32(v>>32)
		}
		return r
	}
}

func lanesF32(f func(x, y, z float32) float32) func(x, y, z v8) v8 {
	return lanes32(func(x, y, z uint32) uint32 {
		return math.Float32bits(f(math.Float32frombits(x), math.Float32frombits(y), math.Float32frombits(z)))
	})
}

func lanesF64(f func(x, y, z float64) float64) func(x, y, z v8) v8 {
	return lanes64(func(x, y, z uint64) uint64 {
		return math.Float64bits(f(math.Float64frombits(x), math.Float64frombits(y), math.Float64frombits(z)))
	})
}

func b2m(b bool) uint32 {
	if b {
		return ^uint32(0)
	}
	return 0
}

func rvmT(f func(a *Assembler, d, x, y Y)) func(a *Assembler) {
	return func(a *Assembler) { f(a, Y0, Y1, Y2) }
}

var opTests = []opTest{
	{"vpaddd", rvmT((*Assembler).VPADDD), lanes32(func(x, y, _ uint32) uint32 { return x + y })},
	{"vpsubd", rvmT((*Assembler).VPSUBD), lanes32(func(x, y, _ uint32) uint32 { return x - y })},
	{"vpmulld", rvmT((*Assembler).VPMULLD), lanes32(func(x, y, _ uint32) uint32 { return x * y })},
	{"vpand", rvmT((*Assembler).VPAND), lanes32(func(x, y, _ uint32) uint32 { return x & y })},
	{"vpandn", rvmT((*Assembler).VPANDN), lanes32(func(x, y, _ uint32) uint32 { return ^x & y })},
	{"vpor", rvmT((*Assembler).VPOR), lanes32(func(x, y, _ uint32) uint32 { return x | y })},
	{"vpxor", rvmT((*Assembler).VPXOR), lanes32(func(x, y, _ uint32) uint32 { return x ^ y })},
	{"vpsllvd", func(a *Assembler) { a.VPSLLVD(Y0, Y1, Y3) }, lanes32(func(x, _, z uint32) uint32 {
		if z >= 32 {
			return 0
		}
		return x << z
	})},
	{"vpsrlvd", func(a *Assembler) { a.VPSRLVD(Y0, Y1, Y3) }, lanes32(func(x, _, z uint32) uint32 {
		if z >= 32 {
			return 0
		}
		return x >> z
	})},
	{"vpsravd", func(a *Assembler) { a.VPSRAVD(Y0, Y1, Y3) }, lanes32(func(x, _, z uint32) uint32 { return uint32(int32(x) >> min(z, 31)) })},
	{"vpslld 5", func(a *Assembler) { a.VPSLLD(Y0, Y1, 5) }, lanes32(func(x, _, _ uint32) uint32 { return x << 5 })},
	{"vpsrld 31", func(a *Assembler) { a.VPSRLD(Y0, Y1, 31) }, lanes32(func(x, _, _ uint32) uint32 { return x >> 31 })},
	{"vpsrad 7", func(a *Assembler) { a.VPSRAD(Y0, Y1, 7) }, lanes32(func(x, _, _ uint32) uint32 { return uint32(int32(x) >> 7) })},
	{"vpsradx 3", func(a *Assembler) {
		a.MOVLimm(RAX, 3)
		a.VMOVQfromR(Y4, RAX)
		a.VPSRADx(Y0, Y1, Y4)
	}, lanes32(func(x, _, _ uint32) uint32 { return uint32(int32(x) >> 3) })},
	{"vpcmpeqd", rvmT((*Assembler).VPCMPEQD), lanes32(func(x, y, _ uint32) uint32 { return b2m(x == y) })},
	{"vpcmpgtd", rvmT((*Assembler).VPCMPGTD), lanes32(func(x, y, _ uint32) uint32 { return b2m(int32(x) > int32(y)) })},
	{"vpminsd", rvmT((*Assembler).VPMINSD), lanes32(func(x, y, _ uint32) uint32 { return uint32(min(int32(x), int32(y))) })},
	{"vpminud", rvmT((*Assembler).VPMINUD), lanes32(func(x, y, _ uint32) uint32 { return min(x, y) })},
	{"vpmaxsd", rvmT((*Assembler).VPMAXSD), lanes32(func(x, y, _ uint32) uint32 { return uint32(max(int32(x), int32(y))) })},
	{"vpmaxud", rvmT((*Assembler).VPMAXUD), lanes32(func(x, y, _ uint32) uint32 { return max(x, y) })},
	{"vblendvps", func(a *Assembler) { a.VBLENDVPS(Y0, Y1, Y2, Y3) }, lanes32(func(x, y, z uint32) uint32 {
		if int32(z) < 0 {
			return y
		}
		return x
	})},
	{"vpblendvb", func(a *Assembler) { a.VPBLENDVB(Y0, Y1, Y2, Y3) }, lanes32(func(x, y, z uint32) uint32 {
		var r uint32
		for b := 0; b < 32; b += 8 {
			s := x
			if z>>(b+7)&1 != 0 {
				s = y
			}
			r |= s & (0xff << b)
		}
		return r
	})},
	{"vpermd", func(a *Assembler) { a.VPERMD(Y0, Y3, Y1) }, func(x, _, z v8) (r v8) {
		for i := range r {
			r[i] = x[z[i]&7]
		}
		return r
	}},
	{"vpshufd 0x1b", func(a *Assembler) { a.VPSHUFD(Y0, Y1, 0x1b) }, func(x, _, _ v8) v8 {
		return v8{x[3], x[2], x[1], x[0], x[7], x[6], x[5], x[4]}
	}},
	{"vpunpckldq", rvmT((*Assembler).VPUNPCKLDQ), func(x, y, _ v8) v8 {
		return v8{x[0], y[0], x[1], y[1], x[4], y[4], x[5], y[5]}
	}},
	{"vpermq 0x4e", func(a *Assembler) { a.VPERMQ(Y0, Y1, 0x4e) }, func(x, _, _ v8) v8 {
		return v8{x[4], x[5], x[6], x[7], x[0], x[1], x[2], x[3]}
	}},
	{"vextracti128+vinserti128", func(a *Assembler) {
		a.VEXTRACTI128(Y4, Y1, 1)
		a.VINSERTI128(Y0, Y2, Y4, 0)
	}, func(x, y, _ v8) v8 { return v8{x[4], x[5], x[6], x[7], y[4], y[5], y[6], y[7]} }},
	{"vpaddq", rvmT((*Assembler).VPADDQ), lanes64(func(x, y, _ uint64) uint64 { return x + y })},
	{"vpsubq", rvmT((*Assembler).VPSUBQ), lanes64(func(x, y, _ uint64) uint64 { return x - y })},
	{"vpmuludq", rvmT((*Assembler).VPMULUDQ), lanes64(func(x, y, _ uint64) uint64 { return uint64(uint32(x)) * uint64(uint32(y)) })},
	{"vpmuldq", rvmT((*Assembler).VPMULDQ), lanes64(func(x, y, _ uint64) uint64 { return uint64(int64(int32(x)) * int64(int32(y))) })},
	{"vpcmpgtq", rvmT((*Assembler).VPCMPGTQ), lanes64(func(x, y, _ uint64) uint64 {
		if int64(x) > int64(y) {
			return ^uint64(0)
		}
		return 0
	})},
	{"vpsllvq", func(a *Assembler) { a.VPSLLVQ(Y0, Y1, Y3) }, lanes64(func(x, _, z uint64) uint64 {
		if z >= 64 {
			return 0
		}
		return x << z
	})},
	{"vpsrlq 33", func(a *Assembler) { a.VPSRLQ(Y0, Y1, 33) }, lanes64(func(x, _, _ uint64) uint64 { return x >> 33 })},
	{"vpmovsxdq", func(a *Assembler) { a.VPMOVSXDQ(Y0, Y1) }, func(x, _, _ v8) (r v8) {
		for i := 0; i < 4; i++ {
			r[2*i], r[2*i+1] = x[i], uint32(int32(x[i])>>31)
		}
		return r
	}},
	{"vpmovzxdq", func(a *Assembler) { a.VPMOVZXDQ(Y0, Y1) }, func(x, _, _ v8) (r v8) {
		for i := 0; i < 4; i++ {
			r[2*i] = x[i]
		}
		return r
	}},
	{"vaddps", rvmT((*Assembler).VADDPS), lanesF32(func(x, y, _ float32) float32 { return x + y })},
	{"vsubps", rvmT((*Assembler).VSUBPS), lanesF32(func(x, y, _ float32) float32 { return x - y })},
	{"vmulps", rvmT((*Assembler).VMULPS), lanesF32(func(x, y, _ float32) float32 { return x * y })},
	{"vdivps", rvmT((*Assembler).VDIVPS), lanesF32(func(x, y, _ float32) float32 { return x / y })},
	{"vsqrtps", func(a *Assembler) { a.VSQRTPS(Y0, Y1) }, lanesF32(func(x, _, _ float32) float32 { return float32(math.Sqrt(float64(x))) })},
	{"vaddpd", rvmT((*Assembler).VADDPD), lanesF64(func(x, y, _ float64) float64 { return x + y })},
	{"vmulpd", rvmT((*Assembler).VMULPD), lanesF64(func(x, y, _ float64) float64 { return x * y })},
	{"vdivpd", rvmT((*Assembler).VDIVPD), lanesF64(func(x, y, _ float64) float64 { return x / y })},
	{"vfmadd231pd", func(a *Assembler) { a.VMOVDQU(Y0, Y3); a.VFMADD231PD(Y0, Y1, Y2) }, lanesF64(math.FMA)},
	{"vfmadd213pd", func(a *Assembler) { a.VMOVDQU(Y0, Y1); a.VFMADD213PD(Y0, Y2, Y3) }, lanesF64(func(x, y, z float64) float64 { return math.FMA(y, x, z) })},
	{"vcmpps lt", func(a *Assembler) { a.VCMPPS(Y0, Y1, Y2, CmpLTOS) }, lanesF32Mask(func(x, y float32) bool { return x < y })},
	{"vcvtdq2ps", func(a *Assembler) { a.VCVTDQ2PS(Y0, Y1) }, lanes32(func(x, _, _ uint32) uint32 { return math.Float32bits(float32(int32(x))) })},
	{"vcvttps2dq", func(a *Assembler) { a.VCVTTPS2DQ(Y0, Y2) }, lanes32(func(_, y, _ uint32) uint32 {
		f := math.Float32frombits(y)
		if f != f || f >= 1<<31 || f < -(1<<31) {
			return 0x80000000
		}
		return uint32(int32(f))
	})},
	{"vroundps down", func(a *Assembler) { a.VROUNDPS(Y0, Y2, RoundDown) }, lanesF32(func(_, y, _ float32) float32 { return float32(math.Floor(float64(y))) })},
	{"vpaddd const", func(a *Assembler) { a.VPADDDmem(Y0, Y1, a.ConstYMM(v8{1, 2, 3, 4, 5, 6, 7, 0x80000000})) }, func(x, _, _ v8) v8 {
		c := v8{1, 2, 3, 4, 5, 6, 7, 0x80000000}
		for i := range x {
			x[i] += c[i]
		}
		return x
	}},
	{"vpbroadcastd const", func(a *Assembler) { a.VPBROADCASTDload(Y0, a.Const32(0xdeadbeef)) }, func(_, _, _ v8) v8 {
		return v8{0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef}
	}},
}

func lanesF32Mask(f func(x, y float32) bool) func(x, y, z v8) v8 {
	return lanes32(func(x, y, _ uint32) uint32 { return b2m(f(math.Float32frombits(x), math.Float32frombits(y))) })
}

// opInputs are the inputs every opTest runs on: edge values of each lane
// kind (as int32, as float32 and as int64/float64 pairs).
var opInputs = []opCtx{
	{x: v8{0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 12345, 0xdeadbeef, 7},
		y: v8{5, 0xffffffff, 1, 0x7fffffff, 0x80000000, 12345, 3, 0x1234567},
		z: v8{0, 1, 31, 32, 33, 0xffffffff, 7, 0x80000000}},
	{x: f32s(1.5, -2.25, 3e38, -0.0, 1e-40, 100, -7.75, 0.1),
		y: f32s(0.5, 4, 3e38, 0.0, 2.5e9, -3e9, 7.75, -0.1),
		z: f32s(1, 2, 3, 4, 5, 6, 7, 8)},
	{x: f64s(1.0/3, -2.5e300, 7, -0.0), y: f64s(3, 1e10, -7, 5e-324), z: f64s(-1.0/9, 1, 49, 0)},
}

func f32s(v ...float32) (r v8) {
	for i, f := range v {
		r[i] = math.Float32bits(f)
	}
	return r
}

func f64s(v ...float64) (r v8) {
	for i, f := range v {
		b := math.Float64bits(f)
		r[2*i], r[2*i+1] = uint32(b), uint32(b>>32)
	}
	return r
}

// TestExecOps runs each instruction on the inputs and compares the lanes
// with Go.
func TestExecOps(t *testing.T) {
	needAVX2(t)
	for _, tc := range opTests {
		c := build(t, func(a *Assembler) {
			a.VMOVDQUload(Y1, M(RDI, 0))
			a.VMOVDQUload(Y2, M(RDI, 32))
			a.VMOVDQUload(Y3, M(RDI, 64))
			tc.emit(a)
			a.VMOVDQUstore(M(RDI, 96), Y0)
			a.VZEROUPPER()
			a.RET()
		})
		for _, in := range opInputs {
			ctx := in
			Call(c.Addr(), unsafe.Pointer(&ctx))
			if want := tc.ref(in.x, in.y, in.z); ctx.out != want {
				t.Errorf("%s(%#x, %#x, %#x):\n got %#x\nwant %#x", tc.name, in.x, in.y, in.z, ctx.out, want)
			}
		}
	}
}

// TestExecMaskGather checks VMOVMSKPS, VPTEST, the gathers and the masked
// loads and stores.
func TestExecMaskGather(t *testing.T) {
	needAVX2(t)
	type ctxT struct {
		mask, idx, old     v8
		table              *uint32
		msk, ptestZ, ptc   uint64
		gdd, mload, mstore v8
		gdq                [4]uint64
		table64            *uint64
	}
	c := build(t, func(a *Assembler) {
		a.VMOVDQUload(Y1, M(RDI, 0))  // mask
		a.VMOVDQUload(Y2, M(RDI, 32)) // idx
		a.VMOVMSKPS(RAX, Y1)
		a.MOVQstore(M(RDI, 104), RAX)
		a.XORL(RAX, RAX)
		a.VPTEST(Y1, Y1)
		a.SETcc(CondE, RAX)
		a.MOVQstore(M(RDI, 112), RAX)
		a.XORL(RAX, RAX)
		a.VPTEST(Y1, Y2) // CF = (^mask & idx) == 0
		a.SETcc(CondB, RAX)
		a.MOVQstore(M(RDI, 120), RAX)
		a.MOVQload(RSI, M(RDI, 96))
		a.VMOVDQUload(Y0, M(RDI, 64)) // old
		a.VMOVDQU(Y3, Y1)
		a.VPGATHERDD(Y0, VMem{Base: RSI, Index: Y2, Scale: 4}, Y3)
		a.VMOVDQUstore(M(RDI, 128), Y0)
		a.VPMASKMOVDload(Y4, Y1, M(RSI, 4))
		a.VMOVDQUstore(M(RDI, 160), Y4)
		a.VPMASKMOVDstore(M(RDI, 192), Y1, Y2)
		a.MOVQload(RDX, M(RDI, 256))
		a.VPXOR(Y5, Y5, Y5)
		a.VPCMPEQD(Y6, Y6, Y6)
		a.VPGATHERDQ(Y5, VMem{Base: RDX, Index: Y2, Scale: 8, Disp: 8}, Y6)
		a.VMOVDQUstore(M(RDI, 224), Y5)
		a.VZEROUPPER()
		a.RET()
	})
	table := make([]uint32, 64)
	table64 := make([]uint64, 64)
	for i := range table {
		table[i] = uint32(i*i + 1000)
		table64[i] = uint64(i) << 40
	}
	ctx := &ctxT{
		mask:    v8{^uint32(0), 0, ^uint32(0), ^uint32(0), 0, 0, ^uint32(0), 0},
		idx:     v8{3, 60, 0, 7, 2, 1, 63, 9},
		old:     v8{11, 22, 33, 44, 55, 66, 77, 88},
		table:   &table[0],
		mstore:  v8{9, 9, 9, 9, 9, 9, 9, 9},
		table64: &table64[0],
	}
	Call(c.Addr(), unsafe.Pointer(ctx))
	if ctx.msk != 0b01001101 {
		t.Errorf("vmovmskps = %#b, want 0b01001101", ctx.msk)
	}
	if ctx.ptestZ != 0 || ctx.ptc != 0 {
		t.Errorf("vptest flags: ZF %d CF %d, want 0 0", ctx.ptestZ, ctx.ptc)
	}
	for i := range 8 {
		on := ctx.mask[i] != 0
		wantG, wantL, wantS := ctx.old[i], uint32(0), uint32(9)
		if on {
			wantG, wantL, wantS = table[ctx.idx[i]], table[1+i], ctx.idx[i]
		}
		if ctx.gdd[i] != wantG || ctx.mload[i] != wantL || ctx.mstore[i] != wantS {
			t.Errorf("lane %d: gather %d maskload %d maskstore %d, want %d %d %d", i, ctx.gdd[i], ctx.mload[i], ctx.mstore[i], wantG, wantL, wantS)
		}
	}
	for i := range 4 {
		if want := table64[ctx.idx[i]+1]; ctx.gdq[i] != want {
			t.Errorf("vpgatherdq lane %d = %#x, want %#x", i, ctx.gdq[i], want)
		}
	}
}
