package fromspirv

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/clgo/clgo/spirv"
)

// declareGlobals walks the types, constants and module-scope variables in
// module order, giving each its C spelling.
func (t *translator) declareGlobals() error {
	for _, in := range t.m.Globals {
		var err error
		switch in.Op {
		case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpConstant, spirv.OpConstantComposite,
			spirv.OpConstantNull, spirv.OpUndef, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse,
			spirv.OpSpecConstant, spirv.OpSpecConstantComposite, spirv.OpSpecConstantOp:
			err = t.declareConst(in)
		case spirv.OpVariable:
			err = t.declareVar(in)
		case spirv.OpConstantSampler:
			err = t.constSampler(in)
		case spirv.OpLine, spirv.OpNoLine, spirv.OpExtInst, spirv.OpString:
		default:
			err = t.declareType(in)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// constUint returns the value of an integer constant.
func (t *translator) constUint(id spirv.ID) (uint64, bool) {
	in := t.def[id]
	if in == nil || (in.Op != spirv.OpConstant && in.Op != spirv.OpSpecConstant) || len(in.Operands) == 0 {
		if in != nil && in.Op == spirv.OpConstantNull {
			return 0, true
		}
		return 0, false
	}
	ti := t.info(in.ResultType)
	if ti.op != spirv.OpTypeInt {
		return 0, false
	}
	words := in.Operands
	if in.Op == spirv.OpSpecConstant {
		words = t.specWords(in)
	}
	v := uint64(words[0])
	if len(words) > 1 && ti.width == 64 {
		v |= uint64(words[1]) << 32
	}
	return v, true
}

// specWords returns the words of a scalar spec constant: opts.Spec's
// bytes for its SpecId, or its default.
func (t *translator) specWords(in *spirv.Instruction) []uint32 {
	ops, ok := t.deco(in.Result, spirv.DecorationSpecId)
	if !ok || len(ops) == 0 {
		return in.Operands
	}
	b, ok := t.opts.Spec[ops[0]]
	if !ok {
		return in.Operands
	}
	buf := make([]byte, 8)
	copy(buf, b)
	if len(in.Operands) > 1 {
		return []uint32{binary.LittleEndian.Uint32(buf), binary.LittleEndian.Uint32(buf[4:])}
	}
	return []uint32{binary.LittleEndian.Uint32(buf)}
}

// scalarLiteral spells a scalar constant of type ty with the given words.
func (t *translator) scalarLiteral(in *spirv.Instruction, ty spirv.ID, words []uint32) (string, error) {
	ti := t.info(ty)
	if len(words) == 0 {
		return "", t.errAt(in, "missing value")
	}
	lo := uint64(words[0])
	if len(words) > 1 {
		lo |= uint64(words[1]) << 32
	}
	switch ti.op {
	case spirv.OpTypeInt:
		switch ti.width {
		case 8:
			return fmt.Sprintf("((uchar)%du)", uint8(lo)), nil
		case 16:
			return fmt.Sprintf("((ushort)%du)", uint16(lo)), nil
		case 32:
			return fmt.Sprintf("%du", uint32(lo)), nil
		case 64:
			return fmt.Sprintf("%dul", lo), nil
		}
	case spirv.OpTypeFloat:
		switch ti.width {
		case 16:
			f := spirv.Float16Value(uint16(lo))
			return "((half)" + floatLiteral(float64(f), 32, uint64(math.Float32bits(f))) + ")", nil
		case 32:
			return floatLiteral(float64(math.Float32frombits(uint32(lo))), 32, uint64(uint32(lo))), nil
		case 64:
			return floatLiteral(math.Float64frombits(lo), 64, lo), nil
		}
	}
	return "", t.errAt(in, "constant of type %%%d is not an integer or float", ty)
}

// floatLiteral spells a float exactly (hexadecimal), with the macros for
// infinities and NaN.
func floatLiteral(f float64, bits int, raw uint64) string {
	suffix, ty := "f", "float"
	if bits == 64 {
		suffix, ty = "", "double"
	}
	switch {
	case math.IsInf(f, 1):
		return "((" + ty + ")INFINITY)"
	case math.IsInf(f, -1):
		return "(-(" + ty + ")INFINITY)"
	case math.IsNaN(f):
		if raw == 0x7fc00000 || raw == 0x7ff8000000000000 {
			return "((" + ty + ")NAN)"
		}
		if raw == 0xffc00000 || raw == 0xfff8000000000000 {
			return "(-(" + ty + ")NAN)"
		}
		if bits == 64 {
			return fmt.Sprintf("as_double(%#xul)", raw)
		}
		return fmt.Sprintf("as_float(%#xu)", raw)
	}
	s := strconv.FormatFloat(f, 'x', -1, bits)
	return "(" + s + suffix + ")"
}

// declareConst gives a constant its C expression (and initializer).
func (t *translator) declareConst(in *spirv.Instruction) error {
	id, ty := in.Result, in.ResultType
	cty, err := t.typeOf(in, ty)
	if err != nil {
		return err
	}
	tin := t.def[ty]
	ti := t.info(ty)
	if in.Op == spirv.OpSpecConstant || in.Op == spirv.OpSpecConstantTrue || in.Op == spirv.OpSpecConstantFalse {
		if ops, ok := t.deco(id, spirv.DecorationSpecId); ok && len(ops) > 0 {
			size := int(ti.width / 8)
			if ti.op == spirv.OpTypeBool {
				size = 1
			}
			t.res.SpecIDs[ops[0]] = size
		}
	}
	switch in.Op {
	case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
		v := in.Op == spirv.OpConstantTrue || in.Op == spirv.OpSpecConstantTrue
		if in.Op == spirv.OpSpecConstantTrue || in.Op == spirv.OpSpecConstantFalse {
			if ops, ok := t.deco(id, spirv.DecorationSpecId); ok && len(ops) > 0 {
				if b, ok := t.opts.Spec[ops[0]]; ok {
					v = false
					for _, x := range b {
						v = v || x != 0
					}
				}
			}
		}
		t.cexpr[id] = map[bool]string{true: "true", false: "false"}[v]
		t.init[id] = t.cexpr[id]
		return nil
	case spirv.OpConstant, spirv.OpSpecConstant:
		words := in.Operands
		if in.Op == spirv.OpSpecConstant {
			words = t.specWords(in)
		}
		s, err := t.scalarLiteral(in, ty, words)
		if err != nil {
			return err
		}
		t.cexpr[id], t.init[id] = s, s
		return nil
	case spirv.OpConstantNull, spirv.OpUndef:
		return t.zeroConst(in, id, ty, cty)
	case spirv.OpConstantComposite, spirv.OpSpecConstantComposite:
		var parts []string
		for _, c := range in.Operands {
			p, ok := t.init[spirv.ID(c)]
			if !ok {
				return t.errAt(in, "constituent %%%d is not a constant", c)
			}
			if ti.op == spirv.OpTypeBool && ti.n > 1 {
				p = "(" + p + " ? -1 : 0)"
			}
			parts = append(parts, p)
		}
		switch tin.Op {
		case spirv.OpTypeVector:
			s := fmt.Sprintf("((%s)(%s))", cty, strings.Join(parts, ", "))
			t.cexpr[id], t.init[id] = s, s
		case spirv.OpTypeArray:
			t.init[id] = "{{" + strings.Join(parts, ", ") + "}}"
			t.constGlobal(id, cty)
		case spirv.OpTypeStruct:
			t.init[id] = "{" + strings.Join(parts, ", ") + "}"
			t.constGlobal(id, cty)
		default:
			return t.errAt(in, "composite constant of a non-composite type")
		}
		return nil
	case spirv.OpSpecConstantOp:
		if len(in.Operands) < 1 {
			return t.errAt(in, "missing opcode")
		}
		op := &spirv.Instruction{Op: spirv.Op(in.Operands[0]), ResultType: ty, Result: id, Operands: in.Operands[1:]}
		t.off[op] = t.off[in]
		if e, ok := t.constAddress(op); ok {
			t.cexpr[id], t.init[id] = e, e
			return nil
		}
		e, err := t.pureExpr(op, func(id spirv.ID) (string, error) {
			s, ok := t.cexpr[id]
			if !ok {
				return "", t.errAt(in, "operand %%%d is not a constant", id)
			}
			return s, nil
		})
		if err != nil {
			return err
		}
		if e == "" {
			return t.errAt(in, "%v is not supported in OpSpecConstantOp", op.Op)
		}
		t.cexpr[id], t.init[id] = "("+e+")", "("+e+")"
		return nil
	}
	return t.errAt(in, "constant not supported")
}

// zeroConst is OpConstantNull (and OpUndef, which may be any value).
func (t *translator) zeroConst(in *spirv.Instruction, id, ty spirv.ID, cty string) error {
	switch t.def[ty].Op {
	case spirv.OpTypeStruct, spirv.OpTypeArray:
		t.init[id] = "{0}"
		t.constGlobal(id, cty)
	case spirv.OpTypeBool:
		t.cexpr[id], t.init[id] = "false", "false"
	case spirv.OpTypeOpaque, spirv.OpTypeVoid:
		return t.errAt(in, "null of an opaque type")
	case spirv.OpTypeEvent:
		t.cexpr[id], t.init[id] = "0", "0"
	default:
		s := fmt.Sprintf("((%s)0)", cty)
		t.cexpr[id], t.init[id] = s, s
	}
	return nil
}

// constGlobal declares an aggregate constant as a __constant variable.
func (t *translator) constGlobal(id spirv.ID, cty string) {
	name := fmt.Sprintf("_k%d", id)
	// static: each unit of a link has its own.
	fmt.Fprintf(&t.globals, "static __constant %s %s = %s;\n", cty, name, t.init[id])
	t.cexpr[id] = name
}

// declareVar declares a module-scope variable: a program-scope variable,
// a builtin input, or a Workgroup variable declared in each kernel.
func (t *translator) declareVar(in *spirv.Instruction) error {
	if len(in.Operands) < 1 {
		return t.errAt(in, "missing storage class")
	}
	sc := in.Operands[0]
	_, elem, ok := t.pointee(in.ResultType)
	if !ok {
		return t.errAt(in, "result type is not a pointer")
	}
	// Builtins are Input variables; translators of LLVM 14 and older
	// (pyopencl's add-vectors.spv) declared them UniformConstant, imported
	// by LinkageAttributes: the BuiltIn decoration decides either way.
	if ops, ok := t.deco(in.Result, spirv.DecorationBuiltIn); ok && len(ops) > 0 && (sc == scInput || sc == scUniformConstant) {
		t.inputs[in.Result] = spirv.BuiltIn(ops[0])
		return nil
	}
	switch sc {
	case scInput:
		return t.errAt(in, "Input variable without BuiltIn")
	case scWorkgroup:
		t.locals[in.Result] = true
		t.cexpr[in.Result] = fmt.Sprintf("_g%d", in.Result)
		return nil
	case scCrossWorkgroup, scUniformConstant:
	default:
		return t.errAt(in, "module-scope variable of storage class %v", spirv.StorageClass(sc))
	}
	as, _ := t.addrSpace(in, sc)
	ety, err := t.typeOf(in, elem)
	if err != nil {
		return err
	}
	if ety == "void" {
		ety = "uchar"
	}
	if sc == scCrossWorkgroup {
		t.needCL20 = true
	}
	name := fmt.Sprintf("_g%d", in.Result)
	lname, kind, linked := t.linkage(in.Result)
	if linked && validIdent(lname) {
		name = lname
	}
	prefix := ""
	if linked && kind == 1 {
		prefix = "extern "
		t.res.Imports = append(t.res.Imports, name)
	} else if linked && kind == 0 {
		t.res.Exports = append(t.res.Exports, name)
	} else {
		prefix = "static "
	}
	init := ""
	if len(in.Operands) > 1 && sc == scCrossWorkgroup && t.def[spirv.ID(in.Operands[1])] != nil && t.def[spirv.ID(in.Operands[1])].Op == spirv.OpConstantNull {
		// Program-scope variables start as zeros; the compiler takes no
		// initializer for pointers inside aggregates, even null ones.
	} else if len(in.Operands) > 1 {
		s, ok := t.init[spirv.ID(in.Operands[1])]
		if !ok {
			return t.errAt(in, "initializer %%%d is not a constant", in.Operands[1])
		}
		init = " = " + s
	} else if sc == scUniformConstant {
		init = " = {0}"
		if ti := t.info(elem); ti.op == spirv.OpTypeInt || ti.op == spirv.OpTypeFloat || ti.op == spirv.OpTypeBool {
			init = " = 0"
		}
	}
	if ed := t.def[elem]; ed != nil && ed.Op == spirv.OpTypeArray {
		// A program-scope array is declared as one (not in its struct
		// wrapper), as the compiler takes &name[i] in pointer
		// initializers; uses see it through the wrapper's pointer type.
		n, _ := t.constUint(spirv.ID(ed.Operands[1]))
		if strings.HasPrefix(init, " = {{") && strings.HasSuffix(init, "}}") {
			init = " = " + init[4:len(init)-1]
		}
		fmt.Fprintf(&t.globals, "%s%s %s %s[%d]%s;\n", prefix, as, t.ctype[spirv.ID(ed.Operands[0])], name, n, init)
		t.cexpr[in.Result] = "((" + t.ctype[in.ResultType] + ")" + name + ")"
		t.rawArray[in.Result] = name
		return nil
	}
	fmt.Fprintf(&t.globals, "%s%s %s %s%s;\n", prefix, as, ety, name, init)
	t.cexpr[in.Result] = "(&" + name + ")"
	return nil
}

// validIdent reports whether s may be used as a C identifier here.
func validIdent(s string) bool {
	if s == "" || keywords()[s] || strings.HasPrefix(s, "_") || strings.HasPrefix(s, "get_") {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// keywords are the names a C identifier here may not take; the set is
// built on first use, not in every process at start-up.
var keywords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum extern
float for goto if inline int long register restrict return short signed sizeof static struct switch
typedef union unsigned void volatile while bool half uchar ushort uint ulong size_t ptrdiff_t intptr_t
uintptr_t event_t global local constant private generic kernel read_only write_only read_write
__global __local __constant __private __generic __kernel image1d_t image2d_t image3d_t sampler_t
true false main`) {
		m[k] = true
	}
	return m
})

// constAddress spells the pointer constants of OpSpecConstantOp (a
// program-scope pointer's initializer): casts and element addresses of a
// program-scope variable's address, as the variable plus a byte offset
// worked out from the layout, in the forms the compiler takes in
// initializers (&array[i], (uchar *)&v + n).
func (t *translator) constAddress(op *spirv.Instruction) (string, bool) {
	if len(op.Operands) < 1 {
		return "", false
	}
	base, ok := t.addrOf(spirv.ID(op.Operands[0]))
	d := t.def[spirv.ID(op.Operands[0])]
	if !ok || d == nil {
		return "", false
	}
	switch op.Op {
	case spirv.OpBitcast, spirv.OpPtrCastToGeneric, spirv.OpGenericCastToPtr:
	case spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain, spirv.OpAccessChain, spirv.OpInBoundsAccessChain:
		_, ty, ok := t.pointee(d.ResultType)
		if !ok {
			return "", false
		}
		idx := op.Operands[1:]
		if op.Op == spirv.OpPtrAccessChain || op.Op == spirv.OpInBoundsPtrAccessChain {
			if len(idx) == 0 {
				return "", false
			}
			v, ok := t.constUint(spirv.ID(idx[0]))
			size, _, ok2 := t.layout(ty)
			if !ok || !ok2 {
				return "", false
			}
			base.off += v * size
			idx = idx[1:]
		}
		for _, w := range idx {
			dt := t.def[ty]
			v, ok := t.constUint(spirv.ID(w))
			if dt == nil || !ok {
				return "", false
			}
			switch dt.Op {
			case spirv.OpTypeStruct:
				if int(v) >= len(dt.Operands) {
					return "", false
				}
				m, ok := t.memberOffset(ty, int(v))
				if !ok {
					return "", false
				}
				base.off += m
				ty = spirv.ID(dt.Operands[v])
			case spirv.OpTypeArray, spirv.OpTypeVector:
				ty = spirv.ID(dt.Operands[0])
				size, _, ok := t.layout(ty)
				if !ok {
					return "", false
				}
				base.off += v * size
			default:
				return "", false
			}
		}
	default:
		return "", false
	}
	t.constAddrs[op.Result] = base
	rty := t.ctype[op.ResultType]
	if base.raw {
		if base.esize > 0 && base.off%base.esize == 0 {
			return fmt.Sprintf("((%s)&%s[%d])", rty, base.name, base.off/base.esize), true
		}
		return fmt.Sprintf("((%s)((%s uchar *)%s + %d))", rty, base.as, base.name, base.off), true
	}
	if base.off == 0 {
		return fmt.Sprintf("((%s)&%s)", rty, base.name), true
	}
	return fmt.Sprintf("((%s)((%s uchar *)&%s + %d))", rty, base.as, base.name, base.off), true
}

// constAddr is a constant address: a program-scope variable (an array
// declared as one, of elements of esize bytes, when raw) plus off bytes.
type constAddr struct {
	name  string
	raw   bool
	esize uint64
	off   uint64
	as    string
}

// addrOf returns the constant address id denotes: a program-scope
// variable's, or one an earlier OpSpecConstantOp computed.
func (t *translator) addrOf(id spirv.ID) (constAddr, bool) {
	if a, ok := t.constAddrs[id]; ok {
		return a, true
	}
	d := t.def[id]
	if d == nil || d.Op != spirv.OpVariable {
		return constAddr{}, false
	}
	sc, elem, ok := t.pointee(d.ResultType)
	if !ok {
		return constAddr{}, false
	}
	as, err := t.addrSpace(d, sc)
	if err != nil {
		return constAddr{}, false
	}
	if raw, ok := t.rawArray[id]; ok {
		esize, _, _ := t.layout(spirv.ID(t.def[elem].Operands[0]))
		return constAddr{name: raw, raw: true, esize: esize, as: as}, true
	}
	if name, ok := varObject(t.cexpr[id]); ok {
		return constAddr{name: name, as: as}, true
	}
	return constAddr{}, false
}
