package validate

import (
	"github.com/clgo/clgo/spirv"
)

// Type rules of the instructions drivers most depend on: memory access
// (a load whose type is not its pointer's, an access chain past a
// structure's members), composites (indexes past the end) and arithmetic
// on the wrong kinds of numbers. Vulkan drivers assume them and the host
// driver's executor sizes its rows by them.

// shape is a scalar or vector type seen as its component kind, width and count.
type shape struct {
	op    spirv.Op // OpTypeInt, OpTypeFloat or OpTypeBool; 0 for other types
	width uint32
	n     uint32
}

func (v *validator) shape(t spirv.ID) shape {
	d := v.decl(t)
	if d == nil {
		return shape{}
	}
	n := uint32(1)
	if d.Op == spirv.OpTypeVector {
		n = d.Operands[1]
		if d = v.decl(spirv.ID(d.Operands[0])); d == nil {
			return shape{}
		}
	}
	switch d.Op {
	case spirv.OpTypeInt, spirv.OpTypeFloat:
		return shape{op: d.Op, width: d.Operands[0], n: n}
	case spirv.OpTypeBool:
		return shape{op: d.Op, n: n}
	}
	return shape{}
}

// operandType returns the type of value operand i of in, or 0 when the
// operand is not a value known yet (forward references of OpPhi).
func (v *validator) operandType(in *spirv.Instruction, i int) spirv.ID {
	if i >= len(in.Operands) {
		return 0
	}
	return v.typeOf(spirv.ID(in.Operands[i]))
}

// pointee returns the storage class and pointee of pointer type t.
func (v *validator) pointee(t spirv.ID) (spirv.StorageClass, spirv.ID, bool) {
	d := v.decl(t)
	if d == nil || d.Op != spirv.OpTypePointer {
		return 0, 0, false
	}
	return spirv.StorageClass(d.Operands[0]), spirv.ID(d.Operands[1]), true
}

// constValue returns the value of an integer OpConstant (up to 64 bits).
func (v *validator) constValue(id spirv.ID) (uint64, bool) {
	d := v.defs[id]
	if d == nil || d.in.Op != spirv.OpConstant || !v.isOp(d.in.ResultType, spirv.OpTypeInt) {
		return 0, false
	}
	ops := d.in.Operands
	val := uint64(ops[0])
	if len(ops) > 1 {
		val |= uint64(ops[1]) << 32
	}
	return val, true
}

// member steps into composite type t at index idx (known: a constant
// index; id: the index's id for error messages, 0 for a literal); it
// returns the member's type.
func (v *validator) member(t spirv.ID, idx uint64, known bool, dynamic spirv.ID) (spirv.ID, error) {
	d := v.decl(t)
	if d == nil {
		return 0, v.errf("cannot index into %%%d, which is not a type", t)
	}
	if dynamic != 0 && !v.isOp(v.typeOf(dynamic), spirv.OpTypeInt) || dynamic != 0 && v.shape(v.typeOf(dynamic)).n != 1 {
		return 0, v.errf("index %%%d is not an integer scalar", dynamic)
	}
	var n uint64 // bound; 0 when unknown
	var elem spirv.ID
	switch d.Op {
	case spirv.OpTypeStruct:
		if !known {
			return 0, v.errf("a structure index must be an integer constant, %%%d is not", dynamic)
		}
		n = uint64(len(d.Operands))
		if idx < n {
			elem = spirv.ID(d.Operands[idx])
		}
	case spirv.OpTypeVector, spirv.OpTypeMatrix:
		n, elem = uint64(d.Operands[1]), spirv.ID(d.Operands[0])
	case spirv.OpTypeArray:
		n, _ = v.constValue(spirv.ID(d.Operands[1]))
		elem = spirv.ID(d.Operands[0])
	case spirv.OpTypeRuntimeArray:
		elem = spirv.ID(d.Operands[0])
	default:
		return 0, v.errf("cannot index into %%%d, a %v", t, d.Op)
	}
	if known && n != 0 && idx >= n {
		return 0, v.errf("index %d is out of bounds of %%%d (%d elements)", idx, t, n)
	}
	return elem, nil
}

