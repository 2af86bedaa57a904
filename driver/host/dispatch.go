package host

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/spirv"
)

// Resource is what is bound to a (DescriptorSet, Binding) of the kernel: a
// storage or uniform buffer, whose Data the kernel reads and writes in
// place, an image (made by Device.NewImage) or a sampler.
type Resource struct {
	Set, Binding int
	Data         []byte
	Name         string // names the resource in errors (e.g. the kernel argument), if set
	Image        driver.Image
	Sampler      *driver.Sampler
}

// Dispatch describes one run of a kernel over a grid of work-groups.
type Dispatch struct {
	Groups    [3]int // work-groups in each dimension
	BaseGroup [3]int // WorkgroupId of the first work-group (vkCmdDispatchBase)
	// GlobalShift is added to GlobalInvocationId and NumGroups, where not
	// zero, replaces NumWorkgroups: they place the dispatch in a larger grid
	// whose other groups may be of another size (the last groups of a
	// non-uniform NDRange).
	GlobalShift   [3]int
	NumGroups     [3]int
	Resources     []Resource
	PushConstants []byte
	Workers       int // goroutines; 0 means GOMAXPROCS
}

// Run executes the dispatch. It returns the first error of any work-group
// (an out-of-bounds access, an unreachable instruction), or ctx's error if
// ctx is cancelled first; memory written by the groups that ran is kept.
func (k *Kernel) Run(ctx context.Context, d *Dispatch) error {
	if k.tier != nil {
		return k.runTier(ctx, d)
	}
	return k.forDispatch(d).forAliases(d).run(ctx, d)
}

