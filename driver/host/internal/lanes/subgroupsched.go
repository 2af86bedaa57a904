package lanes

// ScheduleSubgroups decides which chunks of a work-group run next in a
// program whose chunks are smaller than a sub-group (it has SubgroupSync
// ops), once every chunk has stopped. stops[c] is the index of the
// Barrier or SubgroupSync op chunk c stopped at, or -1 if it has exited.
// For each sub-group, the chunks stopped at its earliest stop go on: at a
// SubgroupSync, meet(pos, chunks) first computes the Subgroup ops after
// it over their lanes (the runner resumes them past those ops); at a
// Barrier, nothing yet. Where no sub-group can go on, every chunk waits
// at a Barrier and all of them are released. ScheduleSubgroups marks the
// chunks to run in run and reports whether every chunk has exited.
//
// The Go executor and native code's runner share it, so both order the
// chunks of a sub-group alike (subgroupsync.go says why it is the
// interpreter's order).
func ScheduleSubgroups(p *Program, stops []int, run []bool, meet func(pos int, chunks []int)) (done bool) {
	k := max(SubgroupSize/p.Chunk, 1)
	progress := false
	var chunks []int
	for lo := 0; lo < len(stops); lo += k {
		hi := min(lo+k, len(stops))
		m := -1
		for c := lo; c < hi; c++ {
			if s := stops[c]; s >= 0 && (m < 0 || s < m) {
				m = s
			}
		}
		if m < 0 || p.Ops[m].Code != SubgroupSync {
			continue // all exited, or the earliest waits at a barrier
		}
		chunks = chunks[:0]
		for c := lo; c < hi; c++ {
			if stops[c] == m {
				chunks = append(chunks, c)
				run[c] = true
			}
		}
		meet(m, chunks)
		progress = true
	}
	if progress {
		return false
	}
	done = true
	for c, s := range stops {
		if s >= 0 {
			run[c], done = true, false
		}
	}
	return done
}

// SubgroupSyncs reports whether p has SubgroupSync ops (its runner then
// schedules chunks with ScheduleSubgroups).
func SubgroupSyncs(p *Program) bool {
	for i := range p.Ops {
		if p.Ops[i].Code == SubgroupSync {
			return true
		}
	}
	return false
}

// SubgroupLanes gives a runner's frames to EvalSubgroupRun: the bits of
// value v at lane l (0 to Chunk-1) of chunk c (a Mask as 0 or 1), and
// the setting of them.
type SubgroupLanes interface {
	Get(c, l int, v Value) uint64
	Set(c, l int, v Value, bits uint64)
}

// EvalSubgroupRun computes the Subgroup ops from op index i on (while
// they last) over the lanes of chunks, which hold part of one sub-group
// (the chunks a SubgroupSync brought together), and returns the index of
// the op after them. live is the live lanes of a chunk as a bitmap.
func EvalSubgroupRun(p *Program, i int, chunks []int, live func(c int) uint64, fr SubgroupLanes) int {
	C := p.Chunk
	if len(chunks) == 0 {
		for i < len(p.Ops) && p.Ops[i].Code == Subgroup {
			i++
		}
		return i
	}
	k := max(SubgroupSize/C, 1)
	c0 := chunks[0] / k * k // the sub-group's first chunk
	var a, id, out [SubgroupSize]uint64
	for ; i < len(p.Ops) && p.Ops[i].Code == Subgroup; i++ {
		o := &p.Ops[i]
		var act uint64
		for _, c := range chunks {
			base := (c - c0) * C
			m := live(c)
			for l := range C {
				if m>>l&1 == 0 {
					continue
				}
				if o.M != NoValue && fr.Get(c, l, o.M) == 0 {
					continue
				}
				act |= 1 << (base + l)
				if o.A != NoValue {
					a[base+l] = fr.Get(c, l, o.A)
				}
				if o.B != NoValue {
					id[base+l] = fr.Get(c, l, o.B)
				}
			}
		}
		evalSubgroup(o, SubgroupSize, act, a[:], id[:], out[:])
		for _, c := range chunks {
			base := (c - c0) * C
			for l := range C {
				if act>>(base+l)&1 != 0 {
					fr.Set(c, l, o.Dst, out[base+l])
				}
			}
		}
	}
	return i
}
