package amd64

// Mem is a memory operand [Base + Index*Scale + Disp]. Base or Index may be
// NoReg; Scale is 1, 2, 4 or 8 (0 means 1). RSP cannot be an index. A Mem
// from ConstYMM or LabelMem is RIP-relative to a label instead.
type Mem struct {
	Base, Index R
	Scale       uint8
	Disp        int32

	rip   bool  // RIP-relative: Disp is added to label's address
	label Label // the target when rip
}

// M is [base+disp], the common form.
func M(base R, disp int32) Mem { return Mem{Base: base, Disp: disp} }

// MI is [base+index*scale+disp].
func MI(base, index R, scale uint8, disp int32) Mem {
	return Mem{Base: base, Index: index, Scale: scale, Disp: disp}
}

// LabelMem is [rip+label+disp]: the address of a bound or not yet bound
// label (for LEA of a resume point, or data placed in the code).
func LabelMem(l Label, disp int32) Mem { return Mem{rip: true, label: l, Disp: disp} }

// VMem is the vector-indexed memory operand of the gathers:
// [Base + Index[i]*Scale + Disp] for each lane i.
type VMem struct {
	Base  R
	Index Y
	Scale uint8
	Disp  int32
}