// run runs the dispatch on the interpreter.
func (k *Kernel) run(ctx context.Context, d *Dispatch) error {
	total := 1
	for _, g := range d.Groups {
		if g < 0 {
			return fmt.Errorf("kernel %s: negative work-group count %v", k.name, d.Groups)
		}
		total *= g
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if total == 0 {
		return nil
	}
	total /= k.batch // runs, each of batch groups consecutive in x
	handles, err := k.bind(d)
	if err != nil {
		return err
	}
	shared := make([][]byte, len(k.regions))
	for i := range k.regions {
		rg := &k.regions[i]
		switch rg.kind {
		case regionBuffer:
			// A module's other kernels may declare buffers this one never
			// touches, so an unbound buffer is an empty region: only an
			// access to it fails, with an AccessError that names it.
			for _, r := range d.Resources {
				if r.Set == rg.set && r.Binding == rg.binding {
					shared[i] = r.Data
				}
			}
		case regionPush:
			buf := make([]byte, max(rg.size, len(d.PushConstants)))
			copy(buf, d.PushConstants)
			shared[i] = buf
		}
	}
	c := new(claims)
	cancel := &c.cancel
	stop := context.AfterFunc(ctx, func() { cancel.Store(true) })
	defer stop()
	nw := d.Workers
	if nw <= 0 {
		nw = workers()
	}
	nw = min(nw, total)
	nw, err = k.fitWorkers(nw)
	if err != nil {
		return err
	}
	// Workers claim runs a chunk at a time: one atomic addition per run
	// cost as much as a whole small group (triad) when workers bounce
	// the counter's cache line between them. At least 32 chunks a worker
	// keep the ends balanced.
	chunk := min(max(total/(nw*32), 1), maxChunk)
	c.groups.reset(total, nw, chunk)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	worker := func(w int) {
		defer wg.Done()
		if err := k.work(d, shared, handles, &c.groups, w, cancel); err != nil {
			mu.Lock()
			if first == nil || errors.Is(first, errCancelled) {
				first = err
			}
			mu.Unlock()
			cancel.Store(true)
		}
	}
	// The calling goroutine is one of the workers: a dispatch of one
	// group (or run) wakes no other goroutine.
	wg.Add(nw)
	for w := 1; w < nw; w++ {
		go worker(w)
	}
	worker(0)
	wg.Wait()
	if first != nil && !errors.Is(first, errCancelled) {
		return k.named(first, d)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return nil
}

// maxChunk is the most runs a worker claims at once.
const maxChunk = 8

// claims holds the workers' spans of runs (claim.go) and the cancel
// flag, which every group and loop back-edge reads: the counters the
// claims write are on cache lines of their own.
type claims struct {
	groups groupClaims
	cancel atomic.Bool
}

// named puts the resource's name into an access error.
func (k *Kernel) named(err error, d *Dispatch) error {
	var ae *AccessError
	if errors.As(err, &ae) && ae.Set >= 0 {
		for _, r := range d.Resources {
			if r.Set == ae.Set && r.Binding == ae.Binding && r.Name != "" {
				ae.Memory = fmt.Sprintf("%s (set %d, binding %d)", r.Name, r.Set, r.Binding)
			}
		}
	}
	return err
}

// work runs work-groups until none is left, on one worker's state;
// w is the worker's index, its first span of claims.
func (k *Kernel) work(d *Dispatch, shared [][]byte, handles []bound, claims *groupClaims, w int, cancel *atomic.Bool) (err error) {
	s, _ := k.pool.Get().(*state)
	if s == nil {
		s = newState(k)
	}
	s.cancel, s.bound = cancel, handles
	for i, b := range shared {
		if b != nil {
			s.regions[i] = b
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(execError); ok {
				err = e.err
			} else {
				op := "?"
				if s.cur != nil {
					op = fmt.Sprintf("%s (word %d)", spelling(s.cur.op), s.cur.pos)
				}
				err = fmt.Errorf("kernel %s: internal error at %s: %v", k.name, op, r)
				if config.Get(config.HostDebug) != "" {
					err = fmt.Errorf("%w\n%s", err, debug.Stack())
				}
			}
			return // a state that panicked may be inconsistent: drop it
		}
		for i, rg := range k.regions {
			if rg.kind == regionBuffer || rg.kind == regionPush {
				s.regions[i] = nil
			}
		}
		s.cancel, s.bound = nil, nil
		clear(s.physCaches)
		k.pool.Put(s)
	}()
	s.redoDispatch = !s.prologue(k.pro[0])
	gx, gy := d.Groups[0], d.Groups[1]
	for i := range 3 {
		s.groups[i], s.shift[i] = uint32(d.Groups[i]), uint32(d.GlobalShift[i])
		if d.NumGroups[i] != 0 {
			s.groups[i] = uint32(d.NumGroups[i])
		}
	}
	for !cancel.Load() {
		g0, g1, ok := claims.claim(&w)
		if !ok {
			break
		}
		for g := g0; g < g1; g++ {
			if g > g0 && cancel.Load() {
				return nil
			}
			r := g * k.batch
			s.group = [3]uint32{
				uint32(d.BaseGroup[0] + r%gx),
				uint32(d.BaseGroup[1] + r/gx%gy),
				uint32(d.BaseGroup[2] + r/(gx*gy)),
			}
			s.runGroup()
		}
	}
	return nil
}

// runGroup runs the work-group s.group.
func (s *state) runGroup() {
	k := s.k
	L := s.lanes
	for i := range k.regions {
		rg := &k.regions[i]
		m := s.regions[i]
		switch {
		case rg.kind == regionLane && rg.builtin != noBuiltin && rg.mem:
			for l := 0; l < L; l++ {
				base := uint64(l * rg.size)
				for c, lf := range rg.t.leaves {
					writeLeaf(m, base, lf, s.builtin(rg.builtin, c, l))
				}
			}
		case rg.init != nil && rg.kind == regionLane:
			for l := 0; l < L; l++ {
				for c, lf := range rg.t.leaves {
					writeLeaf(m, uint64(l*rg.size), lf, rg.init[c])
				}
			}
		case rg.init != nil && rg.kind == regionWorkgroup:
			for c, lf := range rg.t.leaves {
				writeLeaf(m, 0, lf, rg.init[c])
			}
		case rg.image != nil && rg.kind == regionLane:
			for l := 0; l < L; l++ {
				copy(m[l*rg.size:], rg.image)
			}
		case rg.image != nil && !rg.shared:
			copy(m, rg.image)
		}
	}
	s.redo = s.redoDispatch || !s.prologue(k.pro[1])
	s.call(k.entry, s.all, true)
}

// builtin is component c of a BuiltIn input for lane l. Sub-groups are
// SubgroupWidth lanes of consecutive linear local ids (subgroup.go).
func (s *state) builtin(b uint32, c, l int) uint64 {
	k := s.k
	switch spirv.BuiltIn(b) {
	case spirv.BuiltInSubgroupEqMask, spirv.BuiltInSubgroupGeMask, spirv.BuiltInSubgroupGtMask,
		spirv.BuiltInSubgroupLeMask, spirv.BuiltInSubgroupLtMask:
		return subgroupMask(spirv.BuiltIn(b), c, s.lidx[l]%SubgroupWidth)
	}
	c = min(c, 2)
	g := s.group[c]
	if c == 0 {
		g += s.gj[l] // the lane's group in a batch
	}
	switch spirv.BuiltIn(b) {
	case spirv.BuiltInGlobalInvocationId:
		return uint64(g*uint32(k.local[c]) + s.shift[c] + s.lid[c][l])
	case spirv.BuiltInLocalInvocationId:
		return uint64(s.lid[c][l])
	case spirv.BuiltInWorkgroupId:
		return uint64(g)
	case spirv.BuiltInNumWorkgroups:
		return uint64(s.groups[c])
	case spirv.BuiltInWorkgroupSize:
		return uint64(k.local[c])
	case spirv.BuiltInLocalInvocationIndex:
		return uint64(s.lidx[l])
	case spirv.BuiltInSubgroupLocalInvocationId:
		return uint64(s.lidx[l] % SubgroupWidth)
	case spirv.BuiltInSubgroupId:
		return uint64(s.lidx[l] / SubgroupWidth)
	case spirv.BuiltInSubgroupSize, spirv.BuiltInSubgroupMaxSize:
		return SubgroupWidth
	case spirv.BuiltInNumSubgroups:
		return uint64((k.nLocal + SubgroupWidth - 1) / SubgroupWidth)
	}
	return 0
}
