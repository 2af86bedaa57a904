package amd64

// AVX2 integer arithmetic, logic, shifts, compares, min/max and mask tests.

// VPADDD is vpaddd dst, a, b (8 x int32).
func (a *Assembler) VPADDD(dst, x, y Y) { a.rvmE(opVPADDD, 0, dst, x, y) }

// VPADDDmem is vpaddd dst, a, ymmword ptr m.
func (a *Assembler) VPADDDmem(dst, x Y, m Mem) { a.rvmMemE(opVPADDD, 0, dst, x, m) }

// VPADDQ is vpaddq dst, a, b (4 x int64).
func (a *Assembler) VPADDQ(dst, x, y Y) { a.rvmE(opVPADDQ, 1, dst, x, y) }

// VPADDQmem is vpaddq dst, a, ymmword ptr m.
func (a *Assembler) VPADDQmem(dst, x Y, m Mem) { a.rvmMemE(opVPADDQ, 1, dst, x, m) }

// VPSUBD is vpsubd dst, a, b (a-b).
func (a *Assembler) VPSUBD(dst, x, y Y) { a.rvmE(opVPSUBD, 0, dst, x, y) }

// VPSUBDmem is vpsubd dst, a, ymmword ptr m.
func (a *Assembler) VPSUBDmem(dst, x Y, m Mem) { a.rvmMemE(opVPSUBD, 0, dst, x, m) }

// VPSUBQ is vpsubq dst, a, b.
func (a *Assembler) VPSUBQ(dst, x, y Y) { a.rvmE(opVPSUBQ, 1, dst, x, y) }

// VPSUBQmem is vpsubq dst, a, ymmword ptr m.
func (a *Assembler) VPSUBQmem(dst, x Y, m Mem) { a.rvmMemE(opVPSUBQ, 1, dst, x, m) }

// VPMULLD is vpmulld dst, a, b (low 32 bits of the 32x32 products).
func (a *Assembler) VPMULLD(dst, x, y Y) { a.rvmE(opVPMULLD, 0, dst, x, y) }

// VPMULLDmem is vpmulld dst, a, ymmword ptr m.
func (a *Assembler) VPMULLDmem(dst, x Y, m Mem) { a.rvmMemE(opVPMULLD, 0, dst, x, m) }

// VPMULUDQ is vpmuludq dst, a, b (64-bit products of the even unsigned
// 32-bit lanes).
func (a *Assembler) VPMULUDQ(dst, x, y Y) { a.rvm(opVPMULUDQ, dst, x, y) }

// VPMULDQ is vpmuldq dst, a, b (64-bit products of the even signed 32-bit
// lanes).
func (a *Assembler) VPMULDQ(dst, x, y Y) { a.rvm(opVPMULDQ, dst, x, y) }

// VPMULDQmem is vpmuldq dst, a, ymmword ptr m.
func (a *Assembler) VPMULDQmem(dst, x Y, m Mem) { a.rvmMem(opVPMULDQ, dst, x, m) }

// VPAND is vpand dst, a, b.
func (a *Assembler) VPAND(dst, x, y Y) { a.rvmE(opVPAND, 0, dst, x, y) }

// VPANDmem is vpand dst, a, ymmword ptr m.
func (a *Assembler) VPANDmem(dst, x Y, m Mem) { a.rvmMemE(opVPAND, 0, dst, x, m) }

// VPANDN is vpandn dst, a, b (^a & b).
func (a *Assembler) VPANDN(dst, x, y Y) { a.rvmE(opVPANDN, 0, dst, x, y) }

// VPOR is vpor dst, a, b.
func (a *Assembler) VPOR(dst, x, y Y) { a.rvmE(opVPOR, 0, dst, x, y) }

// VPORmem is vpor dst, a, ymmword ptr m.
func (a *Assembler) VPORmem(dst, x Y, m Mem) { a.rvmMemE(opVPOR, 0, dst, x, m) }

// VPXOR is vpxor dst, a, b.
func (a *Assembler) VPXOR(dst, x, y Y) { a.rvmE(opVPXOR, 0, dst, x, y) }

// VPXORmem is vpxor dst, a, ymmword ptr m.
func (a *Assembler) VPXORmem(dst, x Y, m Mem) { a.rvmMemE(opVPXOR, 0, dst, x, m) }

// VPSLLVD is vpsllvd dst, a, counts (per-lane shift left; counts >= 32
// give 0).
func (a *Assembler) VPSLLVD(dst, x, n Y) { a.rvmE(opVPSLLVD, opVPSLLVD.w, dst, x, n) }

// VPSLLVQ is vpsllvq dst, a, counts.
func (a *Assembler) VPSLLVQ(dst, x, n Y) { a.rvmE(opVPSLLVQ, opVPSLLVQ.w, dst, x, n) }

// VPSRLVD is vpsrlvd dst, a, counts (logical).
func (a *Assembler) VPSRLVD(dst, x, n Y) { a.rvmE(opVPSRLVD, opVPSRLVD.w, dst, x, n) }

// VPSRLVQ is vpsrlvq dst, a, counts.
func (a *Assembler) VPSRLVQ(dst, x, n Y) { a.rvmE(opVPSRLVQ, opVPSRLVQ.w, dst, x, n) }

// VPSRAVD is vpsravd dst, a, counts (arithmetic; counts >= 32 fill with
// the sign).
func (a *Assembler) VPSRAVD(dst, x, n Y) { a.rvmE(opVPSRAVD, opVPSRAVD.w, dst, x, n) }

// VPSLLD is vpslld dst, src, n (shift every lane left by the immediate).
func (a *Assembler) VPSLLD(dst, src Y, n uint8) { a.shiftImmE(opShiftD, 0, 6, dst, src, n) }

// VPSRLD is vpsrld dst, src, n.
func (a *Assembler) VPSRLD(dst, src Y, n uint8) { a.shiftImmE(opShiftD, 0, 2, dst, src, n) }

// VPSRAD is vpsrad dst, src, n.
func (a *Assembler) VPSRAD(dst, src Y, n uint8) { a.shiftImmE(opShiftD, 0, 4, dst, src, n) }

// VPSLLQ is vpsllq dst, src, n.
func (a *Assembler) VPSLLQ(dst, src Y, n uint8) { a.shiftImmE(opShiftQ, 1, 6, dst, src, n) }

// VPSRLQ is vpsrlq dst, src, n.
func (a *Assembler) VPSRLQ(dst, src Y, n uint8) { a.shiftImmE(opShiftQ, 1, 2, dst, src, n) }

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

// VPTEST is vptest a, b: ZF = (a&b) == 0, CF = (^a&b) == 0.
func (a *Assembler) VPTEST(x, y Y) { a.rm2(opVPTEST, 1, x, a.yr(y)) }

// VMOVMSKPS is vmovmskps dst32, src: the eight 32-bit lanes' sign bits.
func (a *Assembler) VMOVMSKPS(dst R, src Y) { a.vex(opVMOVMSKPS, 1, a.gnum(dst), 0, a.yr(src), 0) }

// VPSRLDx is vpsrld dst, src, xmm count.
func (a *Assembler) VPSRLDx(dst, src, count Y) { a.rvm(opVPSRLDx, dst, src, count) }

// VPSRADx is vpsrad dst, src, xmm count (>= 32 fills with the sign).
func (a *Assembler) VPSRADx(dst, src, count Y) { a.rvm(opVPSRADx, dst, src, count) }
