package jit

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The arm64 back end (docs/hosttier.md, "arm64: NEON code"): the lane
// program compiled to A64 code with Advanced SIMD, run by the same runner
// as the x86-64 code (runner.go), with the same ctx, frame layout,
// statuses, call-outs, yields and barriers. It is the frame model of the
// x86-64 code without its caches: every op loads its operands from the
// chunk's frame into v registers (a chunk's 8 lanes of 32 bits are two q
// registers, of 64 bits four), computes and stores its result. Ops it
// has no code for are call-outs, exactly as on x86-64.
//
// Registers with a fixed job, loaded from ctx at the entry and stored
// back on every exit (nexit):
const (
	nCtx      = arm64.X0 // the ctx
	nFrame    = arm64.X1 // the chunk's frame
	nChunk    = arm64.X2 // the chunk's chunkInfo
	nChunkIdx = arm64.X3 // the chunk's index in the group
	nBudget   = arm64.X4 // backward jumps left before a yield (yield.go)
	// X5-X15 and X17 are scratch; X16 is at's address register.
	nAddr = arm64.X16
)

// Vector registers by job: an op's operands A, B, C (four each: up to
// four q registers of a 64-bit Varying value), its result D, scratch T1
// to T3, and K for constants.
const (
	vA  arm64.V = 0
	vB  arm64.V = 4
	vC  arm64.V = 8
	vD  arm64.V = 12
	vT1 arm64.V = 16
	vT2 arm64.V = 20
	vT3 arm64.V = 24
	vK  arm64.V = 28
)

// errNoNEON is an emitter's answer for a form it has no code for: the op
// becomes a call-out.
var errNoNEON = errors.New("no NEON code for this form")

// ngen is the state of one NEON compilation.
type ngen struct {
	a         arm64.Assembler
	p         *lanes.Program
	lay       frameLayout
	labels    []arm64.Label
	resumes   []arm64.Label
	labelAt   map[int64]int
	stubs     []nstub
	yields    []nyield
	resume    arm64.Label
	nextChunk arm64.Label
	calls     []bool
	nCalls    int
	op        int
	opStart   []int
	bodyOff   int
	// forms: the values' forms in the lane (lanes.Forms), made on first use.
	forms []lanes.Form
	// syncs: the program has SubgroupSync ops (subgroup.go: the runner
	// schedules the passes over the chunks).
	syncs bool
	// partial: the group's last chunk has lanes outside the group, so
	// lane loops look at the live lanes too.
	partial bool
}

type nstub struct {
	l  arm64.Label
	op int
}

type nyield struct {
	l      arm64.Label
	target int64
}

// neonProgramOK reports why p cannot run as NEON code at all, or nil.
func neonProgramOK(p *lanes.Program) error {
	if p.Chunk != chunk {
		return fmt.Errorf("jit: program built for chunks of %d lanes, native code runs %d: %w", p.Chunk, chunk, lanes.ErrUnsupported)
	}
	return nil
}

// generateNEON emits the A64 code of p, calling out the ops it has no
// code for (every op of the same form at once, as generate does).
func generateNEON(p *lanes.Program) (*ngen, []byte, error) {
	if err := neonProgramOK(p); err != nil {
		return nil, nil, err
	}
	calls := make([]bool, len(p.Ops))
	var force func(lanes.Op) bool
	if f := forceCallout.Load(); f != nil {
		force = *f
	}
	for i := range p.Ops {
		o := &p.Ops[i]
		calls[i] = canCallOut(o) && (goOnly(o) || force != nil && force(*o))
	}
	for {
		g, code, err := generateNEONWith(p, calls)
		var oe *opError
		if err == nil || !errors.As(err, &oe) || oe.op < 0 || oe.op >= len(p.Ops) ||
			calls[oe.op] || !canCallOut(&p.Ops[oe.op]) {
			if err == nil && force == nil {
				if i := loopCallout(p, calls); i >= 0 {
					return nil, nil, fmt.Errorf("jit: op %d (%v) would be a call-out inside a loop, slower than the Go executor: %w", i, p.Ops[i].Code, lanes.ErrUnsupported)
				}
			}
			return g, code, err
		}
		f := opFormOf(p, &p.Ops[oe.op])
		calls[oe.op] = true
		for i := range p.Ops {
			if !calls[i] && canCallOut(&p.Ops[i]) && opFormOf(p, &p.Ops[i]) == f {
				calls[i] = true
			}
		}
	}
}

