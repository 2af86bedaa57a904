package arm64

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// llvmMC returns the path of llvm-mc, skipping the test where it is
// missing (failing under CI=true, where scripts/install-oracles.sh
// installs it).
func llvmMC(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("llvm-mc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llvm-mc (package llvm) is needed under CI: %v", err)
		}
		t.Skip("llvm-mc not installed")
	}
	return p
}

// encCase is an instruction (or a few) emitted by the assembler and the
// same in LLVM's syntax.
type encCase struct {
	asm  string
	emit func(a *Assembler)
}

func encCases() []encCase {
	var cs []encCase
	add := func(asm string, f func(a *Assembler)) { cs = append(cs, encCase{asm, f}) }
	// General-purpose.
	for _, r := range []Reg{X0, X5, X9, X16, X17} {
		add(fmt.Sprintf("mov x%d, #0", r), func(a *Assembler) { a.MOVimm(r, 0) })
		add(fmt.Sprintf("mov x%d, #0x1234\nmovk x%d, #0x5678, lsl #32", r, r), func(a *Assembler) { a.MOVimm(r, 0x567800001234) })
		add(fmt.Sprintf("mov x%d, #-1", r), func(a *Assembler) { a.MOVimm(r, ^uint64(0)) })
		add(fmt.Sprintf("mov x%d, #-2\nmovk x%d, #0x8000, lsl #48", r, r), func(a *Assembler) { a.MOVimm(r, 0x8000fffffffffffe) })
		add(fmt.Sprintf("add x%d, x1, #4095", r), func(a *Assembler) { a.ADDimm(r, X1, 4095, false) })
		add(fmt.Sprintf("add x%d, x2, #1, lsl #12\nadd x%d, x%d, #5", r, r, r), func(a *Assembler) { a.ADDimm(r, X2, 4096+5, false) })
		add(fmt.Sprintf("sub w%d, w3, #7", r), func(a *Assembler) { a.SUBimm(r, X3, 7, true) })
		add(fmt.Sprintf("subs x%d, x4, #1", r), func(a *Assembler) { a.SUBSimm(r, X4, 1, false) })
		add(fmt.Sprintf("cmp w%d, #0", r), func(a *Assembler) { a.CMPimm(r, 0, true) })
		add(fmt.Sprintf("cmn w%d, #1", r), func(a *Assembler) { a.CMNimm(r, 1, true) })
		add(fmt.Sprintf("add x%d, x7, x12", r), func(a *Assembler) { a.ADD(r, X7, X12, false) })
		add(fmt.Sprintf("sub w%d, w7, w12", r), func(a *Assembler) { a.SUB(r, X7, X12, true) })
		add(fmt.Sprintf("adds x%d, x7, x12", r), func(a *Assembler) { a.ADDS(r, X7, X12, false) })
		add(fmt.Sprintf("orr x%d, x7, x12", r), func(a *Assembler) { a.ORR(r, X7, X12, false) })
		add(fmt.Sprintf("eor w%d, w7, w12", r), func(a *Assembler) { a.EOR(r, X7, X12, true) })
		add(fmt.Sprintf("and x%d, x7, x12", r), func(a *Assembler) { a.AND(r, X7, X12, false) })
		add(fmt.Sprintf("add x%d, x1, x11, lsl #5", r), func(a *Assembler) { a.ADDshift(r, X1, X11, false, LSL, 5) })
		add(fmt.Sprintf("cmp x%d, x9, asr #63", r), func(a *Assembler) { a.CMPshift(r, X9, false, ASR, 63) })
		add(fmt.Sprintf("cmp w%d, w14", r), func(a *Assembler) { a.CMP(r, X14, true) })
		add(fmt.Sprintf("mov x%d, x9", r), func(a *Assembler) { a.MOV(r, X9, false) })
		add(fmt.Sprintf("mul x%d, x5, x6", r), func(a *Assembler) { a.MUL(r, X5, X6, false) })
		add(fmt.Sprintf("msub w%d, w9, w6, w5", r), func(a *Assembler) { a.MSUB(r, X9, X6, X5, true) })
		add(fmt.Sprintf("smulh x%d, x5, x6", r), func(a *Assembler) { a.SMULH(r, X5, X6) })
		add(fmt.Sprintf("umulh x%d, x5, x6", r), func(a *Assembler) { a.UMULH(r, X5, X6) })
		add(fmt.Sprintf("udiv w%d, w5, w6", r), func(a *Assembler) { a.UDIV(r, X5, X6, true) })
		add(fmt.Sprintf("sdiv x%d, x5, x6", r), func(a *Assembler) { a.SDIV(r, X5, X6, false) })
		add(fmt.Sprintf("csel w%d, wzr, w8, eq", r), func(a *Assembler) { a.CSEL(r, ZR, X8, EQ, true) })
		add(fmt.Sprintf("csinv x%d, x8, xzr, ne", r), func(a *Assembler) { a.CSINV(r, X8, ZR, NE, false) })
		add(fmt.Sprintf("lsr x%d, x15, #2", r), func(a *Assembler) { a.LSRimm(r, X15, 2) })
		add(fmt.Sprintf("asr x%d, x15, #63", r), func(a *Assembler) { a.ASRimm(r, X15, 63) })
		add(fmt.Sprintf("sxtw x%d, w15", r), func(a *Assembler) { a.SXTW(r, X15) })
		add(fmt.Sprintf("rbit x%d, x5", r), func(a *Assembler) { a.RBIT(r, X5) })
		add(fmt.Sprintf("clz x%d, x5", r), func(a *Assembler) { a.CLZ(r, X5) })
		add(fmt.Sprintf("lsl x%d, x5, x6", r), func(a *Assembler) { a.LSLreg(r, X5, X6) })
		add(fmt.Sprintf("ldr x%d, [x0, #4400]", r), func(a *Assembler) { a.LDR(r, X0, 4400, Dword) })
		add(fmt.Sprintf("ldr w%d, [x1, #24]", r), func(a *Assembler) { a.LDR(r, X1, 24, Word) })
		add(fmt.Sprintf("ldrh w%d, [x1, #6]", r), func(a *Assembler) { a.LDR(r, X1, 6, Half) })
		add(fmt.Sprintf("ldrb w%d, [x1, #4095]", r), func(a *Assembler) { a.LDR(r, X1, 4095, Byte) })
		add(fmt.Sprintf("str x%d, [x1, #8]", r), func(a *Assembler) { a.STR(r, X1, 8, Dword) })
		add(fmt.Sprintf("str w%d, [x1, #16380]", r), func(a *Assembler) { a.STR(r, X1, 16380, Word) })
		add(fmt.Sprintf("strh w%d, [x1, #2]", r), func(a *Assembler) { a.STR(r, X1, 2, Half) })
		add(fmt.Sprintf("strb w%d, [x1]", r), func(a *Assembler) { a.STR(r, X1, 0, Byte) })
		add(fmt.Sprintf("ldrsw x%d, [x1, #4]", r), func(a *Assembler) { a.LDRSW(r, X1, 4) })
		add(fmt.Sprintf("ldrb w%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.LDRidx(r, X13, X15, Byte) })
		add(fmt.Sprintf("ldrh w%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.LDRidx(r, X13, X15, Half) })
		add(fmt.Sprintf("ldr w%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.LDRidx(r, X13, X15, Word) })
		add(fmt.Sprintf("ldr x%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.LDRidx(r, X13, X15, Dword) })
		add(fmt.Sprintf("strb w%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.STRidx(r, X13, X15, Byte) })
		add(fmt.Sprintf("str x%d, [x13, w15, uxtw]", r), func(a *Assembler) { a.STRidx(r, X13, X15, Dword) })
		add(fmt.Sprintf("ldp x%d, x6, [x1, #-512]", r), func(a *Assembler) { a.LDP(r, X6, X1, -512) })
		add(fmt.Sprintf("ldp x%d, x6, [x1, #504]", r), func(a *Assembler) { a.LDP(r, X6, X1, 504) })
		add(fmt.Sprintf("br x%d", r), func(a *Assembler) { a.BR(r) })
		add(fmt.Sprintf("scvtf s%d, x5", r), func(a *Assembler) { a.SCVTFsx(V(r), X5) })
		add(fmt.Sprintf("ucvtf s%d, x5", r), func(a *Assembler) { a.UCVTFsx(V(r), X5) })
		add(fmt.Sprintf("fmov s%d, w5", r), func(a *Assembler) { a.FMOVtoS(V(r), X5) })
		add(fmt.Sprintf("fmov w%d, s5", r), func(a *Assembler) { a.FMOVfromS(r, 5) })
		add(fmt.Sprintf("fmov d%d, x5", r), func(a *Assembler) { a.FMOVtoD(V(r), X5) })
		add(fmt.Sprintf("fmov x%d, d5", r), func(a *Assembler) { a.FMOVfromD(r, 5) })
	}
	add("ldaxr w5, [x10]", func(a *Assembler) { a.LDAXR(X5, X10, true) })
	add("ldaxr x5, [x10]", func(a *Assembler) { a.LDAXR(X5, X10, false) })
	add("stlxr w9, w8, [x10]", func(a *Assembler) { a.STLXR(X9, X8, X10, true) })
	add("stlxr w9, x8, [x10]", func(a *Assembler) { a.STLXR(X9, X8, X10, false) })
	add("ldar w5, [x10]", func(a *Assembler) { a.LDAR(X5, X10, true) })
	add("ldar x5, [x10]", func(a *Assembler) { a.LDAR(X5, X10, false) })
	add("stlr w6, [x10]", func(a *Assembler) { a.STLR(X6, X10, true) })
	add("stlr x6, [x10]", func(a *Assembler) { a.STLR(X6, X10, false) })
	add("clrex", func(a *Assembler) { a.CLREX() })
	add("ret", func(a *Assembler) { a.RET() })
	add("udf #0", func(a *Assembler) { a.UDF() })
	// Advanced SIMD, three registers.
	op3 := []struct {
		op         Op3
		name       string
		s4, d2     string // arrangement suffixes ("" where none)
		bitwise    bool
		wideningOp bool
	}{
		{VADD, "add", "4s", "2d", false, false}, {VSUB, "sub", "4s", "2d", false, false}, {VMUL, "mul", "4s", "", false, false},
		{VCMEQ, "cmeq", "4s", "2d", false, false}, {VCMHI, "cmhi", "4s", "2d", false, false}, {VCMHS, "cmhs", "4s", "2d", false, false},
		{VCMGT, "cmgt", "4s", "2d", false, false}, {VCMGE, "cmge", "4s", "2d", false, false},
		{VUMIN, "umin", "4s", "", false, false}, {VUMAX, "umax", "4s", "", false, false}, {VSMIN, "smin", "4s", "", false, false}, {VSMAX, "smax", "4s", "", false, false},
		{VUSHL, "ushl", "4s", "2d", false, false}, {VSSHL, "sshl", "4s", "2d", false, false},
		{VFADD, "fadd", "4s", "2d", false, false}, {VFSUB, "fsub", "4s", "2d", false, false}, {VFMUL, "fmul", "4s", "2d", false, false},
		{VFDIV, "fdiv", "4s", "2d", false, false}, {VFMIN, "fmin", "4s", "2d", false, false}, {VFMAX, "fmax", "4s", "2d", false, false},
		{VFMLA, "fmla", "4s", "2d", false, false}, {VFCMEQ, "fcmeq", "4s", "2d", false, false}, {VFCMGE, "fcmge", "4s", "2d", false, false},
		{VFCMGT, "fcmgt", "4s", "2d", false, false}, {VZIP1, "zip1", "4s", "2d", false, false}, {VZIP2, "zip2", "4s", "2d", false, false},
		{VUZP1, "uzp1", "4s", "2d", false, false}, {VUZP2, "uzp2", "4s", "2d", false, false},
		{VAND, "and", "16b", "", true, false}, {VORR, "orr", "16b", "", true, false}, {VEOR, "eor", "16b", "", true, false},
		{VBIC, "bic", "16b", "", true, false}, {VBSL, "bsl", "16b", "", true, false}, {VBIT, "bit", "16b", "", true, false},
		{VUMULL, "umull", "", "", false, true}, {VUMULL2, "umull2", "", "", false, true}, {VSMULL, "smull", "", "", false, true}, {VSMULL2, "smull2", "", "", false, true},
	}
	for _, c := range op3 {
		for _, regs := range [][3]V{{0, 1, 2}, {31, 17, 4}, {12, 28, 30}} {
			d, n, m := regs[0], regs[1], regs[2]
			switch {
			case c.wideningOp:
				src := "2s"
				if strings.HasSuffix(c.name, "2") {
					src = "4s"
				}
				add(fmt.Sprintf("%s v%d.2d, v%d.%s, v%d.%s", c.name, d, n, src, m, src), func(a *Assembler) { a.Vop3(c.op, S4, d, n, m) })
			case c.bitwise && c.name == "orr" && n == m:
			default:
				add(fmt.Sprintf("%s v%d.%s, v%d.%s, v%d.%s", c.name, d, c.s4, n, c.s4, m, c.s4), func(a *Assembler) { a.Vop3(c.op, S4, d, n, m) })
				if c.d2 != "" {
					add(fmt.Sprintf("%s v%d.%s, v%d.%s, v%d.%s", c.name, d, c.d2, n, c.d2, m, c.d2), func(a *Assembler) { a.Vop3(c.op, D2, d, n, m) })
				}
			}
		}
	}
	// Two registers.
	op2 := []struct {
		op       Op2
		name     string
		arr      Arr
		dst, src string
	}{
		{VNOT, "mvn", S4, "16b", "16b"}, {VNEG, "neg", S4, "4s", "4s"}, {VNEG, "neg", D2, "2d", "2d"},
		{VABS, "abs", S4, "4s", "4s"}, {VABS, "abs", D2, "2d", "2d"}, {VCNT, "cnt", S4, "16b", "16b"},
		{VRBIT, "rbit", S4, "16b", "16b"}, {VREV32, "rev32", S4, "16b", "16b"}, {VREV64, "rev64", S4, "16b", "16b"},
		{VCLZ, "clz", S4, "4s", "4s"}, {VUADDLP, "uaddlp", B16, "8h", "16b"}, {VUADDLP, "uaddlp", H8, "4s", "8h"},
		{VUADDLP, "uaddlp", S4, "2d", "4s"}, {VFNEG, "fneg", S4, "4s", "4s"}, {VFNEG, "fneg", D2, "2d", "2d"},
		{VFABS, "fabs", D2, "2d", "2d"}, {VFSQRT, "fsqrt", S4, "4s", "4s"}, {VFSQRT, "fsqrt", D2, "2d", "2d"},
		{VFRINTM, "frintm", D2, "2d", "2d"}, {VFRINTP, "frintp", S4, "4s", "4s"}, {VFRINTZ, "frintz", D2, "2d", "2d"},
		{VFRINTN, "frintn", S4, "4s", "4s"}, {VSCVTF, "scvtf", D2, "2d", "2d"}, {VUCVTF, "ucvtf", S4, "4s", "4s"},
		{VFCVTZS, "fcvtzs", D2, "2d", "2d"}, {VFCVTZU, "fcvtzu", S4, "4s", "4s"}, {VCMEQ0, "cmeq", S4, "4s", "4s"},
		{VCMLT0, "cmlt", D2, "2d", "2d"}, {VFCVTL, "fcvtl", S4, "2d", "2s"}, {VFCVTL2, "fcvtl2", S4, "2d", "4s"},
		{VFCVTN, "fcvtn", S4, "2s", "2d"}, {VFCVTN2, "fcvtn2", S4, "4s", "2d"}, {VXTN, "xtn", S4, "2s", "2d"},
		{VXTN2, "xtn2", S4, "4s", "2d"}, {VSQXTN, "sqxtn", S4, "2s", "2d"}, {VUQXTN, "uqxtn", S4, "2s", "2d"},
		{VSQXTN2, "sqxtn2", S4, "4s", "2d"}, {VUQXTN2, "uqxtn2", S4, "4s", "2d"},
	}
	for _, c := range op2 {
		for _, regs := range [][2]V{{0, 1}, {31, 9}, {20, 28}} {
			d, n := regs[0], regs[1]
			s := fmt.Sprintf("%s v%d.%s, v%d.%s", c.name, d, c.dst, n, c.src)
			if c.op == VCMEQ0 || c.op == VCMLT0 {
				s += ", #0"
			}
			add(s, func(a *Assembler) { a.Vop2(c.op, c.arr, d, n) })
		}
	}
	add("xtn v1.4h, v2.4s", func(a *Assembler) { a.Vop2(VXTNH, S4, 1, 2) })
	add("xtn2 v1.8h, v2.4s", func(a *Assembler) { a.Vop2(VXTN2H, S4, 1, 2) })
	add("fcvtl v1.4s, v2.4h", func(a *Assembler) { a.Vop2(VFCVTLH, S4, 1, 2) })
	add("fcvtl2 v1.4s, v2.8h", func(a *Assembler) { a.Vop2(VFCVTL2H, S4, 1, 2) })
	add("fcvtn v1.4h, v2.4s", func(a *Assembler) { a.Vop2(VFCVTNH, S4, 1, 2) })
	add("fcvtxn v1.2s, v2.2d", func(a *Assembler) { a.Vop2(VFCVTXN, S4, 1, 2) })
	add("fcvtxn2 v1.4s, v2.2d", func(a *Assembler) { a.Vop2(VFCVTXN2, S4, 1, 2) })
	add("ushll v1.4s, v2.4h, #0", func(a *Assembler) { a.Vop2(VUXTLH, S4, 1, 2) })
	add("umaxv s3, v7.4s", func(a *Assembler) { a.Vop2(VUMAXV, S4, 3, 7) })
	// Shifts by an immediate.
	for _, sh := range []uint32{1, 8, 31} {
		add(fmt.Sprintf("shl v3.4s, v7.4s, #%d", sh), func(a *Assembler) { a.Vshift(VSHL, S4, 3, 7, sh) })
		add(fmt.Sprintf("ushr v3.4s, v7.4s, #%d", sh), func(a *Assembler) { a.Vshift(VUSHR, S4, 3, 7, sh) })
		add(fmt.Sprintf("sshr v3.4s, v7.4s, #%d", sh), func(a *Assembler) { a.Vshift(VSSHR, S4, 3, 7, sh) })
		add(fmt.Sprintf("shl v3.2d, v7.2d, #%d", sh+32), func(a *Assembler) { a.Vshift(VSHL, D2, 3, 7, sh+32) })
		add(fmt.Sprintf("ushr v3.2d, v7.2d, #%d", sh+32), func(a *Assembler) { a.Vshift(VUSHR, D2, 3, 7, sh+32) })
		add(fmt.Sprintf("sshr v3.2d, v7.2d, #%d", sh), func(a *Assembler) { a.Vshift(VSSHR, D2, 3, 7, sh) })
		add(fmt.Sprintf("shrn v3.2s, v7.2d, #%d", sh), func(a *Assembler) { a.Vshift(VSHRN, D2, 3, 7, sh) })
		add(fmt.Sprintf("shrn2 v3.4s, v7.2d, #%d", sh), func(a *Assembler) { a.Vshift(VSHRN2, D2, 3, 7, sh) })
	}
	add("ushll v3.2d, v7.2s, #0", func(a *Assembler) { a.Vshift(VUSHLL, S4, 3, 7, 0) })
	add("ushll2 v3.2d, v7.4s, #0", func(a *Assembler) { a.Vshift(VUSHLL2, S4, 3, 7, 0) })
	add("sshll v3.2d, v7.2s, #0", func(a *Assembler) { a.Vshift(VSSHLL, S4, 3, 7, 0) })
	add("sshll2 v3.2d, v7.4s, #0", func(a *Assembler) { a.Vshift(VSSHLL2, S4, 3, 7, 0) })
	add("ushr v3.2d, v7.2d, #64", func(a *Assembler) { a.Vshift(VUSHR, D2, 3, 7, 64) })
	add("shrn v3.2s, v7.2d, #32", func(a *Assembler) { a.Vshift(VSHRN, D2, 3, 7, 32) })
	// Moves and memory.
	add("movi v30.2d, #0xffffffffffffffff", func(a *Assembler) { a.MOVIbytes(30, 0xff) })
	add("movi v2.2d, #0x00ff00000000ffff", func(a *Assembler) { a.MOVIbytes(2, 0x43) })
	add("dup v28.4s, w9", func(a *Assembler) { a.DUP(S4, 28, X9) })
	add("dup v29.2d, x17", func(a *Assembler) { a.DUP(D2, 29, X17) })
	add("mov w9, v3.s[0]", func(a *Assembler) { a.UMOVs(X9, 3) })
	add("ld1r {v0.4s}, [x16]", func(a *Assembler) { a.LD1R(S4, 0, X16) })
	add("ld1r {v31.2d}, [x1]", func(a *Assembler) { a.LD1R(D2, 31, X1) })
	add("ldr q12, [x2, #65520]", func(a *Assembler) { a.LDRQ(12, X2, 65520) })
	add("str q13, [x16, #16]", func(a *Assembler) { a.STRQ(13, X16, 16) })
	add("ldr s5, [x1, #16380]", func(a *Assembler) { a.LDRS(5, X1, 16380) })
	add("str s5, [x1, #4]", func(a *Assembler) { a.STRS(5, X1, 4) })
	add("ldr d31, [x1, #32760]", func(a *Assembler) { a.LDRD(31, X1, 32760) })
	add("str d12, [x1, #8]", func(a *Assembler) { a.STRD(12, X1, 8) })
	return cs
}

// TestEncodings compares every instruction form the assembler emits,
// over several registers and immediates, with llvm-mc's encoding.
func TestEncodings(t *testing.T) {
	mc := llvmMC(t)
	cases := encCases()
	var src strings.Builder
	for _, c := range cases {
		src.WriteString(c.asm + "\n")
	}
	cmd := exec.Command(mc, "-triple=aarch64", "-mattr=+neon", "-show-encoding")
	cmd.Stdin = strings.NewReader(src.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("llvm-mc: %v\n%s", err, stderr.String())
	}
	enc := regexp.MustCompile(`encoding: \[([^\]]*)\]`)
	var want [][]byte
	for _, m := range enc.FindAllStringSubmatch(string(out), -1) {
		var b []byte
		for _, x := range strings.Split(m[1], ",") {
			v, err := strconv.ParseUint(strings.TrimSpace(x), 0, 8)
			if err != nil {
				t.Fatalf("encoding %q: %v", m[1], err)
			}
			b = append(b, byte(v))
		}
		want = append(want, b)
	}
	i := 0
	for _, c := range cases {
		var a Assembler
		c.emit(&a)
		got, err := a.Finish()
		if err != nil {
			t.Fatalf("%s: %v", c.asm, err)
		}
		n := len(got) / 4
		if i+n > len(want) {
			t.Fatalf("%s: llvm-mc gave fewer encodings than instructions", c.asm)
		}
		exp := bytes.Join(want[i:i+n], nil)
		i += n
		if !bytes.Equal(got, exp) {
			t.Errorf("%s: got %s, llvm-mc %s", strings.ReplaceAll(c.asm, "\n", "; "), words(got), words(exp))
		}
	}
	if i != len(want) {
		t.Errorf("%d instructions, llvm-mc encoded %d", i, len(want))
	}
}

func words(b []byte) string {
	var s []string
	for i := 0; i+4 <= len(b); i += 4 {
		s = append(s, fmt.Sprintf("%08x", binary.LittleEndian.Uint32(b[i:])))
	}
	return strings.Join(s, " ")
}

// TestBranches checks the label fix-ups: B, B.cond, CBZ/CBNZ and their
// far forms, and ADRP+ADD, forward and backward, against llvm-mc's
// encoding of the same offsets.
func TestBranches(t *testing.T) {
	mc := llvmMC(t)
	var a Assembler
	top, fwd := a.NewLabel(), a.NewLabel()
	a.Bind(top)
	a.B(fwd)
	a.Bcond(NE, top)
	a.CBZ(X9, true, fwd)
	a.CBNZ(X3, false, top)
	a.BcondFar(HS, fwd)
	a.CBZFar(X9, false, top)
	a.CBNZFar(X9, true, fwd)
	a.AddrOf(X9, fwd)
	for range 1100 { // past a page: ADRP's page distance is 1
		a.UDF()
	}
	a.Bind(fwd)
	a.RET()
	got, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	end := 4 * 12
	fwdOff := end + 4*1100
	// llvm-mc resolves "." relative branches; ADRP of a page distance
	// is written as an immediate (the code starts on a page).
	src := fmt.Sprintf(`b #%d
b.ne #%d
cbz w9, #%d
cbnz x3, #%d
b.lo #8
b #%d
cbnz x9, #8
b #%d
cbz w9, #8
b #%d
adrp x9, #%d
add x9, x9, #%d
`, fwdOff, -4, fwdOff-8, -12, fwdOff-20, -28, fwdOff-36, 4096*((fwdOff>>12)-(40>>12)), fwdOff&0xfff)
	cmd := exec.Command(mc, "-triple=aarch64", "-show-encoding")
	cmd.Stdin = strings.NewReader(src)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("llvm-mc: %v\n%s", err, out)
	}
	enc := regexp.MustCompile(`encoding: \[([^\]]*)\]`)
	var want []byte
	for _, m := range enc.FindAllStringSubmatch(string(out), -1) {
		for _, x := range strings.Split(m[1], ",") {
			v, _ := strconv.ParseUint(strings.TrimSpace(x), 0, 8)
			want = append(want, byte(v))
		}
	}
	if !bytes.Equal(got[:len(want)], want) {
		t.Errorf("branches:\ngot  %s\nwant %s", words(got[:len(want)]), words(want))
	}
}
