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

// The tiers (docs/hosttier.md): a kernel's lane program (package lanes)
// runs as native code where package jit compiles it (x86-64 with AVX2 and
// FMA; arm64 Linux, NEON code), else on the lane tier's Go executor, the portable tier and
// the reference native code is checked against in tests.
// CLGO_HOST_TIER=lanes (or interp, its old name) forces the Go executor;
// native (or unset) takes native code where it compiles.

// laneChunk is the lanes a chunk of the Go executor runs (measured in
// docs/hosttier.md); nativeChunk those of native code (one ymm register
// of 32-bit values; two q registers on arm64).
var laneChunk = 64

const nativeChunk = 8

// NativeCompile compiles a lane program (built with chunks of nativeChunk
// lanes) to native code, returning a maker of runners, one per worker; or
// an error (the Go executor then runs the kernel). Package jit's engineer
// sets it from a file of this package; nil: no native tier.
var nativeCompile func(p *lanes.Program) (func() lanes.Runner, error)

// tierKernel is a kernel's lane program and how to make its runners.
type tierKernel struct {
	prog      *lanes.Program
	native    bool
	nativeErr error // why native code does not run it, where it does not
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
	// The same kernel built without the POD arguments' hoisting
	// (podregions.go), made on first use by a dispatch that needs it.
	m        *Module
	entry    string
	spec     map[uint32]uint64
	once     sync.Once
	plain    *tierKernel
	plainErr error
	// exact: the program is BuildExact's, run only to name the offset
	// of an access at the poison offset (exactGroupError); exactTier is
	// that program of this kernel, made on first use.
	exact     bool
	exactOnce sync.Once
	exactTier *tierKernel
	// packed: the same kernel built to run several work-groups at once
	// (pack.go), by groups to a run, made on the first dispatch that
	// uses it; nil where it cannot. noPack: the kernel shares state
	// within its group.
	packMu sync.Mutex
	packed map[int]*tierKernel
	noPack bool
}

// unhoisted is the kernel's tier built without markPODRegions: for a
// dispatch whose POD arguments are too short or overlap another buffer.
func (tk *tierKernel) unhoisted() (*tierKernel, error) {
	tk.once.Do(func() { tk.plain, tk.plainErr = tk.m.buildTier(tk.entry, tk.spec, false) })
	return tk.plain, tk.plainErr
}

// prepareTier builds the lane program of an entry point and its native
// code (CLGO_HOST_TIER=lanes: the Go executor's).
func (m *Module) prepareTier(entry string, spec map[uint32]uint64) (*tierKernel, error) {
	return m.buildTier(entry, spec, true)
}

// buildTier is prepareTier, with the POD arguments' loads hoisted where
// pod says so.
func (m *Module) buildTier(entry string, spec map[uint32]uint64, pod bool) (*tierKernel, error) {
	tier := config.Get(config.HostTier)
	switch tier {
	case "", "lanes", "native":
	case "interp":
		tier = "lanes" // the Go executor is the host's interpreter
	default:
		return nil, fmt.Errorf("host: %s=%q: want lanes (or interp) or native", config.HostTier, tier)
	}
	tk := &tierKernel{m: m, entry: entry, spec: maps.Clone(spec)}
	if tier != "lanes" {
		if nativeCompile == nil {
			tk.nativeErr = fmt.Errorf("host: no native tier on this platform: %w", lanes.ErrUnsupported)
		} else if p, err := lanes.Build(m.x, entry, spec, nativeChunk); err != nil {
			return nil, err
		} else {
			if pod {
				m.markPODRegions(p, entry)
			}
			mk, err := nativeCompile(p)
			if err == nil {
				tk.prog, tk.native, tk.newRunner = p, true, mk
				return tk, nil
			}
			tk.nativeErr = err
		}
	}
	p, err := lanes.Build(m.x, entry, spec, laneChunk)
	if err != nil {
		return nil, err
	}
	if pod {
		m.markPODRegions(p, entry)
	}
	tk.prog, tk.newRunner = p, func() lanes.Runner { return lanes.NewExec(p) }
	return tk, nil
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
		plain, err := tk.unhoisted()
		if err != nil {
			return err
		}
		return (&Kernel{name: k.name, local: k.local, tier: plain}).runTier(ctx, d)
	}
	if pack := tk.packFor(d); pack > 1 { // pack.go
		if pk := tk.packedTier(pack); pk != nil && podRegionsHold(pk.prog, d) {
			return k.runPacked(ctx, d, pk)
		}
	}
	nw := d.Workers
	if nw <= 0 {
		nw = workers()
	}
	nw = min(nw, total)
	// The limits on local and private memory (memlimit.go).
	nw, err := k.fitWorkers(nw)
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
	// A packed program's runs are of pack groups (pack.go): run xv of
	// the dispatch starts at group x0 + xv*pack, and its shift makes the
	// run's global ids those of its groups.
	pack, lx, shift := max(tk.prog.Pack, 1), uint32(tk.prog.Local[0]), g.Shift[0]
	lx /= uint32(pack)
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
			if pack > 1 {
				first := x0 + (x-x0)*uint32(pack)
				g.ID[0] = first
				g.Shift[0] = shift + first*lx - first*uint32(pack)*lx
			}
			if t := r.RunGroup(g); t != nil {
				if t.Code == lanes.TrapCancelled {
					return nil
				}
				err := k.trapError(t, mem)
				if t.Code != lanes.TrapAccess || t.Offset != 0xffffffff {
					return err
				}
				if ex, ok := r.(*lanes.Exec); ok && tk.exact {
					if off, ok := ex.ExactOffset(t); ok {
						err.(*AccessError).Offset = off
					}
					return err
				}
				id := g.ID
				if pack > 1 {
					id[0] += uint32(t.Lane) / lx // the lane's own group
				}
				if rerr := k.exactGroupError(d, id); rerr != nil {
					err = rerr
				}
				return err
			}
		}
	}
	return nil
}

