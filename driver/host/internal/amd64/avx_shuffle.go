package amd64

// AVX2 blends, permutes, shuffles, lane insert/extract, packs (narrowing)
// and sign/zero extensions (widening).

// VPBLENDVB is vpblendvb dst, a, b, mask: per byte, b where the mask
// byte's top bit is set, else a.
func (a *Assembler) VPBLENDVB(dst, x, y, mask Y) {
	a.vex(opVPBLENDVB, 1, a.vnum(dst), a.vnum(x), a.yr(y), 1)
	a.imm8(a.vnum(mask) << 4)
}

// VBLENDVPS is vblendvps dst, a, b, mask: per 32-bit lane, b where the
// mask lane's sign bit is set, else a.
func (a *Assembler) VBLENDVPS(dst, x, y, mask Y) {
	a.vex(opVBLENDVPS, 1, a.vnum(dst), a.vnum(x), a.yr(y), 1)
	a.imm8(a.vnum(mask) << 4)
}

// VBLENDVPD is vblendvpd dst, a, b, mask (per 64-bit lane).
func (a *Assembler) VBLENDVPD(dst, x, y, mask Y) {
	a.vex(opVBLENDVPD, 1, a.vnum(dst), a.vnum(x), a.yr(y), 1)
	a.imm8(a.vnum(mask) << 4)
}

// VPBLENDD is vpblendd dst, a, b, imm: 32-bit lane i from b where bit i
// of imm is set, else from a.
func (a *Assembler) VPBLENDD(dst, x, y Y, imm uint8) { a.rvmi(opVPBLENDD, dst, x, a.yr(y), imm) }

// VPERMD is vpermd dst, idx, src: dst[i] = src[idx[i]&7] (32-bit lanes
// across the whole register).
func (a *Assembler) VPERMD(dst, idx, src Y) { a.rvm(opVPERMD, dst, idx, src) }

// VPERMQ is vpermq dst, src, imm: 64-bit lane i from src[(imm>>2i)&3].
func (a *Assembler) VPERMQ(dst, src Y, imm uint8) { a.rm2i(opVPERMQ, 1, dst, a.yr(src), imm) }

// VPERM2I128 is vperm2i128 dst, a, b, imm (128-bit halves of a and b).
func (a *Assembler) VPERM2I128(dst, x, y Y, imm uint8) { a.rvmi(opVPERM2I128, dst, x, a.yr(y), imm) }

// VPSHUFB is vpshufb dst, src, ctl: bytes shuffled within each 128-bit
// half.
func (a *Assembler) VPSHUFB(dst, src, ctl Y) { a.rvm(opVPSHUFB, dst, src, ctl) }

// VPSHUFBmem is vpshufb dst, src, ymmword ptr m.
func (a *Assembler) VPSHUFBmem(dst, src Y, m Mem) { a.rvmMem(opVPSHUFB, dst, src, m) }

// VPSHUFD is vpshufd dst, src, imm: 32-bit lanes shuffled within each
// 128-bit half.
func (a *Assembler) VPSHUFD(dst, src Y, imm uint8) { a.rm2i(opVPSHUFD, 1, dst, a.yr(src), imm) }

// VSHUFPS is vshufps dst, a, b, imm.
func (a *Assembler) VSHUFPS(dst, x, y Y, imm uint8) { a.rvmi(opVSHUFPS, dst, x, a.yr(y), imm) }

// VINSERTI128 is vinserti128 dst, a, xmm b, imm: a with its 128-bit half
// imm&1 replaced by b.
func (a *Assembler) VINSERTI128(dst, x, y Y, imm uint8) { a.rvmi(opVINSERTI128, dst, x, a.yr(y), imm) }

// VINSERTI128load is vinserti128 dst, a, xmmword ptr m, imm.
func (a *Assembler) VINSERTI128load(dst, x Y, m Mem, imm uint8) {
	a.rvmi(opVINSERTI128, dst, x, mem(m), imm)
}

// VEXTRACTI128 is vextracti128 xmm dst, src, imm: the 128-bit half imm&1.
func (a *Assembler) VEXTRACTI128(dst, src Y, imm uint8) {
	a.vex(opVEXTRACTI128, 1, a.vnum(src), 0, a.yr(dst), 1)
	a.imm8(imm)
}

// VEXTRACTI128store is vextracti128 xmmword ptr m, src, imm.
func (a *Assembler) VEXTRACTI128store(m Mem, src Y, imm uint8) {
	a.vex(opVEXTRACTI128, 1, a.vnum(src), 0, mem(m), 1)
	a.imm8(imm)
}

// VPUNPCKLDQ is vpunpckldq dst, a, b (interleave the low 32-bit lanes of
// each 128-bit half).
func (a *Assembler) VPUNPCKLDQ(dst, x, y Y) { a.rvm(opVPUNPCKLDQ, dst, x, y) }

// VPUNPCKHDQ is vpunpckhdq dst, a, b (interleave the high 32-bit lanes).
func (a *Assembler) VPUNPCKHDQ(dst, x, y Y) { a.rvm(opVPUNPCKHDQ, dst, x, y) }

// VPUNPCKLQDQ is vpunpcklqdq dst, a, b.
func (a *Assembler) VPUNPCKLQDQ(dst, x, y Y) { a.rvm(opVPUNPCKLQDQ, dst, x, y) }

// VPUNPCKHQDQ is vpunpckhqdq dst, a, b.
func (a *Assembler) VPUNPCKHQDQ(dst, x, y Y) { a.rvm(opVPUNPCKHQDQ, dst, x, y) }

// VPMOVSXDQ is vpmovsxdq dst, xmm src (4 int32 sign-extended to int64).
func (a *Assembler) VPMOVSXDQ(dst, src Y) { a.rm2(opVPMOVSXDQ, 1, dst, a.yr(src)) }

// VPMOVZXDQ is vpmovzxdq dst, xmm src (4 uint32 zero-extended to uint64).
func (a *Assembler) VPMOVZXDQ(dst, src Y) { a.rm2(opVPMOVZXDQ, 1, dst, a.yr(src)) }

// VPEXTRD is vpextrd dst32, xmm src, imm: 32-bit lane imm&3 of the low
// half (VEXTRACTI128 first for lanes 4-7).
func (a *Assembler) VPEXTRD(dst R, src Y, imm uint8) {
	a.vex(opVPEXTRD, 0, a.vnum(src), 0, a.gr(dst), 1)
	a.imm8(imm)
}

// VPEXTRQ is vpextrq dst64, xmm src, imm: 64-bit lane imm&1.
func (a *Assembler) VPEXTRQ(dst R, src Y, imm uint8) {
	a.vex(opVPEXTRQ, 0, a.vnum(src), 0, a.gr(dst), 1)
	a.imm8(imm)
}

// VPACKUSDW is vpackusdw dst, a, b: int32 -> uint16 with unsigned
// saturation, per 128-bit half.
func (a *Assembler) VPACKUSDW(dst, x, y Y) { a.rvm(opVPACKUSDW, dst, x, y) }

// VPMOVZXWD is vpmovzxwd dst, xmm src (8 x uint16 zero-extended).
func (a *Assembler) VPMOVZXWD(dst, src Y) { a.rm2(opVPMOVZXWD, 1, dst, a.yr(src)) }