// loopCallout is the first call-out inside a loop of p (between a label
// and a backward jump to it), or -1. NEON code refuses such programs: a
// call-out leaves the code, evaluates the op over one chunk of 8 lanes
// in Go and comes back, once per round, where the Go executor runs the
// whole program on chunks of 64 lanes (docs/hosttier.md measures both
// under qemu: a loop around sin, a call-out, ran 1.4x slower as NEON
// code than on the Go executor, while loops without call-outs ran 2.3x
// faster). Call-outs in straight-line code cost one exit per chunk and
// stay.
func loopCallout(p *lanes.Program, calls []bool) int {
	labelAt := map[int64]int{}
	for i, o := range p.Ops {
		if o.Code == lanes.Label {
			labelAt[o.Imm] = i
		}
	}
	first := -1
	for j, o := range p.Ops {
		switch o.Code {
		case lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny:
		default:
			continue
		}
		i, ok := labelAt[o.Imm]
		if !ok || i > j {
			continue
		}
		for k := i; k < j; k++ {
			if calls[k] && (first < 0 || k < first) {
				first = k
				break
			}
		}
	}
	return first
}

// generateNEONWith emits p's code with the ops calls marks as call-outs.
func generateNEONWith(p *lanes.Program, calls []bool) (*ngen, []byte, error) {
	g := &ngen{p: p, calls: calls, lay: layoutFrame(p)}
	g.partial = (p.Local[0]*p.Local[1]*p.Local[2])%chunk != 0
	g.syncs = lanes.SubgroupSyncs(p)
	for _, c := range calls {
		if c {
			g.nCalls++
		}
	}
	a := &g.a
	g.labels = make([]arm64.Label, p.Labels)
	for i := range g.labels {
		g.labels[i] = a.NewLabel()
	}
	g.labelAt = map[int64]int{}
	for i, o := range p.Ops {
		if o.Code == lanes.Label {
			g.labelAt[o.Imm] = i
		}
	}
	g.resumes = make([]arm64.Label, p.Barriers)
	for i := range g.resumes {
		g.resumes[i] = a.NewLabel()
	}
	g.nextChunk = a.NewLabel()
	dispatch := a.NewLabel()
	g.resume = a.NewLabel()
	// The entry: the chunk registers, then a call-out's resume point or a
	// yield's, else the first chunk (or, with barriers, the dispatch).
	g.ldX(nFrame, nCtx, offFrame)
	g.ldX(nChunk, nCtx, offChunk)
	g.ldX(nChunkIdx, nCtx, offChunkIdx)
	g.ldX(nBudget, nCtx, offBudget)
	if g.nCalls > 0 {
		fresh := a.NewLabel()
		g.ldX(arm64.X9, nCtx, offCallResume)
		a.CBZ(arm64.X9, false, fresh)
		g.stX(arm64.ZR, nCtx, offCallResume)
		a.BR(arm64.X9)
		a.Bind(fresh)
	}
	g.ldX(arm64.X9, nCtx, offResumeAt)
	a.CBNZFar(arm64.X9, false, g.resume)
	if p.Barriers > 0 {
		a.B(dispatch)
	}
	body := a.NewLabel()
	a.Bind(body)
	g.bodyOff = a.Len()
	g.opStart = make([]int, len(p.Ops))
	for i := 0; i < len(p.Ops); i++ {
		g.op = i
		g.opStart[i] = a.Len()
		if g.calls[i] {
			end := i + 1
			for end < len(p.Ops) && g.calls[end] {
				end++
			}
			g.calloutExit(i, end)
			for k := i + 1; k < end; k++ {
				g.opStart[k] = a.Len()
			}
			i = end - 1
			continue
		}
		if err := g.emit(&p.Ops[i]); err != nil {
			if errors.Is(err, errNoNEON) {
				return nil, nil, unsupported(p, i, "%v", err)
			}
			return nil, nil, err
		}
	}
	g.op = len(p.Ops)
	g.emitExit()
	g.emitChunkLoop(body, dispatch)
	if len(g.stubs) > 0 {
		trapExit := a.NewLabel()
		for _, s := range g.stubs {
			a.Bind(s.l)
			a.MOVimm(arm64.X9, uint64(s.op))
			g.stX(arm64.X9, nCtx, offTrapOp)
			a.B(trapExit)
		}
		a.Bind(trapExit)
		g.exit(statusTrap)
	}
	g.emitYields()
	code, err := a.Finish()
	if err != nil {
		return nil, nil, fmt.Errorf("jit: %v: %w", err, lanes.ErrUnsupported)
	}
	return g, code, nil
}

