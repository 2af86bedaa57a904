package amd64

// Instructions the native tier (package jit) needed that the encoder had
// not yet: the one-operand multiplies that give a full 128-bit product.

// MULQ is mul src: rdx:rax = rax * src, unsigned.
func (a *Assembler) MULQ(src R) { a.legacy(true, []byte{0xf7}, 4, a.gr(src), 0) }

// IMULQwide is imul src with one operand: rdx:rax = rax * src, signed.
func (a *Assembler) IMULQwide(src R) { a.legacy(true, []byte{0xf7}, 5, a.gr(src), 0) }
