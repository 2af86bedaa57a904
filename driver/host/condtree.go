package host

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// Range-decided branches. A bounds test such as x < width && y < height,
// or x == 0 || x == w - 1, compares affine indices (affine.go) with uniform
// values. An affine value lies between its smallest and largest lane's,
// which its factors give, and a comparison is monotone in it, so the whole
// work-group's outcome is often known from the ends of the range alone.
// When a branch's condition is a tree of OpLogicalAnd, OpLogicalOr and
// OpLogicalNot over such comparisons, every node hoisted and used only by
// its parent, the nodes do not run in the prologue: the branch evaluates
// the tree on ranges, and only when that leaves some lane undecided runs
// the nodes' code (all lanes, as the prologue would) and branches per lane.
// When a prologue faulted, the nodes run in place and the branch reads the
// condition's row, as without this.

// cond is a node of a range-decided condition.
type cond struct {
	op   spirv.Op
	kids []*cond
	// A comparison: the affine operand's first row, the uniform one's
	// slot, which side the affine one is on, and whether it compares as
	// signed.
	aff, uni int
	affLeft  bool
	signed   bool
}

// condTree is a branch's condition: its root and the hoisted code of its
// nodes, in prologue order.
type condTree struct {
	root *cond
	code []func(*state)
}

// deferCond returns the range-decided form of a branch condition id, or
// nil, and moves its nodes' code out of the prologue.
func (p *prep) deferCond(id uint32) *condTree {
	if p.defs == nil || p.lanes < 2 || !p.on(optCondTree) {
		return nil
	}
	var at [][2]int
	var leaves []uint32
	var build func(id uint32) *cond
	build = func(id uint32) *cond {
		in := p.defs[id]
		loc, hoisted := p.proAt[id]
		if in == nil || !hoisted || p.uses[id] != 1 {
			return nil
		}
		a := in.args
		c := &cond{op: in.op}
		switch in.op {
		case spirv.OpLogicalAnd, spirv.OpLogicalOr:
			if len(a) < 2 {
				return nil
			}
			for _, x := range a[:2] {
				k := build(x)
				if k == nil {
					return nil
				}
				c.kids = append(c.kids, k)
			}
		case spirv.OpLogicalNot:
			if len(a) < 1 {
				return nil
			}
			k := build(a[0])
			if k == nil {
				return nil
			}
			c.kids = []*cond{k}
		case spirv.OpIEqual, spirv.OpINotEqual, spirv.OpSLessThan, spirv.OpSLessThanEqual, spirv.OpSGreaterThan,
			spirv.OpSGreaterThanEqual, spirv.OpULessThan, spirv.OpULessThanEqual, spirv.OpUGreaterThan,
			spirv.OpUGreaterThanEqual:
			if len(a) < 2 {
				return nil
			}
			switch {
			case p.affine(a[0]) && !p.uniform(a[0]) && p.uniform(a[1]):
				c.affLeft = true
				c.aff, c.uni = p.rowAt(a[0])*p.lanes, p.rowAt(a[1])*p.lanes
			case p.affine(a[1]) && !p.uniform(a[1]) && p.uniform(a[0]):
				c.aff, c.uni = p.rowAt(a[1])*p.lanes, p.rowAt(a[0])*p.lanes
			default:
				return nil
			}
			leaves = append(leaves, id)
			switch in.op {
			case spirv.OpSLessThan, spirv.OpSLessThanEqual, spirv.OpSGreaterThan, spirv.OpSGreaterThanEqual:
				c.signed = true
			}
		default:
			return nil
		}
		at = append(at, loc)
		if p.live != nil {
			p.live.outside[id] = true // runs at the branch, not in the prologue (liverows.go)
		}
		return c
	}
	root := build(id)
	if root == nil {
		return nil
	}
	t := &condTree{root: root}
	// Nodes come before their parents in the prologue; keep that order.
	for lvl := range p.k.pro {
		for i := range p.k.pro[lvl] {
			for _, l := range at {
				if l == [2]int{lvl, i} {
					t.code = append(t.code, p.k.pro[lvl][i].run)
					p.k.pro[lvl][i].run = func(*state) {}
				}
			}
		}
	}
	return t
}

// Outcomes of a condition over a work-group.
const (
	condMixed int8 = iota - 1
	condFalse
	condTrue
)

// eval decides c for every lane of the group, or says condMixed.
func (c *cond) eval(s *state) int8 {
	switch c.op {
	case spirv.OpLogicalAnd, spirv.OpLogicalOr:
		x, y := c.kids[0].eval(s), c.kids[1].eval(s)
		short := condFalse // decides an And
		if c.op == spirv.OpLogicalOr {
			short = condTrue
		}
		switch {
		case x == short || y == short:
			return short
		case x == condMixed || y == condMixed:
			return condMixed
		}
		return x // both the other value
	case spirv.OpLogicalNot:
		if x := c.kids[0].eval(s); x != condMixed {
			return 1 - x
		}
		return condMixed
	}
	lo, hi, ok := s.affineRange(c.aff, c.signed)
	if !ok {
		return condMixed
	}
	v := int64(uint32(s.r[c.uni]))
	if c.signed {
		v = int64(int32(uint32(s.r[c.uni])))
	}
	at := func(x int64) bool {
		a, b := x, v
		if !c.affLeft {
			a, b = v, x
		}
		switch c.op {
		case spirv.OpIEqual:
			return a == b
		case spirv.OpINotEqual:
			return a != b
		case spirv.OpSLessThan, spirv.OpULessThan:
			return a < b
		case spirv.OpSLessThanEqual, spirv.OpULessThanEqual:
			return a <= b
		case spirv.OpSGreaterThan, spirv.OpUGreaterThan:
			return a > b
		}
		return a >= b
	}
	switch c.op {
	case spirv.OpIEqual, spirv.OpINotEqual:
		// Equality is decided when v is outside the range, or the range
		// is the one value v.
		if v >= lo && v <= hi && lo != hi {
			return condMixed
		}
	default:
		if at(lo) != at(hi) {
			return condMixed
		}
	}
	if at(lo) {
		return condTrue
	}
	return condFalse
}

// affineRange returns the smallest and largest value over the lanes of
// the affine row at off, as signed or unsigned 32-bit integers, or false
// when the range wraps.
func (s *state) affineRange(off int, signed bool) (lo, hi int64, ok bool) {
	local := s.k.dims
	first := [4]int{1, local[0], local[0] * local[1], local[0] * local[1] * local[2]}
	x := s.r[off : off+s.lanes]
	x0 := uint32(x[0])
	lo = int64(x0)
	if signed {
		lo = int64(int32(x0))
	}
	hi = lo
	for d := range 4 {
		if local[d] == 1 {
			continue
		}
		c := int64(int32(uint32(x[first[d]]) - x0))
		if c >= 0 {
			hi += c * int64(local[d]-1)
		} else {
			lo += c * int64(local[d]-1)
		}
	}
	if signed {
		return lo, hi, lo >= math.MinInt32 && hi <= math.MaxInt32
	}
	return lo, hi, lo >= 0 && hi <= math.MaxUint32
}
