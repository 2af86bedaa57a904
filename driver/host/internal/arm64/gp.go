package arm64

// General-purpose instructions. w selects the 32-bit form (W registers)
// where a method takes it.

func sf(w bool) uint32 {
	if w {
		return 0
	}
	return 1 << 31
}

// MOVimm sets d to v with MOVZ, MOVN and MOVK (the fewest of them).
func (a *Assembler) MOVimm(d Reg, v uint64) {
	var half [4]uint16
	zeros, ones := 0, 0
	for i := range half {
		half[i] = uint16(v >> (16 * i))
		if half[i] == 0 {
			zeros++
		}
		if half[i] == 0xffff {
			ones++
		}
	}
	first := true
	if ones > zeros {
		// MOVN: d = ^(imm16 << 16*hw), then MOVK the other halves.
		for i, h := range half {
			if h == 0xffff {
				continue
			}
			if first {
				a.Word(0x92800000 | uint32(i)<<21 | uint32(^h)<<5 | uint32(d))
				first = false
				continue
			}
			a.Word(0xf2800000 | uint32(i)<<21 | uint32(h)<<5 | uint32(d))
		}
		if first {
			a.Word(0x92800000 | uint32(d)) // all ones
		}
		return
	}
	for i, h := range half {
		if h == 0 {
			continue
		}
		if first {
			a.Word(0xd2800000 | uint32(i)<<21 | uint32(h)<<5 | uint32(d))
			first = false
			continue
		}
		a.Word(0xf2800000 | uint32(i)<<21 | uint32(h)<<5 | uint32(d))
	}
	if first {
		a.Word(0xd2800000 | uint32(d))
	}
}

// ADDimm and SUBimm: d = n ± imm, imm < 2^24 (a 12-bit immediate, or
// shifted by 12, or both, through d); n and d may be SP (31).
func (a *Assembler) ADDimm(d, n Reg, imm int64, w bool) { a.addsub(d, n, imm, w, false) }
func (a *Assembler) SUBimm(d, n Reg, imm int64, w bool) { a.addsub(d, n, imm, w, true) }

func (a *Assembler) addsub(d, n Reg, imm int64, w, sub bool) {
	if imm < 0 {
		imm, sub = -imm, !sub
	}
	if imm >= 1<<24 {
		a.fail("add/sub immediate %d out of range", imm)
		return
	}
	op := 0x11000000 | sf(w)
	if sub {
		op |= 1 << 30
	}
	lo, hi := uint32(imm&0xfff), uint32(imm>>12)
	if hi != 0 {
		a.Word(op | 1<<22 | hi<<10 | uint32(n)<<5 | uint32(d))
		n = d
		if lo == 0 {
			return
		}
	}
	a.Word(op | lo<<10 | uint32(n)<<5 | uint32(d))
}

// CMPimm compares n with imm (0 <= imm < 4096): SUBS ZR.
func (a *Assembler) CMPimm(n Reg, imm uint32, w bool) {
	a.Word(0x71000000 | sf(w) | (imm&0xfff)<<10 | uint32(n)<<5 | 31)
}

// CMNimm compares n with -imm: ADDS ZR.
func (a *Assembler) CMNimm(n Reg, imm uint32, w bool) {
	a.Word(0x31000000 | sf(w) | (imm&0xfff)<<10 | uint32(n)<<5 | 31)
}

// Shift types of the shifted-register forms.
const (
	LSL = 0
	LSR = 1
	ASR = 2
)

// reg3 is a data-processing (shifted register) instruction.
func (a *Assembler) reg3(op uint32, d, n, m Reg, w bool, shift, amount uint32) {
	a.Word(op | sf(w) | shift<<22 | uint32(m)<<16 | (amount&63)<<10 | uint32(n)<<5 | uint32(d))
}

// ADD, SUB, ADDS, SUBS, AND, ORR, EOR: d = n op (m shifted).
func (a *Assembler) ADD(d, n, m Reg, w bool)  { a.reg3(0x0b000000, d, n, m, w, 0, 0) }
func (a *Assembler) SUB(d, n, m Reg, w bool)  { a.reg3(0x4b000000, d, n, m, w, 0, 0) }
func (a *Assembler) ADDS(d, n, m Reg, w bool) { a.reg3(0x2b000000, d, n, m, w, 0, 0) }
func (a *Assembler) SUBS(d, n, m Reg, w bool) { a.reg3(0x6b000000, d, n, m, w, 0, 0) }
func (a *Assembler) AND(d, n, m Reg, w bool)  { a.reg3(0x0a000000, d, n, m, w, 0, 0) }
func (a *Assembler) ORR(d, n, m Reg, w bool)  { a.reg3(0x2a000000, d, n, m, w, 0, 0) }
func (a *Assembler) EOR(d, n, m Reg, w bool)  { a.reg3(0x4a000000, d, n, m, w, 0, 0) }

