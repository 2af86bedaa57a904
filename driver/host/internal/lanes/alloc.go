package lanes

import (
	"slices"
)

// allocate gives every value a frame slot. Values whose live ranges do not
// overlap share slots. A live range is the span of ops from a value's
// first to its last mention in program order; forward jumps stay inside
// such spans, and for a loop (a backward JumpIfAny to its top label) a
// value mentioned both inside and outside it, or read in it before it is
// written there, is live over the whole loop. Constants have slots of
// their own. Uniform slots come first, then Varying ones, 32-byte aligned.
func (b *builder) allocate() {
	p := b.p
	n := len(p.Values)
	first := make([]int, n)
	last := make([]int, n)
	readFirst := make([]bool, n) // the first mention reads the value
	for i := range first {
		first[i] = -1
	}
	mention := func(v Value, at int, read bool) {
		if v == NoValue {
			return
		}
		if first[v] < 0 {
			first[v] = at
			readFirst[v] = read
		}
		last[v] = at
	}
	labelAt := make([]int, p.Labels)
	for i, op := range p.Ops {
		if op.Code == Label {
			labelAt[op.Imm] = i
		}
	}
	type span struct{ s, e int }
	var loops []span
	for i, op := range p.Ops {
		mention(op.A, i, true)
		mention(op.B, i, true)
		mention(op.C, i, true)
		mention(op.M, i, true)
		mention(op.Dst, i, false)
		if op.Code == JumpIfAny || op.Code == Jump || op.Code == JumpIfNone {
			if t := labelAt[op.Imm]; t < i {
				loops = append(loops, span{t, i})
			}
		}
	}
	// Inner loops first: they are the shorter spans.
	slices.SortFunc(loops, func(x, y span) int { return (x.e - x.s) - (y.e - y.s) })
	for _, l := range loops {
		for v := range n {
			if first[v] < 0 || p.Values[v].Const {
				continue
			}
			in := first[v] >= l.s && first[v] <= l.e
			out := first[v] < l.s || last[v] > l.e
			touches := first[v] <= l.e && last[v] >= l.s
			if touches && (out || in && readFirst[v]) {
				first[v] = min(first[v], l.s)
				last[v] = max(last[v], l.e)
			}
		}
	}
	// Inside a loop, a value first read (not written) is live at its top:
	// readFirst handles values first mentioned in the loop; values first
	// mentioned before it are extended above.
	order := make([]int, 0, n)
	for v := range n {
		if first[v] >= 0 && !p.Values[v].Const {
			order = append(order, v)
		}
	}
	slices.SortFunc(order, func(x, y int) int { return first[x] - first[y] })
	// Sizes: uniform 8 bytes; varying 4C or 8C bytes.
	C := p.Chunk
	size := func(v int) int {
		vi := p.Values[v]
		if vi.Shape == Uniform {
			return 8
		}
		return vi.Kind.Bytes() * C
	}
	// Free slots by area (uniform 0, varying 1) and size.
	free := map[[2]int][]int{}
	key := func(v int) [2]int { return [2]int{int(p.Values[v].Shape), size(v)} }
	type active struct{ v, end int }
	var live []active
	uniEnd, varEnd := 0, 0
	offs := make([]int, n)
	for _, v := range order {
		// Release slots of ranges that ended before this one starts.
		kept := live[:0]
		for _, a := range live {
			if a.end < first[v] {
				free[key(a.v)] = append(free[key(a.v)], offs[a.v])
			} else {
				kept = append(kept, a)
			}
		}
		live = kept
		sz := size(v)
		if fl := free[key(v)]; len(fl) > 0 {
			offs[v] = fl[len(fl)-1]
			free[key(v)] = fl[:len(fl)-1]
		} else if p.Values[v].Shape == Uniform {
			offs[v] = uniEnd
			uniEnd += 8
		} else {
			offs[v] = varEnd
			varEnd += sz
		}
		live = append(live, active{v, last[v]})
	}
	// Constants: uniform slots of their own.
	for v := range n {
		if p.Values[v].Const {
			offs[v] = uniEnd
			uniEnd += 8
		}
	}
	base := (uniEnd + 31) &^ 31
	for v := range n {
		if first[v] < 0 && !p.Values[v].Const {
			p.Values[v].Slot = -1 // never used
			continue
		}
		if p.Values[v].Shape == Varying && !p.Values[v].Const {
			p.Values[v].Slot = int32(base + offs[v])
		} else {
			p.Values[v].Slot = int32(offs[v])
		}
	}
	p.FrameSize = base + varEnd
}
