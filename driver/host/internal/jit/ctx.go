package jit

import "unsafe"

// ctx is what generated code reads and writes besides the frame; RDI
// points at it. The code addresses its fields by the offsets below, so
// the layout is Go's and never written out by hand.
type ctx struct {
	frame   uintptr // the chunk's frame (values' slots, then private areas)
	ran     int64   // a chunk ran in this pass over the chunks (programs with barriers)
	status  int64   // out: statusExit or statusTrap
	trapOp  int64   // out, on statusTrap: the index of the op that trapped
	regions uintptr // *[len(Program.Regions)]regionMem
	chunk   uintptr // *chunkInfo of the chunk
	// groupID, numGroups and globalBase (WorkgroupId*size + GlobalShift)
	// of the work-group, per dimension.
	groupID, numGroups, globalBase [3]uint32
	// chunkIdx is the chunk's index in the group. frame, chunk and
	// chunkIdx are in registers while the code runs (barrier.go) and
	// here while Go runs.
	chunkIdx int64
	// frame0 and chunk0 are chunk 0's frame and chunkInfo: a program with
	// barriers passes over the chunks while some chunk stops at a barrier
	// (each frame keeps its chunk's resume point at gen.resumeOff).
	frame0, chunk0 uintptr
	// prefetch holds, per prefetching access (prefetch.go), the address
	// of its last chunk at each place in a row.
	prefetch [maxPrefetch * maxGroupChunks]uintptr
	// keptRuns holds, per load that keeps its runs of four for a store
	// (keptruns.go), the region's base (0: not kept) and the two runs'
	// offsets.
	keptRuns [maxKeptRuns][2]uint64
	// gatherHints holds, per load with a gather hint (gatherhint.go),
	// the runs left that go straight to the gather.
	gatherHints [maxGatherHints]int32
	// budget is the backward jumps left before the code yields
	// (yield.go); resumeAt, where not 0, is the lane-IR label plus one at
	// which the next call resumes, set by a yield.
	budget, resumeAt int64
	// callOp, callEnd and callResume: a call-out (callout.go) left for
	// ops callOp to callEnd-1 to be evaluated in Go; the next call
	// resumes at code address callResume (0: none).
	callOp, callEnd int64
	callResume      uintptr
	// images and samples: per image region and per (image, sampler)
	// pair of the program, what native image code reads (image.go);
	// imgScratch holds a write's offsets and words for its lane loop,
	// and a linear sample's indices, weights and sums (image.go).
	images, samples uintptr
	imgScratch      [20 * chunk]uint32
}

// Run outcomes in ctx.status.
const (
	statusExit = 0
	statusTrap = 2
	// statusYield: the budget of backward jumps ran out; ctx.resumeAt
	// says where to go on (yield.go).
	statusYield = 4
	// statusCall (callout.go): op ctx.callOp is to be evaluated in Go.
)

// regionMem is one region's memory as the code sees it.
type regionMem struct {
	base   uint64 // address of byte 0 (0 if unbound)
	biased uint64 // base + 2^31: gathers index it with offset ^ 2^31, signed
	// n[i] is the number of in-bounds offsets for an access of 1<<i
	// bytes: len - size + 1, clamped to [0, 2^32-1], so an access at
	// offset o (unsigned) is in bounds iff o < n[i]; the poison offset
	// 2^32-1 never is.
	n [4]uint32
}

// chunkInfo holds what the builtins read per lane of a chunk: the
// LocalInvocationId components, the linear local id and the live lanes
// (all ones for lanes in the work-group).
type chunkInfo struct {
	localID [3][chunk]uint32
	index   [chunk]uint32
	live    [chunk]uint32
}

// chunk is the number of lanes of a chunk: one ymm register of 32-bit values.
const chunk = 8

// Field offsets the code uses.
var (
	offFrame       = int32(unsafe.Offsetof(ctx{}.frame))
	offRan         = int32(unsafe.Offsetof(ctx{}.ran))
	offFrame0      = int32(unsafe.Offsetof(ctx{}.frame0))
	offChunk0      = int32(unsafe.Offsetof(ctx{}.chunk0))
	offStatus      = int32(unsafe.Offsetof(ctx{}.status))
	offTrapOp      = int32(unsafe.Offsetof(ctx{}.trapOp))
	offPrefetch    = int32(unsafe.Offsetof(ctx{}.prefetch))
	offKeptRuns    = int32(unsafe.Offsetof(ctx{}.keptRuns))
	offGatherHints = int32(unsafe.Offsetof(ctx{}.gatherHints))
	offBudget      = int32(unsafe.Offsetof(ctx{}.budget))
	offResumeAt    = int32(unsafe.Offsetof(ctx{}.resumeAt))
	offCallOp      = int32(unsafe.Offsetof(ctx{}.callOp))
	offCallEnd     = int32(unsafe.Offsetof(ctx{}.callEnd))
	offCallResume  = int32(unsafe.Offsetof(ctx{}.callResume))
	offRegions     = int32(unsafe.Offsetof(ctx{}.regions))
	offChunk       = int32(unsafe.Offsetof(ctx{}.chunk))
	offGroupID     = int32(unsafe.Offsetof(ctx{}.groupID))
	offNumGroups   = int32(unsafe.Offsetof(ctx{}.numGroups))
	offGlobalBase  = int32(unsafe.Offsetof(ctx{}.globalBase))
	offChunkIdx    = int32(unsafe.Offsetof(ctx{}.chunkIdx))
	offImages      = int32(unsafe.Offsetof(ctx{}.images))
	offSamples     = int32(unsafe.Offsetof(ctx{}.samples))
	offImgScratch  = int32(unsafe.Offsetof(ctx{}.imgScratch))
	sizeChunkInfo  = int32(unsafe.Sizeof(chunkInfo{}))

	offBase    = int32(unsafe.Offsetof(regionMem{}.base))
	offBiased  = int32(unsafe.Offsetof(regionMem{}.biased))
	offN       = int32(unsafe.Offsetof(regionMem{}.n))
	sizeRegMem = int32(unsafe.Sizeof(regionMem{}))

	offLocalID = int32(unsafe.Offsetof(chunkInfo{}.localID))
	offIndex   = int32(unsafe.Offsetof(chunkInfo{}.index))
	offLive    = int32(unsafe.Offsetof(chunkInfo{}.live))
)
