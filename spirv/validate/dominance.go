package validate

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// use is a use of a value of the function being read, in block block.
type use struct {
	ref
	block int32
}

// successor records label as a successor of the current block when in is
// the block's branch (merge instructions name blocks that are not edges).
func (v *validator) successor(in *spirv.Instruction, label spirv.ID) {
	switch in.Op {
	case spirv.OpBranch, spirv.OpBranchConditional, spirv.OpSwitch:
		if v.block >= 0 {
			v.succ[v.block] = append(v.succ[v.block], label)
		}
	}
}

// dominance checks that every value of fn is defined in a block that
// dominates its uses (for an OpPhi operand: the parent block), in the
// blocks reachable from the entry. Dominators come from Cooper, Harvey and
// Kennedy's iterative algorithm over the reverse postorder.
func (v *validator) dominance(fn *spirv.Function, phis []phiSite) error {
	n := len(fn.Blocks)
	index := make(map[spirv.ID]int32, n)
	for i, b := range fn.Blocks {
		index[b.Label] = int32(i)
	}
	succ := make([][]int32, n)
	preds := make([][]int32, n)
	for b, ls := range v.succ {
		for _, l := range ls {
			s := index[l] // every target is a label of fn (checked before)
			succ[b] = append(succ[b], s)
			preds[s] = append(preds[s], int32(b))
		}
	}
	// Reverse postorder by an explicit-stack depth-first search.
	order := make([]int32, 0, n) // postorder
	rpo := make([]int32, n)      // block -> position in reverse postorder, -1 unreachable
	for i := range rpo {
		rpo[i] = -1
	}
	seen := make([]bool, n)
	type frame struct{ b, next int32 }
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(succ[top.b]) {
			s := succ[top.b][top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		order = append(order, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, b := range order {
		rpo[b] = int32(len(order) - 1 - i)
	}
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[0] = 0
	// The iteration is quadratic on contrived graphs: a budget keeps a
	// hostile module from holding the validator for long.
	steps := 0
	intersect := func(a, b int32) int32 {
		for a != b {
			for rpo[a] > rpo[b] {
				a = idom[a]
				steps++
			}
			for rpo[b] > rpo[a] {
				b = idom[b]
				steps++
			}
		}
		return a
	}
	for changed := true; changed; {
		if steps > maxDominatorSteps {
			return &Error{Index: v.index, Offset: v.offset, Op: spirv.OpFunctionEnd,
				Msg: fmt.Sprintf("function %%%d: control flow too complex to validate (%d blocks)", fn.ID, n)}
		}
		changed = false
		for i := len(order) - 1; i >= 0; i-- {
			b := order[i]
			if b == 0 {
				continue
			}
			nd := int32(-1)
			for _, p := range preds[b] {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[b] {
				idom[b], changed = nd, true
			}
		}
	}
	// Dominator-tree intervals: a dominates b iff pre[a] <= pre[b] < post[a].
	children := make([][]int32, n)
	for b := 1; b < n; b++ {
		if rpo[b] >= 0 && idom[b] >= 0 {
			children[idom[b]] = append(children[idom[b]], int32(b))
		}
	}
	pre, post := make([]int32, n), make([]int32, n)
	clock := int32(0)
	stack = append(stack[:0], frame{0, 0})
	pre[0] = clock
	clock++
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(children[top.b]) {
			c := children[top.b][top.next]
			top.next++
			pre[c] = clock
			clock++
			stack = append(stack, frame{c, 0})
			continue
		}
		post[top.b] = clock
		stack = stack[:len(stack)-1]
	}
	dominates := func(a, b int32) bool {
		return rpo[a] >= 0 && pre[a] <= pre[b] && pre[b] < post[a]
	}
	// A back edge (to a block that dominates its source) must go to a loop
	// header: Vulkan's structured control flow.
	for b := range n {
		if rpo[b] < 0 {
			continue
		}
		for _, s := range succ[b] {
			if dominates(s, int32(b)) && !isLoopHeader(fn.Blocks[s]) {
				return &Error{Index: v.index, Offset: v.offset, Op: spirv.OpFunctionEnd,
					Msg: fmt.Sprintf("function %%%d: back edge from block %%%d to %%%d, which is not a loop header", fn.ID, fn.Blocks[b].Label, fn.Blocks[s].Label)}
			}
		}
	}
	for _, u := range v.uses {
		d := v.defs[u.id]
		if d.block < 0 || d.block == u.block || rpo[u.block] < 0 {
			continue
		}
		if !dominates(d.block, u.block) {
			return errAt(u.ref, "%%%d is defined in block %%%d, which does not dominate its use in block %%%d", u.id, fn.Blocks[d.block].Label, fn.Blocks[u.block].Label)
		}
	}
	for _, p := range phis {
		// One (value, parent) pair per predecessor of the OpPhi's block.
		if rpo[p.block] >= 0 {
			want := map[int32]bool{}
			for _, q := range preds[p.block] {
				want[q] = true
			}
			got := map[int32]bool{}
			for k := 1; k < len(p.in.Operands); k += 2 {
				q := index[spirv.ID(p.in.Operands[k])]
				if !want[q] || got[q] {
					return errAt(p.ref, "parent %%%d is not a predecessor of block %%%d, or is named twice", p.in.Operands[k], fn.Blocks[p.block].Label)
				}
				got[q] = true
			}
			if len(got) != len(want) {
				return errAt(p.ref, "%d parents for block %%%d of %d predecessors", len(got), fn.Blocks[p.block].Label, len(want))
			}
		}
		for k := 0; k+1 < len(p.in.Operands); k += 2 {
			d := v.defs[spirv.ID(p.in.Operands[k])]
			parent := index[spirv.ID(p.in.Operands[k+1])]
			if d == nil || d.fn < 0 || d.block < 0 || rpo[parent] < 0 {
				continue
			}
			if !dominates(d.block, parent) {
				return errAt(p.ref, "%%%d is defined in block %%%d, which does not dominate the OpPhi's parent %%%d", p.in.Operands[k], fn.Blocks[d.block].Label, p.in.Operands[k+1])
			}
		}
	}
	return nil
}

// isLoopHeader reports whether b declares a loop (OpLoopMerge).
func isLoopHeader(b *spirv.Block) bool {
	n := len(b.Insts)
	return n >= 2 && b.Insts[n-2].Op == spirv.OpLoopMerge
}

// phiSite is an OpPhi and the index of its block.
type phiSite struct {
	site
	block int32
}

// maxDominatorSteps bounds the work of computing one function's
// dominators: far above what real kernels need (a few per block).
const maxDominatorSteps = 20_000_000