// at makes base+off addressable by an access of 1<<size bytes at offsets
// off to off+span: base itself where the immediate reaches, else X16 set
// to base+off.
func (g *ngen) at(base arm64.Reg, off int64, size uint32, span int64) (arm64.Reg, int64) {
	if arm64.Fits(off, size) && arm64.Fits(off+span, size) {
		return base, off
	}
	g.addr(nAddr, base, off)
	return nAddr, 0
}

// addr sets d = base + off.
func (g *ngen) addr(d, base arm64.Reg, off int64) {
	if off >= 0 && off < 1<<24 {
		g.a.ADDimm(d, base, off, false)
		return
	}
	g.a.MOVimm(nAddr, uint64(off))
	g.a.ADD(d, base, nAddr, false)
}

func (g *ngen) ldX(t, base arm64.Reg, off int32) {
	b, o := g.at(base, int64(off), arm64.Dword, 0)
	g.a.LDR(t, b, o, arm64.Dword)
}

func (g *ngen) stX(t, base arm64.Reg, off int32) {
	b, o := g.at(base, int64(off), arm64.Dword, 0)
	g.a.STR(t, b, o, arm64.Dword)
}

// ld and st access 1<<size bytes at base+off through GP register t.
func (g *ngen) ld(t, base arm64.Reg, off int64, size uint32) {
	b, o := g.at(base, off, size, 0)
	g.a.LDR(t, b, o, size)
}

func (g *ngen) st(t, base arm64.Reg, off int64, size uint32) {
	b, o := g.at(base, off, size, 0)
	g.a.STR(t, b, o, size)
}

// exit stores the chunk registers and the status and returns to Go.
func (g *ngen) exit(status int32) {
	a := &g.a
	g.stX(nFrame, nCtx, offFrame)
	g.stX(nChunk, nCtx, offChunk)
	g.stX(nChunkIdx, nCtx, offChunkIdx)
	g.stX(nBudget, nCtx, offBudget)
	a.MOVimm(arm64.X9, uint64(status))
	g.stX(arm64.X9, nCtx, offStatus)
	a.RET()
}

// trap branches to a new trap stub of the current op if c holds.
func (g *ngen) trapIf(c arm64.Cond) {
	l := g.a.NewLabel()
	g.stubs = append(g.stubs, nstub{l: l, op: g.op})
	g.a.BcondFar(c, l)
}

// trapAlways branches to a new trap stub of the current op.
func (g *ngen) trapAlways() {
	l := g.a.NewLabel()
	g.stubs = append(g.stubs, nstub{l: l, op: g.op})
	g.a.B(l)
}

// calloutExit leaves for the call-out of ops [i, end) (callout.go) and
// binds the resume point after it.
func (g *ngen) calloutExit(i, end int) {
	a := &g.a
	resume := a.NewLabel()
	a.AddrOf(arm64.X9, resume)
	g.stX(arm64.X9, nCtx, offCallResume)
	a.MOVimm(arm64.X9, uint64(i))
	g.stX(arm64.X9, nCtx, offCallOp)
	a.MOVimm(arm64.X9, uint64(end))
	g.stX(arm64.X9, nCtx, offCallEnd)
	g.exit(statusCall)
	a.Bind(resume)
}

