package amd64

import (
	"fmt"
	"strings"
)

// An encCase is one instruction (or a short sequence with labels) written
// both for the GNU assembler (text, Intel syntax; %L... names a label local
// to the case) and as Assembler calls (emit). encodings.txt holds the bytes
// GNU as made of each text.
type encCase struct {
	text string
	emit func(a *Assembler)
}

// The register combinations the vector cases run with: low, high and mixed
// so that VEX.R, VEX.vvvv's top bit, VEX.B and VEX.X all get both values.
var (
	yRegs3 = [][3]Y{{0, 1, 2}, {8, 9, 10}, {15, 14, 13}, {3, 12, 7}, {9, 0, 11}}
	yRegs2 = [][2]Y{{0, 1}, {8, 2}, {3, 9}, {15, 14}}
	yRegsM = [][2]Y{{0, 1}, {8, 9}, {15, 3}}
)

// allMems covers the ModRM/SIB corner cases: no displacement, disp8,
// disp32, RSP/R12 bases (need a SIB), RBP/R13 bases (need a displacement),
// extended index registers, no base.
var allMems = []Mem{
	M(RAX, 0), M(RCX, 8), M(RDX, 0x1000), M(RSP, 0), M(RSP, 8), M(RBP, 0), M(RBP, 8),
	M(R12, 0), M(R12, 0x80), M(R13, 0), M(R13, -8), M(R15, -0x81), MI(RAX, RBX, 4, 0),
	MI(RAX, RBX, 8, 16), MI(R8, R9, 2, -0x200), MI(RSP, R12, 1, 0), MI(RBP, R13, 4, 0),
	MI(R15, RAX, 8, 0x7f), MI(NoReg, RBX, 4, 0x40), MI(R14, R11, 1, 0x12345678), MI(R13, R12, 2, 0),
}

// fewMems is a smaller set for the many instructions that share the
// memory-operand code path.
var fewMems = []Mem{M(RAX, 0), M(R13, 0x1000), M(RSP, 8), MI(R8, R9, 2, -0x200)}

func memText(m Mem) string {
	var b strings.Builder
	b.WriteByte('[')
	if m.Base != NoReg {
		b.WriteString(m.Base.String())
	}
	if m.Index != NoReg {
		if m.Base != NoReg {
			b.WriteByte('+')
		}
		s := m.Scale
		if s == 0 {
			s = 1
		}
		fmt.Fprintf(&b, "%s*%d", m.Index, s)
	}
	if m.Disp > 0 {
		fmt.Fprintf(&b, "+%#x", m.Disp)
	} else if m.Disp < 0 {
		fmt.Fprintf(&b, "-%#x", -int64(m.Disp))
	}
	b.WriteByte(']')
	return b.String()
}

// vreg names y as an xmm ('x') or ymm ('y') register.
func vreg(class byte, y Y) string {
	if class == 'x' {
		return fmt.Sprintf("xmm%d", y)
	}
	return fmt.Sprintf("ymm%d", y)
}

var names16 = [...]string{"none", "ax", "cx", "dx", "bx", "sp", "bp", "si", "di",
	"r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w"}

var names8 = [...]string{"none", "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil",
	"r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"}

// gname names r in width w (8, 16, 32 or 64).
func gname(w int, r R) string {
	switch w {
	case 8:
		return names8[r]
	case 16:
		return names16[r]
	case 32:
		return r.Name32()
	}
	return r.String()
}

// r3 gives cases of "name d, a, b<suffix>" over yRegs3; cls names each
// operand's class.
func r3(name, cls, suffix string, f func(a *Assembler, d, x, y Y)) []encCase {
	var cs []encCase
	for _, r := range yRegs3 {
		cs = append(cs, encCase{
			fmt.Sprintf("%s %s, %s, %s%s", name, vreg(cls[0], r[0]), vreg(cls[1], r[1]), vreg(cls[2], r[2]), suffix),
			func(a *Assembler) { f(a, r[0], r[1], r[2]) },
		})
	}
	return cs
}

