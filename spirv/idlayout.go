package spirv

import (
	"math"
	"sync/atomic"
)

// Where an instruction's id operands lie, for IDOperands.Visit without
// the grammar walk. Most instructions an optimizer meets (arithmetic,
// OpLoad, OpStore, OpAccessChain, OpPhi, OpFunctionCall, OpBranch,
// GLSL.std.450's OpExtInst) have a layout that no type or enumerant
// changes: so many operands of one word each, ids or literals, then
// perhaps a run of ids, of id pairs or of literal words. The walk costs
// more than the passes' own work on such instructions; a layout found
// once per opcode gives the same operands. Instructions whose layout
// depends on anything else (OpConstant's width, OpSwitch, strings,
// enumerants with parameters) and instructions that do not fit their
// layout (where the walk reports the error) take the walk.

// operand word kinds in a fixed layout.
const (
	wordLiteral  uint8 = iota // any value
	wordID                    // an id: not 0, below math.MaxUint32 (Visit's bound)
	wordZeroMask              // a mask operand: only 0 (no bits, so no parameters) is taken
)

// tail kinds: what may follow the fixed operands.
const (
	tailNone     uint8 = iota // nothing
	tailIDs                   // any number of ids
	tailIDPairs               // any number of (id, id) pairs
	tailLiterals              // any number of literal words
	tailOptID                 // at most one id
	tailOptMask               // at most one mask word, which must be 0
)

// idLayout is the fixed layout of an opcode's operands; ok is false where
// there is none.
type idLayout struct {
	ok    bool
	words []uint8 // the fixed operands, one word each
	tail  uint8
}

// maxLayoutOp bounds the opcodes given layouts: the core instructions
// (extension opcodes, numbered in the thousands, take the walk).
const maxLayoutOp = 1024

// The layouts are found per opcode on first use: a compile meets a few
// dozen opcodes of the grammar's seven hundred. An entry is written once
// with the same value by whichever goroutine gets there first.
var (
	opLayouts   [maxLayoutOp]atomic.Pointer[idLayout]
	glslLayouts [maxLayoutOp]atomic.Pointer[idLayout] // by GLSL.std.450 instruction number
)

// opLayout returns the fixed layout of a core opcode below maxLayoutOp
// (not ok for OpExtInst, whose layout depends on the set).
func opLayout(op Op) *idLayout {
	if l := opLayouts[op].Load(); l != nil {
		return l
	}
	l := new(idLayout)
	if info := op.Info(); info != nil && op != OpExtInst {
		*l = layoutOf(info.Operands)
	}
	opLayouts[op].Store(l)
	return l
}

// glslLayout returns the fixed layout of GLSL.std.450 instruction n
// (below maxLayoutOp).
func glslLayout(n uint32) *idLayout {
	if l := glslLayouts[n].Load(); l != nil {
		return l
	}
	l := new(idLayout)
	if e, ok := extInstsGLSLstd450.get()[n]; ok {
		*l = layoutOf(e.Operands)
	}
	glslLayouts[n].Store(l)
	return l
}

// layoutOf returns the fixed layout of an operand list, if it has one.
func layoutOf(ops []OperandInfo) idLayout {
	var l idLayout
	for i, o := range ops {
		last := i == len(ops)-1
		switch o.Quantifier {
		case One:
			switch {
			case o.Kind.IsID():
				l.words = append(l.words, wordID)
			case o.Kind == KindLiteralInteger || o.Kind == KindLiteralExtInstInteger:
				l.words = append(l.words, wordLiteral)
			case o.Kind.IsMask():
				l.words = append(l.words, wordZeroMask)
			default:
				return idLayout{}
			}
		case Optional:
			switch {
			case !last:
				return idLayout{}
			case o.Kind.IsID():
				l.tail = tailOptID
			case o.Kind.IsMask():
				l.tail = tailOptMask
			default:
				return idLayout{}
			}
		case Variadic:
			switch {
			case !last:
				return idLayout{}
			case o.Kind.IsID():
				l.tail = tailIDs
			case o.Kind == KindPairIdRefIdRef:
				l.tail = tailIDPairs
			case o.Kind == KindLiteralInteger:
				l.tail = tailLiterals
			default:
				return idLayout{}
			}
		}
	}
	l.ok = true
	return l
}

// layoutFor returns in's fixed layout, with the word its operands start
// at (past an OpExtInst's set and instruction number), or nil.
func (x *IDOperands) layoutFor(in *Instruction) (*idLayout, int) {
	if in.Op == OpExtInst {
		if len(in.Operands) < 2 || !validID(in.Operands[0]) || x.mi.imports[ID(in.Operands[0])] != "GLSL.std.450" {
			return nil, 0
		}
		if n := in.Operands[1]; n < maxLayoutOp {
			if l := glslLayout(n); l.ok {
				return l, 2
			}
		}
		return nil, 0
	}
	if in.Op < maxLayoutOp {
		if l := opLayout(in.Op); l.ok {
			return l, 0
		}
	}
	return nil, 0
}

func validID(w uint32) bool { return w != 0 && w != math.MaxUint32 }

// fits reports whether in's operands from start on fit l, so that the
// walk would find no error.
func (l *idLayout) fits(ops []uint32) bool {
	n := len(l.words)
	if len(ops) < n {
		return false
	}
	for i, k := range l.words {
		switch k {
		case wordID:
			if !validID(ops[i]) {
				return false
			}
		case wordZeroMask:
			if ops[i] != 0 {
				return false
			}
		}
	}
	rest := ops[n:]
	switch l.tail {
	case tailNone:
		return len(rest) == 0
	case tailIDs, tailIDPairs:
		if l.tail == tailIDPairs && len(rest)%2 != 0 {
			return false
		}
		for _, w := range rest {
			if !validID(w) {
				return false
			}
		}
	case tailOptID:
		return len(rest) == 0 || len(rest) == 1 && validID(rest[0])
	case tailOptMask:
		return len(rest) == 0 || len(rest) == 1 && rest[0] == 0
	}
	return true
}

// visitIDs calls f with the index of each id operand of ops (in.Operands
// from start on) laid out as l, which fits.
func (l *idLayout) visitIDs(start int, ops []uint32, f func(i int)) {
	for i, k := range l.words {
		if k == wordID {
			f(start + i)
		}
	}
	switch l.tail {
	case tailIDs, tailIDPairs, tailOptID:
		for i := len(l.words); i < len(ops); i++ {
			f(start + i)
		}
	}
}
