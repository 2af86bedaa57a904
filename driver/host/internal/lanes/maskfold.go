package lanes

// Known masks. A mask that Build knows to be the constant 0 or all ones
// (a branch on a constant condition, a switch without cases, an edge no
// lane can take) needs no op: MaskAnd with 0 is 0, with all ones the
// other operand; a Select under a known mask is one of its operands; a
// blend under 0 writes nothing, an edge under 0 does nothing, and a jump
// on a known mask always or never jumps.

// constBits is the bits of v if it is a constant.
func (b *builder) constBits(v Value) (uint64, bool) {
	if v == NoValue {
		return 0, false
	}
	vi := &b.p.Values[v]
	return vi.Bits, vi.Const
}

// fold gives the value of a mask op or Select whose result a known mask
// or equal operands decide, and whether it did.
func (b *builder) fold(code Code, x, y, z Value) (Value, bool) {
	bx, kx := b.constBits(x)
	by, ky := b.constBits(y)
	zero := func() Value { return b.konst(Mask, 0) }
	ones := func() Value { return b.konst(Mask, 0xffffffff) }
	switch code {
	case MaskAnd:
		switch {
		case kx && bx == 0 || ky && by == 0:
			return zero(), true
		case kx:
			return y, true
		case ky:
			return x, true
		case x == y:
			return x, true
		}
	case MaskOr:
		switch {
		case kx && bx != 0 || ky && by != 0:
			return ones(), true
		case kx:
			return y, true
		case ky:
			return x, true
		case x == y:
			return x, true
		}
	case MaskAndNot:
		switch {
		case kx && bx == 0 || ky && by != 0 || x == y:
			return zero(), true
		case ky:
			return x, true
		}
	case MaskNot:
		if kx {
			if bx == 0 {
				return ones(), true
			}
			return zero(), true
		}
	case Select:
		switch {
		case kx && bx != 0:
			return y, true
		case kx:
			return z, true
		case y == z:
			return y, true
		}
	}
	return NoValue, false
}
