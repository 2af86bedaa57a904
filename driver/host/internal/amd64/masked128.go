package amd64

// VPMASKMOVDstoreX is vpmaskmovd xmmword ptr m, xmm mask, xmm src: only
// the 32-bit lanes (of four) whose mask sign bit is set are written; a
// half of a chunk's lanes stored at an address of its own.
func (a *Assembler) VPMASKMOVDstoreX(m Mem, mask, src Y) {
	a.vex(opVPMASKMOVDs, 0, a.vnum(src), a.vnum(mask), mem(m), 0)
}
