package jit

import (
	"encoding/binary"

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
// for the next pass by marking their frames done (-1) until it returns.

// statusPass: a pass over the chunks of a program with SubgroupSync ops
// ended; the runner decides which chunks run in the next.
const statusPass = 8

// frameLanes is the runner's frames as lanes.SubgroupLanes: the native
// layout (Uniform values 8 bytes; Varying ones a row of 8 lanes of 4 or 8
// bytes; masks all ones or zeros per 32-bit lane).
type frameLanes struct{ r *runner }

func (x frameLanes) at(c, l int, v lanes.Value) ([]byte, lanes.ValueInfo) {
	vi := x.r.k.p.Values[v]
	f := x.r.frames[c]
	off := int(vi.Slot)
	if vi.Shape == lanes.Varying {
		off += l * vi.Kind.Bytes()
	}
	return f[off:], vi
}

func (x frameLanes) Get(c, l int, v lanes.Value) uint64 {
	b, vi := x.at(c, l, v)
	switch {
	case vi.Kind == lanes.Mask:
		if binary.LittleEndian.Uint32(b) != 0 {
			return 1
		}
		return 0
	case vi.Kind.Bytes() == 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func (x frameLanes) Set(c, l int, v lanes.Value, bits uint64) {
	b, vi := x.at(c, l, v)
	switch {
	case vi.Kind == lanes.Mask:
		binary.LittleEndian.PutUint32(b, uint32(-int32(bits&1)))
	case vi.Kind.Bytes() == 4:
		binary.LittleEndian.PutUint32(b, uint32(bits))
	default:
		binary.LittleEndian.PutUint64(b, bits)
	}
}

// subgroupState is a runner's scheduling state for one group.
type subgroupState struct {
	run   []bool
	stops []int
	held  []int64 // the resume slot of a chunk held back, 0: none
	// stopOp maps a resume number to its Barrier or SubgroupSync op.
	stopOp []int
}

// startSubgroups readies the state for a group.
func (r *runner) startSubgroups() {
	s := &r.sg
	n := len(r.k.chunks)
	if len(s.run) != n {
		s.run, s.stops, s.held = make([]bool, n), make([]int, n), make([]int64, n)
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
	slot := func(c int) []byte { return r.frames[c][k.resumeOff:] }
	for c := range s.stops {
		if s.held[c] != 0 {
			binary.LittleEndian.PutUint64(slot(c), uint64(s.held[c]))
			s.held[c] = 0
		}
		s.run[c] = false
		v := int64(binary.LittleEndian.Uint64(slot(c)))
		switch {
		case v < 0:
			s.stops[c] = -1
		case v == 0 || int(v) > len(s.stopOp):
			panic("jit: a chunk stopped at no Barrier or SubgroupSync")
		default:
			s.stops[c] = s.stopOp[v-1]
		}
	}
	live := func(c int) uint64 {
		var m uint64
		for l, v := range k.chunks[c].live {
			if v != 0 {
				m |= 1 << l
			}
		}
		return m
	}
	meet := func(pos int, chunks []int) {
		lanes.EvalSubgroupRun(k.p, pos+1, chunks, live, frameLanes{r})
	}
	if lanes.ScheduleSubgroups(k.p, s.stops, s.run, meet) {
		return true
	}
	for c, run := range s.run {
		if !run && s.stops[c] >= 0 {
			s.held[c] = int64(binary.LittleEndian.Uint64(slot(c)))
			binary.LittleEndian.PutUint64(slot(c), ^uint64(0))
		}
	}
	ctx := r.ctx
	ctx.frame, ctx.chunk = ctx.frame0, ctx.chunk0
	ctx.chunkIdx, ctx.ran = 0, 0
	return false
}
