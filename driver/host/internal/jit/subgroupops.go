package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/groupop"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// The Subgroup ops that have native code where a sub-group meets
// (subgroupmeet.go): votes, elect and ballot; broadcasts and shuffles of
// 32-bit values; reductions and scans of 32-bit integers (add, mul, min,
// max, bitwise) and floats (add, mul, min, max). Each is
// lanes/subgroupeval.go's formula over the sub-group's 32 lanes, lane by
// lane in order. The others (64-bit values, clustered reductions,
// AllEqual, logical ops, 8- and 16-bit integers) leave their sync to the
// runner.

// Group operations (Imm2's low byte; lanes' subgroup.go).
const (
	sgReduce    = int64(spirv.GroupOperationReduce)
	sgInclusive = int64(spirv.GroupOperationInclusiveScan)
	sgExclusive = int64(spirv.GroupOperationExclusiveScan)
)

// sgNative reports whether Subgroup op o has native code.
func sgNative(p *lanes.Program, o *lanes.Op) bool {
	if o.Dst == lanes.NoValue || !sgFour(p, o.Dst) {
		return false
	}
	word := o.Kind == lanes.I32 || o.Kind == lanes.F32
	switch op := spirv.Op(o.Imm); op {
	case spirv.OpGroupNonUniformElect:
		return true
	case spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformBallot:
		return sgFour(p, o.A)
	case spirv.OpGroupNonUniformBroadcastFirst:
		return word && sgFour(p, o.A)
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown:
		return word && sgFour(p, o.A) && sgFour(p, o.B)
	default:
		gop, width := o.Imm2&0xff, o.Imm2>>16&0xff
		if width != 32 || (gop != sgReduce && gop != sgInclusive && gop != sgExclusive) || !sgFour(p, o.A) {
			return false
		}
		if _, ok := groupop.New(op, 32); !ok {
			return false
		}
		if o.Kind == lanes.F32 {
			return sgFloatOp(op)
		}
		return o.Kind == lanes.I32 && sgIntOp(op)
	}
}

func sgFloatOp(op spirv.Op) bool {
	switch op {
	case spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformFMin, spirv.OpGroupNonUniformFMax:
		return true
	}
	return false
}

func sgIntOp(op spirv.Op) bool {
	switch op {
	case spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformSMin,
		spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformUMax,
		spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseXor:
		return true
	}
	return false
}

