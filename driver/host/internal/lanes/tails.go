package lanes

import (
	"sort"

	"github.com/clgo/clgo/spirv"
)

// Tail regions: converged code after divergent exits. A Varying branch
// makes its whole construct divergent, yet lanes that leave (return,
// break, continue) only shrink the set that goes on: in
//
//	if (gid >= n) return;
//	... every later branch Uniform ...
//
// the lanes that reach the guard's merge move through the rest of the
// function together. A *tail region* [h, e) is block h and the blocks
// after it up to e: the merge of the innermost construct holding h past
// its header, or the continue target of the loop whose body holds h (the
// function's end for top-level blocks). Where every
// branch in it is Uniform and no edge enters (h, e) from outside it, the
// blocks after h are direct with respect to h's entry mask, exactly as
// the blocks of a converged construct are with respect to its header's
// (uniflow.go): h keeps its mask (the surviving lanes gather there), the
// blocks after it are jumped to. Unlike a construct's, e itself is not
// direct (lanes that skipped the region reach it too), so a loop that
// ends exactly at e may hold the region: each pass through h is one
// iteration's lanes.
//
// Tail regions take part in the rounds like constructs: Build assumes
// them converged and drops the ones a Varying branch turns up in.

// addTails adds the instance's tail regions that are closed and not
// known Varying to cons, keeping the order findConverged searches in
// (outer before inner, headers in block order; at one header the tail,
// which does not hold the merge, before the construct).
func (b *builder) addTails(in *instance, preds [][]int, cl *closure, cons []*construct) []*construct {
	n := len(in.fn.Blocks)
	// The constructs and loop bodies: a block's region ends at the
	// nearest end of one holding it past its start.
	type span struct{ head, merge int }
	var spans []span
	for h, bl := range in.fn.Blocks {
		if len(bl.Insts) < 2 {
			continue
		}
		if mi := bl.Insts[len(bl.Insts)-2]; mi.Op == spirv.OpSelectionMerge || mi.Op == spirv.OpLoopMerge {
			if m, ok := in.pos[spirv.ID(mi.Operands[0])]; ok && m > h {
				spans = append(spans, span{h, m})
			}
			// A loop's body ends at its continue target, where the lanes
			// that continue gather.
			if mi.Op == spirv.OpLoopMerge {
				if c, ok := in.pos[spirv.ID(mi.Operands[1])]; ok && c > h {
					spans = append(spans, span{h, c})
				}
			}
		}
	}
	// Spans are made in header order. A sweep over the blocks keeps those
	// that start before h on a heap by end, dropping those that end at or
	// before h: the top is the nearest end past h.
	ends := &intHeap{less: func(a, b int) bool { return spans[a].merge < spans[b].merge }}
	next := 0
	added := false
	for h := 1; h < n; h++ {
		if in.fast[h] || len(preds[h]) == 0 {
			continue
		}
		for ; next < len(spans) && spans[next].head < h; next++ {
			ends.push(next)
		}
		e := n
		for {
			s, ok := ends.top()
			if !ok || spans[s].merge > h {
				if ok {
					e = spans[s].merge
				}
				break
			}
			ends.pop()
		}
		if e-h < 2 {
			continue // no block after h to make direct
		}
		key := consKey{inst: in.seq, head: h, tail: true}
		if b.varyingCons[key] || !cl.closedTail(h, e) {
			continue
		}
		c := &construct{key: key, in: in, head: h, merge: e, last: e - 1}
		cons = append(cons, c)
		b.convCons = append(b.convCons, c)
		added = true
	}
	if added {
		sort.SliceStable(cons, func(i, j int) bool {
			if cons[i].head != cons[j].head {
				return cons[i].head < cons[j].head
			}
			return cons[i].key.tail && !cons[j].key.tail
		})
	}
	return cons
}
