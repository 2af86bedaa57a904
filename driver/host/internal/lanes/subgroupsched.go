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
// scratch (capacity SubgroupSize/Chunk) holds the chunks passed to meet.
//
// The Go executor and native code's runner share it, so both order the
// chunks of a sub-group alike (subgroupsync.go says why it is the
// lock-step order).
func ScheduleSubgroups(p *Program, stops []int, run []bool, scratch []int, meet func(pos int, chunks []int)) (done bool) {
	k := max(SubgroupSize/p.Chunk, 1)
	progress := false
	chunks := scratch[:0]
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

// SubgroupLanes gives a runner's frames to EvalSubgroupRun, a chunk's
// row of a value at a time.
type SubgroupLanes interface {
	// Read fills dst[:Chunk] with chunk c's lanes of value v (a Uniform
	// value in every lane; a Mask as 0 or 1).
	Read(c int, v Value, dst []uint64)
	// Write sets value v in the lanes of chunk c whose bit is set in act
	// (bit l: lane l) from src.
	Write(c int, v Value, src []uint64, act uint64)
}

// SubgroupScratch is EvalSubgroupRun's rows, kept by a runner so that a
// call allocates nothing.
type SubgroupScratch struct {
	a, id, out, m [SubgroupSize]uint64
}

// EvalSubgroupRun computes the Subgroup ops from op index i on (while
// they last) over the lanes of chunks, which hold part of one sub-group
// (the chunks a SubgroupSync brought together), and returns the index of
// the op after them. live is the live lanes of a chunk as a bitmap.
func EvalSubgroupRun(p *Program, i int, chunks []int, live func(c int) uint64, fr SubgroupLanes, sc *SubgroupScratch) int {
	C := p.Chunk
	if len(chunks) == 0 || C > SubgroupSize {
		for i < len(p.Ops) && p.Ops[i].Code == Subgroup {
			i++
		}
		return i
	}
	k := SubgroupSize / C
	c0 := chunks[0] / k * k // the sub-group's first chunk
	a, id, out, m := &sc.a, &sc.id, &sc.out, &sc.m
	for ; i < len(p.Ops) && p.Ops[i].Code == Subgroup; i++ {
		o := &p.Ops[i]
		var act uint64
		for _, c := range chunks {
			base := (c - c0) * C
			ca := live(c)
			if o.M != NoValue {
				fr.Read(c, o.M, m[base:base+C])
				for l := range C {
					if m[base+l] == 0 {
						ca &^= 1 << l
					}
				}
			}
			act |= ca << base
			if o.A != NoValue {
				fr.Read(c, o.A, a[base:base+C])
			}
			if o.B != NoValue {
				fr.Read(c, o.B, id[base:base+C])
			}
		}
		evalSubgroup(o, SubgroupSize, act, a[:], id[:], out[:])
		for _, c := range chunks {
			base := (c - c0) * C
			if ca := act >> base & (1<<C - 1); ca != 0 {
				fr.Write(c, o.Dst, out[base:base+C], ca)
			}
		}
	}
	return i
}
