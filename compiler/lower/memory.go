package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// value is a lowered rvalue: an SSA id of the value type of t, or for a
// pointer type a (resource, offset) pair.
type value struct {
	t   types.Type
	id  spirv.ID
	ptr *ptrVal
}

// ptrVal is a pointer: one of objs (a nil entry is the null pointer), chosen
// by sel when there are several, and an offset counted in elements of the
// object's unit type (typed objects) or in bytes (word objects).
type ptrVal struct {
	objs []*object
	sel  spirv.ID
	off  spirv.ID
}

type placeKind uint8

const (
	pChain    placeKind = iota // a variable and an access chain into it
	pFlat                      // a sub-array of a flattened typed object, from element idx on
	pWords                     // the bytes at boff of a 32-bit word array (base+chain)
	pComp                      // components of a vector place
	pDispatch                  // one of several objects, chosen at run time
	pPhys                      // global memory at a 64-bit device address (physical.go)
)

// place is a lowered lvalue: something that can be loaded and stored.
type place struct {
	kind   placeKind
	t      types.Type
	base   spirv.ID
	sc     spirv.StorageClass
	chain  []spirv.ID
	layout bool     // pointee types are explicitly laid out (memType)
	obj    *object  // the object the place lies in (pChain, pWords, pFlat)
	pre    int      // pChain in an object: chain length before the element index
	idx    spirv.ID // pFlat
	boff   spirv.ID // pWords
	parent *place   // pComp
	// unaligned: pWords inside a packed struct, so that scalars may lie at
	// any byte offset (see unaligned.go).
	unaligned bool
	comps     []int
	ptr       *ptrVal             // pDispatch
	sub       func(*place) *place // pDispatch: the path below the object
	baseT     types.Type          // pDispatch: the type at the pointer
	addr      spirv.ID            // pPhys: the device address (64 bits)
	align     int64               // pPhys: the alignment addr is known to have
}

func layoutClass(sc spirv.StorageClass) bool {
	switch sc {
	case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform, spirv.StorageClassPushConstant, spirv.StorageClassPhysicalStorageBuffer:
		return true
	}
	return false
}

func (fs *fnState) withChain(p *place, t types.Type, idx ...spirv.ID) *place {
	q := *p
	q.t = t
	q.chain = append(append([]spirv.ID(nil), p.chain...), idx...)
	return &q
}

// ptrTo returns a SPIR-V pointer to a pChain place.
func (fs *fnState) ptrTo(p *place) spirv.ID {
	return fs.chainPtr(p, fs.placeType(p))
}

func (fs *fnState) placeType(p *place) spirv.ID {
	if p.layout {
		return fs.memType(p.t)
	}
	return fs.valType(p.t)
}

func (fs *fnState) chainPtr(p *place, elem spirv.ID) spirv.ID {
	if len(p.chain) == 0 {
		return p.base
	}
	pt := fs.b.TypePointer(p.sc, elem)
	return fs.b.EmitIDs(spirv.OpAccessChain, pt, append([]spirv.ID{p.base}, p.chain...)...)
}

// load reads the value of a place.
func (fs *fnState) load(p *place) spirv.ID {
	switch p.kind {
	case pChain:
		if isStructUnion(p.t) {
			return fs.load(fs.wordsOf(p))
		}
		v := fs.b.EmitIDs(spirv.OpLoad, fs.placeType(p), fs.ptrTo(p))
		if p.layout && hasLayoutTypes(p.t) {
			v = fs.toVal(v, p.t)
		}
		return v
	case pFlat:
		// A whole sub-array: gather its elements.
		at := types.Underlying(p.t).(*types.Array)
		parts := make([]spirv.ID, at.Len)
		for i := range parts {
			parts[i] = fs.load(fs.index(p, fs.u32(uint32(i)), at.Elem))
		}
		return fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(p.t), parts...)
	case pWords:
		return fs.loadWords(p, p.boff, p.t)
	case pComp:
		if len(p.comps) == 1 {
			return fs.load(fs.compPlace(p.parent, p.comps[0]))
		}
		v := fs.load(p.parent)
		return fs.shuffle(v, p.parent.t, p.comps, p.t)
	case pDispatch:
		return fs.dispatch(p, func(q *place) spirv.ID { return fs.load(q) }, fs.valType(p.t))
	case pPhys:
		return fs.physLoad(p)
	}
	panic("lower: bad place")
}

