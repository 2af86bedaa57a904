package host

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/clgo/clgo/spirv"
)

// state is one worker's machine: the register file of a work-group's lanes,
// the lane state of every function, and the memory regions.
type state struct {
	k       *Kernel
	lanes   int
	r       []uint64 // register rows, each lanes wide
	tmp     []uint64 // scratch for partial-mask results and parallel phis
	tmpOff  []uint64 // scratch for the offsets of fused accesses
	mask    []bool   // active lanes of the running block
	full    bool     // every lane is active
	active  int      // how many lanes are active
	idx     []int32  // the active lanes when not full
	fns     []fnState
	all     []bool // all lanes on
	regions [][]byte
	cancel  *atomic.Bool
	cur     *instr
	group   [3]uint32
	groups  [3]uint32
	shift   [3]uint32   // Dispatch.GlobalShift
	lid     [3][]uint32 // LocalInvocationId per lane
	lidx    []uint32    // LocalInvocationIndex per lane
	gj      []uint32    // per lane: its group's place in a batch
	// redo runs hoisted instructions in place: a prologue faulted.
	redo, redoDispatch bool
	f64                [4][32]float64 // scratch of the per-lane GLSL.std.450 instructions
	bound              []bound        // the dispatch's images and samplers, by slot (imageprep.go)
	physCaches         []physCache    // per physical access instruction: its last buffer (physical.go)
}

type fnState struct {
	next, prev []int32 // per lane: block to run next (-1: returned), block came from
	mask       []bool
	idx        []int32 // the lanes of mask, in order
	// A split of a full mask builds the mask of its lower target itself
	// (ready: run block readyB next, the others wait at readyWait), and
	// counts the lanes waiting there, so that they rejoin as a full mask
	// with no rescan (waitCnt < 0: unknown).
	ready          bool
	readyB, readyW int32
	waitCnt        int
}

var errCancelled = errors.New("cancelled")

func newState(k *Kernel) *state {
	n := k.lanes
	s := &state{k: k, lanes: n, r: make([]uint64, k.rows*n), tmp: make([]uint64, max(k.tmpRows, 1)*n)}
	s.all = make([]bool, n)
	s.physCaches = make([]physCache, k.physSlots)
	s.tmpOff = make([]uint64, n)
	for i := range s.all {
		s.all[i] = true
	}
	s.fns = make([]fnState, len(k.funcs))
	for i := range s.fns {
		s.fns[i] = fnState{next: make([]int32, n), prev: make([]int32, n), mask: make([]bool, n), idx: make([]int32, n)}
	}
	for _, f := range k.fills {
		for c, v := range f.vals {
			row := s.r[f.off+c*n : f.off+(c+1)*n]
			for l := range row {
				row[l] = v + uint64(l*f.perLane)
			}
		}
	}
	for d := range 3 {
		s.lid[d] = make([]uint32, n)
	}
	s.lidx, s.gj = make([]uint32, n), make([]uint32, n)
	for l := range n {
		ll := l % k.nLocal
		s.lid[0][l] = uint32(ll % k.local[0])
		s.lid[1][l] = uint32(ll / k.local[0] % k.local[1])
		s.lid[2][l] = uint32(ll / (k.local[0] * k.local[1]))
		s.lidx[l], s.gj[l] = uint32(ll), uint32(l/k.nLocal)
	}
	s.regions = make([][]byte, len(k.regions))
	for i, rg := range k.regions {
		switch rg.kind {
		case regionWorkgroup:
			s.regions[i] = make([]byte, rg.size)
			if rg.shared {
				copy(s.regions[i], rg.image) // never written: filled once
			}
		case regionLane:
			s.regions[i] = make([]byte, rg.size*n)
		}
	}
	return s
}

// out returns where a pure operation writes n slots: the register itself,
// for every lane, even under a partial mask. An SSA value that is not a phi
// is read only where its definition dominates, so a lane that is inactive
// now either never reads this row again before it runs this definition
// itself, or the row already holds what the recomputation from its own
// (masked, unchanged) operand rows gives. Pure operations never fault, so
// computing them for inactive lanes is harmless.
func (s *state) out(dst, n int) []uint64 { return s.r[dst : dst+n] }

