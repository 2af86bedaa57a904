package amd64

// General-purpose instructions. The Q forms operate on 64 bits (REX.W), the
// L forms on 32 bits (which zero the upper half of a register destination).

// MOVQ is mov dst, src (64-bit registers).
func (a *Assembler) MOVQ(dst, src R) { a.legacy(true, []byte{0x89}, a.gnum(src), a.gr(dst), 0) }

// MOVL is mov dst, src (32-bit registers; zero-extends into dst).
func (a *Assembler) MOVL(dst, src R) { a.legacy(false, []byte{0x89}, a.gnum(src), a.gr(dst), 0) }

// MOVQload is mov dst, qword ptr m.
func (a *Assembler) MOVQload(dst R, m Mem) { a.legacy(true, []byte{0x8b}, a.gnum(dst), mem(m), 0) }

// MOVLload is mov dst32, dword ptr m (zero-extends).
func (a *Assembler) MOVLload(dst R, m Mem) { a.legacy(false, []byte{0x8b}, a.gnum(dst), mem(m), 0) }

// MOVQstore is mov qword ptr m, src.
func (a *Assembler) MOVQstore(m Mem, src R) { a.legacy(true, []byte{0x89}, a.gnum(src), mem(m), 0) }

// MOVLstore is mov dword ptr m, src32.
func (a *Assembler) MOVLstore(m Mem, src R) { a.legacy(false, []byte{0x89}, a.gnum(src), mem(m), 0) }

// MOVWstore is mov word ptr m, src16.
func (a *Assembler) MOVWstore(m Mem, src R) {
	a.byte1(0x66)
	a.legacy(false, []byte{0x89}, a.gnum(src), mem(m), 0)
}

// MOVBstore is mov byte ptr m, src8 (the low byte of src; SPL..DIL need a
// REX prefix, which it emits).
func (a *Assembler) MOVBstore(m Mem, src R) {
	n := a.gnum(src)
	o := mem(m)
	a.rex(false, n, o, n >= 4 && n < 8)
	a.byte1(0x88)
	a.modrm(n, o, 0)
}

// MOVZXBload is movzx dst32, byte ptr m (zero-extends to 64 bits).
func (a *Assembler) MOVZXBload(dst R, m Mem) {
	a.legacy(false, []byte{0x0f, 0xb6}, a.gnum(dst), mem(m), 0)
}

// MOVZXWload is movzx dst32, word ptr m.
func (a *Assembler) MOVZXWload(dst R, m Mem) {
	a.legacy(false, []byte{0x0f, 0xb7}, a.gnum(dst), mem(m), 0)
}

// MOVSXD is movsxd dst64, src32.
func (a *Assembler) MOVSXD(dst, src R) { a.legacy(true, []byte{0x63}, a.gnum(dst), a.gr(src), 0) }

// MOVSXDload is movsxd dst64, dword ptr m.
func (a *Assembler) MOVSXDload(dst R, m Mem) { a.legacy(true, []byte{0x63}, a.gnum(dst), mem(m), 0) }

// MOVQimm is mov dst, v in the shortest form: a sign-extended imm32 (REX.W
// C7), a zero-extended imm32 (mov dst32, v), or a full imm64 (movabs).
func (a *Assembler) MOVQimm(dst R, v int64) {
	switch {
	case v == int64(int32(v)):
		a.legacy(true, []byte{0xc7}, 0, a.gr(dst), 0)
		a.imm32(int32(v))
	case v == int64(uint32(v)):
		a.MOVLimm(dst, uint32(v))
	default:
		n := a.gnum(dst)
		a.byte1(0x48 | n>>3)
		a.byte1(0xb8 | n&7)
		a.imm64(v)
	}
}

// MOVLimm is mov dst32, v (zero-extends).
func (a *Assembler) MOVLimm(dst R, v uint32) {
	n := a.gnum(dst)
	if n >= 8 {
		a.byte1(0x41)
	}
	a.byte1(0xb8 | n&7)
	a.imm32(int32(v))
}

// MOVQstoreImm is mov qword ptr m, v (sign-extended).
func (a *Assembler) MOVQstoreImm(m Mem, v int32) {
	a.legacy(true, []byte{0xc7}, 0, mem(m), 4)
	a.imm32(v)
}

// MOVLstoreImm is mov dword ptr m, v.
func (a *Assembler) MOVLstoreImm(m Mem, v int32) {
	a.legacy(false, []byte{0xc7}, 0, mem(m), 4)
	a.imm32(v)
}