// emitSubgroupNative computes Subgroup op o (sgNative) over the lanes of
// the chunks taking part.
func (g *gen) emitSubgroupNative(o *lanes.Op, stride int32) {
	a := &g.a
	g.sgActivity(o, stride)
	switch op := spirv.Op(o.Imm); op {
	case spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformBallot:
		g.emitSubgroupVote(o, op, stride)
		return
	}
	if o.A != lanes.NoValue {
		g.sgGather(sgARow, o.A, stride)
	}
	if o.B != lanes.NoValue {
		g.sgGather(sgBRow, o.B, stride)
	}
	aL, outL := sgScratchAt(sgARow), sgScratchAt(sgOutRow)
	switch op := spirv.Op(o.Imm); op {
	case spirv.OpGroupNonUniformElect:
		a.MOVLimm(amd64.RDX, 0xffffffff)
		g.sgLaneLoop(func() {
			a.MOVLstore(outL, amd64.RDX)
			a.XORL(amd64.RDX, amd64.RDX)
		})
		g.sgScatter(o, stride, false)
	case spirv.OpGroupNonUniformBroadcastFirst:
		// R11: the first active lane, -1 until the loop meets it.
		a.MOVQimm(amd64.R11, -1)
		g.sgLaneLoop(func() {
			have := a.NewLabel()
			a.TESTQ(amd64.R11, amd64.R11)
			a.Jcc(amd64.CondNS, have)
			a.MOVQ(amd64.R11, sgLane)
			a.Bind(have)
			a.MOVLload(amd64.RDX, amd64.MI(rCtx, amd64.R11, 4, offImgScratch+sgARow*4))
			a.MOVLstore(outL, amd64.RDX)
		})
		g.sgScatter(o, stride, false)
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown:
		g.sgLaneLoop(func() {
			own, store := a.NewLabel(), a.NewLabel()
			// RAX: the lane read, as a 64-bit number (outside the
			// sub-group, below 0 included, the lane keeps its own).
			a.MOVLload(amd64.RAX, sgScratchAt(sgBRow))
			switch op {
			case spirv.OpGroupNonUniformShuffleXor:
				a.XORQ(amd64.RAX, sgLane)
			case spirv.OpGroupNonUniformShuffleUp:
				a.MOVQ(amd64.RDX, sgLane)
				a.SUBQ(amd64.RDX, amd64.RAX)
				a.MOVQ(amd64.RAX, amd64.RDX)
			case spirv.OpGroupNonUniformShuffleDown:
				a.ADDQ(amd64.RAX, sgLane)
			}
			a.CMPQimm(amd64.RAX, lanes.SubgroupSize)
			a.Jcc(amd64.CondAE, own)
			a.CMPLmemImm(amd64.MI(rCtx, amd64.RAX, 4, offImgScratch+sgActRow*4), 0)
			a.Jcc(amd64.CondE, own)
			a.MOVLload(amd64.RDX, amd64.MI(rCtx, amd64.RAX, 4, offImgScratch+sgARow*4))
			a.JMP(store)
			a.Bind(own)
			a.MOVLload(amd64.RDX, aL)
			a.Bind(store)
			a.MOVLstore(outL, amd64.RDX)
		})
		g.sgScatter(o, stride, false)
	default:
		g.emitSubgroupArith(o, op, stride)
	}
}

// emitSubgroupVote computes Any, All (EDX: all ones or zero) and Ballot
// (EDX: the active lanes' nonzero bits) a chunk row at a time: no lane
// loop, no branch on the lanes' values (GROMACS's nbnxm kernels vote with
// sub_group_any in their inner loops).
func (g *gen) emitSubgroupVote(o *lanes.Op, op spirv.Op, stride int32) {
	a := &g.a
	uniform := g.p.Values[o.A].Shape == lanes.Uniform
	decided := a.NewLabel()
	switch op {
	case spirv.OpGroupNonUniformAll:
		a.MOVLimm(amd64.RDX, 0xffffffff)
	default:
		a.XORL(amd64.RDX, amd64.RDX)
	}
	a.VPXOR(amd64.Y2, amd64.Y2, amd64.Y2)
	for j := range int32(sgChunks) {
		skip := a.NewLabel()
		a.TESTLimm(sgIn, 1<<j)
		a.Jcc(amd64.CondE, skip)
		if uniform {
			a.VPBROADCASTDload(amd64.Y1, g.sgRow(o.A, j, stride))
		} else {
			a.VMOVDQUload(amd64.Y1, g.sgRow(o.A, j, stride))
		}
		a.VPCMPEQD(amd64.Y1, amd64.Y1, amd64.Y2) // the lanes that are 0
		a.VMOVDQUload(amd64.Y0, sgScratch(sgActRow, j*chunk))
		switch op {
		case spirv.OpGroupNonUniformAll:
			a.VPTEST(amd64.Y1, amd64.Y0) // an active lane that is 0?
			a.Jcc(amd64.CondE, skip)
			a.XORL(amd64.RDX, amd64.RDX)
			a.JMP(decided)
		case spirv.OpGroupNonUniformAny:
			a.VPANDN(amd64.Y1, amd64.Y1, amd64.Y0) // active and not 0
			a.VPTEST(amd64.Y1, amd64.Y1)
			a.Jcc(amd64.CondE, skip)
			a.MOVLimm(amd64.RDX, 0xffffffff)
			a.JMP(decided)
		default:
			a.VPANDN(amd64.Y1, amd64.Y1, amd64.Y0)
			a.VMOVMSKPS(amd64.RAX, amd64.Y1)
			if j > 0 {
				a.SHLLimm(amd64.RAX, uint8(j*chunk))
			}
			a.ORL(amd64.RDX, amd64.RAX)
		}
		a.Bind(skip)
	}
	a.Bind(decided)
	g.sgScatter(o, stride, true)
}

