package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Rotates by whole bytes. OpenCL's rotate() and the hashes' ROTR macros
// reach the lane program as x >> n | x << (w-n): two shifts and an OR,
// each of both halves for 64-bit values. Where n is a multiple of 8 the
// rotate is one byte shuffle (VPSHUFB) per register. The three ops must
// be adjacent, the shifts' results read by the OR only (temporaries of
// one straight-line run): the first op then computes the rotate into
// its own result's register, the second emits nothing, and the OR takes
// that register over as its result.

// rotateFusion is the rotate being compiled: the index of its first op.
type rotateFusion struct {
	first int // -1: none
}

// byteRotate reports whether ops i, i+1, i+2 are a rotate of x by a
// multiple of 8 bits, and its amount to the right in bytes.
func (g *gen) byteRotate(i int) (rb int, ok bool) {
	ops := g.p.Ops
	if i+2 >= len(ops) {
		return 0, false
	}
	s1, s2, or := &ops[i], &ops[i+1], &ops[i+2]
	w := uint64(8 * s1.Kind.Bytes())
	if s1.Kind != lanes.I32 && s1.Kind != lanes.I64 || s2.Kind != s1.Kind || or.Kind != s1.Kind {
		return 0, false
	}
	var n uint64
	switch {
	case s1.Code == lanes.ShrU && s2.Code == lanes.Shl:
	case s1.Code == lanes.Shl && s2.Code == lanes.ShrU:
	default:
		return 0, false
	}
	if !g.isConst(s1.B) || !g.isConst(s2.B) || s1.A != s2.A {
		return 0, false
	}
	n1, n2 := g.p.Values[s1.B].Bits, g.p.Values[s2.B].Bits
	if w == 32 {
		n1, n2 = uint64(uint32(n1)), uint64(uint32(n2))
	}
	if n1 == 0 || n1 >= w || n1+n2 != w || n1%8 != 0 {
		return 0, false
	}
	n = n1
	if s1.Code == lanes.Shl {
		n = w - n1 // a left rotate by n1
	}
	switch or.Code {
	case lanes.Or, lanes.Xor, lanes.Add: // the shifted bits are disjoint
	default:
		return 0, false
	}
	t1, t2, x, d := s1.Dst, s2.Dst, s1.A, or.Dst
	if !(or.A == t1 && or.B == t2 || or.A == t2 && or.B == t1) ||
		t1 == t2 || t1 == x || t2 == x || d == t1 || d == t2 || d == x {
		return 0, false
	}
	// The next two ops must come here (emit32, emit64) with the cache
	// theirs: cache-safe, of the kinds they read.
	for _, o := range [3]*lanes.Op{s1, s2, or} {
		if g.kind(o.Dst) != s1.Kind || !g.cacheSafe(o) {
			return 0, false
		}
	}
	sh := g.shape(x)
	if g.shape(t1) != sh || g.shape(t2) != sh || g.shape(d) != sh {
		return 0, false
	}
	for _, t := range [2]lanes.Value{t1, t2} {
		if !g.runs.local[t] || g.runs.lastRead[t] != i+2 {
			return 0, false
		}
	}
	return int(n / 8), true
}

// byteShuffle is the VPSHUFB control of a right rotate by rb bytes of
// each 4-byte (or 8-byte: wide) lane.
func (g *gen) byteShuffle(rb int, wide bool) amd64.Mem {
	n := 4
	if wide {
		n = 8
	}
	var b [32]byte
	for p := range b {
		lane := p / n * n
		b[p] = byte(lane%16 + (p-lane+rb)%n)
	}
	var v [8]uint32
	for i := range v {
		v[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return g.a.ConstYMM(v)
}

// emitRotate compiles op g.op if it is part of a byte rotate, and
// reports whether it was.
func (g *gen) emitRotate(o *lanes.Op) bool {
	f := &g.direct.rotate
	switch {
	case f.first >= 0 && g.op == f.first+1:
		return true // the second shift: nothing
	case f.first >= 0 && g.op == f.first+2:
		// The OR: the first op's registers hold the rotate.
		t1 := g.p.Ops[f.first].Dst
		f.first = -1
		wide := o.Kind.Bytes() == 8
		halves := 1
		if wide && g.shape(o.Dst) == lanes.Varying {
			halves = 2
		}
		var pins pinSet
		var dst [2]int
		for h := range halves {
			r := g.src(t1, h, &pins)
			dst[h] = int(r - cacheFirst)
		}
		g.finishDirect(o, dst, halves)
		return true
	}
	f.first = -1
	if !g.caching || g.direct.reads == nil {
		return false
	}
	rb, ok := g.byteRotate(g.op)
	if !ok {
		return false
	}
	wide := o.Kind.Bytes() == 8
	halves := 1
	if wide && g.shape(o.Dst) == lanes.Varying {
		halves = 2
	}
	m := g.byteShuffle(rb, wide)
	var pins pinSet
	var dst [2]int
	for h := range halves {
		x := g.src(o.A, h, &pins)
		i := g.claim(pins)
		dst[h] = i
		pins.add(regOf(i))
		g.a.VPSHUFBmem(regOf(i), x, m)
	}
	g.finishDirect(o, dst, halves)
	f.first = g.op
	return true
}
