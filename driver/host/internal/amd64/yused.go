package amd64

// Which vector registers a stretch of code names. Every vector register
// operand an instruction encodes (destination, sources, VEX.vvvv, the
// is4 operand, a gather's mask; not a gather's VSIB index, which it only
// reads) is recorded, so that a code generator that keeps values in registers
// across a stretch it did not write itself can tell which of them the
// stretch may have overwritten.

// ResetYUsed forgets the registers recorded so far.
func (a *Assembler) ResetYUsed() { a.yUsed = 0 }

// YUsed is the set of vector registers (bit i: Yi) named by the
// instructions encoded since the last ResetYUsed, read or written.
func (a *Assembler) YUsed() uint16 { return a.yUsed }
