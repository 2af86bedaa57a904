package lanes

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Lane loops of Loads and Stores with a Varying side (results, offsets or
// stored values) of 4- or 8-byte kinds: one loop per leaf size and row
// width, over the lanes of the mask in lane order, with a Uniform offset
// or value read in place (index l&um, um 0 for Uniform, 63 for Varying)
// rather than broadcast. Private regions are one area per lane: lane l's
// bytes at l*stride, each lane's bound the area's size; other regions
// are one memory for every lane (stride 0). The first lane out of bounds
// traps, as run's general path does.

// accessLeaf is the element types of accesses: 1, 2, 4 or 8 bytes.
type accessLeaf interface {
	uint8 | uint16 | uint32 | uint64
}

// leafAt and putLeafAt read and write the leaf at p, whose bytes the
// caller has bounds-checked.
func leafAt[L accessLeaf](p unsafe.Pointer) L {
	if nativeLE {
		return *(*L)(p)
	}
	return getLeaf[L](unsafe.Slice((*byte)(p), unsafe.Sizeof(L(0))))
}

func putLeafAt[L accessLeaf](p unsafe.Pointer, v L) {
	if nativeLE {
		*(*L)(p) = v
		return
	}
	putLeafOf(unsafe.Slice((*byte)(p), unsafe.Sizeof(L(0))), v)
}

func getLeaf[L accessLeaf](m []byte) L {
	switch unsafe.Sizeof(L(0)) {
	case 1:
		return L(m[0])
	case 2:
		return L(binary.LittleEndian.Uint16(m))
	case 4:
		return L(binary.LittleEndian.Uint32(m))
	}
	return L(binary.LittleEndian.Uint64(m))
}

func putLeafOf[L accessLeaf](m []byte, v L) {
	switch unsafe.Sizeof(L(0)) {
	case 1:
		m[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(m, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(m, uint32(v))
	default:
		binary.LittleEndian.PutUint64(m, uint64(v))
	}
}

// loadLanes loads the lanes of mask into d; it returns the first lane
// out of bounds, or -1.
func loadLanes[D uint32 | uint64, L accessLeaf](d []D, m []byte, stride, limit uint64, offs []uint32, om int, mask, full uint64) int {
	size := uint64(unsafe.Sizeof(L(0)))
	if limit > uint64(len(m)) {
		panic("lanes: a lane's memory outside its region")
	}
	// The lanes' accesses, checked against limit, stay inside m.
	mask &= full
	if stride != 0 && uint64(bits.Len64(full))*stride > uint64(len(m)) || len(d) < bits.Len64(full) {
		panic("lanes: Private memory smaller than its lanes")
	}
	p := unsafe.Pointer(unsafe.SliceData(m))
	if mask == full && om == 0 {
		// Every lane at one offset: one bound check.
		off := uint64(offs[0])
		if off+size > limit {
			return 0
		}
		if stride == 0 {
			v := D(leafAt[L](unsafe.Add(p, off)))
			for l := range d {
				d[l] = v
			}
			return -1
		}
		for l := range d {
			d[l] = D(leafAt[L](unsafe.Add(p, uint64(l)*stride+off)))
		}
		return -1
	}
	if mask == full && stride == 0 {
		offs = offs[:len(d)]
		for l, off := range offs {
			if uint64(off)+size > limit {
				return l
			}
			d[l] = D(leafAt[L](unsafe.Add(p, off)))
		}
		return -1
	}
	if mask == full {
		offs = offs[:len(d)]
		for l, off := range offs {
			if uint64(off)+size > limit {
				return l
			}
			d[l] = D(leafAt[L](unsafe.Add(p, uint64(l)*stride+uint64(off))))
		}
		return -1
	}
	for ; mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask) & 63
		off := uint64(offs[l&om])
		if off+size > limit {
			return l
		}
		d[l] = D(leafAt[L](unsafe.Add(p, uint64(l)*stride+off)))
	}
	return -1
}

// storeLanes stores the lanes of mask from v; it returns the first lane
// out of bounds, or -1.
func storeLanes[V uint32 | uint64, L accessLeaf](m []byte, stride, limit uint64, offs []uint32, om int, v []V, vm int, mask, full uint64) int {
	size := uint64(unsafe.Sizeof(L(0)))
	if limit > uint64(len(m)) {
		panic("lanes: a lane's memory outside its region")
	}
	mask &= full
	if stride != 0 && uint64(bits.Len64(full))*stride > uint64(len(m)) {
		panic("lanes: Private memory smaller than its lanes")
	}
	p := unsafe.Pointer(unsafe.SliceData(m))
	if mask == full && om == 63 && vm == 63 {
		offs = offs[:len(v)]
		for l, off := range offs {
			if uint64(off)+size > limit {
				return l
			}
			putLeafAt(unsafe.Add(p, uint64(l)*stride+uint64(off)), L(v[l]))
		}
		return -1
	}
	if mask == full && om == 0 && vm == 63 && stride != 0 {
		// Every lane's own area at one offset: one bound check.
		off := uint64(offs[0])
		if off+size > limit {
			return 0
		}
		for l, x := range v {
			putLeafAt(unsafe.Add(p, uint64(l)*stride+off), L(x))
		}
		return -1
	}
	for ; mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask) & 63
		off := uint64(offs[l&om])
		if off+size > limit {
			return l
		}
		putLeafAt(unsafe.Add(p, uint64(l)*stride+off), L(v[l&vm]))
	}
	return -1
}

