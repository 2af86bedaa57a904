package spirv

// OperandVisitor parses the operands of a module's instructions, given in
// binary order, against the grammar: the layout of some operands (the width
// of OpConstant's value, OpSwitch's literals, an OpExtInst's operands)
// depends on types and imports declared by earlier instructions, which the
// visitor remembers. Package spirv/validate builds on it.
type OperandVisitor struct{ mi *moduleInfo }

// NewOperandVisitor returns a visitor that has seen no instruction yet.
func NewOperandVisitor() *OperandVisitor { return &OperandVisitor{mi: newModuleInfo()} }

// Operand is one logical operand of an instruction: its kind, its name in
// the grammar ("" where the grammar gives none) and its words,
// in.Operands[Start:Start+N].
type Operand struct {
	Kind     OperandKind
	Name     string
	Start, N int
}

// Visit parses in's operands and calls f for each (f may be nil), then
// records in for later instructions. It checks ids against bound only for
// being non-zero and below bound; the error says which operand is wrong.
func (v *OperandVisitor) Visit(in *Instruction, bound uint32, f func(Operand)) error {
	if in.Op.Info() == nil {
		return errUnknownOp(in.Op)
	}
	w := &walker{in: in, bound: bound, ctx: v.mi}
	if f != nil {
		w.visit = func(o operand) { f(Operand{Kind: o.kind, Name: o.name, Start: o.start, N: o.n}) }
	}
	err := walk(w)
	v.mi.add(in)
	return err
}

type errUnknownOp Op

func (e errUnknownOp) Error() string { return "unknown opcode " + Op(e).String() }
