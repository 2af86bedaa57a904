package lanes

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// Sealed constructs: a Varying construct that does not break its
// enclosing construct's convergence. In
//
//	for (s = n/2; s > 0; s >>= 1) {   // Uniform
//		if (lid < s)                    // Varying
//			a[lid] += a[lid+s];
//		barrier();
//	}
//
// the `if` splits the lanes, but every lane that enters its header
// reaches its merge: no edge leaves the construct but to its merge, and
// no block in it returns. Such a construct is *sealed*. A Varying branch
// inside a sealed construct is invisible from outside it, so the
// enclosing construct stays converged (uniflow.go): its blocks but the
// sealed construct's are direct, and the sealed construct's merge is
// direct again, under the mask the enclosing construct's header started
// with (the same lanes). Only the sealed construct's own blocks after
// its header (and a sealed loop's header, which gathers its back edges)
// keep masks; the edges into its merge blend the merge's phis under
// their lane masks and pass no mask, and control falls into the merge
// after the construct's last block, or from a skipped block's test.
//
// Whether a construct is sealed is a fact of the block graph, not of the
// shapes, so the rounds' checks (checkConverged, the uniform loops and
// merge phis of uniphi.go) simply look past the branches of the sealed
// constructs nested in the range they check.

// span is a construct's blocks [head, merge).
type span struct{ head, merge int }

// inside reports whether s lies in [lo, hi) and is not that range.
func (s span) inside(lo, hi int) bool {
	return s.head >= lo && s.merge <= hi && (s.head != lo || s.merge != hi)
}

// findSealed lists the instance's sealed constructs.
func (b *builder) findSealed(in *instance, preds [][]int, cl *closure) {
	// A fact of the block graph: the function's copies share it.
	if fs := in.shape; fs != nil {
		if !fs.sealedDone {
			b.listSealed(in, preds, cl)
			fs.sealed, fs.sealedTree, fs.sealedDone = in.sealed, in.sealedTree, true
		}
		in.sealed, in.sealedTree = fs.sealed, fs.sealedTree
	} else {
		b.listSealed(in, preds, cl)
	}
	// Which are Varying, as earlier rounds found (varyingCons changes
	// only between rounds): asked per block and construct.
	in.sealedVarying = make([]bool, len(in.sealed))
	for k, s := range in.sealed {
		in.sealedVarying[k] = b.varyingCons[consKey{inst: in.seq, head: s.head}]
	}
}

// listSealed lists the instance's sealed constructs.
func (b *builder) listSealed(in *instance, preds [][]int, cl *closure) {
	in.sealed = in.sealed[:0]
	n := len(in.fn.Blocks)
	var exits *blockExits
	for h, bl := range in.fn.Blocks {
		if len(bl.Insts) < 2 || len(preds[h]) == 0 && h > 0 {
			continue
		}
		mi := bl.Insts[len(bl.Insts)-2]
		if mi.Op != spirv.OpSelectionMerge && mi.Op != spirv.OpLoopMerge {
			continue
		}
		m, ok := in.pos[spirv.ID(mi.Operands[0])]
		if !ok || m <= h || m >= n || len(preds[m]) == 0 || in.loops[m] != nil || in.fast[m] {
			continue
		}
		if exits == nil {
			exits = b.newBlockExits(in, preds)
		}
		if cl.closedRange(h, m) && exits.only(h, m) {
			in.sealed = append(in.sealed, span{h, m})
		}
	}
	in.sealedTree = newSealedTree(in.sealed, n)
}

// sealedTree indexes an instance's sealed constructs by block: the
// innermost one holding each block and each one's parent. Structured
// constructs nest, so the ones holding a block form a chain, and the
// queries below walk it instead of every sealed construct (a big kernel
// has thousands of constructs, and the queries run per block and
// construct).
type sealedTree struct {
	inner  []int32 // per block: the innermost sealed span holding it, or -1
	parent []int32 // per span: the innermost sealed span around it, or -1
}

