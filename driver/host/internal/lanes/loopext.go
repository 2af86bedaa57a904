package lanes

import "slices"

// Loop extension of live ranges. A value's range [f, l] meets a loop
// L = [s, e] (a backward jump at e to the label at s): if the range
// sticks out of L, or lies inside it but is first read there (a value
// carried round the loop), the value is live over the whole loop and its
// range becomes [f, l] ∪ L. Ranges grow, so loops are taken inner first
// (by length): growing over an inner loop may make a range stick out of
// an outer one.
//
// Taking every loop for every value is values × loops, minutes on
// hashcat's kernels. The loops the builder makes are nested or disjoint
// (structured control flow: a loop's body is contiguous and holds its
// inner loops whole), and then only the loops holding a value's first or
// last mention can change its range:
//
//   - A loop that holds neither end of the current range but meets it
//     lies inside it: the range sticks out, and the union is the range.
//     So a loop that changes a range holds one of its current ends.
//   - A current end is an original mention or an end of a loop L taken
//     earlier that held an original mention (by induction). A loop L'
//     taken later holding that end meets L, so one holds the other;
//     L' is not shorter, so L' holds L and its original mention.
//
// Hence the loops that change a range all hold its first or its last
// original mention. Those loops are two chains in the loop tree (from
// the innermost loop holding each mention outwards, lengths growing);
// merging them by length takes them in the order of the pass over all
// loops, and skipped loops would have changed nothing. Two loops of one
// length on different chains are disjoint and the range meets both, so
// it sticks out of both and their order does not matter. The work is
// values × loop depth. Should the loops not nest (no builder makes such
// code today), extendAllLoops does the pass over all loops.

// extendOverLoops extends r's ranges over the loops they are live across.
func (r *ranges) extendOverLoops() {
	if len(r.loops) == 0 {
		return
	}
	t, ok := newLoopTree(r.loops, len(r.readFirst), r.first, r.last)
	if !ok {
		r.extendAllLoops()
		return
	}
	for v, f := range r.first {
		if f < 0 {
			continue
		}
		a, c := t.inner[f], t.inner[r.last[v]]
		for a >= 0 || c >= 0 {
			var k int32
			switch {
			case a == c:
				k, a, c = a, t.parent[a], t.parent[c]
			case c < 0 || a >= 0 && t.spans[a].len() < t.spans[c].len():
				k, a = a, t.parent[a]
			default:
				k, c = c, t.parent[c]
			}
			r.extend(v, t.spans[k])
		}
	}
}

// extend applies loop l to value v's range.
func (r *ranges) extend(v int, l opSpan) {
	f, e := r.first[v], r.last[v]
	in := f >= l.s && f <= l.e
	out := f < l.s || e > l.e
	touches := f <= l.e && e >= l.s
	if touches && (out || in && r.readFirst[v]) {
		r.first[v] = min(f, l.s)
		r.last[v] = max(e, l.e)
	}
}

// extendAllLoops is the pass over every loop for every value, inner
// loops (shorter spans) first.
func (r *ranges) extendAllLoops() {
	loops := slices.Clone(r.loops)
	slices.SortStableFunc(loops, func(x, y opSpan) int { return x.len() - y.len() })
	for _, l := range loops {
		for v, f := range r.first {
			if f >= 0 {
				r.extend(v, l)
			}
		}
	}
}

// loopTree is the nesting of loops that are nested or disjoint.
type loopTree struct {
	spans  []opSpan
	parent []int32 // the innermost loop holding loop i, or -1
	inner  []int32 // per op mentioned: the innermost loop holding it, or -1
}

// newLoopTree builds the tree of loops, reporting false if two of them
// overlap without one holding the other. inner is filled for the ops
// that first and last name.
func newLoopTree(loops []opSpan, nValues int, first, last []int) (*loopTree, bool) {
	t := &loopTree{spans: slices.Clone(loops)}
	// Outer loops before the inner ones that start with them.
	slices.SortFunc(t.spans, func(x, y opSpan) int {
		if x.s != y.s {
			return x.s - y.s
		}
		return y.e - x.e
	})
	t.parent = make([]int32, len(t.spans))
	var stack []int32
	for i, l := range t.spans {
		for len(stack) > 0 && t.spans[stack[len(stack)-1]].e < l.s {
			stack = stack[:len(stack)-1]
		}
		t.parent[i] = -1
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			if l.e > t.spans[top].e {
				return nil, false // overlapping, not nested
			}
			t.parent[i] = top
		}
		stack = append(stack, int32(i))
	}
	// The innermost loop at each op, by a sweep over the ops that values
	// are mentioned at.
	nOps := 0
	for v := range nValues {
		if first[v] >= 0 {
			nOps = max(nOps, last[v]+1)
		}
	}
	t.inner = make([]int32, nOps)
	stack = stack[:0]
	k := 0
	for i := range nOps {
		for len(stack) > 0 && t.spans[stack[len(stack)-1]].e < i {
			stack = stack[:len(stack)-1]
		}
		for k < len(t.spans) && t.spans[k].s == i {
			stack = append(stack, int32(k))
			k++
		}
		t.inner[i] = -1
		if len(stack) > 0 {
			t.inner[i] = stack[len(stack)-1]
		}
	}
	return t, true
}
