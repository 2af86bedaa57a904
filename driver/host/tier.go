package host

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"sync"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/internal/config"
)

// The tiers (docs/hosttier.md): by default a kernel runs as native code
// where the CPU has AVX2 and FMA and package jit compiles its lane
// program, else on the interpreter (the lane tier's Go executor is slower
// than the interpreter, so the default never picks it). CLGO_HOST_TIER
// forces a choice: interp, lanes (the lane tier where the kernel builds,
// else the interpreter) or native (native code, else the lane tier, else
// the interpreter).

// laneChunk is the lanes a chunk of the Go executor runs (measured in
// docs/hosttier.md); nativeChunk those of native code (one ymm register
// of 32-bit values).
var laneChunk = 64

const nativeChunk = 8

// NativeCompile compiles a lane program (built with chunks of nativeChunk
// lanes) to native code, returning a maker of runners, one per worker; or
// an error (the lane tier then runs the kernel). Package jit's engineer
// sets it from a file of this package; nil: no native tier.
var nativeCompile func(p *lanes.Program) (func() lanes.Runner, error)

// tierKernel is a kernel's lane program and how to make its runners.
type tierKernel struct {
	prog      *lanes.Program
	native    bool
	newRunner func() lanes.Runner
	pool      sync.Pool // *tierRunner
	// kept holds up to maxKept runners of a kernel whose runner memory
	// is at most maxKeptBytes: unlike the pool's, a GC does not drop
	// them, so a small dispatch does not make its runner again (a
	// frame's constants are written value by value: sha512 has
	// thousands).
	keptMu sync.Mutex
	kept   []*tierRunner
	// dispatches holds *tierDispatch between dispatches.
	dispatches sync.Pool
	// The interpreter's kernel of the same entry point, made on first
	// use (interp): Prepare of a kernel a tier runs does not build it
	// (for sha512 it took tens of ms).
	m     *Module
	entry string
	spec  map[uint32]uint64
	once  sync.Once
	ik    *Kernel
	ikErr error
}

// interp is the interpreter's kernel of the entry point a tier runs,
// prepared on first use.
func (tk *tierKernel) interp() (*Kernel, error) {
	tk.once.Do(func() {
		ik, plan, err := tk.m.prepare(tk.entry, tk.spec, 1, nil)
		if err != nil {
			tk.ikErr = err
			return
		}
		if b := batchOf(tk.m, ik); b > 1 {
			if bk, _, err := tk.m.prepare(tk.entry, tk.spec, b, plan); err == nil {
				ik.batched = bk
			}
		}
		tk.ik = ik
	})
	return tk.ik, tk.ikErr
}

// prepareTier builds the lane program of an entry point, and its native
// code, for the tier CLGO_HOST_TIER asks for (unset: native code where it
// compiles). It returns nil and the reason where the kernel stays on the
// interpreter.
func (m *Module) prepareTier(entry string, spec map[uint32]uint64) (*tierKernel, error) {
	tier := config.Get(config.HostTier)
	switch tier {
	case "interp":
		return nil, nil
	case "":
		tier = "default"
	case "lanes", "native":
	default:
		return nil, fmt.Errorf("host: %s=%q: want interp, lanes or native", config.HostTier, tier)
	}
	tk := &tierKernel{m: m, entry: entry, spec: maps.Clone(spec)}
	if tier == "default" {
		if nativeCompile == nil {
			return nil, fmt.Errorf("host: no native tier on this platform: %w", lanes.ErrUnsupported)
		}
		p, err := lanes.Build(m.x, entry, spec, nativeChunk)
		if err != nil {
			return nil, err
		}
		m.markPODRegions(p, entry) // podregions.go
		mk, err := nativeCompile(p)
		if err != nil {
			return nil, err
		}
		tk.prog, tk.native, tk.newRunner = p, true, mk
		return tk, nil
	}
	if tier == "native" && nativeCompile != nil {
		if p, err := lanes.Build(m.x, entry, spec, nativeChunk); err == nil {
			m.markPODRegions(p, entry)
			if mk, err := nativeCompile(p); err == nil {
				tk.prog, tk.native, tk.newRunner = p, true, mk
				return tk, nil
			}
		}
	}
	p, err := lanes.Build(m.x, entry, spec, laneChunk)
	if err != nil {
		return nil, err
	}
	m.markPODRegions(p, entry)
	tk.prog, tk.newRunner = p, func() lanes.Runner { return lanes.NewExec(p) }
	return tk, nil
}