// newSealedTree indexes sealed (in header order) over n blocks; nil if
// two spans overlap without nesting.
func newSealedTree(sealed []span, n int) *sealedTree {
	t := &sealedTree{inner: make([]int32, n), parent: make([]int32, len(sealed))}
	var stack []int32
	next := 0
	for i := range n {
		for len(stack) > 0 && sealed[stack[len(stack)-1]].merge <= i {
			stack = stack[:len(stack)-1]
		}
		for ; next < len(sealed) && sealed[next].head == i; next++ {
			t.parent[next] = -1
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if sealed[next].merge > sealed[top].merge {
					return nil
				}
				t.parent[next] = top
			}
			stack = append(stack, int32(next))
		}
		t.inner[i] = -1
		if len(stack) > 0 {
			t.inner[i] = stack[len(stack)-1]
		}
	}
	if next < len(sealed) {
		return nil // headers out of order
	}
	return t
}

// A construct [h, m) is sealed when every lane that enters block h
// reaches block m: the range is closed (closedRange), no block in it
// returns or ends its lanes, and no edge leaves it but to m. Constructs
// nest, so scanning each one's blocks took blocks × nesting depth (a
// tenth of Build on hashcat's biggest kernels); blockExits answers from
// a count of the blocks that end lanes and range tables of each block's
// least and greatest successor.
type blockExits struct {
	// ends[k] counts the blocks before k that end lanes (a return,
	// OpUnreachable, OpKill) or branch outside the function.
	ends []int
	// The least and greatest successor of each block along edges a
	// constant condition does not rule out (MaxInt and -1 for none).
	minSucc, maxSucc *rangeTable
}

// newBlockExits indexes the instance's blocks; a block no edge reaches
// (but the entry) counts for nothing, as it holds no lanes.
func (b *builder) newBlockExits(in *instance, preds [][]int) *blockExits {
	n := len(in.fn.Blocks)
	e := &blockExits{ends: make([]int, n+1)}
	lo, hi := make([]int, n), make([]int, n)
	for k, bl := range in.fn.Blocks {
		lo[k], hi[k] = math.MaxInt, -1
		e.ends[k+1] = e.ends[k]
		if k > 0 && len(preds[k]) == 0 {
			continue
		}
		t := bl.Insts[len(bl.Insts)-1]
		switch t.Op {
		case spirv.OpBranch, spirv.OpBranchConditional, spirv.OpSwitch:
		default:
			e.ends[k+1]++ // lanes end here
			continue
		}
		for _, s := range b.successors(t) {
			j, ok := in.pos[s]
			if !ok {
				e.ends[k+1]++
				break
			}
			if !b.deadEdge(t, s) {
				lo[k], hi[k] = min(lo[k], j), max(hi[k], j)
			}
		}
	}
	e.minSucc, e.maxSucc = newRangeTable(lo, false), newRangeTable(hi, true)
	return e
}

// only reports whether the lanes in blocks [h, m) (h reached) all stay
// in the range or go to m.
func (e *blockExits) only(h, m int) bool {
	if e.ends[m] != e.ends[h] {
		return false
	}
	if j, ok := e.minSucc.query(h, m); ok && j < h {
		return false
	}
	if j, ok := e.maxSucc.query(h, m); ok && j > m {
		return false
	}
	return true
}

// varyingIn reports whether a block of [lo, hi) has a Varying branch
// outside the sealed constructs nested in that range.
func (in *instance) varyingIn(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if !in.varyingBranch[i] {
			continue
		}
		if t := in.sealedTree; t != nil {
			// The spans holding i grow outward: if the innermost is not
			// strictly inside [lo, hi), none is.
			if k := t.inner[i]; k < 0 || !in.sealed[k].inside(lo, hi) {
				return true
			}
			continue
		}
		hidden := false
		for _, s := range in.sealed {
			if s.inside(lo, hi) && s.head <= i && i < s.merge {
				hidden = true
				break
			}
		}
		if !hidden {
			return true
		}
	}
	return false
}

