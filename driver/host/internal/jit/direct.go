package jit

import (
	"math"
	"math/bits"
	"sort"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Integer arithmetic computed in the register cache. The general path
// (emit32, emit64) copies every operand into Y0-Y5, computes there and
// copies the result into a cache register; a constant operand is loaded
// from its slot and broadcast, and then kept in the cache, where it
// evicts a value the next ops need. In a hash's rounds (a chain of adds,
// xors and shifts by constants) those copies and reloads are most of the
// instructions. The ops here read their operands where they are (a
// cache register, else loaded once into one), take constant operands
// as immediates (shift counts) or as pool memory operands, and compute
// straight into the cache register that will hold the result. The
// victim of a new entry is chosen by next use (the entry read latest, or
// never again in this run), not round-robin.

// directInfo is the use information the victim choice needs.
type directInfo struct {
	reads  [][]int32    // reads[v]: the ops reading v, ascending
	ranges rangeInfo    // ranges.go
	rotate rotateFusion // rotate.go
}

// analyzeReads fills g.direct.reads.
func (g *gen) analyzeReads() {
	reads := make([][]int32, len(g.p.Values))
	for i := range g.p.Ops {
		o := &g.p.Ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v == lanes.NoValue || int(v) >= len(reads) {
				continue
			}
			if r := reads[v]; len(r) == 0 || r[len(r)-1] != int32(i) {
				reads[v] = append(reads[v], int32(i))
			}
		}
	}
	g.direct.reads = reads
	g.direct.rotate.first = -1
	g.analyzeDefs()
}

// nextRead is the first op at or after the current one that reads v, or
// MaxInt32 if none does in program order (a loop may still read it
// again: that only makes v a worse victim than it looks).
func (g *gen) nextRead(v lanes.Value) int32 {
	r := g.direct.reads[v]
	i := sort.Search(len(r), func(i int) bool { return int(r[i]) >= g.op })
	if i == len(r) {
		return math.MaxInt32
	}
	return r[i]
}

// pinSet marks the cache registers an op is still reading or has
// written: no victim among them. Entries are numbered across both levels:
// 0 to cacheLen-1 the first (Y6-Y15), then the second (Y16-Y31,
// hicache.go), which only ops whose instructions all have EVEX forms
// (g.anyReg) take.
type pinSet uint32

func (p *pinSet) add(r amd64.Y) { *p |= 1 << entryOf(r) }
func (p pinSet) has(i int) bool { return p&(1<<i) != 0 }

// regOf is entry i's register.
func regOf(i int) amd64.Y {
	if i >= cacheLen {
		return hiFirst + amd64.Y(i-cacheLen)
	}
	return cacheFirst + amd64.Y(i)
}

// entryOf is register r's entry number.
func entryOf(r amd64.Y) int {
	if r >= hiFirst {
		return cacheLen + int(r-hiFirst)
	}
	return int(r - cacheFirst)
}

func (g *gen) entryKey(i int) *cacheKey {
	if i >= cacheLen {
		return &g.cache.hi[i-cacheLen]
	}
	return &g.cache.key[i]
}

func (g *gen) entryDirty(i int) *bool {
	if i >= cacheLen {
		return &g.cache.hiDirty[i-cacheLen]
	}
	return &g.cache.dirty[i]
}

func (g *gen) entryValue(i int) lanes.Value { return lanes.Value(*g.entryKey(i) / 2) }

