package jit

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/execmem"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Kernel is a lane program compiled to native code.
type Kernel struct {
	p         *lanes.Program
	code      *execmem.Code
	neon      bool // A64 code (neon.go), else x86-64
	frameSize int
	privOff   []int32
	privStr   []int32
	inter     []bool
	resumeOff int32       // programs with barriers: a chunk's resume point in its frame
	bodyOff   int         // code offset of a fresh chunk's resume point (barrier.go)
	chunks    []chunkInfo // per chunk of a work-group
	nLanes    int
	opStart   []int // code offset of each op's code
	bytes     []byte
	syncs     bool // the program has SubgroupSync ops (subgroup.go)
	// doneOff and stopOffs: the code offsets of an ended chunk's resume
	// point and of each Barrier's or SubgroupSync's (programs with syncs).
	doneOff  int
	stopOffs []int
	nCalls   int    // ops compiled as call-outs (callout.go)
	calls    []bool // per op: a call-out

	// sgHeldOff: the code offset a held chunk's resume point leads to
	// (subgroupmeet.go; doneOff where no sync meets in native code).
	sgHeldOff int
	// pairs are the (image, sampler) regions the program samples
	// with natively, hasImages whether it has image regions (image.go).
	pairs     [][2]int64
	hasImages bool
}

// Code is the machine code and the code offset at which each op's code
// starts (for profiles: generated code has no symbols, so a sample's
// offset from the code's start names its op).
func (k *Kernel) Code() (code []byte, opStart []int) { return k.bytes, k.opStart }

// Compile compiles p (built with chunks of 8 lanes) to native code. It
// returns an error wrapping lanes.ErrUnsupported where p has an op it has
// no code for, or where the CPU or the OS cannot run the code.
func Compile(p *lanes.Program) (*Kernel, error) {
	if useNEON {
		return compileNEON(p) // neon.go
	}
	if !amd64.HasAVX2FMA() {
		return nil, fmt.Errorf("jit: the CPU has no AVX2 and FMA: %w", lanes.ErrUnsupported)
	}
	g, code, err := generate(p)
	if err != nil {
		return nil, err
	}
	c, err := amd64.Alloc(code)
	if err != nil {
		return nil, fmt.Errorf("jit: %v: %w", err, lanes.ErrUnsupported)
	}
	k := &Kernel{p: p, code: c, frameSize: g.frameSize, privOff: g.privOff, privStr: g.privStride, inter: g.inter, resumeOff: g.resumeOff, bodyOff: g.bodyOff, syncs: g.syncs, opStart: g.opStart, bytes: code, nCalls: g.nCalls, calls: g.calls, pairs: g.imgPairs}
	for _, rg := range p.Regions {
		k.hasImages = k.hasImages || rg.Kind == lanes.RegionImage
	}
	if g.syncs {
		// Where each Barrier or SubgroupSync resumes and where an ended
		// chunk's resume point leads (subgroup.go reads the frames).
		k.doneOff = g.a.LabelOffset(g.nextChunk)
		k.sgHeldOff = k.doneOff
		if g.sgHeldSet {
			k.sgHeldOff = g.a.LabelOffset(g.sgHeld) // subgroupmeet.go
		}
		k.stopOffs = make([]int, len(g.resumes))
		for i, l := range g.resumes {
			k.stopOffs[i] = g.a.LabelOffset(l)
		}
	}
	k.setup()
	return k, nil
}

// setup finishes a compiled kernel (either back end): the code's
// finalizer and the chunks' ids.
func (k *Kernel) setup() {
	p := k.p
	runtime.SetFinalizer(k, func(k *Kernel) { k.code.Free() })
	dumpForProfile(k)
	k.nLanes = p.Local[0] * p.Local[1] * p.Local[2]
	n := numChunks(p)
	k.chunks = make([]chunkInfo, n)
	for c := range k.chunks {
		ci := &k.chunks[c]
		for l := range chunk {
			li := c*chunk + l
			ci.localID[0][l] = uint32(li % p.Local[0])
			ci.localID[1][l] = uint32(li / p.Local[0] % p.Local[1])
			ci.localID[2][l] = uint32(li / (p.Local[0] * p.Local[1]))
			ci.index[l] = uint32(li)
			if li < k.nLanes {
				ci.live[l] = 0xffffffff
			}
		}
	}
}

