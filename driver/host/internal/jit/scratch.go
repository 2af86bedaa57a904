package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// The register cache around ops whose code uses Y6-Y15 as scratch
// (general Index, division, bit counts, 64-bit conversions, ...). Such an
// op runs with the cache hidden (its operands come from their slots,
// current since dirty entries were written back before it), and the
// assembler records every vector register its code names on any of its
// paths. Afterwards the hidden entries come back but those in a named
// register and those of the op's result or of values sharing its slot
// (dead: slots are shared by liveness). Without this, one such op in a
// loop emptied the cache, pinned loop values included (loops.go), at
// every iteration.

// keepsAround reports whether the cache may survive an op of code c that
// is not cache-safe: ops that are not control flow (a label, a barrier's
// resume point and Exit are entered from elsewhere).
func keepsAround(c lanes.Code) bool { return !endsRun(c) }

// unhide brings back the entries of hidden (all clean) that the op just
// emitted left alone: not in a register of used (bit i: Yi), not dst's,
// not overlapping dst's slot.
func (g *gen) unhide(hidden *regCache, dst lanes.Value, used uint16) {
	c := &g.cache
	for i, k := range hidden.key {
		if k == noKey || hidden.dirty[i] || used&(1<<(uint(cacheFirst)+uint(i))) != 0 || c.key[i] != noKey {
			continue
		}
		v := lanes.Value(k / 2)
		if dst != lanes.NoValue {
			lo, hi := g.slotSpan(dst)
			if ulo, uhi := g.slotSpan(v); v == dst || ulo < hi && lo < uhi {
				continue
			}
		}
		if _, ok := c.find(v, int(k%2)); ok {
			continue
		}
		c.key[i] = k
		c.dirty[i] = false
	}
}