// LEAQ is lea dst, m.
func (a *Assembler) LEAQ(dst R, m Mem) { a.legacy(true, []byte{0x8d}, a.gnum(dst), mem(m), 0) }

// LEAQlabel is lea dst, [rip+l]: the address of a label (a resume point).
func (a *Assembler) LEAQlabel(dst R, l Label) { a.LEAQ(dst, LabelMem(l, 0)) }

// aluOp is the /digit of the group-1 arithmetic instructions; their
// r/m,reg opcode is digit*8+1, reg,r/m is digit*8+3, rax,imm32 digit*8+5.
type aluOp byte

const (
	aluADD aluOp = 0
	aluOR  aluOp = 1
	aluAND aluOp = 4
	aluSUB aluOp = 5
	aluXOR aluOp = 6
	aluCMP aluOp = 7
)

func (a *Assembler) aluRR(op aluOp, w bool, dst, src R) {
	a.legacy(w, []byte{byte(op)<<3 | 1}, a.gnum(src), a.gr(dst), 0)
}

func (a *Assembler) aluLoad(op aluOp, w bool, dst R, m Mem) {
	a.legacy(w, []byte{byte(op)<<3 | 3}, a.gnum(dst), mem(m), 0)
}

func (a *Assembler) aluStore(op aluOp, w bool, m Mem, src R) {
	a.legacy(w, []byte{byte(op)<<3 | 1}, a.gnum(src), mem(m), 0)
}

// aluImm emits op dst, v: imm8 when it fits, else the short RAX form or
// the imm32 form (the choices the GNU assembler makes).
func (a *Assembler) aluImm(op aluOp, w bool, o rmOp, v int32) {
	switch {
	case fitsInt8(v):
		a.legacy(w, []byte{0x83}, byte(op), o, 1)
		a.imm8(byte(int8(v)))
	case !o.isMem && o.reg == 0:
		if w {
			a.byte1(0x48)
		}
		a.byte1(byte(op)<<3 | 5)
		a.imm32(v)
	default:
		a.legacy(w, []byte{0x81}, byte(op), o, 4)
		a.imm32(v)
	}
}

// ADDQ is add dst, src.
func (a *Assembler) ADDQ(dst, src R) { a.aluRR(aluADD, true, dst, src) }

// ADDL is add dst32, src32.
func (a *Assembler) ADDL(dst, src R) { a.aluRR(aluADD, false, dst, src) }

// ADDQimm is add dst, v.
func (a *Assembler) ADDQimm(dst R, v int32) { a.aluImm(aluADD, true, a.gr(dst), v) }

// ADDLimm is add dst32, v.
func (a *Assembler) ADDLimm(dst R, v int32) { a.aluImm(aluADD, false, a.gr(dst), v) }

// ADDQload is add dst, qword ptr m.
func (a *Assembler) ADDQload(dst R, m Mem) { a.aluLoad(aluADD, true, dst, m) }

// ADDQstore is add qword ptr m, src.
func (a *Assembler) ADDQstore(m Mem, src R) { a.aluStore(aluADD, true, m, src) }

// ADDQmemImm is add qword ptr m, v.
func (a *Assembler) ADDQmemImm(m Mem, v int32) { a.aluImm(aluADD, true, mem(m), v) }

// ADDLmemImm is add dword ptr m, v.
func (a *Assembler) ADDLmemImm(m Mem, v int32) { a.aluImm(aluADD, false, mem(m), v) }

// SUBQ is sub dst, src.
func (a *Assembler) SUBQ(dst, src R) { a.aluRR(aluSUB, true, dst, src) }

// SUBL is sub dst32, src32.
func (a *Assembler) SUBL(dst, src R) { a.aluRR(aluSUB, false, dst, src) }

// SUBQimm is sub dst, v.
func (a *Assembler) SUBQimm(dst R, v int32) { a.aluImm(aluSUB, true, a.gr(dst), v) }

// SUBLimm is sub dst32, v.
func (a *Assembler) SUBLimm(dst R, v int32) { a.aluImm(aluSUB, false, a.gr(dst), v) }

// SUBQload is sub dst, qword ptr m.
func (a *Assembler) SUBQload(dst R, m Mem) { a.aluLoad(aluSUB, true, dst, m) }

// SUBQstore is sub qword ptr m, src.
func (a *Assembler) SUBQstore(m Mem, src R) { a.aluStore(aluSUB, true, m, src) }

// ANDQ is and dst, src.
func (a *Assembler) ANDQ(dst, src R) { a.aluRR(aluAND, true, dst, src) }

