package jit

import (
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Registers with a fixed job in generated code.
const (
	rCtx   = amd64.RDI // the ctx
	rFrame = amd64.RSI // the chunk's frame
)

// gen is the state of one compilation.
type gen struct {
	a       amd64.Assembler
	p       *lanes.Program
	labels  []amd64.Label // lane-IR label -> code label
	resumes []amd64.Label // barrier k -> its resume point
	stubs   []stub        // trap exits, emitted after the code
	// labelAt[l] is the index of lane-IR label l's op: a jump to a label
	// at or before the jump is a loop's back edge, where the code counts
	// down its budget and may yield (yield.go).
	labelAt map[int64]int
	yields  []yieldPoint // yield exits, emitted after the code
	resume  amd64.Label  // the resume dispatch
	// privOff and privStride place region r's private areas in the
	// frame (RegionPrivate only, private.go): lane i's bytes at privOff +
	// i*privStride, or, where inter[r], word w at privOff + w*32 + i*4.
	privOff, privStride []int32
	inter               []bool
	frameSize           int // bytes of a frame, private areas included
	op                  int // the op being compiled, for stubs and errors
	cache               regCache
	cse                 *cseTable // cse.go
	// nextChunk: where Exit (and Barrier) go on to the next chunk.
	nextChunk amd64.Label
	// resumeOff is where a frame keeps its chunk's resume point in
	// programs with barriers: a code address (barrier.go).
	resumeOff int32
	bodyOff   int  // code offset of the first op's code: a fresh chunk's resume point
	caching   bool // the op being compiled leaves the cache registers alone
	// syncs: the program has SubgroupSync ops (subgroup.go).
	syncs bool
	// deferring: the op being compiled leaves its result in the cache,
	// unstored (writeback.go); runs says which values die in a run.
	deferring bool
	runs      runInfo
	opStart   []int // code offset of each op's code (Kernel.Code)
	joins     joinInfo
	loops     loopPins  // loops.go
	group     groupInfo // groupinv.go
	gid       gidInfo   // global ids from group vectors (builtins.go)
	regTab    int32     // 1 + the region table's copy's offset in the group area, 0: none (regiontab.go)
	// watchDst is the Dst of the op being compiled while it may read its
	// cache entry; dstStored: st or st64 stored it (readdst.go).
	watchDst  lanes.Value
	dstStored bool
	forms     []lanes.Form // the values' forms in the lane (affine.go), made on first use
	fuse      fuseInfo     // elided Index ops and their accesses (fuseindex.go)
	// mainLine: the op is compiled on its own, not within another's
	// paths; keptReg: the register a load's fast path fills (loadkeep.go).
	mainLine bool
	keptReg  *keptLoad
	// held: cache entries (bit i: Y6+i) of an access's operands left
	// dirty for its general path; accessOp: writeBackOperands prepared
	// the op (memwb.go).
	held     uint16
	accessOp bool
	// prefetchOps: the ops that prefetch, each its history's offset in
	// ctx (prefetch.go).
	prefetchOps     map[int]int32
	prefetchRegions map[int]bool // the regions that have a prefetching op
	// hintOps: the loads with a gather hint, each its counter's offset
	// in ctx; hintOff: the counter loadRest's gather sets (0: none)
	// (gatherhint.go).
	hintOps       map[int]int32
	hintOff       int32
	writers       [][]int32    // the ops that write each value (dataDependent)
	kept          keptRunsInfo // keptruns.go
	direct        directInfo   // direct.go
	vec           vecInfo      // vecgroup.go
	vecScratchOff int32        // frame offset of vecmem.go's scratch bytes, or -1
	vecnarrow     narrowInfo   // vecnarrow.go
	// calls marks the ops compiled as call-outs (callout.go); nCalls
	// counts them.
	calls  []bool
	nCalls int
	// imgPairs are the (image, sampler) region pairs of the samples
	// with native code, each with a samplerMem (image.go).
	imgPairs [][2]int64
	// cold: code emitted after the stubs, out of the ops' straight line
	// (interleave.go's pattern checks).
	cold []func()
	// sgHeld: the resume point of a chunk the runner holds back, set
	// where a sync's sub-group may meet in native code (subgroupmeet.go).
	sgHeld    amd64.Label
	sgHeldSet bool
	// imgaddrChanSub is the shared copy of the texChannels decoding
	// (imageconv.go), once imgaddrChanUsed.
	imgaddrChanSub  amd64.Label
	imgaddrChanUsed bool
	// evex: the register cache's second level, Y16-Y31, is on; hiPin
	// is the second-level register no eviction may take, or -1
	// (hicache.go); anyReg: the direct op being compiled may use either
	// level (direct.go).
	evex   bool
	hiPin  int
	anyReg bool
	// hiDirtyOK: an entry evicted now may enter the second level dirty
	// (the op being compiled is element-wise, hicache.go).
	hiDirtyOK bool
	// divMemo: the group-area offset of each division's memo (divmagic.go).
	divMemo map[int]int32
}

// stub is an out-of-line trap exit: it records op as the trapping op.
type stub struct {
	l  amd64.Label
	op int
}

// unsupported is Compile's error for an op or form it has no code for
// (an *opError: generate calls the op out instead).
func unsupported(p *lanes.Program, i int, format string, args ...any) error {
	o := p.Ops[i]
	return &opError{op: i, msg: fmt.Sprintf("jit: op %d (%v on %v): %s: %v", i, o.Code, o.Kind, fmt.Sprintf(format, args...), lanes.ErrUnsupported)}
}

// errUnsupported is returned by an emitter for a form it does not handle;
// compile wraps it with the op.
type errUnsupported string

func (e errUnsupported) Error() string { return string(e) }

// generateWith emits the code of p with the ops calls marks as
// call-outs, or returns an error wrapping lanes.ErrUnsupported.
func generateWith(p *lanes.Program, calls []bool) (*gen, []byte, error) {
	if p.Chunk != chunk {
		return nil, nil, fmt.Errorf("jit: program built for chunks of %d lanes, native code runs %d: %w", p.Chunk, chunk, lanes.ErrUnsupported)
	}
	g := &gen{p: p, cse: newCSETable(), watchDst: lanes.NoValue, calls: calls, syncs: lanes.SubgroupSyncs(p), evex: evexOn(), hiPin: -1}
	for _, c := range calls {
		if c {
			g.nCalls++
		}
	}
	g.layout()
	g.analyzeGroup()
	g.analyzeRuns()
	g.analyzeKeptRuns()
	g.analyzeJoins()
	g.analyzeLoops()
	g.analyzeReads()
	g.analyzeFuse()
	g.analyzeKept()
	g.reserveVecScratch() // vecmem.go
	a := &g.a
	g.labels = make([]amd64.Label, p.Labels)
	for i := range g.labels {
		g.labels[i] = a.NewLabel()
	}
	g.labelAt = map[int64]int{}
	for i, o := range p.Ops {
		if o.Code == lanes.Label {
			g.labelAt[o.Imm] = i
		}
	}
	g.resumes = make([]amd64.Label, p.Barriers)
	for i := range g.resumes {
		g.resumes[i] = a.NewLabel()
	}
	// One call runs the whole work-group. Without barriers each chunk
	// runs to its end and Exit steps on to the next. With barriers the
	// code passes over the chunks (dispatch) as the Go executor does:
	// each chunk runs from its resume point to its next Barrier or its
	// end, until a pass finds every chunk done.
	g.nextChunk = a.NewLabel()
	dispatch := a.NewLabel()
	g.loadChunkRegs() // barrier.go
	g.emitCallResumeCheck()
	if err := g.emitGroupPrologue(); err != nil {
		return nil, nil, err
	}
	// After the prologue: a resumed call needs the group's values too.
	g.emitResumeCheck()
	if p.Barriers > 0 {
		a.JMP(dispatch)
	}
	body := a.NewLabel()
	a.Bind(body)
	g.bodyOff = a.Len()
	g.cache.flush()
	g.opStart = make([]int, len(p.Ops))
	for i := 0; i < len(p.Ops); i++ {
		g.op = i
		o := &p.Ops[i]
		g.opStart[i] = a.Len()
		g.hiDirtyOK = false // until hiPrepare says otherwise
		if g.group.def[i] {
			continue // computed once per group (groupinv.go)
		}
		if g.fuse.elide[i] {
			g.elideIndex(o) // its accesses compute it (fuseindex.go)
			continue
		}
		if g.calls[i] {
			g.hiFlush()              // hicache.go
			i = g.emitCallout(i) - 1 // callout.go
			g.joins.dead = false
			continue
		}
		if j := g.selectRun(i); j > i && !g.callsIn(i, j) {
			g.hiFlush()
			if err := g.emitSelectRun(i, j); err != nil {
				if e, ok := err.(errUnsupported); ok {
					return nil, nil, unsupported(p, g.op, "%s", string(e))
				}
				return nil, nil, err
			}
			i = j - 1
			g.joins.dead = false
			continue
		}
		if r, ok := g.vecRunFrom(i); ok && !g.callsIn(i, r.end) {
			// A vector's components as one access (vecgroup.go).
			j := r.end
			g.hiFlush()
			if err := g.emitVecRun(i, r); err != nil {
				if e, ok := err.(errUnsupported); ok {
					return nil, nil, unsupported(p, g.op, "%s", string(e))
				}
				return nil, nil, err
			}
			i = j - 1
			g.joins.dead = false
			continue
		}
		if j, err := g.narrowAt(i); err != nil || j > i { // vectors of 1- and 2-byte components (vecnarrow.go)
			if err != nil {
				return nil, nil, err
			}
			i, g.joins.dead = j-1, false
			continue
		}
		if g.cmpJumpAt(i) {
			// A Uniform compare read only by the jump after it: one
			// scalar compare-and-branch (cmpjump.go).
			g.hiFlush()
			g.emitCmpJump(i)
			i++
			continue
		}
		if o.Code == lanes.Label {
			// The frame is up to date on the way in by falling through,
			// as on the jumps'; the cache keeps what all ways agree on.
			g.caching, g.deferring = false, false
			g.writeBack()
			g.cache.flushHi() // other ways in have their own
			if !g.joins.dead {
				g.fixPins(o.Imm)
			}
			if l := g.loops.startAt[i]; l != nil {
				g.loopStart(l)
			}
			if !g.enterLoopHead(o.Imm) {
				g.enterLabel(o.Imm)
			}
			g.cse.clear()
			g.joins.dead = false
			if err := g.emit(o); err != nil {
				return nil, nil, unsupported(p, i, "%v", err)
			}
			continue
		}
		safe := g.cacheSafe(o)
		// Code with paths of its own (memory ops: no active lane, vector
		// or lane by lane) must not change the cache on some paths only:
		// it reads the cache but keeps nothing.
		g.caching = safe && !branchy(o.Code)
		g.deferring = g.deferrable(o)
		if safe {
			g.hiPrepare(o) // hicache.go
		}
		if !g.deferring {
			// This op may read the frame, or control flow may leave or
			// join here: the frame must be up to date, for buffer
			// accesses only in their operands' slots (memwb.go).
			if !g.writeBackOperands(o) {
				g.writeBack()
			}
		}
		// An op whose code uses the cache registers as scratch runs with
		// the cache hidden; afterwards the entries in registers its code
		// did not name come back (scratch.go).
		var hidden regCache
		if !safe {
			hidden = g.cache
			g.cache.flush()
			a.ResetYUsed()
		} else if o.Dst != lanes.NoValue && !g.keepDstEntry(o) {
			// Dst's old value is being replaced, perhaps lane by lane
			// rather than through st, which keeps it. Operands read it
			// from its slot, which still holds it.
			g.cache.drop(o.Dst)
		}
		if o.Dst != lanes.NoValue {
			g.cseForget(o.Dst)
		}
		if !safe && !keepsAround(o.Code) {
			g.cse.clear()
		}
		var err error
		switch {
		case safe && g.caching && g.pure(o) && g.cseCopy(o):
		default:
			g.mainLine = true
			err = g.emit(o)
			g.mainLine = false
			if safe && g.caching && g.pure(o) && o.A != o.Dst && o.B != o.Dst && o.C != o.Dst {
				g.cse.put(g.cseKeyOf(o), o.Dst)
			}
		}
		g.dstWritten(o)
		g.afterAccess(o)
		if !safe {
			g.cache.flush()
			if keepsAround(o.Code) {
				g.unhide(&hidden, o.Dst, a.YUsed())
			} else {
				g.cse.clear()
			}
		}
		switch o.Code {
		case lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny:
			g.noteJump(o.Imm)
		}
		g.joins.dead = o.Code == lanes.Jump || o.Code == lanes.Exit
		if l := g.loops.endAt[i]; l != nil {
			g.loopEnd(l)
		}
		if err != nil {
			if e, ok := err.(errUnsupported); ok {
				return nil, nil, unsupported(p, i, "%s", string(e))
			}
			return nil, nil, err
		}
	}
	// Falling off the end is an Exit.
	g.op = len(p.Ops)
	g.deferring = false
	g.writeBack()
	g.emitExit()
	g.emitChunkLoop(body, dispatch) // barrier.go
	if len(g.stubs) > 0 {
		trapExit := a.NewLabel()
		for _, s := range g.stubs {
			a.Bind(s.l)
			a.MOVQstoreImm(amd64.M(rCtx, offTrapOp), int32(s.op))
			a.JMP(trapExit)
		}
		a.Bind(trapExit)
		g.exit(statusTrap)
	}
	g.emitYields()
	for _, f := range g.cold {
		f()
	}
	code, err := a.Finish()
	if err != nil {
		return nil, nil, fmt.Errorf("jit: %w", err)
	}
	return g, code, nil
}

// layout places the private regions' per-lane areas after the slots.
func (g *gen) layout() {
	l := layoutFrame(g.p)
	g.privOff, g.privStride, g.inter, g.resumeOff, g.frameSize = l.privOff, l.privStride, l.inter, l.resumeOff, l.frameSize
}

// frameLayout is where a frame keeps what follows the values' slots,
// the same for both code generators (the runner reads it).
type frameLayout struct {
	privOff, privStride []int32
	inter               []bool
	resumeOff           int32
	frameSize           int
}

// layoutFrame places the resume point and the private regions' per-lane
// areas after the slots: region r's lane i at privOff + i*privStride, or,
// where inter[r], word w at privOff + w*32 + i*4 (private.go).
func layoutFrame(p *lanes.Program) frameLayout {
	n := len(p.Regions)
	l := frameLayout{privOff: make([]int32, n), privStride: make([]int32, n), inter: interleaved(p)}
	off := (p.FrameSize + 7) &^ 7
	l.resumeOff = int32(off)
	off = (off + 8 + 31) &^ 31
	for r, rg := range p.Regions {
		if rg.Kind != lanes.RegionPrivate {
			continue
		}
		l.privOff[r] = int32(off)
		if l.inter[r] {
			off += (rg.Size + 3) / 4 * 4 * chunk
			continue
		}
		stride := (rg.Size + 7) &^ 7
		l.privStride[r] = int32(stride)
		off += stride * chunk
	}
	l.frameSize = off
	return l
}

// exit sets ctx.status and returns to the caller.
func (g *gen) exit(status int32) {
	a := &g.a
	g.saveChunkRegs() // barrier.go
	a.MOVQstoreImm(amd64.M(rCtx, offStatus), status)
	a.VZEROUPPER()
	a.RET()
}

// trapIf jumps to a new trap stub of the current op if the flags say cond.
func (g *gen) trapIf(cond amd64.Cond) {
	l := g.a.NewLabel()
	g.stubs = append(g.stubs, stub{l: l, op: g.op})
	g.a.Jcc(cond, l)
}

// emit compiles one op.
func (g *gen) emit(o *lanes.Op) error {
	a := &g.a
	switch o.Code {
	case lanes.Nop:
		return nil
	case lanes.Label:
		a.Bind(g.labels[o.Imm])
		return nil
	case lanes.Jump:
		if g.backEdge(o.Imm) {
			g.countBackEdge(o.Imm)
		}
		g.fixPins(o.Imm)
		a.JMP(g.labels[o.Imm])
		return nil
	case lanes.JumpIfNone, lanes.JumpIfAny:
		cond, not := amd64.CondE, amd64.CondNE
		if o.Code == lanes.JumpIfAny {
			cond, not = not, cond
		}
		g.testMask(o.A)
		g.fixPins(o.Imm) // leaves the flags alone
		if g.backEdge(o.Imm) {
			// Taken, the jump counts against the budget (yield.go).
			stay := a.NewLabel()
			a.Jcc(not, stay)
			g.countBackEdge(o.Imm)
			a.JMP(g.labels[o.Imm])
			a.Bind(stay)
			return nil
		}
		a.Jcc(cond, g.labels[o.Imm])
		return nil
	case lanes.Subgroup:
		// Computed by the runner where the chunks met (subgroup.go).
		return nil
	case lanes.Barrier, lanes.SubgroupSync:
		// A SubgroupSync stops the chunk as a Barrier does; the runner
		// decides when it goes on (subgroup.go).
		if o.Imm < 0 || int(o.Imm) >= len(g.resumes) {
			return errUnsupported("barrier number out of range")
		}
		if o.Code == lanes.SubgroupSync && g.sgMeetable(g.op) {
			g.emitSyncMeet(g.op, int(o.Imm)) // subgroupmeet.go
			return nil
		}
		g.emitBarrier(int(o.Imm)) // barrier.go
		return nil
	case lanes.Exit:
		g.emitExit()
		return nil
	case lanes.Unreachable:
		g.testMask(o.M)
		g.trapIf(amd64.CondNE)
		return nil
	case lanes.LocalID, lanes.LocalIndex, lanes.GroupID, lanes.GlobalID,
		lanes.NumGroups, lanes.WorkgroupSize, lanes.LiveLanes:
		return g.builtin(o)
	case lanes.Load:
		return g.loadOp(o) // tables.go
	case lanes.Store:
		return g.storeOp(o) // tables.go
	case lanes.Index:
		if g.directCode(o) { // tables.go
			g.emitDirect(o)
			return nil
		}
		return g.index(o)
	case lanes.Atomic:
		return g.atomic(o)
	case lanes.RegionLength:
		return g.regionLength(o)
	case lanes.HalfToF, lanes.FToHalf:
		return g.half(o) // half.go
	}
	if o.Code == lanes.Add && g.emitGlobalIDFold(o) { // builtins.go
		return nil
	}
	if o.Kind == lanes.I64 || o.Kind == lanes.F64 || g.kind(o.Dst) == lanes.I64 || g.kind(o.Dst) == lanes.F64 {
		return g.emit64(o)
	}
	return g.emit32(o)
}

// testMask sets ZF if no lane of mask v is set (NoValue: the live lanes).
func (g *gen) testMask(v lanes.Value) {
	a := &g.a
	if v != lanes.NoValue && g.shape(v) == lanes.Uniform {
		a.CMPLmemImm(g.slot(v, 0), 0)
		return
	}
	g.mask(amd64.Y0, v)
	a.VPTEST(amd64.Y0, amd64.Y0)
}

// mask loads mask v (all lanes of the chunk; NoValue: the live lanes) into y.
func (g *gen) mask(y amd64.Y, v lanes.Value) {
	if v == lanes.NoValue {
		g.a.VMOVDQUload(y, amd64.M(rChunk, offLive))
		return
	}
	g.ld(y, v)
}
