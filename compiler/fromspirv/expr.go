package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// valFunc gives the C expression of an id's value.
type valFunc func(spirv.ID) (string, error)

// pureExpr spells instructions that are one C expression of their
// operands (arithmetic, relations, conversions, composites). It returns
// "" for instructions that are not.
func (t *translator) pureExpr(in *spirv.Instruction, val valFunc) (string, error) {
	ops := in.Operands
	arg := func(i int) (string, error) {
		if i >= len(ops) {
			return "", t.errAt(in, "too few operands")
		}
		return val(spirv.ID(ops[i]))
	}
	rt := in.ResultType
	rty := t.ctype[rt]
	ri := t.info(rt)
	var a, b string
	var err error
	two := func() error {
		if a, err = arg(0); err != nil {
			return err
		}
		b, err = arg(1)
		return err
	}
	one := func() error {
		a, err = arg(0)
		return err
	}
	// opType is the type of operand i.
	opType := func(i int) spirv.ID {
		if i < len(ops) {
			if d := t.def[spirv.ID(ops[i])]; d != nil {
				return d.ResultType
			}
		}
		return 0
	}
	signed := func(s string, i int) string {
		ty := opType(i)
		ti := t.info(ty)
		return reinterpret(intName(ti.width, true, ti.n), ti.n, s)
	}
	back := func(s string) string { return reinterpret(rty, ri.n, s) }
	bin := func(o string) (string, error) {
		if err := two(); err != nil {
			return "", err
		}
		return fmt.Sprintf("(%s %s %s)", a, o, b), nil
	}
	sbin := func(o string) (string, error) {
		if err := two(); err != nil {
			return "", err
		}
		return back(fmt.Sprintf("(%s %s %s)", signed(a, 0), o, signed(b, 1))), nil
	}
	// rel spells a relation: a bool for scalars, the -1/0 char vector
	// for vectors.
	rel := func(e string) string {
		if ri.n > 1 {
			return fmt.Sprintf("convert_%s(%s)", rty, e)
		}
		return "(" + e + ")"
	}
	relBin := func(o string, sgn bool) (string, error) {
		if err := two(); err != nil {
			return "", err
		}
		if sgn {
			a, b = signed(a, 0), signed(b, 1)
		}
		return rel(fmt.Sprintf("%s %s %s", a, o, b)), nil
	}
	relCall := func(f string) (string, error) {
		if err := two(); err != nil {
			return "", err
		}
		return rel(fmt.Sprintf("%s(%s, %s)", f, a, b)), nil
	}
	conv := func(to string, src string) string {
		suffix := ""
		if _, ok := t.deco(in.Result, spirv.DecorationSaturatedConversion); ok {
			suffix += "_sat"
		}
		if m, ok := t.deco(in.Result, spirv.DecorationFPRoundingMode); ok && len(m) > 0 {
			suffix += map[uint32]string{0: "_rte", 1: "_rtz", 2: "_rtp", 3: "_rtn"}[m[0]]
		}
		return fmt.Sprintf("convert_%s%s(%s)", to, suffix, src)
	}
	switch in.Op {
	case spirv.OpCopyObject, spirv.OpExpectKHR:
		if err := one(); err != nil {
			return "", err
		}
		return a, nil
	case spirv.OpIAdd, spirv.OpFAdd:
		return bin("+")
	case spirv.OpISub, spirv.OpFSub:
		return bin("-")
	case spirv.OpIMul, spirv.OpFMul, spirv.OpVectorTimesScalar:
		return bin("*")
	case spirv.OpUDiv, spirv.OpFDiv:
		return bin("/")
	case spirv.OpUMod:
		return bin("%")
	case spirv.OpSDiv:
		return sbin("/")
	case spirv.OpSRem:
		return sbin("%")
	case spirv.OpSMod:
		if err := two(); err != nil {
			return "", err
		}
		sa, sb := signed(a, 0), signed(b, 1)
		return back(fmt.Sprintf("(((%s %% %s) + %s) %% %s)", sa, sb, sb, sb)), nil
	case spirv.OpFRem:
		if err := two(); err != nil {
			return "", err
		}
		return fmt.Sprintf("fmod(%s, %s)", a, b), nil
	case spirv.OpSNegate, spirv.OpFNegate:
		if err := one(); err != nil {
			return "", err
		}
		return "(-" + a + ")", nil
	case spirv.OpNot:
		if err := one(); err != nil {
			return "", err
		}
		return "(~" + a + ")", nil
	case spirv.OpBitwiseAnd:
		return bin("&")
	case spirv.OpBitwiseOr:
		return bin("|")
	case spirv.OpBitwiseXor:
		return bin("^")
	case spirv.OpShiftLeftLogical, spirv.OpShiftRightLogical, spirv.OpShiftRightArithmetic:
		if err := two(); err != nil {
			return "", err
		}
		if ri.n > 1 && t.info(opType(1)).width != ri.width {
			b = fmt.Sprintf("convert_%s(%s)", rty, b)
		}
		switch in.Op {
		case spirv.OpShiftLeftLogical:
			return fmt.Sprintf("(%s << %s)", a, b), nil
		case spirv.OpShiftRightLogical:
			return fmt.Sprintf("(%s >> %s)", a, b), nil
		}
		return back(fmt.Sprintf("(%s >> %s)", signed(a, 0), b)), nil
	case spirv.OpLogicalAnd:
		if ri.n > 1 {
			return bin("&")
		}
		return bin("&&")
	case spirv.OpLogicalOr:
		if ri.n > 1 {
			return bin("|")
		}
		return bin("||")
	case spirv.OpLogicalNot:
		if err := one(); err != nil {
			return "", err
		}
		if ri.n > 1 {
			return "(~" + a + ")", nil
		}
		return "(!" + a + ")", nil
	case spirv.OpLogicalEqual:
		return relBin("==", false)
	case spirv.OpLogicalNotEqual:
		return relBin("!=", false)
	case spirv.OpIEqual, spirv.OpFOrdEqual:
		return relBin("==", false)
	case spirv.OpINotEqual, spirv.OpFUnordNotEqual:
		return relBin("!=", false)
	case spirv.OpULessThan, spirv.OpFOrdLessThan:
		return relBin("<", false)
	case spirv.OpUGreaterThan, spirv.OpFOrdGreaterThan:
		return relBin(">", false)
	case spirv.OpULessThanEqual, spirv.OpFOrdLessThanEqual:
		return relBin("<=", false)
	case spirv.OpUGreaterThanEqual, spirv.OpFOrdGreaterThanEqual:
		return relBin(">=", false)
	case spirv.OpSLessThan:
		return relBin("<", true)
	case spirv.OpSGreaterThan:
		return relBin(">", true)
	case spirv.OpSLessThanEqual:
		return relBin("<=", true)
	case spirv.OpSGreaterThanEqual:
		return relBin(">=", true)
	case spirv.OpFOrdNotEqual, spirv.OpLessOrGreater:
		return relCall("islessgreater")
	case spirv.OpFUnordEqual:
		if err := two(); err != nil {
			return "", err
		}
		return rel(fmt.Sprintf("!islessgreater(%s, %s)", a, b)), nil
	case spirv.OpFUnordLessThan:
		return relNot(rel, two, &a, &b, ">=")
	case spirv.OpFUnordGreaterThan:
		return relNot(rel, two, &a, &b, "<=")
	case spirv.OpFUnordLessThanEqual:
		return relNot(rel, two, &a, &b, ">")
	case spirv.OpFUnordGreaterThanEqual:
		return relNot(rel, two, &a, &b, "<")
	case spirv.OpOrdered:
		return relCall("isordered")
	case spirv.OpUnordered:
		return relCall("isunordered")
	case spirv.OpIsNan, spirv.OpIsInf, spirv.OpIsFinite, spirv.OpIsNormal, spirv.OpSignBitSet:
		if err := one(); err != nil {
			return "", err
		}
		f := map[spirv.Op]string{spirv.OpIsNan: "isnan", spirv.OpIsInf: "isinf", spirv.OpIsFinite: "isfinite",
			spirv.OpIsNormal: "isnormal", spirv.OpSignBitSet: "signbit"}[in.Op]
		return rel(fmt.Sprintf("%s(%s)", f, a)), nil
	case spirv.OpAny, spirv.OpAll:
		if err := one(); err != nil {
			return "", err
		}
		if t.info(opType(0)).n == 1 {
			return a, nil
		}
		return fmt.Sprintf("(%s(%s) != 0)", map[spirv.Op]string{spirv.OpAny: "any", spirv.OpAll: "all"}[in.Op], a), nil
	case spirv.OpSelect:
		if len(ops) < 3 {
			return "", t.errAt(in, "too few operands")
		}
		c, err := arg(0)
		if err != nil {
			return "", err
		}
		if err := func() error { a, err = arg(1); return err }(); err != nil {
			return "", err
		}
		if b, err = arg(2); err != nil {
			return "", err
		}
		if t.info(opType(0)).n > 1 {
			// select picks by the condition's most significant bit; the
			// condition's components must be as wide as the result's.
			w := ri.width
			if ri.op == spirv.OpTypeBool {
				w = 8
			}
			return fmt.Sprintf("select(%s, %s, convert_%s(%s))", b, a, intName(w, true, ri.n), c), nil
		}
		if d := t.def[rt]; d != nil && (d.Op == spirv.OpTypeStruct || d.Op == spirv.OpTypeArray) {
			return "", nil
		}
		return fmt.Sprintf("(%s ? %s : %s)", c, a, b), nil
	case spirv.OpConvertFToU, spirv.OpConvertUToF, spirv.OpUConvert, spirv.OpFConvert:
		if err := one(); err != nil {
			return "", err
		}
		return conv(rty, a), nil
	case spirv.OpConvertFToS:
		if err := one(); err != nil {
			return "", err
		}
		return back(conv(intName(ri.width, true, ri.n), a)), nil
	case spirv.OpConvertSToF:
		if err := one(); err != nil {
			return "", err
		}
		return conv(rty, signed(a, 0)), nil
	case spirv.OpSConvert:
		if err := one(); err != nil {
			return "", err
		}
		return back(conv(intName(ri.width, true, ri.n), signed(a, 0))), nil
	case spirv.OpSatConvertSToU:
		if err := one(); err != nil {
			return "", err
		}
		return fmt.Sprintf("convert_%s_sat(%s)", rty, signed(a, 0)), nil
	case spirv.OpSatConvertUToS:
		if err := one(); err != nil {
			return "", err
		}
		return back(fmt.Sprintf("convert_%s_sat(%s)", intName(ri.width, true, ri.n), a)), nil
	case spirv.OpQuantizeToF16:
		if err := one(); err != nil {
			return "", err
		}
		t.exts["cl_khr_fp16"] = true
		if ri.n > 1 {
			return fmt.Sprintf("convert_%s(convert_half%d(%s))", rty, ri.n, a), nil
		}
		return fmt.Sprintf("convert_%s(convert_half(%s))", rty, a), nil
	case spirv.OpBitcast:
		if err := one(); err != nil {
			return "", err
		}
		src := t.def[opType(0)]
		dst := t.def[rt]
		if src == nil || dst == nil {
			return "", t.errAt(in, "operand without a type")
		}
		word := "uint"
		if t.addr64 {
			word = "ulong"
		}
		switch {
		case src.Op == spirv.OpTypePointer && dst.Op == spirv.OpTypePointer:
			return fmt.Sprintf("((%s)%s)", rty, a), nil
		case src.Op == spirv.OpTypePointer:
			// a pointer's bits as an integer or a vector of them
			return fmt.Sprintf("as_%s((%s)%s)", rty, word, a), nil
		case dst.Op == spirv.OpTypePointer:
			return fmt.Sprintf("((%s)as_%s(%s))", rty, word, a), nil
		}
		return fmt.Sprintf("as_%s(%s)", rty, a), nil
	case spirv.OpConvertPtrToU, spirv.OpConvertUToPtr:
		if err := one(); err != nil {
			return "", err
		}
		// Through an integer of the pointer's width: a 32-bit address
		// widens with zeros, a wider integer truncates.
		w := "uint"
		if t.addr64 {
			w = "ulong"
		}
		return fmt.Sprintf("((%s)(%s)%s)", rty, w, a), nil
	case spirv.OpPtrCastToGeneric, spirv.OpGenericCastToPtr:
		if err := one(); err != nil {
			return "", err
		}
		return fmt.Sprintf("((%s)%s)", rty, a), nil
	case spirv.OpGenericCastToPtrExplicit:
		if err := one(); err != nil {
			return "", err
		}
		if len(ops) < 2 {
			return "", t.errAt(in, "too few operands")
		}
		f := map[uint32]string{scCrossWorkgroup: "to_global", scWorkgroup: "to_local", scFunction: "to_private"}[ops[1]]
		if f == "" {
			return "", t.errAt(in, "cast to storage class %v", spirv.StorageClass(ops[1]))
		}
		return fmt.Sprintf("((%s)%s(%s))", rty, f, a), nil
	case spirv.OpPtrEqual:
		return relBin("==", false)
	case spirv.OpPtrNotEqual:
		return relBin("!=", false)
	case spirv.OpPtrDiff:
		if err := two(); err != nil {
			return "", err
		}
		// Through integers: pointers into different objects (the CTS
		// subtracts two buffers) give their addresses' difference, which C
		// pointer subtraction leaves undefined.
		_, elem, _ := t.pointee(opType(0))
		w := "uint"
		if t.addr64 {
			w = "ulong"
		}
		et := t.ctype[elem]
		if et == "void" || et == "" {
			et = "uchar"
		}
		return fmt.Sprintf("((%s)(((long)(%s)%s - (long)(%s)%s) / (long)sizeof(%s)))", rty, w, a, w, b, et), nil
	case spirv.OpDot:
		if err := two(); err != nil {
			return "", err
		}
		return fmt.Sprintf("dot(%s, %s)", a, b), nil
	case spirv.OpCompositeExtract:
		if err := one(); err != nil {
			return "", err
		}
		s, last, err := t.path(in, opType(0), a, ops[1:])
		if err != nil {
			return "", err
		}
		if last == spirv.OpTypeBool && ri.op == spirv.OpTypeBool {
			return "(" + s + " != 0)", nil
		}
		return s, nil
	case spirv.OpCompositeConstruct:
		if t.def[rt] == nil || t.def[rt].Op != spirv.OpTypeVector {
			return "", nil
		}
		var parts []string
		for i := range ops {
			p, err := arg(i)
			if err != nil {
				return "", err
			}
			if ri.op == spirv.OpTypeBool && t.info(opType(i)).n == 1 {
				p = "(" + p + " ? -1 : 0)"
			}
			parts = append(parts, p)
		}
		return fmt.Sprintf("((%s)(%s))", rty, strings.Join(parts, ", ")), nil
	case spirv.OpVectorShuffle:
		if err := two(); err != nil {
			return "", err
		}
		na := t.info(opType(0)).n
		var parts []string
		for _, c := range ops[2:] {
			switch {
			case c == 0xffffffff:
				parts = append(parts, "0")
			case c < na:
				parts = append(parts, a+"."+comp(c))
			default:
				parts = append(parts, b+"."+comp(c-na))
			}
		}
		return fmt.Sprintf("((%s)(%s))", rty, strings.Join(parts, ", ")), nil
	case spirv.OpSizeOf:
		_, elem, ok := t.pointee(opType(0))
		if !ok {
			return "", t.errAt(in, "operand is not a pointer")
		}
		return fmt.Sprintf("((%s)sizeof(%s))", rty, t.ctype[elem]), nil
	}
	return "", nil
}

