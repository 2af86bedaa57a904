package host

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/groupop"
	"github.com/clgo/clgo/spirv"
)

// Sub-groups. A work-group runs as lanes in lock step, so any partition of
// its lanes is a valid set of sub-groups; the host cuts it into sub-groups
// of SubgroupWidth consecutive linear local ids (the last one holds what is
// left). 32 lanes: the width code written for GPUs most often assumes (a
// ballot's first word covers the sub-group, as on NVIDIA), a power of two
// as Vulkan's SubgroupSize must be, and small enough that the usual
// work-groups of 64 to 256 items hold several sub-groups, so that code
// which combines sub-group results is exercised. The GroupNonUniform
// instructions work on the active lanes of each sub-group: those the
// structured control flow has at the instruction.

// SubgroupWidth is the host device's sub-group size.
const SubgroupWidth = 32

// subgroupSpan calls f with the lanes [lo, hi) of every sub-group of the
// run: each group of nLocal lanes (several in a batch) is cut into
// SubgroupWidth-lane pieces.
func (s *state) subgroupSpan(f func(lo, hi int)) {
	n := s.k.nLocal
	for g := 0; g < s.lanes; g += n {
		for lo := g; lo < g+n; lo += SubgroupWidth {
			f(lo, min(lo+SubgroupWidth, g+n))
		}
	}
}

// on says whether lane l is active.
func (s *state) on(l int) bool { return s.full || s.mask[l] }

// subgroupMask is a lane's SubgroupEq/Ge/Gt/Le/LtMask, component c.
func subgroupMask(b spirv.BuiltIn, c int, id uint32) uint64 {
	if c != 0 {
		return 0 // SubgroupWidth is 32: the other words are empty
	}
	var m uint32
	switch b {
	case spirv.BuiltInSubgroupEqMask:
		m = 1 << id
	case spirv.BuiltInSubgroupGeMask:
		m = ^uint32(0) << id
	case spirv.BuiltInSubgroupGtMask:
		m = ^uint32(0) << id << 1
	case spirv.BuiltInSubgroupLeMask:
		m = ^(^uint32(0) << id << 1)
	case spirv.BuiltInSubgroupLtMask:
		m = 1<<id - 1
	}
	return uint64(m)
}

