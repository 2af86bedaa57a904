package host

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/clgo/clgo/spirv"
)

// Physical addresses (docs/physical.md). Modules with the
// PhysicalStorageBuffer64 memory model reach global memory through 64-bit
// addresses. On the host device a buffer's address is the process address
// of its first byte: Go's heap does not move objects, and wrapped host
// memory is the caller's, mapped for the buffer's life. Every access
// through an address is resolved against the live buffers below, so an
// address in no buffer, or an access running past a buffer's end, is an
// out-of-bounds access like any other: the process never touches memory
// that is not a buffer.

// liveBuffer is the address range [lo, hi) of a buffer.
type liveBuffer struct {
	lo, hi uintptr
	b      weak.Pointer[buffer]
}

// addressSpace is the set of the device's live buffers, sorted by address
// and disjoint. Accesses read it on every physical load and store from
// every worker, so readers never lock: a change replaces the whole slice.
type addressSpace struct {
	mu   sync.Mutex // serializes changes
	live atomic.Pointer[[]liveBuffer]
}

// liveBuffers is the host device's address space (the driver has one
// device).
var liveBuffers addressSpace

// addr is the address of a buffer's first byte.
func (b *buffer) addr() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b.data))) }

// DeviceAddress is the address of the buffer's first byte
// (driver.AddressedBuffer): kernels use host addresses as they are.
func (b *buffer) DeviceAddress() uint64 { return uint64(b.addr()) }

// add registers b until it is released, or collected unreleased.
func (as *addressSpace) add(b *buffer) {
	lo := b.addr()
	e := liveBuffer{lo: lo, hi: lo + uintptr(len(b.data)), b: weak.Make(b)}
	as.change(func(old []liveBuffer) []liveBuffer {
		// Ranges that overlap the new one belong to collected buffers
		// whose cleanup has not run yet: their memory is reused. (Live
		// buffers never overlap: wrapped memory is the caller's own
		// mapping, never another buffer's bytes.)
		out := make([]liveBuffer, 0, len(old)+1)
		for _, o := range old {
			if o.hi <= e.lo || o.lo >= e.hi {
				out = append(out, o)
			}
		}
		i, _ := slices.BinarySearchFunc(out, e.lo, func(o liveBuffer, lo uintptr) int { return cmpUintptr(o.lo, lo) })
		return slices.Insert(out, i, e)
	})
	runtime.AddCleanup(b, as.remove, e.b)
}

// remove unregisters the buffer w points to, if it is still registered.
func (as *addressSpace) remove(w weak.Pointer[buffer]) {
	as.change(func(old []liveBuffer) []liveBuffer {
		i := slices.IndexFunc(old, func(o liveBuffer) bool { return o.b == w })
		if i < 0 {
			return old
		}
		return slices.Delete(slices.Clone(old), i, i+1)
	})
}

func (as *addressSpace) change(f func([]liveBuffer) []liveBuffer) {
	as.mu.Lock()
	defer as.mu.Unlock()
	var old []liveBuffer
	if p := as.live.Load(); p != nil {
		old = *p
	}
	n := f(old)
	as.live.Store(&n)
}

// find returns the live buffer holding address a, or nil, and a's offset
// in it.
func (as *addressSpace) find(a uint64) (*buffer, uint64) {
	p := as.live.Load()
	if p == nil {
		return nil, 0
	}
	live := *p
	i, found := slices.BinarySearchFunc(live, uintptr(a), func(o liveBuffer, a uintptr) int { return cmpUintptr(o.lo, a) })
	if !found {
		i-- // the last range starting below a
	}
	if i < 0 || uint64(live[i].hi) <= a {
		return nil, 0
	}
	b := live[i].b.Value()
	if b == nil || b.released.Load() {
		return nil, 0
	}
	return b, a - uint64(live[i].lo)
}

func cmpUintptr(a, b uintptr) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// physCache is the buffer of a worker's last physical access: kernels
// mostly run through one buffer at a time. It holds the buffer's bytes,
// so they stay valid however the address space changes, and it is
// emptied when the worker's dispatch ends.
type physCache struct {
	lo uint64
	m  []byte
}

// phys returns the buffer bytes holding the size bytes at address a and
// their offset there; an access that is not inside one live buffer fails
// the dispatch as an out-of-bounds access.
func (s *state) phys(a uint64, size int) ([]byte, uint64) {
	if c := &s.physCache; a-c.lo < uint64(len(c.m)) && a-c.lo+uint64(size) <= uint64(len(c.m)) {
		return c.m, a - c.lo
	}
	b, off := liveBuffers.find(a)
	if b == nil {
		e := &AccessError{Kernel: s.k.name, Memory: fmt.Sprintf("physical address %#x, in no buffer", a),
			Set: -1, Binding: -1, Offset: 0, Size: size}
		s.physFault(e)
	}
	if off+uint64(size) > uint64(len(b.data)) {
		e := &AccessError{Kernel: s.k.name, Memory: fmt.Sprintf("the buffer at physical address %#x", b.addr()),
			Set: -1, Binding: -1, Offset: int64(off), Size: size, Len: len(b.data)}
		s.physFault(e)
	}
	s.physCache = physCache{lo: uint64(b.addr()), m: b.data}
	return b.data, off
}

func (s *state) physFault(e *AccessError) {
	if s.cur != nil {
		e.Op = spelling(s.cur.op)
	}
	panic(execError{e})
}

// physical reports whether the pointer id is a PhysicalStorageBuffer
// pointer: its value is an address, not a region and an offset.
func (p *prep) physical(id uint32) bool {
	t := p.vtype[id]
	return t != nil && t.op == spirv.OpTypePointer && t.sc == spirv.StorageClassPhysicalStorageBuffer
}

// resolver is how accesses through the pointer id find their memory.
func (p *prep) resolver(id uint32) func(*state, uint64, int) ([]byte, uint64) {
	if p.physical(id) {
		return (*state).phys
	}
	return (*state).mem
}

// physLoad compiles OpLoad of a value of type t through the addresses at
// ptr.
func (p *prep) physLoad(dst int, t *typ, ptr int) func(*state) {
	L, size, leaves := p.lanes, t.size, t.leaves
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.phys(pp[l], size)
				for c, lf := range leaves {
					s.r[dst+c*L+l] = readLeaf(m, o, lf)
				}
			}
		}
	}
}

// physStore compiles OpStore of a value of type t through the addresses
// at ptr.
func (p *prep) physStore(ptr int, t *typ, src int) func(*state) {
	L, size, leaves := p.lanes, t.size, t.leaves
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.phys(pp[l], size)
				for c, lf := range leaves {
					writeLeaf(m, o, lf, s.r[src+c*L+l])
				}
			}
		}
	}
}
