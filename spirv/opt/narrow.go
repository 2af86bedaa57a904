package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Narrow computes in 32 bits the 64-bit integer arithmetic whose result
// only reaches 32-bit uses. With -arch=spir64, size_t is 64 bits and
// a[get_global_id(0)] widens the 32-bit invocation id to 64 bits, adds,
// multiplies and truncates the sum again for the access chain's index:
// GPUs pay for 64-bit integer arithmetic, often several times over.
//
// A 64-bit scalar integer value is narrowed when every use of it is a
// truncation to 32 or fewer bits (OpUConvert, OpSConvert) or an operand
// of another narrowed value whose low 32 result bits depend only on its
// operands' low 32 bits: OpIAdd, OpISub, OpIMul, OpBitwiseAnd, Or, Xor,
// OpNot, OpSNegate, OpSelect, OpShiftLeftLogical by a constant below 32,
// OpBitcast between 64-bit integer types, and OpUConvert or OpSConvert
// from a narrower integer. Such values are computed in 32 bits in place
// (the same result id, a 32-bit unsigned type); a conversion from a
// 32-bit value becomes that value; 64-bit constants become their low
// word; another 64-bit operand (a parameter, a load, an OpPhi) is
// truncated where it is used. Every result bit that a use observes is
// unchanged, so the pass changes no result; the truncations it leaves
// become copies for DCE.
//
// First, operations on two zero-extended 32-bit values whose result is
// the zero extension of the 32-bit operation's (OpUDiv, OpUMod, a logical
// right shift by a constant below 32) are done in 32 bits and widened
// after, and comparisons of two such values compare the 32-bit values:
// size_t s = get_local_size(0) / 2 then costs no 64-bit division.
func Narrow(m *spirv.Module) error { return narrow64(m, spirv.NewIDOperands(m)) }

func narrow64(m *spirv.Module, ops *spirv.IDOperands) error {
	fixBound(m)
	n := &narrower{m: m, ops: ops, defs: make(map[spirv.ID]*spirv.Instruction, valueCount(m, false)), consts: map[string]spirv.ID{}}
	for _, in := range m.Globals {
		if in.Result != 0 {
			n.defs[in.Result] = in
		}
		if in.Op == spirv.OpConstant {
			n.consts[constKey(in.Op, in.ResultType, in.Operands)] = in.Result
		}
		if in.Op == spirv.OpTypeInt && in.Operands[0] == 32 && in.Operands[1] == 0 && n.u32 == 0 {
			n.u32 = in.Result
		}
	}
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue
		}
		if err := n.function(fn); err != nil {
			return err
		}
	}
	return nil
}

type narrower struct {
	m      *spirv.Module
	ops    *spirv.IDOperands
	defs   map[spirv.ID]*spirv.Instruction // globals and the current function's values
	consts map[string]spirv.ID
	u32    spirv.ID // OpTypeInt 32 0, made on first need
}

// use is one id operand of an instruction.
type use struct {
	in *spirv.Instruction
	i  int // index in in.Operands
}