// span is the range of lanes that holds every active one: pure operations
// compute only those. (Computing fewer inactive lanes is as safe as
// computing them all: see out.)
func (s *state) span() (lo, hi int) {
	if s.full || len(s.idx) != s.active || s.active == 0 {
		return 0, s.lanes
	}
	return int(s.idx[0]), int(s.idx[len(s.idx)-1]) + 1
}

// run returns the active lanes when they are consecutive and not all:
// [lo, hi). (A split of lanes by their local id, as in tree reductions and
// scans, leaves such runs.)
func (s *state) run() (lo, hi int, ok bool) {
	if s.full || len(s.idx) != s.active || s.active == 0 {
		return 0, 0, false
	}
	lo, hi = int(s.idx[0]), int(s.idx[len(s.idx)-1])+1
	return lo, hi, hi-lo == s.active
}

// sparse says few lanes are active: loop over their list, not the mask.
func (s *state) sparse() bool { return 4*len(s.idx) < s.lanes && len(s.idx) == s.active }

// copyMasked copies n slots between registers under the active mask.
func (s *state) copyMasked(dst, src, n int) {
	if s.full {
		copy(s.r[dst:dst+n], s.r[src:src+n])
		return
	}
	L := s.lanes
	if s.sparse() {
		for c := 0; c < n; c += L {
			d, t := s.r[dst+c:dst+c+L], s.r[src+c:src+c+L]
			for _, l := range s.idx {
				d[l] = t[l]
			}
		}
		return
	}
	if lo, hi, ok := s.run(); ok {
		for c := 0; c < n; c += L {
			copy(s.r[dst+c+lo:dst+c+hi], s.r[src+c+lo:src+c+hi])
		}
		return
	}
	lo, hi := s.span()
	m := s.mask[lo:hi]
	for c := 0; c < n; c += L {
		d, t := s.r[dst+c+lo:dst+c+hi], s.r[src+c+lo:src+c+hi]
		d, t = d[:len(m)], t[:len(m)]
		for l, on := range m {
			if on {
				d[l] = t[l]
			}
		}
	}
}

// call runs function f for the lanes of mask, to completion.
func (s *state) call(f *fn, mask []bool, full bool) {
	fs := &s.fns[f.id]
	saveMask, saveFull, saveIdx := s.mask, s.full, s.idx
	saveActive := s.active
	next, prev, m := fs.next, fs.prev, fs.mask
	// While the active lanes all go to one block that comes before any
	// block other live lanes wait at, that block runs next with the same
	// mask: where they are and came from is kept once, in b and from, and
	// written per lane only when the mask must be rebuilt.
	b, from := int32(-1), int32(-1)
	wait := int32(math.MaxInt32) // lowest block an inactive live lane waits at
	live := 0
	if full {
		// Every lane starts at block 0: nothing per lane until they split,
		// which writes next and prev of every active lane.
		b, live = 0, s.lanes
		s.mask, s.full, s.active = s.all, true, s.lanes
	} else {
		for l := range next {
			if mask[l] {
				next[l] = 0
				live++
			} else {
				next[l] = -1
			}
			prev[l] = -1
		}
		s.mask, s.full = mask, false
	}
	for i := range f.inits {
		s.cur = &f.inits[i]
		f.inits[i].run(s)
	}
	fs.ready, fs.waitCnt = false, -1
	for live > 0 {
		if b < 0 {
			from = -1 // per lane, in fs.prev
			b, wait, fs.waitCnt = s.rescan(next, m, fs.idx)
		}
		to, uniform := s.block(f, fs, b, from)
		if s.cancel.Load() {
			panic(execError{errCancelled})
		}
		if !uniform {
			b = -1
			if fs.ready {
				fs.ready = false
				b, wait, from = fs.readyB, fs.readyW, -1
			}
			continue
		}
		if to < 0 {
			live -= s.active
		} else if to < wait {
			b, from = to, b
			continue
		}
		if live > 0 && s.full {
			for l := range next {
				next[l], prev[l] = to, b
			}
		} else if lo, hi, ok := s.run(); live > 0 && ok {
			nx, pv := next[lo:hi], prev[lo:hi]
			for l := range nx {
				nx[l], pv[l] = to, b
			}
		} else if live > 0 {
			for l, on := range s.mask {
				if on {
					next[l], prev[l] = to, b
				}
			}
		}
		if to == wait && fs.waitCnt >= 0 && fs.waitCnt+s.active == s.lanes && live == s.lanes {
			// Every lane is at to now: a full mask, no rescan.
			b, from, wait, fs.waitCnt = to, -1, math.MaxInt32, -1
			s.mask, s.full, s.active = s.all, true, s.lanes
			continue
		}
		b = -1
	}
	s.mask, s.full, s.active, s.idx = saveMask, saveFull, saveActive, saveIdx
}