// tierFit is fitWorkers for a kernel on a tier: how many of nw workers'
// frames and memories fit in stateBudget. Where a group's local memory
// passes the device's, or one worker's memory nears the budget, the
// interpreter's kernel decides, with its errors (memlimit.go), so that
// every tier refuses the same kernels with the same words. Nearing is
// past a 64th of the budget: the interpreter's state (its register rows
// besides the same private and local memory) is never 64 times the
// tier's, and kernels that large are rare enough to prepare it for.
func (k *Kernel) tierFit(nw int) (int, error) {
	var local uint64
	for _, rg := range k.tier.prog.Regions {
		if rg.Kind == lanes.RegionWorkgroup {
			local += uint64(rg.Size)
		}
	}
	per := k.tier.workerBytes()
	budget := stateBudget()
	if local > maxLocalMem || per > budget/64 {
		ik, err := k.tier.interp()
		if err != nil {
			return 0, err
		}
		if nw, err = ik.fitWorkers(nw); err != nil {
			return 0, err
		}
	}
	return max(1, min(nw, int(budget/max(per, 1)))), nil
}

// runTier runs a dispatch on the kernel's tier: as Run does, work-groups
// claimed by workers, each with a runner of its own. The calling
// goroutine is one of the workers (a dispatch of one group wakes no
// other), and what a dispatch needs besides the runners comes from a
// pool: small dispatches (sha512 runs two groups) spent much of their
// time setting up.
func (k *Kernel) runTier(ctx context.Context, d *Dispatch) error {
	tk := k.tier
	p := tk.prog
	total := 1
	for _, g := range d.Groups {
		if g < 0 {
			return fmt.Errorf("kernel %s: negative work-group count %v", k.name, d.Groups)
		}
		total *= g
	}
	if err := ctx.Err(); err != nil || total == 0 {
		return err
	}
	if !podRegionsHold(p, d) {
		// Loads of the POD arguments are hoisted (podregions.go).
		ik, err := tk.interp()
		if err != nil {
			return err
		}
		return ik.Run(ctx, d)
	}
	nw := d.Workers
	if nw <= 0 {
		nw = workers()
	}
	nw = min(nw, total)
	// The interpreter's limits on local and private memory, with its
	// errors (memlimit.go).
	nw, err := k.tierFit(nw)
	if err != nil {
		return err
	}
	ds, _ := tk.dispatches.Get().(*tierDispatch)
	if ds == nil {
		ds = &tierDispatch{mem: make([][]byte, len(p.Regions))}
	}
	ds.cancel.Store(false)
	ds.first = nil
	for i, rg := range p.Regions {
		switch rg.Kind {
		case lanes.RegionBuffer:
			if rg.Set < 0 {
				ds.mem[i] = rg.Init // a constant table (lanes/consttable.go)
				break
			}
			for _, r := range d.Resources {
				if r.Set == rg.Set && r.Binding == rg.Binding {
					ds.mem[i] = r.Data
				}
			}
		case lanes.RegionImage, lanes.RegionSampler:
			if err := ds.bindHandle(k, i, rg, d); err != nil { // tierimage.go
				return err
			}
		case lanes.RegionPush:
			n := max(rg.Size, len(d.PushConstants))
			if cap(ds.push) < n {
				ds.push = make([]byte, n)
			}
			buf := ds.push[:n]
			clear(buf[copy(buf, d.PushConstants):])
			ds.mem[i] = buf
		}
	}
	var stop func() bool
	if ctx.Done() != nil {
		cancel := &ds.cancel
		stop = context.AfterFunc(ctx, func() { cancel.Store(true) })
	}
	ds.groups.reset(total, nw, min(max(total/(nw*32), 1), maxChunk))
	ds.wg.Add(nw)
	for w := 1; w < nw; w++ {
		go k.tierWorker(d, ds, w)
	}
	k.tierWorker(d, ds, 0)
	ds.wg.Wait()
	err = ds.first
	// A cancel func that has started may still set the flag: its
	// tierDispatch is not reused. The pool must not keep the buffers.
	if stop == nil || stop() {
		clear(ds.mem)
		clear(ds.images)
		clear(ds.samplers)
		ds.first = nil
		tk.dispatches.Put(ds)
	}
	if err != nil {
		return k.named(err, d)
	}
	return ctx.Err()
}

