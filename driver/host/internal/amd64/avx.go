package amd64

// AVX2 and FMA instructions (VEX-encoded) on ymm registers: 8 x 32-bit or
// 4 x 64-bit lanes. The three-operand forms are op dst, a, b; the mem forms
// take b from memory.

// The VEX opcodes, by mnemonic.
var (
	opVPADDD      = vop{pp66, map0F, 0, 0xfe}
	opVPADDQ      = vop{pp66, map0F, 0, 0xd4}
	opVPSUBD      = vop{pp66, map0F, 0, 0xfa}
	opVPSUBQ      = vop{pp66, map0F, 0, 0xfb}
	opVPMULLD     = vop{pp66, map0F38, 0, 0x40}
	opVPMULUDQ    = vop{pp66, map0F, 0, 0xf4}
	opVPMULDQ     = vop{pp66, map0F38, 0, 0x28}
	opVPAND       = vop{pp66, map0F, 0, 0xdb}
	opVPANDN      = vop{pp66, map0F, 0, 0xdf}
	opVPOR        = vop{pp66, map0F, 0, 0xeb}
	opVPXOR       = vop{pp66, map0F, 0, 0xef}
	opVPSLLVD     = vop{pp66, map0F38, 0, 0x47}
	opVPSLLVQ     = vop{pp66, map0F38, 1, 0x47}
	opVPSRLVD     = vop{pp66, map0F38, 0, 0x45}
	opVPSRLVQ     = vop{pp66, map0F38, 1, 0x45}
	opVPSRAVD     = vop{pp66, map0F38, 0, 0x46}
	opVPCMPEQD    = vop{pp66, map0F, 0, 0x76}
	opVPCMPEQQ    = vop{pp66, map0F38, 0, 0x29}
	opVPCMPGTD    = vop{pp66, map0F, 0, 0x66}
	opVPCMPGTQ    = vop{pp66, map0F38, 0, 0x37}
	opVPMINSD     = vop{pp66, map0F38, 0, 0x39}
	opVPMINUD     = vop{pp66, map0F38, 0, 0x3b}
	opVPMAXSD     = vop{pp66, map0F38, 0, 0x3d}
	opVPMAXUD     = vop{pp66, map0F38, 0, 0x3f}
	opVPERMD      = vop{pp66, map0F38, 0, 0x36}
	opVPSHUFB     = vop{pp66, map0F38, 0, 0x00}
	opVPUNPCKLDQ  = vop{pp66, map0F, 0, 0x62}
	opVPUNPCKHDQ  = vop{pp66, map0F, 0, 0x6a}
	opVPUNPCKLQDQ = vop{pp66, map0F, 0, 0x6c}
	opVPUNPCKHQDQ = vop{pp66, map0F, 0, 0x6d}
	opVADDPS      = vop{ppNone, map0F, 0, 0x58}
	opVADDPD      = vop{pp66, map0F, 0, 0x58}
	opVSUBPS      = vop{ppNone, map0F, 0, 0x5c}
	opVSUBPD      = vop{pp66, map0F, 0, 0x5c}
	opVMULPS      = vop{ppNone, map0F, 0, 0x59}
	opVMULPD      = vop{pp66, map0F, 0, 0x59}
	opVDIVPS      = vop{ppNone, map0F, 0, 0x5e}
	opVDIVPD      = vop{pp66, map0F, 0, 0x5e}
	opVMINPS      = vop{ppNone, map0F, 0, 0x5d}
	opVMINPD      = vop{pp66, map0F, 0, 0x5d}
	opVMAXPS      = vop{ppNone, map0F, 0, 0x5f}
	opVMAXPD      = vop{pp66, map0F, 0, 0x5f}
	opVANDPS      = vop{ppNone, map0F, 0, 0x54}
	opVANDPD      = vop{pp66, map0F, 0, 0x54}
	opVANDNPS     = vop{ppNone, map0F, 0, 0x55}
	opVORPS       = vop{ppNone, map0F, 0, 0x56}
	opVXORPS      = vop{ppNone, map0F, 0, 0x57}
	opVXORPD      = vop{pp66, map0F, 0, 0x57}
	opVCMPPS      = vop{ppNone, map0F, 0, 0xc2}
	opVCMPPD      = vop{pp66, map0F, 0, 0xc2}
	opVSHUFPS     = vop{ppNone, map0F, 0, 0xc6}
	opVPBLENDD    = vop{pp66, map0F3A, 0, 0x02}
	opVPERM2I128  = vop{pp66, map0F3A, 0, 0x46}
	opVINSERTI128 = vop{pp66, map0F3A, 0, 0x38}
	opVPBLENDVB   = vop{pp66, map0F3A, 0, 0x4c}
	opVBLENDVPS   = vop{pp66, map0F3A, 0, 0x4a}
	opVBLENDVPD   = vop{pp66, map0F3A, 0, 0x4b}
	opVPMASKMOVDl = vop{pp66, map0F38, 0, 0x8c}
	opVPMASKMOVQl = vop{pp66, map0F38, 1, 0x8c}
	opVPMASKMOVDs = vop{pp66, map0F38, 0, 0x8e}
	opVPMASKMOVQs = vop{pp66, map0F38, 1, 0x8e}

	// FMA: 132 is dst = dst*b + a, 213 is dst = a*dst + b, 231 is
	// dst = a*b + dst (with the Intel operand order dst, a, b).
	opVFMADD132PS  = vop{pp66, map0F38, 0, 0x98}
	opVFMADD213PS  = vop{pp66, map0F38, 0, 0xa8}
	opVFMADD231PS  = vop{pp66, map0F38, 0, 0xb8}
	opVFMADD132PD  = vop{pp66, map0F38, 1, 0x98}
	opVFMADD213PD  = vop{pp66, map0F38, 1, 0xa8}
	opVFMADD231PD  = vop{pp66, map0F38, 1, 0xb8}
	opVFMSUB231PS  = vop{pp66, map0F38, 0, 0xba}
	opVFMSUB231PD  = vop{pp66, map0F38, 1, 0xba}
	opVFNMADD231PS = vop{pp66, map0F38, 0, 0xbc}
	opVFNMADD231PD = vop{pp66, map0F38, 1, 0xbc}

	// Two-operand forms (VEX.vvvv unused).
	opVSQRTPS      = vop{ppNone, map0F, 0, 0x51}
	opVSQRTPD      = vop{pp66, map0F, 0, 0x51}
	opVCVTDQ2PS    = vop{ppNone, map0F, 0, 0x5b}
	opVCVTTPS2DQ   = vop{ppF3, map0F, 0, 0x5b}
	opVCVTPS2DQ    = vop{pp66, map0F, 0, 0x5b}
	opVCVTPS2PD    = vop{ppNone, map0F, 0, 0x5a}
	opVCVTPD2PS    = vop{pp66, map0F, 0, 0x5a}
	opVCVTDQ2PD    = vop{ppF3, map0F, 0, 0xe6}
	opVCVTTPD2DQ   = vop{pp66, map0F, 0, 0xe6}
	opVPMOVSXDQ    = vop{pp66, map0F38, 0, 0x25}
	opVPMOVZXDQ    = vop{pp66, map0F38, 0, 0x35}
	opVPMOVSXBD    = vop{pp66, map0F38, 0, 0x21}
	opVPMOVZXBD    = vop{pp66, map0F38, 0, 0x31}
	opVPMOVSXWD    = vop{pp66, map0F38, 0, 0x23}
	opVPMOVZXWD    = vop{pp66, map0F38, 0, 0x33}
	opVPTEST       = vop{pp66, map0F38, 0, 0x17}
	opVPBROADCASTD = vop{pp66, map0F38, 0, 0x58}
	opVPBROADCASTQ = vop{pp66, map0F38, 0, 0x59}
	opVBROADCASTSS = vop{pp66, map0F38, 0, 0x18}
	opVBROADCASTSD = vop{pp66, map0F38, 0, 0x19}
	opVMOVDQUl     = vop{ppF3, map0F, 0, 0x6f}
	opVMOVDQUs     = vop{ppF3, map0F, 0, 0x7f}
	opVMOVDQAl     = vop{pp66, map0F, 0, 0x6f}
	opVMOVDQAs     = vop{pp66, map0F, 0, 0x7f}
	opVMOVUPSl     = vop{ppNone, map0F, 0, 0x10}
	opVMOVUPSs     = vop{ppNone, map0F, 0, 0x11}
	opVPERMQ       = vop{pp66, map0F3A, 1, 0x00}
	opVPSHUFD      = vop{pp66, map0F, 0, 0x70}
	opVROUNDPS     = vop{pp66, map0F3A, 0, 0x08}
	opVROUNDPD     = vop{pp66, map0F3A, 0, 0x09}
	opVEXTRACTI128 = vop{pp66, map0F3A, 0, 0x39}
	opVMOVMSKPS    = vop{ppNone, map0F, 0, 0x50}
	opVMOVMSKPD    = vop{pp66, map0F, 0, 0x50}
	opVPMOVMSKB    = vop{pp66, map0F, 0, 0xd7}

	// Moves between xmm and general-purpose registers or memory.
	opVMOVDto    = vop{pp66, map0F, 0, 0x6e} // xmm <- r32/m32
	opVMOVDfrom  = vop{pp66, map0F, 0, 0x7e} // r32/m32 <- xmm
	opVMOVQto    = vop{pp66, map0F, 1, 0x6e} // xmm <- r64
	opVMOVQfrom  = vop{pp66, map0F, 1, 0x7e} // r64 <- xmm
	opVMOVQload  = vop{ppF3, map0F, 0, 0x7e} // xmm <- m64
	opVMOVQstore = vop{pp66, map0F, 0, 0xd6} // m64 <- xmm

	// Shifts by an immediate: the /digit is in ModRM.reg, dst in vvvv.
	opShiftD = vop{pp66, map0F, 0, 0x72}
	opShiftQ = vop{pp66, map0F, 0, 0x73}

	// Gathers: dst in ModRM.reg, the mask in vvvv, VSIB memory.
	opVPGATHERDD = vop{pp66, map0F38, 0, 0x90}
	opVPGATHERDQ = vop{pp66, map0F38, 1, 0x90}
	opVPGATHERQD = vop{pp66, map0F38, 0, 0x91}
	opVPGATHERQQ = vop{pp66, map0F38, 1, 0x91}
	opVGATHERDPS = vop{pp66, map0F38, 0, 0x92}
	opVGATHERDPD = vop{pp66, map0F38, 1, 0x92}
)