// block runs block b of f for the active lanes, then sets where each goes;
// uniform says every active lane went to target to (-1: returned). from is
// the block every active lane came from, or -1 to read it per lane. A
// uniform outcome is not recorded per lane: the caller keeps it.
func (s *state) block(f *fn, fs *fnState, b, from int32) (to int32, uniform bool) {
	blk := f.blocks[b]
	if len(blk.phis) > 0 {
		s.phis(blk, fs.prev, from)
	}
	for i := range blk.code {
		in := &blk.code[i]
		s.cur = in
		in.run(s)
	}
	t := &blk.term
	next, prev := fs.next, fs.prev
	switch t.op {
	case spirv.OpBranch:
		return t.targets[0], true
	case spirv.OpBranchConditional:
		c := s.r[t.cond : t.cond+s.lanes]
		yes, no := t.targets[0], t.targets[1]
		if yes == no {
			return yes, true
		}
		if t.uni && !s.redo {
			if c[0] != 0 {
				return yes, true
			}
			return no, true
		}
		taken := 0
		if s.full {
			for _, v := range c {
				if v != 0 {
					taken++
				}
			}
		} else {
			for l, on := range s.mask {
				if on && c[l] != 0 {
					taken++
				}
			}
		}
		switch taken {
		case s.active:
			return yes, true
		case 0:
			return no, true
		}
		// The lanes split: record where each goes.
		if s.full {
			// No lane waits elsewhere: the lower target runs next with
			// the lanes built here, the others wait at the upper one.
			lower, upper := min(yes, no), max(yes, no)
			c = c[:len(next)]
			fm, idx := fs.mask[:len(next)], fs.idx[:len(next)]
			n := 0
			for l := range next {
				// Branchless: a split's lanes need not follow a pattern.
				m := int32(int64(c[l]|-c[l]) >> 63)
				t := no ^ (yes^no)&m
				next[l], prev[l] = t, b
				on := t == lower
				fm[l] = on
				idx[n] = int32(l)
				if on {
					n++
				}
			}
			s.mask, s.full, s.idx, s.active = fm, false, idx[:n], n
			fs.ready, fs.readyB, fs.readyW, fs.waitCnt = true, lower, upper, s.lanes-n
			return -1, false
		}
		for l, on := range s.mask {
			if on {
				if c[l] != 0 {
					next[l] = yes
				} else {
					next[l] = no
				}
				prev[l] = b
			}
		}
		return -1, false
	case spirv.OpSwitch:
		c := s.r[t.cond : t.cond+s.lanes]
		first, same := int32(-1), true
		for l, on := range s.mask {
			if !on {
				continue
			}
			to := t.targets[0]
			for j, v := range t.lits {
				if c[l] == v {
					to = t.targets[j+1]
					break
				}
			}
			next[l], prev[l] = to, b
			if first < 0 {
				first = to
			} else if to != first {
				same = false
			}
		}
		return first, same
	case spirv.OpReturnValue:
		s.copyMasked(f.ret, t.val, t.valN)
		fallthrough
	case spirv.OpReturn:
		return -1, true
	default:
		panic(execError{fmt.Errorf("%s executed (block %%%d)", spelling(t.op), blk.label)})
	}
}