func (n *narrower) function(fn *spirv.Function) error {
	forEachInst(fn, func(in *spirv.Instruction) {
		if in.Result != 0 {
			n.defs[in.Result] = in
		}
	})
	n.zeroExtended(fn)
	uses := make(map[spirv.ID][]use, fnSize(fn))
	var err error
	forEachInst(fn, func(in *spirv.Instruction) {
		if e := n.ops.Visit(in, func(i int) {
			id := spirv.ID(in.Operands[i])
			uses[id] = append(uses[id], use{in, i})
		}); e != nil && err == nil {
			err = fmt.Errorf("narrow: %v %%%d: %v", in.Op, in.Result, e)
		}
	})
	if err != nil {
		return err
	}
	// The greatest set of candidates all of whose uses are truncations or
	// low-bit operands of candidates in the set.
	cand := map[spirv.ID]*spirv.Instruction{}
	forEachInst(fn, func(in *spirv.Instruction) {
		if n.narrowable(in) {
			cand[in.Result] = in
		}
	})
	for changed := true; changed; {
		changed = false
		for id := range cand {
			for _, u := range uses[id] {
				if !n.isTruncation(u.in) && !(cand[u.in.Result] != nil && lowBitsOperand(u.in, u.i)) {
					delete(cand, id)
					changed = true
					break
				}
			}
		}
	}
	if len(cand) == 0 {
		return nil
	}
	u32 := n.uint32Type()
	repl := map[spirv.ID]spirv.ID{} // narrowed value of a candidate, where not itself
	for _, b := range fn.Blocks {
		out := make([]*spirv.Instruction, 0, len(b.Insts))
		for _, in := range b.Insts {
			if cand[in.Result] == nil {
				out = append(out, in)
				continue
			}
			// narrowOperand gives the 32-bit value of operand i, truncating
			// an opaque 64-bit value just before in.
			narrowOperand := func(i int) {
				id := spirv.ID(in.Operands[i])
				if cand[id] != nil {
					in.Operands[i] = uint32(resolve(repl, id))
					return
				}
				if c := n.lowWord(id); c != 0 {
					in.Operands[i] = uint32(c)
					return
				}
				if d := n.defs[id]; d != nil && (d.Op == spirv.OpUConvert || d.Op == spirv.OpSConvert) && n.typeOf(spirv.ID(d.Operands[0])) == u32 {
					// A widened 32-bit value that stays wide for other uses.
					in.Operands[i] = d.Operands[0]
					return
				}
				t := &spirv.Instruction{Op: spirv.OpUConvert, ResultType: u32, Result: newID(n.m), Operands: []uint32{uint32(id)}}
				n.ops.Add(t)
				out = append(out, t)
				in.Operands[i] = uint32(t.Result)
			}
			switch in.Op {
			case spirv.OpUConvert, spirv.OpSConvert:
				x := spirv.ID(in.Operands[0])
				switch w := n.intWidth(n.typeOf(x)); {
				case w == 32 && n.typeOf(x) == u32:
					repl[in.Result] = x // in stays, unused, for DCE
				case w == 32:
					in.Op, in.ResultType = spirv.OpBitcast, u32
				default: // narrower: widen to 32 bits only
					in.ResultType = u32
				}
			case spirv.OpBitcast:
				narrowOperand(0)
				in.Op, in.ResultType = spirv.OpCopyObject, u32
				repl[in.Result] = spirv.ID(in.Operands[0]) // in stays, unused, for DCE
			case spirv.OpShiftLeftLogical:
				narrowOperand(0) // the shift amount is a small constant
				in.ResultType = u32
			case spirv.OpSelect:
				narrowOperand(1)
				narrowOperand(2)
				in.ResultType = u32
			default:
				for i := range in.Operands {
					narrowOperand(i)
				}
				in.ResultType = u32
			}
			out = append(out, in)
		}
		b.Insts = out
	}
	// Truncations of narrowed values become copies of them (or bitcasts to
	// a signed 32-bit type, or truncations of the 32-bit value to fewer
	// bits).
	forEachInst(fn, func(in *spirv.Instruction) {
		if !n.isTruncation(in) || cand[spirv.ID(in.Operands[0])] == nil {
			return
		}
		x := resolve(repl, spirv.ID(in.Operands[0]))
		in.Operands[0] = uint32(x)
		switch w := n.intWidth(in.ResultType); {
		case in.ResultType == u32:
			in.Op = spirv.OpCopyObject
			repl[in.Result] = x
		case w == 32:
			in.Op = spirv.OpBitcast
		}
	})
	return replaceUses(n.ops, fn, repl)
}

// narrowable reports whether in is a 64-bit scalar integer operation
// whose low 32 result bits depend only on its operands' low 32 bits.
func (n *narrower) narrowable(in *spirv.Instruction) bool {
	if in.Result == 0 || n.intWidth(in.ResultType) != 64 {
		return false
	}
	switch in.Op {
	case spirv.OpIAdd, spirv.OpISub, spirv.OpIMul, spirv.OpBitwiseAnd, spirv.OpBitwiseOr,
		spirv.OpBitwiseXor, spirv.OpNot, spirv.OpSNegate, spirv.OpSelect:
		return true
	case spirv.OpBitcast:
		return n.intWidth(n.typeOf(spirv.ID(in.Operands[0]))) == 64
	case spirv.OpUConvert, spirv.OpSConvert:
		w := n.intWidth(n.typeOf(spirv.ID(in.Operands[0])))
		return w > 0 && w <= 32
	case spirv.OpShiftLeftLogical:
		c := n.defs[spirv.ID(in.Operands[1])]
		return c != nil && c.Op == spirv.OpConstant && c.Operands[0] < 32 && (len(c.Operands) == 1 || c.Operands[1] == 0)
	}
	return false
}

// lowBitsOperand reports whether operand i of the narrowable instruction
// in contributes only its low bits to in's low bits (not a shift amount
// or a select's condition).
func lowBitsOperand(in *spirv.Instruction, i int) bool {
	switch in.Op {
	case spirv.OpShiftLeftLogical:
		return i == 0
	case spirv.OpSelect:
		return i > 0
	}
	return true
}

// isTruncation reports whether in converts an integer to 32 or fewer bits.
func (n *narrower) isTruncation(in *spirv.Instruction) bool {
	if in.Op != spirv.OpUConvert && in.Op != spirv.OpSConvert {
		return false
	}
	w := n.intWidth(in.ResultType)
	return w > 0 && w <= 32
}

// intWidth is the width of scalar integer type t, 0 for other types.
func (n *narrower) intWidth(t spirv.ID) uint32 {
	d := n.defs[t]
	if d == nil || d.Op != spirv.OpTypeInt {
		return 0
	}
	return d.Operands[0]
}

func (n *narrower) typeOf(id spirv.ID) spirv.ID {
	if d := n.defs[id]; d != nil {
		return d.ResultType
	}
	return 0
}