// rvm is op dst, a, b on ymm registers.
func (a *Assembler) rvm(o vop, dst, x, y Y) { a.vex(o, 1, a.vnum(dst), a.vnum(x), a.yr(y), 0) }

// rvmMem is op dst, a, m256.
func (a *Assembler) rvmMem(o vop, dst, x Y, m Mem) { a.vex(o, 1, a.vnum(dst), a.vnum(x), mem(m), 0) }

// rvmi is op dst, a, b, imm8.
func (a *Assembler) rvmi(o vop, dst, x Y, b rmOp, imm uint8) {
	a.vex(o, 1, a.vnum(dst), a.vnum(x), b, 1)
	a.imm8(imm)
}

// rm2 is op dst, src (no vvvv) with VEX.L = l.
func (a *Assembler) rm2(o vop, l byte, dst Y, src rmOp) { a.vex(o, l, a.vnum(dst), 0, src, 0) }

// rm2i is op dst, src, imm8.
func (a *Assembler) rm2i(o vop, l byte, dst Y, src rmOp, imm uint8) {
	a.vex(o, l, a.vnum(dst), 0, src, 1)
	a.imm8(imm)
}

// VPADDD is vpaddd dst, a, b (8 x int32).
func (a *Assembler) VPADDD(dst, x, y Y) { a.rvm(opVPADDD, dst, x, y) }