// emitExit ends the chunk (barrier.go's emitExit).
func (g *ngen) emitExit() {
	a := &g.a
	if g.p.Barriers > 0 {
		a.AddrOf(arm64.X9, g.nextChunk)
		g.stX(arm64.X9, nFrame, g.lay.resumeOff)
	}
	a.B(g.nextChunk)
}

// emitBarrier compiles Barrier k (barrier.go's emitBarrier).
func (g *ngen) emitBarrier(k int) {
	a := &g.a
	a.AddrOf(arm64.X9, g.resumes[k])
	g.stX(arm64.X9, nFrame, g.lay.resumeOff)
	a.MOVimm(arm64.X9, 1)
	g.stX(arm64.X9, nCtx, offRan)
	a.B(g.nextChunk)
	a.Bind(g.resumes[k])
}

// emitChunkLoop is barrier.go's emitChunkLoop: the step to the next
// chunk, the passes over the chunks of a program with barriers, and the
// resume points' reset at the group's end.
func (g *ngen) emitChunkLoop(body, dispatch arm64.Label) {
	a := &g.a
	p := g.p
	a.Bind(g.nextChunk)
	stride := frameStride(p, g.lay.frameSize)
	if stride != 0 {
		g.addr(nFrame, nFrame, int64(stride))
	}
	g.addr(nChunk, nChunk, int64(sizeChunkInfo))
	a.ADDimm(nChunkIdx, nChunkIdx, 1, false)
	a.MOVimm(arm64.X9, uint64(numChunks(p)))
	a.CMP(nChunkIdx, arm64.X9, false)
	if p.Barriers == 0 {
		a.BcondFar(arm64.LO, body)
		g.exit(statusExit)
		return
	}
	endPass := a.NewLabel()
	a.BcondFar(arm64.HS, endPass)
	a.Bind(dispatch)
	g.ldX(arm64.X9, nFrame, g.lay.resumeOff)
	a.BR(arm64.X9)
	a.Bind(endPass)
	if g.syncs {
		// The runner decides on the next pass (subgroup.go).
		g.stX(arm64.ZR, nCtx, offRan)
		g.exit(statusPass)
		return
	}
	done := a.NewLabel()
	g.ldX(arm64.X9, nCtx, offRan)
	a.CBZ(arm64.X9, false, done)
	g.stX(arm64.ZR, nCtx, offRan)
	a.MOVimm(nChunkIdx, 0)
	g.ldX(nFrame, nCtx, offFrame0)
	g.ldX(nChunk, nCtx, offChunk0)
	a.B(dispatch)
	a.Bind(done)
	g.ldX(nFrame, nCtx, offFrame0)
	a.AddrOf(arm64.X9, body)
	a.MOVimm(arm64.X10, uint64(numChunks(p)))
	reset := a.NewLabel()
	a.Bind(reset)
	g.stX(arm64.X9, nFrame, g.lay.resumeOff)
	g.addr(nFrame, nFrame, int64(stride))
	a.SUBSimm(arm64.X10, arm64.X10, 1, false)
	a.Bcond(arm64.NE, reset)
	g.exit(statusExit)
}

// backEdge reports whether a jump to label l from the current op goes back.
func (g *ngen) backEdge(l int64) bool {
	at, ok := g.labelAt[l]
	return ok && at <= g.op
}

// countBackEdge takes one from the budget and yields at zero (yield.go).
func (g *ngen) countBackEdge(l int64) {
	g.a.SUBSimm(nBudget, nBudget, 1, false)
	g.a.BcondFar(arm64.LE, g.yieldStub(l))
}

func (g *ngen) yieldStub(l int64) arm64.Label {
	for _, y := range g.yields {
		if y.target == l {
			return y.l
		}
	}
	y := nyield{l: g.a.NewLabel(), target: l}
	g.yields = append(g.yields, y)
	return y.l
}

