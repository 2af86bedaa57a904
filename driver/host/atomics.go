package host

import (
	"fmt"
	"math"
	"sync/atomic"
	"unsafe"
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
	if pt.op != opTypePointer {
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
	case scWorkgroup, scFunction, scPrivate:
		shared = false
	}
	var val, cmp int = -1, -1
	switch in.op {
	case opAtomicStore, opAtomicExchange, opAtomicIAdd, opAtomicISub, opAtomicSMin, opAtomicUMin,
		opAtomicSMax, opAtomicUMax, opAtomicAnd, opAtomicOr, opAtomicXor, opAtomicFAddEXT,
		opAtomicFMinEXT, opAtomicFMaxEXT:
		if val, err = p.operand(a[3]); err != nil {
			return nil, err
		}
	case opAtomicCompareExchange:
		if val, err = p.operand(a[4]); err != nil {
			return nil, err
		}
		if cmp, err = p.operand(a[5]); err != nil {
			return nil, err
		}
	}
	dst := -1
	if in.op != opAtomicStore {
		if dst, err = p.operand(in.id); err != nil {
			return nil, err
		}
	}
	w := widthOf(t.width)
	size := t.width / 8
	op := in.op
	float := t.op == opTypeFloat
	L := p.lanes
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if !on {
				continue
			}
			m, o := s.mem(pp[l], size)
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
func apply(op uint16, old, v, c uint64, w intw, float bool) (uint64, bool) {
	switch op {
	case opAtomicLoad:
		return old, false
	case opAtomicStore, opAtomicExchange:
		return v, true
	case opAtomicCompareExchange:
		return v, old == c
	case opAtomicIIncrement:
		return (old + 1) & w.m, true
	case opAtomicIDecrement:
		return (old - 1) & w.m, true
	case opAtomicIAdd:
		return (old + v) & w.m, true
	case opAtomicISub:
		return (old - v) & w.m, true
	case opAtomicSMin:
		return uint64(min(sx(old, w), sx(v, w))) & w.m, true
	case opAtomicSMax:
		return uint64(max(sx(old, w), sx(v, w))) & w.m, true
	case opAtomicUMin:
		return min(old, v), true
	case opAtomicUMax:
		return max(old, v), true
	case opAtomicAnd:
		return old & v, true
	case opAtomicOr:
		return old | v, true
	case opAtomicXor:
		return old ^ v, true
	case opAtomicFAddEXT, opAtomicFMinEXT, opAtomicFMaxEXT:
		x, y := decodeF(old, w.bits), decodeF(v, w.bits)
		switch op {
		case opAtomicFAddEXT:
			x += y
		case opAtomicFMinEXT:
			x = nmin(x, y)
		default:
			x = nmax(x, y)
		}
		return encodeF(x, w.bits), true
	}
	return old, false
}

var w32, w64 = widthOf(32), widthOf(64)

func rmw32(p *uint32, op uint16, v, c uint32, shared, float bool) uint32 {
	if !shared {
		old := *p
		if n, ok := apply(op, uint64(old), uint64(v), uint64(c), w32, float); ok {
			*p = uint32(n)
		}
		return old
	}
	switch op {
	case opAtomicLoad:
		return atomic.LoadUint32(p)
	case opAtomicStore:
		atomic.StoreUint32(p, v)
		return 0
	case opAtomicExchange:
		return atomic.SwapUint32(p, v)
	case opAtomicIAdd:
		return atomic.AddUint32(p, v) - v
	case opAtomicISub:
		return atomic.AddUint32(p, -v) + v
	case opAtomicIIncrement:
		return atomic.AddUint32(p, 1) - 1
	case opAtomicIDecrement:
		return atomic.AddUint32(p, math.MaxUint32) + 1
	case opAtomicAnd:
		return atomic.AndUint32(p, v)
	case opAtomicOr:
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

func rmw64(p *uint64, op uint16, v, c uint64, shared, float bool) uint64 {
	if !shared {
		old := *p
		if n, ok := apply(op, old, v, c, w64, float); ok {
			*p = n
		}
		return old
	}
	switch op {
	case opAtomicLoad:
		return atomic.LoadUint64(p)
	case opAtomicStore:
		atomic.StoreUint64(p, v)
		return 0
	case opAtomicExchange:
		return atomic.SwapUint64(p, v)
	case opAtomicIAdd:
		return atomic.AddUint64(p, v) - v
	case opAtomicISub:
		return atomic.AddUint64(p, -v) + v
	case opAtomicAnd:
		return atomic.AndUint64(p, v)
	case opAtomicOr:
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