// VPADDDmem is vpaddd dst, a, ymmword ptr m.
func (a *Assembler) VPADDDmem(dst, x Y, m Mem) { a.rvmMem(opVPADDD, dst, x, m) }

// VPADDQ is vpaddq dst, a, b (4 x int64).
func (a *Assembler) VPADDQ(dst, x, y Y) { a.rvm(opVPADDQ, dst, x, y) }

// VPADDQmem is vpaddq dst, a, ymmword ptr m.
func (a *Assembler) VPADDQmem(dst, x Y, m Mem) { a.rvmMem(opVPADDQ, dst, x, m) }

// VPSUBD is vpsubd dst, a, b (a-b).
func (a *Assembler) VPSUBD(dst, x, y Y) { a.rvm(opVPSUBD, dst, x, y) }

// VPSUBDmem is vpsubd dst, a, ymmword ptr m.
func (a *Assembler) VPSUBDmem(dst, x Y, m Mem) { a.rvmMem(opVPSUBD, dst, x, m) }

// VPSUBQ is vpsubq dst, a, b.
func (a *Assembler) VPSUBQ(dst, x, y Y) { a.rvm(opVPSUBQ, dst, x, y) }

// VPSUBQmem is vpsubq dst, a, ymmword ptr m.
func (a *Assembler) VPSUBQmem(dst, x Y, m Mem) { a.rvmMem(opVPSUBQ, dst, x, m) }

// VPMULLD is vpmulld dst, a, b (low 32 bits of the 32x32 products).
func (a *Assembler) VPMULLD(dst, x, y Y) { a.rvm(opVPMULLD, dst, x, y) }

// VPMULLDmem is vpmulld dst, a, ymmword ptr m.
func (a *Assembler) VPMULLDmem(dst, x Y, m Mem) { a.rvmMem(opVPMULLD, dst, x, m) }

// VPMULUDQ is vpmuludq dst, a, b (64-bit products of the even unsigned
// 32-bit lanes).
func (a *Assembler) VPMULUDQ(dst, x, y Y) { a.rvm(opVPMULUDQ, dst, x, y) }

// VPMULUDQmem is vpmuludq dst, a, ymmword ptr m.
func (a *Assembler) VPMULUDQmem(dst, x Y, m Mem) { a.rvmMem(opVPMULUDQ, dst, x, m) }

// VPMULDQ is vpmuldq dst, a, b (64-bit products of the even signed 32-bit
// lanes).
func (a *Assembler) VPMULDQ(dst, x, y Y) { a.rvm(opVPMULDQ, dst, x, y) }

// VPMULDQmem is vpmuldq dst, a, ymmword ptr m.
func (a *Assembler) VPMULDQmem(dst, x Y, m Mem) { a.rvmMem(opVPMULDQ, dst, x, m) }

// VPAND is vpand dst, a, b.
func (a *Assembler) VPAND(dst, x, y Y) { a.rvm(opVPAND, dst, x, y) }

// VPANDmem is vpand dst, a, ymmword ptr m.
func (a *Assembler) VPANDmem(dst, x Y, m Mem) { a.rvmMem(opVPAND, dst, x, m) }

// VPANDN is vpandn dst, a, b (^a & b).
func (a *Assembler) VPANDN(dst, x, y Y) { a.rvm(opVPANDN, dst, x, y) }

// VPANDNmem is vpandn dst, a, ymmword ptr m.
func (a *Assembler) VPANDNmem(dst, x Y, m Mem) { a.rvmMem(opVPANDN, dst, x, m) }

// VPOR is vpor dst, a, b.
func (a *Assembler) VPOR(dst, x, y Y) { a.rvm(opVPOR, dst, x, y) }

// VPORmem is vpor dst, a, ymmword ptr m.
func (a *Assembler) VPORmem(dst, x Y, m Mem) { a.rvmMem(opVPOR, dst, x, m) }

// VPXOR is vpxor dst, a, b.
func (a *Assembler) VPXOR(dst, x, y Y) { a.rvm(opVPXOR, dst, x, y) }

// VPXORmem is vpxor dst, a, ymmword ptr m.
func (a *Assembler) VPXORmem(dst, x Y, m Mem) { a.rvmMem(opVPXOR, dst, x, m) }

