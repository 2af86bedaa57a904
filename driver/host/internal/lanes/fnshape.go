package lanes

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// fnShape is what Build learns of a function from its blocks alone: the
// blocks' order and edges, its loops and the ids each loop's shadows
// keep, its closed ranges and its sealed constructs. None of it depends
// on the shapes of values, so it is worked out once per function and
// Build and shared by every inlined copy (instance) in every round;
// hashcat's kernels inline the same hash rounds hundreds of times and
// build in up to six rounds, and these analyses were a third of Build.
// Nothing here is written after fnShapeOf returns it.
type fnShape struct {
	pos       map[spirv.ID]int
	preds     [][]int     // per block: the blocks with edges into it
	mergeHead map[int]int // a merge block's construct's header
	loops     []span      // the loops, [head, merge), in block order
	// def maps the ids the function defines to their blocks.
	def map[spirv.ID]int
	// shadows lists for each loop (as loops) the ids defined in it that
	// are read outside it (findShadows).
	shadows [][]spirv.ID
	// closure answers closedRange and closedTail (closed.go); sealed and
	// sealedTree are the sealed constructs (sealed.go), made on first
	// use.
	closure    *closure
	sealedDone bool
	sealed     []span
	sealedTree *sealedTree
}

// fnShapeOf is fn's shape, worked out on first use; the error is one of
// the block order's that Build refuses.
func (b *builder) fnShapeOf(fn *spirv.Function) (*fnShape, error) {
	if fs, ok := b.fnShapes[fn]; ok {
		return fs, nil
	}
	fs, err := b.newFnShape(fn)
	if err != nil {
		return nil, err
	}
	b.fnShapes[fn] = fs
	return fs, nil
}

func (b *builder) newFnShape(fn *spirv.Function) (*fnShape, error) {
	n := len(fn.Blocks)
	fs := &fnShape{pos: make(map[spirv.ID]int, n), mergeHead: map[int]int{}}
	for i, bl := range fn.Blocks {
		fs.pos[bl.Label] = i
	}
	// Edges from blocks no lane reaches, and edges a branch on a
	// constant never takes, are not edges.
	preds := make([][]int, n)
	reached := make([]bool, n)
	reached[0] = true
	for i, bl := range fn.Blocks {
		if len(bl.Insts) == 0 {
			return nil, fmt.Errorf("empty block %%%d", bl.Label)
		}
		for _, s := range b.successors(bl.Insts[len(bl.Insts)-1]) {
			if j, ok := fs.pos[s]; ok && reached[i] && !b.deadEdge(bl.Insts[len(bl.Insts)-1], s) {
				preds[j] = append(preds[j], i)
				reached[j] = true
			}
		}
		if len(bl.Insts) >= 2 {
			if mi := bl.Insts[len(bl.Insts)-2]; mi.Op == spirv.OpSelectionMerge || mi.Op == spirv.OpLoopMerge {
				if mpos, ok := fs.pos[spirv.ID(mi.Operands[0])]; ok && mpos > i {
					fs.mergeHead[mpos] = i
				}
			}
			if mi := bl.Insts[len(bl.Insts)-2]; mi.Op == spirv.OpLoopMerge {
				mpos, ok := fs.pos[spirv.ID(mi.Operands[0])]
				if !ok || mpos <= i {
					return nil, unsupported("OpLoopMerge", "merge block before its header")
				}
				fs.loops = append(fs.loops, span{i, mpos})
			}
		}
	}
	fs.preds = preds
	// inLoops: per block, the loops (indices in fs.loops) holding it.
	inLoops := make([][]int, n)
	isHead := make([]int, n)
	for i := range isHead {
		isHead[i] = -1
	}
	for k, l := range fs.loops {
		isHead[l.head] = k
		for i := l.head; i < l.merge; i++ {
			inLoops[i] = append(inLoops[i], k)
		}
	}
	// The order must be one the masks can follow: edges go forward but
	// for back edges to a loop's header from within the loop, and edges
	// into a loop enter at its header.
	for j, ps := range preds {
		for _, i := range ps {
			if j <= i {
				if k := isHead[j]; k < 0 || !fs.loops[k].holds(i) {
					return nil, unsupported("OpBranch", "a backward edge that is not a loop's back edge (block order)")
				}
			}
			for _, k := range inLoops[j] {
				if l := fs.loops[k]; !l.holds(i) && j != l.head {
					return nil, unsupported("OpBranch", "an edge into a loop other than at its header")
				}
			}
		}
	}
	fs.def = map[spirv.ID]int{}
	for i, bl := range fn.Blocks {
		for _, x := range bl.Insts {
			if x.Result != 0 {
				fs.def[x.Result] = i
			}
		}
	}
	fs.findShadows(fn, inLoops)
	fs.closure = newClosureOf(preds, fs.loops)
	return fs, nil
}

func (s span) holds(i int) bool { return i >= s.head && i < s.merge }

// findShadows finds, for each loop, the ids defined in it that are read
// outside it: their shadow registers keep each lane's value as of its
// exit (cflow.go).
func (fs *fnShape) findShadows(fn *spirv.Function, inLoops [][]int) {
	if len(fs.loops) == 0 {
		return
	}
	fs.shadows = make([][]spirv.ID, len(fs.loops))
	seen := map[spirv.ID][]int{} // the loops each id is already listed for
	use := func(id spirv.ID, at int) {
		d, ok := fs.def[id]
		if !ok {
			return
		}
		for _, k := range inLoops[d] {
			if fs.loops[k].holds(at) {
				continue
			}
			listed := false
			for _, s := range seen[id] {
				if s == k {
					listed = true
					break
				}
			}
			if !listed {
				seen[id] = append(seen[id], k)
				fs.shadows[k] = append(fs.shadows[k], id)
			}
		}
	}
	for j, bl := range fn.Blocks {
		for _, x := range bl.Insts {
			if x.Op == spirv.OpPhi {
				for k := 0; k+1 < len(x.Operands); k += 2 {
					if p, ok := fs.pos[spirv.ID(x.Operands[k+1])]; ok {
						use(spirv.ID(x.Operands[k]), p)
					}
				}
				continue
			}
			// Every operand word that names an id of the function counts as
			// a use (a literal that happens to equal one only costs a
			// shadow).
			for _, w := range x.Operands {
				use(spirv.ID(w), j)
			}
		}
	}
}