// r4 gives cases of "name d, a, b, mask".
func r4(name string, f func(a *Assembler, d, x, y, m Y)) []encCase {
	var cs []encCase
	for i, r := range yRegs3 {
		m := Y(15 - i*2)
		cs = append(cs, encCase{
			fmt.Sprintf("%s ymm%d, ymm%d, ymm%d, ymm%d", name, r[0], r[1], r[2], m),
			func(a *Assembler) { f(a, r[0], r[1], r[2], m) },
		})
	}
	return cs
}

// r2 gives cases of "name d, s<suffix>" over yRegs2.
func r2(name, cls, suffix string, f func(a *Assembler, d, s Y)) []encCase {
	var cs []encCase
	for _, r := range yRegs2 {
		cs = append(cs, encCase{
			fmt.Sprintf("%s %s, %s%s", name, vreg(cls[0], r[0]), vreg(cls[1], r[1]), suffix),
			func(a *Assembler) { f(a, r[0], r[1]) },
		})
	}
	return cs
}

// r3m gives cases of "name d, a, size ptr m<suffix>".
func r3m(name, size, suffix string, mems []Mem, f func(a *Assembler, d, x Y, m Mem)) []encCase {
	var cs []encCase
	for _, r := range yRegsM {
		for _, m := range mems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s ymm%d, ymm%d, %s ptr %s%s", name, r[0], r[1], size, memText(m), suffix),
				func(a *Assembler) { f(a, r[0], r[1], m) },
			})
		}
	}
	return cs
}

// load gives cases of "name d, size ptr m".
func load(name string, cls byte, size string, mems []Mem, f func(a *Assembler, d Y, m Mem)) []encCase {
	var cs []encCase
	for _, r := range []Y{0, 8, 13} {
		for _, m := range mems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s, %s ptr %s", name, vreg(cls, r), size, memText(m)),
				func(a *Assembler) { f(a, r, m) },
			})
		}
	}
	return cs
}

// store gives cases of "name size ptr m, s<suffix>".
func store(name string, cls byte, size, suffix string, mems []Mem, f func(a *Assembler, m Mem, s Y)) []encCase {
	var cs []encCase
	for _, r := range []Y{0, 8, 13} {
		for _, m := range mems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s ptr %s, %s%s", name, size, memText(m), vreg(cls, r), suffix),
				func(a *Assembler) { f(a, m, r) },
			})
		}
	}
	return cs
}

// The general-purpose register pairs, with RSP/RBP/R12/R13 among them.
var gRegs2 = [][2]R{{RAX, RCX}, {R8, R9}, {R15, RDX}, {RBX, R12}, {R13, RBP}, {RSP, RSI}, {RDI, R11}}

// g2 gives cases of "name d, s" in width w.
func g2(name string, w int, f func(a *Assembler, d, s R)) []encCase {
	var cs []encCase
	for _, r := range gRegs2 {
		cs = append(cs, encCase{
			fmt.Sprintf("%s %s, %s", name, gname(w, r[0]), gname(w, r[1])),
			func(a *Assembler) { f(a, r[0], r[1]) },
		})
	}
	return cs
}

// g1 gives cases of "name r<suffix>" in width w.
func g1(name string, w int, suffix string, f func(a *Assembler, r R)) []encCase {
	var cs []encCase
	for _, r := range []R{RAX, RCX, RSP, RBP, RDI, R8, R12, R13, R15} {
		cs = append(cs, encCase{
			fmt.Sprintf("%s %s%s", name, gname(w, r), suffix),
			func(a *Assembler) { f(a, r) },
		})
	}
	return cs
}

// gload gives cases of "name r, size ptr m"; gstore "name size ptr m, r".
func gload(name string, w int, size string, mems []Mem, f func(a *Assembler, r R, m Mem)) []encCase {
	var cs []encCase
	for _, r := range []R{RAX, RSI, R9, R12} {
		for _, m := range mems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s, %s ptr %s", name, gname(w, r), size, memText(m)),
				func(a *Assembler) { f(a, r, m) },
			})
		}
	}
	return cs
}

func gstore(name string, w int, size string, mems []Mem, f func(a *Assembler, m Mem, r R)) []encCase {
	var cs []encCase
	for _, r := range []R{RAX, RSI, R9, R12} {
		for _, m := range mems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s ptr %s, %s", name, size, memText(m), gname(w, r)),
				func(a *Assembler) { f(a, m, r) },
			})
		}
	}
	return cs
}