// laneMem is the memory of region r for chunk c's lanes: the bytes, lane
// l's start (l*stride) and each lane's bound.
func (e *Exec) laneMem(c, r int) (m []byte, stride, limit uint64) {
	rg := &e.p.Regions[r]
	if rg.Kind == RegionPrivate {
		return e.priv[c][r], uint64(rg.Size), uint64(rg.Size)
	}
	m = e.mem[r]
	return m, 0, uint64(len(m))
}

// memFunc runs a bound Load or Store (bindMem) for chunk c; pc is its
// op's index, for traps.
type memFunc func(e *Exec, c int, f []uint64, o *xop, pc int) *Trap

// bindMem is the loop of a Load with a Uniform result or a Varying one
// of a 4- or 8-byte kind, or of a Store of such a kind; nil for run's
// general path (Mask values).
func bindMem(x *xop) memFunc {
	switch {
	case x.code == Load && x.ud:
		switch x.imm2 {
		case 1:
			return loadUniOp[uint8]
		case 2:
			return loadUniOp[uint16]
		case 4:
			return loadUniOp[uint32]
		case 8:
			return loadUniOp[uint64]
		}
	case x.code == Load && !x.ud && x.dk != Mask && x.dk.Bytes() == 4:
		switch x.imm2 {
		case 1:
			return loadOp[uint32, uint8]
		case 2:
			return loadOp[uint32, uint16]
		case 4:
			return loadOp[uint32, uint32]
		}
	case x.code == Load && !x.ud && x.dk != Mask:
		switch x.imm2 {
		case 1:
			return loadOp[uint64, uint8]
		case 2:
			return loadOp[uint64, uint16]
		case 4:
			return loadOp[uint64, uint32]
		case 8:
			return loadOp[uint64, uint64]
		}
	case x.code == Store && x.kind != Mask && x.kind.Bytes() == 4:
		switch x.imm2 {
		case 1:
			return storeOp[uint32, uint8]
		case 2:
			return storeOp[uint32, uint16]
		case 4:
			return storeOp[uint32, uint32]
		}
	case x.code == Store && x.kind != Mask:
		switch x.imm2 {
		case 1:
			return storeOp[uint64, uint8]
		case 2:
			return storeOp[uint64, uint16]
		case 4:
			return storeOp[uint64, uint32]
		case 8:
			return storeOp[uint64, uint64]
		}
	}
	return nil
}

