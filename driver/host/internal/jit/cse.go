package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Common subexpressions between labels: a pure op equal to an earlier one
// (same code, kinds, operands and immediates, no operand written since)
// whose result is still in the register cache is a copy of that register.
// The lane program recomputes, for example, the same Index for every
// array an index addresses.

type cseKey struct {
	code      lanes.Code
	kind, dk  lanes.Kind
	shape     lanes.Shape
	a, b, c   lanes.Value
	imm, imm2 int64
}

// pure reports whether o's result depends on its operands and immediates
// only, and its code is cache-safe (so that a copy from the cache can
// stand for it).
func (g *gen) pure(o *lanes.Op) bool {
	if g.callsOut(o) {
		return false // a call-out is not reused or moved (callout.go)
	}
	switch o.Code {
	case lanes.Nop, lanes.Label, lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny, lanes.Barrier,
		lanes.SubgroupSync, lanes.Subgroup,
		lanes.Exit, lanes.Unreachable, lanes.Load, lanes.Store, lanes.Atomic, lanes.RegionLength,
		lanes.LocalID, lanes.LocalIndex, lanes.GroupID, lanes.GlobalID, lanes.NumGroups,
		lanes.WorkgroupSize, lanes.LiveLanes:
		return false
	}
	return o.Dst != lanes.NoValue
}

func (g *gen) cseKeyOf(o *lanes.Op) cseKey {
	vi := g.p.Values[o.Dst]
	return cseKey{o.Code, o.Kind, vi.Kind, vi.Shape, o.A, o.B, o.C, o.Imm, o.Imm2}
}

// cseTable maps pure ops (by cseKey) to the value that holds their
// result, with an index of the keys by the values they name, so that
// writing a value forgets its entries without a scan of the table: a
// straight run of thousands of ops (ethminer's search) made the scan
// quadratic.
type cseTable struct {
	m     map[cseKey]lanes.Value
	users map[lanes.Value][]cseKey // keys that named a value (some since dropped)
	// peak is the most entries m or users held since they were made.
	peak int
}

// bigTable is the entries past which clear makes new maps: clearing a
// map costs its capacity, not its length, so one long straight run made
// every later label pay for it (0.2 s on hashcat's m20011_init).
const bigTable = 64

func newCSETable() *cseTable {
	return &cseTable{m: map[cseKey]lanes.Value{}, users: map[lanes.Value][]cseKey{}}
}

// get returns the value holding k's result.
func (t *cseTable) get(k cseKey) (lanes.Value, bool) {
	d, ok := t.m[k]
	return d, ok
}

// put records that d holds k's result.
func (t *cseTable) put(k cseKey, d lanes.Value) {
	t.m[k] = d
	t.users[d] = append(t.users[d], k)
	for _, v := range [3]lanes.Value{k.a, k.b, k.c} {
		if v != d && v != lanes.NoValue {
			t.users[v] = append(t.users[v], k)
		}
	}
	t.peak = max(t.peak, len(t.m), len(t.users))
}

// clear forgets everything (a label, or code that may write any value).
func (t *cseTable) clear() {
	if t.peak > bigTable {
		*t = *newCSETable()
		return
	}
	clear(t.m)
	clear(t.users)
}

// forget drops the entries that read or give v.
func (t *cseTable) forget(v lanes.Value) {
	for _, k := range t.users[v] {
		if d, ok := t.m[k]; ok && (d == v || k.a == v || k.b == v || k.c == v) {
			delete(t.m, k)
		}
	}
	delete(t.users, v)
}

// cseForget drops the entries that read or give v (v is being written).
func (g *gen) cseForget(v lanes.Value) { g.cse.forget(v) }

// cseCopy emits o as a copy of an earlier equal op's cached result, if
// there is one.
func (g *gen) cseCopy(o *lanes.Op) bool {
	prev, ok := g.cse.get(g.cseKeyOf(o))
	if !ok {
		return false
	}
	wide := g.kind(o.Dst).Bytes() == 8
	r0, ok0 := g.cache.find(prev, 0)
	r1, ok1 := g.cache.find(prev, 1)
	if g.shape(prev) == lanes.Uniform {
		r1, ok1 = r0, ok0 // one half kept, as ld64 reads it
	}
	if !ok0 || wide && !ok1 {
		return false
	}
	if wide {
		g.a.VMOVDQU(0, r0)
		g.a.VMOVDQU(1, r1)
		g.st64(o.Dst, 0, 1)
	} else {
		g.a.VMOVDQU(0, r0)
		g.st(o.Dst, 0)
	}
	return true
}