// lowWord returns the 32-bit constant holding the low word of 64-bit
// constant id (OpConstant or OpConstantNull), or 0 where id is none.
func (n *narrower) lowWord(id spirv.ID) spirv.ID {
	d := n.defs[id]
	if d == nil {
		return 0
	}
	var w uint32
	switch d.Op {
	case spirv.OpConstant:
		w = d.Operands[0]
	case spirv.OpConstantNull:
	default:
		return 0
	}
	t := n.uint32Type()
	k := constKey(spirv.OpConstant, t, []uint32{w})
	if c, ok := n.consts[k]; ok {
		return c
	}
	in := &spirv.Instruction{Op: spirv.OpConstant, ResultType: t, Result: newID(n.m), Operands: []uint32{w}}
	n.m.Globals = append(n.m.Globals, in)
	n.ops.Add(in)
	n.defs[in.Result] = in
	n.consts[k] = in.Result
	return in.Result
}

// uint32Type returns the module's OpTypeInt 32 0, declaring it if absent.
func (n *narrower) uint32Type() spirv.ID {
	if n.u32 == 0 {
		in := &spirv.Instruction{Op: spirv.OpTypeInt, Result: newID(n.m), Operands: []uint32{32, 0}}
		n.m.Globals = append(n.m.Globals, in)
		n.ops.Add(in)
		n.defs[in.Result] = in
		n.u32 = in.Result
	}
	return n.u32
}

// zeroExtended computes in 32 bits the 64-bit divisions, remainders and
// right shifts of zero-extended 32-bit values, widening the result
// (OpUConvert), and makes comparisons of such values 32-bit ones.
func (n *narrower) zeroExtended(fn *spirv.Function) {
	for _, b := range fn.Blocks {
		out := make([]*spirv.Instruction, 0, len(b.Insts))
		for _, in := range b.Insts {
			switch in.Op {
			case spirv.OpUDiv, spirv.OpUMod, spirv.OpShiftRightLogical:
				if n.intWidth(in.ResultType) != 64 {
					break
				}
				x := n.zext32(spirv.ID(in.Operands[0]))
				y := n.zext32(spirv.ID(in.Operands[1]))
				if in.Op == spirv.OpShiftRightLogical {
					y = 0
					if c := n.defs[spirv.ID(in.Operands[1])]; c != nil && c.Op == spirv.OpConstant && c.Operands[0] < 32 && (len(c.Operands) == 1 || c.Operands[1] == 0) {
						y = spirv.ID(in.Operands[1])
					}
				}
				if x == 0 || y == 0 {
					break
				}
				t := &spirv.Instruction{Op: in.Op, ResultType: n.uint32Type(), Result: newID(n.m), Operands: []uint32{uint32(x), uint32(y)}}
				n.ops.Add(t)
				n.defs[t.Result] = t
				out = append(out, t)
				in.Op, in.Operands = spirv.OpUConvert, []uint32{uint32(t.Result)}
			case spirv.OpIEqual, spirv.OpINotEqual, spirv.OpULessThan, spirv.OpULessThanEqual,
				spirv.OpUGreaterThan, spirv.OpUGreaterThanEqual, spirv.OpSLessThan,
				spirv.OpSLessThanEqual, spirv.OpSGreaterThan, spirv.OpSGreaterThanEqual:
				if n.intWidth(n.typeOf(spirv.ID(in.Operands[0]))) != 64 {
					break
				}
				x := n.zext32(spirv.ID(in.Operands[0]))
				y := n.zext32(spirv.ID(in.Operands[1]))
				if x == 0 || y == 0 {
					break
				}
				// Both are in [0, 2^32): signed order is unsigned order.
				in.Op = unsignedCompare[in.Op]
				in.Operands = []uint32{uint32(x), uint32(y)}
			}
			out = append(out, in)
		}
		b.Insts = out
	}
}

var unsignedCompare = map[spirv.Op]spirv.Op{
	spirv.OpIEqual: spirv.OpIEqual, spirv.OpINotEqual: spirv.OpINotEqual,
	spirv.OpULessThan: spirv.OpULessThan, spirv.OpULessThanEqual: spirv.OpULessThanEqual,
	spirv.OpUGreaterThan: spirv.OpUGreaterThan, spirv.OpUGreaterThanEqual: spirv.OpUGreaterThanEqual,
	spirv.OpSLessThan: spirv.OpULessThan, spirv.OpSLessThanEqual: spirv.OpULessThanEqual,
	spirv.OpSGreaterThan: spirv.OpUGreaterThan, spirv.OpSGreaterThanEqual: spirv.OpUGreaterThanEqual,
}

// zext32 returns the 32-bit value that 64-bit value id zero-extends (an
// OpUConvert of a 32-bit unsigned value, a constant below 2^32), or 0.
func (n *narrower) zext32(id spirv.ID) spirv.ID {
	d := n.defs[id]
	if d == nil || n.intWidth(d.ResultType) != 64 {
		return 0
	}
	switch d.Op {
	case spirv.OpUConvert:
		if x := spirv.ID(d.Operands[0]); n.typeOf(x) == n.uint32Type() {
			return x
		}
	case spirv.OpConstant:
		if len(d.Operands) == 2 && d.Operands[1] == 0 {
			return n.lowWord(id)
		}
	case spirv.OpConstantNull:
		return n.lowWord(id)
	}
	return 0
}
