package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Runs of Selects under one mask. The lane program merges values at the
// joins of linearized branches, and carries them round loops, with
// Selects that blend a new value into the old one under a block's mask
// (v = Select(m, new, v)), a run of them per join. Where the branch is
// uniform in practice the mask is all ones or all zeros for the whole
// chunk, so the code tests the mask once for the run: no lane leaves
// every value as it is, every lane is a copy of the new values, and only
// a mixed mask blends.

// selectRun is the end (exclusive) of the run of blends-into-self under
// one mask starting at op i, or i where none starts there or the test
// would not pay (a single 32-bit Select is one blend).
func (g *gen) selectRun(i int) int {
	ops := g.p.Ops
	m := ops[i].A
	j := i
	wide := false
	for j < len(ops) {
		o := &ops[j]
		if o.Code != lanes.Select || o.A != m || m == lanes.NoValue || o.Dst == lanes.NoValue ||
			o.Dst != o.C || o.Dst == m || o.B == o.Dst {
			break
		}
		if g.kind(o.Dst).Bytes() == 8 {
			wide = true
		}
		j++
	}
	if j-i < 2 && !wide {
		return i
	}
	return j
}

// emitSelectRun compiles ops i..j-1 (a selectRun). Nothing is kept in the
// register cache on any path, so all paths leave it alike.
func (g *gen) emitSelectRun(i, j int) error {
	a := &g.a
	ops := g.p.Ops
	g.caching, g.deferring = false, false
	g.writeBack()
	pinned := g.selectRunPins(i, j) // loops.go
	for k := i; k < j; k++ {
		g.opStart[k] = a.Len()
		g.cache.drop(ops[k].Dst)
		g.cseForget(ops[k].Dst)
	}
	g.restorePins(pinned)
	end, blend := a.NewLabel(), a.NewLabel()
	g.mask(amd64.Y0, ops[i].A)
	g.ones(amd64.Y1)
	a.VPTEST(amd64.Y0, amd64.Y1) // ZF: no lane; CF: every lane
	a.Jcc(amd64.CondE, end)
	a.Jcc(amd64.CondAE, blend)
	for k := i; k < j; k++ {
		o := &ops[k]
		if g.kind(o.Dst).Bytes() == 8 {
			g.ld64(amd64.Y0, amd64.Y1, o.B)
			g.st64(o.Dst, amd64.Y0, amd64.Y1)
		} else {
			g.ld(amd64.Y0, o.B)
			g.st(o.Dst, amd64.Y0)
		}
		g.pinCopied(o.Dst, amd64.Y0, amd64.Y1)
	}
	a.JMP(end)
	a.Bind(blend)
	for k := i; k < j; k++ {
		g.op = k
		if err := g.emit(&ops[k]); err != nil {
			return err
		}
		g.pinReload(ops[k].Dst)
	}
	a.Bind(end)
	return nil
}