// gimm gives cases of "name r, v" for the immediates that pick different
// forms (imm8, imm32, the RAX short form).
func gimm(name string, w int, f func(a *Assembler, r R, v int32)) []encCase {
	var cs []encCase
	for _, r := range []R{RAX, RCX, RSP, R8, R13} {
		for _, v := range []int32{5, -128, 127, 128, 1000, -0x80000000, 0x7fffffff} {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s, %d", name, gname(w, r), v),
				func(a *Assembler) { f(a, r, v) },
			})
		}
	}
	return cs
}

// mimm gives cases of "name size ptr m, v".
func mimm(name, size string, f func(a *Assembler, m Mem, v int32)) []encCase {
	var cs []encCase
	for _, m := range fewMems {
		for _, v := range []int32{5, 1000} {
			cs = append(cs, encCase{
				fmt.Sprintf("%s %s ptr %s, %d", name, size, memText(m), v),
				func(a *Assembler) { f(a, m, v) },
			})
		}
	}
	return cs
}

// gather gives cases of "name d, [base+index*scale+disp], mask"; dcls and
// icls are the classes of dst/mask and index.
func gather(name string, dcls, icls byte, scale uint8, f func(a *Assembler, d Y, m VMem, mask Y)) []encCase {
	type g struct {
		d, i, k Y
		base    R
		disp    int32
	}
	var cs []encCase
	for _, x := range []g{{0, 1, 2, RAX, 0}, {8, 9, 10, R8, 8}, {3, 12, 5, RSP, 0}, {15, 7, 14, R13, 0}, {4, 11, 6, RBP, 0x100}, {1, 2, 3, R12, -4}} {
		m := VMem{Base: x.base, Index: x.i, Scale: scale, Disp: x.disp}
		mt := memText(Mem{Base: x.base, Disp: x.disp})
		mt = fmt.Sprintf("[%s+%s*%d%s", x.base, vreg(icls, x.i), scale, mt[len(x.base.String())+1:])
		cs = append(cs, encCase{
			fmt.Sprintf("%s %s, %s, %s", name, vreg(dcls, x.d), mt, vreg(dcls, x.k)),
			func(a *Assembler) { f(a, x.d, m, x.k) },
		})
	}
	return cs
}

func join(groups ...[]encCase) []encCase {
	var cs []encCase
	for _, g := range groups {
		cs = append(cs, g...)
	}
	return cs
}

// encCases lists every case; the table in testdata/encodings.txt must have
// each text (testdata/gen.sh regenerates it).
func encCases() []encCase {
	return join(vectorCases(), moveCases(), gpCases(), flowCases(), moreCases(), evexCases())
}