// operation checks the types of the operations a function body holds.
func (v *validator) operation(in *spirv.Instruction) error {
	ops := in.Operands
	switch in.Op.Info().Class {
	case "Atomic":
		return v.atomic(in)
	case "Image":
		return v.image(in)
	}
	switch in.Op {
	case spirv.OpLoad:
		_, pt, ok := v.pointee(v.operandType(in, 0))
		if !ok {
			return v.errf("pointer %%%d is not a pointer", ops[0])
		}
		if pt != in.ResultType {
			return v.errf("result type %%%d differs from the pointee type %%%d of %%%d", in.ResultType, pt, ops[0])
		}
	case spirv.OpStore:
		_, pt, ok := v.pointee(v.operandType(in, 0))
		if !ok {
			return v.errf("pointer %%%d is not a pointer", ops[0])
		}
		if t := v.operandType(in, 1); t != pt {
			return v.errf("object %%%d of type %%%d stored through a pointer to %%%d", ops[1], t, pt)
		}
	case spirv.OpCopyMemory:
		_, a, ok1 := v.pointee(v.operandType(in, 0))
		_, b, ok2 := v.pointee(v.operandType(in, 1))
		if !ok1 || !ok2 || a != b {
			return v.errf("operands must be pointers to the same type")
		}
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
		return v.accessChain(in)
	case spirv.OpCompositeExtract:
		t := v.operandType(in, 0)
		for _, idx := range ops[1:] {
			var err error
			if t, err = v.member(t, uint64(idx), true, 0); err != nil {
				return err
			}
		}
		if t != in.ResultType {
			return v.errf("result type %%%d differs from the extracted member's type %%%d", in.ResultType, t)
		}
	case spirv.OpCompositeInsert:
		t := v.operandType(in, 1)
		if t != in.ResultType {
			return v.errf("result type %%%d differs from the composite's type %%%d", in.ResultType, t)
		}
		for _, idx := range ops[2:] {
			var err error
			if t, err = v.member(t, uint64(idx), true, 0); err != nil {
				return err
			}
		}
		if ot := v.operandType(in, 0); ot != t {
			return v.errf("object %%%d has type %%%d, the member %%%d", ops[0], ot, t)
		}
	case spirv.OpCompositeConstruct:
		return v.construct(in)
	case spirv.OpVectorShuffle:
		r, a, b := v.shape(in.ResultType), v.shape(v.operandType(in, 0)), v.shape(v.operandType(in, 1))
		if !v.isOp(in.ResultType, spirv.OpTypeVector) || a.op == 0 || a.op != r.op || a.width != r.width || b.op != r.op || b.width != r.width {
			return v.errf("operands and result must be vectors of one component type")
		}
		if int(r.n) != len(ops)-2 {
			return v.errf("%d components selected for a vector of %d", len(ops)-2, r.n)
		}
		for _, c := range ops[2:] {
			if c != 0xffffffff && c >= a.n+b.n {
				return v.errf("component %d is out of bounds (%d components)", c, a.n+b.n)
			}
		}
	case spirv.OpVectorExtractDynamic, spirv.OpVectorInsertDynamic:
		vec := v.operandType(in, 0)
		if in.Op == spirv.OpVectorInsertDynamic {
			vec = in.ResultType
		}
		d := v.decl(vec)
		if d == nil || d.Op != spirv.OpTypeVector {
			return v.errf("%%%d is not a vector", ops[0])
		}
		idx := ops[1]
		if in.Op == spirv.OpVectorInsertDynamic {
			idx = ops[2]
		}
		if s := v.shape(v.typeOf(spirv.ID(idx))); s.op != spirv.OpTypeInt || s.n != 1 {
			return v.errf("index %%%d is not an integer scalar", idx)
		}
	case spirv.OpIAdd, spirv.OpISub, spirv.OpIMul, spirv.OpSDiv, spirv.OpUDiv, spirv.OpSRem, spirv.OpSMod, spirv.OpUMod,
		spirv.OpBitwiseOr, spirv.OpBitwiseXor, spirv.OpBitwiseAnd, spirv.OpNot, spirv.OpSNegate, spirv.OpBitReverse:
		return v.numeric(in, spirv.OpTypeInt, true)
	case spirv.OpShiftRightLogical, spirv.OpShiftRightArithmetic, spirv.OpShiftLeftLogical, spirv.OpBitCount:
		return v.numeric(in, spirv.OpTypeInt, false)
	case spirv.OpFAdd, spirv.OpFSub, spirv.OpFMul, spirv.OpFDiv, spirv.OpFRem, spirv.OpFMod, spirv.OpFNegate:
		return v.sameType(in, spirv.OpTypeFloat)
	case spirv.OpLogicalEqual, spirv.OpLogicalNotEqual, spirv.OpLogicalOr, spirv.OpLogicalAnd, spirv.OpLogicalNot:
		return v.sameType(in, spirv.OpTypeBool)
	case spirv.OpIEqual, spirv.OpINotEqual, spirv.OpUGreaterThan, spirv.OpSGreaterThan, spirv.OpUGreaterThanEqual,
		spirv.OpSGreaterThanEqual, spirv.OpULessThan, spirv.OpSLessThan, spirv.OpULessThanEqual, spirv.OpSLessThanEqual:
		return v.compare(in, spirv.OpTypeInt)
	case spirv.OpFOrdEqual, spirv.OpFOrdNotEqual, spirv.OpFOrdLessThan, spirv.OpFOrdGreaterThan, spirv.OpFOrdLessThanEqual,
		spirv.OpFOrdGreaterThanEqual, spirv.OpFUnordEqual, spirv.OpFUnordNotEqual, spirv.OpFUnordLessThan,
		spirv.OpFUnordGreaterThan, spirv.OpFUnordLessThanEqual, spirv.OpFUnordGreaterThanEqual, spirv.OpIsNan, spirv.OpIsInf:
		return v.compare(in, spirv.OpTypeFloat)
	case spirv.OpSelect:
		c, r := v.shape(v.operandType(in, 0)), v.shape(in.ResultType)
		if c.op != spirv.OpTypeBool || c.n != 1 && c.n != r.n {
			return v.errf("condition %%%d is not a boolean of the result's size", ops[0])
		}
		if v.operandType(in, 1) != in.ResultType || v.operandType(in, 2) != in.ResultType {
			return v.errf("both objects must have the result type %%%d", in.ResultType)
		}
	case spirv.OpConvertFToU, spirv.OpConvertFToS:
		return v.convert(in, spirv.OpTypeFloat, spirv.OpTypeInt)
	case spirv.OpConvertSToF, spirv.OpConvertUToF:
		return v.convert(in, spirv.OpTypeInt, spirv.OpTypeFloat)
	case spirv.OpUConvert, spirv.OpSConvert, spirv.OpFConvert:
		kind := spirv.OpTypeInt
		if in.Op == spirv.OpFConvert {
			kind = spirv.OpTypeFloat
		}
		if err := v.convert(in, kind, kind); err != nil {
			return err
		}
		if v.shape(v.operandType(in, 0)).width == v.shape(in.ResultType).width {
			return v.errf("%v to the same width", in.Op)
		}
	case spirv.OpBitcast:
		a, r := v.shape(v.operandType(in, 0)), v.shape(in.ResultType)
		if a.op != 0 && r.op != 0 && (a.op == spirv.OpTypeBool || r.op == spirv.OpTypeBool || a.width*a.n != r.width*r.n) {
			return v.errf("bit cast between types of different sizes")
		}
	}
	return nil
}

