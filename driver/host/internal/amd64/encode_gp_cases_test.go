package amd64

import "fmt"

func gpCases() []encCase {
	cs := join(
		g2("mov", 64, (*Assembler).MOVQ),
		g2("mov", 32, (*Assembler).MOVL),
		gload("mov", 64, "qword", allMems, (*Assembler).MOVQload),
		gload("mov", 32, "dword", fewMems, (*Assembler).MOVLload),
		gstore("mov", 64, "qword", allMems, (*Assembler).MOVQstore),
		gstore("mov", 32, "dword", fewMems, (*Assembler).MOVLstore),
		gstore("mov", 16, "word", fewMems, (*Assembler).MOVWstore),
		gstore("mov", 8, "byte", fewMems, (*Assembler).MOVBstore),
		gload("movzx", 32, "byte", fewMems, (*Assembler).MOVZXBload),
		gload("movzx", 32, "word", fewMems, (*Assembler).MOVZXWload),
		gload("movsxd", 64, "dword", fewMems, (*Assembler).MOVSXDload),
		gload("lea", 64, "qword", allMems, (*Assembler).LEAQ),
		gload("add", 64, "qword", fewMems, (*Assembler).ADDQload),
		gstore("add", 64, "qword", fewMems, (*Assembler).ADDQstore),
		gload("sub", 64, "qword", fewMems, (*Assembler).SUBQload),
		gstore("sub", 64, "qword", fewMems, (*Assembler).SUBQstore),
		gload("xor", 64, "qword", fewMems, (*Assembler).XORQload),
		gload("cmp", 64, "qword", fewMems, (*Assembler).CMPQload),
		gload("imul", 64, "qword", fewMems, (*Assembler).IMULQload),
		mimm("add", "qword", (*Assembler).ADDQmemImm),
		mimm("add", "dword", (*Assembler).ADDLmemImm),
		mimm("cmp", "qword", (*Assembler).CMPQmemImm),
		mimm("cmp", "dword", (*Assembler).CMPLmemImm),
		mimm("mov", "qword", (*Assembler).MOVQstoreImm),
		mimm("mov", "dword", (*Assembler).MOVLstoreImm),
		g2("add", 64, (*Assembler).ADDQ), g2("add", 32, (*Assembler).ADDL),
		g2("sub", 64, (*Assembler).SUBQ), g2("sub", 32, (*Assembler).SUBL),
		g2("and", 64, (*Assembler).ANDQ), g2("and", 32, (*Assembler).ANDL),
		g2("or", 64, (*Assembler).ORQ), g2("or", 32, (*Assembler).ORL),
		g2("xor", 64, (*Assembler).XORQ), g2("xor", 32, (*Assembler).XORL),
		g2("cmp", 64, (*Assembler).CMPQ), g2("cmp", 32, (*Assembler).CMPL),
		g2("test", 64, (*Assembler).TESTQ), g2("test", 32, (*Assembler).TESTL),
		g2("imul", 64, (*Assembler).IMULQ), g2("imul", 32, (*Assembler).IMULL),
		gimm("add", 64, (*Assembler).ADDQimm), gimm("add", 32, (*Assembler).ADDLimm),
		gimm("sub", 64, (*Assembler).SUBQimm), gimm("sub", 32, (*Assembler).SUBLimm),
		gimm("and", 64, (*Assembler).ANDQimm), gimm("and", 32, (*Assembler).ANDLimm),
		gimm("cmp", 64, (*Assembler).CMPQimm), gimm("cmp", 32, (*Assembler).CMPLimm),
		g1("shl", 64, ", 1", func(a *Assembler, r R) { a.SHLQimm(r, 1) }),
		g1("shl", 64, ", 5", func(a *Assembler, r R) { a.SHLQimm(r, 5) }),
		g1("shr", 64, ", 63", func(a *Assembler, r R) { a.SHRQimm(r, 63) }),
		g1("sar", 64, ", 3", func(a *Assembler, r R) { a.SARQimm(r, 3) }),
		g1("shl", 32, ", 2", func(a *Assembler, r R) { a.SHLLimm(r, 2) }),
		g1("shl", 64, ", cl", (*Assembler).SHLQcl),
		g1("shr", 64, ", cl", (*Assembler).SHRQcl),
		g1("sar", 64, ", cl", (*Assembler).SARQcl),
		g1("inc", 64, "", (*Assembler).INCQ),
		g1("dec", 64, "", (*Assembler).DECQ),
		g1("inc", 32, "", (*Assembler).INCL),
		g1("dec", 32, "", (*Assembler).DECL),
		g1("neg", 64, "", (*Assembler).NEGQ),
		g1("not", 64, "", (*Assembler).NOTQ),
		g1("jmp", 64, "", (*Assembler).JMPreg),
		g1("call", 64, "", (*Assembler).CALLreg),
		g1("push", 64, "", (*Assembler).PUSHQ),
		g1("pop", 64, "", (*Assembler).POPQ),
		g1("sete", 8, "", func(a *Assembler, r R) { a.SETcc(CondE, r) }),
		g1("setl", 8, "", func(a *Assembler, r R) { a.SETcc(CondL, r) }),
		g1("movsxd", 64, ", r9d", func(a *Assembler, r R) { a.MOVSXD(r, R9) }),
		g1("movsxd", 64, ", eax", func(a *Assembler, r R) { a.MOVSXD(r, RAX) }),
		[]encCase{
			{"ret", (*Assembler).RET}, {"nop", (*Assembler).NOP}, {"ud2", (*Assembler).UD2},
			{"jmp qword ptr [rax+rcx*8]", func(a *Assembler) { a.JMPmem(MI(RAX, RCX, 8, 0)) }},
			{"jmp qword ptr [r13+r9*8+8]", func(a *Assembler) { a.JMPmem(MI(R13, R9, 8, 8)) }},
		},
	)
	for _, r := range []R{RAX, RCX, R8, R13, R15} {
		for _, v := range []int64{0, 1, -5, 0x7fffffff, -0x80000000, 0x123456789abc, -0x123456789} {
			text := fmt.Sprintf("mov %s, %d", r, v)
			switch {
			case v != int64(int32(v)) && v == int64(uint32(v)):
				text = fmt.Sprintf("mov %s, %d", r.Name32(), v)
			case v != int64(int32(v)):
				text = fmt.Sprintf("movabs %s, %d", r, v)
			}
			cs = append(cs, encCase{text, func(a *Assembler) { a.MOVQimm(r, v) }})
		}
		for _, v := range []uint32{0, 7, 0xffffffff} {
			cs = append(cs, encCase{fmt.Sprintf("mov %s, %d", r.Name32(), v), func(a *Assembler) { a.MOVLimm(r, v) }})
		}
		cs = append(cs, encCase{fmt.Sprintf("mov %s, 0xffffffff", r.Name32()), func(a *Assembler) { a.MOVQimm(r, 0xffffffff) }})
	}
	for _, p := range [][2]R{{RAX, RCX}, {R9, R10}, {RSP, R13}} {
		for _, v := range []int32{5, -128, 1000} {
			cs = append(cs, encCase{fmt.Sprintf("imul %s, %s, %d", p[0], p[1], v), func(a *Assembler) { a.IMULQimm(p[0], p[1], v) }})
		}
	}
	for c := Cond(0); c < 16; c++ {
		cs = append(cs,
			encCase{fmt.Sprintf("cmov%s rax, rcx", c), func(a *Assembler) { a.CMOVQcc(c, RAX, RCX) }},
			encCase{fmt.Sprintf("cmov%s r9, r14", c), func(a *Assembler) { a.CMOVQcc(c, R9, R14) }},
			encCase{fmt.Sprintf("set%s sil", c), func(a *Assembler) { a.SETcc(c, RSI) }},
		)
	}
	return cs
}

