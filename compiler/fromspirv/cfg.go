package fromspirv

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// cfg is a function's control-flow graph, for writing it as structured C:
// blocks in reverse postorder, their dominators and natural loops.
type cfg struct {
	succ   [][]int
	pred   [][]int // reachable predecessors
	rpo    []int   // reachable blocks in reverse postorder
	rpoIdx []int   // position in rpo; -1 if unreachable
	idom   []int
	// loop[h] is the set of blocks of the natural loop headed by h (nil
	// when h is no loop header).
	loop []map[int]bool
}

// successors returns the targets of block b's terminator.
func (e *fnEmitter) successors(b *spirv.Block) ([]int, error) {
	if len(b.Insts) == 0 {
		return nil, nil
	}
	term := b.Insts[len(b.Insts)-1]
	var ids []uint32
	switch term.Op {
	case spirv.OpBranch:
		ids = term.Operands[:min(1, len(term.Operands))]
	case spirv.OpBranchConditional:
		if len(term.Operands) >= 3 {
			ids = term.Operands[1:3]
		}
	case spirv.OpSwitch:
		if len(term.Operands) >= 2 {
			ids = append(ids, term.Operands[1])
			step := 2
			if d := e.t.def[spirv.ID(term.Operands[0])]; d != nil && e.t.info(d.ResultType).width == 64 {
				step = 3
			}
			for i := 2; i+step-1 < len(term.Operands); i += step {
				ids = append(ids, term.Operands[i+step-1])
			}
		}
	}
	var out []int
	for _, id := range ids {
		n, ok := e.block[spirv.ID(id)]
		if !ok {
			return nil, e.t.errAt(term, "branch to %%%d, not a block of this function", id)
		}
		out = append(out, n)
	}
	return out, nil
}

// buildCFG computes the graph; ok is false for an irreducible graph (a
// cycle entered other than through a dominating header).
func (e *fnEmitter) buildCFG() (*cfg, bool, error) {
	n := len(e.fn.Blocks)
	g := &cfg{succ: make([][]int, n), rpoIdx: make([]int, n), idom: make([]int, n), loop: make([]map[int]bool, n)}
	for i, b := range e.fn.Blocks {
		s, err := e.successors(b)
		if err != nil {
			return nil, false, err
		}
		g.succ[i] = s
		g.rpoIdx[i] = -1
	}
	// Postorder by an explicit stack (functions may be large).
	seen := make([]bool, n)
	var post []int
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < len(g.succ[f.b]) {
			s := g.succ[f.b][f.next]
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
	for i := len(post) - 1; i >= 0; i-- {
		g.rpoIdx[post[i]] = len(g.rpo)
		g.rpo = append(g.rpo, post[i])
	}
	// Dominators (Cooper, Harvey and Kennedy's iteration).
	pred := make([][]int, n)
	for _, b := range g.rpo {
		for _, s := range g.succ[b] {
			pred[s] = append(pred[s], b)
		}
	}
	g.pred = pred
	for i := range g.idom {
		g.idom[i] = -1
	}
	g.idom[0] = 0
	for changed := true; changed; {
		changed = false
		for _, b := range g.rpo[1:] {
			nd := -1
			for _, p := range pred[b] {
				if g.idom[p] == -1 {
					continue
				}
				if nd == -1 {
					nd = p
					continue
				}
				a, c := p, nd
				for a != c {
					for g.rpoIdx[a] > g.rpoIdx[c] {
						a = g.idom[a]
					}
					for g.rpoIdx[c] > g.rpoIdx[a] {
						c = g.idom[c]
					}
				}
				nd = a
			}
			if nd != g.idom[b] {
				g.idom[b] = nd
				changed = true
			}
		}
	}
	dominates := func(a, b int) bool {
		for {
			if a == b {
				return true
			}
			if b == 0 {
				return false
			}
			b = g.idom[b]
		}
	}
	// Natural loops of the back edges; a retreating edge to a block that
	// does not dominate its source makes the graph irreducible.
	for _, u := range g.rpo {
		for _, h := range g.succ[u] {
			if g.rpoIdx[h] > g.rpoIdx[u] {
				continue
			}
			if !dominates(h, u) {
				return g, false, nil
			}
			if g.loop[h] == nil {
				g.loop[h] = map[int]bool{h: true}
			}
			work := []int{u}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if g.loop[h][x] {
					continue
				}
				g.loop[h][x] = true
				work = append(work, pred[x]...)
			}
		}
	}
	return g, true, nil
}

