package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Ops that read the value they write: the lane program carries values
// round loops and merges them at joins as v = Select(m, new, v), and
// block masks as m = MaskOr(m, e). Such an op used to drop v's cache
// entry before its code ran (its result may be written lane by lane),
// so it read v from the slot, a store-to-load forwarding delay on the
// loop-carried chain. An op that keeps its results (g.caching: all of
// them through st or st64, which replace the entry) may read the entry
// instead; if its code did not store v through them after all, the entry
// is dropped afterwards.

// keepDstEntry reports whether o may read its Dst's cache entry: it reads
// Dst and keeps its results. It starts watching for o's store of Dst.
func (g *gen) keepDstEntry(o *lanes.Op) bool {
	g.dstStored = false
	g.watchDst = lanes.NoValue
	if !g.caching || !reads(o, o.Dst) {
		return false
	}
	g.watchDst = o.Dst
	return true
}

// noteStore records a store of v through st or st64.
func (g *gen) noteStore(v lanes.Value) {
	if v == g.watchDst {
		g.dstStored = true
	}
}

// dstWritten drops o's Dst from the cache if o kept the entry
// (keepDstEntry) but its code did not store Dst through st or st64.
func (g *gen) dstWritten(o *lanes.Op) {
	if g.watchDst != lanes.NoValue && !g.dstStored {
		g.cache.drop(o.Dst)
	}
	g.watchDst = lanes.NoValue
}
