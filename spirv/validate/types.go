package validate

import "github.com/clgo/clgo/spirv"

// decl returns the declaration of type id, or nil.
func (v *validator) decl(id spirv.ID) *spirv.Instruction {
	if d := v.defs[id]; d != nil && d.class == classType {
		return d.in
	}
	return nil
}

func (v *validator) isVoid(t spirv.ID) bool {
	d := v.decl(t)
	return d != nil && d.Op == spirv.OpTypeVoid
}

func (v *validator) isOp(t spirv.ID, ops ...spirv.Op) bool {
	d := v.decl(t)
	if d == nil {
		return false
	}
	for _, op := range ops {
		if d.Op == op {
			return true
		}
	}
	return false
}

func (v *validator) isScalar(t spirv.ID) bool {
	return v.isOp(t, spirv.OpTypeInt, spirv.OpTypeFloat, spirv.OpTypeBool)
}

// typeOf returns the result type of value id (0 where unknown).
func (v *validator) typeOf(id spirv.ID) spirv.ID {
	if d := v.defs[id]; d != nil && d.class == classValue {
		return d.in.ResultType
	}
	return 0
}

// notVoid checks that a value's type t may hold data.
func (v *validator) notVoid(t spirv.ID) error {
	if v.isOp(t, spirv.OpTypeVoid, spirv.OpTypeFunction) {
		return v.errf("%%%d: a value cannot have type %v", v.in.Result, v.decl(t).Op)
	}
	return nil
}

// dataType reports whether t may be the type of an element, member,
// parameter or pointee: a declared type other than void and function (or
// a forward-declared pointer).
func (v *validator) dataType(t spirv.ID) bool {
	if _, ok := v.fwdPtrs[t]; ok {
		return true
	}
	d := v.decl(t)
	return d != nil && d.Op != spirv.OpTypeVoid && d.Op != spirv.OpTypeFunction
}

// typeDecl checks a type declaration.
func (v *validator) typeDecl(in *spirv.Instruction) error {
	ops := in.Operands
	switch in.Op {
	case spirv.OpTypeVoid, spirv.OpTypeBool, spirv.OpTypeSampler:
	case spirv.OpTypeInt:
		if w := ops[0]; w != 8 && w != 16 && w != 32 && w != 64 {
			return v.errf("integer width %d (8, 16, 32 or 64)", w)
		}
		if ops[1] > 1 {
			return v.errf("signedness %d (0 or 1)", ops[1])
		}
	case spirv.OpTypeFloat:
		if w := ops[0]; w != 16 && w != 32 && w != 64 {
			return v.errf("float width %d (16, 32 or 64)", w)
		}
		if len(ops) > 1 {
			return v.errf("float encodings are not supported")
		}
	case spirv.OpTypeVector:
		if !v.isScalar(spirv.ID(ops[0])) {
			return v.errf("vector component type %%%d is not a scalar type", ops[0])
		}
		if n := ops[1]; n < 2 || n > 4 {
			return v.errf("vector of %d components (2 to 4)", n)
		}
	case spirv.OpTypeMatrix:
		c := v.decl(spirv.ID(ops[0]))
		if c == nil || c.Op != spirv.OpTypeVector || !v.isOp(spirv.ID(c.Operands[0]), spirv.OpTypeFloat) {
			return v.errf("matrix column type %%%d is not a float vector", ops[0])
		}
		if n := ops[1]; n < 2 || n > 4 {
			return v.errf("matrix of %d columns (2 to 4)", n)
		}
	case spirv.OpTypeImage:
		return v.imageTypeDecl(ops)
	case spirv.OpTypeSampledImage:
		if !v.isOp(spirv.ID(ops[0]), spirv.OpTypeImage) {
			return v.errf("%%%d is not an image type", ops[0])
		}
	case spirv.OpTypeArray:
		if !v.dataType(spirv.ID(ops[0])) || v.isOp(spirv.ID(ops[0]), spirv.OpTypeRuntimeArray) {
			return v.errf("array element type %%%d is not a sized data type", ops[0])
		}
		return v.arrayLength(spirv.ID(ops[1]))
	case spirv.OpTypeRuntimeArray:
		if !v.dataType(spirv.ID(ops[0])) || v.isOp(spirv.ID(ops[0]), spirv.OpTypeRuntimeArray) {
			return v.errf("array element type %%%d is not a sized data type", ops[0])
		}
	case spirv.OpTypeStruct:
		for i, m := range ops {
			if !v.dataType(spirv.ID(m)) {
				return v.errf("member %d type %%%d is not a data type", i, m)
			}
			if v.isOp(spirv.ID(m), spirv.OpTypeRuntimeArray) && i != len(ops)-1 {
				return v.errf("member %d: only the last member may be a runtime array", i)
			}
		}
	case spirv.OpTypePointer:
		sc := spirv.StorageClass(ops[0])
		if !allowedStorageClass(sc) {
			return v.errf("storage class %v is not allowed in Vulkan compute", sc)
		}
		if fsc, ok := v.fwdPtrs[in.Result]; ok && fsc != sc {
			return v.errf("storage class %v differs from the forward declaration's %v", sc, fsc)
		}
		if d := v.defs[spirv.ID(ops[1])]; d != nil && !v.dataType(spirv.ID(ops[1])) && !v.isOp(spirv.ID(ops[1]), spirv.OpTypeFunction) {
			return v.errf("pointee %%%d is not a type", ops[1])
		}
	case spirv.OpTypeFunction:
		if v.decl(spirv.ID(ops[0])) == nil {
			return v.errf("return type %%%d is not a type", ops[0])
		}
		for i, p := range ops[1:] {
			if !v.dataType(spirv.ID(p)) {
				return v.errf("parameter %d type %%%d is not a data type", i, p)
			}
		}
	case spirv.OpTypeForwardPointer:
		if sc := spirv.StorageClass(ops[1]); sc != spirv.StorageClassPhysicalStorageBuffer {
			return v.errf("forward pointer of storage class %v (PhysicalStorageBuffer only)", sc)
		}
	default:
		return v.errf("type %v is not supported in Vulkan compute", in.Op)
	}
	return nil
}