// store writes v (of the value type of p.t) into a place.
func (fs *fnState) store(p *place, v spirv.ID) {
	switch p.kind {
	case pChain:
		if isStructUnion(p.t) {
			fs.store(fs.wordsOf(p), v)
			return
		}
		if p.layout && hasLayoutTypes(p.t) {
			v = fs.toMem(v, p.t)
		}
		fs.b.EmitIDs(spirv.OpStore, 0, fs.ptrTo(p), v)
	case pFlat:
		at := types.Underlying(p.t).(*types.Array)
		for i := int64(0); i < at.Len; i++ {
			e := fs.b.Emit(spirv.OpCompositeExtract, fs.valType(at.Elem), uint32(v), uint32(i))
			fs.store(fs.index(p, fs.u32(uint32(i)), at.Elem), e)
		}
	case pWords:
		fs.storeWords(p, p.boff, p.t, v)
	case pComp:
		// Component by component: other work-items may write the other
		// components of the same vector.
		for i, c := range p.comps {
			e := v
			if len(p.comps) > 1 {
				e = fs.extract(v, p.t, i)
			}
			fs.store(fs.compPlace(p.parent, c), e)
		}
	case pDispatch:
		fs.dispatch(p, func(q *place) spirv.ID { fs.store(q, v); return 0 }, 0)
	case pPhys:
		fs.physStore(p, v)
	}
}

func isStructUnion(t types.Type) bool {
	s, ok := types.Underlying(t).(*types.Struct)
	return ok && (s.Union || len(s.Fields) == 0)
}

// wordsOf views a pChain place holding a union (a word array) as words.
func (fs *fnState) wordsOf(p *place) *place {
	q := *p
	q.kind = pWords
	q.boff = fs.u32(0)
	return &q
}

// compPlace is component i of the vector place p.
func (fs *fnState) compPlace(p *place, i int) *place {
	vt := types.Underlying(p.t).(*types.Vector)
	et := vt.Elem
	switch p.kind {
	case pChain:
		if vt.Len > 4 {
			return fs.withChain(p, et, fs.u32(uint32(i/4)), fs.u32(uint32(i%4)))
		}
		return fs.withChain(p, et, fs.u32(uint32(i)))
	case pWords:
		q := *p
		q.t = et
		q.boff = fs.addConst(p.boff, uint32(int64(i)*et.Size()))
		return &q
	case pComp:
		return fs.compPlace(p.parent, p.comps[i])
	case pDispatch:
		return fs.subPlace(p, et, func(q *place) *place { return fs.compPlace(q, i) })
	case pPhys:
		return fs.physAt(p, int64(i)*et.Size(), et)
	}
	panic("lower: component of a non-vector place")
}

func (fs *fnState) subPlace(p *place, t types.Type, f func(*place) *place) *place {
	q := *p
	q.t = t
	prev := p.sub
	q.sub = func(x *place) *place { return f(prev(x)) }
	return &q
}

// chainIndex is the OpAccessChain index for element i of an array of
// type t. A constant index past the array's end (or negative) is
// undefined behaviour only where it runs, and code that never runs holds
// one often once loops are unrolled: the copy of `if (k != 4) qq +=
// g[k];` for k = 4, g of 4 elements (Cephes' Bessel functions in
// pyopencl). A constant index out of bounds makes the module invalid
// SPIR-V, so such an index becomes the last element's: any behaviour is
// allowed where the access runs, and it stays a constant, so the array
// can still be taken apart into values.
func (fs *fnState) chainIndex(t types.Type, i spirv.ID) spirv.ID {
	a, ok := types.Underlying(t).(*types.Array)
	if !ok || a.Len <= 0 || a.Len > 1<<32-1 {
		return i
	}
	in := fs.b.Def(i)
	if in == nil || in.Op != spirv.OpConstant || len(in.Operands) != 1 || uint64(in.Operands[0]) < uint64(a.Len) {
		return i
	}
	return fs.u32(uint32(a.Len - 1))
}

