package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// atomic compiles Atomic: after the bounds check of every active lane,
// each lane in lane order does its read-modify-write (XADD, XCHG,
// CMPXCHG, or a CMPXCHG loop for the rest; locked on buffers), its old
// value going to its lane of Dst. Registers as mem.go's,
// with R10 the operand B and R11 the new value of a CMPXCHG loop. An
// add, sub, inc or dec whose old value no op reads (atomic_inc on a
// histogram's bins) is one memory-destination ADD or SUB a lane, with
// nothing stored to Dst (resultUnread).
func (g *gen) atomic(o *lanes.Op) error {
	ac, err := g.access(o)
	if err != nil {
		return err
	}
	if o.Kind != lanes.I32 && o.Kind != lanes.I64 {
		return errUnsupported("atomic on a non-integer")
	}
	if o.Dst != lanes.NoValue && g.shape(o.Dst) != lanes.Varying {
		return errUnsupported("atomic into a Uniform value")
	}
	a := &g.a
	wide := o.Kind == lanes.I64
	op := lanes.AtomicOp(o.Imm2)
	// Only buffers are shared with other goroutines' groups: Workgroup
	// and Private memory belong to this runner, so their read-modify-
	// writes need no LOCK (nor XCHG's implied one).
	shared := g.p.Regions[ac.r].Kind == lanes.RegionBuffer
	lock := func() {
		if shared {
			a.LOCK()
		}
	}
	end := a.NewLabel()
	g.ld(yOff, o.A)
	g.mask(yMask, o.M)
	a.VMOVMSKPS(rBits, yMask)
	a.TESTL(rBits, rBits)
	a.Jcc(amd64.CondE, end)
	g.checkVector(ac)
	const rB, rNew = amd64.R10, amd64.R11
	laneVal := func(r amd64.R, v lanes.Value, i int32) {
		if g.shape(v) == lanes.Uniform {
			i = 0
		}
		if wide {
			a.MOVQload(r, g.slot(v, 8*i))
		} else {
			a.MOVLload(r, g.slot(v, 4*i))
		}
	}
	unread := g.resultUnread(o)
	var bad error
	g.eachLane(func(i int32) {
		g.laneOff(o.A, i)
		m := g.laneMem(ac, i)
		if o.B != lanes.NoValue {
			laneVal(rB, o.B, i)
		}
		if unread && g.rmwNoResult(op, m, rB, wide, lock) {
			return
		}
		switch op {
		case lanes.AtomicLoad:
			if wide {
				a.MOVQload(rVal, m)
			} else {
				a.MOVLload(rVal, m)
			}
		case lanes.AtomicStore, lanes.AtomicXchg:
			switch {
			case shared && wide:
				a.XCHGQmem(m, rB)
			case shared:
				a.XCHGLmem(m, rB)
			case wide:
				a.MOVQload(rNew, m)
				a.MOVQstore(m, rB)
				a.MOVQ(rB, rNew)
			default:
				a.MOVLload(rNew, m)
				a.MOVLstore(m, rB)
				a.MOVQ(rB, rNew)
			}
			a.MOVQ(rVal, rB)
		case lanes.AtomicAdd, lanes.AtomicSub, lanes.AtomicInc, lanes.AtomicDec:
			switch op {
			case lanes.AtomicSub:
				a.NEGQ(rB)
			case lanes.AtomicInc:
				a.MOVQimm(rB, 1)
			case lanes.AtomicDec:
				a.MOVQimm(rB, -1)
			}
			lock()
			if wide {
				a.XADDQmem(m, rB)
			} else {
				a.XADDLmem(m, rB)
			}
			a.MOVQ(rVal, rB)
		case lanes.AtomicCmpXchg:
			laneVal(rVal, o.C, i)
			lock()
			if wide {
				a.CMPXCHGQmem(m, rB)
			} else {
				a.CMPXCHGLmem(m, rB)
			}
		case lanes.AtomicAnd, lanes.AtomicOr, lanes.AtomicXor, lanes.AtomicUMin,
			lanes.AtomicUMax, lanes.AtomicSMin, lanes.AtomicSMax:
			if wide {
				a.MOVQload(rVal, m)
			} else {
				a.MOVLload(rVal, m)
			}
			retry := a.NewLabel()
			a.Bind(retry)
			a.MOVQ(rNew, rVal)
			switch op {
			case lanes.AtomicAnd:
				a.ANDQ(rNew, rB)
			case lanes.AtomicOr:
				a.ORQ(rNew, rB)
			case lanes.AtomicXor:
				a.XORQ(rNew, rB)
			default:
				// new = b where b is below (above) old.
				if wide {
					a.CMPQ(rB, rVal)
				} else {
					a.CMPL(rB, rVal)
				}
				cond := map[lanes.AtomicOp]amd64.Cond{lanes.AtomicUMin: amd64.CondB, lanes.AtomicUMax: amd64.CondA,
					lanes.AtomicSMin: amd64.CondL, lanes.AtomicSMax: amd64.CondG}[op]
				a.CMOVQcc(cond, rNew, rB)
			}
			lock()
			if wide {
				a.CMPXCHGQmem(m, rNew)
			} else {
				a.CMPXCHGLmem(m, rNew)
			}
			a.Jcc(amd64.CondNE, retry)
		default:
			bad = errUnsupported("unknown atomic sub-operation")
		}
		if o.Dst != lanes.NoValue {
			g.putLane(o.Dst, i)
		}
	})
	a.Bind(end)
	return bad
}