// ANDL is and dst32, src32.
func (a *Assembler) ANDL(dst, src R) { a.aluRR(aluAND, false, dst, src) }

// ANDQimm is and dst, v.
func (a *Assembler) ANDQimm(dst R, v int32) { a.aluImm(aluAND, true, a.gr(dst), v) }

// ANDLimm is and dst32, v.
func (a *Assembler) ANDLimm(dst R, v int32) { a.aluImm(aluAND, false, a.gr(dst), v) }

// ORQ is or dst, src.
func (a *Assembler) ORQ(dst, src R) { a.aluRR(aluOR, true, dst, src) }

// ORL is or dst32, src32.
func (a *Assembler) ORL(dst, src R) { a.aluRR(aluOR, false, dst, src) }

// ORLimm is or dst32, v.
func (a *Assembler) ORLimm(dst R, v int32) { a.aluImm(aluOR, false, a.gr(dst), v) }

// XORQ is xor dst, src.
func (a *Assembler) XORQ(dst, src R) { a.aluRR(aluXOR, true, dst, src) }

// XORL is xor dst32, src32 (xor r, r is the idiom for zeroing r).
func (a *Assembler) XORL(dst, src R) { a.aluRR(aluXOR, false, dst, src) }

// XORQload is xor dst, qword ptr m.
func (a *Assembler) XORQload(dst R, m Mem) { a.aluLoad(aluXOR, true, dst, m) }

// CMPQ is cmp x, y (flags of x-y).
func (a *Assembler) CMPQ(x, y R) { a.aluRR(aluCMP, true, x, y) }

// CMPL is cmp x32, y32.
func (a *Assembler) CMPL(x, y R) { a.aluRR(aluCMP, false, x, y) }

// CMPQimm is cmp x, v.
func (a *Assembler) CMPQimm(x R, v int32) { a.aluImm(aluCMP, true, a.gr(x), v) }

// CMPLimm is cmp x32, v.
func (a *Assembler) CMPLimm(x R, v int32) { a.aluImm(aluCMP, false, a.gr(x), v) }

// CMPQload is cmp x, qword ptr m.
func (a *Assembler) CMPQload(x R, m Mem) { a.aluLoad(aluCMP, true, x, m) }

// CMPQmemImm is cmp qword ptr m, v.
func (a *Assembler) CMPQmemImm(m Mem, v int32) { a.aluImm(aluCMP, true, mem(m), v) }

// CMPLmemImm is cmp dword ptr m, v.
func (a *Assembler) CMPLmemImm(m Mem, v int32) { a.aluImm(aluCMP, false, mem(m), v) }

// TESTQ is test x, y (flags of x&y).
func (a *Assembler) TESTQ(x, y R) { a.legacy(true, []byte{0x85}, a.gnum(y), a.gr(x), 0) }

// TESTL is test x32, y32.
func (a *Assembler) TESTL(x, y R) { a.legacy(false, []byte{0x85}, a.gnum(y), a.gr(x), 0) }

// TESTLimm is test x32, v.
func (a *Assembler) TESTLimm(x R, v int32) { a.testImm(false, a.gr(x), v) }

func (a *Assembler) testImm(w bool, o rmOp, v int32) {
	if !o.isMem && o.reg == 0 {
		if w {
			a.byte1(0x48)
		}
		a.byte1(0xa9)
	} else {
		a.legacy(w, []byte{0xf7}, 0, o, 4)
	}
	a.imm32(v)
}

// shift emits a group-2 shift by an immediate (D1 for a count of 1, as the
// GNU assembler does).
func (a *Assembler) shift(digit byte, w bool, dst R, n uint8) {
	if n == 1 {
		a.legacy(w, []byte{0xd1}, digit, a.gr(dst), 0)
		return
	}
	a.legacy(w, []byte{0xc1}, digit, a.gr(dst), 1)
	a.imm8(n)
}

// SHLQimm is shl dst, n.
func (a *Assembler) SHLQimm(dst R, n uint8) { a.shift(4, true, dst, n) }

// SHRQimm is shr dst, n.
func (a *Assembler) SHRQimm(dst R, n uint8) { a.shift(5, true, dst, n) }

// SARQimm is sar dst, n.
func (a *Assembler) SARQimm(dst R, n uint8) { a.shift(7, true, dst, n) }

// SHLLimm is shl dst32, n.
func (a *Assembler) SHLLimm(dst R, n uint8) { a.shift(4, false, dst, n) }

