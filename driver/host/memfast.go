package host

import (
	"encoding/binary"
	"unsafe"
)

// Loads and stores of 32-bit leaves in a region known at prepare time: one
// bounds check per lane for the whole value, then reads and writes through
// a typed view of the checked bytes.

// littleEndian says the host stores words as SPIR-V memory does, so typed
// views read the right bytes.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// at32 is the 32-bit word at byte offset o of m; the caller has checked
// that o+4 <= len(m).
func at32(m []byte, o uint64) *uint32 {
	return (*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(m)), o))
}

// words32 returns the leaf offsets of t if every leaf is a 32-bit number.
func words32(t *typ) ([]uint64, bool) {
	if !littleEndian || t.comps == 0 {
		return nil, false
	}
	offs := make([]uint64, len(t.leaves))
	for i, lf := range t.leaves {
		if lf.bytes != 4 || lf.bool {
			return nil, false
		}
		offs[i] = uint64(lf.off)
	}
	return offs, true
}

// loadStatic32 loads values whose leaves are 32-bit from region rg.
func (p *prep) loadStatic32(dst int, t *typ, ptr, rg int) func(*state) {
	offs, ok := words32(t)
	if !ok || rg < 0 || !p.on(optMemFast) {
		return nil
	}
	L := p.lanes
	size := uint64(t.size)
	if len(offs) == 1 && offs[0] == 0 {
		return func(s *state) {
			d, pp := s.r[dst:dst+L], s.r[ptr:ptr+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if s.full {
				pp = pp[:len(d)]
				for l := range d {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					d[l] = uint64(*at32(m, o))
				}
				return
			}
			for l, on := range s.mask {
				if on {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					d[l] = uint64(*at32(m, o))
				}
			}
		}
	}
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		m := s.regions[rg]
		n := uint64(len(m))
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			o := pp[l] & offMask
			if o+size > n {
				s.fault(pp[l], int(size))
			}
			for c, lo := range offs {
				s.r[dst+c*L+l] = uint64(*at32(m, o+lo))
			}
		}
	}
}

// storeStatic32 stores values whose leaves are 32-bit into region rg.
func (p *prep) storeStatic32(ptr int, t *typ, src, rg int) func(*state) {
	offs, ok := words32(t)
	if !ok || rg < 0 || !p.on(optMemFast) {
		return nil
	}
	L := p.lanes
	size := uint64(t.size)
	if len(offs) == 1 && offs[0] == 0 {
		return func(s *state) {
			v, pp := s.r[src:src+L], s.r[ptr:ptr+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if s.full {
				pp = pp[:len(v)]
				for l := range v {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					*at32(m, o) = uint32(v[l])
				}
				return
			}
			for l, on := range s.mask {
				if on {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					*at32(m, o) = uint32(v[l])
				}
			}
		}
	}
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		m := s.regions[rg]
		n := uint64(len(m))
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			o := pp[l] & offMask
			if o+size > n {
				s.fault(pp[l], int(size))
			}
			for c, lo := range offs {
				*at32(m, o+lo) = uint32(s.r[src+c*L+l])
			}
		}
	}
}
