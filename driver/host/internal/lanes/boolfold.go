package lanes

// Booleans as integers. OpenCL C compares as ints: clgo's SPIR-V turns
// `(a > b) == up` into OpSelect(a > b, 1, 0) and OpSelect(up, 1, 0),
// an OpIEqual of the two ints, and a branch on the result, so the lane
// program computed two Selects, an Eq and a MaskAnd of the block mask
// for what is one mask operation (bitonic's compare-and-swap). Where an
// integer comparison's operands are such Selects (or one is a Select and
// the other a constant), its mask is a mask op of the Selects' masks:
//
//	Eq(Select(m, t, f), c)   = m, ^m or 0   (c == t, c == f, neither)
//	Eq(Select(m1, t, f), Select(m2, t, f)) = ^(m1 ^ m2)
//	Eq(Select(m1, t, f), Select(m2, f, t)) = m1 ^ m2
//
// and Ne the complement of each. This holds only for masks whose lanes
// are all ones or all zeros (Select tests a lane for nonzero; MaskXor
// and MaskNot work on the bits): masks that comparisons and mask ops of
// such masks computed are, masks loaded from memory or bitcast from an
// integer need not be, so only the former fold. MaskAnd of a MaskNot is
// MaskAndNot. The Selects and MaskNots left unread go at the end of
// Build (dropDeadOps).

// boolInt is a Select of two different constants on a canonical mask.
type boolInt struct {
	m    Value // the mask
	k    Kind  // the Select's kind
	t, f uint64
}

// boolFacts is what the builder knows of the values opImm made: the
// Selects of constants on canonical masks, the canonical masks, and the
// operand of each MaskNot.
type boolFacts struct {
	ints  map[Value]boolInt
	canon map[Value]bool
	not   map[Value]Value
}

// canonical reports whether mask v has every lane all ones or all zeros.
func (b *builder) canonical(v Value) bool {
	if bits, ok := b.constBits(v); ok {
		return b.p.Values[v].Kind == Mask && (bits == 0 || bits == 0xffffffff)
	}
	return b.bools.canon[v]
}

// makesCanonical reports whether code's result is a canonical mask when
// its mask operands are.
func makesCanonical(code Code) (always, ofOperands bool) {
	switch code {
	case Eq, Ne, ULt, ULe, SLt, SLe,
		FOrdEq, FOrdNe, FOrdLt, FOrdLe, FUnordEq, FUnordNe, FUnordLt, FUnordLe,
		IsNan, IsInf, SignBit, IsOrdered:
		return true, false
	case MaskAnd, MaskOr, MaskAndNot, MaskNot, MaskXor:
		return false, true
	}
	return false, false
}

// noteBool records what op o (code on operands of kind k, result dst,
// made by opImm) tells of booleans.
func (b *builder) noteBool(code Code, k Kind, o *Op, dst Value) {
	f := &b.bools
	if f.canon == nil {
		f.ints, f.canon, f.not = map[Value]boolInt{}, map[Value]bool{}, map[Value]Value{}
	}
	always, ofOps := makesCanonical(code)
	switch {
	case always:
		f.canon[dst] = true
	case ofOps:
		if b.canonical(o.A) && (o.B == NoValue || b.canonical(o.B)) {
			f.canon[dst] = true
		}
	}
	if code == MaskNot {
		f.not[dst] = o.A
	}
	if code == Select && (k == I32 || k == I64) && b.canonical(o.A) {
		t, okT := b.constBits(o.B)
		e, okF := b.constBits(o.C)
		if okT && okF && t != e {
			f.ints[dst] = boolInt{m: o.A, k: k, t: t, f: e}
		}
	}
}

// foldBool gives the mask op that computes code on x and y (operands of
// kind k) as the comment at the top says, and whether there is one.
func (b *builder) foldBool(code Code, k Kind, x, y Value) (Value, bool) {
	f := &b.bools
	if f.canon == nil || x == NoValue || y == NoValue && code != MaskNot {
		return NoValue, false
	}
	switch code {
	case MaskNot:
		if n, ok := f.not[x]; ok {
			return n, true
		}
		return NoValue, false
	case MaskAnd:
		if n, ok := f.not[y]; ok {
			return b.op(MaskAndNot, Mask, Mask, x, n), true
		}
		if n, ok := f.not[x]; ok {
			return b.op(MaskAndNot, Mask, Mask, y, n), true
		}
		return NoValue, false
	case Eq, Ne:
	default:
		return NoValue, false
	}
	if k != I32 && k != I64 {
		return NoValue, false
	}
	bx, okX := f.ints[x]
	by, okY := f.ints[y]
	if !okX && okY {
		x, y, bx, by, okX, okY = y, x, by, bx, okY, okX
	}
	if !okX || bx.k != k {
		return NoValue, false
	}
	// eq is the mask of the lanes where the operands are equal.
	var eq Value
	switch c, isConst := b.constBits(y); {
	case isConst:
		switch c {
		case bx.t:
			eq = bx.m
		case bx.f:
			eq = b.op(MaskNot, Mask, Mask, bx.m)
		default:
			eq = b.konst(Mask, 0)
		}
	case okY && by.k == k && by.t == bx.t && by.f == bx.f:
		eq = b.op(MaskNot, Mask, Mask, b.op(MaskXor, Mask, Mask, bx.m, by.m))
	case okY && by.k == k && by.t == bx.f && by.f == bx.t:
		eq = b.op(MaskXor, Mask, Mask, bx.m, by.m)
	default:
		return NoValue, false
	}
	if code == Ne {
		if n, ok := f.not[eq]; ok {
			return n, true
		}
		return b.op(MaskNot, Mask, Mask, eq), true
	}
	return eq, true
}
