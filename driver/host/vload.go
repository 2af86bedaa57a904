package host

import "github.com/clgo/clgo/spirv"

// Vector loads. vloadn, and the compiler's reads of vector elements from
// scalar pointers, load n scalars at consecutive addresses, each with its
// own OpLoad: with affine addresses, a strided gather each. When four
// such 32-bit loads make a composite construct, placement (alias.go) gives
// them consecutive rows, and the first reads all four for every lane at
// once (affineAoS32); the others find their rows filled. A follower checks
// that its own address is the leader's plus its offset, so it reads what
// it would have read; nothing between them in the block writes memory.

// vgroup is four loads whose results fill consecutive rows.
type vgroup struct {
	slot  int       // index of the group's state in state.vgroups
	ids   [4]uint32 // the loads in order
	rows  [4]int    // their expected rows, set when the leader compiles
	on    bool      // the leader compiled with the fast path
	addrs [4]*addr  // their fused addresses
}

// vgroupState is what a leader leaves for its followers.
type vgroupState struct {
	ok   bool
	lo   int64
	step [4]int64
}

// findLoadGroups fills p.vgroups from the constructs of four placed loads.
func (p *prep) findLoadGroups(raws []*rawFunc) {
	p.vgroups = map[uint32]*vgroup{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			pos := map[uint32]int{}
			for i, in := range rb.body {
				pos[in.id] = i
			}
			for _, in := range rb.body {
				if in.op != spirv.OpCompositeConstruct || len(in.args) != 4 {
					continue
				}
				if g := p.loadGroup(rb.body, pos, in); g != nil {
					g.slot = p.k.vgroups
					p.k.vgroups++
					for _, id := range g.ids {
						p.vgroups[id] = g
					}
				}
			}
		}
	}
}

// loadGroup returns the group of construct c's operands, or nil.
func (p *prep) loadGroup(body []*inst, pos map[uint32]int, c *inst) *vgroup {
	g := &vgroup{}
	for k, id := range c.args {
		d := p.defs[id]
		i, here := pos[id]
		if d == nil || !here || d.op != spirv.OpLoad || len(d.args) == 0 || p.vgroups[id] != nil {
			return nil
		}
		if pl, ok := p.place[id]; !ok || pl.in != c.id || pl.off != k {
			return nil
		}
		if t := p.types[d.typ]; t == nil || t.comps != 1 || t.width != 32 || t.op == spirv.OpTypePointer {
			return nil
		}
		a := p.fused[d.args[0]]
		if a == nil || a.n != 1 {
			return nil
		}
		if k > 0 {
			a0 := g.addrs[0]
			if i <= pos[g.ids[k-1]] || a.rg != a0.rg || a.st[0] != a0.st[0] {
				return nil
			}
			same := a.id[0] == a0.id[0] && a.base == a0.base+int64(4*k)
			r, x := p.rootOffset(a.id[0])
			r0, x0 := p.rootOffset(a0.id[0])
			next := a.base == a0.base && a.st[0] == 4 && r == r0 && x == x0+int64(k)
			if !same && !next {
				return nil
			}
		}
		g.ids[k], g.addrs[k] = id, a
	}
	for _, in := range body[pos[g.ids[0]]:pos[g.ids[3]]] {
		if _, pure := p.pureIDs(in); !pure && in.op != spirv.OpLoad {
			return nil // it may write memory
		}
	}
	return g
}

// rootOffset returns the value that id is a constant added to, and the
// constant, through additions of 32-bit constants.
func (p *prep) rootOffset(id uint32) (uint32, int64) {
	var off int64
	for range 16 {
		d := p.defs[id]
		if d == nil || d.op != spirv.OpIAdd || len(d.args) != 2 {
			break
		}
		t := p.types[d.typ]
		if t == nil || t.comps != 1 || t.width != 32 {
			break
		}
		if c, ok := p.consts[d.args[1]]; ok && len(c) == 1 {
			id, off = d.args[0], off+int64(int32(c[0]))
		} else if c, ok := p.consts[d.args[0]]; ok && len(c) == 1 {
			id, off = d.args[1], off+int64(int32(c[0]))
		} else {
			break
		}
	}
	return id, off
}

// groupLoad wraps the load run of member id of group g.
func (p *prep) groupLoad(id uint32, g *vgroup, run func(*state)) func(*state) {
	L := p.lanes
	k := 0
	for k < 4 && g.ids[k] != id {
		k++
	}
	a := g.addrs[k]
	rg, local := a.rg, p.k.dims
	if !p.affineAddr(a) {
		return run // known once the index is compiled
	}
	if k == 0 {
		if p.uniform(id) {
			return run
		}
		r0 := p.rowAt(id)
		for c := 1; c < 4; c++ {
			pl := p.place[g.ids[c]]
			g.rows[c] = p.reserve(pl.in) + pl.off
		}
		g.rows[0] = r0
		for c := range 4 {
			if g.rows[c] != r0+c {
				return run
			}
		}
		g.on = true
		dst := r0 * L
		return func(s *state) {
			st := &s.vgroups[g.slot]
			if s.full && !s.redo {
				m := s.regions[rg]
				if lo, step, ok := s.affineSpan(a, 16, uint64(len(m))); ok && affineAoS32(s.r[dst:dst+4*L], L, m, lo, step, local, 4, false) {
					st.ok, st.lo, st.step = true, lo, step
					return
				}
			}
			st.ok = false
			run(s)
		}
	}
	if !g.on || p.rowAt(id) != g.rows[k] {
		return run
	}
	return func(s *state) {
		st := &s.vgroups[g.slot]
		if st.ok && s.full && !s.redo {
			m := s.regions[rg]
			if lo, step, ok := s.affineSpan(a, 4, uint64(len(m))); ok && lo == st.lo+int64(4*k) && step == st.step {
				return // the leader read it
			}
		}
		run(s)
	}
}