// SHLQcl is shl dst, cl.
func (a *Assembler) SHLQcl(dst R) { a.legacy(true, []byte{0xd3}, 4, a.gr(dst), 0) }

// SHRQcl is shr dst, cl.
func (a *Assembler) SHRQcl(dst R) { a.legacy(true, []byte{0xd3}, 5, a.gr(dst), 0) }

// SARQcl is sar dst, cl.
func (a *Assembler) SARQcl(dst R) { a.legacy(true, []byte{0xd3}, 7, a.gr(dst), 0) }

// IMULQ is imul dst, src.
func (a *Assembler) IMULQ(dst, src R) { a.legacy(true, []byte{0x0f, 0xaf}, a.gnum(dst), a.gr(src), 0) }

// IMULL is imul dst32, src32.
func (a *Assembler) IMULL(dst, src R) { a.legacy(false, []byte{0x0f, 0xaf}, a.gnum(dst), a.gr(src), 0) }

// IMULQload is imul dst, qword ptr m.
func (a *Assembler) IMULQload(dst R, m Mem) {
	a.legacy(true, []byte{0x0f, 0xaf}, a.gnum(dst), mem(m), 0)
}

// IMULQimm is imul dst, src, v.
func (a *Assembler) IMULQimm(dst, src R, v int32) {
	if fitsInt8(v) {
		a.legacy(true, []byte{0x6b}, a.gnum(dst), a.gr(src), 1)
		a.imm8(byte(int8(v)))
		return
	}
	a.legacy(true, []byte{0x69}, a.gnum(dst), a.gr(src), 4)
	a.imm32(v)
}

// INCQ is inc dst.
func (a *Assembler) INCQ(dst R) { a.legacy(true, []byte{0xff}, 0, a.gr(dst), 0) }

// DECQ is dec dst.
func (a *Assembler) DECQ(dst R) { a.legacy(true, []byte{0xff}, 1, a.gr(dst), 0) }

// INCL is inc dst32.
func (a *Assembler) INCL(dst R) { a.legacy(false, []byte{0xff}, 0, a.gr(dst), 0) }

// DECL is dec dst32.
func (a *Assembler) DECL(dst R) { a.legacy(false, []byte{0xff}, 1, a.gr(dst), 0) }

// NEGQ is neg dst.
func (a *Assembler) NEGQ(dst R) { a.legacy(true, []byte{0xf7}, 3, a.gr(dst), 0) }

// NOTQ is not dst.
func (a *Assembler) NOTQ(dst R) { a.legacy(true, []byte{0xf7}, 2, a.gr(dst), 0) }

// CMOVQcc is cmov<c> dst, src.
func (a *Assembler) CMOVQcc(c Cond, dst, src R) {
	a.legacy(true, []byte{0x0f, 0x40 | byte(c&15)}, a.gnum(dst), a.gr(src), 0)
}

// SETcc is set<c> dst8 (the low byte of dst; the rest is kept).
func (a *Assembler) SETcc(c Cond, dst R) {
	n := a.gnum(dst)
	o := rmOp{reg: n}
	a.rex(false, 0, o, n >= 4 && n < 8)
	a.byte1(0x0f)
	a.byte1(0x90 | byte(c&15))
	a.modrm(0, o, 0)
}

// Jcc is j<c> l with a rel32 displacement; l may be bound later.
func (a *Assembler) Jcc(c Cond, l Label) {
	a.byte1(0x0f)
	a.byte1(0x80 | byte(c&15))
	a.rel32(l, 0, 0)
}

// JMP is jmp l with a rel32 displacement.
func (a *Assembler) JMP(l Label) {
	a.byte1(0xe9)
	a.rel32(l, 0, 0)
}

// JMPreg is jmp r (register-indirect: resume points).
func (a *Assembler) JMPreg(r R) { a.legacy(false, []byte{0xff}, 4, a.gr(r), 0) }

// JMPmem is jmp qword ptr m.
func (a *Assembler) JMPmem(m Mem) { a.legacy(false, []byte{0xff}, 4, mem(m), 0) }

// CALLreg is call r.
func (a *Assembler) CALLreg(r R) { a.legacy(false, []byte{0xff}, 2, a.gr(r), 0) }

// RET is ret.
func (a *Assembler) RET() { a.byte1(0xc3) }

// UD2 is ud2 (an invalid opcode: marks code that must not be reached).
func (a *Assembler) UD2() { a.buf = append(a.buf, 0x0f, 0x0b) }
