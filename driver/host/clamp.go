package host

import "github.com/clgo/clgo/spirv"

// Clamps. Compilers write clamp(x, lo, hi) as a minimum of a maximum (ours
// does for vectors wider than four, which it splits); when the maximum
// feeds only that minimum, in the same block, the two become one clamp of
// this Prepare's copy of the instructions: one pass over the lanes, one
// row less. The host's clamps are defined as that minimum of that maximum
// (numeric.go), so nothing changes but the time.

// clampOf maps a maximum to the minimum and clamp it makes.
var clampOf = map[spirv.GLSLstd450][2]spirv.GLSLstd450{
	spirv.GLSLstd450NMax: {spirv.GLSLstd450NMin, spirv.GLSLstd450NClamp},
	spirv.GLSLstd450FMax: {spirv.GLSLstd450FMin, spirv.GLSLstd450FClamp},
	spirv.GLSLstd450SMax: {spirv.GLSLstd450SMin, spirv.GLSLstd450SClamp},
	spirv.GLSLstd450UMax: {spirv.GLSLstd450UMin, spirv.GLSLstd450UClamp},
}

// fuseClamps rewrites the max-then-min pairs of raws into clamps.
func (p *prep) fuseClamps(raws []*rawFunc) {
	uses := rawUses(raws)
	glsl := func(in *inst) (spirv.GLSLstd450, bool) {
		if in.op != spirv.OpExtInst || len(in.args) != 4 || p.m.extSets[in.args[0]] != "GLSL.std.450" {
			return 0, false
		}
		return spirv.GLSLstd450(in.args[1]), true
	}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			at := map[uint32]int{} // the maxima of the block by id
			for i, in := range rb.body {
				op, ok := glsl(in)
				if !ok {
					continue
				}
				if _, isMax := clampOf[op]; isMax {
					at[in.id] = i
					continue
				}
				// A minimum of a maximum (either operand) and a bound.
				for k := range 2 {
					j, ok := at[in.args[2+k]]
					if !ok || uses[in.args[2+k]] != 1 {
						continue
					}
					mx := rb.body[j]
					mop, _ := glsl(mx)
					if c := clampOf[mop]; c[0] != op || mx.typ != in.typ {
						continue
					}
					cl := *in
					cl.args = []uint32{in.args[0], uint32(clampOf[mop][1]), mx.args[2], mx.args[3], in.args[3-k]}
					rb.body[i] = &cl
					rb.body[j] = &inst{op: spirv.OpNop, pos: mx.pos}
					break
				}
			}
		}
	}
}

// rawUses counts the operands of raws that name each id (literals too: a
// count is at worst too high).
func rawUses(raws []*rawFunc) map[uint32]int {
	uses := map[uint32]int{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				for _, id := range in.args {
					uses[id]++
				}
			}
		}
	}
	return uses
}
