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

// liveBuffer is the address range [lo, hi) of a buffer and its bytes.
// The entry holds the bytes, not the buffer: a buffer nobody holds is
// still collected, and its cleanup removes the entry (b names it).
type liveBuffer struct {
	lo, hi uintptr
	data   []byte
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
	e := liveBuffer{lo: lo, hi: lo + uintptr(len(b.data)), data: b.data, b: weak.Make(b)}
	as.change(func(old []liveBuffer) []liveBuffer {
		// Buffers never overlap while their entries hold their bytes,
		// but wrapped memory is the caller's: an entry it overlaps is
		// stale (memory unmapped without a Release).
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

// find returns the bytes of the live buffer holding address a and the
// buffer's address, or nil.
func (as *addressSpace) find(a uint64) ([]byte, uint64) {
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
	return live[i].data, uint64(live[i].lo)
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

// physCache is the buffer that one physical access instruction reached
// last on a worker: an access mostly stays in one buffer (an argument's),
// and every instruction has its own so that a kernel reading a and b and
// writing c finds each in its cache. It holds the buffer's bytes, so they
// stay valid however the address space changes; a worker's caches are
// emptied when its dispatch ends.
type physCache struct {
	lo uint64
	m  []byte
}

// at returns the offset of the size bytes at address a in the cached
// buffer, and whether they are all in it.
func (c *physCache) at(a uint64, size int) (uint64, bool) {
	o := a - c.lo
	return o, o < uint64(len(c.m)) && uint64(len(c.m))-o >= uint64(size)
}

// phys returns the buffer bytes holding the size bytes at address a and
// their offset there, through cache slot i; an access that is not inside
// one live buffer fails the dispatch as an out-of-bounds access.
func (s *state) phys(i int, a uint64, size int) ([]byte, uint64) {
	c := &s.physCaches[i]
	if o, ok := c.at(a, size); ok {
		return c.m, o
	}
	m, lo := liveBuffers.find(a)
	if m == nil {
		s.physFault(&AccessError{Kernel: s.k.name, Memory: fmt.Sprintf("physical address %#x, in no buffer", a),
			Set: -1, Binding: -1, Size: size})
	}
	if a-lo+uint64(size) > uint64(len(m)) {
		s.physFault(&AccessError{Kernel: s.k.name, Memory: fmt.Sprintf("the buffer at physical address %#x", lo),
			Set: -1, Binding: -1, Offset: int64(a - lo), Size: size, Len: len(m)})
	}
	*c = physCache{lo: lo, m: m}
	return m, a - lo
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

// physSlot gives a physical access instruction its cache slot.
func (p *prep) physSlot() int {
	p.k.physSlots++
	return p.k.physSlots - 1
}

// resolver is how accesses through the pointer id find their memory.
func (p *prep) resolver(id uint32) func(*state, uint64, int) ([]byte, uint64) {
	if !p.physical(id) {
		return (*state).mem
	}
	i := p.physSlot()
	return func(s *state, a uint64, size int) ([]byte, uint64) { return s.phys(i, a, size) }
}

// physLoad compiles OpLoad of a value of type t through the addresses at
// ptr.
func (p *prep) physLoad(dst int, t *typ, ptr int) func(*state) {
	L, size, leaves, i := p.lanes, t.size, t.leaves, p.physSlot()
	return func(s *state) {
		pp, c := s.r[ptr:ptr+L], &s.physCaches[i]
		for l, on := range s.mask {
			if on {
				m, o := c.m, uint64(0)
				if off, ok := c.at(pp[l], size); ok {
					o = off
				} else {
					m, o = s.phys(i, pp[l], size)
				}
				for k, lf := range leaves {
					s.r[dst+k*L+l] = readLeaf(m, o, lf)
				}
			}
		}
	}
}

// physStore compiles OpStore of a value of type t through the addresses
// at ptr.
func (p *prep) physStore(ptr int, t *typ, src int) func(*state) {
	L, size, leaves, i := p.lanes, t.size, t.leaves, p.physSlot()
	return func(s *state) {
		pp, c := s.r[ptr:ptr+L], &s.physCaches[i]
		for l, on := range s.mask {
			if on {
				m, o := c.m, uint64(0)
				if off, ok := c.at(pp[l], size); ok {
					o = off
				} else {
					m, o = s.phys(i, pp[l], size)
				}
				for k, lf := range leaves {
					writeLeaf(m, o, lf, s.r[src+k*L+l])
				}
			}
		}
	}
}