// VPSLLVD is vpsllvd dst, a, counts (per-lane shift left; counts >= 32
// give 0).
func (a *Assembler) VPSLLVD(dst, x, n Y) { a.rvm(opVPSLLVD, dst, x, n) }

// VPSLLVQ is vpsllvq dst, a, counts.
func (a *Assembler) VPSLLVQ(dst, x, n Y) { a.rvm(opVPSLLVQ, dst, x, n) }

// VPSRLVD is vpsrlvd dst, a, counts (logical).
func (a *Assembler) VPSRLVD(dst, x, n Y) { a.rvm(opVPSRLVD, dst, x, n) }

// VPSRLVQ is vpsrlvq dst, a, counts.
func (a *Assembler) VPSRLVQ(dst, x, n Y) { a.rvm(opVPSRLVQ, dst, x, n) }

// VPSRAVD is vpsravd dst, a, counts (arithmetic; counts >= 32 fill with
// the sign).
func (a *Assembler) VPSRAVD(dst, x, n Y) { a.rvm(opVPSRAVD, dst, x, n) }

// VPSLLD is vpslld dst, src, n (shift every lane left by the immediate).
func (a *Assembler) VPSLLD(dst, src Y, n uint8) { a.shiftImm(opShiftD, 6, dst, src, n) }

// VPSRLD is vpsrld dst, src, n.
func (a *Assembler) VPSRLD(dst, src Y, n uint8) { a.shiftImm(opShiftD, 2, dst, src, n) }

// VPSRAD is vpsrad dst, src, n.
func (a *Assembler) VPSRAD(dst, src Y, n uint8) { a.shiftImm(opShiftD, 4, dst, src, n) }

// VPSLLQ is vpsllq dst, src, n.
func (a *Assembler) VPSLLQ(dst, src Y, n uint8) { a.shiftImm(opShiftQ, 6, dst, src, n) }

// VPSRLQ is vpsrlq dst, src, n.
func (a *Assembler) VPSRLQ(dst, src Y, n uint8) { a.shiftImm(opShiftQ, 2, dst, src, n) }

// VPSLLDQ is vpslldq dst, src, n (each 128-bit half shifted left n bytes).
func (a *Assembler) VPSLLDQ(dst, src Y, n uint8) { a.shiftImm(opShiftQ, 7, dst, src, n) }

// VPSRLDQ is vpsrldq dst, src, n (each 128-bit half shifted right n bytes).
func (a *Assembler) VPSRLDQ(dst, src Y, n uint8) { a.shiftImm(opShiftQ, 3, dst, src, n) }

func (a *Assembler) shiftImm(o vop, digit byte, dst, src Y, n uint8) {
	a.vex(o, 1, digit, a.vnum(dst), a.yr(src), 1)
	a.imm8(n)
}

// VPCMPEQD is vpcmpeqd dst, a, b (all ones where equal).
func (a *Assembler) VPCMPEQD(dst, x, y Y) { a.rvm(opVPCMPEQD, dst, x, y) }

// VPCMPEQDmem is vpcmpeqd dst, a, ymmword ptr m.
func (a *Assembler) VPCMPEQDmem(dst, x Y, m Mem) { a.rvmMem(opVPCMPEQD, dst, x, m) }

// VPCMPEQQ is vpcmpeqq dst, a, b.
func (a *Assembler) VPCMPEQQ(dst, x, y Y) { a.rvm(opVPCMPEQQ, dst, x, y) }

// VPCMPGTD is vpcmpgtd dst, a, b (all ones where a > b, signed).
func (a *Assembler) VPCMPGTD(dst, x, y Y) { a.rvm(opVPCMPGTD, dst, x, y) }

// VPCMPGTDmem is vpcmpgtd dst, a, ymmword ptr m.
func (a *Assembler) VPCMPGTDmem(dst, x Y, m Mem) { a.rvmMem(opVPCMPGTD, dst, x, m) }

// VPCMPGTQ is vpcmpgtq dst, a, b.
func (a *Assembler) VPCMPGTQ(dst, x, y Y) { a.rvm(opVPCMPGTQ, dst, x, y) }

// VPMINSD is vpminsd dst, a, b.
func (a *Assembler) VPMINSD(dst, x, y Y) { a.rvm(opVPMINSD, dst, x, y) }

// VPMINUD is vpminud dst, a, b.
func (a *Assembler) VPMINUD(dst, x, y Y) { a.rvm(opVPMINUD, dst, x, y) }

// VPMAXSD is vpmaxsd dst, a, b.
func (a *Assembler) VPMAXSD(dst, x, y Y) { a.rvm(opVPMAXSD, dst, x, y) }

// VPMAXUD is vpmaxud dst, a, b.
func (a *Assembler) VPMAXUD(dst, x, y Y) { a.rvm(opVPMAXUD, dst, x, y) }

// VPMINUDmem is vpminud dst, a, ymmword ptr m.
func (a *Assembler) VPMINUDmem(dst, x Y, m Mem) { a.rvmMem(opVPMINUD, dst, x, m) }

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

// VPBROADCASTD is vpbroadcastd dst, src (the low 32 bits of xmm src).
func (a *Assembler) VPBROADCASTD(dst, src Y) { a.rm2(opVPBROADCASTD, 1, dst, a.yr(src)) }

// VPBROADCASTDload is vpbroadcastd dst, dword ptr m.
func (a *Assembler) VPBROADCASTDload(dst Y, m Mem) { a.rm2(opVPBROADCASTD, 1, dst, mem(m)) }

