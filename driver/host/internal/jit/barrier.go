package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The chunk loop and barriers. One call of the code runs a whole
// work-group: chunk after chunk, and with barriers in passes over the
// chunks, each chunk running from its resume point to its next Barrier
// or its end. Stepping to the next chunk is on every chunk's path (twice
// a chunk in a kernel with one barrier, once per chunk and round in a
// reduction's loop), so the chunk being run lives in registers, not in
// ctx:
//
//   - rFrame: its frame; rChunk: its chunkInfo (the builtins' ids and
//     live lanes); rChunkIdx: its index in the group. The frame stride
//     and the number of chunks are constants of the program (NewRunner
//     lays the frames out by frameStride), so a step is four register
//     instructions and a compare.
//   - A frame's resume point (at gen.resumeOff) is a code address: the
//     body's start for a fresh chunk (RunGroup writes it), the code
//     after Barrier k once the chunk stopped there, nextChunk once it
//     ended; the dispatch is one indirect jump through it.
//   - A group that ends leaves every resume point at the body again for
//     the next group; the runner writes them only where a group ended
//     otherwise (a trap, a cancel) and in NewRunner.
//   - ctx.ran is set by Barrier: a pass in which no chunk stopped at a
//     barrier ended every chunk, so the group is done (no empty pass to
//     find that out).
//
// Every exit to Go (trap, yield, call-out, the end) writes the three
// registers back to ctx (the runner reads chunkIdx; a resumed call
// reloads them at the entry).
const (
	rChunk    = amd64.R12
	rChunkIdx = amd64.R13
)

// frameStride is the bytes from one chunk's frame to the next: 0 where
// the chunks share a frame (shareFrame).
func frameStride(p *lanes.Program, frameSize int) int {
	if shareFrame(p) {
		return 0
	}
	return (frameSize + 32 + 63) &^ 63
}

// numChunks is the chunks of a work-group of p.
func numChunks(p *lanes.Program) int {
	return (p.Local[0]*p.Local[1]*p.Local[2] + chunk - 1) / chunk
}

// loadChunkRegs, at the code's entry, loads the chunk registers (and
// yield.go's rBudget) from ctx.
func (g *gen) loadChunkRegs() {
	a := &g.a
	a.MOVQload(rFrame, amd64.M(rCtx, offFrame))
	a.MOVQload(rChunk, amd64.M(rCtx, offChunk))
	a.MOVQload(rChunkIdx, amd64.M(rCtx, offChunkIdx))
	a.MOVQload(rBudget, amd64.M(rCtx, offBudget)) // yield.go
}

// saveChunkRegs, on the way out to Go, stores the chunk registers (and
// rBudget) in ctx.
func (g *gen) saveChunkRegs() {
	a := &g.a
	a.MOVQstore(amd64.M(rCtx, offFrame), rFrame)
	a.MOVQstore(amd64.M(rCtx, offChunk), rChunk)
	a.MOVQstore(amd64.M(rCtx, offChunkIdx), rChunkIdx)
	a.MOVQstore(amd64.M(rCtx, offBudget), rBudget)
}

// emitBarrier compiles Barrier k: the chunk's resume point becomes the
// code after it, the pass is marked as needing another, and the next
// chunk runs.
func (g *gen) emitBarrier(k int) {
	a := &g.a
	a.LEAQlabel(amd64.RAX, g.resumes[k])
	a.MOVQstore(amd64.M(rFrame, g.resumeOff), amd64.RAX)
	a.MOVQstoreImm(amd64.M(rCtx, offRan), 1)
	a.JMP(g.nextChunk)
	a.Bind(g.resumes[k])
}

// emitExit ends the chunk: with barriers its resume point becomes the
// step to the next chunk (later passes skip it); then the next chunk runs.
func (g *gen) emitExit() {
	a := &g.a
	if g.p.Barriers > 0 {
		a.LEAQlabel(amd64.RAX, g.nextChunk)
		a.MOVQstore(amd64.M(rFrame, g.resumeOff), amd64.RAX)
	}
	a.JMP(g.nextChunk)
}

// emitChunkLoop emits nextChunk (the step to the next chunk), the
// passes over the chunks of a program with barriers and the dispatch
// (bound at dispatch), and the return at the group's end. body is the
// first op's code.
func (g *gen) emitChunkLoop(body, dispatch amd64.Label) {
	a := &g.a
	p := g.p
	a.BindAfterJump(g.nextChunk) // the last ops' jumps here fall through
	if s := frameStride(p, g.frameSize); s != 0 {
		a.ADDQimm(rFrame, int32(s))
	}
	a.ADDQimm(rChunk, sizeChunkInfo)
	a.INCQ(rChunkIdx)
	a.CMPQimm(rChunkIdx, int32(numChunks(p)))
	if p.Barriers == 0 {
		a.Jcc(amd64.CondB, body)
		g.exit(statusExit)
		return
	}
	endPass := a.NewLabel()
	a.Jcc(amd64.CondAE, endPass)
	a.Bind(dispatch)
	a.JMPmem(amd64.M(rFrame, g.resumeOff))
	// End of a pass: another if some chunk stopped at a barrier in it;
	// with sub-group syncs the runner decides (subgroup.go) and resets
	// the resume points at the group's end.
	a.Bind(endPass)
	if g.syncs {
		a.MOVQstoreImm(amd64.M(rCtx, offRan), 0)
		g.exit(statusPass)
	}
	done := a.NewLabel()
	a.CMPQmemImm(amd64.M(rCtx, offRan), 0)
	a.Jcc(amd64.CondE, done)
	a.MOVQstoreImm(amd64.M(rCtx, offRan), 0)
	a.XORL(rChunkIdx, rChunkIdx)
	a.MOVQload(rFrame, amd64.M(rCtx, offFrame0))
	a.MOVQload(rChunk, amd64.M(rCtx, offChunk0))
	a.JMP(dispatch)
	// Done: every frame's resume point goes back to the first op for the
	// runner's next group (cheaper here than in Go, per group).
	a.Bind(done)
	a.MOVQload(rFrame, amd64.M(rCtx, offFrame0))
	a.LEAQlabel(amd64.RAX, body)
	a.MOVLimm(amd64.RCX, uint32(numChunks(p)))
	reset := a.NewLabel()
	a.Bind(reset)
	a.MOVQstore(amd64.M(rFrame, g.resumeOff), amd64.RAX)
	a.ADDQimm(rFrame, int32(frameStride(p, g.frameSize)))
	a.SUBLimm(amd64.RCX, 1)
	a.Jcc(amd64.CondNE, reset)
	g.exit(statusExit)
}
