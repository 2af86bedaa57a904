package lanes

import (
	"math/rand"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// TestBlockExitsMatchScan checks blockExits.only, which findSealed asks
// per construct, against a scan of the range's blocks (the code it
// replaced) on random functions: branches forward, backward and out of
// the function, conditional branches on constants (one edge dead),
// returns, and blocks no edge reaches.
func TestBlockExitsMatchScan(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	const (
		trueID, falseID, condID = 9001, 9002, 9003
		outside                 = 9999 // a label no block has
	)
	x := &spirv.Index{Defs: map[spirv.ID]*spirv.Instruction{
		trueID:  {Op: spirv.OpConstantTrue, Result: trueID},
		falseID: {Op: spirv.OpConstantFalse, Result: falseID},
	}}
	for trial := range 300 {
		// The constants as Build would have evaluated them.
		b := &builder{x: x, consts: map[spirv.ID]*constVal{trueID: {bits: []uint64{1}}, falseID: {bits: []uint64{0}}}}
		n := 1 + rng.Intn(30)
		label := func(k int) uint32 { return uint32(100 + k) }
		target := func() uint32 {
			if rng.Intn(20) == 0 {
				return outside
			}
			return label(rng.Intn(n))
		}
		fn := &spirv.Function{}
		in := &instance{fn: fn, pos: map[spirv.ID]int{}}
		preds := make([][]int, n)
		for k := range n {
			var term *spirv.Instruction
			switch rng.Intn(6) {
			case 0:
				term = &spirv.Instruction{Op: spirv.OpReturn}
			case 1, 2:
				term = &spirv.Instruction{Op: spirv.OpBranch, Operands: []uint32{target()}}
			default:
				cond := []uint32{trueID, falseID, condID}[rng.Intn(3)]
				term = &spirv.Instruction{Op: spirv.OpBranchConditional, Operands: []uint32{cond, target(), target()}}
			}
			fn.Blocks = append(fn.Blocks, &spirv.Block{Label: spirv.ID(label(k)), Insts: []*spirv.Instruction{term}})
			in.pos[spirv.ID(label(k))] = k
			if rng.Intn(4) != 0 {
				preds[k] = []int{rng.Intn(n)} // only whether it has any counts here
			}
		}
		e := b.newBlockExits(in, preds)
		for h := range n {
			if h > 0 && len(preds[h]) == 0 {
				continue // findSealed asks only for reached headers
			}
			for m := h + 1; m < n; m++ {
				if got, want := e.only(h, m), b.scanExits(in, preds, h, m); got != want {
					t.Fatalf("trial %d: only(%d, %d) = %v, the scan gives %v", trial, h, m, got, want)
				}
			}
		}
	}
}

// scanExits is the scan blockExits replaced: no reached block of [h, m)
// ends its lanes, and no live edge leaves the range but to m.
func (b *builder) scanExits(in *instance, preds [][]int, h, m int) bool {
	for k := h; k < m; k++ {
		if k > h && len(preds[k]) == 0 {
			continue
		}
		t := in.fn.Blocks[k].Insts[len(in.fn.Blocks[k].Insts)-1]
		switch t.Op {
		case spirv.OpBranch, spirv.OpBranchConditional, spirv.OpSwitch:
		default:
			return false
		}
		for _, s := range b.successors(t) {
			j, ok := in.pos[s]
			if !ok {
				return false
			}
			if (j < h || j > m) && !b.deadEdge(t, s) {
				return false
			}
		}
	}
	return true
}
