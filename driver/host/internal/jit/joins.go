package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// The register cache across labels. A label reached only by jumps that
// come before it (and by falling into it) keeps the cache entries that
// every way in agrees on: the same value's half in the same register.
// Each entry holds its value's current contents on its own path, and all
// are clean there (dirty entries are written back before jumps and
// labels), so an entry every path has is right whichever path ran. A
// label that a later jump targets (a loop head) starts with its loop's
// pinned values (loops.go), or an empty cache.

// joinInfo is, per label, what the code generator knows of its ways in.
type joinInfo struct {
	forward []bool       // every jump to the label comes before it
	states  [][]cacheKey // the cache at each jump emitted so far, per label
	dead    bool         // the op before is an unconditional jump or Exit
}

// analyzeJoins finds the labels whose jumps all come before them.
func (g *gen) analyzeJoins() {
	n := g.p.Labels
	at := make([]int, n) // the Label op of each label
	for i := range at {
		at[i] = -1
	}
	for i, o := range g.p.Ops {
		if o.Code == lanes.Label && o.Imm >= 0 && int(o.Imm) < n {
			at[o.Imm] = i
		}
	}
	fwd := make([]bool, n)
	for l := range fwd {
		fwd[l] = at[l] >= 0
	}
	for i, o := range g.p.Ops {
		switch o.Code {
		case lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny:
			if o.Imm >= 0 && int(o.Imm) < n && at[o.Imm] <= i {
				fwd[o.Imm] = false
			}
		}
	}
	g.joins = joinInfo{forward: fwd, states: make([][]cacheKey, n)}
}

// noteJump records the cache as a way into label l (after a jump's code).
func (g *gen) noteJump(l int64) {
	if l < 0 || int(l) >= len(g.joins.states) || !g.joins.forward[l] {
		return
	}
	if g.joins.states[l] == nil {
		g.joins.states[l] = append([]cacheKey(nil), g.cache.key[:]...)
		return
	}
	meet(g.joins.states[l], g.cache.key[:])
}

// meet keeps in s the entries that t has in the same register.
func meet(s, t []cacheKey) {
	for i := range s {
		if s[i] != t[i] {
			s[i] = noKey
		}
	}
}

// enterLabel sets the cache for label l's code: the entries every way in
// agrees on (the fall-through too, unless the op before cannot fall
// through), or none.
func (g *gen) enterLabel(l int64) {
	c := &g.cache
	if l < 0 || int(l) >= len(g.joins.states) || !g.joins.forward[l] {
		c.flush()
		return
	}
	s := g.joins.states[l]
	switch {
	case s == nil && g.joins.dead:
		c.flush() // no way in seen: unreachable as far as the code knows
		return
	case s == nil:
		s = append([]cacheKey(nil), c.key[:]...)
	case !g.joins.dead:
		meet(s, c.key[:])
	}
	copy(c.key[:], s)
	for i := range c.dirty {
		c.dirty[i] = false
	}
}
