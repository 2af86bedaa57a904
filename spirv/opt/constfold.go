package opt

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// foldInt folds integer arithmetic, bitwise operations, shifts and
// comparisons of scalar integer constants into a constant, with the
// wrap-around of the type's width. Results the specification leaves
// undefined (division by zero, shifts by the width or more, the most
// negative value divided by -1) are not folded. Floating point is not
// folded: a device may flush denormals or round otherwise than Go.
func (f *folder) foldInt(in *spirv.Instruction) spirv.ID {
	if in.Result == 0 || in.ResultType == 0 {
		return 0
	}
	var args []uint64
	var width uint32
	for _, op := range in.Operands {
		d := f.defs[spirv.ID(op)]
		if d == nil || d.Op != spirv.OpConstant {
			return 0
		}
		t := f.defs[d.ResultType]
		if t == nil || t.Op != spirv.OpTypeInt {
			return 0
		}
		if width != 0 && t.Operands[0] != width && !isShift(in.Op) {
			return 0
		}
		if width == 0 {
			width = t.Operands[0]
		}
		v := uint64(d.Operands[0])
		if len(d.Operands) > 1 {
			v |= uint64(d.Operands[1]) << 32
		}
		args = append(args, v&mask(t.Operands[0]))
	}
	rt := f.defs[in.ResultType]
	if rt == nil || len(args) == 0 {
		return 0
	}
	sx := func(v uint64) int64 { return signExtend(v, width) }
	var r uint64
	isBool := false
	var b bool
	switch {
	case len(args) == 1:
		switch in.Op {
		case spirv.OpNot:
			r = ^args[0]
		case spirv.OpSNegate:
			r = -args[0]
		default:
			return 0
		}
	case len(args) == 2:
		a, c := args[0], args[1]
		switch in.Op {
		case spirv.OpIAdd:
			r = a + c
		case spirv.OpISub:
			r = a - c
		case spirv.OpIMul:
			r = a * c
		case spirv.OpBitwiseAnd:
			r = a & c
		case spirv.OpBitwiseOr:
			r = a | c
		case spirv.OpBitwiseXor:
			r = a ^ c
		case spirv.OpUDiv, spirv.OpUMod:
			if c == 0 {
				return 0
			}
			if in.Op == spirv.OpUDiv {
				r = a / c
			} else {
				r = a % c
			}
		case spirv.OpSDiv, spirv.OpSRem:
			if c == 0 || (sx(c) == -1 && a == 1<<(width-1)) {
				return 0
			}
			if in.Op == spirv.OpSDiv {
				r = uint64(sx(a) / sx(c))
			} else {
				r = uint64(sx(a) % sx(c))
			}
		case spirv.OpShiftLeftLogical, spirv.OpShiftRightLogical, spirv.OpShiftRightArithmetic:
			if c >= uint64(width) {
				return 0
			}
			switch in.Op {
			case spirv.OpShiftLeftLogical:
				r = a << c
			case spirv.OpShiftRightLogical:
				r = a >> c
			default:
				r = uint64(sx(a) >> c)
			}
		case spirv.OpIEqual:
			isBool, b = true, a == c
		case spirv.OpINotEqual:
			isBool, b = true, a != c
		case spirv.OpULessThan:
			isBool, b = true, a < c
		case spirv.OpULessThanEqual:
			isBool, b = true, a <= c
		case spirv.OpUGreaterThan:
			isBool, b = true, a > c
		case spirv.OpUGreaterThanEqual:
			isBool, b = true, a >= c
		case spirv.OpSLessThan:
			isBool, b = true, sx(a) < sx(c)
		case spirv.OpSLessThanEqual:
			isBool, b = true, sx(a) <= sx(c)
		case spirv.OpSGreaterThan:
			isBool, b = true, sx(a) > sx(c)
		case spirv.OpSGreaterThanEqual:
			isBool, b = true, sx(a) >= sx(c)
		default:
			return 0
		}
	default:
		return 0
	}
	if isBool {
		if rt.Op != spirv.OpTypeBool {
			return 0
		}
		op := spirv.OpConstantFalse
		if b {
			op = spirv.OpConstantTrue
		}
		return f.constant(op, in.ResultType, nil)
	}
	if rt.Op != spirv.OpTypeInt || rt.Operands[0] != width {
		return 0
	}
	r &= mask(width)
	var words []uint32
	switch {
	case width > 32:
		words = []uint32{uint32(r), uint32(r >> 32)}
	case width < 32 && rt.Operands[1] == 1:
		// Narrow signed constants are sign-extended into their word.
		words = []uint32{uint32(signExtend(r, width))}
	default:
		words = []uint32{uint32(r)}
	}
	return f.constant(spirv.OpConstant, in.ResultType, words)
}

func isShift(op spirv.Op) bool {
	return op == spirv.OpShiftLeftLogical || op == spirv.OpShiftRightLogical || op == spirv.OpShiftRightArithmetic
}

func mask(width uint32) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<width - 1
}

func signExtend(v uint64, width uint32) int64 {
	if width >= 64 {
		return int64(v)
	}
	s := 64 - width
	return int64(v<<s) >> s
}

func constKey(op spirv.Op, t spirv.ID, words []uint32) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(int(op)) + ":" + strconv.Itoa(int(t)))
	for _, w := range words {
		sb.WriteString("," + strconv.FormatUint(uint64(w), 10))
	}
	return sb.String()
}

// constant returns an existing constant of type t with words, or declares
// one at the end of the globals (after its type).
func (f *folder) constant(op spirv.Op, t spirv.ID, words []uint32) spirv.ID {
	k := constKey(op, t, words)
	if id, ok := f.consts[k]; ok {
		return id
	}
	in := &spirv.Instruction{Op: op, ResultType: t, Result: newID(f.m), Operands: words}
	f.m.Globals = append(f.m.Globals, in)
	f.ops.Add(in)
	f.defs[in.Result] = in
	f.consts[k] = in.Result
	return in.Result
}