// VPBROADCASTQ is vpbroadcastq dst, src (the low 64 bits of xmm src).
func (a *Assembler) VPBROADCASTQ(dst, src Y) { a.rm2(opVPBROADCASTQ, 1, dst, a.yr(src)) }

// VPBROADCASTQload is vpbroadcastq dst, qword ptr m.
func (a *Assembler) VPBROADCASTQload(dst Y, m Mem) { a.rm2(opVPBROADCASTQ, 1, dst, mem(m)) }

// VBROADCASTSS is vbroadcastss dst, src (xmm).
func (a *Assembler) VBROADCASTSS(dst, src Y) { a.rm2(opVBROADCASTSS, 1, dst, a.yr(src)) }

// VBROADCASTSSload is vbroadcastss dst, dword ptr m.
func (a *Assembler) VBROADCASTSSload(dst Y, m Mem) { a.rm2(opVBROADCASTSS, 1, dst, mem(m)) }

// VBROADCASTSDload is vbroadcastsd dst, qword ptr m.
func (a *Assembler) VBROADCASTSDload(dst Y, m Mem) { a.rm2(opVBROADCASTSD, 1, dst, mem(m)) }

// VMOVDQU is vmovdqu dst, src. With only src in Y8-Y15 it uses the store
// opcode, which then fits the 2-byte VEX prefix (as the GNU assembler
// does).
func (a *Assembler) VMOVDQU(dst, src Y) {
	if src >= Y8 && dst < Y8 {
		a.rm2(opVMOVDQUs, 1, src, a.yr(dst))
		return
	}
	a.rm2(opVMOVDQUl, 1, dst, a.yr(src))
}

// VMOVDQUload is vmovdqu dst, ymmword ptr m.
func (a *Assembler) VMOVDQUload(dst Y, m Mem) { a.rm2(opVMOVDQUl, 1, dst, mem(m)) }

// VMOVDQUstore is vmovdqu ymmword ptr m, src.
func (a *Assembler) VMOVDQUstore(m Mem, src Y) { a.rm2(opVMOVDQUs, 1, src, mem(m)) }

// VMOVDQAload is vmovdqa dst, ymmword ptr m (m 32-byte aligned).
func (a *Assembler) VMOVDQAload(dst Y, m Mem) { a.rm2(opVMOVDQAl, 1, dst, mem(m)) }

// VMOVDQAstore is vmovdqa ymmword ptr m, src (m 32-byte aligned).
func (a *Assembler) VMOVDQAstore(m Mem, src Y) { a.rm2(opVMOVDQAs, 1, src, mem(m)) }

// VMOVDQUloadX is vmovdqu xmm dst, xmmword ptr m (16 bytes; zeroes the
// upper half of dst).
func (a *Assembler) VMOVDQUloadX(dst Y, m Mem) { a.rm2(opVMOVDQUl, 0, dst, mem(m)) }

// VMOVDQUstoreX is vmovdqu xmmword ptr m, xmm src (16 bytes).
func (a *Assembler) VMOVDQUstoreX(m Mem, src Y) { a.rm2(opVMOVDQUs, 0, src, mem(m)) }

// VMOVUPSload is vmovups dst, ymmword ptr m.
func (a *Assembler) VMOVUPSload(dst Y, m Mem) { a.rm2(opVMOVUPSl, 1, dst, mem(m)) }

// VMOVUPSstore is vmovups ymmword ptr m, src.
func (a *Assembler) VMOVUPSstore(m Mem, src Y) { a.rm2(opVMOVUPSs, 1, src, mem(m)) }

// VMOVDfromR is vmovd xmm dst, src32 (zeroes the rest of dst).
func (a *Assembler) VMOVDfromR(dst Y, src R) { a.vex(opVMOVDto, 0, a.vnum(dst), 0, a.gr(src), 0) }

// VMOVDtoR is vmovd dst32, xmm src.
func (a *Assembler) VMOVDtoR(dst R, src Y) { a.vex(opVMOVDfrom, 0, a.vnum(src), 0, a.gr(dst), 0) }

// VMOVQfromR is vmovq xmm dst, src64 (zeroes the rest of dst).
func (a *Assembler) VMOVQfromR(dst Y, src R) { a.vex(opVMOVQto, 0, a.vnum(dst), 0, a.gr(src), 0) }

// VMOVQtoR is vmovq dst64, xmm src.
func (a *Assembler) VMOVQtoR(dst R, src Y) { a.vex(opVMOVQfrom, 0, a.vnum(src), 0, a.gr(dst), 0) }

// VMOVDload is vmovd xmm dst, dword ptr m.
func (a *Assembler) VMOVDload(dst Y, m Mem) { a.vex(opVMOVDto, 0, a.vnum(dst), 0, mem(m), 0) }

// VMOVDstore is vmovd dword ptr m, xmm src.
func (a *Assembler) VMOVDstore(m Mem, src Y) { a.vex(opVMOVDfrom, 0, a.vnum(src), 0, mem(m), 0) }

// VMOVQload is vmovq xmm dst, qword ptr m.
func (a *Assembler) VMOVQload(dst Y, m Mem) { a.vex(opVMOVQload, 0, a.vnum(dst), 0, mem(m), 0) }