// call runs k's code with ctx c.
func (k *Kernel) call(c *ctx) {
	if k.neon {
		arm64.Call(k.code.Addr(), unsafe.Pointer(c))
		return
	}
	amd64.Call(k.code.Addr(), unsafe.Pointer(c))
}

// CodeSize is the bytes of machine code.
func (k *Kernel) CodeSize() int { return k.code.Len() }

// NewRunner makes a runner of k for one goroutine.
func (k *Kernel) NewRunner() lanes.Runner {
	p := k.p
	r := &runner{k: k, ctx: new(ctx)}
	// The frames are one allocation, frameStride apart (the code steps
	// from one to the next). A program without barriers runs each chunk
	// to its end before the next starts, so the chunks can share one
	// frame (stride 0), which stays in the L1 cache: a chunk finds it as
	// a finished run left it, as it finds its own frame from the last
	// group. Private memory stays a chunk's own (its bytes that a run
	// does not store are left from the chunk's last run, which tests
	// compare with the Go executor), so programs with private regions
	// keep a frame per chunk.
	// The code steps by frameStride (barrier.go), a constant of the
	// program.
	stride := (k.frameSize + 32 + 63) &^ 63
	nf := len(k.chunks)
	if frameStride(p, k.frameSize) == 0 {
		nf = 1
	}
	all := make([]byte, stride*nf)
	r.frames = make([][]byte, nf)
	for c := range r.frames {
		f := all[c*stride : (c+1)*stride : (c+1)*stride]
		for _, vi := range p.Values {
			if vi.Const {
				binary.LittleEndian.PutUint64(f[vi.Slot:], vi.Bits)
			}
		}
		r.frames[c] = f
	}
	r.regions = make([]regionMem, len(p.Regions))
	r.wg = make([][]byte, len(p.Regions))
	for i, rg := range p.Regions {
		if rg.Kind == lanes.RegionWorkgroup {
			r.wg[i] = make([]byte, rg.Size)
		}
	}
	r.mem = make([][]byte, len(p.Regions))
	r.resetResume()
	r.privInit = privateImages(k)
	r.ctx.regions = uintptr(unsafe.Pointer(unsafe.SliceData(r.regions)))
	return r
}

// runner runs work-groups of a Kernel on one goroutine.
type runner struct {
	k       *Kernel
	ctx     *ctx
	frames  [][]byte
	regions []regionMem
	wg      [][]byte // Workgroup regions' memory
	mem     [][]byte // each region's memory in the group being run
	// privInit holds, per interleaved private region with an
	// initializer of whole words, the bytes of its area in a frame with
	// every lane initialized: one copy per frame and group instead of one
	// per word and lane (sha256's message schedule: most of RunGroup's
	// time).
	privInit [][]byte
	// stale: the frames' resume points are not all at the first op (a
	// group ended by a trap or a cancel; barrier.go).
	stale bool
	// Call-outs (callout.go): the evaluator of single ops, made on first
	// use, the regions' memories as it sees them, and a private region's
	// bytes in the lane tier's layout.
	eval    *lanes.OpEval
	callMem [][]byte
	// calls counts this runner's call-outs of the group being run; the
	// shared count is updated once per group (one atomic per call-out
	// made every core wait on one cache line).
	calls   int64
	privBuf []byte
	// Image and sampling descriptors (imagemem.go), and the bindings
	// they describe.
	images  []imageMem
	imgOf   []boundImage
	samples []samplerMem
	smpOf   []driver.Sampler
	smpSet  []bool
	// sg schedules the chunks of programs with SubgroupSync ops
	// (subgroup.go).
	sg subgroupState
}