// index is element i (a 32-bit integer id) of the array place p.
func (fs *fnState) index(p *place, i spirv.ID, elem types.Type) *place {
	switch p.kind {
	case pChain:
		return fs.withChain(p, elem, fs.chainIndex(p.t, i))
	case pFlat:
		_, n := innermost(elem)
		idx := fs.add32(p.idx, fs.mul32(i, fs.u32(uint32(n))))
		if isArray(elem) {
			q := *p
			q.t, q.idx = elem, idx
			return &q
		}
		return fs.objElem(p.obj, idx, elem)
	case pWords:
		q := *p
		q.t = elem
		q.boff = fs.add32(p.boff, fs.mul32(i, fs.u32(uint32(fs.conf.Sizeof(elem)))))
		return &q
	case pDispatch:
		return fs.subPlace(p, elem, func(q *place) *place { return fs.index(q, i, elem) })
	case pPhys:
		return fs.physIndex(p, i, elem)
	}
	panic("lower: index of a non-array place")
}

// member is the struct member at path (field indices through anonymous
// members) of place p.
func (fs *fnState) member(p *place, path []int) *place {
	for _, fi := range path {
		st := types.Underlying(p.t).(*types.Struct)
		f := st.Fields[fi]
		switch {
		case p.kind == pDispatch:
			pp := path
			return fs.subPlace(p, fs.memberType(p.t, pp), func(q *place) *place { return fs.member(q, pp) })
		case p.kind == pPhys:
			p = fs.physAt(p, f.Offset, f.Type)
			if st.Packed {
				p.align = gcdAlign(1, f.Offset)
			}
		case p.kind == pWords || st.Union || len(st.Fields) == 0:
			if p.kind == pChain {
				p = fs.wordsOf(p)
			}
			q := *fs.alignedIn(p, st)
			q.t = f.Type
			q.boff = fs.addConst(p.boff, uint32(f.Offset))
			p = &q
		case p.kind == pChain:
			p = fs.withChain(p, f.Type, fs.u32(uint32(fi)))
		default:
			panic("lower: member of a non-struct place")
		}
	}
	return p
}

func (fs *fnState) memberType(t types.Type, path []int) types.Type {
	for _, fi := range path {
		t = types.Underlying(t).(*types.Struct).Fields[fi].Type
	}
	return t
}

// deref is the place a pointer designates, of type t.
func (fs *fnState) deref(pv *ptrVal, t types.Type) *place {
	var real []*object
	for _, o := range pv.objs {
		if o != nil {
			real = append(real, o)
		}
	}
	if len(real) == 0 {
		return nil
	}
	if len(pv.objs) == 1 {
		return fs.objElem(pv.objs[0], pv.off, t)
	}
	return &place{kind: pDispatch, t: t, baseT: t, ptr: pv, sub: func(q *place) *place { return q }}
}

// objElem is the place at offset off (elements or bytes) of object o, of
// type t.
func (fs *fnState) objElem(o *object, off spirv.ID, t types.Type) *place {
	if o.phys {
		return fs.physPlace(off, t, fs.conf.Alignof(t))
	}
	off = fs.narrowOff(off)
	base := &place{kind: pChain, base: fs.gv(o.id), sc: o.sc, layout: layoutClass(o.sc), obj: o}
	if o.block {
		base.chain = []spirv.ID{fs.u32(0)}
	}
	base.pre = len(base.chain)
	if o.words {
		base.kind = pWords
		base.t = types.Typ[types.UInt]
		base.boff = off
		base.t = t
		return base
	}
	base.t = t
	if !o.scalar {
		base.chain = append(base.chain, off)
	}
	return base
}