// VMOVQstore is vmovq qword ptr m, xmm src.
func (a *Assembler) VMOVQstore(m Mem, src Y) { a.vex(opVMOVQstore, 0, a.vnum(src), 0, mem(m), 0) }

// VPMASKMOVDload is vpmaskmovd dst, mask, ymmword ptr m: the 32-bit lanes
// whose mask sign bit is set are loaded, the others zeroed; masked-off
// lanes do not fault.
func (a *Assembler) VPMASKMOVDload(dst, mask Y, m Mem) {
	a.vex(opVPMASKMOVDl, 1, a.vnum(dst), a.vnum(mask), mem(m), 0)
}

// VPMASKMOVQload is vpmaskmovq dst, mask, ymmword ptr m (64-bit lanes).
func (a *Assembler) VPMASKMOVQload(dst, mask Y, m Mem) {
	a.vex(opVPMASKMOVQl, 1, a.vnum(dst), a.vnum(mask), mem(m), 0)
}

// VPMASKMOVDstore is vpmaskmovd ymmword ptr m, mask, src: only the 32-bit
// lanes whose mask sign bit is set are written.
func (a *Assembler) VPMASKMOVDstore(m Mem, mask, src Y) {
	a.vex(opVPMASKMOVDs, 1, a.vnum(src), a.vnum(mask), mem(m), 0)
}

// VPMASKMOVQstore is vpmaskmovq ymmword ptr m, mask, src (64-bit lanes).
func (a *Assembler) VPMASKMOVQstore(m Mem, mask, src Y) {
	a.vex(opVPMASKMOVQs, 1, a.vnum(src), a.vnum(mask), mem(m), 0)
}

// gather emits a gather; l is VEX.L. dst, the index and mask must be three
// different registers (the CPU raises #UD otherwise). The mask is cleared
// by the instruction.
func (a *Assembler) gather(o vop, l byte, dst Y, m VMem, mask Y) {
	if dst == m.Index || dst == mask || mask == m.Index {
		a.errorf("gather with %v, index %v and mask %v not all different", dst, m.Index, mask)
	}
	a.vex(o, l, a.vnum(dst), a.vnum(mask), vmem(m), 0)
}

// VPGATHERDD is vpgatherdd dst, [base+index*scale+disp], mask: 8 x 32-bit
// loads at 32-bit indices, in the lanes whose mask sign bit is set (the
// others keep dst's value); the mask is zeroed.
func (a *Assembler) VPGATHERDD(dst Y, m VMem, mask Y) { a.gather(opVPGATHERDD, 1, dst, m, mask) }

// VPGATHERDQ is vpgatherdq dst, [base+xmm index*scale+disp], mask: 4 x
// 64-bit loads at the four 32-bit indices in the low half of the index.
func (a *Assembler) VPGATHERDQ(dst Y, m VMem, mask Y) { a.gather(opVPGATHERDQ, 1, dst, m, mask) }

// VPGATHERQQ is vpgatherqq dst, [base+index*scale+disp], mask: 4 x 64-bit
// loads at 64-bit indices.
func (a *Assembler) VPGATHERQQ(dst Y, m VMem, mask Y) { a.gather(opVPGATHERQQ, 1, dst, m, mask) }

// VPGATHERQD is vpgatherqd xmm dst, [base+ymm index*scale+disp], xmm mask:
// 4 x 32-bit loads at 64-bit indices.
func (a *Assembler) VPGATHERQD(dst Y, m VMem, mask Y) { a.gather(opVPGATHERQD, 1, dst, m, mask) }

// VGATHERDPS is vgatherdps dst, [base+index*scale+disp], mask.
func (a *Assembler) VGATHERDPS(dst Y, m VMem, mask Y) { a.gather(opVGATHERDPS, 1, dst, m, mask) }

// VGATHERDPD is vgatherdpd dst, [base+xmm index*scale+disp], mask.
func (a *Assembler) VGATHERDPD(dst Y, m VMem, mask Y) { a.gather(opVGATHERDPD, 1, dst, m, mask) }

// VPTEST is vptest a, b: ZF = (a&b) == 0, CF = (^a&b) == 0.
func (a *Assembler) VPTEST(x, y Y) { a.rm2(opVPTEST, 1, x, a.yr(y)) }

// VMOVMSKPS is vmovmskps dst32, src: the eight 32-bit lanes' sign bits.
func (a *Assembler) VMOVMSKPS(dst R, src Y) { a.vex(opVMOVMSKPS, 1, a.gnum(dst), 0, a.yr(src), 0) }

// VMOVMSKPD is vmovmskpd dst32, src: the four 64-bit lanes' sign bits.
func (a *Assembler) VMOVMSKPD(dst R, src Y) { a.vex(opVMOVMSKPD, 1, a.gnum(dst), 0, a.yr(src), 0) }

// VPMOVMSKB is vpmovmskb dst32, src: the 32 bytes' top bits.
func (a *Assembler) VPMOVMSKB(dst R, src Y) { a.vex(opVPMOVMSKB, 1, a.gnum(dst), 0, a.yr(src), 0) }

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

// VCVTDQ2PS is vcvtdq2ps dst, src (int32 -> float, rounding by MXCSR).
func (a *Assembler) VCVTDQ2PS(dst, src Y) { a.rm2(opVCVTDQ2PS, 1, dst, a.yr(src)) }

// VCVTTPS2DQ is vcvttps2dq dst, src (float -> int32, truncating; out of
// range gives 0x80000000).
func (a *Assembler) VCVTTPS2DQ(dst, src Y) { a.rm2(opVCVTTPS2DQ, 1, dst, a.yr(src)) }

