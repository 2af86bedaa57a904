package lanes

import (
	"math"
	"math/bits"
	"slices"
	"sort"
)

// closure answers whether a range of blocks is closed (closedRange,
// closedTail) with range queries instead of scans of the range's
// predecessors and of every loop: findConverged asks for every construct
// and every block, and on kernels of tens of thousands of blocks (gpuowl,
// hashcat) the scans were blocks × loops.
type closure struct {
	n int
	// loopHead marks the loops' headers.
	loopHead []bool
	// The least and greatest predecessor of each block (MaxInt and -1
	// for none), by block.
	minPred, maxPred *rangeTable
	// The loops by head with their merges, and by merge with their heads.
	heads, mergesByHead  []int
	merges, headsByMerge []int
	maxMerge, minHead    *rangeTable
}

// newClosureOf is the closure of a function's blocks with edges preds
// and loops [head, merge).
func newClosureOf(preds [][]int, loops []span) *closure {
	n := len(preds)
	c := &closure{n: n, loopHead: make([]bool, n)}
	lo, hi := make([]int, n), make([]int, n)
	for k, ps := range preds {
		lo[k], hi[k] = math.MaxInt, -1
		for _, p := range ps {
			lo[k], hi[k] = min(lo[k], p), max(hi[k], p)
		}
	}
	c.minPred, c.maxPred = newRangeTable(lo, false), newRangeTable(hi, true)
	type hm struct{ head, merge int }
	var ls []hm
	for _, l := range loops {
		ls = append(ls, hm{l.head, l.merge})
		c.loopHead[l.head] = true
	}
	slices.SortFunc(ls, func(x, y hm) int { return x.head - y.head })
	for _, l := range ls {
		c.heads, c.mergesByHead = append(c.heads, l.head), append(c.mergesByHead, l.merge)
	}
	slices.SortStableFunc(ls, func(x, y hm) int { return x.merge - y.merge })
	for _, l := range ls {
		c.merges, c.headsByMerge = append(c.merges, l.merge), append(c.headsByMerge, l.head)
	}
	c.maxMerge, c.minHead = newRangeTable(c.mergesByHead, true), newRangeTable(c.headsByMerge, false)
	return c
}

// predsWithin reports whether blocks [i, j) take edges only from blocks
// [lo, hi).
func (c *closure) predsWithin(i, j, lo, hi int) bool {
	if m, ok := c.minPred.query(i, j); ok && m < lo {
		return false
	}
	if m, ok := c.maxPred.query(i, j); ok && m >= hi {
		return false
	}
	return true
}

// loopLeaves reports whether a loop with its head in (a, b) has its
// merge past limit.
func (c *closure) loopLeaves(a, b, limit int) bool {
	i := sort.SearchInts(c.heads, a+1)
	j := sort.SearchInts(c.heads, b)
	m, ok := c.maxMerge.query(i, j)
	return ok && m > limit
}

// loopEnters reports whether a loop with its merge in (a, b] has its
// head before limit.
func (c *closure) loopEnters(a, b, limit int) bool {
	i := sort.SearchInts(c.merges, a+1)
	j := sort.SearchInts(c.merges, b+1)
	h, ok := c.minHead.query(i, j)
	return ok && h < limit
}

// closedRange reports whether blocks (head, merge] take edges only from
// blocks [head, merge), and every loop is inside the range or outside it.
func (c *closure) closedRange(head, merge int) bool {
	return c.predsWithin(head+1, min(merge, c.n-1)+1, head, merge) &&
		!c.loopLeaves(head, merge, merge) && !c.loopEnters(head, merge, head)
}

// closedTail reports whether blocks (h, e) take edges only from blocks
// [h, e), and no loop starts at h, starts in the region and ends past
// it, or starts before it and ends inside it (a loop ending at e holds
// the region).
func (c *closure) closedTail(h, e int) bool {
	if c.loopHead[h] {
		// Its blocks after the loop would run under the last
		// iteration's lanes.
		return false
	}
	return c.predsWithin(h+1, e, h, e) &&
		!c.loopLeaves(h, e, e) && !c.loopEnters(h, e-1, h)
}

// rangeTable answers the least or greatest element of a range of a
// fixed slice in constant time (a sparse table: rows[k][i] is the
// extreme of xs[i : i+2^k]). The elements are block indices and the
// sentinels MaxInt and -1, kept as int32 (MaxInt as MaxInt32): the
// tables of a function of a few hundred thousand blocks held tens of
// megabytes.
type rangeTable struct {
	rows [][]int32
	max  bool
}

func newRangeTable(xs []int, greatest bool) *rangeTable {
	row0 := make([]int32, len(xs))
	for i, x := range xs {
		row0[i] = int32(min(max(x, math.MinInt32), math.MaxInt32))
	}
	t := &rangeTable{rows: [][]int32{row0}, max: greatest}
	for w := 1; 2*w <= len(xs); w *= 2 {
		prev := t.rows[len(t.rows)-1]
		row := make([]int32, len(prev)-w)
		for i := range row {
			row[i] = t.pick(prev[i], prev[i+w])
		}
		t.rows = append(t.rows, row)
	}
	return t
}

func (t *rangeTable) pick(a, b int32) int32 {
	if t.max == (a > b) {
		return a
	}
	return b
}

// query returns the extreme of xs[i:j] (MaxInt32 for MaxInt), or false
// for an empty range.
func (t *rangeTable) query(i, j int) (int, bool) {
	if i >= j {
		return 0, false
	}
	k := bits.Len(uint(j-i)) - 1
	return int(t.pick(t.rows[k][i], t.rows[k][j-1<<k])), true
}
