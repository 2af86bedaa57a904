package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Uniform compare-and-branch. A loop test on Uniform values (`s > 0`,
// `i < n`) is a compare whose Dst, a Uniform mask, only the next op, a
// JumpIfNone or JumpIfAny, reads. Compiled op by op it is a vector
// compare, a store of the mask to its slot (the jump writes the frame
// back first), a compare of the slot with zero and the jump. Fused, it is
// one scalar compare of the operands' lane 0 (from a cache register when
// the register cache holds them, else from the slot) and a conditional
// jump on the flags: the mask is never made, and its slot stays as it
// was, which nothing reads.

// cmpJumpCond is the x86 condition under which integer compare c of A
// and B (cmp A, B) holds.
var cmpJumpCond = map[lanes.Code]amd64.Cond{
	lanes.Eq:  amd64.CondE,
	lanes.Ne:  amd64.CondNE,
	lanes.ULt: amd64.CondB,
	lanes.ULe: amd64.CondBE,
	lanes.SLt: amd64.CondL,
	lanes.SLe: amd64.CondLE,
}

// negate is the condition that holds exactly when c does not (x86 codes
// come in pairs that differ in the low bit).
func negate(c amd64.Cond) amd64.Cond { return c ^ 1 }

// mirror is the condition that holds for (B, A) where c holds for (A, B).
func mirror(c amd64.Cond) amd64.Cond {
	switch c {
	case amd64.CondB:
		return amd64.CondA
	case amd64.CondBE:
		return amd64.CondAE
	case amd64.CondL:
		return amd64.CondG
	case amd64.CondLE:
		return amd64.CondGE
	}
	return c // E, NE
}

// cmpJumpAt reports whether op i and the op after it are a fusable
// Uniform compare and the conditional jump that is its Dst's only reader.
func (g *gen) cmpJumpAt(i int) bool {
	ops := g.p.Ops
	if i+1 >= len(ops) {
		return false
	}
	o, j := &ops[i], &ops[i+1]
	if _, ok := cmpJumpCond[o.Code]; !ok || (o.Kind != lanes.I32 && o.Kind != lanes.I64) {
		return false
	}
	if j.Code != lanes.JumpIfNone && j.Code != lanes.JumpIfAny {
		return false
	}
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue || o.B == lanes.NoValue || j.A != o.Dst {
		return false
	}
	if g.shape(o.Dst) != lanes.Uniform || g.shape(o.A) != lanes.Uniform || g.shape(o.B) != lanes.Uniform {
		return false
	}
	if g.group.def[i+1] {
		return false
	}
	r := g.direct.reads[o.Dst]
	return len(r) == 1 && int(r[0]) == i+1
}

// emitCmpJump compiles the compare at op i and its jump at op i+1
// (cmpJumpAt), keeping the cache and write-back rules of a jump: the
// frame is up to date before it, the loop pins of its target are fixed
// up between the compare and the jump (fixPins leaves the flags alone),
// a back edge counts against the budget, and the cache state is noted as
// a way into the target.
func (g *gen) emitCmpJump(i int) {
	a := &g.a
	o, j := &g.p.Ops[i], &g.p.Ops[i+1]
	g.op = i
	g.opStart[i] = a.Len()
	// The mask is not made: no cache entry or common subexpression may
	// stand for it.
	g.cache.drop(o.Dst)
	g.cseForget(o.Dst)
	g.caching, g.deferring = false, false
	g.writeBack()
	wide := o.Kind == lanes.I64
	x, y, cond := o.A, o.B, cmpJumpCond[o.Code]
	if _, ok := g.cmpImm(x, wide); ok {
		// A constant first operand (`s > 0` is 0 < s): compare the
		// other with it as an immediate, the condition mirrored.
		x, y, cond = y, x, mirror(cond)
	}
	g.uniformToR(amd64.RAX, x, wide)
	if imm, ok := g.cmpImm(y, wide); ok {
		if wide {
			a.CMPQimm(amd64.RAX, imm)
		} else {
			a.CMPLimm(amd64.RAX, imm)
		}
	} else {
		g.uniformToR(amd64.RCX, y, wide)
		if wide {
			a.CMPQ(amd64.RAX, amd64.RCX)
		} else {
			a.CMPL(amd64.RAX, amd64.RCX)
		}
	}
	if j.Code == lanes.JumpIfNone {
		cond = negate(cond)
	}
	g.op = i + 1
	g.opStart[i+1] = a.Len()
	g.fixPins(j.Imm) // leaves the flags alone
	if g.backEdge(j.Imm) {
		stay := a.NewLabel()
		a.Jcc(negate(cond), stay)
		g.countBackEdge(j.Imm)
		a.JMP(g.labels[j.Imm])
		a.Bind(stay)
	} else {
		a.Jcc(cond, g.labels[j.Imm])
	}
	g.noteJump(j.Imm)
	g.joins.dead = false
	if l := g.loops.endAt[i+1]; l != nil {
		g.loopEnd(l)
	}
}

// uniformToR loads lane 0 of Uniform value v (32 or 64 bits) into r: from
// its cache register if it has one, else from its slot.
func (g *gen) uniformToR(r amd64.R, v lanes.Value, wide bool) {
	a := &g.a
	y, ok := g.cache.find(v, 0)
	switch {
	case ok && wide:
		a.VMOVQtoR(r, y)
	case ok:
		a.VMOVDtoR(r, y)
	case wide:
		a.MOVQload(r, g.slot(v, 0))
	default:
		a.MOVLload(r, g.slot(v, 0))
	}
}

// cmpImm is constant v as a compare's immediate (sign-extended to 64
// bits in a wide compare), if it is a constant that fits.
func (g *gen) cmpImm(v lanes.Value, wide bool) (int32, bool) {
	vi := &g.p.Values[v]
	if !vi.Const {
		return 0, false
	}
	if !wide {
		return int32(uint32(vi.Bits)), true
	}
	x := int64(vi.Bits)
	return int32(x), int64(int32(x)) == x
}
