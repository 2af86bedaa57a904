package lanes

// The Go executor's sub-groups. A chunk of SubgroupSize lanes or more
// (driver/host's 64) holds whole sub-groups: a Subgroup op is a plain op
// over its lane segments. Smaller chunks (tests build for native code's
// 8) stop at SubgroupSync ops and ScheduleSubgroups orders them.

// execLanes is the Go executor's frames as SubgroupLanes: Varying masks
// are bitmaps, Uniform values one word.
type execLanes struct{ e *Exec }

func (x execLanes) Read(c int, v Value, dst []uint64) {
	vi := &x.e.p.Values[v]
	f := x.e.frames[c]
	w := vi.Slot / 8
	switch {
	case vi.Shape == Uniform:
		u := f[w]
		if vi.Kind == Mask {
			u = b2u(uint32(u) != 0)
		} else if vi.Kind.Bytes() == 4 {
			u &= 0xffffffff
		}
		for l := range dst {
			dst[l] = u
		}
	case vi.Kind == Mask:
		for l := range dst {
			dst[l] = f[w] >> l & 1
		}
	case vi.Kind.Bytes() == 4:
		for l, r := range row32(f, w, len(dst)) {
			dst[l] = uint64(r)
		}
	default:
		copy(dst, f[w:int(w)+len(dst)])
	}
}

func (x execLanes) Write(c int, v Value, src []uint64, act uint64) {
	vi := &x.e.p.Values[v]
	f := x.e.frames[c]
	w := vi.Slot / 8
	switch {
	case vi.Kind == Mask:
		var m uint64
		for l, b := range src {
			m |= (b & 1) << l
		}
		f[w] = f[w]&^act | m&act
	case vi.Kind.Bytes() == 4:
		r := row32(f, w, len(src))
		for l, b := range src {
			if act>>l&1 != 0 {
				r[l] = uint32(b)
			}
		}
	default:
		for l, b := range src {
			if act>>l&1 != 0 {
				f[int(w)+l] = b
			}
		}
	}
}

// subgroupOp runs Subgroup op i in chunk c, which holds whole sub-groups:
// each SubgroupSize-lane segment is one.
func (e *Exec) subgroupOp(c, i int) {
	o := &e.p.Ops[i]
	fr := execLanes{e}
	C := e.C
	a, id, out, m := e.sgRows[0][:C], e.sgRows[1][:C], e.sgRows[2][:C], e.sgRows[3][:C]
	act := e.live[c]
	if o.M != NoValue {
		fr.Read(c, o.M, m)
		for l, b := range m {
			if b == 0 {
				act &^= 1 << l
			}
		}
	}
	if act == 0 {
		return
	}
	if o.A != NoValue {
		fr.Read(c, o.A, a)
	}
	if o.B != NoValue {
		fr.Read(c, o.B, id)
	}
	for s := 0; s < C; s += SubgroupSize {
		if sa := act >> s & (1<<SubgroupSize - 1); sa != 0 {
			evalSubgroup(o, SubgroupSize, sa, a[s:], id[s:], out[s:])
		}
	}
	fr.Write(c, o.Dst, out, act)
}

// runSubgroups runs a group of a program with SubgroupSync ops: every
// chunk to its next stop, then ScheduleSubgroups says which go on.
func (e *Exec) runSubgroups() *Trap {
	n := len(e.pcs)
	if len(e.sgRun) != n {
		e.sgRun, e.sgStops = make([]bool, n), make([]int, n)
		e.sgChunks = make([]int, 0, SubgroupSize)
	}
	run, stops := e.sgRun, e.sgStops
	for c := range run {
		run[c] = true
	}
	live := func(c int) uint64 { return e.live[c] }
	meet := func(pos int, chunks []int) {
		next := EvalSubgroupRun(e.p, pos+1, chunks, live, execLanes{e}, &e.sgScratch)
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
		if ScheduleSubgroups(e.p, stops, run, e.sgChunks, meet) {
			return nil
		}
	}
}
