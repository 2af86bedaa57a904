package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Masks known to have a lane set. A guarded store (`if (c) a[i] = x;`)
// runs after the JumpIfNone of its mask, which skips it where no lane is
// set; its code then tested the mask for an empty chunk again (bitonic's
// two stores: VMOVMSKPS, TEST, JE each). Where the op is reached only by
// falling through such a JumpIfNone of the same Varying mask, with no
// Label (another way in), control op or redefinition of the mask
// between, the test is left out. Loads after their JumpIfNone (a
// loop's body under its lanes' mask: spmv's three loads an iteration)
// leave out theirs the same way (mem.go's general path, tables.go).

// nonEmptyScan bounds the look back (build time stays linear).
const nonEmptyScan = 8

// maskNonEmpty reports whether mask m has a lane set whenever the
// current op runs.
func (g *gen) maskNonEmpty(m lanes.Value) bool {
	if m == lanes.NoValue || g.shape(m) != lanes.Varying {
		return false
	}
	for j := g.op - 1; j >= 0 && j >= g.op-nonEmptyScan; j-- {
		o := &g.p.Ops[j]
		switch o.Code {
		case lanes.JumpIfNone:
			return o.A == m
		case lanes.Label, lanes.Jump, lanes.JumpIfAny, lanes.Exit, lanes.Barrier, lanes.SubgroupSync:
			return false
		}
		if o.Dst == m {
			return false
		}
	}
	return false
}