func relNot(rel func(string) string, two func() error, a, b *string, o string) (string, error) {
	if err := two(); err != nil {
		return "", err
	}
	return rel(fmt.Sprintf("!(%s %s %s)", *a, o, *b)), nil
}

// comp spells vector component i (s0 ... sf).
func comp(i uint32) string { return "s" + strings.ToLower(fmt.Sprintf("%x", i)) }

// path spells composite indices into base (of type ty): .sN for vectors,
// .mN for structs, .a[N] for arrays. It returns the kind of the last
// component type.
func (t *translator) path(in *spirv.Instruction, ty spirv.ID, base string, idx []uint32) (string, spirv.Op, error) {
	s := base
	last := spirv.Op(0)
	for _, i := range idx {
		d := t.def[ty]
		if d == nil {
			return "", 0, t.errAt(in, "index into a non-composite")
		}
		switch d.Op {
		case spirv.OpTypeVector:
			s = "(" + s + ")." + comp(i)
			ty = spirv.ID(d.Operands[0])
		case spirv.OpTypeStruct:
			if int(i) >= len(d.Operands) {
				return "", 0, t.errAt(in, "member %d of a %d-member struct", i, len(d.Operands))
			}
			s = fmt.Sprintf("(%s).m%d", s, i)
			ty = spirv.ID(d.Operands[i])
		case spirv.OpTypeArray:
			s = fmt.Sprintf("(%s).a[%d]", s, i)
			ty = spirv.ID(d.Operands[0])
		default:
			return "", 0, t.errAt(in, "index into a non-composite")
		}
		if td := t.def[ty]; td != nil {
			last = td.Op
		}
	}
	return s, last, nil
}
