package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Accesses at an Index of a Uniform base and an affine index, with the
// offsets computed in general registers. `src[y*w + x - 1]` is Index(A,
// B, Imm) of a Uniform A (a constant, a row offset) and a Varying B whose
// lanes are B0 + i*Sb exactly (lanes.Forms: Exact). The vector of offsets
// (range clamps to the poison offset per lane) is needed only by the
// accesses' general code; their affine fast path (affine.go) needs lane
// 0's offset and a bounds check. So where every reader of the Index is
// such an access, soon after it in the same straight-line run, the Index
// emits no code: each access computes lane 0's offset from B's lane 0 in
// 64 bits (B0*Imm + A, exact) and checks, once, that no lane's index
// wrapped 32 bits (B0 <= 2^31-1 - 7*Sb; with Imm >= 2 the bound check
// implies it), that A is not poison, and that
// lanes 0 and 7 are in bounds (off0 >= 0, off0 + 7*Sb*Imm below the
// bound for the size); then lane i is off0 + i*Sb*Imm, the Index's exact
// value, and the fast path runs as for any affine offset. Only its
// general code (a partial chunk, an offset out of bounds, which then
// traps) computes the Index into its slot first, then runs as before.
//
// The Index's operands must still hold their values at each reader:
// their last reads move to the last reader (so they stay in the cache or
// are written back), and no op between the Index and a reader may write
// a value whose slot overlaps theirs (slots are shared by liveness). An
// access writes back only its own operands (memwb.go), so a dirty index
// stays in its register over the fast path, and the general path's
// Index reads it from there.

// fusedIndex is an elided Index op and what its readers need.
type fusedIndex struct {
	op   int // the Index op
	a, b lanes.Value
	imm  int64 // the Index's stride
	sb   int64 // B's stride in the lane
}

// fuseInfo: by op, the elided Index ops and the accesses that read them.
type fuseInfo struct {
	elide  []bool
	reader map[int]*fusedIndex
	// cur is the fused Index of the access being compiled, if any.
	cur *fusedIndex
	// inVec marks the ops of vector runs and their prefixes (vecgroup.go).
	inVec []bool
}

// fuseWindow bounds how far after an Index its readers are looked for,
// so that the analysis stays linear in the program's length.
const fuseWindow = 24

// analyzeFuse finds the Index ops to elide. It runs after analyzeRuns
// (it moves last reads) and needs the vector runs and call-outs known.
func (g *gen) analyzeFuse() {
	p := g.p
	g.fuse = fuseInfo{elide: make([]bool, len(p.Ops)), reader: map[int]*fusedIndex{}}
	if g.forms == nil {
		g.forms = lanes.Forms(p)
	}
	nReads := make([]int32, len(p.Values))
	defs := make([]int32, len(p.Values))
	for i := range p.Ops {
		o := &p.Ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v != lanes.NoValue && int(v) < len(nReads) {
				nReads[v]++
			}
		}
		if o.Dst != lanes.NoValue {
			defs[o.Dst]++
		}
	}
	// Ops that another path compiles as a whole (vector runs and their
	// prefixes) neither elide nor fuse.
	inVec := make([]bool, len(p.Ops))
	g.fuse.inVec = inVec
	g.vecRunFrom(0)
	for start, r := range g.vec.at {
		for n := start; n < r.end && n < len(inVec); n++ {
			inVec[n] = true
		}
	}
	g.narrowMark(inVec) // vecnarrow.go
	for i := range p.Ops {
		o := &p.Ops[i]
		if o.Code != lanes.Index || o.Kind != lanes.I32 || o.Dst == lanes.NoValue ||
			defs[o.Dst] != 1 || nReads[o.Dst] == 0 || inVec[i] || g.calls[i] || g.group.def[i] ||
			o.Imm <= 0 || o.Imm >= 1<<31 || g.shape(o.Dst) != lanes.Varying ||
			g.shape(o.A) != lanes.Uniform || g.kind(o.A) != lanes.I32 ||
			g.shape(o.B) != lanes.Varying || g.kind(o.B) != lanes.I32 {
			continue
		}
		if vi := p.Values[o.A]; vi.Const && uint32(vi.Bits) == 1<<32-1 {
			continue // a poison base: the Index is poison
		}
		fb := g.forms[o.B]
		if !fb.Known || !fb.Exact || fb.Stride < 0 {
			continue
		}
		z := &fusedIndex{op: i, a: o.A, b: o.B, imm: o.Imm, sb: fb.Stride}
		var found []int
		ok := true
		for n := i + 1; n < len(p.Ops) && n <= i+fuseWindow && ok; n++ {
			r := &p.Ops[n]
			if reads(r, o.Dst) {
				// A run's fast path reads its offset from the slot.
				ok = g.fusable(n, r, o.Dst) && !inVec[n]
				found = append(found, n)
				if len(found) == int(nReads[o.Dst]) {
					break
				}
			}
			if endsRun(r.Code) {
				ok = false
			}
			// A later reader reads A and B from their slots: no op
			// before it may overwrite them.
			if r.Dst != lanes.NoValue && (g.slotsOverlap(r.Dst, o.A) || g.slotsOverlap(r.Dst, o.B)) {
				ok = false
			}
		}
		if !ok || len(found) != int(nReads[o.Dst]) {
			continue
		}
		g.fuse.elide[i] = true
		last := found[len(found)-1]
		for _, n := range found {
			g.fuse.reader[n] = z
		}
		for _, v := range [2]lanes.Value{o.A, o.B} {
			if !p.Values[v].Const && g.runs.lastRead[v] < last {
				g.runs.lastRead[v] = last
			}
		}
	}
}

