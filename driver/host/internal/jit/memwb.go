package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Write-back before buffer accesses. Dirty cache entries (writeback.go)
// are written back before every op that is not deferring, because its
// code may read the frame. A Load or Store reads from the frame only its
// own operands (its general code takes offsets, values and the mask lane
// by lane from their slots) and writes only its Dst's slot and memory
// that no value slot aliases; its code keeps to Y0-Y5. So where the op is
// cache-safe the other entries stay dirty over it: a value that dies
// before the next full write-back (a load's neighbour in a chain of
// arithmetic, an index only an elided Index read) is never stored.
//
// Its operands are needed in their slots only on its general paths: the
// affine fast paths (affine.go) read them from the cache. So for a
// Varying load or a store of a buffer or Workgroup memory, their dirty
// entries are held (left dirty) and written back where the general
// paths start (generalPath: mem.go calls it after the fast path), which
// leaves them dirty still, as on the fast path. (Private accesses and
// Uniform loads read slots before that point, so theirs are written back
// first, as before.) After the op, entries whose slots overlap the Dst's
// are dropped: those values are dead (slots are shared by liveness), and
// a later write-back of theirs would clobber the loaded value; they stay
// during the op, whose code may read them (its operands, a fused Index's
// operands, fuseindex.go).

// writeBackOperands prepares the cache for o if o is a cache-safe Load
// or Store (returning true): its operands' dirty entries are written
// back, or held for its general path; else it does nothing and returns
// false, and the caller writes back everything.
func (g *gen) writeBackOperands(o *lanes.Op) bool {
	g.held = 0
	if o.Code != lanes.Load && o.Code != lanes.Store || !g.cacheSafe(o) {
		return false
	}
	r := int(o.Imm)
	hold := r >= 0 && r < len(g.p.Regions) && g.p.Regions[r].Kind != lanes.RegionPrivate &&
		(o.Code == lanes.Store || g.shape(o.Dst) == lanes.Varying)
	c := &g.cache
	for i, k := range c.key {
		if k == noKey || !c.dirty[i] || !reads(o, lanes.Value(k/2)) {
			continue
		}
		if hold {
			g.held |= 1 << i
		} else {
			g.spill(i)
		}
	}
	g.accessOp = true
	return true
}

// generalPath starts an access's general path: the held operands are
// written back (and stay marked dirty: the fast path did not store
// them), then an elided Index the access reads is computed (unfuse).
func (g *gen) generalPath(z *fusedIndex, x lanes.Value) error {
	c := &g.cache
	for i := range c.key {
		if g.held&(1<<i) != 0 && c.key[i] != noKey && c.dirty[i] {
			g.spill(i)
			c.dirty[i] = true
		}
	}
	return g.unfuse(z, x)
}

// afterAccess ends an op that writeBackOperands prepared: the entries
// overlapping its Dst are dropped.
func (g *gen) afterAccess(o *lanes.Op) {
	if !g.accessOp {
		return
	}
	g.accessOp, g.held = false, 0
	if o.Dst != lanes.NoValue {
		g.dropOverlapping(o.Dst)
	}
}
