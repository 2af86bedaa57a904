package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Values that are the same for every chunk of a work-group (group ids,
// the number of groups, push constants and POD arguments at constant
// offsets, buffer lengths, and Uniform arithmetic over them and constants) are computed
// once per group instead of once per chunk: one amd64.Call runs a whole
// group, so their ops run in a prologue before the first chunk, into a
// group area of the first chunk's frame (after the slots and private
// areas) that every chunk reads through rGroup; the ops themselves emit
// nothing in the body. Each such value has one op writing it, placed
// before every op that reads it, and is never an operand the runner
// reads from the frame to describe a trap (memory offsets and masks).

// rGroup holds the first frame's address: the group area's base. The code
// uses it for nothing else, and Call lets the code clobber it.
const rGroup = amd64.RBX

// groupInfo is what the code generator knows of group-invariant values.
type groupInfo struct {
	slot map[lanes.Value]int32 // a group value's slot in the group area
	def  []bool                // per op: it defines a group value
}

// groupSource reports whether op o computes a value that is the same for
// every chunk of a group from nothing but the dispatch, constants and
// values in inv.
func (g *gen) groupSource(o *lanes.Op, inv map[lanes.Value]int32) bool {
	if o.Dst == lanes.NoValue || g.shape(o.Dst) != lanes.Uniform || g.p.Values[o.Dst].Const {
		return false
	}
	isInv := func(v lanes.Value) bool {
		if v == lanes.NoValue {
			return true
		}
		if g.p.Values[v].Const {
			return true
		}
		_, ok := inv[v]
		return ok
	}
	switch o.Code {
	case lanes.GroupID, lanes.NumGroups, lanes.WorkgroupSize, lanes.RegionLength:
		return true
	case lanes.Load:
		// A push constant at a constant offset within the block, or a
		// POD argument (a buffer the driver fills and nothing writes,
		// lanes.Region.ArgInvSize) within the bytes the driver binds:
		// it cannot trap, so it may run whatever the op's mask.
		if o.Imm < 0 || int(o.Imm) >= len(g.p.Regions) || !g.p.Values[o.A].Const {
			return false
		}
		rg := g.p.Regions[o.Imm]
		size := rg.Size
		switch {
		case rg.Kind == lanes.RegionPush:
		case rg.Kind == lanes.RegionBuffer && rg.ArgInvSize > 0:
			size = rg.ArgInvSize
		default:
			return false
		}
		off := g.p.Values[o.A].Bits
		return o.Imm2 > 0 && off+uint64(o.Imm2) <= uint64(size)
	}
	if !g.pure(o) {
		return false
	}
	return isInv(o.A) && isInv(o.B) && isInv(o.C)
}

// analyzeGroup finds the group values and gives them slots in a group
// area after the frame's other contents.
func (g *gen) analyzeGroup() {
	ops := g.p.Ops
	n := len(g.p.Values)
	writes := make([]int, n)
	firstRead := make([]int, n)
	for i := range firstRead {
		firstRead[i] = len(ops)
	}
	// Operands the runner reads from the frame to describe a trap.
	pinnedToFrame := make([]bool, n)
	for i := range ops {
		o := &ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v != lanes.NoValue && int(v) < n {
				firstRead[v] = min(firstRead[v], i)
			}
		}
		if o.Dst != lanes.NoValue && int(o.Dst) < n {
			writes[o.Dst]++
		}
		switch o.Code {
		case lanes.Load, lanes.Store, lanes.Atomic, lanes.Unreachable:
			for _, v := range [2]lanes.Value{o.A, o.M} {
				if v != lanes.NoValue && int(v) < n {
					pinnedToFrame[v] = true
				}
			}
		case lanes.Subgroup:
			// The runner reads them from the frames (subgroup.go).
			for _, v := range [3]lanes.Value{o.A, o.B, o.M} {
				if v != lanes.NoValue && int(v) < n {
					pinnedToFrame[v] = true
				}
			}
		}
	}
	inv := map[lanes.Value]int32{}
	def := make([]bool, len(ops))
	off := int32(g.frameSize+7) &^ 7
	for i := range ops {
		o := &ops[i]
		v := o.Dst
		if v == lanes.NoValue || int(v) >= n || writes[v] != 1 || firstRead[v] < i || pinnedToFrame[v] || g.calls[i] {
			continue
		}
		if !g.groupSource(o, inv) {
			continue
		}
		inv[v] = off
		off += 8
		def[i] = true
	}
	g.group = groupInfo{slot: inv, def: def}
	off = g.analyzeGlobalIDs(off)   // builtins.go
	off = g.analyzeRegionTable(off) // regiontab.go
	off = g.analyzeDivMemos(off)    // divmagic.go
	if g.hasGroupArea() {
		g.frameSize = int(off+31) &^ 31
	}
}

// hasGroupArea reports whether the code reads a group area through
// rGroup: group values, the global ids' group vectors (builtins.go), the
// region table's copy (regiontab.go) or divisions' memos (divmagic.go).
func (g *gen) hasGroupArea() bool {
	return len(g.group.slot) > 0 || len(g.gid.vecs) > 0 || g.regTab != 0 || len(g.divMemo) > 0
}

// groupSlot is v's slot in the group area, if v is a group value.
func (g *gen) groupSlot(v lanes.Value) (int32, bool) {
	off, ok := g.group.slot[v]
	return off, ok
}

// emitGroupPrologue computes the group values into the group area, once
// per call (per group), before the first chunk runs.
func (g *gen) emitGroupPrologue() error {
	if !g.hasGroupArea() {
		return nil
	}
	g.a.MOVQload(rGroup, amd64.M(rCtx, offFrame0))
	g.emitRegionTable() // regiontab.go: before the group values' loads
	g.clearDivMemos()   // divmagic.go
	g.caching, g.deferring = false, false
	for i := range g.p.Ops {
		if !g.group.def[i] {
			continue
		}
		g.op = i
		o := g.p.Ops[i]
		// The prologue runs before any chunk: a push-constant load runs
		// under the first chunk's live lanes rather than a mask the
		// body computes (it cannot trap, and its result is Uniform).
		o.M = lanes.NoValue
		if err := g.emit(&o); err != nil {
			if e, ok := err.(errUnsupported); ok {
				return unsupported(g.p, i, "%s", string(e))
			}
			return unsupported(g.p, i, "%v", err)
		}
	}
	g.emitGIDVectors() // builtins.go
	g.cache.flush()
	return nil
}
