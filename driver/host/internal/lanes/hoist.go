package lanes

import "slices"

// Loop-invariant ops. An op inside a loop whose operands were all made
// before the loop started, and are not registers written again (masks,
// phis, shadows, return values), computes the same in every iteration:
// it is placed before the loop instead (before its top label, which every
// way into the loop passes and the back edge does not). Ops without side
// effects compute every lane and never trap, so running one where the
// loop then runs no iteration is harmless. Index arithmetic of ids and
// loop-invariant addresses (a tile's row in sgemm) is the common case.

// hoistLoop is a loop being emitted: the first value made in it and where
// ops placed before it go.
type hoistLoop struct {
	start Value
	at    int
	// made is what the ops placed before the loop compute: an op equal to
	// one of them, invariant in the loop, is that op's value (the value
	// numbering of cse.go forgets at every label, but a hoisted op's
	// value is there for the whole loop).
	made map[cseKey]Value
	// pre holds the ops placed before the loop, in order, until the loop
	// is left: inserting each into the program as it came moved the
	// whole loop body every time, quadratic in big loops (hashcat's
	// m20011_init).
	pre []Op
}

// newReg makes a register that code writes more than once.
func (b *builder) newReg(k Kind, s Shape) Value {
	v := b.newValue(k, s)
	b.mutable[v] = true
	return v
}

func (b *builder) enterLoop() {
	b.loopStack = append(b.loopStack, &hoistLoop{start: Value(len(b.p.Values)), at: len(b.p.Ops), made: map[cseKey]Value{}})
}

func (b *builder) leaveLoop() {
	l := b.loopStack[len(b.loopStack)-1]
	b.loopStack = b.loopStack[:len(b.loopStack)-1]
	b.placeHoisted(l)
}

// placeHoisted puts the ops hoisted out of loop l before it. The ops of
// a loop around l are not in the program yet, so l.at is still l's
// place.
func (b *builder) placeHoisted(l *hoistLoop) {
	if len(l.pre) > 0 {
		b.p.Ops = slices.Insert(b.p.Ops, l.at, l.pre...)
		l.pre = nil
	}
}

// placeAllHoisted places the ops hoisted out of loops still open, inner
// loops first (a round that ends inside loops).
func (b *builder) placeAllHoisted() {
	for i := len(b.loopStack) - 1; i >= 0; i-- {
		b.placeHoisted(b.loopStack[i])
	}
}

// invariant reports whether v is the same throughout loop n of the
// stack: made before the loop and never written again, or an op already
// placed before loop n or a loop around it.
func (b *builder) invariant(v Value, n int) bool {
	if v == NoValue || b.p.Values[v].Const {
		// Constants are made where first used, perhaps inside the loop,
		// but never written.
		return true
	}
	if h, ok := b.hoistedAt[v]; ok {
		return n >= h
	}
	return v < b.loopStack[n].start && !b.mutable[v]
}

// outermostInvariant is the outermost loop of the stack that o is
// invariant in, or -1.
func (b *builder) outermostInvariant(o Op) int {
	for n := range b.loopStack {
		if b.invariant(o.A, n) && b.invariant(o.B, n) && b.invariant(o.C, n) {
			return n
		}
	}
	return -1
}

// hoisted is the value of an op equal to o (key) already placed before
// the outermost loop o is invariant in, if there is one.
func (b *builder) hoisted(key cseKey, o Op) (Value, bool) {
	n := b.outermostInvariant(o)
	if n < 0 {
		return NoValue, false
	}
	v, ok := b.loopStack[n].made[key]
	return v, ok
}

// hoist places op o before the outermost loop it is invariant in, and
// reports whether it did.
func (b *builder) hoist(o Op) bool {
	if n := b.outermostInvariant(o); n >= 0 {
		l := b.loopStack[n]
		l.pre = append(l.pre, o)
		b.hoistedAt[o.Dst] = n
		l.made[cseKey{code: o.Code, kind: o.Kind, dk: b.p.Values[o.Dst].Kind, a: o.A, b: o.B, c: o.C, imm: o.Imm}] = o.Dst
		return true
	}
	return false
}