// sealedIn returns the Varying sealed construct nested in converged
// construct c that holds block j past its header (or, for a loop, at
// its header), if there is one: j is then not direct.
func (b *builder) sealedIn(in *instance, c *construct, j int) (span, bool) {
	if t := in.sealedTree; t != nil {
		// The first in header order is the outermost of the chain
		// holding j that qualifies.
		found := -1
		for k := t.inner[j]; k >= 0; k = t.parent[k] {
			if b.sealedHolds(in, c, int(k), j) {
				found = int(k)
			}
		}
		if found < 0 {
			return span{}, false
		}
		return in.sealed[found], true
	}
	for k, s := range in.sealed {
		if b.sealedHolds(in, c, k, j) {
			return s, true
		}
	}
	return span{}, false
}

// sealedHolds reports whether sealed construct k, s, is Varying, nested
// in c and holds block j past its header (for a loop, at its header
// too).
func (b *builder) sealedHolds(in *instance, c *construct, k, j int) bool {
	s := in.sealed[k]
	if !in.sealedVarying[k] || !s.inside(c.head, c.merge) {
		return false
	}
	first := s.head + 1
	if in.loops[s.head] != nil {
		first = s.head // a Varying loop's header gathers its lanes
	}
	return first <= j && j < s.merge
}

// markSealed records, for the Varying sealed constructs whose merges are
// direct, the merge of each header and the header of each merge; the
// edges into such a merge are mask edges without a mask (cflow.go).
func (b *builder) markSealed(in *instance) {
	n := len(in.fn.Blocks)
	in.sealHead, in.sealAt = make([]int, n), make([]int, n)
	in.single, in.edgeMask, in.falls = make([]bool, n), make([]Value, n), make([]bool, n)
	for i := range n {
		in.sealHead[i], in.sealAt[i], in.edgeMask[i] = -1, -1, NoValue
	}
	for k, s := range in.sealed {
		if !in.sealedVarying[k] || !in.direct[s.merge] {
			continue
		}
		c := in.dcons[s.merge]
		if got, ok := b.sealedIn(in, c, s.head+1); !ok || got != s {
			continue // not the construct that made its blocks masked
		}
		in.sealHead[s.head], in.sealAt[s.merge] = s.merge, s.head
		if in.loops[s.head] != nil {
			continue
		}
		// Every path into the construct's blocks passes its header in
		// the same pass (stashPend), so a block entered only from the
		// header runs under the header's edge mask as computed there.
		for j := s.head + 1; j < s.merge; j++ {
			ps := in.preds[j]
			if !in.fast[j] && len(ps) > 0 && onePred(ps) && ps[0] == s.head && in.loops[j] == nil {
				in.single[j] = true
			}
		}
	}
}

// stashPend sets aside the labels waiting for a resume point on entry
// to a Varying sealed construct with a direct merge: they wait past its
// merge, which runs under the converged lanes' mask, not a mask of its
// own, and no path into the construct's blocks but through its header
// remains.
func (b *builder) stashPend(in *instance) {
	in.stash = append(in.stash, in.pend)
	in.pend = nil
}

// dropUnreadMasks removes the copies into mask registers that no op
// reads: the clearing of the registers of blocks that took their edge's
// mask instead (single, falls), which function sets up before it knows.
func (b *builder) dropUnreadMasks() {
	read := make([]bool, len(b.p.Values))
	for _, o := range b.p.Ops {
		for _, v := range [...]Value{o.A, o.B, o.C, o.M} {
			if v >= 0 && int(v) < len(read) {
				read[v] = true
			}
		}
	}
	ops := b.p.Ops[:0]
	for _, o := range b.p.Ops {
		if o.Code == Copy && o.Kind == Mask && o.Dst >= 0 && !read[o.Dst] {
			continue
		}
		ops = append(ops, o)
	}
	b.p.Ops = ops
}