// emitYields emits the yield exits and the resume dispatch (yield.go).
func (g *ngen) emitYields() {
	a := &g.a
	for _, y := range g.yields {
		a.Bind(y.l)
		a.MOVimm(arm64.X9, uint64(y.target+1))
		g.stX(arm64.X9, nCtx, offResumeAt)
		g.exit(statusYield)
	}
	a.Bind(g.resume)
	g.ldX(arm64.X9, nCtx, offResumeAt)
	g.stX(arm64.ZR, nCtx, offResumeAt)
	for _, y := range g.yields {
		a.MOVimm(arm64.X10, uint64(y.target+1))
		a.CMP(arm64.X9, arm64.X10, false)
		a.BcondFar(arm64.EQ, g.labels[y.target])
	}
	a.UDF() // no other resume points
}

// Values.

func (g *ngen) vi(v lanes.Value) lanes.ValueInfo { return g.p.Values[v] }

func (g *ngen) uniform(v lanes.Value) bool { return g.p.Values[v].Shape == lanes.Uniform }

func wide(k lanes.Kind) bool { return k == lanes.I64 || k == lanes.F64 }

// nregs is the q registers value v takes: one for a Uniform value (its
// lane 0 is what counts), else 2 of a 32-bit kind, 4 of a 64-bit one.
func (g *ngen) nregs(v lanes.Value) int {
	vi := g.vi(v)
	if vi.Shape == lanes.Uniform {
		return 1
	}
	if wide(vi.Kind) {
		return 4
	}
	return 2
}

// vload loads n q registers from r on with value v: a Varying one's
// q registers in lane order, a Uniform one broadcast to every lane of
// each (as 64-bit elements where d2).
func (g *ngen) vload(r arm64.V, v lanes.Value, n int, d2 bool) {
	a := &g.a
	vi := g.vi(v)
	if vi.Shape == lanes.Uniform {
		g.addr(nAddr, nFrame, int64(vi.Slot))
		arr := arm64.S4
		if d2 {
			arr = arm64.D2
		}
		a.LD1R(arr, r, nAddr)
		for i := 1; i < n; i++ {
			a.Vop3(arm64.VORR, arm64.S4, r+arm64.V(i), r, r)
		}
		return
	}
	b, o := g.at(nFrame, int64(vi.Slot), 4, int64(16*(n-1)))
	for i := range n {
		a.LDRQ(r+arm64.V(i), b, o+int64(16*i))
	}
}

// vstore stores value v from its nregs(v) q registers at r (a Uniform
// one: lane 0, 4 or 8 bytes).
func (g *ngen) vstore(v lanes.Value, r arm64.V) {
	a := &g.a
	vi := g.vi(v)
	if vi.Shape == lanes.Uniform {
		if wide(vi.Kind) {
			b, o := g.at(nFrame, int64(vi.Slot), 3, 0)
			a.STRD(r, b, o)
			return
		}
		b, o := g.at(nFrame, int64(vi.Slot), 2, 0)
		a.STRS(r, b, o)
		return
	}
	n := g.nregs(v)
	b, o := g.at(nFrame, int64(vi.Slot), 4, int64(16*(n-1)))
	for i := range n {
		a.STRQ(r+arm64.V(i), b, o+int64(16*i))
	}
}

// konst sets every lane of r to c (32-bit lanes, or 64-bit where d2).
func (g *ngen) konst(r arm64.V, c uint64, d2 bool) {
	g.a.MOVimm(arm64.X9, c)
	if d2 {
		g.a.DUP(arm64.D2, r, arm64.X9)
		return
	}
	g.a.DUP(arm64.S4, r, arm64.X9)
}

