package lanes

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// evalSubgroup computes Subgroup op o for one sub-group of n lanes (at
// most 64): act has a bit per lane active at the op, a and id hold each
// lane's operand bits (Mask operands as 0 or 1), and out gets the result
// of each active lane (a Mask result as 0 or 1). The formulas are the
// interpreter's (driver/host's subgroup.go), so results agree bit for bit.
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
	combine := subgroupCombine(spirv.Op(o.Imm), o.Kind, w)
	id := subgroupIdentity(spirv.Op(o.Imm), o.Kind, w)
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
				acc = combine.do(acc, a[l])
			case sgInclusive:
				acc = combine.do(acc, a[l])
				out[l] = acc
			default:
				acc = combine.do(acc, a[l])
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

// sext reads the w-bit integer v as signed.
func sext(v uint64, w int) int64 {
	return int64(v<<(64-w)) >> (64 - w)
}

// subgroupIdentity is what an exclusive scan gives its first lane.
func subgroupIdentity(op spirv.Op, k Kind, w int) uint64 {
	m := widthMask(w)
	fl := func(x float64) uint64 {
		if k == F32 {
			return uint64(math.Float32bits(float32(x)))
		}
		return math.Float64bits(x)
	}
	switch op {
	case spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformLogicalAnd:
		return 1
	case spirv.OpGroupNonUniformFMul:
		return fl(1)
	case spirv.OpGroupNonUniformSMin:
		return m >> 1
	case spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformBitwiseAnd:
		return m
	case spirv.OpGroupNonUniformSMax:
		return m>>1 + 1
	case spirv.OpGroupNonUniformFMin:
		return fl(math.Inf(1))
	case spirv.OpGroupNonUniformFMax:
		return fl(math.Inf(-1))
	}
	return 0 // add, or, xor, umax
}

// sgCombine is the binary operation of an arithmetic instruction on
// w-bit operands of kind k (a value, so that an evaluation allocates
// nothing).
type sgCombine struct {
	op spirv.Op
	k  Kind
	w  int
	m  uint64
}

func subgroupCombine(op spirv.Op, k Kind, w int) sgCombine {
	return sgCombine{op, k, w, widthMask(w)}
}

// fmin and fmax take the number when one operand is a NaN (the
// interpreter's formulas, not nmin's).
func sgFMin(x, y float64) float64 {
	if math.IsNaN(x) || y < x {
		return y
	}
	return x
}

func sgFMax(x, y float64) float64 {
	if math.IsNaN(x) || y > x {
		return y
	}
	return x
}

func (c sgCombine) do(a, b uint64) uint64 {
	switch c.op {
	case spirv.OpGroupNonUniformIAdd:
		return (a + b) & c.m
	case spirv.OpGroupNonUniformIMul:
		return (a * b) & c.m
	case spirv.OpGroupNonUniformSMin:
		if sext(b, c.w) < sext(a, c.w) {
			return b
		}
		return a
	case spirv.OpGroupNonUniformSMax:
		if sext(b, c.w) > sext(a, c.w) {
			return b
		}
		return a
	case spirv.OpGroupNonUniformUMin:
		return min(a, b)
	case spirv.OpGroupNonUniformUMax:
		return max(a, b)
	case spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformLogicalAnd:
		return a & b
	case spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformLogicalOr:
		return a | b
	case spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformLogicalXor:
		return a ^ b
	}
	var x, y float64
	if c.k == F32 {
		x, y = float64(math.Float32frombits(uint32(a))), float64(math.Float32frombits(uint32(b)))
	} else {
		x, y = math.Float64frombits(a), math.Float64frombits(b)
	}
	var r float64
	switch c.op {
	case spirv.OpGroupNonUniformFAdd:
		r = x + y
	case spirv.OpGroupNonUniformFMul:
		r = x * y
	case spirv.OpGroupNonUniformFMin:
		r = sgFMin(x, y)
	case spirv.OpGroupNonUniformFMax:
		r = sgFMax(x, y)
	default:
		return a
	}
	if c.k == F32 {
		// Rounded once to float: the sum or product of two floats is
		// exact in double.
		return uint64(math.Float32bits(float32(r)))
	}
	return math.Float64bits(r)
}
