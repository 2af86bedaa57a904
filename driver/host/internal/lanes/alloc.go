package lanes

import "slices"

// allocate gives every value a frame slot. Values whose live ranges do not
// overlap share slots. A live range is the span of ops from a value's
// first to its last mention in program order; forward jumps stay inside
// such spans, and for a loop (a backward JumpIfAny to its top label) a
// value mentioned both inside and outside it, or read in it before it is
// written there, is live over the whole loop (loopext.go). Constants have
// slots of their own. Uniform slots come first, then Varying ones,
// 32-byte aligned.
//
// Every step is linear in the ops and values or n log n, so that a
// kernel of a few hundred thousand ops (hashcat's) allocates in
// milliseconds.
func (b *builder) allocate() {
	p := b.p
	r := findRanges(p)
	r.extendOverLoops()
	if b.exact {
		for v, f := range r.first {
			if f >= 0 {
				r.last[v] = len(p.Ops) // live to the end: no slot is shared
			}
		}
	}
	b.assignSlots(r)
}

// ranges holds the values' live ranges and the program's loops.
type ranges struct {
	first, last []int    // op indexes; first is -1 for a value never mentioned
	readFirst   []bool   // the first mention reads the value
	loops       []opSpan // backward jumps: [top label, jump]
}

// opSpan is a range of op indexes, both ends included.
type opSpan struct{ s, e int }

func (l opSpan) len() int { return l.e - l.s }

// findRanges computes each value's first and last mention and the loops.
func findRanges(p *Program) *ranges {
	n := len(p.Values)
	r := &ranges{first: make([]int, n), last: make([]int, n), readFirst: make([]bool, n)}
	for i := range r.first {
		r.first[i] = -1
	}
	mention := func(v Value, at int, read bool) {
		if v == NoValue {
			return
		}
		if r.first[v] < 0 {
			r.first[v] = at
			r.readFirst[v] = read
		}
		r.last[v] = at
	}
	labelAt := make([]int, p.Labels)
	for i, op := range p.Ops {
		if op.Code == Label {
			labelAt[op.Imm] = i
		}
	}
	for i, op := range p.Ops {
		mention(op.A, i, true)
		mention(op.B, i, true)
		mention(op.C, i, true)
		mention(op.M, i, true)
		mention(op.Dst, i, false)
		if op.Code == JumpIfAny || op.Code == Jump || op.Code == JumpIfNone {
			if t := labelAt[op.Imm]; t < i {
				r.loops = append(r.loops, opSpan{t, i})
			}
		}
	}
	// Constants are not allocated by range.
	for v := range n {
		if p.Values[v].Const {
			r.first[v] = -1
		}
	}
	return r
}

// assignSlots places the values in the frame by a linear scan over the
// live ranges in order of their starts: a slot is reused once the range
// holding it has ended. Ended ranges come off a heap ordered by their
// ends; those ending before one start give their slots back in the
// order they were taken, as a scan of the whole active list would.
func (b *builder) assignSlots(r *ranges) {
	p := b.p
	n := len(p.Values)
	first, last := r.first, r.last
	order := make([]int, 0, n)
	for v := range n {
		if first[v] >= 0 {
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
		// Rows stay 32-byte aligned whatever the chunk.
		return (vi.Kind.Bytes()*C + 31) &^ 31
	}
	// Free slots by area (uniform 0, varying 1) and size.
	free := map[[2]int][]int{}
	key := func(v int) [2]int { return [2]int{int(p.Values[v].Shape), size(v)} }
	var live activeHeap // ranges holding slots, by end
	var ended []active
	uniEnd, varEnd := 0, 0
	offs := make([]int, n)
	for seq, v := range order {
		// Release slots of ranges that ended before this one starts.
		ended = ended[:0]
		for len(live) > 0 && live[0].end < first[v] {
			ended = append(ended, live.pop())
		}
		slices.SortFunc(ended, func(x, y active) int { return x.seq - y.seq })
		for _, a := range ended {
			free[key(a.v)] = append(free[key(a.v)], offs[a.v])
		}
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
		live.push(active{v: v, end: last[v], seq: seq})
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

// active is a value holding a slot: its range's end, and when it took
// the slot.
type active struct{ v, end, seq int }

// activeHeap is a min-heap of active values by end (written out rather
// than through container/heap, whose interface boxes every element).
type activeHeap []active

func (h *activeHeap) push(a active) {
	*h = append(*h, a)
	s := *h
	for i := len(s) - 1; i > 0; {
		up := (i - 1) / 2
		if s[up].end <= s[i].end {
			break
		}
		s[up], s[i] = s[i], s[up]
		i = up
	}
}

func (h *activeHeap) pop() active {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(s) && s[l].end < s[m].end {
			m = l
		}
		if r := l + 1; r < len(s) && s[r].end < s[m].end {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}
