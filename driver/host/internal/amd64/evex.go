package amd64

// EVEX encoding (Intel SDM vol. 2, 2.7): the AVX-512 prefix, which names 32
// vector registers. Only unmasked forms are encoded (opmask k0, merging,
// no embedded broadcast or rounding), at 128 or 256 bits (AVX512VL), so
// that an instruction's EVEX form computes what its VEX form does; the
// registers Y16-Y31 exist only in these forms. The generated code uses
// them as a second level of its register cache (jit/cache.go) on CPUs
// where HasAVX512VL holds.

// evex emits the EVEX prefix (62 P0 P1 P2), opcode, ModRM... with reg in
// ModRM.reg and vvvv as the extra source (0-31 each; 0 when unused) and
// rm as r/m (a register 0-31 or memory); l is the vector length (0: 128
// bits, 1: 256), n the memory operand's size in bytes, which scales an
// 8-bit displacement (disp8*N).
func (a *Assembler) evex(o vop, l, reg, vvvv byte, rm rmOp, tail int, n int32) {
	a.start = len(a.buf)
	x, b := rm.xb()
	if !rm.isMem {
		x, b = rm.reg>>4&1, rm.reg>>3&1 // EVEX.X extends a register r/m to 32
	}
	r, r2 := reg>>3&1, reg>>4&1
	v2 := vvvv >> 4 & 1
	a.byte1(0x62)
	a.byte1((r^1)<<7 | (x^1)<<6 | (b^1)<<5 | (r2^1)<<4 | o.mm)
	a.byte1(o.w<<7 | (^vvvv&15)<<3 | 1<<2 | o.pp)
	a.byte1(l<<5 | (v2^1)<<3)
	a.byte1(o.op)
	a.modrmN(reg, rm, tail, n)
}

// enum is y's EVEX encoding, checking that y is one of Y0-Y31.
func (a *Assembler) enum(y Y) byte {
	if y > Y31 {
		a.errorf("%v is not a vector register", y)
		return 0
	}
	if y <= Y15 {
		a.yUsed |= 1 << y
	}
	return byte(y)
}

// high says the instruction names one of Y16-Y31, so needs EVEX.
func high(ys ...Y) bool {
	for _, y := range ys {
		if y > Y15 {
			return true
		}
	}
	return false
}

// The EVEX opcodes of the moves (W1: quadword elements, which only
// matters under a mask).
var (
	opVMOVDQU64l = vop{ppF3, map0F, 1, 0x6f}
	opVMOVDQU64s = vop{ppF3, map0F, 1, 0x7f}
	opEVMOVDfrom = vop{pp66, map0F, 0, 0x7e} // m32 <- xmm
	opEVMOVQs    = vop{pp66, map0F, 1, 0x7e} // r64/m64 <- xmm (as the GNU assembler encodes it)
)

// VMOVDQU64 is vmovdqu64 dst, src (ymm, Y0-Y31).
func (a *Assembler) VMOVDQU64(dst, src Y) {
	a.evex(opVMOVDQU64l, 1, a.enum(dst), 0, rmOp{reg: a.enum(src)}, 0, 32)
}

// VMOVDQU64load is vmovdqu64 dst, ymmword ptr m.
func (a *Assembler) VMOVDQU64load(dst Y, m Mem) {
	a.evex(opVMOVDQU64l, 1, a.enum(dst), 0, mem(m), 0, 32)
}

// VMOVDQU64store is vmovdqu64 ymmword ptr m, src.
func (a *Assembler) VMOVDQU64store(m Mem, src Y) {
	a.evex(opVMOVDQU64s, 1, a.enum(src), 0, mem(m), 0, 32)
}

// EVMOVDstore is the EVEX vmovd dword ptr m, xmm src.
func (a *Assembler) EVMOVDstore(m Mem, src Y) {
	a.evex(opEVMOVDfrom, 0, a.enum(src), 0, mem(m), 0, 4)
}

// EVMOVQstore is the EVEX vmovq qword ptr m, xmm src.
func (a *Assembler) EVMOVQstore(m Mem, src Y) {
	a.evex(opEVMOVQs, 0, a.enum(src), 0, mem(m), 0, 8)
}

// rvmE is op dst, a, b of VEX opcode o, in its EVEX form (of element
// width W w: 1 for 64-bit elements) where a register is one of Y16-Y31:
// the AVX-512 instructions whose unmasked 256-bit form computes what the
// AVX2 one does.
func (a *Assembler) rvmE(o vop, w byte, dst, x, y Y) {
	if !high(dst, x, y) {
		a.rvm(o, dst, x, y)
		return
	}
	a.evex(vop{o.pp, o.mm, w, o.op}, 1, a.enum(dst), a.enum(x), rmOp{reg: a.enum(y)}, 0, 32)
}

// rvmMemE is op dst, a, m256, EVEX (element width W w) where a register
// is one of Y16-Y31 (as rvmE).
func (a *Assembler) rvmMemE(o vop, w byte, dst, x Y, m Mem) {
	if !high(dst, x) {
		a.rvmMem(o, dst, x, m)
		return
	}
	a.evex(vop{o.pp, o.mm, w, o.op}, 1, a.enum(dst), a.enum(x), mem(m), 0, 32)
}

// shiftImmE is a shift by an immediate (shiftImm), EVEX (element width W
// w) where a register is one of Y16-Y31.
func (a *Assembler) shiftImmE(o vop, w, digit byte, dst, src Y, n uint8) {
	if !high(dst, src) {
		a.shiftImm(o, digit, dst, src, n)
		return
	}
	a.evex(vop{o.pp, o.mm, w, o.op}, 1, digit, a.enum(dst), rmOp{reg: a.enum(src)}, 1, 32)
	a.imm8(n)
}