// numeric checks an operation on numbers of kind op whose operands have the
// result's component count (and width, where sameWidth).
func (v *validator) numeric(in *spirv.Instruction, op spirv.Op, sameWidth bool) error {
	r := v.shape(in.ResultType)
	if r.op != op {
		return v.errf("result type %%%d is not a %s scalar or vector", in.ResultType, kindName(op))
	}
	for i := range in.Operands {
		a := v.shape(v.operandType(in, i))
		if a.op != op || a.n != r.n || sameWidth && a.width != r.width {
			return v.errf("operand %d (%%%d) does not match the result type %%%d", i, in.Operands[i], in.ResultType)
		}
	}
	return nil
}

// sameType checks an operation whose operands all have its result type.
func (v *validator) sameType(in *spirv.Instruction, op spirv.Op) error {
	if v.shape(in.ResultType).op != op {
		return v.errf("result type %%%d is not a %s scalar or vector", in.ResultType, kindName(op))
	}
	for i := range in.Operands {
		if t := v.operandType(in, i); t != in.ResultType {
			return v.errf("operand %d (%%%d) has type %%%d, not the result type %%%d", i, in.Operands[i], t, in.ResultType)
		}
	}
	return nil
}

// compare checks a comparison of numbers of kind op.
func (v *validator) compare(in *spirv.Instruction, op spirv.Op) error {
	r := v.shape(in.ResultType)
	if r.op != spirv.OpTypeBool {
		return v.errf("result type %%%d is not a boolean scalar or vector", in.ResultType)
	}
	first := v.shape(v.operandType(in, 0))
	for i := range in.Operands {
		a := v.shape(v.operandType(in, i))
		if a.op != op || a.n != r.n || a.width != first.width {
			return v.errf("operand %d (%%%d) is not a %s of the result's size", i, in.Operands[i], kindName(op))
		}
	}
	return nil
}