// structured writes the blocks as nested C: each block guarded by
// `if (_blk == N)`, each natural loop a `for (;;)` that continues while
// its header is next. The one pending block is in _blk, set by every
// branch; no goto, and barriers stay in uniform control flow.
func (e *fnEmitter) structured(out *strings.Builder, g *cfg, bodies []string) {
	all := map[int]bool{}
	for _, b := range g.rpo {
		all[b] = true
	}
	e.region(out, g, bodies, all, -1, 1)
}

// region writes the blocks of set (a loop's, headed by h, or the whole
// function's with h = -1) in reverse postorder, inner loops as units.
func (e *fnEmitter) region(out *strings.Builder, g *cfg, bodies []string, set map[int]bool, h, depth int) {
	ind := strings.Repeat("\t", depth)
	done := map[int]bool{}
	for _, b := range g.rpo {
		if !set[b] || done[b] {
			continue
		}
		if b != h && g.loop[b] != nil {
			inner := g.loop[b]
			for x := range inner {
				done[x] = true
			}
			fmt.Fprintf(out, "%sif (_blk == %d) for (;;) {\n", ind, b)
			e.region(out, g, bodies, inner, b, depth+1)
			fmt.Fprintf(out, "%s\tif (_blk == %d) continue;\n%s\tbreak;\n%s}\n", ind, b, ind, ind)
			// Exits of the inner loop that leave this region too.
			var exits []int
			seen := map[int]bool{}
			for x := range inner {
				for _, s := range g.succ[x] {
					if !inner[s] && !seen[s] {
						seen[s] = true
						exits = append(exits, s)
					}
				}
			}
			sort.Ints(exits)
			for _, s := range exits {
				switch {
				case s == h:
					fmt.Fprintf(out, "%sif (_blk == %d) continue;\n", ind, s)
				case !set[s]:
					fmt.Fprintf(out, "%sif (_blk == %d) break;\n", ind, s)
				}
			}
			continue
		}
		done[b] = true
		if b == h {
			// A loop's header runs first in every iteration: the loop is
			// entered and continued only with _blk == h.
			fmt.Fprintf(out, "%s{\n%s", ind, indent(bodies[b], depth))
		} else {
			fmt.Fprintf(out, "%sif (_blk == %d) {\n%s", ind, b, indent(bodies[b], depth))
		}
		// A block whose one predecessor jumps only to it runs right after
		// it: no guard of its own.
		for x := b; len(g.succ[x]) == 1; {
			c := g.succ[x][0]
			if !set[c] || done[c] || c == h || g.loop[c] != nil || len(g.pred[c]) != 1 {
				break
			}
			done[c] = true
			out.WriteString(indent(bodies[c], depth))
			x = c
		}
		fmt.Fprintf(out, "%s}\n", ind)
	}
}

// indent adds depth-1 tabs to each line of s (written at depth 1).
func indent(s string, depth int) string {
	if depth <= 1 {
		return s
	}
	pre := strings.Repeat("\t", depth-1)
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(pre)
		}
		b.WriteString(l)
	}
	return b.String()
}

// innermostLoops returns the header of each block's innermost loop, -1
// for blocks in no loop (loops nest: the innermost is the smallest).
func (g *cfg) innermostLoops() []int {
	in := make([]int, len(g.succ))
	for b := range in {
		in[b] = -1
		for h, l := range g.loop {
			if l[b] && (in[b] < 0 || len(l) < len(g.loop[in[b]])) {
				in[b] = h
			}
		}
	}
	return in
}
