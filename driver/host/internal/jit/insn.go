package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The element-wise lane ops that are one AVX2 instruction, named once for
// the general path (emit32, emit64) and the register-cache path
// (directOp, directConst).

// vexForm is one AVX2 instruction d = x op y over a register's lanes: its
// register form, and its form with y in memory where the code uses one.
type vexForm struct {
	reg func(a *amd64.Assembler, d, x, y amd64.Y)
	mem func(a *amd64.Assembler, d, x amd64.Y, m amd64.Mem)
}

// asm names the assembler in the method expressions of laneInsn.
type asm = *amd64.Assembler

// laneInsn is each op's instruction over 32-bit lanes ([0]) and over
// 64-bit lanes ([1]); a zero vexForm where there is none.
var laneInsn = map[lanes.Code][2]vexForm{
	lanes.Add:     {{asm.VPADDD, asm.VPADDDmem}, {asm.VPADDQ, asm.VPADDQmem}},
	lanes.Sub:     {{asm.VPSUBD, asm.VPSUBDmem}, {asm.VPSUBQ, asm.VPSUBQmem}},
	lanes.Mul:     {{asm.VPMULLD, asm.VPMULLDmem}, {}},
	lanes.And:     {{asm.VPAND, asm.VPANDmem}, {asm.VPAND, asm.VPANDmem}},
	lanes.Or:      {{asm.VPOR, asm.VPORmem}, {asm.VPOR, asm.VPORmem}},
	lanes.Xor:     {{asm.VPXOR, asm.VPXORmem}, {asm.VPXOR, asm.VPXORmem}},
	lanes.MaskAnd: {{asm.VPAND, asm.VPANDmem}, {}},
	lanes.MaskOr:  {{asm.VPOR, asm.VPORmem}, {}},
	lanes.MaskXor: {{asm.VPXOR, asm.VPXORmem}, {}},
	lanes.MaskAndNot: {{reg: func(a *amd64.Assembler, d, x, y amd64.Y) {
		a.VPANDN(d, y, x) // x &^ y
	}}, {}},
	lanes.Shl:  {{reg: asm.VPSLLVD}, {reg: asm.VPSLLVQ}},
	lanes.ShrU: {{reg: asm.VPSRLVD}, {reg: asm.VPSRLVQ}},
	lanes.ShrS: {{reg: asm.VPSRAVD}, {}},
	lanes.UMin: {{reg: asm.VPMINUD}, {}},
	lanes.UMax: {{reg: asm.VPMAXUD}, {}},
	lanes.SMin: {{reg: asm.VPMINSD}, {}},
	lanes.SMax: {{reg: asm.VPMAXSD}, {}},
	lanes.Eq:   {{reg: asm.VPCMPEQD}, {}},
	lanes.FAdd: {{reg: asm.VADDPS}, {reg: asm.VADDPD}},
	lanes.FSub: {{reg: asm.VSUBPS}, {reg: asm.VSUBPD}},
	lanes.FMul: {{reg: asm.VMULPS}, {reg: asm.VMULPD}},
	lanes.FDiv: {{reg: asm.VDIVPS}, {reg: asm.VDIVPD}},
}

// insn is c's instruction over 32-bit lanes, or 64-bit ones (wide).
func insn(c lanes.Code, wide bool) vexForm {
	if wide {
		return laneInsn[c][1]
	}
	return laneInsn[c][0]
}