// VCVTPS2DQ is vcvtps2dq dst, src (float -> int32, rounding by MXCSR).
func (a *Assembler) VCVTPS2DQ(dst, src Y) { a.rm2(opVCVTPS2DQ, 1, dst, a.yr(src)) }

// VCVTPS2PD is vcvtps2pd dst, xmm src (4 floats -> 4 doubles).
func (a *Assembler) VCVTPS2PD(dst, src Y) { a.rm2(opVCVTPS2PD, 1, dst, a.yr(src)) }

// VCVTPD2PS is vcvtpd2ps xmm dst, src (4 doubles -> 4 floats).
func (a *Assembler) VCVTPD2PS(dst, src Y) { a.rm2(opVCVTPD2PS, 1, dst, a.yr(src)) }

// VCVTDQ2PD is vcvtdq2pd dst, xmm src (4 int32 -> 4 doubles).
func (a *Assembler) VCVTDQ2PD(dst, src Y) { a.rm2(opVCVTDQ2PD, 1, dst, a.yr(src)) }

// VCVTTPD2DQ is vcvttpd2dq xmm dst, src (4 doubles -> 4 int32, truncating).
func (a *Assembler) VCVTTPD2DQ(dst, src Y) { a.rm2(opVCVTTPD2DQ, 1, dst, a.yr(src)) }

// VPMOVSXDQ is vpmovsxdq dst, xmm src (4 int32 sign-extended to int64).
func (a *Assembler) VPMOVSXDQ(dst, src Y) { a.rm2(opVPMOVSXDQ, 1, dst, a.yr(src)) }

// VPMOVZXDQ is vpmovzxdq dst, xmm src (4 uint32 zero-extended to uint64).
func (a *Assembler) VPMOVZXDQ(dst, src Y) { a.rm2(opVPMOVZXDQ, 1, dst, a.yr(src)) }

// VPMOVSXBDload is vpmovsxbd dst, qword ptr m (8 int8 -> 8 int32).
func (a *Assembler) VPMOVSXBDload(dst Y, m Mem) { a.rm2(opVPMOVSXBD, 1, dst, mem(m)) }

// VPMOVZXBDload is vpmovzxbd dst, qword ptr m (8 uint8 -> 8 uint32).
func (a *Assembler) VPMOVZXBDload(dst Y, m Mem) { a.rm2(opVPMOVZXBD, 1, dst, mem(m)) }

// VPMOVSXWDload is vpmovsxwd dst, xmmword ptr m (8 int16 -> 8 int32).
func (a *Assembler) VPMOVSXWDload(dst Y, m Mem) { a.rm2(opVPMOVSXWD, 1, dst, mem(m)) }

// VPMOVZXWDload is vpmovzxwd dst, xmmword ptr m (8 uint16 -> 8 uint32).
func (a *Assembler) VPMOVZXWDload(dst Y, m Mem) { a.rm2(opVPMOVZXWD, 1, dst, mem(m)) }

// VADDPS is vaddps dst, a, b.
func (a *Assembler) VADDPS(dst, x, y Y) { a.rvm(opVADDPS, dst, x, y) }

// VADDPSmem is vaddps dst, a, ymmword ptr m.
func (a *Assembler) VADDPSmem(dst, x Y, m Mem) { a.rvmMem(opVADDPS, dst, x, m) }

// VADDPD is vaddpd dst, a, b.
func (a *Assembler) VADDPD(dst, x, y Y) { a.rvm(opVADDPD, dst, x, y) }

// VSUBPS is vsubps dst, a, b.
func (a *Assembler) VSUBPS(dst, x, y Y) { a.rvm(opVSUBPS, dst, x, y) }

// VSUBPD is vsubpd dst, a, b.
func (a *Assembler) VSUBPD(dst, x, y Y) { a.rvm(opVSUBPD, dst, x, y) }

// VMULPS is vmulps dst, a, b.
func (a *Assembler) VMULPS(dst, x, y Y) { a.rvm(opVMULPS, dst, x, y) }

// VMULPSmem is vmulps dst, a, ymmword ptr m.
func (a *Assembler) VMULPSmem(dst, x Y, m Mem) { a.rvmMem(opVMULPS, dst, x, m) }

// VMULPD is vmulpd dst, a, b.
func (a *Assembler) VMULPD(dst, x, y Y) { a.rvm(opVMULPD, dst, x, y) }

// VDIVPS is vdivps dst, a, b.
func (a *Assembler) VDIVPS(dst, x, y Y) { a.rvm(opVDIVPS, dst, x, y) }

// VDIVPD is vdivpd dst, a, b.
func (a *Assembler) VDIVPD(dst, x, y Y) { a.rvm(opVDIVPD, dst, x, y) }

// VSQRTPS is vsqrtps dst, src.
func (a *Assembler) VSQRTPS(dst, src Y) { a.rm2(opVSQRTPS, 1, dst, a.yr(src)) }

// VSQRTPD is vsqrtpd dst, src.
func (a *Assembler) VSQRTPD(dst, src Y) { a.rm2(opVSQRTPD, 1, dst, a.yr(src)) }

// VMINPS is vminps dst, a, b (b where either is NaN or both are zeros).
func (a *Assembler) VMINPS(dst, x, y Y) { a.rvm(opVMINPS, dst, x, y) }

