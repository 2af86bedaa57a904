package host

import (
	"fmt"
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/spirv"
)

// atomic compiles the atomic instructions. Lanes apply them one after the
// other, in lane order. Memory shared between workers (buffers) is changed
// with sync/atomic; Workgroup and per-lane memory belong to one worker and
// are changed with plain loads and stores.
func (p *prep) atomic(in *inst) (func(*state), error) {
	a := in.args
	ptr, err := p.operand(a[0])
	if err != nil {
		return nil, err
	}
	pt := p.vtype[a[0]]
	if pt.op != spirv.OpTypePointer {
		return nil, p.errorf("operand is not a pointer")
	}
	t := pt.elem
	if t.comps != 1 || (t.width != 32 && t.width != 64) {
		return nil, p.errorf("atomic on %s: only 32- and 64-bit scalars are supported", t)
	}
	shared := true
	if r, ok := p.region[a[0]]; ok {
		shared = p.k.regions[r].atomicOK
	}
	switch pt.sc {
	case spirv.StorageClassWorkgroup, spirv.StorageClassFunction, spirv.StorageClassPrivate:
		shared = false
	}
	var val, cmp int = -1, -1
	switch in.op {
	case spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicIAdd, spirv.OpAtomicISub, spirv.OpAtomicSMin, spirv.OpAtomicUMin,
		spirv.OpAtomicSMax, spirv.OpAtomicUMax, spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor, spirv.OpAtomicFAddEXT,
		spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
		if val, err = p.operand(a[3]); err != nil {
			return nil, err
		}
	case spirv.OpAtomicCompareExchange:
		if val, err = p.operand(a[4]); err != nil {
			return nil, err
		}
		if cmp, err = p.operand(a[5]); err != nil {
			return nil, err
		}
	}
	dst := -1
	if in.op != spirv.OpAtomicStore {
		if dst, err = p.operand(in.id); err != nil {
			return nil, err
		}
	}
	w := widthOf(t.width)
	size := t.width / 8
	op := in.op
	float := t.op == spirv.OpTypeFloat
	mem := p.resolver(a[0])
	L := p.lanes
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if !on {
				continue
			}
			m, o := mem(s, pp[l], size)
			addr := unsafe.Pointer(&m[o])
			if uintptr(addr)%uintptr(size) != 0 {
				panic(execError{fmt.Errorf("kernel %s: %s: misaligned %d-byte atomic at offset %d", s.k.name, spelling(op), size, o)})
			}
			var v, c uint64
			if val >= 0 {
				v = s.r[val+l]
			}
			if cmp >= 0 {
				c = s.r[cmp+l]
			}
			var old uint64
			if size == 4 {
				old = uint64(rmw32((*uint32)(addr), op, uint32(v), uint32(c), shared, float))
			} else {
				old = rmw64((*uint64)(addr), op, v, c, shared, float)
			}
			if dst >= 0 {
				s.r[dst+l] = old & w.m
			}
		}
	}, nil
}

// apply computes the new value of an atomic read-modify-write.
func apply(op spirv.Op, old, v, c uint64, w intw, float bool) (uint64, bool) {
	switch op {
	case spirv.OpAtomicLoad:
		return old, false
	case spirv.OpAtomicStore, spirv.OpAtomicExchange:
		return v, true
	case spirv.OpAtomicCompareExchange:
		return v, old == c
	case spirv.OpAtomicIIncrement:
		return (old + 1) & w.m, true
	case spirv.OpAtomicIDecrement:
		return (old - 1) & w.m, true
	case spirv.OpAtomicIAdd:
		return (old + v) & w.m, true
	case spirv.OpAtomicISub:
		return (old - v) & w.m, true
	case spirv.OpAtomicSMin:
		return uint64(min(sx(old, w), sx(v, w))) & w.m, true
	case spirv.OpAtomicSMax:
		return uint64(max(sx(old, w), sx(v, w))) & w.m, true
	case spirv.OpAtomicUMin:
		return min(old, v), true
	case spirv.OpAtomicUMax:
		return max(old, v), true
	case spirv.OpAtomicAnd:
		return old & v, true
	case spirv.OpAtomicOr:
		return old | v, true
	case spirv.OpAtomicXor:
		return old ^ v, true
	case spirv.OpAtomicFAddEXT, spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
		x, y := decodeF(old, w.bits), decodeF(v, w.bits)
		switch op {
		case spirv.OpAtomicFAddEXT:
			x += y
		case spirv.OpAtomicFMinEXT:
			x = fmath.Min(x, y)
		default:
			x = fmath.Max(x, y)
		}
		return encodeF(x, w.bits), true
	}
	return old, false
}

var w32, w64 = widthOf(32), widthOf(64)

func rmw32(p *uint32, op spirv.Op, v, c uint32, shared, float bool) uint32 {
	if !shared {
		old := *p
		if n, ok := apply(op, uint64(old), uint64(v), uint64(c), w32, float); ok {
			*p = uint32(n)
		}
		return old
	}
	switch op {
	case spirv.OpAtomicLoad:
		return atomic.LoadUint32(p)
	case spirv.OpAtomicStore:
		atomic.StoreUint32(p, v)
		return 0
	case spirv.OpAtomicExchange:
		return atomic.SwapUint32(p, v)
	case spirv.OpAtomicIAdd:
		return atomic.AddUint32(p, v) - v
	case spirv.OpAtomicISub:
		return atomic.AddUint32(p, -v) + v
	case spirv.OpAtomicIIncrement:
		return atomic.AddUint32(p, 1) - 1
	case spirv.OpAtomicIDecrement:
		return atomic.AddUint32(p, math.MaxUint32) + 1
	case spirv.OpAtomicAnd:
		return atomic.AndUint32(p, v)
	case spirv.OpAtomicOr:
		return atomic.OrUint32(p, v)
	}
	for {
		old := atomic.LoadUint32(p)
		n, ok := apply(op, uint64(old), uint64(v), uint64(c), w32, float)
		if !ok || atomic.CompareAndSwapUint32(p, old, uint32(n)) {
			return old
		}
	}
}

func rmw64(p *uint64, op spirv.Op, v, c uint64, shared, float bool) uint64 {
	if !shared {
		old := *p
		if n, ok := apply(op, old, v, c, w64, float); ok {
			*p = n
		}
		return old
	}
	switch op {
	case spirv.OpAtomicLoad:
		return atomic.LoadUint64(p)
	case spirv.OpAtomicStore:
		atomic.StoreUint64(p, v)
		return 0
	case spirv.OpAtomicExchange:
		return atomic.SwapUint64(p, v)
	case spirv.OpAtomicIAdd:
		return atomic.AddUint64(p, v) - v
	case spirv.OpAtomicISub:
		return atomic.AddUint64(p, -v) + v
	case spirv.OpAtomicAnd:
		return atomic.AndUint64(p, v)
	case spirv.OpAtomicOr:
		return atomic.OrUint64(p, v)
	}
	for {
		old := atomic.LoadUint64(p)
		n, ok := apply(op, old, v, c, w64, float)
		if !ok || atomic.CompareAndSwapUint64(p, old, n) {
			return old
		}
	}
}
