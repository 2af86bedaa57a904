package opt

import (
	"github.com/clgo/clgo/spirv"
)

// Folding constant branches.
//
// A selection whose condition or selector is a constant after mem2reg and
// folding takes one arm: a pointer stored in a struct member and loaded
// back (whirlpool's ctx->s_MT0) selects its object by an OpSwitch on a
// selector that folding makes a constant, and every table lookup through
// it was a switch over the eight tables (hashcat's m32600: 46,000
// switches, 37 MB of SPIR-V).
//
// FoldBranches rewrites the terminator of a selection header (a block
// with OpSelectionMerge) that is an OpBranchConditional on
// OpConstantTrue/False to an OpBranch to the target taken, and drops the
// OpSelectionMerge; so does an OpSwitch on an integer OpConstant whose
// case taken holds no nested selection or loop, and any other keeps its
// merge and only the target taken, as its default (breaks from
// constructs nested in the case branch to that merge). Blocks
// that were reachable from the entry and no longer are go, except merge
// blocks that live headers name, which become OpUnreachable; OpPhis drop
// the pairs of predecessors that no longer branch to them. Folds that would leave a
// live loop's continue target unreachable (that would need a stub back
// edge) are not made. Loop headers' branches are left alone.
func FoldBranches(m *spirv.Module) error { return foldBranches(m, spirv.NewIDOperands(m)) }

func foldBranches(m *spirv.Module, ops *spirv.IDOperands) error {
	consts := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.Globals {
		switch in.Op {
		case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpConstant:
			consts[in.Result] = in
		}
	}
	removed := map[spirv.ID]bool{}
	for _, fn := range m.Functions {
		if !fn.Optimized {
			foldFunctionBranches(fn, ops, consts, removed)
		}
	}
	dropDebug(m, removed)
	return nil
}

// takenTarget is the label a selection header's terminator t always
// branches to, or 0.
func takenTarget(t *spirv.Instruction, ops *spirv.IDOperands, consts map[spirv.ID]*spirv.Instruction) spirv.ID {
	switch t.Op {
	case spirv.OpBranchConditional:
		c := consts[spirv.ID(t.Operands[0])]
		switch {
		case c == nil:
		case c.Op == spirv.OpConstantTrue:
			return spirv.ID(t.Operands[1])
		case c.Op == spirv.OpConstantFalse:
			return spirv.ID(t.Operands[2])
		}
	case spirv.OpSwitch:
		c := consts[spirv.ID(t.Operands[0])]
		if c == nil || c.Op != spirv.OpConstant {
			return 0
		}
		// Operands: selector, default, then (literal words, label) pairs;
		// the labels' positions give the literals' width.
		var labels []int
		if err := ops.Visit(t, func(i int) {
			if i >= 1 {
				labels = append(labels, i)
			}
		}); err != nil || len(labels) == 0 {
			return 0
		}
		for k := 1; k < len(labels); k++ {
			lit := t.Operands[labels[k-1]+1 : labels[k]]
			if len(lit) == len(c.Operands) && equalWords(lit, c.Operands) {
				return spirv.ID(t.Operands[labels[k]])
			}
		}
		return spirv.ID(t.Operands[1])
	}
	return 0
}