// ADDshift: d = n + (m shifted by amount).
func (a *Assembler) ADDshift(d, n, m Reg, w bool, shift, amount uint32) {
	a.reg3(0x0b000000, d, n, m, w, shift, amount)
}

// CMP compares n with m (SUBS ZR); CMPshift with m shifted.
func (a *Assembler) CMP(n, m Reg, w bool) { a.reg3(0x6b000000, 31, n, m, w, 0, 0) }
func (a *Assembler) CMPshift(n, m Reg, w bool, shift, amount uint32) {
	a.reg3(0x6b000000, 31, n, m, w, shift, amount)
}

// MOV copies m to d (ORR with ZR).
func (a *Assembler) MOV(d, m Reg, w bool) { a.reg3(0x2a000000, d, 31, m, w, 0, 0) }

// MADD d = ra + n*m, MSUB d = ra - n*m, MUL d = n*m.
func (a *Assembler) MADD(d, n, m, ra Reg, w bool) {
	a.Word(0x1b000000 | sf(w) | uint32(m)<<16 | uint32(ra)<<10 | uint32(n)<<5 | uint32(d))
}
func (a *Assembler) MSUB(d, n, m, ra Reg, w bool) {
	a.Word(0x1b008000 | sf(w) | uint32(m)<<16 | uint32(ra)<<10 | uint32(n)<<5 | uint32(d))
}
func (a *Assembler) MUL(d, n, m Reg, w bool) { a.MADD(d, n, m, 31, w) }