// arrayLength checks an OpTypeArray length: an integer constant, at least
// 1 where its value is known.
func (v *validator) arrayLength(id spirv.ID) error {
	d := v.defs[id]
	if d == nil {
		return v.errf("array length %%%d is not defined before", id)
	}
	switch d.in.Op {
	case spirv.OpConstant:
		if !v.isOp(d.in.ResultType, spirv.OpTypeInt) {
			return v.errf("array length %%%d is not an integer constant", id)
		}
		zero := true
		for _, w := range d.in.Operands {
			zero = zero && w == 0
		}
		if zero {
			return v.errf("array length %%%d is 0", id)
		}
	case spirv.OpSpecConstant, spirv.OpSpecConstantOp:
		if !v.isOp(d.in.ResultType, spirv.OpTypeInt) {
			return v.errf("array length %%%d is not an integer constant", id)
		}
	default:
		return v.errf("array length %%%d is not an integer constant (it is defined by %v)", id, d.in.Op)
	}
	return nil
}

// constant checks a constant declaration.
func (v *validator) constant(in *spirv.Instruction) error {
	t := in.ResultType
	switch in.Op {
	case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
		if !v.isOp(t, spirv.OpTypeBool) {
			return v.errf("%v of a non-boolean type", in.Op)
		}
	case spirv.OpConstant, spirv.OpSpecConstant:
		if !v.isOp(t, spirv.OpTypeInt, spirv.OpTypeFloat) {
			return v.errf("%v of a type that is not a scalar number", in.Op)
		}
	case spirv.OpConstantComposite, spirv.OpSpecConstantComposite:
		return v.composite(in)
	case spirv.OpConstantNull:
		if !v.dataType(t) {
			return v.errf("OpConstantNull of type %%%d", t)
		}
	case spirv.OpSpecConstantOp:
		return v.notVoid(t)
	default:
		return v.errf("%v is not supported in Vulkan compute", in.Op)
	}
	return nil
}

// composite checks the constituents of a composite constant against its type.
func (v *validator) composite(in *spirv.Instruction) error {
	t := v.decl(in.ResultType)
	if t == nil {
		return v.errf("result type is not a type")
	}
	var want func(i int) spirv.ID
	n := -1 // expected count; -1: unknown
	switch t.Op {
	case spirv.OpTypeVector, spirv.OpTypeMatrix:
		n = int(t.Operands[1])
		want = func(int) spirv.ID { return spirv.ID(t.Operands[0]) }
	case spirv.OpTypeArray:
		if l := v.defs[spirv.ID(t.Operands[1])]; l != nil && l.in.Op == spirv.OpConstant {
			ops := l.in.Operands
			if len(ops) == 1 || len(ops) == 2 && ops[1] == 0 {
				n = int(min(ops[0], 1<<30))
			} else {
				n = 1 << 30
			}
		}
		want = func(int) spirv.ID { return spirv.ID(t.Operands[0]) }
	case spirv.OpTypeStruct:
		n = len(t.Operands)
		want = func(i int) spirv.ID { return spirv.ID(t.Operands[i]) }
	default:
		return v.errf("%v of type %v, which is not a composite", in.Op, t.Op)
	}
	if n >= 0 && len(in.Operands) != n {
		return v.errf("%d constituents, the type has %d", len(in.Operands), n)
	}
	for i, c := range in.Operands {
		d := v.defs[spirv.ID(c)]
		if d == nil || !isConstant(d.in.Op) {
			return v.errf("constituent %d (%%%d) is not a constant", i, c)
		}
		if d.in.ResultType != want(i) {
			return v.errf("constituent %d (%%%d) has type %%%d, want %%%d", i, c, d.in.ResultType, want(i))
		}
	}
	return nil
}

func isConstant(op spirv.Op) bool {
	return op.Info().Class == "Constant-Creation" || op == spirv.OpUndef
}

// variable checks an OpVariable; local says it is inside a function.
func (v *validator) variable(in *spirv.Instruction, local bool) error {
	p := v.decl(in.ResultType)
	if p == nil || p.Op != spirv.OpTypePointer {
		return v.errf("result type %%%d is not a pointer type", in.ResultType)
	}
	sc := spirv.StorageClass(in.Operands[0])
	if spirv.StorageClass(p.Operands[0]) != sc {
		return v.errf("storage class %v differs from its pointer type's %v", sc, spirv.StorageClass(p.Operands[0]))
	}
	if local != (sc == spirv.StorageClassFunction) {
		if local {
			return v.errf("a variable inside a function must have storage class Function, not %v", sc)
		}
		return v.errf("a global variable cannot have storage class Function")
	}
	if err := v.opaqueVariable(sc, spirv.ID(p.Operands[1])); err != nil {
		return err
	}
	if len(in.Operands) > 1 {
		d := v.defs[spirv.ID(in.Operands[1])]
		if d == nil || !(isConstant(d.in.Op) || d.in.Op == spirv.OpVariable && d.fn < 0) {
			return v.errf("initializer %%%d is not a constant or a global variable", in.Operands[1])
		}
	}
	return nil
}
