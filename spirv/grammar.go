// Package spirv holds clgo's SPIR-V intermediate representation, the one
// contract between the compiler and every driver:
//
//   - grammar tables generated from the Khronos JSON (Op, the operand enums
//     such as StorageClass and Decoration, GLSLstd450, ClspvReflection);
//   - Module, Function, Block and Instruction, one slice per section of the
//     logical layout, and a Builder for compiler front ends;
//   - Encode, and Decode, which checks the header, word counts and every
//     operand against the grammar and reports errors by word offset;
//   - Disassemble, whose output equals spirv-dis's (raw or friendly ids);
//   - Index, the id lookups a driver needs (definitions, decorations, names,
//     entry points);
//   - the kernel interface (Reflection), written and read as
//     NonSemantic.ClspvReflection instructions as clspv does, and printed as
//     clspv's descriptor map.
package spirv

//go:generate go run ./internal/gen

import (
	"strconv"
	"strings"
)

// ID is a SPIR-V result id. Zero means "none".
type ID uint32

// Op is a SPIR-V opcode.
type Op uint16

// OperandKind is an operand kind of the grammar (IdRef, LiteralInteger,
// StorageClass, ...).
type OperandKind uint8

type kindCategory uint8

const (
	categoryNone kindCategory = iota
	categoryBitEnum
	categoryValueEnum
	categoryId
	categoryLiteral
	categoryComposite
)

// Quantifier says how many times an operand occurs.
type Quantifier uint8

const (
	One      Quantifier = iota // exactly once
	Optional                   // zero or one time ("?")
	Variadic                   // zero or more times ("*")
)

// OperandInfo describes one logical operand of an instruction or enumerant.
type OperandInfo struct {
	Kind       OperandKind
	Quantifier Quantifier
	Name       string
}

// OpInfo describes an instruction's layout. Operands excludes the result
// type and result id, which HasResultType and HasResult report.
type OpInfo struct {
	Op            Op
	Name          string
	Class         string
	HasResultType bool
	HasResult     bool
	Operands      []OperandInfo
}

// ExtInstInfo describes an extended instruction's operands (after the set
// and instruction number of OpExtInst).
type ExtInstInfo struct {
	Name     string
	Operands []OperandInfo
}

var opByName = newLazy(func() map[string]Op {
	m := make(map[string]Op, len(opTable))
	for i := range opTable {
		m[opTable[i].Name] = opTable[i].Op
	}
	return m
})

// Info returns the grammar's description of op, or nil for an unknown opcode.
func (op Op) Info() *OpInfo {
	if int(op) < len(opIndex) {
		if i := opIndex[op]; i != 0 {
			return &opTable[i-1]
		}
	}
	return nil
}

// String returns the opcode's name, e.g. "OpLoad".
func (op Op) String() string {
	if in := op.Info(); in != nil {
		return in.Name
	}
	return "Op(" + strconv.Itoa(int(op)) + ")"
}

// OpByName returns the opcode named name ("OpLoad").
func OpByName(name string) (Op, bool) {
	op, ok := opByName.get()[name]
	return op, ok
}

func (k OperandKind) String() string {
	if int(k) < len(operandKindInfo) {
		return operandKindInfo[k].name
	}
	return "OperandKind(" + strconv.Itoa(int(k)) + ")"
}

func (k OperandKind) category() kindCategory {
	if int(k) < len(operandKindInfo) {
		return operandKindInfo[k].category
	}
	return categoryNone
}

// IsEnum reports whether k is a value or bit enumeration.
func (k OperandKind) IsEnum() bool {
	c := k.category()
	return c == categoryBitEnum || c == categoryValueEnum
}

// IsMask reports whether k is a bit enumeration (a mask).
func (k OperandKind) IsMask() bool { return k.category() == categoryBitEnum }

// IsID reports whether an operand of kind k is an id.
func (k OperandKind) IsID() bool { return k.category() == categoryId }

// EnumName returns the name of value as an enumerant of kind k; masks are
// written as spirv-dis does ("Aligned|Nontemporal", "None" for zero).
func EnumName(k OperandKind, value uint32) (string, bool) {
	names := enumNames(k)
	if names == nil {
		return "", false
	}
	if k.IsMask() {
		if value == 0 {
			s, ok := names[0]
			return s, ok
		}
		var parts []string
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if value&bit == 0 {
				continue
			}
			s, ok := names[bit]
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "|"), true
	}
	s, ok := names[value]
	return s, ok
}

// EnumValue returns the value of the enumerant of kind k called name.
func EnumValue(k OperandKind, name string) (uint32, bool) {
	v, ok := enumValues(k)[name]
	return v, ok
}

func valueString(v uint32, names map[uint32]string, typ string) string {
	if s, ok := names[v]; ok {
		return s
	}
	return typ + "(" + strconv.FormatUint(uint64(v), 10) + ")"
}

func maskString(v uint32, names map[uint32]string) string {
	if v == 0 {
		if s, ok := names[0]; ok {
			return s
		}
		return "0"
	}
	var parts []string
	for bit := uint32(1); bit != 0; bit <<= 1 {
		if v&bit == 0 {
			continue
		}
		if s, ok := names[bit]; ok {
			parts = append(parts, s)
		} else {
			parts = append(parts, "0x"+strconv.FormatUint(uint64(bit), 16))
		}
	}
	return strings.Join(parts, "|")
}

// ExtInst returns the description of instruction number inst in the
// extended instruction set imported under name (e.g. "GLSL.std.450",
// "NonSemantic.ClspvReflection.5", "OpenCL.std",
// "NonSemantic.Shader.DebugInfo.100"), or false if the set or the
// instruction is not known.
func ExtInst(set string, inst uint32) (ExtInstInfo, bool) {
	var table map[uint32]ExtInstInfo
	switch {
	case set == "GLSL.std.450":
		table = extInstsGLSLstd450.get()
	case strings.HasPrefix(set, "NonSemantic.ClspvReflection."):
		table = extInstsClspvReflection.get()
	default:
		if table = otherExtInsts.get()[set]; table == nil {
			return ExtInstInfo{}, false
		}
	}
	e, ok := table[inst]
	return e, ok
}