// groupNonUniform compiles a GroupNonUniform instruction of Subgroup
// scope. Results are written for the active lanes only: a lane that is
// inactive now may read its earlier result of this instruction later (after
// a loop it left early), which other lanes' operation must not change.
func (p *prep) groupNonUniform(in *inst) (func(*state), error) {
	a := in.args
	if len(a) < 1 {
		return nil, p.errorf("short instruction")
	}
	if c, ok := p.consts[a[0]]; !ok || spirv.Scope(c[0]) != spirv.ScopeSubgroup {
		return nil, p.errorf("%v: only Subgroup scope is supported", in.op)
	}
	L := p.lanes
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	rt := p.vtype[in.id]
	// value returns operand i's first row and type.
	value := func(i int) (int, *typ, error) {
		if len(a) <= i {
			return 0, nil, p.errorf("short instruction")
		}
		r, err := p.operand(a[i])
		return r, p.vtype[a[i]], err
	}
	switch in.op {
	case spirv.OpGroupNonUniformElect:
		return func(s *state) {
			s.subgroupSpan(func(lo, hi int) {
				first := true
				for l := lo; l < hi; l++ {
					if s.on(l) {
						s.r[dst+l] = b2u(first)
						first = false
					}
				}
			})
		}, nil
	case spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformAllEqual:
		x, xt, err := value(1)
		if err != nil {
			return nil, err
		}
		op, comps := in.op, xt.comps
		return func(s *state) {
			s.subgroupSpan(func(lo, hi int) {
				r, seen := op != spirv.OpGroupNonUniformAny, false
				first := 0
				for l := lo; l < hi; l++ {
					if !s.on(l) {
						continue
					}
					switch op {
					case spirv.OpGroupNonUniformAll:
						r = r && s.r[x+l] != 0
					case spirv.OpGroupNonUniformAny:
						r = r || s.r[x+l] != 0
					default:
						if !seen {
							first, seen = l, true
						}
						for c := range comps {
							r = r && s.r[x+c*L+l] == s.r[x+c*L+first]
						}
					}
				}
				for l := lo; l < hi; l++ {
					if s.on(l) {
						s.r[dst+l] = b2u(r)
					}
				}
			})
		}, nil
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown, spirv.OpGroupNonUniformBroadcastFirst:
		x, xt, err := value(1)
		if err != nil {
			return nil, err
		}
		idRow := -1
		if in.op != spirv.OpGroupNonUniformBroadcastFirst {
			if idRow, _, err = value(2); err != nil {
				return nil, err
			}
		}
		op, comps := in.op, xt.comps
		p.k.tmpRows = max(p.k.tmpRows, comps)
		return func(s *state) {
			tmp := s.tmp[:comps*L]
			s.subgroupSpan(func(lo, hi int) {
				firstOn := -1
				for l := lo; l < hi; l++ {
					if !s.on(l) {
						continue
					}
					if firstOn < 0 {
						firstOn = l
					}
					// src is the sub-group local id read; outside the
					// sub-group or at an inactive lane the result is
					// undefined: the lane keeps its own value.
					var src int
					switch op {
					case spirv.OpGroupNonUniformBroadcastFirst:
						src = firstOn - lo
					case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle:
						src = int(uint32(s.r[idRow+l]))
					case spirv.OpGroupNonUniformShuffleXor:
						src = (l - lo) ^ int(uint32(s.r[idRow+l]))
					case spirv.OpGroupNonUniformShuffleUp:
						src = l - lo - int(uint32(s.r[idRow+l]))
					case spirv.OpGroupNonUniformShuffleDown:
						src = l - lo + int(uint32(s.r[idRow+l]))
					}
					from := l
					if src >= 0 && lo+src < hi && s.on(lo+src) {
						from = lo + src
					}
					for c := range comps {
						tmp[c*L+l] = s.r[x+c*L+from]
					}
				}
				for l := lo; l < hi; l++ {
					if s.on(l) {
						for c := range comps {
							s.r[dst+c*L+l] = tmp[c*L+l]
						}
					}
				}
			})
		}, nil
	case spirv.OpGroupNonUniformBallot:
		x, _, err := value(1)
		if err != nil {
			return nil, err
		}
		return func(s *state) {
			s.subgroupSpan(func(lo, hi int) {
				var m uint64
				for l := lo; l < hi; l++ {
					if s.on(l) && s.r[x+l] != 0 {
						m |= 1 << (l - lo)
					}
				}
				for l := lo; l < hi; l++ {
					if s.on(l) {
						s.r[dst+l], s.r[dst+L+l], s.r[dst+2*L+l], s.r[dst+3*L+l] = m, 0, 0, 0
					}
				}
			})
		}, nil
	case spirv.OpGroupNonUniformInverseBallot, spirv.OpGroupNonUniformBallotBitExtract,
		spirv.OpGroupNonUniformBallotFindLSB, spirv.OpGroupNonUniformBallotFindMSB:
		x, _, err := value(1)
		if err != nil {
			return nil, err
		}
		idRow := -1
		if in.op == spirv.OpGroupNonUniformBallotBitExtract {
			if idRow, _, err = value(2); err != nil {
				return nil, err
			}
		}
		op := in.op
		return func(s *state) {
			s.subgroupSpan(func(lo, hi int) {
				for l := lo; l < hi; l++ {
					if !s.on(l) {
						continue
					}
					var r uint64
					switch op {
					case spirv.OpGroupNonUniformInverseBallot:
						r = ballotBit(s, x, l, uint32(l-lo))
					case spirv.OpGroupNonUniformBallotBitExtract:
						r = ballotBit(s, x, l, uint32(s.r[idRow+l]))
					case spirv.OpGroupNonUniformBallotFindLSB:
						r = 0xffffffff
						for c := range 4 {
							if w := groupBits(s.r[x+c*L+l], c); w != 0 {
								r = uint64(32*c + bits.TrailingZeros32(w))
								break
							}
						}
					default:
						r = 0xffffffff
						for c := 3; c >= 0; c-- {
							if w := groupBits(s.r[x+c*L+l], c); w != 0 {
								r = uint64(32*c + 31 - bits.LeadingZeros32(w))
								break
							}
						}
					}
					s.r[dst+l] = r
				}
			})
		}, nil
	case spirv.OpGroupNonUniformBallotBitCount:
		if len(a) < 3 {
			return nil, p.errorf("short instruction")
		}
		gop := spirv.GroupOperation(a[1])
		x, _, err := value(2)
		if err != nil {
			return nil, err
		}
		return func(s *state) {
			s.subgroupSpan(func(lo, hi int) {
				for l := lo; l < hi; l++ {
					if !s.on(l) {
						continue
					}
					n := 0
					for c := range 4 {
						// The scans count the bits below (or at) the
						// lane's id.
						w := groupBits(s.r[x+c*L+l], c)
						id := l - lo - 32*c
						switch gop {
						case spirv.GroupOperationInclusiveScan:
							id++
							fallthrough
						case spirv.GroupOperationExclusiveScan:
							switch {
							case id <= 0:
								w = 0
							case id < 32:
								w &= 1<<id - 1
							}
						}
						n += bits.OnesCount32(w)
					}
					s.r[dst+l] = uint64(n)
				}
			})
		}, nil
	}
	// The arithmetic: reductions, scans and clustered reductions.
	if len(a) < 3 {
		return nil, p.errorf("short instruction")
	}
	gop := spirv.GroupOperation(a[1])
	x, xt, err := value(2)
	if err != nil {
		return nil, err
	}
	st := xt.scalar()
	if rt == nil || rt.comps != xt.comps {
		return nil, p.errorf("%v: result and operand types differ", in.op)
	}
	arith, ok := groupop.New(in.op, st.width)
	if !ok {
		return nil, p.errorf("unsupported instruction %v", in.op)
	}
	combine, id := arith.Combine, arith.Identity()
	cluster := SubgroupWidth
	switch gop {
	case spirv.GroupOperationReduce, spirv.GroupOperationInclusiveScan, spirv.GroupOperationExclusiveScan:
	case spirv.GroupOperationClusteredReduce:
		if len(a) < 4 {
			return nil, p.errorf("%v: ClusteredReduce without a ClusterSize", in.op)
		}
		c, ok := p.consts[a[3]]
		if !ok || c[0] == 0 || c[0]&(c[0]-1) != 0 {
			return nil, p.errorf("%v: ClusterSize must be a constant power of two", in.op)
		}
		cluster = int(min(c[0], SubgroupWidth))
	default:
		return nil, p.errorf("%v: group operation %v is not supported", in.op, gop)
	}
	comps := xt.comps
	p.k.tmpRows = max(p.k.tmpRows, comps)
	return func(s *state) {
		tmp := s.tmp[:comps*L]
		s.subgroupSpan(func(lo, hi int) {
			for clo := lo; clo < hi; clo += cluster {
				chi := min(clo+cluster, hi)
				for c := range comps {
					row := x + c*L
					acc := id
					for l := clo; l < chi; l++ {
						if !s.on(l) {
							continue
						}
						switch gop {
						case spirv.GroupOperationExclusiveScan:
							tmp[c*L+l] = acc
							acc = combine(acc, s.r[row+l])
						case spirv.GroupOperationInclusiveScan:
							acc = combine(acc, s.r[row+l])
							tmp[c*L+l] = acc
						default:
							acc = combine(acc, s.r[row+l])
						}
					}
					for l := clo; l < chi; l++ {
						if !s.on(l) {
							continue
						}
						if gop == spirv.GroupOperationReduce || gop == spirv.GroupOperationClusteredReduce {
							s.r[dst+c*L+l] = acc
						} else {
							s.r[dst+c*L+l] = tmp[c*L+l]
						}
					}
				}
			}
		})
	}, nil
}

// groupBits is word c of a ballot value less the bits of ids SubgroupWidth
// and up: SPIR-V's ballot bit count, scans and find LSB/MSB consider only
// the bits that represent the sub-group's invocations, whatever the value
// holds beyond them (the CTS's subgroup_functions_ballot passes all ones).
func groupBits(v uint64, c int) uint32 {
	w := uint32(v)
	switch n := SubgroupWidth - 32*c; {
	case n <= 0:
		return 0
	case n < 32:
		return w & (1<<n - 1)
	}
	return w
}

// ballotBit is bit i of the ballot value at row x for lane l.
func ballotBit(s *state, x, l int, i uint32) uint64 {
	if i >= 128 {
		return 0
	}
	return s.r[x+int(i/32)*s.lanes+l] >> (i % 32) & 1
}