// convert checks a conversion from numbers of kind from to kind to.
func (v *validator) convert(in *spirv.Instruction, from, to spirv.Op) error {
	a, r := v.shape(v.operandType(in, 0)), v.shape(in.ResultType)
	if a.op != from || r.op != to || a.n != r.n {
		return v.errf("converts %%%d to %%%d: want %s to %s of as many components", v.operandType(in, 0), in.ResultType, kindName(from), kindName(to))
	}
	return nil
}

func kindName(op spirv.Op) string {
	switch op {
	case spirv.OpTypeInt:
		return "integer"
	case spirv.OpTypeFloat:
		return "float"
	}
	return "boolean"
}

// accessChain checks an access chain's base, indexes and result type.
func (v *validator) accessChain(in *spirv.Instruction) error {
	sc, t, ok := v.pointee(v.operandType(in, 0))
	if !ok {
		return v.errf("base %%%d is not a pointer", in.Operands[0])
	}
	idx := in.Operands[1:]
	if in.Op == spirv.OpPtrAccessChain || in.Op == spirv.OpInBoundsPtrAccessChain {
		if len(idx) == 0 || v.shape(v.typeOf(spirv.ID(idx[0]))).op != spirv.OpTypeInt {
			return v.errf("element %%%d is not an integer", in.Operands[1])
		}
		idx = idx[1:]
	}
	for _, id := range idx {
		c, known := v.constValue(spirv.ID(id))
		var err error
		if t, err = v.member(t, c, known, spirv.ID(id)); err != nil {
			return err
		}
	}
	rsc, rt, ok := v.pointee(in.ResultType)
	if !ok || rsc != sc || rt != t {
		return v.errf("result type %%%d is not a %v pointer to %%%d", in.ResultType, sc, t)
	}
	return nil
}

