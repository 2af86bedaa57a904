package jit

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Sub-groups in native code. A sub-group (lanes.SubgroupSize lanes) spans
// several chunks of 8, which meet at the program's SubgroupSync ops
// (lanes' subgroupsync.go). A SubgroupSync compiles as a Barrier does: the
// chunk stores its resume number in its frame and the code goes on to the
// next chunk. With SubgroupSyncs in the program, a pass over the chunks
// does not start another by itself: the code returns statusPass, and the
// runner (runSubgroupPass) reads where each chunk stopped, lets
// lanes.ScheduleSubgroups choose the chunks that go on, computes the
// Subgroup ops after the syncs they met at over their frames (those ops
// have no code: the chunks resume past them), and holds the others back
// for the next pass by pointing their resume points at the step to the
// next chunk (as an ended chunk's) until it returns.

// statusPass: a pass over the chunks of a program with SubgroupSync ops
// ended; the runner decides which chunks run in the next.
const statusPass = 8

// frameLanes is the runner's frames as lanes.SubgroupLanes: the native
// layout (Uniform values 8 bytes; Varying ones a row of 8 lanes of 4 or 8
// bytes; masks all ones or zeros per 32-bit lane).
type frameLanes struct{ r *runner }

func (x frameLanes) Read(c int, v lanes.Value, dst []uint64) {
	vi := &x.r.k.p.Values[v]
	f := x.r.frames[c][vi.Slot:]
	switch {
	case vi.Shape == lanes.Uniform:
		u := binary.LittleEndian.Uint64(f)
		if vi.Kind.Bytes() == 4 {
			u &= 0xffffffff
		}
		if vi.Kind == lanes.Mask && u != 0 {
			u = 1
		}
		for l := range dst {
			dst[l] = u
		}
	case vi.Kind == lanes.Mask:
		for l, m := range unsafe.Slice((*uint32)(unsafe.Pointer(&f[0])), len(dst)) {
			dst[l] = uint64(m & 1)
		}
	case vi.Kind.Bytes() == 4:
		for l, w := range unsafe.Slice((*uint32)(unsafe.Pointer(&f[0])), len(dst)) {
			dst[l] = uint64(w)
		}
	default:
		copy(dst, unsafe.Slice((*uint64)(unsafe.Pointer(&f[0])), len(dst)))
	}
}

func (x frameLanes) Write(c int, v lanes.Value, src []uint64, act uint64) {
	vi := &x.r.k.p.Values[v]
	f := x.r.frames[c][vi.Slot:]
	if vi.Kind.Bytes() == 8 {
		row := unsafe.Slice((*uint64)(unsafe.Pointer(&f[0])), len(src))
		for l, b := range src {
			if act>>l&1 != 0 {
				row[l] = b
			}
		}
		return
	}
	row := unsafe.Slice((*uint32)(unsafe.Pointer(&f[0])), len(src))
	for l, b := range src {
		if act>>l&1 == 0 {
			continue
		}
		if vi.Kind == lanes.Mask {
			b = uint64(-int32(b & 1))
		}
		row[l] = uint32(b)
	}
}

// subgroupState is a runner's scheduling state for one group.
type subgroupState struct {
	run   []bool
	stops []int
	held  []int64 // the resume slot of a chunk held back, 0: none
	// stopOp maps a resume number to its Barrier or SubgroupSync op.
	stopOp  []int
	scratch lanes.SubgroupScratch
	live    []uint64 // per chunk: its live lanes as a bitmap
	chunks  []int    // ScheduleSubgroups' scratch
	// liveOf and meet are made once (a closure made per pass allocates).
	liveOf func(c int) uint64
	meet   func(pos int, chunks []int)
	// passes counts the passes handed to the runner (tests: sub-groups
	// that meet in native code need none but a group's last).
	passes int
}

// startSubgroups readies the state for a group.
func (r *runner) startSubgroups() {
	s := &r.sg
	n := len(r.k.chunks)
	if len(s.run) != n {
		s.run, s.stops, s.held = make([]bool, n), make([]int, n), make([]int64, n)
		s.live = make([]uint64, n)
		s.chunks = make([]int, 0, lanes.SubgroupSize)
		s.liveOf = func(c int) uint64 { return s.live[c] }
		s.meet = func(pos int, chunks []int) {
			lanes.EvalSubgroupRun(r.k.p, pos+1, chunks, s.liveOf, frameLanes{r}, &s.scratch)
		}
		for c := range s.live {
			for l, v := range r.k.chunks[c].live {
				if v != 0 {
					s.live[c] |= 1 << l
				}
			}
		}
		p := r.k.p
		s.stopOp = make([]int, p.Barriers)
		for i, o := range p.Ops {
			if (o.Code == lanes.Barrier || o.Code == lanes.SubgroupSync) && o.Imm >= 0 && int(o.Imm) < p.Barriers {
				s.stopOp[o.Imm] = i
			}
		}
	}
	clear(s.held)
}

// subgroupPass handles a statusPass: it reports whether every chunk has
// exited, else readies ctx for the next pass.
func (r *runner) subgroupPass() (done bool) {
	k := r.k
	s := &r.sg
	s.passes++
	slot := func(c int) []byte { return r.frames[c][k.resumeOff:] }
	// Resume points are code addresses (barrier.go): the step to the
	// next chunk for an ended chunk, the code after Barrier or
	// SubgroupSync j for a chunk stopped there.
	base := uint64(k.code.Addr())
	ended := base + uint64(k.doneOff)
	for c := range s.stops {
		if s.held[c] != 0 {
			binary.LittleEndian.PutUint64(slot(c), uint64(s.held[c]))
			s.held[c] = 0
		}
		s.run[c] = false
		v := binary.LittleEndian.Uint64(slot(c))
		if v == ended {
			s.stops[c] = -1
			continue
		}
		j := slices.Index(k.stopOffs, int(v-base))
		if v < base || j < 0 {
			panic("jit: a chunk stopped at no Barrier or SubgroupSync")
		}
		s.stops[c] = s.stopOp[j]
	}
	if lanes.ScheduleSubgroups(k.p, s.stops, s.run, s.chunks, s.meet) {
		return true
	}
	held := base + uint64(k.sgHeldOff) // a step to the next chunk, as ended
	for c, run := range s.run {
		if !run && s.stops[c] >= 0 {
			s.held[c] = int64(binary.LittleEndian.Uint64(slot(c)))
			binary.LittleEndian.PutUint64(slot(c), held)
		}
	}
	ctx := r.ctx
	ctx.frame, ctx.chunk = ctx.frame0, ctx.chunk0
	ctx.chunkIdx, ctx.ran = 0, 0
	return false
}
