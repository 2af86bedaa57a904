package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// resultUnread reports whether no op of the program reads the old value
// an Atomic returns (its Dst), so its code need not keep it: the lane
// program's operands are A, B, C and M, which analyzeReads indexes.
func (g *gen) resultUnread(o *lanes.Op) bool {
	if o.Dst == lanes.NoValue {
		return true
	}
	return int(o.Dst) < len(g.direct.reads) && len(g.direct.reads[o.Dst]) == 0
}

// rmwNoResult emits one lane's add, sub, inc or dec of memory m whose
// old value is not needed: ADD or SUB to memory (LOCKed by lock where
// the memory is shared), instead of XADD and the copy of the old value
// to Dst's lane. rB holds the lane's operand B (add, sub). It reports
// false, emitting nothing, for the other sub-operations.
func (g *gen) rmwNoResult(op lanes.AtomicOp, m amd64.Mem, rB amd64.R, wide bool, lock func()) bool {
	a := &g.a
	switch op {
	case lanes.AtomicInc, lanes.AtomicDec:
		d := int32(1)
		if op == lanes.AtomicDec {
			d = -1
		}
		lock()
		if wide {
			a.ADDQmemImm(m, d)
		} else {
			a.ADDLmemImm(m, d)
		}
	case lanes.AtomicAdd:
		lock()
		if wide {
			a.ADDQstore(m, rB)
		} else {
			a.ADDLstore(m, rB)
		}
	case lanes.AtomicSub:
		lock()
		if wide {
			a.SUBQstore(m, rB)
		} else {
			a.SUBLstore(m, rB)
		}
	default:
		return false
	}
	return true
}
