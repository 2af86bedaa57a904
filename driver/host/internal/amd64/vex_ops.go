package amd64

// The VEX opcodes of the AVX2 and FMA instructions (implied prefix, map,
// VEX.W, opcode byte) and the operand-form helpers that avx_*.go share.
// The three-operand forms are op dst, a, b on ymm registers (8 x 32-bit or
// 4 x 64-bit lanes); the mem forms take b from memory. AVX2 has no 64-bit
// arithmetic right shift, min/max or multiply-low: code generators build
// those from these.

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
	opVPMASKMOVDs = vop{pp66, map0F38, 0, 0x8e}
	opVPMASKMOVQs = vop{pp66, map0F38, 1, 0x8e}

	// FMA: 132 is dst = dst*b + a, 213 is dst = a*dst + b, 231 is
	// dst = a*b + dst (with the Intel operand order dst, a, b).
	opVFMADD213PS  = vop{pp66, map0F38, 0, 0xa8}
	opVFMADD231PS  = vop{pp66, map0F38, 0, 0xb8}
	opVFMADD213PD  = vop{pp66, map0F38, 1, 0xa8}
	opVFMADD231PD  = vop{pp66, map0F38, 1, 0xb8}
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
	opVPMOVZXWD    = vop{pp66, map0F38, 0, 0x33}
	opVPTEST       = vop{pp66, map0F38, 0, 0x17}
	opVPBROADCASTD = vop{pp66, map0F38, 0, 0x58}
	opVPBROADCASTQ = vop{pp66, map0F38, 0, 0x59}
	opVBROADCASTSS = vop{pp66, map0F38, 0, 0x18}
	opVMOVDQUl     = vop{ppF3, map0F, 0, 0x6f}
	opVMOVDQUs     = vop{ppF3, map0F, 0, 0x7f}
	opVMOVUPSl     = vop{ppNone, map0F, 0, 0x10}
	opVMOVUPSs     = vop{ppNone, map0F, 0, 0x11}
	opVPERMQ       = vop{pp66, map0F3A, 1, 0x00}
	opVPSHUFD      = vop{pp66, map0F, 0, 0x70}
	opVROUNDPS     = vop{pp66, map0F3A, 0, 0x08}
	opVROUNDPD     = vop{pp66, map0F3A, 0, 0x09}
	opVEXTRACTI128 = vop{pp66, map0F3A, 0, 0x39}
	opVMOVMSKPS    = vop{ppNone, map0F, 0, 0x50}

	// Moves between xmm and general-purpose registers or memory.
	opVMOVDto    = vop{pp66, map0F, 0, 0x6e} // xmm <- r32/m32
	opVMOVDfrom  = vop{pp66, map0F, 0, 0x7e} // r32/m32 <- xmm
	opVMOVQfrom  = vop{pp66, map0F, 1, 0x7e} // r64 <- xmm
	opVMOVQload  = vop{ppF3, map0F, 0, 0x7e} // xmm <- m64
	opVMOVQstore = vop{pp66, map0F, 0, 0xd6} // m64 <- xmm

	// Shifts by an immediate: the /digit is in ModRM.reg, dst in vvvv.
	opShiftD = vop{pp66, map0F, 0, 0x72}
	opShiftQ = vop{pp66, map0F, 0, 0x73}

	// Gathers: dst in ModRM.reg, the mask in vvvv, VSIB memory.
	opVPGATHERDD = vop{pp66, map0F38, 0, 0x90}
	opVPGATHERDQ = vop{pp66, map0F38, 1, 0x90}
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

// shiftImm is a shift by an immediate: the /digit in ModRM.reg, dst in
// VEX.vvvv, src as r/m.
func (a *Assembler) shiftImm(o vop, digit byte, dst, src Y, n uint8) {
	a.vex(o, 1, digit, a.vnum(dst), a.yr(src), 1)
	a.imm8(n)
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

// More VEX opcodes: lane insert/extract through general-purpose registers,
// packs (narrowing), VTESTPS.
var (
	opVPEXTRD   = vop{pp66, map0F3A, 0, 0x16}
	opVPEXTRQ   = vop{pp66, map0F3A, 1, 0x16}
	opVPACKUSDW = vop{pp66, map0F38, 0, 0x2b}
)

// Shifts by a count in an xmm register (the same count for every lane),
// absolute value, more float64 logic and broadcasts.
var (
	opVPSRLDx = vop{pp66, map0F, 0, 0xd2}
	opVPSRADx = vop{pp66, map0F, 0, 0xe2}
	opVORPD   = vop{pp66, map0F, 0, 0x56}
	opVANDNPD = vop{pp66, map0F, 0, 0x55}
)
