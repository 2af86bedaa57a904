package amd64

// This file holds the encoding machinery shared by all instructions: the
// r/m operand (a register or memory), ModRM/SIB/displacement, and the REX
// and VEX prefixes (Intel SDM vol. 2, chapters 2.1-2.3).

// rmOp is the r/m operand of an instruction: a register number (0-15, of
// whatever register file the instruction says) or a memory operand.
type rmOp struct {
	isMem bool
	reg   byte
	m     Mem
	vsib  bool // m.Index is unused; vidx is a vector index register
	vidx  byte
}

// gr is a general-purpose register as an r/m operand.
func (a *Assembler) gr(r R) rmOp { return rmOp{reg: a.gnum(r)} }

// gnum is r's encoding, checking that r is a register.
func (a *Assembler) gnum(r R) byte {
	if r == NoReg || r > R15 {
		a.errorf("%v is not a general-purpose register", r)
		return 0
	}
	return r.num()
}

// vnum is y's encoding, checking that y is a register.
func (a *Assembler) vnum(y Y) byte {
	if y > Y15 {
		a.errorf("%v has no VEX encoding (EVEX only)", y)
		return 0
	}
	a.yUsed |= 1 << y
	return byte(y)
}

func (a *Assembler) yr(y Y) rmOp { return rmOp{reg: a.vnum(y)} }

func mem(m Mem) rmOp { return rmOp{isMem: true, m: m} }

func vmem(m VMem) rmOp {
	return rmOp{isMem: true, vsib: true, vidx: byte(m.Index), m: Mem{Base: m.Base, Scale: m.Scale, Disp: m.Disp}}
}

// xb are the REX/VEX X and B extension bits of the operand.
func (o rmOp) xb() (x, b byte) {
	if !o.isMem {
		return 0, o.reg >> 3
	}
	if o.m.rip {
		return 0, 0
	}
	if o.vsib {
		x = o.vidx >> 3 & 1
	} else if o.m.Index != NoReg {
		x = o.m.Index.num() >> 3
	}
	if o.m.Base != NoReg {
		b = o.m.Base.num() >> 3
	}
	return x, b
}

// modrm emits the ModRM byte with reg in its reg field and o as r/m, then
// SIB and displacement; tail is the number of bytes (an immediate) that
// follow in the instruction, which a RIP-relative displacement must count.
func (a *Assembler) modrm(reg byte, o rmOp, tail int) { a.modrmN(reg, o, tail, 1) }

// modrmN is modrm with an 8-bit displacement scaled by n (EVEX's disp8*N
// compression: n is the memory operand's size; 1 for legacy and VEX).
func (a *Assembler) modrmN(reg byte, o rmOp, tail int, n int32) {
	r := (reg & 7) << 3
	if !o.isMem {
		a.byte1(0xc0 | r | o.reg&7)
		return
	}
	m := o.m
	if m.rip {
		a.byte1(0x05 | r)
		a.rel32(m.label, m.Disp, tail)
		return
	}
	var ss byte
	switch m.Scale {
	case 0, 1:
	case 2:
		ss = 1
	case 4:
		ss = 2
	case 8:
		ss = 3
	default:
		a.errorAt(a.start, "scale %d (want 1, 2, 4 or 8)", m.Scale)
	}
	hasIndex := o.vsib || m.Index != NoReg
	var idx byte = 4 // no index
	if o.vsib {
		idx = o.vidx & 7
	} else if m.Index != NoReg {
		if m.Index == RSP || m.Index > R15 {
			a.errorAt(a.start, "%v cannot be an index register", m.Index)
		}
		idx = m.Index.num() & 7
	}
	if m.Base == NoReg {
		// [index*scale+disp32] or [disp32]: SIB with base 101 and mod 00.
		a.byte1(0x04 | r)
		a.byte1(ss<<6 | idx<<3 | 5)
		a.imm32(m.Disp)
		return
	}
	base := a.gnum(m.Base) & 7
	var mod byte
	switch {
	case m.Disp == 0 && base != 5: // RBP and R13 need a displacement
		mod = 0
	case m.Disp%n == 0 && fitsInt8(m.Disp/n):
		mod = 1
	default:
		mod = 2
	}
	if hasIndex || base == 4 { // RSP and R12 need a SIB
		a.byte1(mod<<6 | r | 4)
		a.byte1(ss<<6 | idx<<3 | base)
	} else {
		a.byte1(mod<<6 | r | base)
	}
	switch mod {
	case 1:
		a.imm8(byte(int8(m.Disp / n)))
	case 2:
		a.imm32(m.Disp)
	}
}

// rex emits a REX prefix when one is needed (W, or an extended register),
// or always when force is set (byte access to SPL..DIL).
func (a *Assembler) rex(w bool, reg byte, o rmOp, force bool) {
	a.start = len(a.buf)
	x, b := o.xb()
	p := byte(0x40) | (reg>>3&1)<<2 | x<<1 | b
	if w {
		p |= 8
	}
	if p != 0x40 || force {
		a.byte1(p)
	}
}

// legacy emits [REX] opcode ModRM... for a general-purpose instruction.
func (a *Assembler) legacy(w bool, op []byte, reg byte, o rmOp, tail int) {
	a.rex(w, reg, o, false)
	a.buf = append(a.buf, op...)
	a.modrm(reg, o, tail)
}

// vop is a VEX-encoded opcode: its implied prefix (pp: 0 none, 1 66, 2 F3,
// 3 F2), opcode map (mm: 1 0F, 2 0F38, 3 0F3A), VEX.W and opcode byte.
type vop struct {
	pp, mm, w, op byte
}

// The implied prefixes and maps, for the tables.
const (
	ppNone, pp66, ppF3, ppF2 = 0, 1, 2, 3
	map0F, map0F38, map0F3A  = 1, 2, 3
)

// vex emits the VEX prefix, opcode, ModRM... for an instruction with reg in
// ModRM.reg, vvvv as the extra source (0 when unused, encoded as 1111) and
// o as r/m; l is VEX.L (1 for 256-bit).
func (a *Assembler) vex(o vop, l, reg, vvvv byte, rm rmOp, tail int) {
	a.start = len(a.buf)
	x, b := rm.xb()
	rbit := reg >> 3 & 1
	if x == 0 && b == 0 && o.w == 0 && o.mm == map0F {
		a.byte1(0xc5)
		a.byte1((rbit^1)<<7 | (^vvvv&15)<<3 | l<<2 | o.pp)
	} else {
		a.byte1(0xc4)
		a.byte1((rbit^1)<<7 | (x^1)<<6 | (b^1)<<5 | o.mm)
		a.byte1(o.w<<7 | (^vvvv&15)<<3 | l<<2 | o.pp)
	}
	a.byte1(o.op)
	a.modrm(reg, rm, tail)
}

// fitsInt8 says v can be a sign-extended imm8.
func fitsInt8(v int32) bool { return v == int32(int8(v)) }
