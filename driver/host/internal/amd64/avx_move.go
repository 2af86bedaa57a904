package amd64

// AVX2 moves: loads and stores, broadcasts, moves between vector and
// general-purpose registers, masked loads and stores, and gathers.

// VPBROADCASTD is vpbroadcastd dst, src (the low 32 bits of xmm src).
func (a *Assembler) VPBROADCASTD(dst, src Y) { a.rm2(opVPBROADCASTD, 1, dst, a.yr(src)) }

// VPBROADCASTDload is vpbroadcastd dst, dword ptr m (EVEX for Y16-Y31).
func (a *Assembler) VPBROADCASTDload(dst Y, m Mem) {
	if high(dst) {
		a.evex(vop{pp66, map0F38, 0, opVPBROADCASTD.op}, 1, a.enum(dst), 0, mem(m), 0, 4)
		return
	}
	a.rm2(opVPBROADCASTD, 1, dst, mem(m))
}

// VPBROADCASTQ is vpbroadcastq dst, src (the low 64 bits of xmm src).
func (a *Assembler) VPBROADCASTQ(dst, src Y) { a.rm2(opVPBROADCASTQ, 1, dst, a.yr(src)) }

// VPBROADCASTQload is vpbroadcastq dst, qword ptr m (EVEX for Y16-Y31).
func (a *Assembler) VPBROADCASTQload(dst Y, m Mem) {
	if high(dst) {
		a.evex(vop{pp66, map0F38, 1, opVPBROADCASTQ.op}, 1, a.enum(dst), 0, mem(m), 0, 8)
		return
	}
	a.rm2(opVPBROADCASTQ, 1, dst, mem(m))
}

// VBROADCASTSS is vbroadcastss dst, src (xmm).
func (a *Assembler) VBROADCASTSS(dst, src Y) { a.rm2(opVBROADCASTSS, 1, dst, a.yr(src)) }

// VBROADCASTSSload is vbroadcastss dst, dword ptr m.
func (a *Assembler) VBROADCASTSSload(dst Y, m Mem) { a.rm2(opVBROADCASTSS, 1, dst, mem(m)) }

// VBROADCASTSDload is vbroadcastsd dst, qword ptr m.
func (a *Assembler) VBROADCASTSDload(dst Y, m Mem) { a.rm2(opVBROADCASTSD, 1, dst, mem(m)) }

// VMOVDQU is vmovdqu dst, src. With only src in Y8-Y15 it uses the store
// opcode, which then fits the 2-byte VEX prefix (as the GNU assembler
// does). With Y16-Y31 it is vmovdqu64 (EVEX), the same move.
func (a *Assembler) VMOVDQU(dst, src Y) {
	if high(dst, src) {
		a.VMOVDQU64(dst, src)
		return
	}
	if src >= Y8 && dst < Y8 {
		a.rm2(opVMOVDQUs, 1, src, a.yr(dst))
		return
	}
	a.rm2(opVMOVDQUl, 1, dst, a.yr(src))
}

// VMOVDQUload is vmovdqu dst, ymmword ptr m (vmovdqu64 for Y16-Y31).
func (a *Assembler) VMOVDQUload(dst Y, m Mem) {
	if high(dst) {
		a.VMOVDQU64load(dst, m)
		return
	}
	a.rm2(opVMOVDQUl, 1, dst, mem(m))
}

// VMOVDQUstore is vmovdqu ymmword ptr m, src (vmovdqu64 for Y16-Y31).
func (a *Assembler) VMOVDQUstore(m Mem, src Y) {
	if high(src) {
		a.VMOVDQU64store(m, src)
		return
	}
	a.rm2(opVMOVDQUs, 1, src, mem(m))
}

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

// VMOVDstore is vmovd dword ptr m, xmm src (EVEX for Y16-Y31).
func (a *Assembler) VMOVDstore(m Mem, src Y) {
	if high(src) {
		a.EVMOVDstore(m, src)
		return
	}
	a.vex(opVMOVDfrom, 0, a.vnum(src), 0, mem(m), 0)
}

// VMOVQload is vmovq xmm dst, qword ptr m.
func (a *Assembler) VMOVQload(dst Y, m Mem) { a.vex(opVMOVQload, 0, a.vnum(dst), 0, mem(m), 0) }

// VMOVQstore is vmovq qword ptr m, xmm src (EVEX for Y16-Y31).
func (a *Assembler) VMOVQstore(m Mem, src Y) {
	if high(src) {
		a.EVMOVQstore(m, src)
		return
	}
	a.vex(opVMOVQstore, 0, a.vnum(src), 0, mem(m), 0)
}

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

// VPMOVSXBDload is vpmovsxbd dst, qword ptr m (8 int8 -> 8 int32).
func (a *Assembler) VPMOVSXBDload(dst Y, m Mem) { a.rm2(opVPMOVSXBD, 1, dst, mem(m)) }

// VPMOVZXBDload is vpmovzxbd dst, qword ptr m (8 uint8 -> 8 uint32).
func (a *Assembler) VPMOVZXBDload(dst Y, m Mem) { a.rm2(opVPMOVZXBD, 1, dst, mem(m)) }

// VPMOVSXWDload is vpmovsxwd dst, xmmword ptr m (8 int16 -> 8 int32).
func (a *Assembler) VPMOVSXWDload(dst Y, m Mem) { a.rm2(opVPMOVSXWD, 1, dst, mem(m)) }

// VPMOVZXWDload is vpmovzxwd dst, xmmword ptr m (8 uint16 -> 8 uint32).
func (a *Assembler) VPMOVZXWDload(dst Y, m Mem) { a.rm2(opVPMOVZXWD, 1, dst, mem(m)) }

// VBROADCASTI128load is vbroadcasti128 dst, xmmword ptr m (both halves
// from 16 bytes: VPSHUFB tables).
func (a *Assembler) VBROADCASTI128load(dst Y, m Mem) { a.rm2(opVBROADCASTI128, 1, dst, mem(m)) }

// VPBROADCASTBload is vpbroadcastb dst, byte ptr m.
func (a *Assembler) VPBROADCASTBload(dst Y, m Mem) { a.rm2(opVPBROADCASTB, 1, dst, mem(m)) }

// VPBROADCASTWload is vpbroadcastw dst, word ptr m.
func (a *Assembler) VPBROADCASTWload(dst Y, m Mem) { a.rm2(opVPBROADCASTW, 1, dst, mem(m)) }