// maxReplayBytes bounds the buffer bytes exactGroupError copies.
const maxReplayBytes = 256 << 20

// exactGroupError runs work-group id of the dispatch again, on the Go
// executor by a program of lanes.BuildExact, on copies of the buffers
// (aliases kept: replayclone.go), and returns its error. A lane
// program's offsets are 32-bit: one outside them (a negative index)
// traps at the poison offset, where this error names the offset (-4 for
// p[-1] of an int array). nil where it cannot run the group, finds no
// error, or the buffers are larger than maxReplayBytes.
func (k *Kernel) exactGroupError(d *Dispatch, id [3]uint32) error {
	n := 0
	for _, r := range d.Resources {
		n += len(r.Data)
	}
	if n > maxReplayBytes {
		return nil
	}
	tk := k.tier
	tk.exactOnce.Do(func() {
		p, err := lanes.BuildExact(tk.m.x, tk.entry, tk.spec, laneChunk)
		if err != nil {
			return
		}
		tk.m.markPODRegions(p, tk.entry)
		tk.exactTier = &tierKernel{prog: p, exact: true, newRunner: func() lanes.Runner { return lanes.NewExec(p) },
			m: tk.m, entry: tk.entry, spec: tk.spec}
	})
	if tk.exactTier == nil {
		return nil
	}
	one := *d
	one.Resources = cloneResources(d.Resources)
	one.Groups, one.Workers = [3]int{1, 1, 1}, 1
	for i := range 3 {
		one.BaseGroup[i] = int(id[i])
		if d.NumGroups[i] == 0 {
			one.NumGroups[i] = d.Groups[i]
		}
	}
	return (&Kernel{name: k.name, local: k.local, tier: tk.exactTier}).runTier(context.Background(), &one)
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
		switch {
		case t.Offset == 0xffffffff:
			e.Offset = -1 // outside the 32-bit offsets the lane tier computes
		case t.Offset >= 1<<31 && e.Len < 1<<31:
			// Offsets wrap at 2^32: one at or above 2^31 of a memory
			// shorter than that is a negative one that wrapped (a
			// pointer cast to an integer and back, `(ulong)p - 8`),
			// named as such.
			e.Offset = int64(int32(t.Offset))
		}
		if t.Op >= 0 && t.Op < len(p.Ops) {
			e.Op = map[lanes.Code]string{lanes.Load: "OpLoad", lanes.Store: "OpStore", lanes.Atomic: "OpAtomic"}[p.Ops[t.Op].Code]
		}
		if rg.Builtin {
			// A built-in read from memory is checked at its access
			// chain.
			e.Op = "OpAccessChain"
		}
		return e
	case lanes.TrapUnreachable:
		lane := t.Lane
		if p.Pack > 1 {
			lane %= p.Local[0] / p.Pack // its local id in its own group
		}
		return fmt.Errorf("kernel %s: work-item %d reached OpUnreachable", k.name, lane)
	case lanes.TrapUnbound:
		return unboundError(k.name, p.Regions[t.Region]) // tierimage.go
	case lanes.TrapPhysical:
		return k.physTrapError(t) // tier_phys.go
	}
	return errors.New("host: unknown trap of the lane tier")
}
