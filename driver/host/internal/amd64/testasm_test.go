package amd64

// Instructions only the tests emit (native code never does).

// Bytes is the code so far without resolving labels (for tests of single
// instructions).
func (a *Assembler) Bytes() []byte { return a.buf }

// VMOVQfromR is vmovq xmm dst, src64 (zeroes the rest of dst).
func (a *Assembler) VMOVQfromR(dst Y, src R) { a.vex(opVMOVQto, 0, a.vnum(dst), 0, a.gr(src), 0) }

// PUSHQ is push r.
func (a *Assembler) PUSHQ(r R) {
	n := a.gnum(r)
	if n >= 8 {
		a.byte1(0x41)
	}
	a.byte1(0x50 | n&7)
}

// POPQ is pop r.
func (a *Assembler) POPQ(r R) {
	n := a.gnum(r)
	if n >= 8 {
		a.byte1(0x41)
	}
	a.byte1(0x58 | n&7)
}

// NOP is nop (one byte).
func (a *Assembler) NOP() { a.byte1(0x90) }

var condNames = [...]string{"o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"}

// String is the condition's Jcc suffix (ne, ae, ...).
func (c Cond) String() string { return condNames[c&15] }

var opVMOVQto = vop{pp66, map0F, 1, 0x6e} // xmm <- r64