// phis sets a block's phis from the predecessor each lane came from.
func (s *state) phis(blk *block, prev []int32, from int32) {
	L := s.lanes
	tmp := 0
	for i := range blk.phis {
		ph := &blk.phis[i]
		dst := ph.dst
		buf := s.r
		if blk.parallel {
			buf, dst = s.tmp, tmp
			tmp += ph.n
		}
		if from >= 0 {
			s.phiFrom(blk, ph, buf, dst, from)
			continue
		}
		if len(ph.preds) == 2 && s.full {
			s.phi2(blk, ph, buf, dst, prev)
			continue
		}
		for l, on := range s.mask {
			if !on {
				continue
			}
			src := -1
			for j, pr := range ph.preds {
				if pr == prev[l] {
					src = ph.srcs[j]
					break
				}
			}
			if src < 0 {
				panic(execError{fmt.Errorf("OpPhi in block %%%d: no incoming value for the predecessor", blk.label)})
			}
			for c := 0; c < ph.n; c += L {
				buf[dst+c+l] = s.r[src+c+l]
			}
		}
	}
	if blk.parallel {
		tmp = 0
		for i := range blk.phis {
			ph := &blk.phis[i]
			if s.full {
				copy(s.r[ph.dst:ph.dst+ph.n], s.tmp[tmp:tmp+ph.n])
				tmp += ph.n
				continue
			}
			for c := 0; c < ph.n; c += L {
				d, t := s.r[ph.dst+c:ph.dst+c+L], s.tmp[tmp+c:tmp+c+L]
				for l, on := range s.mask {
					if on {
						d[l] = t[l]
					}
				}
			}
			tmp += ph.n
		}
	}
}

// phi2 sets a phi of two predecessors for every lane, choosing without
// branches (where lanes came from need not follow a pattern).
func (s *state) phi2(blk *block, ph *phi, buf []uint64, dst int, prev []int32) {
	L := s.lanes
	p0, p1 := ph.preds[0], ph.preds[1]
	prev = prev[:L]
	bad := false
	for c := 0; c < ph.n; c += L {
		d, x, y := buf[dst+c:dst+c+L], s.r[ph.srcs[0]+c:ph.srcs[0]+c+L], s.r[ph.srcs[1]+c:ph.srcs[1]+c+L]
		x, y = x[:len(d)], y[:len(d)]
		pr := prev[:len(d)]
		for l := range d {
			from := pr[l]
			m := -uint64(b2u(from == p0))
			d[l] = y[l] ^ (x[l]^y[l])&m
			bad = bad || from != p0 && from != p1
		}
	}
	if bad {
		panic(execError{fmt.Errorf("OpPhi in block %%%d: no incoming value for the predecessor", blk.label)})
	}
}

// phiFrom sets one phi of lanes that all came from block from.
func (s *state) phiFrom(blk *block, ph *phi, buf []uint64, dst int, from int32) {
	src := -1
	for j, pr := range ph.preds {
		if pr == from {
			src = ph.srcs[j]
			break
		}
	}
	if src < 0 {
		panic(execError{fmt.Errorf("OpPhi in block %%%d: no incoming value for the predecessor", blk.label)})
	}
	if s.full {
		copy(buf[dst:dst+ph.n], s.r[src:src+ph.n])
		return
	}
	L := s.lanes
	for c := 0; c < ph.n; c += L {
		d, x := buf[dst+c:dst+c+L], s.r[src+c:src+c+L]
		for l, on := range s.mask {
			if on {
				d[l] = x[l]
			}
		}
	}
}

// rescan picks the lowest-ordered block any live lane waits at (next < 0:
// returned), makes its lanes the active mask m with their list in idx, and
// returns it with the lowest block another live lane waits at and how many
// wait there (so that lanes rejoining them there make a full mask with no
// rescan). Negative blocks compare as huge unsigned numbers, so the loops
// need no branch.
func (s *state) rescan(next []int32, m []bool, idx []int32) (b, wait int32, waitCnt int) {
	lo := uint32(math.MaxUint32)
	for _, x := range next {
		lo = min(lo, uint32(x))
	}
	b = int32(lo)
	n := 0
	w := uint32(math.MaxInt32)
	m = m[:len(next)]
	idx = idx[:len(next)]
	for l := range next {
		x := next[l]
		on := x == b
		m[l] = on
		idx[n] = int32(l)
		k := 0
		if on {
			k = 1
		}
		n += k
		other := uint32(x) | uint32(-k) // a lane of b counts as none
		w = min(w, other)
	}
	s.mask, s.full, s.idx = m, n == s.lanes, idx[:n]
	s.active = n
	wait = int32(min(w, math.MaxInt32))
	if wait == math.MaxInt32 {
		return b, wait, -1
	}
	for _, x := range next {
		if x == wait {
			waitCnt++
		}
	}
	return b, wait, waitCnt
}
