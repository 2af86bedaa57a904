package amd64

// F16C: conversions between packed halves and floats (CPUID.1:ECX bit 29;
// HasF16C says whether the CPU has them).

var (
	opVCVTPH2PS = vop{pp66, map0F38, 0, 0x13}
	opVCVTPS2PH = vop{pp66, map0F3A, 0, 0x1d}
)

// VCVTPH2PS is vcvtph2ps dst, xmm src: the eight halves of src's low 128
// bits widened to floats (exactly; a signaling NaN comes out quiet).
func (a *Assembler) VCVTPH2PS(dst, src Y) { a.rm2(opVCVTPH2PS, 1, dst, a.yr(src)) }

// VCVTPS2PH is vcvtps2ph xmm dst, src, imm: the eight floats of src
// rounded to halves in dst's low 128 bits (the upper bits cleared), imm
// the rounding: 0 to nearest even, 1 down, 2 up, 3 toward zero, 4 as
// MXCSR says. A NaN keeps its sign and its payload's top bits, quieted.
func (a *Assembler) VCVTPS2PH(dst, src Y, imm uint8) {
	a.vex(opVCVTPS2PH, 1, a.vnum(src), 0, a.yr(dst), 1)
	a.imm8(imm)
}
