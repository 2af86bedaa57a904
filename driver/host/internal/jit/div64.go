package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// div64 compiles the 64-bit divisions and remainders by Varying divisors
// (Uniform ones: divmagic.go) lane by lane with
// DIV and IDIV (AVX2 has no vector division of integers), every lane of
// the chunk as for any pure op. Zero divisors and -1 (whose MinInt64
// quotient faults) take the contract's results without dividing.
func (g *gen) div64(o *lanes.Op) error {
	a := &g.a
	const rA, rB = amd64.RAX, amd64.RCX
	g.eachLane64(o, rA, func() {
		done, zero, minus1 := a.NewLabel(), a.NewLabel(), a.NewLabel()
		a.TESTQ(rB, rB)
		a.Jcc(amd64.CondE, zero)
		quot := o.Code == lanes.UDiv || o.Code == lanes.SDiv
		switch o.Code {
		case lanes.UDiv, lanes.UMod:
			a.XORL(amd64.RDX, amd64.RDX)
			a.DIVQ(rB)
		default:
			a.CMPQimm(rB, -1)
			a.Jcc(amd64.CondE, minus1)
			a.CQO()
			a.IDIVQ(rB)
		}
		if !quot {
			a.MOVQ(rA, amd64.RDX)
		}
		if o.Code == lanes.SMod {
			// A remainder whose sign differs from b's gets b added.
			a.TESTQ(rA, rA)
			a.Jcc(amd64.CondE, done)
			a.MOVQ(amd64.RDX, rA)
			a.XORQ(amd64.RDX, rB)
			a.Jcc(amd64.CondNS, done)
			a.ADDQ(rA, rB)
		}
		a.JMP(done)
		a.Bind(minus1)
		if o.Code == lanes.SDiv {
			a.NEGQ(rA)
			a.JMP(done)
		}
		a.Bind(zero)
		a.XORL(rA, rA)
		a.Bind(done)
	})
	return nil
}

// mulHi64 compiles UMulHi and SMulHi of 64-bit values lane by lane: the
// high half of MUL's (IMUL's) 128-bit product in RDX.
func (g *gen) mulHi64(o *lanes.Op) error {
	g.eachLane64(o, amd64.RDX, func() {
		if o.Code == lanes.UMulHi {
			g.a.MULQ(amd64.RCX)
		} else {
			g.a.IMULQwide(amd64.RCX)
		}
	})
	return nil
}

// eachLane64 compiles a 64-bit op lane by lane in scalar registers: for
// every lane of the chunk (one where Dst is Uniform), A in RAX and B in
// RCX, then body, then the lane of Dst from result. Uniform operands are
// read once, before any lane of Dst is written (their slots may be
// Dst's), into R8 and R9.
func (g *gen) eachLane64(o *lanes.Op, result amd64.R, body func()) {
	a := &g.a
	const uA, uB = amd64.R8, amd64.R9
	ua, ub := g.shape(o.A) == lanes.Uniform, g.shape(o.B) == lanes.Uniform
	if ua {
		a.MOVQload(uA, g.slot(o.A, 0))
	}
	if ub {
		a.MOVQload(uB, g.slot(o.B, 0))
	}
	n := int32(chunk)
	if g.shape(o.Dst) == lanes.Uniform {
		n = 1
	}
	for i := int32(0); i < n; i++ {
		if ua {
			a.MOVQ(amd64.RAX, uA)
		} else {
			a.MOVQload(amd64.RAX, g.slot(o.A, 8*i))
		}
		if ub {
			a.MOVQ(amd64.RCX, uB)
		} else {
			a.MOVQload(amd64.RCX, g.slot(o.B, 8*i))
		}
		body()
		a.MOVQstore(g.slot(o.Dst, 8*i), result)
	}
}
