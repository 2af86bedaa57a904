package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Value ranges of 32-bit integers: an upper bound, read unsigned, that
// every lane of a value has wherever it is read. Table lookups index by
// a byte of the state (x >> 24, (x >> 16) & 0xff): with the bound known,
// an Index from a constant base cannot be poison (no range checks) and
// a load from it is in bounds wherever the region holds the bound's
// offset (one compare per chunk instead of one per lane).
//
// Only values with one defining op have a bound (the lane program's
// merges, shadows and loop phis write their values more than once, and
// SPIR-V's dominance rule makes every read of a value defined once see
// that definition); an op computes every lane, active or not, so the
// bound holds for all of them. Loads give no bound: their inactive lanes
// hold nothing defined.

const fullRange = 1<<32 - 1

// rangeInfo is the defining ops and the bounds found so far.
type rangeInfo struct {
	def   []int32  // the op defining v, -1: none, -2: more than one
	hi    []uint64 // the bound, 0 where not yet computed (see known)
	known []uint8  // 0 not computed, 1 in progress, 2 done
}

// analyzeDefs fills g.direct.ranges' defining ops.
func (g *gen) analyzeDefs() {
	n := len(g.p.Values)
	r := rangeInfo{def: make([]int32, n), hi: make([]uint64, n), known: make([]uint8, n)}
	for i := range r.def {
		r.def[i] = -1
	}
	for i, o := range g.p.Ops {
		if v := o.Dst; v != lanes.NoValue && int(v) < n {
			if r.def[v] == -1 {
				r.def[v] = int32(i)
			} else {
				r.def[v] = -2
			}
		}
	}
	g.direct.ranges = r
}

// rangeHi is an unsigned upper bound of every lane of 32-bit value v.
func (g *gen) rangeHi(v lanes.Value) uint64 {
	r := &g.direct.ranges
	if v == lanes.NoValue || int(v) >= len(r.def) {
		return fullRange
	}
	vi := g.p.Values[v]
	if vi.Kind != lanes.I32 {
		return fullRange
	}
	if vi.Const {
		return uint64(uint32(vi.Bits))
	}
	switch r.known[v] {
	case 1:
		return fullRange // a cycle through v's own definition
	case 2:
		return r.hi[v]
	}
	r.known[v] = 1
	h := uint64(fullRange)
	if d := r.def[v]; d >= 0 {
		h = min(g.opRange(&g.p.Ops[d]), fullRange)
	}
	r.hi[v], r.known[v] = h, 2
	return h
}

// opRange bounds o's 32-bit result (fullRange or more: no bound).
func (g *gen) opRange(o *lanes.Op) uint64 {
	if o.Kind != lanes.I32 && o.Code != lanes.Index {
		return fullRange
	}
	konst := func(v lanes.Value) (uint64, bool) {
		if v == lanes.NoValue || !g.p.Values[v].Const {
			return 0, false
		}
		return uint64(uint32(g.p.Values[v].Bits)), true
	}
	A, B := g.rangeHi(o.A), uint64(fullRange)
	if o.B != lanes.NoValue {
		B = g.rangeHi(o.B)
	}
	switch o.Code {
	case lanes.Copy:
		return A
	case lanes.And:
		return min(A, B)
	case lanes.Or, lanes.Xor:
		return 1<<bits.Len64(max(A, B)) - 1
	case lanes.UMin:
		return min(A, B)
	case lanes.UMax:
		return max(A, B)
	case lanes.Add:
		return A + B
	case lanes.Mul:
		return A * B // no overflow: both are below 2^32
	case lanes.ShrU:
		if k, ok := konst(o.B); ok {
			if k >= 32 {
				return 0
			}
			return A >> k
		}
		return A
	case lanes.Shl:
		if k, ok := konst(o.B); ok && k < 32 {
			return A << k
		}
	case lanes.Zext:
		if o.Imm < 32 {
			return min(A, 1<<o.Imm-1)
		}
		return A
	case lanes.UDiv:
		return A
	case lanes.UMod:
		// A % b < b for b > 0; b = 0 gives 0.
		return min(A, max(B, 1)-1)
	case lanes.Index:
		// A + B*Imm with B read signed: bounded where B's bound is a
		// nonnegative int32 and the sum stays below the poison offset.
		if o.Kind != lanes.I32 || B >= 1<<31 || o.Imm < 0 || o.Imm >= 1<<31 {
			return fullRange
		}
		if s := A + B*uint64(o.Imm); s < fullRange {
			return s
		}
	}
	return fullRange
}
