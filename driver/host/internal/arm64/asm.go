package arm64

import (
	"errors"
	"fmt"
)

// Reg is a general-purpose register X0-X30; 31 is XZR or SP, as the
// instruction reads it.
type Reg uint8

// V is an Advanced SIMD register V0-V31.
type V uint8

// The registers by name (X0.. as the encodings number them).
const (
	X0 Reg = iota
	X1
	X2
	X3
	X4
	X5
	X6
	X7
	X8
	X9
	X10
	X11
	X12
	X13
	X14
	X15
	X16
	X17
	ZR Reg = 31
)

// Cond is a condition code of B.cond and CSEL.
type Cond uint8

// The condition codes.
const (
	EQ Cond = iota
	NE
	HS
	LO
	MI
	PL
	VS
	VC
	HI
	LS
	GE
	LT
	GT
	LE
)

// Invert is the opposite condition.
func (c Cond) Invert() Cond { return c ^ 1 }

// Label is a position in the code, bound once.
type Label int

type fixKind uint8

const (
	fixB     fixKind = iota // B, BL: imm26
	fixBcond                // B.cond, CBZ, CBNZ: imm19 at bit 5
	fixADRP                 // ADRP + ADD pair: the label's address
)

type fixup struct {
	at   int // byte offset of the instruction
	l    Label
	kind fixKind
}

// Assembler collects instructions; Finish resolves the labels.
type Assembler struct {
	buf    []byte
	labels []int // byte offset, -1 while unbound
	fixups []fixup
	err    error
}

// Len is the bytes emitted so far.
func (a *Assembler) Len() int { return len(a.buf) }

// Bytes is the code emitted so far (labels not yet resolved).
func (a *Assembler) Bytes() []byte { return a.buf }

// Word emits one instruction word.
func (a *Assembler) Word(w uint32) {
	a.buf = append(a.buf, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
}

func (a *Assembler) fail(format string, args ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("arm64: "+format, args...)
	}
}

// NewLabel makes an unbound label.
func (a *Assembler) NewLabel() Label {
	a.labels = append(a.labels, -1)
	return Label(len(a.labels) - 1)
}

// Bind places l at the current position.
func (a *Assembler) Bind(l Label) {
	if a.labels[l] >= 0 {
		a.fail("label %d bound twice", l)
	}
	a.labels[l] = len(a.buf)
}

// LabelOffset is the byte offset of bound label l (after Finish).
func (a *Assembler) LabelOffset(l Label) int { return a.labels[l] }

// Finish patches the branches and returns the code.
func (a *Assembler) Finish() ([]byte, error) {
	if a.err != nil {
		return nil, a.err
	}
	for _, f := range a.fixups {
		to := a.labels[f.l]
		if to < 0 {
			return nil, errors.New("arm64: branch to an unbound label")
		}
		d := (to - f.at) / 4
		w := uint32(a.buf[f.at]) | uint32(a.buf[f.at+1])<<8 | uint32(a.buf[f.at+2])<<16 | uint32(a.buf[f.at+3])<<24
		switch f.kind {
		case fixB:
			if d < -(1<<25) || d >= 1<<25 {
				return nil, errors.New("arm64: branch out of range")
			}
			w |= uint32(d) & 0x3ffffff
		case fixBcond:
			if d < -(1<<18) || d >= 1<<18 {
				return nil, errors.New("arm64: conditional branch out of range")
			}
			w |= (uint32(d) & 0x7ffff) << 5
		case fixADRP:
			// The code starts on a page (Alloc), so page distances
			// within it are those of the offsets.
			pd := (to >> 12) - (f.at >> 12)
			w |= (uint32(pd)&3)<<29 | (uint32(pd>>2)&0x7ffff)<<5
			add := uint32(a.buf[f.at+4]) | uint32(a.buf[f.at+5])<<8 | uint32(a.buf[f.at+6])<<16 | uint32(a.buf[f.at+7])<<24
			add |= uint32(to&0xfff) << 10
			put32(a.buf[f.at+4:], add)
		}
		put32(a.buf[f.at:], w)
	}
	return a.buf, nil
}

func put32(b []byte, w uint32) {
	b[0], b[1], b[2], b[3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
}

// B branches to l.
func (a *Assembler) B(l Label) {
	a.fixups = append(a.fixups, fixup{at: len(a.buf), l: l, kind: fixB})
	a.Word(0x14000000)
}

// Bcond branches to l if c holds (within 1 MiB).
func (a *Assembler) Bcond(c Cond, l Label) {
	a.fixups = append(a.fixups, fixup{at: len(a.buf), l: l, kind: fixBcond})
	a.Word(0x54000000 | uint32(c))
}

// BcondFar branches to l if c holds, at any distance: B.!c over a B.
func (a *Assembler) BcondFar(c Cond, l Label) {
	a.Word(0x54000000 | 2<<5 | uint32(c.Invert()))
	a.B(l)
}

// CBZ and CBNZ branch to l if the 64-bit (w: 32-bit) register is (not) zero.
func (a *Assembler) CBZ(r Reg, w bool, l Label)  { a.cb(0xb4000000, r, w, l) }
func (a *Assembler) CBNZ(r Reg, w bool, l Label) { a.cb(0xb5000000, r, w, l) }

func (a *Assembler) cb(op uint32, r Reg, w bool, l Label) {
	if w {
		op &^= 1 << 31
	}
	a.fixups = append(a.fixups, fixup{at: len(a.buf), l: l, kind: fixBcond})
	a.Word(op | uint32(r))
}

// CBZFar and CBNZFar are CBZ and CBNZ at any distance.
func (a *Assembler) CBZFar(r Reg, w bool, l Label) {
	op := uint32(0xb5000000) // CBNZ over the B
	if w {
		op &^= 1 << 31
	}
	a.Word(op | 2<<5 | uint32(r))
	a.B(l)
}

func (a *Assembler) CBNZFar(r Reg, w bool, l Label) {
	op := uint32(0xb4000000)
	if w {
		op &^= 1 << 31
	}
	a.Word(op | 2<<5 | uint32(r))
	a.B(l)
}

// AddrOf sets d to the address of label l (ADRP and ADD: any distance).
func (a *Assembler) AddrOf(d Reg, l Label) {
	a.fixups = append(a.fixups, fixup{at: len(a.buf), l: l, kind: fixADRP})
	a.Word(0x90000000 | uint32(d))
	a.Word(0x91000000 | uint32(d)<<5 | uint32(d))
}

// BR jumps to the address in n; RET returns to X30; UDF is an undefined
// instruction (a trap where no code may go).
func (a *Assembler) BR(n Reg) { a.Word(0xd61f0000 | uint32(n)<<5) }
func (a *Assembler) RET()     { a.Word(0xd65f03c0) }
func (a *Assembler) UDF()     { a.Word(0) }
