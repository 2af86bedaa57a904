package lanes

// Where the chunks of a sub-group meet. A chunk smaller than a sub-group
// runs on its own until it stops (a Barrier, a SubgroupSync, Exit); the
// runner then lets the chunks of each sub-group go on in program order:
// those stopped at the earliest op go first (ScheduleSubgroups). Program
// order is the lock-step order of a work-group's lanes except across a loop's back
// edge, so the back edges of the loops that hold sub-group operations get
// a SubgroupSync too: the chunks of a sub-group then go round those loops
// together, and a chunk that left the loop takes no part in the next
// round, as its lanes would take none in lock step.

// placeSubgroupSyncs puts a SubgroupSync before every run of Subgroup ops
// and before every backward jump whose loop holds one (or a sub-group
// barrier's SubgroupSync), numbers the SubgroupSyncs after the Barriers,
// in a program built for chunks smaller than a sub-group. The loops are
// found from prefix counts of the sites: linear in the program's size.
func (b *builder) placeSubgroupSyncs() {
	p := b.p
	if p.Chunk%SubgroupSize == 0 {
		return
	}
	n := len(p.Ops)
	sites := make([]int, n+1) // sites[i]: sub-group sites among ops [0, i)
	labelAt := map[int64]int{}
	any := false
	for i, o := range p.Ops {
		site := o.Code == SubgroupSync || o.Code == Subgroup && (i == 0 || p.Ops[i-1].Code != Subgroup)
		sites[i+1] = sites[i]
		if site {
			sites[i+1]++
			any = true
		}
		if o.Code == Label {
			labelAt[o.Imm] = i
		}
	}
	if !any {
		return
	}
	ops := make([]Op, 0, n+n/8)
	sync := func() {
		ops = append(ops, Op{Code: SubgroupSync, Dst: NoValue, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: int64(p.Barriers)})
		p.Barriers++
	}
	for i, o := range p.Ops {
		switch o.Code {
		case SubgroupSync:
			sync()
			continue
		case Subgroup:
			if i == 0 || p.Ops[i-1].Code != Subgroup {
				sync()
			}
		case Jump, JumpIfAny, JumpIfNone:
			if h, ok := labelAt[o.Imm]; ok && h <= i && sites[i]-sites[h] > 0 {
				sync()
			}
		}
		ops = append(ops, o)
	}
	p.Ops = ops
}
