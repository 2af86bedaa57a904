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
		gstore("add", 32, "dword", fewMems, (*Assembler).ADDLstore),
		gstore("sub", 32, "dword", fewMems, (*Assembler).SUBLstore),
		g1("div", 64, "", (*Assembler).DIVQ),
		g1("idiv", 64, "", (*Assembler).IDIVQ),
		g2("lzcnt", 32, (*Assembler).LZCNTL),
		g2("lzcnt", 64, (*Assembler).LZCNTQ),
		g2("tzcnt", 32, (*Assembler).TZCNTL),
		r3("vpackusdw", "yyy", "", (*Assembler).VPACKUSDW),
		r3("vpsrld", "yyx", "", (*Assembler).VPSRLDx),
		r3("vpsrad", "yyx", "", (*Assembler).VPSRADx),
		r3("vorpd", "yyy", "", (*Assembler).VORPD),
		r3("vandnpd", "yyy", "", (*Assembler).VANDNPD),
		r2("vpmovzxwd", "yx", "", (*Assembler).VPMOVZXWD),
		[]encCase{
			{"lock xadd dword ptr [rdi+r8*4], eax", func(a *Assembler) { a.LOCK(); a.XADDLmem(MI(RDI, R8, 4, 0), RAX) }},
			{"lock cmpxchg qword ptr [r13], r9", func(a *Assembler) { a.LOCK(); a.CMPXCHGQmem(M(R13, 0), R9) }},
			{"cqo", (*Assembler).CQO},
		},
	)
	for _, p := range [][2]int{{0, 0}, {8, 1}, {3, 9}, {15, 15}, {4, 6}, {5, 13}} {
		y, r := Y(p[0]), R(p[1]+1)
		cs = append(cs,
			encCase{fmt.Sprintf("vpextrd %s, xmm%d, 3", r.Name32(), y), func(a *Assembler) { a.VPEXTRD(r, y, 3) }},
			encCase{fmt.Sprintf("vpextrq %s, xmm%d, 1", r, y), func(a *Assembler) { a.VPEXTRQ(r, y, 1) }},
		)
	}
	return cs
}