// emit compiles one op (not a call-out).
func (g *ngen) emit(o *lanes.Op) error {
	a := &g.a
	switch o.Code {
	case lanes.Nop, lanes.Subgroup:
		return nil
	case lanes.Label:
		a.Bind(g.labels[o.Imm])
		return nil
	case lanes.Jump:
		if g.backEdge(o.Imm) {
			g.countBackEdge(o.Imm)
		}
		a.B(g.labels[o.Imm])
		return nil
	case lanes.JumpIfNone, lanes.JumpIfAny:
		g.anyLane(arm64.X9, o.A)
		any := o.Code == lanes.JumpIfAny
		if g.backEdge(o.Imm) {
			stay := a.NewLabel()
			if any {
				a.CBZ(arm64.X9, false, stay)
			} else {
				a.CBNZ(arm64.X9, false, stay)
			}
			g.countBackEdge(o.Imm)
			a.B(g.labels[o.Imm])
			a.Bind(stay)
			return nil
		}
		if any {
			a.CBNZFar(arm64.X9, false, g.labels[o.Imm])
		} else {
			a.CBZFar(arm64.X9, false, g.labels[o.Imm])
		}
		return nil
	case lanes.Barrier, lanes.SubgroupSync:
		// A SubgroupSync stops the chunk as a Barrier does; the runner
		// decides when it goes on (subgroup.go).
		if o.Imm < 0 || int(o.Imm) >= len(g.resumes) {
			return fmt.Errorf("jit: barrier number out of range: %w", lanes.ErrUnsupported)
		}
		g.emitBarrier(int(o.Imm))
		return nil
	case lanes.Exit:
		g.emitExit()
		return nil
	case lanes.Unreachable:
		if o.M == lanes.NoValue {
			g.trapAlways()
			return nil
		}
		g.anyLane(arm64.X9, o.M)
		a.CMP(arm64.X9, arm64.ZR, false)
		g.trapIf(arm64.NE)
		return nil
	case lanes.LocalID, lanes.LocalIndex, lanes.GroupID, lanes.GlobalID,
		lanes.NumGroups, lanes.WorkgroupSize, lanes.LiveLanes, lanes.RegionLength:
		return g.builtin(o)
	case lanes.Load, lanes.Store:
		return g.access(o)
	case lanes.Atomic:
		return g.atomicOp(o) // neon_mem.go
	case lanes.Index:
		return g.index(o)
	case lanes.Copy, lanes.Bitcast:
		return g.copyOp(o)
	case lanes.HalfToF, lanes.FToHalf:
		return g.half(o) // neon_ops.go
	}
	if wide(o.Kind) || o.Dst != lanes.NoValue && wide(g.vi(o.Dst).Kind) {
		return g.emit64(o)
	}
	return g.emit32(o)
}

// anyLane sets X(r) to non-zero if some lane of mask v is set (Uniform:
// its word), else zero; it uses X5-X8.
func (g *ngen) anyLane(r arm64.Reg, v lanes.Value) {
	a := &g.a
	if v == lanes.NoValue {
		a.MOVimm(r, 1) // a chunk has a live lane
		return
	}
	vi := g.vi(v)
	if vi.Shape == lanes.Uniform {
		g.ld(r, nFrame, int64(vi.Slot), arm64.Word)
		return
	}
	b, o := nFrame, int64(vi.Slot)
	if o%8 != 0 || o < -512 || o+16 > 504 {
		g.addr(nAddr, nFrame, o)
		b, o = nAddr, 0
	}
	a.LDP(arm64.X5, arm64.X6, b, o)
	a.LDP(arm64.X7, arm64.X8, b, o+16)
	a.ORR(arm64.X5, arm64.X5, arm64.X6, false)
	a.ORR(arm64.X7, arm64.X7, arm64.X8, false)
	a.ORR(r, arm64.X5, arm64.X7, false)
}

// copyOp: Copy and Bitcast (same width) move the bits, broadcasting a
// Uniform operand into a Varying result.
func (g *ngen) copyOp(o *lanes.Op) error {
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue {
		return errNoNEON
	}
	if wide(g.vi(o.A).Kind) != wide(g.vi(o.Dst).Kind) {
		return errNoNEON
	}
	if g.uniform(o.Dst) {
		size := uint32(arm64.Word)
		if wide(g.vi(o.Dst).Kind) {
			size = arm64.Dword
		}
		g.ld(arm64.X9, nFrame, int64(g.vi(o.A).Slot), size)
		g.st(arm64.X9, nFrame, int64(g.vi(o.Dst).Slot), size)
		return nil
	}
	g.vload(vD, o.A, g.nregs(o.Dst), wide(g.vi(o.Dst).Kind))
	g.vstore(o.Dst, vD)
	return nil
}

