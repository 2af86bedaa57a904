package host

import (
	"encoding/binary"
	"fmt"

	"github.com/clgo/clgo/spirv"
)

var le = binary.LittleEndian

// mem returns the region a pointer points into and its byte offset, after
// checking that size bytes there are in bounds; otherwise the dispatch fails.
func (s *state) mem(p uint64, size int) ([]byte, uint64) {
	r := p >> offBits
	off := p & offMask
	if r < uint64(len(s.regions)) {
		m := s.regions[r]
		if off+uint64(size) <= uint64(len(m)) {
			return m, off
		}
	}
	s.fault(p, size)
	return nil, 0
}

func (s *state) fault(p uint64, size int) {
	r := p >> offBits
	off := int64(p&offMask) << (64 - offBits) >> (64 - offBits)
	e := &AccessError{Kernel: s.k.name, Memory: "invalid pointer", Set: -1, Binding: -1, Offset: off, Size: size}
	if s.cur != nil {
		e.Op = spelling(s.cur.op)
	}
	if r < uint64(len(s.regions)) {
		rg := &s.k.regions[r]
		e.Memory, e.Set, e.Binding, e.Len = rg.name, rg.set, rg.binding, len(s.regions[r])
		if rg.kind == regionLane && rg.size > 0 {
			// The lane is not known here (access chains into a private
			// variable check their lane's copy themselves): the offset is
			// from the first lane's copy, which is exact for lane 0.
			if n := len(s.regions[r]) / rg.size; n > 1 {
				e.Memory = fmt.Sprintf("%s (the copies of %d work-items, %d bytes each)", rg.name, n, rg.size)
			}
		}
	}
	panic(execError{e})
}

func readLeaf(m []byte, off uint64, lf leaf) uint64 {
	o := off + uint64(lf.off)
	switch lf.bytes {
	case 1:
		return uint64(m[o])
	case 2:
		return uint64(le.Uint16(m[o:]))
	case 4:
		v := uint64(le.Uint32(m[o:]))
		if lf.bool {
			return b2u(v != 0)
		}
		return v
	}
	return le.Uint64(m[o:])
}

func writeLeaf(m []byte, off uint64, lf leaf, v uint64) {
	o := off + uint64(lf.off)
	switch lf.bytes {
	case 1:
		m[o] = byte(v)
	case 2:
		le.PutUint16(m[o:], uint16(v))
	case 4:
		le.PutUint32(m[o:], uint32(v))
	default:
		le.PutUint64(m[o:], v)
	}
}

// load compiles OpLoad of a value of type t through the pointers at ptr;
// rg is the pointers' region when known statically, else -1.
func (p *prep) load(dst int, t *typ, ptr int, rg int) func(*state) {
	if f := p.loadStatic32(dst, t, ptr, rg); f != nil {
		return f
	}
	L := p.lanes
	size := t.size
	if t.comps == 1 && t.leaves[0].bytes == 4 && !t.leaves[0].bool && rg >= 0 {
		return func(s *state) {
			d, pp := s.r[dst:dst+L], s.r[ptr:ptr+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if s.full {
				for l, x := range pp {
					o := x & offMask
					if o+4 > n {
						s.fault(x, 4)
					}
					d[l] = uint64(le.Uint32(m[o:]))
				}
				return
			}
			for l, on := range s.mask {
				if on {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					d[l] = uint64(le.Uint32(m[o:]))
				}
			}
		}
	}
	if t.comps == 1 && t.leaves[0].bytes == 4 && !t.leaves[0].bool {
		return func(s *state) {
			d, pp := s.r[dst:dst+L], s.r[ptr:ptr+L]
			for l, on := range s.mask {
				if on {
					m, o := s.mem(pp[l], 4)
					d[l] = uint64(le.Uint32(m[o:]))
				}
			}
		}
	}
	leaves := t.leaves
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.mem(pp[l], size)
				for c, lf := range leaves {
					s.r[dst+c*L+l] = readLeaf(m, o, lf)
				}
			}
		}
	}
}

// store compiles OpStore of a value of type t through the pointers at ptr.
func (p *prep) store(ptr int, t *typ, src int, rg int) func(*state) {
	if f := p.storeStatic32(ptr, t, src, rg); f != nil {
		return f
	}
	L := p.lanes
	size := t.size
	if t.comps == 1 && t.leaves[0].bytes == 4 && rg >= 0 {
		return func(s *state) {
			v, pp := s.r[src:src+L], s.r[ptr:ptr+L]
			m := s.regions[rg]
			n := uint64(len(m))
			for l, on := range s.mask {
				if on {
					o := pp[l] & offMask
					if o+4 > n {
						s.fault(pp[l], 4)
					}
					le.PutUint32(m[o:], uint32(v[l]))
				}
			}
		}
	}
	if t.comps == 1 && t.leaves[0].bytes == 4 {
		return func(s *state) {
			v, pp := s.r[src:src+L], s.r[ptr:ptr+L]
			for l, on := range s.mask {
				if on {
					m, o := s.mem(pp[l], 4)
					le.PutUint32(m[o:], uint32(v[l]))
				}
			}
		}
	}
	leaves := t.leaves
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.mem(pp[l], size)
				for c, lf := range leaves {
					writeLeaf(m, o, lf, s.r[src+c*L+l])
				}
			}
		}
	}
}