func equalWords(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func foldFunctionBranches(fn *spirv.Function, ops *spirv.IDOperands, consts map[spirv.ID]*spirv.Instruction, removed map[spirv.ID]bool) {
	// The headers to fold and their targets.
	taken := map[int]spirv.ID{}
	for i, b := range fn.Blocks {
		n := len(b.Insts)
		if n < 2 || b.Insts[n-2].Op != spirv.OpSelectionMerge {
			continue
		}
		if l := takenTarget(b.Insts[n-1], ops, consts); l != 0 {
			taken[i] = l
		}
	}
	if len(taken) == 0 {
		return
	}
	index := make(map[spirv.ID]int, len(fn.Blocks))
	for i, b := range fn.Blocks {
		index[b.Label] = i
	}
	reach := func(folded bool) []bool {
		live := make([]bool, len(fn.Blocks))
		live[0] = true
		work := []int{0}
		for len(work) > 0 {
			i := work[len(work)-1]
			work = work[:len(work)-1]
			succ := blockSuccessors(fn.Blocks[i], ops)
			if l, ok := taken[i]; ok && folded {
				succ = []spirv.ID{l}
			}
			for _, l := range succ {
				if j, ok := index[l]; ok && !live[j] {
					live[j] = true
					work = append(work, j)
				}
			}
		}
		return live
	}
	before := reach(false)
	// A fold that leaves a live loop's continue target unreachable is
	// undone, with every other fold inside that loop (between its header
	// and continue target in the structured order of the blocks), until
	// none does. Merge blocks that live headers name stay, as
	// OpUnreachable where they are dead.
	var live []bool
	var named map[int]bool
	for {
		live = reach(true)
		named = map[int]bool{}
		undone := false
		for i, b := range fn.Blocks {
			n := len(b.Insts)
			if !live[i] || n < 2 {
				continue
			}
			mi := b.Insts[n-2]
			switch {
			case mi.Op == spirv.OpLoopMerge:
				if c, ok := index[spirv.ID(mi.Operands[1])]; ok && before[c] && !live[c] {
					for h := range taken {
						if h > i && h < c {
							delete(taken, h)
							undone = true
						}
					}
				}
				named[index[spirv.ID(mi.Operands[0])]] = true
			case mi.Op == spirv.OpSelectionMerge && !hasKey(taken, i):
				named[index[spirv.ID(mi.Operands[0])]] = true
			case mi.Op == spirv.OpSelectionMerge && b.Insts[n-1].Op == spirv.OpSwitch && !flatCase(fn, index, ops, taken[i], spirv.ID(mi.Operands[0])):
				named[index[spirv.ID(mi.Operands[0])]] = true
			}
		}
		if !undone {
			break
		}
	}
	// The blocks the folds make unreachable go (or become stubs); blocks
	// that were unreachable already stay as they are, so none of them may
	// use a value of those (else the function stays as it is).
	gone := map[spirv.ID]bool{}
	for i, b := range fn.Blocks {
		if before[i] && !live[i] {
			if !named[i] {
				gone[b.Label] = true
			}
			for _, in := range b.Insts {
				if in.Result != 0 {
					gone[in.Result] = true
				}
			}
		}
	}
	if len(taken) == 0 {
		return
	}
	for i, b := range fn.Blocks {
		if before[i] {
			continue
		}
		for _, in := range b.Insts {
			uses := false
			if err := ops.Visit(in, func(k int) {
				uses = uses || gone[spirv.ID(in.Operands[k])]
			}); err != nil || uses {
				return
			}
		}
	}
	// Fold. A switch keeps its merge, with the target taken as its only
	// one (the default), where the case may hold a nested construct: a
	// break nested in a selection inside the case (`case 1: if (x)
	// break;`) branches to that merge, which is valid only while it is
	// the switch's.
	for i, l := range taken {
		if !live[i] {
			continue
		}
		b := fn.Blocks[i]
		n := len(b.Insts)
		if t := b.Insts[n-1]; t.Op == spirv.OpSwitch && !flatCase(fn, index, ops, l, spirv.ID(b.Insts[n-2].Operands[0])) {
			b.Insts[n-1] = &spirv.Instruction{Op: spirv.OpSwitch, Operands: []uint32{t.Operands[0], uint32(l)}}
			continue
		}
		b.Insts = append(b.Insts[:n-2], &spirv.Instruction{Op: spirv.OpBranch, Operands: []uint32{uint32(l)}})
	}
	blocks := fn.Blocks[:0]
	for i, b := range fn.Blocks {
		if live[i] || !before[i] {
			blocks = append(blocks, b)
			continue
		}
		for _, in := range b.Insts {
			if in.Result != 0 {
				removed[in.Result] = true
			}
		}
		if named[i] {
			b.Insts = []*spirv.Instruction{{Op: spirv.OpUnreachable}}
			blocks = append(blocks, b)
			continue
		}
		removed[b.Label] = true
	}
	fn.Blocks = blocks
	// Phis keep the pairs of their blocks' predecessors.
	preds := map[spirv.ID]map[spirv.ID]bool{}
	for _, b := range fn.Blocks {
		for _, l := range blockSuccessors(b, ops) {
			if preds[l] == nil {
				preds[l] = map[spirv.ID]bool{}
			}
			preds[l][b.Label] = true
		}
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			if in.Op != spirv.OpPhi {
				continue
			}
			kept := in.Operands[:0]
			for k := 0; k+1 < len(in.Operands); k += 2 {
				if preds[b.Label][spirv.ID(in.Operands[k+1])] {
					kept = append(kept, in.Operands[k], in.Operands[k+1])
				}
			}
			in.Operands = kept
		}
	}
}

// flatCase reports whether the blocks that a switch's case starting at
// label l reaches before the switch's merge hold no header of a
// selection or loop (looking at up to 64 blocks): then no branch to the
// merge comes from a nested construct, and the switch may become a plain
// branch (hashcat's Whirlpool: 46,000 switches that each load one table).
func flatCase(fn *spirv.Function, index map[spirv.ID]int, ops *spirv.IDOperands, l, merge spirv.ID) bool {
	seen := map[spirv.ID]bool{merge: true}
	work := []spirv.ID{l}
	for len(work) > 0 {
		id := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		j, ok := index[id]
		if !ok || len(seen) > 64 {
			return false
		}
		b := fn.Blocks[j]
		if n := len(b.Insts); n >= 2 && (b.Insts[n-2].Op == spirv.OpSelectionMerge || b.Insts[n-2].Op == spirv.OpLoopMerge) {
			return false
		}
		work = append(work, blockSuccessors(b, ops)...)
	}
	return true
}

func hasKey(m map[int]spirv.ID, k int) bool {
	_, ok := m[k]
	return ok
}