// privateImages makes runner.privInit for k.
func privateImages(k *Kernel) [][]byte {
	var imgs [][]byte
	for i, rg := range k.p.Regions {
		if rg.Kind != lanes.RegionPrivate || rg.Init == nil || !k.inter[i] || len(rg.Init)%4 != 0 {
			continue
		}
		if imgs == nil {
			imgs = make([][]byte, len(k.p.Regions))
		}
		// Word w of lane l is at w*4*chunk + 4*l (private.go).
		img := make([]byte, len(rg.Init)*chunk)
		for w := 0; w < len(rg.Init); w += 4 {
			for l := range chunk {
				copy(img[w*chunk+4*l:], rg.Init[w:w+4])
			}
		}
		imgs[i] = img
	}
	return imgs
}

// setRegion points region i's entry at m (unless it already points
// there: the groups of a dispatch share their buffers).
func (r *runner) setRegion(i int, m []byte) {
	if old := r.mem[i]; len(old) == len(m) && len(m) > 0 && unsafe.SliceData(old) == unsafe.SliceData(m) {
		return
	}
	r.mem[i] = m
	e := &r.regions[i]
	*e = regionMem{}
	if len(m) > 0 {
		e.base = uint64(uintptr(unsafe.Pointer(unsafe.SliceData(m))))
		e.biased = e.base + 1<<31
	}
	for s := range e.n {
		n := int64(len(m)) - int64(1<<s) + 1
		e.n[s] = uint32(min(max(n, 0), 1<<32-1))
	}
}

// RunGroup runs every chunk of the group, barriers respected.
func (r *runner) RunGroup(g *lanes.Group) *lanes.Trap {
	k := r.k
	p := k.p
	for i, rg := range p.Regions {
		switch rg.Kind {
		case lanes.RegionBuffer, lanes.RegionPush:
			var m []byte
			if i < len(g.Memory) {
				m = g.Memory[i]
			}
			r.setRegion(i, m)
		case lanes.RegionWorkgroup:
			if rg.Init != nil {
				copy(r.wg[i], rg.Init)
			}
			r.setRegion(i, r.wg[i])
		case lanes.RegionPrivate:
			if i < len(r.privInit) && r.privInit[i] != nil {
				img := r.privInit[i]
				for _, f := range r.frames {
					copy(f[k.privOff[i]:], img)
				}
			} else if rg.Init != nil {
				for _, f := range r.frames {
					for l := range chunk {
						if k.inter[i] {
							for w := 0; w < len(rg.Init); w += 4 {
								off := int(k.privOff[i]) + w*chunk + 4*l
								copy(f[off:off+4], rg.Init[w:])
							}
							continue
						}
						off := int(k.privOff[i]) + l*int(k.privStr[i])
						copy(f[off:off+rg.Size], rg.Init)
					}
				}
			} else if rg.Zero {
				for _, f := range r.frames {
					for l := range chunk {
						if k.inter[i] {
							for w := 0; w < rg.Size; w += 4 {
								off := int(k.privOff[i]) + w*chunk + 4*l
								clear(f[off : off+4])
							}
							continue
						}
						off := int(k.privOff[i]) + l*int(k.privStr[i])
						clear(f[off : off+rg.Size])
					}
				}
			}
		}
	}
	if k.hasImages {
		r.setImages(g) // imagemem.go
	}
	c := r.ctx
	for d := range 3 {
		c.groupID[d] = g.ID[d]
		c.numGroups[d] = g.NumGroups[d]
		c.globalBase[d] = g.ID[d]*uint32(p.Local[d]) + g.Shift[d]
	}
	if p.Barriers > 0 && r.stale {
		r.resetResume()
	}
	r.stale = true
	// One call runs every chunk of the group.
	c.frame = uintptr(unsafe.Pointer(unsafe.SliceData(r.frames[0])))
	c.chunk = uintptr(unsafe.Pointer(&k.chunks[0]))
	c.frame0, c.chunk0 = c.frame, c.chunk
	c.chunkIdx, c.ran = 0, 0
	c.resumeAt, c.callResume = 0, 0
	c.budget = yieldBudget
	if k.syncs {
		r.startSubgroups()
	}
	k.call(c)
	for c.status == statusYield || c.status == statusCall || c.status == statusPass {
		if c.status == statusPass {
			// A pass over the chunks ended (subgroup.go). A loop that
			// holds sub-group operations stops at every round, so the
			// cancel flag is looked at here too.
			if g.Cancel != nil && g.Cancel.Load() {
				return &lanes.Trap{Code: lanes.TrapCancelled, Op: -1, Region: -1}
			}
			if r.subgroupPass() {
				c.status = statusExit
				break
			}
			k.call(c)
			continue
		}
		if c.status == statusCall {
			// The code left for an op it has no code for (callout.go):
			// evaluate it in Go and resume after it.
			if t := r.callOut(g); t != nil {
				c.callResume = 0
				r.flushCalls()
				return t
			}
			k.call(c)
			continue
		}
		// The code yielded at a backward jump (yield.go): stop if the
		// dispatch was cancelled, else let the scheduler run others (the
		// goroutine that would cancel it among them) and go on.
		yields.Add(1)
		if g.Cancel != nil && g.Cancel.Load() {
			c.resumeAt = 0
			return &lanes.Trap{Code: lanes.TrapCancelled, Op: -1, Region: -1}
		}
		runtime.Gosched()
		c.budget = yieldBudget
		k.call(c)
	}
	r.flushCalls()
	var trap *lanes.Trap
	if c.status == statusTrap {
		trap = r.trap(int(c.chunkIdx), int(c.trapOp))
	} else if !k.syncs {
		// A group with sub-group syncs ends in Go (subgroupPass), not at
		// the code's reset of the resume points.
		r.stale = false
	}
	runtime.KeepAlive(g)
	runtime.KeepAlive(r)
	return trap
}