// VMINPD is vminpd dst, a, b.
func (a *Assembler) VMINPD(dst, x, y Y) { a.rvm(opVMINPD, dst, x, y) }

// VMAXPS is vmaxps dst, a, b (b where either is NaN or both are zeros).
func (a *Assembler) VMAXPS(dst, x, y Y) { a.rvm(opVMAXPS, dst, x, y) }

// VMAXPD is vmaxpd dst, a, b.
func (a *Assembler) VMAXPD(dst, x, y Y) { a.rvm(opVMAXPD, dst, x, y) }

// VCMPPS is vcmpps dst, a, b, pred (one of the Cmp* predicates).
func (a *Assembler) VCMPPS(dst, x, y Y, pred uint8) { a.rvmi(opVCMPPS, dst, x, a.yr(y), pred) }

// VCMPPD is vcmppd dst, a, b, pred.
func (a *Assembler) VCMPPD(dst, x, y Y, pred uint8) { a.rvmi(opVCMPPD, dst, x, a.yr(y), pred) }

// VANDPS is vandps dst, a, b.
func (a *Assembler) VANDPS(dst, x, y Y) { a.rvm(opVANDPS, dst, x, y) }

// VANDPSmem is vandps dst, a, ymmword ptr m.
func (a *Assembler) VANDPSmem(dst, x Y, m Mem) { a.rvmMem(opVANDPS, dst, x, m) }

// VANDPD is vandpd dst, a, b.
func (a *Assembler) VANDPD(dst, x, y Y) { a.rvm(opVANDPD, dst, x, y) }

// VANDNPS is vandnps dst, a, b (^a & b).
func (a *Assembler) VANDNPS(dst, x, y Y) { a.rvm(opVANDNPS, dst, x, y) }

// VORPS is vorps dst, a, b.
func (a *Assembler) VORPS(dst, x, y Y) { a.rvm(opVORPS, dst, x, y) }

// VXORPS is vxorps dst, a, b.
func (a *Assembler) VXORPS(dst, x, y Y) { a.rvm(opVXORPS, dst, x, y) }

// VXORPSmem is vxorps dst, a, ymmword ptr m.
func (a *Assembler) VXORPSmem(dst, x Y, m Mem) { a.rvmMem(opVXORPS, dst, x, m) }

// VXORPD is vxorpd dst, a, b.
func (a *Assembler) VXORPD(dst, x, y Y) { a.rvm(opVXORPD, dst, x, y) }

// VROUNDPS is vroundps dst, src, mode (a Round* control).
func (a *Assembler) VROUNDPS(dst, src Y, mode uint8) { a.rm2i(opVROUNDPS, 1, dst, a.yr(src), mode) }

// VROUNDPD is vroundpd dst, src, mode.
func (a *Assembler) VROUNDPD(dst, src Y, mode uint8) { a.rm2i(opVROUNDPD, 1, dst, a.yr(src), mode) }

// VFMADD132PS is vfmadd132ps dst, a, b: dst = dst*b + a, rounded once.
func (a *Assembler) VFMADD132PS(dst, x, y Y) { a.rvm(opVFMADD132PS, dst, x, y) }

// VFMADD213PS is vfmadd213ps dst, a, b: dst = a*dst + b.
func (a *Assembler) VFMADD213PS(dst, x, y Y) { a.rvm(opVFMADD213PS, dst, x, y) }

// VFMADD231PS is vfmadd231ps dst, a, b: dst = a*b + dst.
func (a *Assembler) VFMADD231PS(dst, x, y Y) { a.rvm(opVFMADD231PS, dst, x, y) }

// VFMADD132PD is vfmadd132pd dst, a, b: dst = dst*b + a.
func (a *Assembler) VFMADD132PD(dst, x, y Y) { a.rvm(opVFMADD132PD, dst, x, y) }

// VFMADD213PD is vfmadd213pd dst, a, b: dst = a*dst + b.
func (a *Assembler) VFMADD213PD(dst, x, y Y) { a.rvm(opVFMADD213PD, dst, x, y) }

// VFMADD231PD is vfmadd231pd dst, a, b: dst = a*b + dst.
func (a *Assembler) VFMADD231PD(dst, x, y Y) { a.rvm(opVFMADD231PD, dst, x, y) }

// VFMSUB231PS is vfmsub231ps dst, a, b: dst = a*b - dst.
func (a *Assembler) VFMSUB231PS(dst, x, y Y) { a.rvm(opVFMSUB231PS, dst, x, y) }

// VFMSUB231PD is vfmsub231pd dst, a, b: dst = a*b - dst.
func (a *Assembler) VFMSUB231PD(dst, x, y Y) { a.rvm(opVFMSUB231PD, dst, x, y) }

// VFNMADD231PS is vfnmadd231ps dst, a, b: dst = -(a*b) + dst.
func (a *Assembler) VFNMADD231PS(dst, x, y Y) { a.rvm(opVFNMADD231PS, dst, x, y) }

// VFNMADD231PD is vfnmadd231pd dst, a, b: dst = -(a*b) + dst.
func (a *Assembler) VFNMADD231PD(dst, x, y Y) { a.rvm(opVFNMADD231PD, dst, x, y) }

// VZEROUPPER is vzeroupper (required before returning to Go code).
func (a *Assembler) VZEROUPPER() { a.buf = append(a.buf, 0xc5, 0xf8, 0x77) }
