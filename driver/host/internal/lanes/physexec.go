package lanes

import (
	"math/bits"
	"unsafe"
)

// The Go executor's Phys ops: accesses through PhysicalStorageBuffer
// pointers, whose values are addresses in the host's address space. Each
// access finds its buffer through Group.Phys (driver/host's live buffers), with a one-entry cache: an access mostly
// stays in the buffer the last one reached.

// physCache is the live buffer a Phys op reached last in this group.
type physCache struct {
	lo uint64
	m  []byte
}

// physBytes is the memory from address a on, at least size bytes of one
// live buffer, or false.
func (e *Exec) physBytes(a uint64, size int) ([]byte, bool) {
	if o := a - e.phys.lo; e.phys.m != nil && o < uint64(len(e.phys.m)) && uint64(len(e.phys.m))-o >= uint64(size) {
		return e.phys.m[o:], true
	}
	if e.g.Phys == nil {
		return nil, false
	}
	m, lo := e.g.Phys(a)
	if m == nil || a-lo+uint64(size) > uint64(len(m)) {
		return nil, false
	}
	e.phys = physCache{lo: lo, m: m}
	return m[a-lo:], true
}

// physical runs a PhysLoad, PhysStore or PhysAtomic op lane by lane in
// lane order.
func (e *Exec) physical(c int, f []uint64, o *xop, pc int) *Trap {
	size := int(o.imm2)
	if o.code == PhysAtomic {
		size = o.kind.Bytes()
	}
	for mask := e.maskOf(f, o.m, o.um); mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask)
		a := lane(f, o.a, o.ua, I64, l)
		m, ok := e.physBytes(a, size)
		if !ok {
			return &Trap{Code: TrapPhysical, Op: pc, Lane: c*e.C + l, Region: -1, Addr: a, Size: size}
		}
		switch o.code {
		case PhysLoad:
			x := readLeaf(m, size)
			if o.dk.Bytes() == 8 {
				f[int(o.d)+l] = x
			} else {
				*(*uint32)(unsafe.Add(unsafe.Pointer(&f[o.d]), 4*l)) = uint32(x)
			}
		case PhysStore:
			putLeaf(m, size, lane(f, o.b, o.ub, o.kind, l))
		case PhysAtomic:
			var bv, cv uint64
			if o.b >= 0 {
				bv = lane(f, o.b, o.ub, o.kind, l)
			}
			if o.c >= 0 {
				cv = lane(f, o.c, o.uc, o.kind, l)
			}
			// Buffers are shared with other workers: aligned words change
			// through sync/atomic (rmw32, rmw64).
			aligned := uintptr(unsafe.Pointer(&m[0]))%uintptr(size) == 0
			var old uint64
			if size == 4 {
				old = uint64(rmw32((*uint32)(unsafe.Pointer(&m[0])), aligned, AtomicOp(o.imm2), uint32(bv), uint32(cv)))
			} else {
				old = rmw64((*uint64)(unsafe.Pointer(&m[0])), aligned, AtomicOp(o.imm2), bv, cv)
			}
			if o.d >= 0 {
				if size == 4 {
					*(*uint32)(unsafe.Add(unsafe.Pointer(&f[o.d]), 4*l)) = uint32(old)
				} else {
					f[int(o.d)+l] = old
				}
			}
		}
	}
	return nil
}
