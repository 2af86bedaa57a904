package lanes

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// atomic runs an Atomic op lane by lane in lane order. Buffers are shared
// with the other workers' groups, so their words change through
// sync/atomic; Workgroup and Private memory belong to this goroutine.
func (e *Exec) atomic(c int, f []uint64, o *xop, pc int) *Trap {
	r := int(o.imm)
	size := o.kind.Bytes()
	shared := e.p.Regions[r].Kind == RegionBuffer
	for mask := e.maskOf(f, o.m, o.um); mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask)
		off := uint32(lane(f, o.a, o.ua, I32, l))
		m := e.memOf(c, r, l)
		if uint64(off)+uint64(size) > uint64(len(m)) {
			t := e.trapAccess(c, l, pc, o, off)
			t.Size = size
			return t
		}
		var bv, cv uint64
		if o.b >= 0 {
			bv = lane(f, o.b, o.ub, o.kind, l)
		}
		if o.c >= 0 {
			cv = lane(f, o.c, o.uc, o.kind, l)
		}
		var old uint64
		if size == 4 {
			p := (*uint32)(unsafe.Pointer(&m[off]))
			old = uint64(rmw32(p, shared && off%4 == 0, AtomicOp(o.imm2), uint32(bv), uint32(cv)))
		} else {
			p := (*uint64)(unsafe.Pointer(&m[off]))
			old = rmw64(p, shared && off%8 == 0, AtomicOp(o.imm2), bv, cv)
		}
		if o.d >= 0 {
			if size == 4 {
				*(*uint32)(unsafe.Add(unsafe.Pointer(&f[o.d]), 4*l)) = uint32(old)
			} else {
				f[int(o.d)+l] = old
			}
		}
	}
	return nil
}

// atomicValue is the value an atomic sub-operation stores into a word of
// type T (uint32 or uint64) that holds old.
func atomicValue[T uint32 | uint64](op AtomicOp, old, b, c T) (T, bool) {
	switch op {
	case AtomicStore, AtomicXchg:
		return b, true
	case AtomicCmpXchg:
		return b, old == c
	case AtomicAdd:
		return old + b, true
	case AtomicSub:
		return old - b, true
	case AtomicAnd:
		return old & b, true
	case AtomicOr:
		return old | b, true
	case AtomicXor:
		return old ^ b, true
	case AtomicUMin:
		return min(old, b), true
	case AtomicUMax:
		return max(old, b), true
	case AtomicSMin, AtomicSMax:
		// Signed order is the unsigned order with the sign bits flipped.
		sign := ^(^T(0) >> 1)
		if (old^sign < b^sign) == (op == AtomicSMin) {
			return old, true
		}
		return b, true
	case AtomicInc:
		return old + 1, true
	case AtomicDec:
		return old - 1, true
	case AtomicFAdd, AtomicFMin, AtomicFMax:
		return T(newFloat(op, uint64(old), uint64(b), 8*int(unsafe.Sizeof(old)))), true // floatatomic.go
	}
	return old, false
}

func rmw32(p *uint32, shared bool, op AtomicOp, b, c uint32) uint32 {
	if !shared {
		old := *p
		if n, ok := atomicValue(op, old, b, c); ok {
			*p = n
		}
		return old
	}
	switch op {
	case AtomicLoad:
		return atomic.LoadUint32(p)
	case AtomicStore:
		atomic.StoreUint32(p, b)
		return 0
	case AtomicXchg:
		return atomic.SwapUint32(p, b)
	case AtomicAdd:
		return atomic.AddUint32(p, b) - b
	case AtomicInc:
		return atomic.AddUint32(p, 1) - 1
	case AtomicSub:
		return atomic.AddUint32(p, -b) + b
	case AtomicDec:
		return atomic.AddUint32(p, ^uint32(0)) + 1
	case AtomicAnd:
		return atomic.AndUint32(p, b)
	case AtomicOr:
		return atomic.OrUint32(p, b)
	}
	for {
		old := atomic.LoadUint32(p)
		n, ok := atomicValue(op, old, b, c)
		if !ok || atomic.CompareAndSwapUint32(p, old, n) {
			return old
		}
	}
}

func rmw64(p *uint64, shared bool, op AtomicOp, b, c uint64) uint64 {
	if !shared {
		old := *p
		if n, ok := atomicValue(op, old, b, c); ok {
			*p = n
		}
		return old
	}
	switch op {
	case AtomicLoad:
		return atomic.LoadUint64(p)
	case AtomicStore:
		atomic.StoreUint64(p, b)
		return 0
	case AtomicXchg:
		return atomic.SwapUint64(p, b)
	case AtomicAdd:
		return atomic.AddUint64(p, b) - b
	}
	for {
		old := atomic.LoadUint64(p)
		n, ok := atomicValue(op, old, b, c)
		if !ok || atomic.CompareAndSwapUint64(p, old, n) {
			return old
		}
	}
}