// resetResume sets every frame's resume point to the first op, where a
// fresh chunk starts (barrier.go; programs with barriers).
func (r *runner) resetResume() {
	k := r.k
	if k.p.Barriers == 0 {
		return
	}
	start := uint64(k.code.Addr()) + uint64(k.bodyOff)
	for _, f := range r.frames {
		binary.LittleEndian.PutUint64(f[k.resumeOff:], start)
	}
}

// trap describes the trap of chunk c at op i from the frame, which the
// trapping op left as it was: the first lane of the op's mask that
// fails, as the Go executor reports it.
func (r *runner) trap(c, i int) *lanes.Trap {
	p := r.k.p
	o := &p.Ops[i]
	f := r.frames[min(c, len(r.frames)-1)]
	lane32 := func(v lanes.Value, l int) uint32 {
		vi := p.Values[v]
		if vi.Shape == lanes.Uniform {
			l = 0
		}
		return binary.LittleEndian.Uint32(f[int(vi.Slot)+4*l:])
	}
	active := func(l int) bool {
		if o.M == lanes.NoValue {
			return r.k.chunks[c].live[l] != 0
		}
		return lane32(o.M, l) != 0
	}
	t := &lanes.Trap{Code: lanes.TrapUnreachable, Op: i, Lane: c * chunk, Region: -1}
	if o.Code == lanes.Unreachable {
		for l := range chunk {
			if active(l) {
				t.Lane = c*chunk + l
				break
			}
		}
		return t
	}
	size := int(o.Imm2)
	if o.Code == lanes.Atomic {
		size = o.Kind.Bytes()
	}
	rg := p.Regions[o.Imm]
	n := len(r.mem[o.Imm])
	if rg.Kind == lanes.RegionPrivate {
		n = rg.Size
	}
	t.Code, t.Region, t.Size = lanes.TrapAccess, int(o.Imm), size
	for l := range chunk {
		if !active(l) {
			continue
		}
		off := lane32(o.A, l)
		if uint64(off)+uint64(size) > uint64(n) {
			t.Lane, t.Offset = c*chunk+l, off
			if o.Code == lanes.Load && p.Values[o.Dst].Shape == lanes.Uniform &&
				(o.M == lanes.NoValue || p.Values[o.M].Shape == lanes.Uniform) {
				t.Lane = c * chunk
			}
			return t
		}
	}
	return t
}

// shareFrame reports whether p's chunks can run in one frame: no
// barriers, no private regions.
func shareFrame(p *lanes.Program) bool {
	if p.Barriers > 0 {
		return false
	}
	for _, rg := range p.Regions {
		if rg.Kind == lanes.RegionPrivate {
			return false
		}
	}
	return true
}
