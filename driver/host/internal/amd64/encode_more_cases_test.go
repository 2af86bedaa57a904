package amd64

import "fmt"

// moreCases covers gp_atomic.go and the lane insert/extract, pack and
// extension instructions.
func moreCases() []encCase {
	cs := join(
		gstore("xadd", 32, "dword", allMems, (*Assembler).XADDLmem),
		gstore("xadd", 64, "qword", fewMems, (*Assembler).XADDQmem),
		gstore("cmpxchg", 32, "dword", fewMems, (*Assembler).CMPXCHGLmem),
		gstore("cmpxchg", 64, "qword", fewMems, (*Assembler).CMPXCHGQmem),
		gstore("xchg", 32, "dword", fewMems, (*Assembler).XCHGLmem),
		gstore("xchg", 64, "qword", fewMems, (*Assembler).XCHGQmem),
		gstore("and", 32, "dword", fewMems, (*Assembler).ANDLstore),
		gstore("or", 32, "dword", fewMems, (*Assembler).ORLstore),
		gstore("xor", 32, "dword", fewMems, (*Assembler).XORLstore),
		gstore("add", 32, "dword", fewMems, (*Assembler).ADDLstore),
		gstore("sub", 32, "dword", fewMems, (*Assembler).SUBLstore),
		g1("div", 32, "", (*Assembler).DIVL),
		g1("div", 64, "", (*Assembler).DIVQ),
		g1("idiv", 32, "", (*Assembler).IDIVL),
		g1("idiv", 64, "", (*Assembler).IDIVQ),
		g2("popcnt", 32, (*Assembler).POPCNTL),
		g2("popcnt", 64, (*Assembler).POPCNTQ),
		g2("lzcnt", 32, (*Assembler).LZCNTL),
		g2("lzcnt", 64, (*Assembler).LZCNTQ),
		g2("tzcnt", 32, (*Assembler).TZCNTL),
		g2("tzcnt", 64, (*Assembler).TZCNTQ),
		r3("vpackssdw", "yyy", "", (*Assembler).VPACKSSDW),
		r3("vpackusdw", "yyy", "", (*Assembler).VPACKUSDW),
		r3("vpacksswb", "yyy", "", (*Assembler).VPACKSSWB),
		r3("vpackuswb", "yyy", "", (*Assembler).VPACKUSWB),
		r3("vpaddb", "yyy", "", (*Assembler).VPADDB),
		r3("vpaddw", "yyy", "", (*Assembler).VPADDW),
		r3("vpcmpeqb", "yyy", "", (*Assembler).VPCMPEQB),
		r2("vtestps", "yy", "", (*Assembler).VTESTPS),
		r3("vpslld", "yyx", "", (*Assembler).VPSLLDx),
		r3("vpsrld", "yyx", "", (*Assembler).VPSRLDx),
		r3("vpsrad", "yyx", "", (*Assembler).VPSRADx),
		r3("vpsllq", "yyx", "", (*Assembler).VPSLLQx),
		r3("vpsrlq", "yyx", "", (*Assembler).VPSRLQx),
		r3("vorpd", "yyy", "", (*Assembler).VORPD),
		r3("vandnpd", "yyy", "", (*Assembler).VANDNPD),
		r2("vpabsd", "yy", "", (*Assembler).VPABSD),
		r2("vcvtpd2dq", "xy", "", (*Assembler).VCVTPD2DQ),
		load("vbroadcasti128", 'y', "xmmword", fewMems, (*Assembler).VBROADCASTI128load),
		load("vpbroadcastb", 'y', "byte", fewMems, (*Assembler).VPBROADCASTBload),
		load("vpbroadcastw", 'y', "word", fewMems, (*Assembler).VPBROADCASTWload),
		r2("vpmovzxbd", "yx", "", (*Assembler).VPMOVZXBD),
		r2("vpmovsxbd", "yx", "", (*Assembler).VPMOVSXBD),
		r2("vpmovzxwd", "yx", "", (*Assembler).VPMOVZXWD),
		r2("vpmovsxwd", "yx", "", (*Assembler).VPMOVSXWD),
		[]encCase{
			{"lock xadd dword ptr [rdi+r8*4], eax", func(a *Assembler) { a.LOCK(); a.XADDLmem(MI(RDI, R8, 4, 0), RAX) }},
			{"lock cmpxchg qword ptr [r13], r9", func(a *Assembler) { a.LOCK(); a.CMPXCHGQmem(M(R13, 0), R9) }},
			{"lock or dword ptr [rsp+4], r12d", func(a *Assembler) { a.LOCK(); a.ORLstore(M(RSP, 4), R12) }},
			{"cdq", (*Assembler).CDQ}, {"cqo", (*Assembler).CQO},
		},
	)
	for _, m := range fewMems {
		cs = append(cs,
			encCase{fmt.Sprintf("mov word ptr %s, 0x1234", memText(m)), func(a *Assembler) { a.MOVWstoreImm(m, 0x1234) }},
			encCase{fmt.Sprintf("mov byte ptr %s, 0xfe", memText(m)), func(a *Assembler) { a.MOVBstoreImm(m, 0xfe) }},
		)
	}
	for _, p := range [][2]int{{0, 0}, {8, 1}, {3, 9}, {15, 15}, {4, 6}, {5, 13}} {
		y, r := Y(p[0]), R(p[1]+1)
		x := Y(15 - p[0])
		cs = append(cs,
			encCase{fmt.Sprintf("vpextrd %s, xmm%d, 3", r.Name32(), y), func(a *Assembler) { a.VPEXTRD(r, y, 3) }},
			encCase{fmt.Sprintf("vpextrq %s, xmm%d, 1", r, y), func(a *Assembler) { a.VPEXTRQ(r, y, 1) }},
			encCase{fmt.Sprintf("vpinsrd xmm%d, xmm%d, %s, 2", y, x, r.Name32()), func(a *Assembler) { a.VPINSRD(y, x, r, 2) }},
			encCase{fmt.Sprintf("vpinsrq xmm%d, xmm%d, %s, 1", y, x, r), func(a *Assembler) { a.VPINSRQ(y, x, r, 1) }},
			encCase{fmt.Sprintf("movzx %s, %s", r.Name32(), names8[R(p[0]+1)]), func(a *Assembler) { a.MOVZXB(r, R(p[0]+1)) }},
		)
	}
	return cs
}
