package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// constVal is a constant's leaves: each zero-extended from its width
// (bools 0 or 1), in the order of its type's leaves.
type constVal struct {
	t    *typ
	bits []uint64
}

// constant evaluates a constant, specialization constant or OpUndef
// (zero) of the module, the specialization constants overridden by b.spec.
func (b *builder) constant(id spirv.ID) (*constVal, error) {
	if c, ok := b.consts[id]; ok {
		return c, nil
	}
	in := b.x.Defs[id]
	if in == nil {
		return nil, unsupported("constant", "%%%d undefined", id)
	}
	t, err := b.types.get(in.ResultType)
	if err != nil {
		return nil, err
	}
	a := in.Operands
	spec, isSpec := uint64(0), false
	if d, ok := b.x.Decoration(id, spirv.DecorationSpecId); ok && len(d) > 0 {
		spec, isSpec = b.spec[d[0]]
	}
	c := &constVal{t: t}
	switch in.Op {
	case spirv.OpConstant, spirv.OpSpecConstant:
		v := uint64(a[0])
		if t.width == 64 && len(a) > 1 {
			v |= uint64(a[1]) << 32
		}
		if in.Op == spirv.OpSpecConstant && isSpec {
			v = spec
		}
		c.bits = []uint64{v & widthMask(t.width)}
	case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
		v := in.Op == spirv.OpConstantTrue || in.Op == spirv.OpSpecConstantTrue
		if (in.Op == spirv.OpSpecConstantTrue || in.Op == spirv.OpSpecConstantFalse) && isSpec {
			v = spec != 0
		}
		c.bits = []uint64{b2u(v)}
	case spirv.OpConstantNull, spirv.OpUndef:
		if t.leaves == nil && t.size > 0 {
			return nil, unsupported(in.Op.String(), "a constant too large to scalarize")
		}
		c.bits = make([]uint64, len(t.leaves))
	case spirv.OpConstantComposite, spirv.OpSpecConstantComposite:
		for _, w := range a {
			p, err := b.constant(spirv.ID(w))
			if err != nil {
				return nil, err
			}
			c.bits = append(c.bits, p.bits...)
		}
		if len(c.bits) != len(t.leaves) {
			return nil, unsupported(in.Op.String(), "a constant too large to scalarize")
		}
	case spirv.OpSpecConstantOp:
		v, err := b.specOp(in, t)
		if err != nil {
			return nil, err
		}
		c.bits = v
	default:
		return nil, unsupported(in.Op.String(), "not a constant")
	}
	b.consts[id] = c
	return c, nil
}

// specOp evaluates the OpSpecConstantOp operations on scalars that
// compilers emit for sizes.
func (b *builder) specOp(in *spirv.Instruction, t *typ) ([]uint64, error) {
	op := spirv.Op(in.Operands[0])
	var args []*constVal
	lits := in.Operands[1:]
	if op == spirv.OpCompositeExtract {
		c, err := b.constant(spirv.ID(lits[0]))
		if err != nil {
			return nil, err
		}
		if len(lits) != 2 || !c.t.scalar() && c.t.op != spirv.OpTypeVector || int(lits[1]) >= len(c.bits) {
			return nil, unsupported("OpSpecConstantOp", "%s", op)
		}
		return []uint64{c.bits[lits[1]]}, nil
	}
	for _, w := range lits {
		c, err := b.constant(spirv.ID(w))
		if err != nil {
			return nil, err
		}
		if len(c.bits) != 1 {
			return nil, unsupported("OpSpecConstantOp", "%s on a vector", op)
		}
		args = append(args, c)
	}
	if !t.scalar() || t.op == spirv.OpTypeFloat {
		return nil, unsupported("OpSpecConstantOp", "%s of %s", op, t)
	}
	w := t.width
	m := widthMask(w)
	x := func(i int) uint64 { return args[i].bits[0] }
	sx := func(i int) int64 {
		sw := args[i].t.width
		return int64(args[i].bits[0]<<(64-sw)) >> (64 - sw)
	}
	var v uint64
	switch {
	case op == spirv.OpIAdd && len(args) == 2:
		v = x(0) + x(1)
	case op == spirv.OpISub && len(args) == 2:
		v = x(0) - x(1)
	case op == spirv.OpIMul && len(args) == 2:
		v = x(0) * x(1)
	case op == spirv.OpUDiv && len(args) == 2 && x(1) != 0:
		v = x(0) / x(1)
	case op == spirv.OpUMod && len(args) == 2 && x(1) != 0:
		v = x(0) % x(1)
	case op == spirv.OpSDiv && len(args) == 2 && sx(1) != 0:
		v = uint64(sx(0) / sx(1))
	case op == spirv.OpBitwiseAnd && len(args) == 2:
		v = x(0) & x(1)
	case op == spirv.OpBitwiseOr && len(args) == 2:
		v = x(0) | x(1)
	case op == spirv.OpBitwiseXor && len(args) == 2:
		v = x(0) ^ x(1)
	case op == spirv.OpShiftLeftLogical && len(args) == 2:
		v = x(0) << x(1)
	case op == spirv.OpShiftRightLogical && len(args) == 2:
		v = x(0) >> x(1)
	case op == spirv.OpUConvert && len(args) == 1:
		v = x(0)
	case op == spirv.OpSConvert && len(args) == 1:
		v = uint64(sx(0))
	case op == spirv.OpIEqual && len(args) == 2:
		v = b2u(x(0) == x(1))
	case op == spirv.OpINotEqual && len(args) == 2:
		v = b2u(x(0) != x(1))
	case op == spirv.OpULessThan && len(args) == 2:
		v = b2u(x(0) < x(1))
	case op == spirv.OpUGreaterThan && len(args) == 2:
		v = b2u(x(0) > x(1))
	case op == spirv.OpSelect && len(args) == 3:
		v = x(2)
		if x(0) != 0 {
			v = x(1)
		}
	default:
		return nil, unsupported("OpSpecConstantOp", "%s", op)
	}
	return []uint64{v & m}, nil
}

func widthMask(bits int) uint64 {
	if bits >= 64 || bits == 0 {
		return ^uint64(0)
	}
	return 1<<bits - 1
}

func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}
