package lanes

import "unsafe"

// The Go executor's sub-groups. A chunk of SubgroupSize lanes or more
// (driver/host's 64) holds whole sub-groups: a Subgroup op is a plain op
// over its lane segments. Smaller chunks (tests build for native code's
// 8) stop at SubgroupSync ops and ScheduleSubgroups orders them.

// execLanes is the Go executor's frames as SubgroupLanes: Varying masks
// are bitmaps, Uniform values one word.
type execLanes struct{ e *Exec }

func (x execLanes) Get(c, l int, v Value) uint64 {
	vi := &x.e.p.Values[v]
	f := x.e.frames[c]
	w := vi.Slot / 8
	if vi.Kind == Mask {
		if vi.Shape == Uniform {
			return b2u(uint32(f[w]) != 0)
		}
		return f[w] >> l & 1
	}
	return lane(f, w, vi.Shape == Uniform, vi.Kind, l)
}

func (x execLanes) Set(c, l int, v Value, bits uint64) {
	vi := &x.e.p.Values[v]
	f := x.e.frames[c]
	w := vi.Slot / 8
	switch {
	case vi.Kind == Mask:
		f[w] = f[w]&^(1<<l) | (bits&1)<<l
	case vi.Kind.Bytes() == 4:
		*(*uint32)(unsafe.Add(unsafe.Pointer(&f[w]), 4*l)) = uint32(bits)
	default:
		f[int(w)+l] = bits
	}
}

// subgroupOp runs Subgroup op i (pc-1) in chunk c, which holds whole
// sub-groups: each SubgroupSize-lane segment is one.
func (e *Exec) subgroupOp(c, i int) {
	o := &e.p.Ops[i]
	fr := execLanes{e}
	var a, id, out [SubgroupSize]uint64
	for s := 0; s < e.C; s += SubgroupSize {
		var act uint64
		live := e.live[c]
		for l := range SubgroupSize {
			cl := s + l
			if live>>cl&1 == 0 || o.M != NoValue && fr.Get(c, cl, o.M) == 0 {
				continue
			}
			act |= 1 << l
			if o.A != NoValue {
				a[l] = fr.Get(c, cl, o.A)
			}
			if o.B != NoValue {
				id[l] = fr.Get(c, cl, o.B)
			}
		}
		if act == 0 {
			continue
		}
		evalSubgroup(o, SubgroupSize, act, a[:], id[:], out[:])
		for l := range SubgroupSize {
			if act>>l&1 != 0 {
				fr.Set(c, s+l, o.Dst, out[l])
			}
		}
	}
}

// runSubgroups runs a group of a program with SubgroupSync ops: every
// chunk to its next stop, then ScheduleSubgroups says which go on.
func (e *Exec) runSubgroups() *Trap {
	n := len(e.pcs)
	if len(e.sgRun) != n {
		e.sgRun, e.sgStops = make([]bool, n), make([]int, n)
	}
	run, stops := e.sgRun, e.sgStops
	for c := range run {
		run[c] = true
	}
	live := func(c int) uint64 { return e.live[c] }
	meet := func(pos int, chunks []int) {
		next := EvalSubgroupRun(e.p, pos+1, chunks, live, execLanes{e})
		for _, c := range chunks {
			e.pcs[c] = next
		}
	}
	for {
		for c := range run {
			if !run[c] {
				continue
			}
			run[c] = false
			if t := e.run(c); t != nil {
				return t
			}
			stops[c] = -1
			if !e.done[c] {
				stops[c] = e.pcs[c] - 1
			}
		}
		if ScheduleSubgroups(e.p, stops, run, meet) {
			return nil
		}
	}
}
