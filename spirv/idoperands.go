package spirv

import "math"

// IDOperands finds the id operands of instructions, which optimizer passes
// need to count and rewrite uses. Literal numbers (OpConstant values,
// OpSwitch cases) take their width from types, so it learns the module's
// types and value types first; Add teaches it instructions made later.
type IDOperands struct{ mi *moduleInfo }

// NewIDOperands indexes m's types, value types and extended-instruction
// imports.
func NewIDOperands(m *Module) *IDOperands {
	// Sized for every value, so that the maps do not rehash as they fill.
	n := len(m.Globals)
	for _, fn := range m.Functions {
		n += len(fn.Params)
		for _, b := range fn.Blocks {
			n += len(b.Insts)
		}
	}
	x := &IDOperands{mi: &moduleInfo{types: make(map[ID]*Instruction, len(m.Globals)), typeOf: make(map[ID]ID, n), imports: map[ID]string{}}}
	m.Walk(x.mi.add)
	return x
}

// Add records an instruction made after NewIDOperands (a new type or value).
func (x *IDOperands) Add(in *Instruction) { x.mi.add(in) }

// Visit calls f with the index in in.Operands of each id operand of in
// (result type and result excluded), in order. It returns an error where
// the operands do not fit the grammar; f may have been called for some.
func (x *IDOperands) Visit(in *Instruction, f func(i int)) error {
	if l, start := x.layoutFor(in); l != nil && l.fits(in.Operands[start:]) {
		if start > 0 {
			f(0) // OpExtInst's set
		}
		l.visitIDs(start, in.Operands[start:], f)
		return nil
	}
	return walkOperands(in, math.MaxUint32, x.mi, func(o operand) {
		if o.kind.IsID() {
			for i := 0; i < o.n; i++ {
				f(o.start + i)
			}
		}
	})
}