// dispatch runs f on the place of each candidate object of a pDispatch
// place in an OpSwitch on the selector; with rt != 0 the results are
// merged by an OpPhi.
func (fs *fnState) dispatch(p *place, f func(*place) spirv.ID, rt spirv.ID) spirv.ID {
	b := fs.b
	merge := b.NewID()
	type arm struct {
		label, val, from spirv.ID
	}
	var arms []arm
	var cases []uint32
	labels := make([]spirv.ID, len(p.ptr.objs))
	for i, o := range p.ptr.objs {
		if o != nil {
			labels[i] = b.NewID()
			cases = append(cases, uint32(i), uint32(labels[i]))
		}
	}
	_, cur := b.Current()
	from := cur.Label
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.Emit(spirv.OpSwitch, 0, append([]uint32{uint32(p.ptr.sel), uint32(merge)}, cases...)...)
	for i, o := range p.ptr.objs {
		if o == nil {
			continue
		}
		b.StartBlock(labels[i])
		v := f(p.sub(fs.objElem(o, p.ptr.off, p.baseT)))
		_, blk := b.Current()
		arms = append(arms, arm{labels[i], v, blk.Label})
		b.Emit(spirv.OpBranch, 0, uint32(merge))
	}
	b.StartBlock(merge)
	if rt == 0 {
		return 0
	}
	ops := []uint32{}
	for _, a := range arms {
		ops = append(ops, uint32(a.val), uint32(a.from))
	}
	// The default edge (the null pointer) comes straight from the switch.
	ops = append(ops, uint32(b.Undef(rt)), uint32(from))
	return b.Emit(spirv.OpPhi, rt, ops...)
}

// toVal converts a value loaded with an explicitly laid out type into the
// value type of t.
func (fs *fnState) toVal(v spirv.ID, t types.Type) spirv.ID {
	return fs.relayout(v, t, false)
}

// toMem converts a value into the explicitly laid out type of t.
func (fs *fnState) toMem(v spirv.ID, t types.Type) spirv.ID {
	return fs.relayout(v, t, true)
}

func (fs *fnState) relayout(v spirv.ID, t types.Type, toMem bool) spirv.ID {
	b := fs.b
	target := fs.valType(t)
	if toMem {
		target = fs.memType(t)
	}
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		if t.Kind == types.Bool {
			u8 := fs.scalarType(types.UChar)
			if toMem {
				return b.EmitIDs(spirv.OpSelect, u8, v, b.ConstantUint(u8, 1), b.ConstantUint(u8, 0))
			}
			return b.EmitIDs(spirv.OpINotEqual, fs.boolT(), v, b.ConstantUint(u8, 0))
		}
		return v
	case *types.Vector:
		if t.Len <= 4 {
			return v
		}
		chunk := b.TypeVector(fs.scalarType(t.Elem.Kind), 4)
		parts := make([]spirv.ID, t.Len/4)
		for i := range parts {
			parts[i] = b.Emit(spirv.OpCompositeExtract, chunk, uint32(v), uint32(i))
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, target, parts...)
	case *types.Array:
		n := t.Len
		if n <= 0 {
			n = 1
		}
		parts := make([]spirv.ID, n)
		from := fs.memType(t.Elem)
		if toMem {
			from = fs.valType(t.Elem)
		}
		for i := range parts {
			e := b.Emit(spirv.OpCompositeExtract, from, uint32(v), uint32(i))
			parts[i] = fs.relayout(e, t.Elem, toMem)
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, target, parts...)
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			n := wordCount(t.Size)
			parts := make([]spirv.ID, n)
			for i := range parts {
				parts[i] = b.Emit(spirv.OpCompositeExtract, fs.uint32T(), uint32(v), uint32(i))
			}
			return b.EmitIDs(spirv.OpCompositeConstruct, target, parts...)
		}
		parts := make([]spirv.ID, len(t.Fields))
		for i, f := range t.Fields {
			from := fs.memType(f.Type)
			if toMem {
				from = fs.valType(f.Type)
			}
			e := b.Emit(spirv.OpCompositeExtract, from, uint32(v), uint32(i))
			parts[i] = fs.relayout(e, f.Type, toMem)
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, target, parts...)
	}
	return v
}

// spill stores a value in a fresh Function variable and returns its place.
func (fs *fnState) spill(v value) *place {
	id := fs.b.LocalVariable(fs.b.TypePointer(spirv.StorageClassFunction, fs.valType(v.t)))
	p := &place{kind: pChain, t: v.t, base: id, sc: spirv.StorageClassFunction}
	fs.storeValue(p, v)
	return p
}
