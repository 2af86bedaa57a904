package opt

import "github.com/clgo/clgo/spirv"

// cfg is a function's control-flow graph with its dominator tree, over the
// blocks reachable from the entry block. Block indexes are fn.Blocks'.
type cfg struct {
	fn    *spirv.Function
	index map[spirv.ID]int // label -> block index
	succs [][]int
	preds [][]int // every predecessor, reachable or not
	rpo   []int   // reachable blocks in reverse postorder
	order []int   // block index -> position in rpo, -1 if unreachable
	idom  []int   // immediate dominator, -1 for the entry and unreachable blocks
	kids  [][]int // dominator-tree children
	df    [][]int // dominance frontiers
}

// successors returns the labels an OpBranch or OpBranchConditional
// terminator branches to.
func successors(b *spirv.Block) []spirv.ID {
	if len(b.Insts) == 0 {
		return nil
	}
	t := b.Insts[len(b.Insts)-1]
	switch t.Op {
	case spirv.OpBranch:
		return []spirv.ID{spirv.ID(t.Operands[0])}
	case spirv.OpBranchConditional:
		return []spirv.ID{spirv.ID(t.Operands[1]), spirv.ID(t.Operands[2])}
	}
	return nil
}

func newCFG(fn *spirv.Function, ops *spirv.IDOperands) *cfg {
	n := len(fn.Blocks)
	c := &cfg{fn: fn, index: map[spirv.ID]int{}, succs: make([][]int, n), preds: make([][]int, n)}
	for i, b := range fn.Blocks {
		c.index[b.Label] = i
	}
	for i, b := range fn.Blocks {
		for _, l := range blockSuccessors(b, ops) {
			j, ok := c.index[l]
			if !ok || containsInt(c.succs[i], j) {
				continue // two edges to one block are one predecessor to OpPhi
			}
			c.succs[i] = append(c.succs[i], j)
			c.preds[j] = append(c.preds[j], i)
		}
	}
	// Reverse postorder by an explicit-stack depth-first search.
	seen := make([]bool, n)
	var post []int
	type frame struct{ b, next int }
	if n > 0 {
		stack := []frame{{0, 0}}
		seen[0] = true
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < len(c.succs[f.b]) {
				s := c.succs[f.b][f.next]
				f.next++
				if !seen[s] {
					seen[s] = true
					stack = append(stack, frame{s, 0})
				}
				continue
			}
			post = append(post, f.b)
			stack = stack[:len(stack)-1]
		}
	}
	c.order = make([]int, n)
	for i := range c.order {
		c.order[i] = -1
	}
	for i := len(post) - 1; i >= 0; i-- {
		c.order[post[i]] = len(c.rpo)
		c.rpo = append(c.rpo, post[i])
	}
	c.dominators()
	return c
}

// blockSuccessors returns the labels b's terminator names, finding OpSwitch
// targets through the grammar (its literals take the selector's width).
func blockSuccessors(b *spirv.Block, ops *spirv.IDOperands) []spirv.ID {
	if len(b.Insts) == 0 {
		return nil
	}
	t := b.Insts[len(b.Insts)-1]
	if t.Op != spirv.OpSwitch {
		return successors(b)
	}
	var out []spirv.ID
	_ = ops.Visit(t, func(i int) {
		if i >= 1 {
			out = append(out, spirv.ID(t.Operands[i]))
		}
	})
	return out
}

func (c *cfg) reachable(b int) bool { return c.order[b] >= 0 }

// dominators computes immediate dominators with the iterative algorithm of
// Cooper, Harvey and Kennedy, then the tree and the dominance frontiers.
func (c *cfg) dominators() {
	n := len(c.fn.Blocks)
	c.idom = make([]int, n)
	for i := range c.idom {
		c.idom[i] = -1
	}
	if n == 0 {
		return
	}
	c.idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for c.order[a] > c.order[b] {
				a = c.idom[a]
			}
			for c.order[b] > c.order[a] {
				b = c.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range c.rpo[1:] {
			nd := -1
			for _, p := range c.preds[b] {
				if !c.reachable(p) || c.idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != c.idom[b] {
				c.idom[b] = nd
				changed = true
			}
		}
	}
	c.idom[0] = -1
	c.kids = make([][]int, n)
	for _, b := range c.rpo[1:] {
		c.kids[c.idom[b]] = append(c.kids[c.idom[b]], b)
	}
	c.df = make([][]int, n)
	for _, b := range c.rpo {
		var rp []int
		for _, p := range c.preds[b] {
			if c.reachable(p) {
				rp = append(rp, p)
			}
		}
		if len(rp) < 2 {
			continue
		}
		for _, p := range rp {
			for r := p; r != c.idom[b] && r >= 0; r = c.idom[r] {
				if !containsInt(c.df[r], b) {
					c.df[r] = append(c.df[r], b)
				}
			}
		}
	}
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