// tierDispatch is what the workers of one dispatch share; kept in a pool
// between dispatches.
type tierDispatch struct {
	claims
	mem   [][]byte // per region: its memory in this dispatch
	push  []byte   // the push constants' region, grown as needed
	mu    sync.Mutex
	first error
	wg    sync.WaitGroup
	// Per region, the image or sampler bound to an image or sampler
	// region (tierimage.go).
	images   []*texel.Image
	samplers []*driver.Sampler
}

// tierWorker runs tierWork and keeps its error, the first of the
// dispatch, stopping the other workers.
func (k *Kernel) tierWorker(d *Dispatch, ds *tierDispatch, w int) {
	defer ds.wg.Done()
	if err := k.tierWork(d, ds, w); err != nil {
		ds.mu.Lock()
		if ds.first == nil {
			ds.first = err
		}
		ds.mu.Unlock()
		ds.cancel.Store(true)
	}
}

// tierRunner is a runner and the Group it runs, kept together in the
// kernel's pool.
type tierRunner struct {
	r lanes.Runner
	g lanes.Group
}

// Runners kept past a GC (tierKernel.kept): as many as the usual
// workers, each of at most maxKeptBytes of frames and memories.
const maxKeptBytes = 1 << 20

func maxKept() int { return workers() }

// getRunner takes a kept or pooled runner, or makes one.
func (tk *tierKernel) getRunner() *tierRunner {
	tk.keptMu.Lock()
	if n := len(tk.kept); n > 0 {
		tr := tk.kept[n-1]
		tk.kept = tk.kept[:n-1]
		tk.keptMu.Unlock()
		return tr
	}
	tk.keptMu.Unlock()
	if tr, _ := tk.pool.Get().(*tierRunner); tr != nil {
		return tr
	}
	return &tierRunner{r: tk.newRunner()}
}

// putRunner keeps a runner for the next dispatch.
func (tk *tierKernel) putRunner(tr *tierRunner) {
	if tk.workerBytes() <= maxKeptBytes {
		tk.keptMu.Lock()
		if len(tk.kept) < maxKept() {
			tk.kept = append(tk.kept, tr)
			tk.keptMu.Unlock()
			return
		}
		tk.keptMu.Unlock()
	}
	tk.pool.Put(tr)
}

// workerBytes is the memory of one runner: its frames, private and
// Workgroup memory (an estimate: the lane program's sizes).
func (tk *tierKernel) workerBytes() uint64 {
	p := tk.prog
	var local, priv uint64
	for _, rg := range p.Regions {
		switch rg.Kind {
		case lanes.RegionWorkgroup:
			local += uint64(rg.Size)
		case lanes.RegionPrivate:
			priv += uint64(rg.Size)
		}
	}
	n := uint64(p.Local[0] * p.Local[1] * p.Local[2])
	chunks := (n + uint64(p.Chunk) - 1) / uint64(p.Chunk)
	return local + chunks*(uint64(p.FrameSize)+priv*uint64(p.Chunk))
}