// storeConst stores a constant through the pointers at ptr (initializers).
func (p *prep) storeConst(ptr int, t *typ, vals []uint64) func(*state) {
	L := p.lanes
	size := t.size
	leaves := t.leaves
	return func(s *state) {
		pp := s.r[ptr : ptr+L]
		for l, on := range s.mask {
			if on {
				m, o := s.mem(pp[l], size)
				for c, lf := range leaves {
					writeLeaf(m, o, lf, vals[c])
				}
			}
		}
	}
}

// copyMemory compiles OpCopyMemory: size bytes per lane; dstMem and
// srcMem resolve the pointers (prep.resolver).
func (p *prep) copyMemory(dstPtr, srcPtr, size int, dstMem, srcMem func(*state, uint64, int) ([]byte, uint64)) func(*state) {
	L := p.lanes
	return func(s *state) {
		dp, sp := s.r[dstPtr:dstPtr+L], s.r[srcPtr:srcPtr+L]
		for l, on := range s.mask {
			if on {
				sm, so := srcMem(s, sp[l], size)
				dm, do := dstMem(s, dp[l], size)
				copy(dm[do:do+uint64(size)], sm[so:so+uint64(size)])
			}
		}
	}
}

type dynIndex struct {
	off    int // register offset of the index
	w      intw
	stride int64
}

// accessChain compiles OpAccessChain and its variants: the pointer plus a
// constant offset plus, per dynamic index, the index times its stride.
// Offsets wrap within the 48-bit field; bounds are checked at the access,
// and, for a chain into a private (per-lane) variable, here too: every
// lane's copy of the variable lies in one region, so an index past the
// copy's end would reach the next work-item's copy unnoticed.
func (p *prep) accessChain(in *inst, elem bool) (func(*state), error) {
	f, cur, err := p.chain(in, elem)
	if f == nil || err != nil {
		return f, err
	}
	r := p.staticRegion(in.args[0])
	if r < 0 || p.k.regions[r].kind != regionLane {
		return f, nil
	}
	rg := &p.k.regions[r]
	size := int64(rg.size)
	// OpAccessChain must stay inside the variable (the element it points
	// to is whole); OpPtrAccessChain may point one past its end.
	limit := size - int64(cur.size)
	if elem || cur.size <= 0 || limit < 0 {
		limit = size
	}
	dst, L, op := p.row[in.id]*p.lanes, p.lanes, spelling(in.op)
	return func(s *state) {
		f(s)
		d := s.r[dst : dst+L]
		for l, x := range d {
			if !s.full && !s.mask[l] {
				continue
			}
			o := int64(x<<(64-offBits))>>(64-offBits) - int64(l)*size
			if o < 0 || o > limit {
				panic(execError{&AccessError{Kernel: s.k.name, Memory: rg.name, Set: -1, Binding: -1,
					Offset: o, Size: max(cur.size, 1), Len: rg.size, Op: op}})
			}
		}
	}, nil
}