// emitSubgroupArith computes a reduction or scan: the left fold from the
// identity over the active lanes in order (groupop's Combine; the float
// ones as one SSE operation each: a float32 sum or product rounded once
// is what groupop's double one rounded to float gives, NaNs included, and
// min and max never see a NaN accumulator, as the fold starts from an
// infinity and keeps the accumulator where the lane is a NaN).
func (g *gen) emitSubgroupArith(o *lanes.Op, op spirv.Op, stride int32) {
	a := &g.a
	c, _ := groupop.New(op, 32) // sgNative checked it
	gop := o.Imm2 & 0xff
	aL, outL := sgScratchAt(sgARow), sgScratchAt(sgOutRow)
	float := o.Kind == lanes.F32
	a.MOVLimm(amd64.RDX, uint32(c.Identity()))
	if float {
		a.VMOVDfromR(amd64.Y0, amd64.RDX)
	}
	g.sgLaneLoop(func() {
		if float {
			a.VMOVDload(amd64.Y1, aL)
			if gop == sgExclusive {
				a.VMOVDstore(outL, amd64.Y0)
			}
			switch op {
			case spirv.OpGroupNonUniformFAdd:
				a.VADDPS(amd64.Y0, amd64.Y0, amd64.Y1)
			case spirv.OpGroupNonUniformFMul:
				a.VMULPS(amd64.Y0, amd64.Y0, amd64.Y1)
			case spirv.OpGroupNonUniformFMin:
				a.VMINPS(amd64.Y0, amd64.Y1, amd64.Y0) // lane < acc ? lane : acc
			case spirv.OpGroupNonUniformFMax:
				a.VMAXPS(amd64.Y0, amd64.Y1, amd64.Y0)
			}
			if gop == sgInclusive {
				a.VMOVDstore(outL, amd64.Y0)
			}
			return
		}
		a.MOVLload(amd64.RAX, aL)
		if gop == sgExclusive {
			a.MOVLstore(outL, amd64.RDX)
		}
		switch op {
		case spirv.OpGroupNonUniformIAdd:
			a.ADDL(amd64.RDX, amd64.RAX)
		case spirv.OpGroupNonUniformIMul:
			a.IMULL(amd64.RDX, amd64.RAX)
		case spirv.OpGroupNonUniformBitwiseAnd:
			a.ANDL(amd64.RDX, amd64.RAX)
		case spirv.OpGroupNonUniformBitwiseOr:
			a.ORL(amd64.RDX, amd64.RAX)
		case spirv.OpGroupNonUniformBitwiseXor:
			a.XORL(amd64.RDX, amd64.RAX)
		default:
			// lane < acc (min) or lane > acc (max) takes the lane.
			cond := map[spirv.Op]amd64.Cond{
				spirv.OpGroupNonUniformSMin: amd64.CondL, spirv.OpGroupNonUniformSMax: amd64.CondG,
				spirv.OpGroupNonUniformUMin: amd64.CondB, spirv.OpGroupNonUniformUMax: amd64.CondA,
			}[op]
			a.CMPL(amd64.RAX, amd64.RDX)
			a.CMOVQcc(cond, amd64.RDX, amd64.RAX)
		}
		if gop == sgInclusive {
			a.MOVLstore(outL, amd64.RDX)
		}
	})
	if gop != sgReduce {
		g.sgScatter(o, stride, false)
		return
	}
	if float {
		a.VMOVDtoR(amd64.RDX, amd64.Y0)
	}
	g.sgScatter(o, stride, true)
}
