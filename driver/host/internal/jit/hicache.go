package jit

import (
	"math"
	"sync"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/config"
)

// The register cache's second level: on CPUs with AVX512F and AVX512VL,
// Y16-Y31 (which only EVEX encodings name) hold the entries the first
// level (Y6-Y15, cache.go) evicts, instead of their slots. The ops'
// code knows nothing of them: every op keeps to Y0-Y15 and its VEX
// forms, so no op needs an EVEX form of its own, and an evicted value
// costs a register move each way (move elimination makes it nearly free)
// instead of a store and a load. Wide-vector and long-expression kernels
// (clpeak's dp_v16: 32 double values of 2 halves each) spill far less.
//
// The invariant that keeps the rest of the code unaware: no value that
// an op reads or writes is in the second level while the op's code runs,
// and no entry there is dirty while an op that is not element-wise runs
// (hiDirtyOK false): such code (a buffer access's general path, a fused
// Index's operands) reads values the first level does not hold from
// their slots, so an entry evicted then is written back first.
// Before each cache-safe op (hiPrepare) its operands move up into the
// first level (a dirty one stays dirty) and entries of its Dst, or of
// values sharing the Dst's slot, are dropped; before an op that is not
// element-wise (it may read the frame: memory ops, with their fused
// Index operands) the dirty entries are written back. Control flow,
// call-outs, yields, barriers and ops that use Y6-Y15 as scratch see an
// empty second level: it is written back and emptied before them
// (hiFlush, and writeBack plus flush, which include it), so labels and
// resume points (joins.go, loops.go, yield.go) deal with the first level
// only. The Go code that call-outs and yields return to clobbers
// Y16-Y31; nothing is kept there across them.

const (
	hiFirst = amd64.Y16
	hiLen   = 16
)

// useEVEX turns the second level on (CLGO_HOST_EVEX=0 keeps it off);
// tests switch it to compile both ways. It is decided at the first
// compile, not at start-up (amd64's CPU probe is lazy).
var (
	evexOnce sync.Once
	useEVEX  bool
)

func evexOn() bool {
	evexOnce.Do(func() { useEVEX = amd64.HasAVX512VL() && config.Get(config.HostEVEX) != "0" })
	return useEVEX
}

// SetEVEX turns the use of Y16-Y31 on (where the CPU has them) or off
// for code compiled afterwards, returning the previous setting: for
// tests and A/B timings of the same process.
func SetEVEX(on bool) (was bool) {
	was = evexOn()
	useEVEX = on && amd64.HasAVX512VL()
	return was
}

// findHi is the second-level register holding half h of v, if any.
func (c *regCache) findHi(v lanes.Value, h int) (int, bool) {
	k := keyOf(v, h)
	for j, x := range c.hi {
		if x == k {
			return j, true
		}
	}
	return 0, false
}

// findEither is the register of either level holding half h of v, for
// a move out of it (ld, ld64).
func (g *gen) findEither(v lanes.Value, h int) (amd64.Y, bool) {
	if r, ok := g.cache.find(v, h); ok {
		return r, true
	}
	if j, ok := g.cache.findHi(v, h); ok {
		return hiFirst + amd64.Y(j), true
	}
	return 0, false
}

// dropHiKey forgets key k in the second level (a newer copy is in the
// first).
func (c *regCache) dropHiKey(k cacheKey) {
	for j, x := range c.hi {
		if x == k {
			c.hi[j] = noKey
			c.hiDirty[j] = false
		}
	}
}

// evict frees first-level entry i for a new key: its value moves to the
// second level if that is on and the value is live, else it is written
// back (spill). The caller overwrites the entry's key.
func (g *gen) evict(i int) {
	c := &g.cache
	k := c.key[i]
	if !g.evex || k == noKey || g.dead(lanes.Value(k/2)) {
		g.spill(i)
		return
	}
	if !g.hiDirtyOK {
		g.spill(i) // see hiDirtyOK
	}
	c.dropHiKey(k)
	j := g.hiVictim()
	g.spillHi(j)
	c.hi[j], c.hiDirty[j] = k, c.dirty[i]
	g.a.VMOVDQU(hiFirst+amd64.Y(j), cacheFirst+amd64.Y(i))
	c.dirty[i] = false
}

// hiVictim is the second-level register a new entry goes into: an empty
// one, else one whose value is dead, else the one read latest (clean
// before dirty on ties), never g.hiPin.
func (g *gen) hiVictim() int {
	c := &g.cache
	best, bestScore := -1, int64(-1)
	for j, x := range c.hi {
		if j == g.hiPin {
			continue
		}
		var score int64
		switch {
		case x == noKey:
			score = math.MaxInt64
		case g.dead(lanes.Value(x / 2)):
			score = math.MaxInt64 - 1
		default:
			score = int64(g.nextRead(lanes.Value(x/2))) * 2
			if !c.hiDirty[j] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = j, score
		}
	}
	return best
}

// spillHi writes second-level entry j back to its slot if it is dirty
// and live, and marks it clean.
func (g *gen) spillHi(j int) {
	c := &g.cache
	if c.hi[j] == noKey || !c.hiDirty[j] {
		return
	}
	c.hiDirty[j] = false
	g.storeEntry(c.hi[j], hiFirst+amd64.Y(j))
}

// writeBackHi writes every dirty live second-level entry back; the
// entries stay, clean.
func (g *gen) writeBackHi() {
	for j := range g.cache.hi {
		g.spillHi(j)
	}
}

// hiFlush writes the second level back and empties it: before code that
// must not find values there (see above).
func (g *gen) hiFlush() {
	if !g.evex {
		return
	}
	g.writeBackHi()
	g.cache.flushHi()
}

// promote moves half h of v from the second level up into the first,
// dirty if it was.
func (g *gen) promote(v lanes.Value, h int) {
	c := &g.cache
	j, ok := c.findHi(v, h)
	if !ok {
		return
	}
	dirty := c.hiDirty[j]
	c.hi[j], c.hiDirty[j] = noKey, false
	g.hiPin = j // its register is read below: no eviction into it
	g.keep(v, h, hiFirst+amd64.Y(j), dirty)
	g.hiPin = -1
}

// hiPrepare readies the second level for cache-safe op o (see above).
func (g *gen) hiPrepare(o *lanes.Op) {
	if !g.evex {
		return
	}
	c := &g.cache
	if !g.deferring {
		g.writeBackHi()
	}
	if g.directAnyReg(o) {
		g.hiDirtyOK = g.deferring
		return // it reads and writes either level (direct.go)
	}
	ops := [4]lanes.Value{o.A, o.B, o.C, o.M}
	for _, v := range ops {
		if v == lanes.NoValue || int(v) >= len(g.p.Values) {
			continue
		}
		g.promote(v, 0)
		g.promote(v, 1)
	}
	// An operand evicted again by another's promotion (all the first
	// level read by o) is read from its slot: make that current.
	for j, k := range c.hi {
		if k != noKey && c.hiDirty[j] && reads(o, lanes.Value(k/2)) {
			g.spillHi(j)
		}
	}
	g.hiDirtyOK = g.deferring
	if d := o.Dst; d != lanes.NoValue && int(d) < len(g.p.Values) {
		lo, hi := g.slotSpan(d)
		for j, k := range c.hi {
			if k == noKey {
				continue
			}
			// An operand still here is clean, so its slot is current;
			// the other values sharing the Dst's slot are dead.
			u := lanes.Value(k / 2)
			if ulo, uhi := g.slotSpan(u); u == d || !reads(o, u) && ulo < hi && lo < uhi {
				c.hi[j], c.hiDirty[j] = noKey, false
			}
		}
	}
}