// SMULH: d = the high 64 bits of the signed 128-bit n*m.
func (a *Assembler) SMULH(d, n, m Reg) {
	a.Word(0x9b407c00 | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}

// UDIV and SDIV: d = n / m (0 where m is 0; SDIV: MinInt/-1 = MinInt).
func (a *Assembler) UDIV(d, n, m Reg, w bool) {
	a.Word(0x1ac00800 | sf(w) | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}
func (a *Assembler) SDIV(d, n, m Reg, w bool) {
	a.Word(0x1ac00c00 | sf(w) | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}

// CSEL: d = c ? n : m.
func (a *Assembler) CSEL(d, n, m Reg, c Cond, w bool) {
	a.Word(0x1a800000 | sf(w) | uint32(m)<<16 | uint32(c)<<12 | uint32(n)<<5 | uint32(d))
}

// LSRimm and ASRimm (64-bit): d = n >> sh (UBFM, SBFM).
func (a *Assembler) LSRimm(d, n Reg, sh uint32) {
	a.Word(0xd340fc00 | (sh&63)<<16 | uint32(n)<<5 | uint32(d))
}
func (a *Assembler) ASRimm(d, n Reg, sh uint32) {
	a.Word(0x9340fc00 | (sh&63)<<16 | uint32(n)<<5 | uint32(d))
}

// SXTW: d = n's low 32 bits sign-extended (SBFM #0, #31).
func (a *Assembler) SXTW(d, n Reg) { a.Word(0x93407c00 | uint32(n)<<5 | uint32(d)) }

// Memory access sizes (log2 of the bytes).
const (
	Byte  = 0
	Half  = 1
	Word  = 2
	Dword = 3
)

// LDR and STR of 1<<size bytes at n + off (0 <= off, a multiple of the
// size, < 4096 times it); LDR zero-extends. The callers check the range
// (Fits).
func (a *Assembler) LDR(t, n Reg, off int64, size uint32) { a.ldst(0x39400000, t, n, off, size) }
func (a *Assembler) STR(t, n Reg, off int64, size uint32) { a.ldst(0x39000000, t, n, off, size) }

// LDRSW: t = the 32-bit word at n + off sign-extended.
func (a *Assembler) LDRSW(t, n Reg, off int64) {
	if !Fits(off, Word) {
		a.fail("ldrsw offset %d", off)
		return
	}
	a.Word(0xb9800000 | uint32(off/4)<<10 | uint32(n)<<5 | uint32(t))
}

// Fits reports whether off is an unsigned scaled offset of an access of
// 1<<size bytes.
func Fits(off int64, size uint32) bool {
	return off >= 0 && off%(1<<size) == 0 && off>>size < 4096
}

func (a *Assembler) ldst(op uint32, t, n Reg, off int64, size uint32) {
	if !Fits(off, size) {
		a.fail("load/store offset %d for size %d", off, 1<<size)
		return
	}
	a.Word(op | size<<30 | uint32(off>>size)<<10 | uint32(n)<<5 | uint32(t))
}

// LDRidx and STRidx access 1<<size bytes at n + m, m a W register
// zero-extended (UXTW); LDR zero-extends.
func (a *Assembler) LDRidx(t, n, m Reg, size uint32) {
	a.Word(0x38604800 | size<<30 | uint32(m)<<16 | uint32(n)<<5 | uint32(t))
}
func (a *Assembler) STRidx(t, n, m Reg, size uint32) {
	a.Word(0x38204800 | size<<30 | uint32(m)<<16 | uint32(n)<<5 | uint32(t))
}

// LDP loads two X registers from n + off (off a multiple of 8 in
// [-512, 504]).
func (a *Assembler) LDP(t1, t2, n Reg, off int64) {
	if off%8 != 0 || off < -512 || off > 504 {
		a.fail("ldp offset %d", off)
		return
	}
	a.Word(0xa9400000 | (uint32(off/8)&0x7f)<<15 | uint32(t2)<<10 | uint32(n)<<5 | uint32(t1))
}

// SCVTFsx and UCVTFsx: float32 s(d) = the signed (unsigned) 64-bit n,
// rounded once; SCVTFdx and UCVTFdx to float64.
func (a *Assembler) SCVTFsx(d V, n Reg) { a.Word(0x9e220000 | uint32(n)<<5 | uint32(d)) }
func (a *Assembler) UCVTFsx(d V, n Reg) { a.Word(0x9e230000 | uint32(n)<<5 | uint32(d)) }

// FMOVtoS: s(d) = w(n); FMOVfromS: w(d) = s(n); FMOVtoD, FMOVfromD: the
// 64-bit forms.
func (a *Assembler) FMOVtoS(d V, n Reg)   { a.Word(0x1e270000 | uint32(n)<<5 | uint32(d)) }
func (a *Assembler) FMOVfromS(d Reg, n V) { a.Word(0x1e260000 | uint32(n)<<5 | uint32(d)) }
func (a *Assembler) FMOVtoD(d V, n Reg)   { a.Word(0x9e670000 | uint32(n)<<5 | uint32(d)) }
func (a *Assembler) FMOVfromD(d Reg, n V) { a.Word(0x9e660000 | uint32(n)<<5 | uint32(d)) }

// SUBSimm: d = n - imm (0 <= imm < 4096), setting the flags.
func (a *Assembler) SUBSimm(d, n Reg, imm uint32, w bool) {
	a.Word(0x71000000 | sf(w) | (imm&0xfff)<<10 | uint32(n)<<5 | uint32(d))
}

// UMULH: d = the high 64 bits of the unsigned 128-bit n*m.
func (a *Assembler) UMULH(d, n, m Reg) {
	a.Word(0x9bc07c00 | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}

// RBIT and CLZ (64-bit): d = n's bits reversed, its leading zeros.
func (a *Assembler) RBIT(d, n Reg) { a.Word(0xdac00000 | uint32(n)<<5 | uint32(d)) }
func (a *Assembler) CLZ(d, n Reg)  { a.Word(0xdac01000 | uint32(n)<<5 | uint32(d)) }

// CSINV: d = c ? n : ^m.
func (a *Assembler) CSINV(d, n, m Reg, c Cond, w bool) {
	a.Word(0x5a800000 | sf(w) | uint32(m)<<16 | uint32(c)<<12 | uint32(n)<<5 | uint32(d))
}

// LSLreg: d = n << (m mod 64) (LSLV).
func (a *Assembler) LSLreg(d, n, m Reg) {
	a.Word(0x9ac02000 | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}

// Exclusive and ordered accesses of the word (w: 32 bits) at n: LDAXR
// (load-acquire exclusive), STLXR (store-release exclusive; s = 0 where
// it stored), LDAR, STLR, and CLREX (drops the exclusive monitor).
func (a *Assembler) LDAXR(t, n Reg, w bool) { a.Word(0xc85ffc00&^wbit(w) | uint32(n)<<5 | uint32(t)) }
func (a *Assembler) STLXR(s, t, n Reg, w bool) {
	a.Word(0xc800fc00&^wbit(w) | uint32(s)<<16 | uint32(n)<<5 | uint32(t))
}
func (a *Assembler) LDAR(t, n Reg, w bool) { a.Word(0xc8dffc00&^wbit(w) | uint32(n)<<5 | uint32(t)) }
func (a *Assembler) STLR(t, n Reg, w bool) { a.Word(0xc89ffc00&^wbit(w) | uint32(n)<<5 | uint32(t)) }
func (a *Assembler) CLREX()                { a.Word(0xd5033f5f) }

// wbit is bit 30, the size bit of the exclusive forms (set: 64-bit).
func wbit(w bool) uint32 {
	if w {
		return 1 << 30
	}
	return 0
}