// chain compiles an access chain without the private-variable check; it
// returns the type the result points to.
func (p *prep) chain(in *inst, elem bool) (func(*state), *typ, error) {
	if len(in.args) < 1 {
		return nil, nil, p.errorf("short instruction")
	}
	if _, ok := p.promotedPart[in.id]; ok || p.fused[in.id] != nil || p.dynPart[in.id] != nil {
		return nil, nil, nil // its loads and stores compute it
	}
	base, err := p.operand(in.args[0])
	if err != nil {
		return nil, nil, err
	}
	pt := p.vtype[in.args[0]]
	if pt == nil || pt.op != spirv.OpTypePointer {
		return nil, nil, p.errorf("base %%%d is not a pointer", in.args[0])
	}
	cur := pt.elem
	var coff int64
	var dyn []dynIndex
	idx := in.args[1:]
	add := func(id uint32, stride int64) error {
		if c, ok := p.consts[id]; ok {
			coff += sx(c[0], widthOf(p.vtype[id].width)) * stride
			return nil
		}
		off, err := p.operand(id)
		if err != nil {
			return err
		}
		dyn = append(dyn, dynIndex{off, widthOf(p.vtype[id].width), stride})
		return nil
	}
	if elem {
		if len(idx) == 0 {
			return nil, nil, p.errorf("missing Element operand")
		}
		if err := add(idx[0], int64(pt.stride)); err != nil {
			return nil, nil, err
		}
		idx = idx[1:]
	}
	for _, id := range idx {
		switch cur.op {
		case spirv.OpTypeStruct:
			c, ok := p.consts[id]
			if !ok || c[0] >= uint64(len(cur.members)) {
				return nil, nil, p.errorf("struct index %%%d is not a constant member number", id)
			}
			coff += int64(cur.offs[c[0]])
			cur = cur.members[c[0]]
		case spirv.OpTypeArray, spirv.OpTypeRuntimeArray, spirv.OpTypeVector, spirv.OpTypeMatrix:
			if err := add(id, int64(cur.stride)); err != nil {
				return nil, nil, err
			}
			cur = cur.elem
		default:
			return nil, nil, p.errorf("index into non-composite %s", cur)
		}
	}
	dst := p.row[in.id] * p.lanes
	L := p.lanes
	k := uint64(coff)
	if b, ok := p.coff[in.args[0]]; ok && len(dyn) == 0 && p.coff != nil {
		p.coff[in.id] = b + coff
	}
	switch len(dyn) {
	case 0:
		return func(s *state) {
			d, b := s.out(dst, L), s.r[base:base+L]
			for l := range d {
				d[l] = b[l]&^offMask | (b[l]+k)&offMask
			}
		}, cur, nil
	case 1:
		x, w, st := dyn[0].off, dyn[0].w, dyn[0].stride
		if w.bits == 32 {
			return func(s *state) {
				d, b, i := s.out(dst, L), s.r[base:base+L], s.r[x:x+L]
				i = i[:len(d)]
				b = b[:len(d)]
				for l := range d {
					d[l] = b[l]&^offMask | (b[l]+k+uint64(int64(int32(i[l]))*st))&offMask
				}
			}, cur, nil
		}
	}
	// Several indices: one pass per index over the lanes.
	return func(s *state) {
		d, b := s.out(dst, L), s.r[base:base+L]
		b = b[:len(d)]
		for l := range d {
			d[l] = b[l] + k
		}
		for _, di := range dyn {
			x, st := s.r[di.off:di.off+L], di.stride
			x = x[:len(d)]
			if di.w.bits == 32 {
				for l := range d {
					d[l] += uint64(int64(int32(x[l])) * st)
				}
				continue
			}
			for l := range d {
				d[l] += uint64(sx(x[l], di.w) * st)
			}
		}
		for l := range d {
			d[l] = b[l]&^offMask | d[l]&offMask
		}
	}, cur, nil
}

// arrayLength compiles OpArrayLength: the elements of a runtime array that
// fit in the bound buffer.
func (p *prep) arrayLength(in *inst) (func(*state), error) {
	if len(in.args) < 2 {
		return nil, p.errorf("short instruction")
	}
	ptr, err := p.operand(in.args[0])
	if err != nil {
		return nil, err
	}
	pt := p.vtype[in.args[0]]
	if pt.op != spirv.OpTypePointer || pt.elem.op != spirv.OpTypeStruct || int(in.args[1]) >= len(pt.elem.members) {
		return nil, p.errorf("not a pointer to a struct member")
	}
	st := pt.elem
	moff := uint64(st.offs[in.args[1]])
	stride := uint64(max(st.members[in.args[1]].stride, 1))
	dst := p.row[in.id] * p.lanes
	L := p.lanes
	return func(s *state) {
		d, pp := s.out(dst, L), s.r[ptr:ptr+L]
		for l := range d {
			r, off := pp[l]>>offBits, pp[l]&offMask
			var n uint64
			if r < uint64(len(s.regions)) {
				if m := uint64(len(s.regions[r])); off+moff <= m {
					n = (m - off - moff) / stride
				}
			}
			d[l] = n & 0xffffffff
		}
	}, nil
}

// ptrDiff compiles OpPtrDiff: the difference of offsets in elements.
func (p *prep) ptrDiff(in *inst) (func(*state), error) {
	a, err := p.operand(in.args[0])
	if err != nil {
		return nil, err
	}
	b, err := p.operand(in.args[1])
	if err != nil {
		return nil, err
	}
	pt := p.vtype[in.args[0]]
	size := int64(max(pt.stride, 1))
	w := widthOf(p.types[in.typ].width)
	dst := p.row[in.id] * p.lanes
	L := p.lanes
	return func(s *state) {
		d, x, y := s.out(dst, L), s.r[a:a+L], s.r[b:b+L]
		for l := range d {
			diff := int64((x[l]&offMask)<<(64-offBits)) >> (64 - offBits)
			diff -= int64((y[l]&offMask)<<(64-offBits)) >> (64 - offBits)
			d[l] = uint64(diff/size) & w.m
		}
	}, nil
}

func (rg *region) String() string { return fmt.Sprintf("%s", rg.name) }