// flowCases are jumps to labels (forward and backward), LEA of a label and
// the constant pool; the GNU assembler would pick short jumps, so the text
// forces rel32 with {disp32}.
func flowCases() []encCase {
	var cs []encCase
	for c := Cond(0); c < 16; c++ {
		cs = append(cs,
			encCase{fmt.Sprintf("{disp32} j%s %%Lf\nnop\n%%Lf:", c), func(a *Assembler) {
				l := a.NewLabel()
				a.Jcc(c, l)
				a.NOP()
				a.Bind(l)
			}},
			encCase{fmt.Sprintf("%%Lb:\nnop\nnop\n{disp32} j%s %%Lb", c), func(a *Assembler) {
				l := a.NewLabel()
				a.Bind(l)
				a.NOP()
				a.NOP()
				a.Jcc(c, l)
			}},
		)
	}
	cs = append(cs,
		encCase{"{disp32} jmp %Lf\nud2\n%Lf:\nret", func(a *Assembler) {
			l := a.NewLabel()
			a.JMP(l)
			a.UD2()
			a.Bind(l)
			a.RET()
		}},
		encCase{"%Lb:\nnop\n{disp32} jmp %Lb", func(a *Assembler) {
			l := a.NewLabel()
			a.Bind(l)
			a.NOP()
			a.JMP(l)
		}},
		encCase{"lea r11, [rip+%Lf]\njmp r11\nnop\n%Lf:\nret", func(a *Assembler) {
			l := a.NewLabel()
			a.LEAQlabel(R11, l)
			a.JMPreg(R11)
			a.NOP()
			a.Bind(l)
			a.RET()
		}},
		encCase{"%Lb:\nlea rax, [rip+%Lb]\nmov qword ptr [rip+%Lb+8], 5\ncmp dword ptr [rip+%Lb], 7\nvextracti128 xmmword ptr [rip+%Lb], ymm9, 1", func(a *Assembler) {
			l := a.NewLabel()
			a.Bind(l)
			a.LEAQlabel(RAX, l)
			a.MOVQstoreImm(LabelMem(l, 8), 5)
			a.CMPLmemImm(LabelMem(l, 0), 7)
			a.VEXTRACTI128store(LabelMem(l, 0), Y9, 1)
		}},
		encCase{"vmovdqu ymm3, ymmword ptr [rip+%Lc]\nvpaddd ymm9, ymm9, ymmword ptr [rip+%Lc]\nvpbroadcastd ymm1, dword ptr [rip+%Ld]\nvpxor ymm12, ymm0, ymmword ptr [rip+%Le]\nvzeroupper\nret\n" +
			".p2align 5, 0xcc\n%Lc: .long 1,2,3,4,5,6,7,8\n%Ld: .long 0x3f800000\n.p2align 5, 0\n%Le: .quad -1, 0, 1, 0x123456789", func(a *Assembler) {
			c := a.ConstYMM([8]uint32{1, 2, 3, 4, 5, 6, 7, 8})
			a.VMOVDQUload(Y3, c)
			a.VPADDDmem(Y9, Y9, a.ConstYMM([8]uint32{1, 2, 3, 4, 5, 6, 7, 8}))
			a.VPBROADCASTDload(Y1, a.Const32(0x3f800000))
			a.VPXORmem(Y12, Y0, a.ConstYMM64([4]uint64{^uint64(0), 0, 1, 0x123456789}))
			a.VZEROUPPER()
			a.RET()
		}},
	)
	return cs
}
