package host

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Loads, stores and atomics through PhysicalStorageBuffer pointers. Such a
// pointer's value is an address (OpConvertUToPtr and OpConvertPtrToU copy
// it; access chains add to it in the 48 bits of an offset, which hold
// every user-space address of the platforms Go runs on), and an access
// finds its buffer in the address space (addresses.go).

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
	if word(t) {
		return func(s *state) {
			pp, d, c := s.r[ptr:ptr+L], s.r[dst:dst+L], &s.physCaches[i]
			for l, on := range s.mask {
				if on {
					o, ok := c.at(pp[l], size)
					if !ok {
						_, o = s.phys(i, pp[l], size)
					}
					if size == 4 {
						d[l] = uint64(le.Uint32(c.m[o:]))
					} else {
						d[l] = le.Uint64(c.m[o:])
					}
				}
			}
		}
	}
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.phys(i, pp[l], size)
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
	if word(t) {
		return func(s *state) {
			pp, v, c := s.r[ptr:ptr+L], s.r[src:src+L], &s.physCaches[i]
			for l, on := range s.mask {
				if on {
					o, ok := c.at(pp[l], size)
					if !ok {
						_, o = s.phys(i, pp[l], size)
					}
					if size == 4 {
						le.PutUint32(c.m[o:], uint32(v[l]))
					} else {
						le.PutUint64(c.m[o:], v[l])
					}
				}
			}
		}
	}
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.phys(i, pp[l], size)
				for k, lf := range leaves {
					writeLeaf(m, o, lf, s.r[src+k*L+l])
				}
			}
		}
	}
}

// word reports whether t is one 4- or 8-byte scalar (not a bool), the
// usual access, which physLoad and physStore make without the leaf walk.
func word(t *typ) bool {
	return len(t.leaves) == 1 && !t.leaves[0].bool && t.leaves[0].off == 0 && (t.size == 4 || t.size == 8) && int(t.leaves[0].bytes) == t.size
}