func vectorCases() []encCase {
	return join(
		r3("vpaddd", "yyy", "", (*Assembler).VPADDD),
		r3("vpaddq", "yyy", "", (*Assembler).VPADDQ),
		r3("vpsubd", "yyy", "", (*Assembler).VPSUBD),
		r3("vpsubq", "yyy", "", (*Assembler).VPSUBQ),
		r3("vpmulld", "yyy", "", (*Assembler).VPMULLD),
		r3("vpmuludq", "yyy", "", (*Assembler).VPMULUDQ),
		r3("vpmuldq", "yyy", "", (*Assembler).VPMULDQ),
		r3("vpand", "yyy", "", (*Assembler).VPAND),
		r3("vpandn", "yyy", "", (*Assembler).VPANDN),
		r3("vpor", "yyy", "", (*Assembler).VPOR),
		r3("vpxor", "yyy", "", (*Assembler).VPXOR),
		r3("vpsllvd", "yyy", "", (*Assembler).VPSLLVD),
		r3("vpsllvq", "yyy", "", (*Assembler).VPSLLVQ),
		r3("vpsrlvd", "yyy", "", (*Assembler).VPSRLVD),
		r3("vpsrlvq", "yyy", "", (*Assembler).VPSRLVQ),
		r3("vpsravd", "yyy", "", (*Assembler).VPSRAVD),
		r3("vpcmpeqd", "yyy", "", (*Assembler).VPCMPEQD),
		r3("vpcmpeqq", "yyy", "", (*Assembler).VPCMPEQQ),
		r3("vpcmpgtd", "yyy", "", (*Assembler).VPCMPGTD),
		r3("vpcmpgtq", "yyy", "", (*Assembler).VPCMPGTQ),
		r3("vpminsd", "yyy", "", (*Assembler).VPMINSD),
		r3("vpminud", "yyy", "", (*Assembler).VPMINUD),
		r3("vpmaxsd", "yyy", "", (*Assembler).VPMAXSD),
		r3("vpmaxud", "yyy", "", (*Assembler).VPMAXUD),
		r3("vpermd", "yyy", "", (*Assembler).VPERMD),
		r3("vpshufb", "yyy", "", (*Assembler).VPSHUFB),
		r3("vpunpckldq", "yyy", "", (*Assembler).VPUNPCKLDQ),
		r3("vpunpckhdq", "yyy", "", (*Assembler).VPUNPCKHDQ),
		r3("vpunpcklqdq", "yyy", "", (*Assembler).VPUNPCKLQDQ),
		r3("vpunpckhqdq", "yyy", "", (*Assembler).VPUNPCKHQDQ),
		r3("vaddps", "yyy", "", (*Assembler).VADDPS),
		r3("vaddpd", "yyy", "", (*Assembler).VADDPD),
		r3("vsubps", "yyy", "", (*Assembler).VSUBPS),
		r3("vsubpd", "yyy", "", (*Assembler).VSUBPD),
		r3("vmulps", "yyy", "", (*Assembler).VMULPS),
		r3("vmulpd", "yyy", "", (*Assembler).VMULPD),
		r3("vdivps", "yyy", "", (*Assembler).VDIVPS),
		r3("vdivpd", "yyy", "", (*Assembler).VDIVPD),
		r3("vminps", "yyy", "", (*Assembler).VMINPS),
		r3("vminpd", "yyy", "", (*Assembler).VMINPD),
		r3("vmaxps", "yyy", "", (*Assembler).VMAXPS),
		r3("vmaxpd", "yyy", "", (*Assembler).VMAXPD),
		r3("vandps", "yyy", "", (*Assembler).VANDPS),
		r3("vandpd", "yyy", "", (*Assembler).VANDPD),
		r3("vxorps", "yyy", "", (*Assembler).VXORPS),
		r3("vxorpd", "yyy", "", (*Assembler).VXORPD),
		r3("vfmadd213ps", "yyy", "", (*Assembler).VFMADD213PS),
		r3("vfmadd231ps", "yyy", "", (*Assembler).VFMADD231PS),
		r3("vfmadd213pd", "yyy", "", (*Assembler).VFMADD213PD),
		r3("vfmadd231pd", "yyy", "", (*Assembler).VFMADD231PD),
		r3("vfnmadd231pd", "yyy", "", (*Assembler).VFNMADD231PD),
		r3("vcmpps", "yyy", ", 1", func(a *Assembler, d, x, y Y) { a.VCMPPS(d, x, y, CmpLTOS) }),
		r3("vcmpps", "yyy", ", 30", func(a *Assembler, d, x, y Y) { a.VCMPPS(d, x, y, CmpGTOQ) }),
		r3("vcmppd", "yyy", ", 4", func(a *Assembler, d, x, y Y) { a.VCMPPD(d, x, y, CmpNEQUQ) }),
		r3("vpblendd", "yyy", ", 165", func(a *Assembler, d, x, y Y) { a.VPBLENDD(d, x, y, 0xa5) }),
		r3("vperm2i128", "yyy", ", 49", func(a *Assembler, d, x, y Y) { a.VPERM2I128(d, x, y, 0x31) }),
		r3("vshufps", "yyy", ", 68", func(a *Assembler, d, x, y Y) { a.VSHUFPS(d, x, y, 0x44) }),
		r3("vinserti128", "yyx", ", 1", func(a *Assembler, d, x, y Y) { a.VINSERTI128(d, x, y, 1) }),
		r4("vpblendvb", (*Assembler).VPBLENDVB),
		r4("vblendvps", (*Assembler).VBLENDVPS),
		r4("vblendvpd", (*Assembler).VBLENDVPD),
		r2("vpslld", "yy", ", 5", func(a *Assembler, d, s Y) { a.VPSLLD(d, s, 5) }),
		r2("vpsrld", "yy", ", 31", func(a *Assembler, d, s Y) { a.VPSRLD(d, s, 31) }),
		r2("vpsrad", "yy", ", 7", func(a *Assembler, d, s Y) { a.VPSRAD(d, s, 7) }),
		r2("vpsllq", "yy", ", 33", func(a *Assembler, d, s Y) { a.VPSLLQ(d, s, 33) }),
		r2("vpsrlq", "yy", ", 63", func(a *Assembler, d, s Y) { a.VPSRLQ(d, s, 63) }),
		r2("vsqrtps", "yy", "", (*Assembler).VSQRTPS),
		r2("vsqrtpd", "yy", "", (*Assembler).VSQRTPD),
		r2("vcvtdq2ps", "yy", "", (*Assembler).VCVTDQ2PS),
		r2("vcvttps2dq", "yy", "", (*Assembler).VCVTTPS2DQ),
		r2("vcvtps2dq", "yy", "", (*Assembler).VCVTPS2DQ),
		r2("vcvtps2pd", "yx", "", (*Assembler).VCVTPS2PD),
		r2("vcvtpd2ps", "xy", "", (*Assembler).VCVTPD2PS),
		r2("vcvtdq2pd", "yx", "", (*Assembler).VCVTDQ2PD),
		r2("vcvttpd2dq", "xy", "", (*Assembler).VCVTTPD2DQ),
		r2("vpmovsxdq", "yx", "", (*Assembler).VPMOVSXDQ),
		r2("vpmovzxdq", "yx", "", (*Assembler).VPMOVZXDQ),
		r2("vptest", "yy", "", (*Assembler).VPTEST),
		r2("vpbroadcastd", "yx", "", (*Assembler).VPBROADCASTD),
		r2("vmovdqu", "yy", "", (*Assembler).VMOVDQU),
		r2("vpermq", "yy", ", 78", func(a *Assembler, d, s Y) { a.VPERMQ(d, s, 0x4e) }),
		r2("vpshufd", "yy", ", 177", func(a *Assembler, d, s Y) { a.VPSHUFD(d, s, 0xb1) }),
		r2("vroundps", "yy", ", 3", func(a *Assembler, d, s Y) { a.VROUNDPS(d, s, RoundTrunc) }),
		r2("vroundpd", "yy", ", 9", func(a *Assembler, d, s Y) { a.VROUNDPD(d, s, RoundDown|RoundNoExc) }),
		r2("vextracti128", "xy", ", 1", func(a *Assembler, d, s Y) { a.VEXTRACTI128(d, s, 1) }),
		gather("vpgatherdd", 'y', 'y', 4, (*Assembler).VPGATHERDD),
		gather("vpgatherdq", 'y', 'x', 8, (*Assembler).VPGATHERDQ),
		[]encCase{{"vzeroupper", (*Assembler).VZEROUPPER}},
	)
}

