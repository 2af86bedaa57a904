package lanes

import (
	"github.com/clgo/clgo/driver/host/internal/groupop"
	"github.com/clgo/clgo/spirv"
)

// evalSubgroup computes Subgroup op o for one sub-group of n lanes (at
// most 64): act has a bit per lane active at the op, a and id hold each
// lane's operand bits (Mask operands as 0 or 1), and out gets the result
// of each active lane (a Mask result as 0 or 1). Native code calls it
// out or computes the same, so results agree bit for bit.
func evalSubgroup(o *Op, n int, act uint64, a, id, out []uint64) {
	on := func(l int) bool { return act>>l&1 != 0 }
	op := spirv.Op(o.Imm)
	switch op {
	case spirv.OpGroupNonUniformElect:
		first := true
		for l := range n {
			if on(l) {
				out[l] = b2u(first)
				first = false
			}
		}
	case spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformAllEqual:
		r, first := op != spirv.OpGroupNonUniformAny, -1
		for l := range n {
			if !on(l) {
				continue
			}
			switch op {
			case spirv.OpGroupNonUniformAll:
				r = r && a[l] != 0
			case spirv.OpGroupNonUniformAny:
				r = r || a[l] != 0
			default:
				if first < 0 {
					first = l
				}
				r = r && a[l] == a[first]
			}
		}
		for l := range n {
			if on(l) {
				out[l] = b2u(r)
			}
		}
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown, spirv.OpGroupNonUniformBroadcastFirst:
		firstOn := -1
		for l := range n {
			if !on(l) {
				continue
			}
			if firstOn < 0 {
				firstOn = l
			}
			// src is the lane read; outside the sub-group or at an
			// inactive lane the lane keeps its own value.
			var src int
			switch op {
			case spirv.OpGroupNonUniformBroadcastFirst:
				src = firstOn
			case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle:
				src = int(uint32(id[l]))
			case spirv.OpGroupNonUniformShuffleXor:
				src = l ^ int(uint32(id[l]))
			case spirv.OpGroupNonUniformShuffleUp:
				src = l - int(uint32(id[l]))
			case spirv.OpGroupNonUniformShuffleDown:
				src = l + int(uint32(id[l]))
			}
			from := l
			if src >= 0 && src < n && on(src) {
				from = src
			}
			out[l] = a[from]
		}
	case spirv.OpGroupNonUniformBallot:
		var m uint64
		for l := range n {
			if on(l) && a[l] != 0 {
				m |= 1 << l
			}
		}
		for l := range n {
			if on(l) {
				out[l] = m & 0xffffffff
			}
		}
	default:
		subgroupArith(o, n, act, a, out)
	}
}

// subgroupArith computes the reductions, scans and clustered reductions.
func subgroupArith(o *Op, n int, act uint64, a, out []uint64) {
	gop := o.Imm2 & 0xff
	w := int(o.Imm2 >> 16 & 0xff)
	// Build admits only the arithmetic instructions (subgroup.go).
	combine, _ := groupop.New(spirv.Op(o.Imm), w)
	id := combine.Identity()
	cluster := n
	if gop == sgClustered {
		cluster = int(o.Imm2 >> 8 & 0xff)
	}
	for clo := 0; clo < n; clo += cluster {
		chi := min(clo+cluster, n)
		acc := id
		for l := clo; l < chi; l++ {
			if act>>l&1 == 0 {
				continue
			}
			switch gop {
			case sgExclusive:
				out[l] = acc
				acc = combine.Combine(acc, a[l])
			case sgInclusive:
				acc = combine.Combine(acc, a[l])
				out[l] = acc
			default:
				acc = combine.Combine(acc, a[l])
			}
		}
		if gop == sgReduce || gop == sgClustered {
			for l := clo; l < chi; l++ {
				if act>>l&1 != 0 {
					out[l] = acc
				}
			}
		}
	}
}