// construct checks OpCompositeConstruct's constituents against its type.
func (v *validator) construct(in *spirv.Instruction) error {
	d := v.decl(in.ResultType)
	if d == nil {
		return v.errf("result type is not a type")
	}
	switch d.Op {
	case spirv.OpTypeVector:
		r := v.shape(in.ResultType)
		var n uint32
		for i := range in.Operands {
			a := v.shape(v.operandType(in, i))
			if a.op != r.op || a.width != r.width {
				return v.errf("constituent %d (%%%d) is not of the vector's component type", i, in.Operands[i])
			}
			n += a.n
		}
		if n != r.n {
			return v.errf("%d components for a vector of %d", n, r.n)
		}
	case spirv.OpTypeStruct, spirv.OpTypeArray, spirv.OpTypeMatrix:
		want := func(i int) spirv.ID { return spirv.ID(d.Operands[0]) }
		n := -1
		switch d.Op {
		case spirv.OpTypeStruct:
			n = len(d.Operands)
			want = func(i int) spirv.ID { return spirv.ID(d.Operands[i]) }
		case spirv.OpTypeMatrix:
			n = int(d.Operands[1])
		case spirv.OpTypeArray:
			if c, ok := v.constValue(spirv.ID(d.Operands[1])); ok {
				n = int(min(c, 1<<30))
			}
		}
		if n >= 0 && n != len(in.Operands) {
			return v.errf("%d constituents, the type has %d", len(in.Operands), n)
		}
		for i := range in.Operands {
			if t := v.operandType(in, i); t != want(i) {
				return v.errf("constituent %d (%%%d) has type %%%d, want %%%d", i, in.Operands[i], t, want(i))
			}
		}
	default:
		return v.errf("result type %%%d is not a composite", in.ResultType)
	}
	return nil
}

// atomic checks an atomic instruction: a pointer to a scalar number and
// values of its type.
func (v *validator) atomic(in *spirv.Instruction) error {
	if in.Op == spirv.OpAtomicFlagTestAndSet || in.Op == spirv.OpAtomicFlagClear {
		return v.errf("%v is not supported in Vulkan compute", in.Op)
	}
	_, pt, ok := v.pointee(v.operandType(in, 0))
	if !ok {
		return v.errf("pointer %%%d is not a pointer", in.Operands[0])
	}
	if s := v.shape(pt); s.op != spirv.OpTypeInt && s.op != spirv.OpTypeFloat || s.n != 1 {
		return v.errf("pointer %%%d does not point to a scalar number", in.Operands[0])
	}
	if in.ResultType != 0 && in.ResultType != pt {
		return v.errf("result type %%%d differs from the pointee type %%%d", in.ResultType, pt)
	}
	var err error
	v.ops.Visit(in, v.m.Bound, func(o spirv.Operand) {
		if err != nil || o.N != 1 {
			return
		}
		id := spirv.ID(in.Operands[o.Start])
		switch {
		case o.Name == "Value" || o.Name == "Comparator":
			if t := v.typeOf(id); t != pt {
				err = v.errf("%s %%%d has type %%%d, the pointee %%%d", o.Name, id, t, pt)
			}
		}
	})
	return err
}

// image checks that an image instruction's image operands are images and
// that what it reads is numbers.
func (v *validator) image(in *spirv.Instruction) error {
	var err error
	v.ops.Visit(in, v.m.Bound, func(o spirv.Operand) {
		if err != nil || !o.Kind.IsID() {
			return
		}
		id := spirv.ID(in.Operands[o.Start])
		switch o.Name {
		case "Image":
			if !v.isOp(v.typeOf(id), spirv.OpTypeImage) {
				err = v.errf("'Image' %%%d is not an image", id)
			}
		case "Sampled Image":
			if !v.isOp(v.typeOf(id), spirv.OpTypeSampledImage) {
				err = v.errf("'Sampled Image' %%%d is not a sampled image", id)
			}
		}
	})
	if err != nil {
		return err
	}
	if in.ResultType != 0 && in.Op != spirv.OpImage && in.Op != spirv.OpSampledImage {
		if s := v.shape(in.ResultType); s.op != spirv.OpTypeInt && s.op != spirv.OpTypeFloat {
			return v.errf("result type %%%d is not an integer or float scalar or vector", in.ResultType)
		}
	}
	return v.imageOperation(in)
}
