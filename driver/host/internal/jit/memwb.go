package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Write-back before buffer accesses. Dirty cache entries (writeback.go)
// are written back before every op that is not deferring, because its
// code may read the frame. A Load or Store reads from the frame only its
// own operands (its general code takes offsets, values and the mask lane
// by lane from their slots) and writes only its Dst's slot and memory
// that no value slot aliases; its code keeps to Y0-Y5. So where the op is
// cache-safe it writes back only its operands' entries: the others stay
// dirty over it, and a value that dies before the next full write-back
// (a load's neighbour in a chain of arithmetic, an index only an elided
// Index read) is never stored. Entries whose slots overlap the Dst's are
// dropped first: they are dead (slots are shared by liveness), and a
// later write-back of theirs would clobber the loaded value.

// writeBackOperands writes back o's operands' dirty entries if o is a
// cache-safe Load or Store (returning true); else it does nothing and
// returns false, and the caller writes back everything.
func (g *gen) writeBackOperands(o *lanes.Op) bool {
	if o.Code != lanes.Load && o.Code != lanes.Store || !g.cacheSafe(o) {
		return false
	}
	c := &g.cache
	for i, k := range c.key {
		if k == noKey || !c.dirty[i] {
			continue
		}
		if reads(o, lanes.Value(k/2)) {
			g.spill(i)
		}
	}
	if o.Dst != lanes.NoValue {
		g.dropOverlappingBut(o.Dst, g.fuse.reader[g.op])
	}
	return true
}

// dropOverlappingBut is dropOverlapping(v), but for the operands of the
// elided Index z that op g.op reads (fuseindex.go): its code still reads
// them from their registers, so they stay, and clean, as v's slot will
// not hold them. (Only the Index's last reader may write a slot that
// overlaps them, and they are dead after it.)
func (g *gen) dropOverlappingBut(v lanes.Value, z *fusedIndex) {
	c := &g.cache
	for i, k := range c.key {
		u := lanes.Value(k / 2)
		if k == noKey || u == v || !g.slotsOverlap(u, v) {
			continue
		}
		c.dirty[i] = false
		if z == nil || u != z.a && u != z.b {
			c.key[i] = noKey
		}
	}
}
