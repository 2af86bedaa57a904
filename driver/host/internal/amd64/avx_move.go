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

// VPBROADCASTQload is vpbroadcastq dst, qword ptr m (EVEX for Y16-Y31).
func (a *Assembler) VPBROADCASTQload(dst Y, m Mem) {
	if high(dst) {
		a.evex(vop{pp66, map0F38, 1, opVPBROADCASTQ.op}, 1, a.enum(dst), 0, mem(m), 0, 8)
		return
	}
	a.rm2(opVPBROADCASTQ, 1, dst, mem(m))
}

// VBROADCASTSSload is vbroadcastss dst, dword ptr m.
func (a *Assembler) VBROADCASTSSload(dst Y, m Mem) { a.rm2(opVBROADCASTSS, 1, dst, mem(m)) }

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

// VPMOVZXWDload is vpmovzxwd dst, xmmword ptr m (8 uint16 -> 8 uint32).
func (a *Assembler) VPMOVZXWDload(dst Y, m Mem) { a.rm2(opVPMOVZXWD, 1, dst, mem(m)) }