// contiguous reports whether offsets offs of an access of L leaves whose
// Form is affine with stride the leaf's size (xop.contig) make one run
// of C leaves in bounds of limit: lane C-1 exactly (C-1)*size above lane
// 0 (no lane wrapped or is poison, Form's contract) and in bounds. It
// returns lane 0's offset.
func contiguous[L accessLeaf](offs []uint32, C int, limit uint64) (uint64, bool) {
	size := uint64(unsafe.Sizeof(L(0)))
	o0, last := uint64(offs[0]), uint64(offs[C-1])
	return o0, last == o0+uint64(C-1)*size && last+size <= limit
}

// loadUniOp is a Load of a Uniform result: one load, if some lane of
// the mask is set.
func loadUniOp[L accessLeaf](e *Exec, c int, f []uint64, o *xop, pc int) *Trap {
	mask := e.maskOf(f, o.m, o.um)
	if mask == 0 {
		return nil
	}
	m, off := e.mem[o.imm], uint32(f[o.a])
	if uint64(off)+uint64(unsafe.Sizeof(L(0))) > uint64(len(m)) {
		return e.trapAccess(c, bits.TrailingZeros64(mask), pc, o, off)
	}
	f[o.d] = uint64(leafAt[L](unsafe.Add(unsafe.Pointer(unsafe.SliceData(m)), off)))
	return nil
}

func loadOp[D uint32 | uint64, L accessLeaf](e *Exec, c int, f []uint64, o *xop, pc int) *Trap {
	mask := e.maskOf(f, o.m, o.um)
	m, stride, limit := e.laneMem(c, int(o.imm))
	offs, om := opRowOf[uint32](f, o.a, o.ua, e.C)
	if o.contig && mask != 0 {
		if o0, ok := contiguous[L](offs, e.C, limit); ok {
			// Every lane's offset is in bounds, so every lane may be
			// read (lanes outside the mask keep no defined value).
			d := rowOf[D](f, o.d, e.C)
			if nativeLE && unsafe.Sizeof(D(0)) == unsafe.Sizeof(L(0)) {
				copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(d))), len(d)*int(unsafe.Sizeof(D(0)))), m[o0:])
				return nil
			}
			p, size := unsafe.Add(unsafe.Pointer(unsafe.SliceData(m)), o0), unsafe.Sizeof(L(0))
			for l := range d {
				d[l] = D(leafAt[L](unsafe.Add(p, uintptr(l)*size)))
			}
			return nil
		}
	}
	if bad := loadLanes[D, L](rowOf[D](f, o.d, e.C), m, stride, limit, offs, om, mask, e.full); bad >= 0 {
		return e.trapAccess(c, bad, pc, o, offs[bad&om])
	}
	return nil
}

func storeOp[V uint32 | uint64, L accessLeaf](e *Exec, c int, f []uint64, o *xop, pc int) *Trap {
	mask := e.maskOf(f, o.m, o.um)
	m, stride, limit := e.laneMem(c, int(o.imm))
	offs, om := opRowOf[uint32](f, o.a, o.ua, e.C)
	v, vm := opRowOf[V](f, o.b, o.ub, e.C)
	if o.contig && mask == e.full && vm == 63 {
		if o0, ok := contiguous[L](offs, e.C, limit); ok {
			// Disjoint leaves, every lane in bounds: lane order is moot.
			if nativeLE && unsafe.Sizeof(V(0)) == unsafe.Sizeof(L(0)) {
				copy(m[o0:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*int(unsafe.Sizeof(V(0)))))
				return nil
			}
			p, size := unsafe.Add(unsafe.Pointer(unsafe.SliceData(m)), o0), unsafe.Sizeof(L(0))
			for l, x := range v {
				putLeafAt(unsafe.Add(p, uintptr(l)*size), L(x))
			}
			return nil
		}
	}
	if bad := storeLanes[V, L](m, stride, limit, offs, om, v, vm, mask, e.full); bad >= 0 {
		return e.trapAccess(c, bad, pc, o, offs[bad&om])
	}
	return nil
}