// fusable reports whether op n (r) reading Index result x takes the
// fused path: a buffer Load or Store at offset x (x read as the offset
// only) whose affine fast path applies.
func (g *gen) fusable(n int, r *lanes.Op, x lanes.Value) bool {
	// A vector run reads its first offset from its slot (vecgroup.go).
	if r.A != x || r.B == x || r.C == x || r.M == x || g.calls[n] || g.fuse.inVec[n] {
		return false
	}
	ac, err := g.access(r)
	if err != nil || ac.private {
		return false
	}
	if _, ok := g.affine(ac, x); !ok {
		return false
	}
	switch r.Code {
	case lanes.Load:
		if g.shape(r.Dst) != lanes.Varying || (g.kind(r.Dst).Bytes() == 8) != (ac.size == 8) {
			return false
		}
		if _, table := g.tableBound(r); table {
			return false
		}
		return true
	case lanes.Store:
		return (g.kind(r.B).Bytes() == 8) == (ac.size == 8)
	}
	return false
}

// slotsOverlap reports whether u's and v's slots share a byte.
func (g *gen) slotsOverlap(u, v lanes.Value) bool {
	if g.p.Values[v].Const || g.p.Values[u].Const {
		return false
	}
	ulo, uhi := g.slotSpan(u)
	vlo, vhi := g.slotSpan(v)
	_, ug := g.groupSlot(u)
	_, vg := g.groupSlot(v)
	return ug == vg && ulo < vhi && vlo < uhi
}

// elideIndex stands for an elided Index op: its slot is written on the
// readers' general paths only, so no cache entry may speak for it.
func (g *gen) elideIndex(o *lanes.Op) {
	g.cache.drop(o.Dst)
	g.dropOverlapping(o.Dst)
	g.cseForget(o.Dst)
}

// materializeIndex computes the elided Index of z into its slot, leaving
// the cache as it is (the access's general path, after its fast path
// failed; the cache is then written back, so every operand is in its
// slot or a cache register). The Index forms used here keep to Y0-Y5.
func (g *gen) materializeIndex(z *fusedIndex) error {
	caching, deferring := g.caching, g.deferring
	g.caching, g.deferring = false, false
	err := g.index(&g.p.Ops[z.op])
	g.caching, g.deferring = caching, deferring
	return err
}

// fusedOffset sets RCX to lane 0's offset of the elided Index z, exactly
// in 64 bits, and jumps to slow unless every lane's index is B0 + i*Sb
// without a 32-bit wrap, A is not poison and lane 0's offset is not
// negative.
func (g *gen) fusedOffset(z *fusedIndex, slow amd64.Label) {
	a := &g.a
	if r, ok := g.cache.find(z.b, 0); ok {
		a.VMOVDtoR(rOff, r)
		a.MOVSXD(rOff, rOff)
	} else {
		a.MOVSXDload(rOff, g.slot(z.b, 0))
	}
	if z.sb > 0 && z.imm == 1 {
		// With Imm >= 2 a wrapped index (B0 > 2^31-1 - 7*Sb) puts lane
		// 7's offset as computed, (B0 + 7*Sb)*Imm + A, at or above 2^32,
		// past every bound: the bounds check below catches it.
		a.CMPQimm(rOff, int32(1<<31-1-7*z.sb))
		a.Jcc(amd64.CondG, slow)
	}
	// flags: the last instruction set SF from rOff (SHL by a nonzero
	// count, ADD), so the sign test needs no TEST.
	flags := false
	if z.imm&(z.imm-1) == 0 {
		if s := bits.TrailingZeros64(uint64(z.imm)); s > 0 {
			a.SHLQimm(rOff, uint8(s))
			flags = true
		}
	} else {
		a.IMULQimm(rOff, rOff, int32(z.imm))
	}
	if vi := g.p.Values[z.a]; vi.Const {
		switch c := uint32(vi.Bits); {
		case c == 0:
		case c < 1<<31:
			a.ADDQimm(rOff, int32(c))
			flags = true
		default:
			a.MOVLimm(rVal, c)
			a.ADDQ(rOff, rVal)
			flags = true
		}
	} else {
		if r, ok := g.cache.find(z.a, 0); ok {
			a.VMOVDtoR(rVal, r)
		} else {
			a.MOVLload(rVal, g.slot(z.a, 0)) // zero-extended
		}
		a.CMPLimm(rVal, -1)
		a.Jcc(amd64.CondE, slow) // A poison
		a.ADDQ(rOff, rVal)
		flags = true
	}
	if !flags {
		a.TESTQ(rOff, rOff)
	}
	a.Jcc(amd64.CondS, slow)
}

// fusedReader is the elided Index that the access being compiled (g.op)
// reads, if any; the affine check (affineCheck) then computes lane 0's
// offset from its operands.
func (g *gen) fusedReader() *fusedIndex {
	g.fuse.cur = g.fuse.reader[g.op]
	return g.fuse.cur
}

// unfuse starts an access's general path: with z, the offsets are
// computed into their slot (x) and loaded into yOff as the general code
// expects.
func (g *gen) unfuse(z *fusedIndex, x lanes.Value) error {
	g.fuse.cur = nil
	if z == nil {
		return nil
	}
	if err := g.materializeIndex(z); err != nil {
		return err
	}
	g.ld(yOff, x)
	return nil
}