// claim picks a cache register outside pins for a new entry, writes its
// old value back if that is dirty and live, and leaves it empty. Empty
// entries go first, then dead ones, then the one read latest; a clean
// entry beats a dirty one read as late.
func (g *gen) claim(pins pinSet) int {
	n := cacheLen
	if g.anyReg {
		n += hiLen
	}
	best, bestScore := -1, int64(-1)
	for i := range n {
		if pins.has(i) {
			continue
		}
		var score int64
		switch k := *g.entryKey(i); {
		case k == noKey:
			score = math.MaxInt64
		case g.dead(g.entryValue(i)):
			score = math.MaxInt64 - 1
		default:
			score = int64(g.nextRead(g.entryValue(i))) * 2
			if !*g.entryDirty(i) {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	switch {
	case best >= cacheLen:
		g.spillHi(best - cacheLen)
	case g.anyReg:
		g.spill(best) // the victim is the farthest read of both levels
	default:
		g.evict(best) // to the second level (hicache.go)
	}
	*g.entryKey(best) = noKey
	*g.entryDirty(best) = false
	return best
}

// src is a register holding half h of v (of a 32-bit kind: h 0) for
// reading: its cache register, else a new clean entry loaded from v's
// slot. Uniform values are broadcast, half 0 serving both halves.
func (g *gen) src(v lanes.Value, h int, pins *pinSet) amd64.Y {
	if g.shape(v) == lanes.Uniform {
		h = 0
	}
	find := g.cache.find
	if g.anyReg {
		find = g.findEither
	}
	if r, ok := find(v, h); ok {
		pins.add(r)
		return r
	}
	if j, ok := g.cache.findHi(v, h); ok {
		// Code that takes the first level only (a rotate, rotate.go)
		// finds an operand in the second: it moves up, dirty if it was.
		c := &g.cache
		g.hiPin = j
		i := g.claim(*pins)
		g.hiPin = -1
		r := regOf(i)
		g.a.VMOVDQU(r, hiFirst+amd64.Y(j))
		c.key[i], c.dirty[i] = keyOf(v, h), c.hiDirty[j]
		c.hi[j], c.hiDirty[j] = noKey, false
		pins.add(r)
		return r
	}
	i := g.claim(*pins)
	r := regOf(i)
	a := &g.a
	switch {
	case g.shape(v) == lanes.Varying:
		a.VMOVDQUload(r, g.slot(v, int32(32*h)))
	case g.kind(v).Bytes() == 8:
		a.VPBROADCASTQload(r, g.slot(v, 0))
	default:
		a.VPBROADCASTDload(r, g.slot(v, 0))
	}
	*g.entryKey(i) = keyOf(v, h)
	pins.add(r)
	return r
}

// isConst reports whether v is a constant.
func (g *gen) isConst(v lanes.Value) bool {
	return v != lanes.NoValue && g.p.Values[v].Const
}

// directCode reports whether emitDirect compiles o.
func (g *gen) directCode(o *lanes.Op) bool {
	if !g.caching || o.Dst == lanes.NoValue || g.direct.reads == nil {
		return false
	}
	if g.directCompare(o) { // cmpdirect.go
		return true
	}
	if g.directFloat(o) || o.Code == lanes.Copy && isFloat(o.Kind) && g.directAnyReg(o) {
		return true
	}
	w := o.Kind.Bytes()
	if g.kind(o.Dst).Bytes() != w || (o.Kind != lanes.I32 && o.Kind != lanes.I64 && o.Kind != lanes.Mask) {
		return false
	}
	for _, v := range [2]lanes.Value{o.A, o.B} {
		if v != lanes.NoValue && g.kind(v).Bytes() != w {
			return false
		}
	}
	switch o.Code {
	case lanes.Copy:
		return g.kind(o.A) == o.Kind && g.kind(o.Dst) == o.Kind
	case lanes.Index:
		return g.directIndex(o)
	case lanes.Mul:
		// 32-bit: VPMULLD, of a register or a pool constant (a power of
		// two: a shift); 64-bit only by a power of two (a shift), other
		// 64-bit products stay in emit64.
		if o.Kind == lanes.I32 {
			return true
		}
		k := o.B
		if g.isConst(o.A) {
			k = o.A
		}
		return g.isConst(k) && pow2(g.p.Values[k].Bits)
	case lanes.Add, lanes.Sub, lanes.And, lanes.Or, lanes.Xor, lanes.Not, lanes.Shl, lanes.ShrU:
		return o.Kind != lanes.Mask
	case lanes.ShrS:
		return w == 4
	case lanes.MaskAnd, lanes.MaskOr, lanes.MaskXor, lanes.MaskAndNot:
		return true
	}
	return false
}

// emitDirect compiles the integer ops of directCode in the cache.
func (g *gen) emitDirect(o *lanes.Op) {
	a := &g.a
	g.anyReg = g.directAnyReg(o)
	defer func() { g.anyReg = false }()
	wide := o.Kind.Bytes() == 8
	halves := 1
	if wide && g.shape(o.Dst) == lanes.Varying {
		halves = 2
	}
	switch o.Code {
	case lanes.Index:
		g.emitDirectIndex(o)
		return
	case lanes.Copy:
		g.emitDirectCopy(o, wide, halves)
		return
	case lanes.Fma:
		g.emitDirectFma(o, wide, halves)
		return
	}
	A, B := o.A, o.B
	switch o.Code {
	case lanes.Mul, lanes.Add, lanes.And, lanes.Or, lanes.Xor, lanes.MaskAnd, lanes.MaskOr, lanes.MaskXor,
		lanes.Eq, lanes.Ne:
		// Commutative: a constant goes second, where it is a memory operand.
		if g.isConst(A) && !g.isConst(B) {
			A, B = B, A
		}
	}
	var pins pinSet
	var dst [2]int
	for h := range halves {
		x := g.src(A, h, &pins)
		if o.Code == lanes.Not {
			i := g.claim(pins)
			dst[h] = i
			pins.add(regOf(i))
			a.VPXORmem(regOf(i), x, g.splatW(wide, math.MaxUint64))
			continue
		}
		if g.isConst(B) && o.Code != lanes.MaskAndNot && !isFloat(o.Kind) {
			k := g.p.Values[B].Bits
			i := g.claim(pins)
			dst[h] = i
			d := regOf(i)
			pins.add(d)
			g.directConst(o.Code, wide, d, x, k)
			continue
		}
		y := g.src(B, h, &pins)
		i := g.claim(pins)
		dst[h] = i
		d := regOf(i)
		pins.add(d)
		g.directOp(o.Code, wide, d, x, y)
	}
	g.finishDirect(o, dst, halves)
}

// finishDirect makes the registers dst[:halves] the cache entries of
// o.Dst, dirty, or stores them where o's result may not stay unstored.
func (g *gen) finishDirect(o *lanes.Op, dst [2]int, halves int) {
	a := &g.a
	wide := g.kind(o.Dst).Bytes() == 8
	// The result replaces every value sharing its slot (st's rule), and
	// Dst's old value where an operand was Dst and loaded it.
	g.dropOverlapping(o.Dst)
	g.cache.drop(o.Dst)
	for h := range halves {
		i := dst[h]
		*g.entryKey(i) = keyOf(o.Dst, h)
		*g.entryDirty(i) = g.deferring
		if g.deferring {
			continue
		}
		r := regOf(i)
		switch {
		case g.shape(o.Dst) == lanes.Varying:
			a.VMOVDQUstore(g.slot(o.Dst, int32(32*h)), r)
		case wide:
			a.VMOVQstore(g.slot(o.Dst, 0), r)
		default:
			a.VMOVDstore(g.slot(o.Dst, 0), r)
		}
	}
}

// splatW is a pool constant of v in every 32-bit (wide: 64-bit) lane.
func (g *gen) splatW(wide bool, v uint64) amd64.Mem {
	if wide {
		return g.splat64(v)
	}
	return g.splat32(uint32(v))
}

// directOp is d = x op y, 32-bit lanes or 64-bit (wide).
func (g *gen) directOp(c lanes.Code, wide bool, d, x, y amd64.Y) {
	if isCompare(c) { // cmpdirect.go
		g.compareRegs(c, d, x, y)
		return
	}
	insn(c, wide).reg(&g.a, d, x, y)
}

// pow2 reports whether k is a power of two.
func pow2(k uint64) bool { return k != 0 && k&(k-1) == 0 }

// directConst is d = x op k for the constant k (a 32-bit kind's in the
// low 32 bits): shifts by an immediate, the rest with k from the
// constant pool.
func (g *gen) directConst(c lanes.Code, wide bool, d, x amd64.Y, k uint64) {
	a := &g.a
	if isCompare(c) { // cmpdirect.go
		g.compareConst(c, d, x, uint32(k))
		return
	}
	w := uint64(32)
	if wide {
		w = 64
	} else {
		k = uint64(uint32(k))
	}
	switch c {
	case lanes.Shl, lanes.ShrU:
		// Counts of w or more give 0, as the lane IR says.
		switch {
		case k >= w:
			a.VPXOR(d, d, d)
		case c == lanes.Shl && wide:
			a.VPSLLQ(d, x, uint8(k))
		case c == lanes.Shl:
			a.VPSLLD(d, x, uint8(k))
		case wide:
			a.VPSRLQ(d, x, uint8(k))
		default:
			a.VPSRLD(d, x, uint8(k))
		}
	case lanes.ShrS:
		// 32-bit only; counts of 32 or more give the sign in every bit.
		a.VPSRAD(d, x, uint8(min(k, 31)))
	case lanes.Mul:
		switch {
		case pow2(k) && wide:
			a.VPSLLQ(d, x, uint8(bits.TrailingZeros64(k)))
		case pow2(k):
			a.VPSLLD(d, x, uint8(bits.TrailingZeros64(k)))
		default: // 32-bit (directCode)
			a.VPMULLDmem(d, x, g.splatW(wide, k))
		}
	default:
		insn(c, wide).mem(a, d, x, g.splatW(wide, k))
	}
}

// emitDirectCopy is Dst = A: a constant from the pool (zero and all ones
// without a load: the lane program clears block masks this way), else a
// register copy.
func (g *gen) emitDirectCopy(o *lanes.Op, wide bool, halves int) {
	a := &g.a
	var pins pinSet
	var dst [2]int
	for h := range halves {
		if g.isConst(o.A) {
			k := g.p.Values[o.A].Bits
			if !wide {
				k = uint64(uint32(k))
			}
			i := g.claim(pins)
			d := regOf(i)
			switch {
			case k == 0:
				g.zero(d)
			case k == math.MaxUint64 || !wide && k == math.MaxUint32:
				g.ones(d)
			default:
				a.VMOVDQUload(d, g.splatW(wide, k))
			}
			dst[h] = i
			pins.add(d)
			continue
		}
		x := g.src(o.A, h, &pins)
		i := g.claim(pins)
		a.VMOVDQU(regOf(i), x)
		dst[h] = i
		pins.add(regOf(i))
	}
	g.finishDirect(o, dst, halves)
}

// directFloat reports whether o is a float op of one instruction (and
// Fma, a copy and one) with an EVEX form that emitDirect compiles where Y16-Y31 are in use: its
// operands are read where they are, in either level, and its result goes
// into whichever register of both levels is read latest; the general
// path's copies into Y0-Y5 and back (four and two register moves of a
// 64-bit op) were most of the instructions of a float kernel.
func (g *gen) directFloat(o *lanes.Op) bool {
	if !g.evex || !isFloat(o.Kind) || g.kind(o.Dst) != o.Kind {
		return false
	}
	ops := []lanes.Value{o.A, o.B}
	switch o.Code {
	case lanes.FAdd, lanes.FSub, lanes.FMul, lanes.FDiv:
	case lanes.Fma:
		ops = append(ops, o.C)
	default:
		return false
	}
	for _, v := range ops {
		if v == lanes.NoValue || g.kind(v) != o.Kind {
			return false
		}
	}
	return true
}

// emitDirectFma is Dst = A*B + C, rounded once: A copied into the new
// register, then VFMADD213 (B*A + C, the same product).
func (g *gen) emitDirectFma(o *lanes.Op, wide bool, halves int) {
	a := &g.a
	var pins pinSet
	var dst [2]int
	for h := range halves {
		x := g.src(o.A, h, &pins)
		y := g.src(o.B, h, &pins)
		z := g.src(o.C, h, &pins)
		i := g.claim(pins)
		d := regOf(i)
		pins.add(d)
		a.VMOVDQU(d, x)
		if wide {
			a.VFMADD213PD(d, y, z)
		} else {
			a.VFMADD213PS(d, y, z)
		}
		dst[h] = i
	}
	g.finishDirect(o, dst, halves)
}

// directAnyReg reports whether every instruction emitDirect emits for o
// has an EVEX form, so that its operands and result may be in Y16-Y31.
func (g *gen) directAnyReg(o *lanes.Op) bool {
	if !g.evex || !g.caching || g.direct.reads == nil {
		return false
	}
	if o.Code == lanes.Copy && o.Dst != lanes.NoValue && g.kind(o.A) == o.Kind && g.kind(o.Dst) == o.Kind &&
		!g.isConst(o.A) && (isFloat(o.Kind) || o.Kind == lanes.I32 || o.Kind == lanes.I64) {
		return true // a register move
	}
	return g.directFloat(o) || g.directIntAnyReg(o)
}

// directIntAnyReg reports whether o is an integer op of directCode whose
// instructions all have EVEX forms (adds, subtractions, bitwise ops,
// shifts, 32-bit products; not compares, which write k registers in
// EVEX, nor Index, nor a rotate's ops, whose byte shuffle stays in the
// first level).
func (g *gen) directIntAnyReg(o *lanes.Op) bool {
	if o.Kind != lanes.I32 && o.Kind != lanes.I64 || g.directCompare(o) {
		return false
	}
	if g.direct.rotate.first >= 0 {
		return false
	}
	if _, ok := g.byteRotate(g.op); ok {
		return false
	}
	switch o.Code {
	case lanes.Add, lanes.Sub, lanes.And, lanes.Or, lanes.Xor, lanes.Not, lanes.Shl, lanes.ShrU,
		lanes.ShrS, lanes.Mul:
		return g.directCode(o)
	}
	return false
}

func isFloat(k lanes.Kind) bool { return k == lanes.F32 || k == lanes.F64 }