// tierWork runs work-groups until none is left, on one runner; w is the
// worker's index, its first span of claims (claim.go).
func (k *Kernel) tierWork(d *Dispatch, ds *tierDispatch, w int) (err error) {
	mem, claims, cancel := ds.mem, &ds.groups, &ds.cancel
	tk := k.tier
	tr := tk.getRunner()
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("kernel %s: internal error in the lane tier: %v", k.name, x)
			if config.Get(config.HostDebug) != "" {
				err = fmt.Errorf("%w\n%s", err, debug.Stack())
			}
			return // a runner that panicked may be inconsistent: drop it
		}
		tr.g.Memory, tr.g.Cancel, tr.g.Images, tr.g.Samplers = nil, nil, nil, nil
		tk.putRunner(tr)
	}()
	r, g := tr.r, &tr.g
	*g = lanes.Group{Memory: mem, Cancel: cancel, Images: ds.images, Samplers: ds.samplers, Phys: liveBuffers.find}
	for i := range 3 {
		g.NumGroups[i], g.Shift[i] = uint32(d.Groups[i]), uint32(d.GlobalShift[i])
		if d.NumGroups[i] != 0 {
			g.NumGroups[i] = uint32(d.NumGroups[i])
		}
	}
	gx, gy := d.Groups[0], d.Groups[1]
	for !cancel.Load() {
		g0, g1, ok := claims.claim(&w)
		if !ok {
			break
		}
		// The claim's groups are consecutive: the id steps (nextGroup)
		// instead of three divisions per group.
		id := groupAt(g0, gx, gy)
		x, y, z := uint32(d.BaseGroup[0]+id[0]), uint32(d.BaseGroup[1]+id[1]), uint32(d.BaseGroup[2]+id[2])
		x0, x1, y0, y1 := uint32(d.BaseGroup[0]), uint32(d.BaseGroup[0]+gx), uint32(d.BaseGroup[1]), uint32(d.BaseGroup[1]+gy)
		for n := g0; n < g1; n++ {
			if n > g0 {
				if cancel.Load() {
					return nil
				}
				if x++; x == x1 {
					if x = x0; y+1 == y1 {
						y, z = y0, z+1
					} else {
						y++
					}
				}
			}
			g.ID = [3]uint32{x, y, z}
			if t := r.RunGroup(g); t != nil {
				if t.Code == lanes.TrapCancelled {
					return nil
				}
				err := k.trapError(t, mem)
				if t.Code == lanes.TrapAccess && t.Offset == 0xffffffff {
					if ierr := k.interpGroupError(d, g.ID); ierr != nil {
						err = ierr
					}
				}
				return err
			}
		}
	}
	return nil
}

// maxReplayBytes bounds the buffer bytes interpGroupError copies.
const maxReplayBytes = 256 << 20

// interpGroupError runs work-group id of the dispatch on the interpreter,
// on copies of the buffers, and returns its error. A lane program's
// offsets are 32-bit: one outside them (a negative index) traps with an
// unknown offset, where the interpreter's error names the offset (-4 for
// p[-1] of an int array). The copies are of the buffers as the tier's run
// left them; nil if the interpreter cannot run the group, finds no error,
// or the buffers are larger than maxReplayBytes.
func (k *Kernel) interpGroupError(d *Dispatch, id [3]uint32) error {
	n := 0
	for _, r := range d.Resources {
		n += len(r.Data)
	}
	if n > maxReplayBytes {
		return nil
	}
	ik, err := k.tier.interp()
	if err != nil {
		return nil
	}
	one := *d
	one.Resources = cloneResources(d.Resources) // aliases kept: replayclone.go
	one.Groups, one.Workers = [3]int{1, 1, 1}, 1
	for i := range 3 {
		one.BaseGroup[i] = int(id[i])
		if d.NumGroups[i] == 0 {
			one.NumGroups[i] = d.Groups[i]
		}
	}
	return ik.Run(context.Background(), &one)
}

// trapError is the driver's error for a trap of the lane program.
func (k *Kernel) trapError(t *lanes.Trap, mem [][]byte) error {
	p := k.tier.prog
	switch t.Code {
	case lanes.TrapAccess:
		rg := p.Regions[t.Region]
		e := &AccessError{Kernel: k.name, Memory: rg.Name, Set: -1, Binding: -1, Offset: int64(t.Offset), Size: t.Size}
		switch rg.Kind {
		case lanes.RegionBuffer:
			e.Set, e.Binding = rg.Set, rg.Binding
			e.Len = len(mem[t.Region])
		case lanes.RegionPush:
			e.Len = len(mem[t.Region])
		default:
			e.Len = rg.Size
		}
		if t.Offset == 0xffffffff {
			e.Offset = -1 // outside the 32-bit offsets the lane tier computes
		}
		if t.Op >= 0 && t.Op < len(p.Ops) {
			e.Op = map[lanes.Code]string{lanes.Load: "OpLoad", lanes.Store: "OpStore", lanes.Atomic: "OpAtomic"}[p.Ops[t.Op].Code]
		}
		if rg.Builtin {
			// The interpreter checks a built-in read from memory at its
			// access chain.
			e.Op = "OpAccessChain"
		}
		return e
	case lanes.TrapUnreachable:
		return fmt.Errorf("kernel %s: work-item %d reached OpUnreachable", k.name, t.Lane)
	case lanes.TrapUnbound:
		return unboundError(k.name, p.Regions[t.Region]) // tierimage.go
	case lanes.TrapPhysical:
		return k.physTrapError(t) // tier_phys.go
	}
	return errors.New("host: unknown trap of the lane tier")
}