func moveCases() []encCase {
	var cs []encCase
	for _, p := range [][2]int{{0, 0}, {8, 1}, {3, 9}, {15, 15}, {4, 4}, {5, 13}} {
		y, r := Y(p[0]), R(p[1]+1)
		cs = append(cs,
			encCase{fmt.Sprintf("vmovd xmm%d, %s", y, r.Name32()), func(a *Assembler) { a.VMOVDfromR(y, r) }},
			encCase{fmt.Sprintf("vmovd %s, xmm%d", r.Name32(), y), func(a *Assembler) { a.VMOVDtoR(r, y) }},
			encCase{fmt.Sprintf("vmovq xmm%d, %s", y, r), func(a *Assembler) { a.VMOVQfromR(y, r) }},
			encCase{fmt.Sprintf("vmovq %s, xmm%d", r, y), func(a *Assembler) { a.VMOVQtoR(r, y) }},
			encCase{fmt.Sprintf("vmovmskps %s, ymm%d", r.Name32(), y), func(a *Assembler) { a.VMOVMSKPS(r, y) }},
		)
	}
	return join(cs,
		load("vmovdqu", 'y', "ymmword", allMems, (*Assembler).VMOVDQUload),
		store("vmovdqu", 'y', "ymmword", "", allMems, (*Assembler).VMOVDQUstore),
		load("vmovdqu", 'x', "xmmword", fewMems, (*Assembler).VMOVDQUloadX),
		store("vmovdqu", 'x', "xmmword", "", fewMems, (*Assembler).VMOVDQUstoreX),
		load("vmovups", 'y', "ymmword", fewMems, (*Assembler).VMOVUPSload),
		store("vmovups", 'y', "ymmword", "", fewMems, (*Assembler).VMOVUPSstore),
		load("vpbroadcastd", 'y', "dword", fewMems, (*Assembler).VPBROADCASTDload),
		load("vpbroadcastq", 'y', "qword", fewMems, (*Assembler).VPBROADCASTQload),
		load("vbroadcastss", 'y', "dword", fewMems, (*Assembler).VBROADCASTSSload),
		load("vmovd", 'x', "dword", fewMems, (*Assembler).VMOVDload),
		store("vmovd", 'x', "dword", "", fewMems, (*Assembler).VMOVDstore),
		load("vmovq", 'x', "qword", fewMems, (*Assembler).VMOVQload),
		store("vmovq", 'x', "qword", "", fewMems, (*Assembler).VMOVQstore),
		load("vpmovzxwd", 'y', "xmmword", fewMems, (*Assembler).VPMOVZXWDload),
		store("vextracti128", 'y', "xmmword", ", 1", fewMems, func(a *Assembler, m Mem, s Y) { a.VEXTRACTI128store(m, s, 1) }),
		r3m("vpmaskmovd", "ymmword", "", allMems, (*Assembler).VPMASKMOVDload),
		r3m("vinserti128", "xmmword", ", 1", fewMems, func(a *Assembler, d, x Y, m Mem) { a.VINSERTI128load(d, x, m, 1) }),
		maskStores("vpmaskmovd", (*Assembler).VPMASKMOVDstore),
		maskStores("vpmaskmovq", (*Assembler).VPMASKMOVQstore),
		r3m("vpaddd", "ymmword", "", allMems, (*Assembler).VPADDDmem),
		r3m("vpaddq", "ymmword", "", fewMems, (*Assembler).VPADDQmem),
		r3m("vpsubd", "ymmword", "", fewMems, (*Assembler).VPSUBDmem),
		r3m("vpsubq", "ymmword", "", fewMems, (*Assembler).VPSUBQmem),
		r3m("vpmulld", "ymmword", "", fewMems, (*Assembler).VPMULLDmem),
		r3m("vpmuldq", "ymmword", "", fewMems, (*Assembler).VPMULDQmem),
		r3m("vpand", "ymmword", "", fewMems, (*Assembler).VPANDmem),
		r3m("vpor", "ymmword", "", fewMems, (*Assembler).VPORmem),
		r3m("vpxor", "ymmword", "", fewMems, (*Assembler).VPXORmem),
		r3m("vpcmpeqd", "ymmword", "", fewMems, (*Assembler).VPCMPEQDmem),
		r3m("vpcmpgtd", "ymmword", "", fewMems, (*Assembler).VPCMPGTDmem),
		r3m("vpminud", "ymmword", "", fewMems, (*Assembler).VPMINUDmem),
		r3m("vpshufb", "ymmword", "", fewMems, (*Assembler).VPSHUFBmem),
	)
}

func maskStores(name string, f func(a *Assembler, m Mem, mask, src Y)) []encCase {
	var cs []encCase
	for _, r := range yRegsM {
		for _, m := range allMems {
			cs = append(cs, encCase{
				fmt.Sprintf("%s ymmword ptr %s, ymm%d, ymm%d", name, memText(m), r[0], r[1]),
				func(a *Assembler) { f(a, m, r[0], r[1]) },
			})
		}
	}
	return cs
}