// builtin compiles the ops that read the chunk's or the group's ids.
func (g *ngen) builtin(o *lanes.Op) error {
	a := &g.a
	d := o.Imm
	if o.Code != lanes.LiveLanes && o.Code != lanes.LocalIndex && o.Code != lanes.RegionLength && (d < 0 || d > 2) {
		return errNoNEON
	}
	// A Uniform result from a 32-bit word in X9.
	word := func() {
		if g.uniform(o.Dst) {
			g.st(arm64.X9, nFrame, int64(g.vi(o.Dst).Slot), arm64.Word)
			return
		}
		a.DUP(arm64.S4, vD, arm64.X9)
		a.Vop3(arm64.VORR, arm64.S4, vD+1, vD, vD)
		g.vstore(o.Dst, vD)
	}
	// A Uniform result of a per-lane builtin (a dimension of size 1):
	// lane 0's value.
	if g.uniform(o.Dst) {
		switch o.Code {
		case lanes.LocalID, lanes.LocalIndex, lanes.LiveLanes, lanes.GlobalID:
			off := offIndex
			switch o.Code {
			case lanes.LocalID, lanes.GlobalID:
				off = offLocalID + int32(d)*4*chunk
			case lanes.LiveLanes:
				off = offLive
			}
			g.ld(arm64.X9, nChunk, int64(off), arm64.Word)
			if o.Code == lanes.GlobalID {
				g.ld(arm64.X10, nCtx, int64(offGlobalBase)+4*d, arm64.Word)
				a.ADD(arm64.X9, arm64.X9, arm64.X10, true)
			}
			word()
			return nil
		}
	}
	// A Varying result from the chunkInfo row at off.
	row := func(off int32) {
		b, ro := g.at(nChunk, int64(off), 4, 16)
		a.LDRQ(vD, b, ro)
		a.LDRQ(vD+1, b, ro+16)
	}
	switch o.Code {
	case lanes.LocalID:
		row(offLocalID + int32(d)*4*chunk)
	case lanes.LocalIndex:
		row(offIndex)
	case lanes.LiveLanes:
		row(offLive)
	case lanes.GroupID:
		g.ld(arm64.X9, nCtx, int64(offGroupID)+4*d, arm64.Word)
		word()
		return nil
	case lanes.NumGroups:
		g.ld(arm64.X9, nCtx, int64(offNumGroups)+4*d, arm64.Word)
		word()
		return nil
	case lanes.WorkgroupSize:
		a.MOVimm(arm64.X9, uint64(g.p.Local[d]))
		word()
		return nil
	case lanes.RegionLength:
		r := int(o.Imm)
		if r < 0 || r >= len(g.p.Regions) {
			return errNoNEON
		}
		switch g.p.Regions[r].Kind {
		case lanes.RegionBuffer, lanes.RegionPush:
			g.ldX(arm64.X10, nCtx, offRegions)
			g.ld(arm64.X9, arm64.X10, int64(r)*int64(sizeRegMem)+int64(offN), arm64.Word)
		case lanes.RegionWorkgroup:
			a.MOVimm(arm64.X9, uint64(g.p.Regions[r].Size))
		default:
			a.MOVimm(arm64.X9, 0)
		}
		word()
		return nil
	case lanes.GlobalID:
		row(offLocalID + int32(d)*4*chunk)
		g.addr(nAddr, nCtx, int64(offGlobalBase)+4*d)
		a.LD1R(arm64.S4, vT1, nAddr)
		a.Vop3(arm64.VADD, arm64.S4, vD, vD, vT1)
		a.Vop3(arm64.VADD, arm64.S4, vD+1, vD+1, vT1)
	}
	if g.uniform(o.Dst) {
		return errNoNEON
	}
	g.vstore(o.Dst, vD)
	return nil
}
