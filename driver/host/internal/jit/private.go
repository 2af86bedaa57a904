package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Private memory lives in the frame, after the slots. A region whose
// every access is an aligned 4-byte word is interleaved: word w of lane i
// at off + w*32 + i*4, so that the chunk's words at one offset are one
// vector (a Uniform offset loads or stores them with one instruction, as
// private arrays indexed by a loop counter do). Other regions are lane
// after lane: lane i's bytes at off + i*stride.

// interleaved reports, per region, whether it can be interleaved: a
// private region whose accesses are all 4 bytes wide at offsets that are
// multiples of 4 (alignment of the offset values: Index and additions of
// aligned values stay aligned; a fixed point over the ops, since a value
// written by several ops, a loop's blend, is as aligned as its least
// aligned definition).
func interleaved(p *lanes.Program) []bool {
	align := make([]uint32, len(p.Values)) // 0: not yet defined (any)
	const any = 1 << 31
	for v, vi := range p.Values {
		if vi.Const {
			align[v] = lowBit(uint32(vi.Bits))
		}
	}
	get := func(v lanes.Value) uint32 {
		if v == lanes.NoValue || align[v] == 0 {
			return any
		}
		return align[v]
	}
	for changed := true; changed; {
		changed = false
		for _, o := range p.Ops {
			if o.Dst == lanes.NoValue || p.Values[o.Dst].Const {
				continue
			}
			var a uint32 = 1
			switch o.Code {
			case lanes.Index:
				a = get(o.A)
				if o.Imm != 0 {
					a = min(a, lowBit(uint32(o.Imm)))
				}
			case lanes.Copy:
				a = get(o.A)
			case lanes.Select:
				a = min(get(o.B), get(o.C))
			case lanes.Add:
				if o.Kind == lanes.I32 {
					a = min(get(o.A), get(o.B))
				}
			}
			if old := align[o.Dst]; old == 0 || a < old {
				align[o.Dst] = a
				changed = true
			}
		}
	}
	ok := make([]bool, len(p.Regions))
	for r, rg := range p.Regions {
		ok[r] = rg.Kind == lanes.RegionPrivate
	}
	for _, o := range p.Ops {
		switch o.Code {
		case lanes.Load, lanes.Store, lanes.Atomic:
		default:
			continue
		}
		r := int(o.Imm)
		if r < 0 || r >= len(ok) || !ok[r] {
			continue
		}
		size := o.Imm2
		if o.Code == lanes.Atomic {
			size = int64(o.Kind.Bytes())
		}
		if size != 4 || get(o.A) < 4 {
			ok[r] = false
		}
	}
	return ok
}

func lowBit(x uint32) uint32 {
	if x == 0 {
		return 1 << 31
	}
	return 1 << bits.TrailingZeros32(x)
}
