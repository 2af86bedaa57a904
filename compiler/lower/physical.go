package lower

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Physical addressing (docs/physical.md §3). With Options.Physical all
// __global and __constant memory the kernel reaches through its pointer
// arguments and the program's __global variables is one candidate object,
// physObj ("global memory"), whose offset is the 64-bit device address of
// the byte a pointer points at. So a pointer that may point to global
// memory carries a 64-bit offset (for every candidate it has: the others,
// __local and private objects, count bytes too, as word objects do, and
// truncate the offset when they are accessed), and an access to global
// memory is OpConvertUToPtr to a PhysicalStorageBuffer pointer to a scalar
// or vector, then OpLoad, OpStore or OpAtomic* with an Aligned operand
// (pPhys places). __local and private memory are as in logical mode.
//
// A pointer in memory is 8 bytes (spir64): the device address for global
// memory; for another object its number in the top 8 bits and its offset
// in the low 32 (addresses of global memory have their top byte zero:
// user-space and device virtual addresses do). A pointer loaded from or
// stored to global memory, or converted from or to an integer, is a
// canonical address: translated through the SVM table (svm.go) where the
// driver gives one.

// physVar stands for global memory in the analysis of a physical module.
var physVar = &types.Var{Name: "global memory", Space: types.Global, Kind: types.LocalVar}

// Diagnostics of logical lowering that physical addressing resolves: Auto
// lowers again in physical mode after any of them (NeedsPhysical).
const (
	msgPointerInBuffer = "pointers stored in buffers are not supported"
	msgIntToGlobalPtr  = "an integer that was never a pointer converted to a __global or __constant pointer needs physical addressing"
)

// NeedsPhysical reports whether logical lowering's diagnostics ds include
// one that physical addressing resolves (compiler's Auto addressing).
func NeedsPhysical(ds []diag.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == diag.Error && (d.Msg == msgPointerInBuffer || d.Msg == msgIntToGlobalPtr) {
			return true
		}
	}
	return false
}

// physSpace reports whether pointers into address space s may point to
// global memory.
func physSpace(s types.AddrSpace) bool {
	return s == types.Global || s == types.Constant || s == types.Generic
}

// isPhysObjVar reports whether object v is global memory in a physical
// module: a __global or __constant kernel pointer argument's buffer, or a
// program-scope __global variable.
func isPhysObjVar(v *types.Var) bool {
	if v == nil || v == physVar {
		return false
	}
	if isKernelPtrParam(v) {
		s := types.Underlying(v.Type).(*types.Pointer).Space
		return s == types.Global || s == types.Constant
	}
	return isProgramVar(v)
}

// physicalize replaces, once the analysis is done, every global-memory
// object by physVar in every set.
func (a *analysis) physicalize() {
	rep := func(s objSet) {
		for o := range s {
			if isPhysObjVar(o) {
				delete(s, o)
				s[physVar] = true
			}
		}
	}
	for _, s := range a.pts {
		rep(s)
	}
	for _, s := range a.ret {
		rep(s)
	}
	for _, s := range a.mem {
		rep(s)
	}
	for _, s := range a.groups {
		rep(s)
	}
	rep(a.intPtrs)
	objs := []*types.Var{physVar}
	for _, o := range a.objects {
		if o != physVar && !isPhysObjVar(o) {
			objs = append(objs, o)
		}
	}
	a.objects = objs
	a.isObj[physVar] = true
}

// wideObjs reports whether a pointer with candidates objs carries a
// 64-bit offset: one of them is global memory.
func wideObjs(objs []*object) bool {
	for _, o := range objs {
		if o != nil && o.phys {
			return true
		}
	}
	return false
}

func (l *lowerer) uint64T() spirv.ID { return l.scalarType(types.ULong) }

func (l *lowerer) u64(v uint64) spirv.ID { return l.b.ConstantUint(l.uint64T(), v) }

// offType is the SPIR-V type of the offset of a pointer with candidates
// objs.
func (fs *fnState) offType(objs []*object) spirv.ID {
	if wideObjs(objs) {
		return fs.uint64T()
	}
	return fs.uint32T()
}

// offAs converts offset off of a pointer with candidates from to the
// width of a pointer with candidates to.
func (fs *fnState) offAs(off spirv.ID, from, to []*object) spirv.ID {
	fw, tw := wideObjs(from), wideObjs(to)
	switch {
	case fw == tw:
		return off
	case tw:
		return fs.b.EmitIDs(spirv.OpUConvert, fs.uint64T(), off)
	}
	return fs.b.EmitIDs(spirv.OpUConvert, fs.uint32T(), off)
}

// narrowOff is a 32-bit offset for object o from a pointer's offset off
// (64 bits where the pointer may point to global memory too).
func (fs *fnState) narrowOff(off spirv.ID) spirv.ID {
	if in := fs.b.Def(fs.typeOfID(off)); in != nil && in.Op == spirv.OpTypeInt && in.Operands[0] == 64 {
		return fs.b.EmitIDs(spirv.OpUConvert, fs.uint32T(), off)
	}
	return off
}

// add64 adds two 64-bit ids, folding zero constants.
func (fs *fnState) add64(x, y spirv.ID) spirv.ID {
	if y == fs.u64(0) {
		return x
	}
	if x == fs.u64(0) {
		return y
	}
	return fs.b.EmitIDs(spirv.OpIAdd, fs.uint64T(), x, y)
}

// addrConst is address a plus c bytes.
func (fs *fnState) addrConst(a spirv.ID, c int64) spirv.ID {
	if c == 0 {
		return a
	}
	return fs.add64(a, fs.u64(uint64(c)))
}

// physPlace is the place at device address addr, of type t, aligned to
// align bytes (at most t's natural alignment is promised).
func (fs *fnState) physPlace(addr spirv.ID, t types.Type, align int64) *place {
	return &place{kind: pPhys, t: t, addr: addr, align: max(align, 1), sc: spirv.StorageClassPhysicalStorageBuffer, obj: fs.physObj}
}

// gcdAlign is the alignment of an address aligned to a plus a multiple of
// (or exactly) off.
func gcdAlign(a, off int64) int64 {
	if off < 0 {
		off = -off
	}
	for off != 0 {
		a, off = off, a%off
	}
	return a
}

// physIndex is element i (a 32-bit id, signed) of the array at place p.
func (fs *fnState) physIndex(p *place, i spirv.ID, elem types.Type) *place {
	size := max(fs.conf.Sizeof(elem), 1)
	var addr spirv.ID
	if in := fs.b.Def(i); in != nil && in.Op == spirv.OpConstant && in.ResultType == fs.uint32T() {
		addr = fs.addrConst(p.addr, int64(int32(in.Operands[0]))*size)
	} else {
		i64 := fs.b.EmitIDs(spirv.OpSConvert, fs.uint64T(), i)
		addr = fs.add64(p.addr, fs.b.EmitIDs(spirv.OpIMul, fs.uint64T(), i64, fs.u64(uint64(size))))
	}
	return fs.physPlace(addr, elem, gcdAlign(p.align, size))
}

// physAt is the place off bytes into p, of type t.
func (fs *fnState) physAt(p *place, off int64, t types.Type) *place {
	return fs.physPlace(fs.addrConst(p.addr, off), t, gcdAlign(p.align, off))
}

// physAccessAlign is the Aligned operand of an access of type t at p.
func (fs *fnState) physAccessAlign(p *place, t types.Type) uint32 {
	return uint32(max(min(p.align, fs.conf.Alignof(t)), 1))
}

// physPtr converts address addr into a PhysicalStorageBuffer pointer to
// elem.
func (fs *fnState) physPtr(addr, elem spirv.ID) spirv.ID {
	pt := fs.b.TypePointer(spirv.StorageClassPhysicalStorageBuffer, elem)
	return fs.b.EmitIDs(spirv.OpConvertUToPtr, pt, addr)
}

// physLoadScalar loads one scalar or vector (of at most 4 components) of
// SPIR-V type st at addr.
func (fs *fnState) physLoadScalar(addr, st spirv.ID, align uint32) spirv.ID {
	return fs.b.Emit(spirv.OpLoad, st, uint32(fs.physPtr(addr, st)), uint32(spirv.MemoryAccessAligned), align)
}

func (fs *fnState) physStoreScalar(addr, v, st spirv.ID, align uint32) {
	fs.b.Emit(spirv.OpStore, 0, uint32(fs.physPtr(addr, st)), uint32(v), uint32(spirv.MemoryAccessAligned), align)
}

// physLoad reads the value of a pPhys place: scalars and vectors at once,
// aggregates member by member; a pointer is loaded as its canonical
// address and translated to a device address.
func (fs *fnState) physLoad(p *place) spirv.ID {
	b := fs.b
	switch t := types.Underlying(p.t).(type) {
	case *types.Basic:
		if t.Kind == types.Bool {
			u8 := fs.scalarType(types.UChar)
			fs.capsFor(types.Typ[types.UChar], spirv.StorageClassStorageBuffer)
			v := fs.physLoadScalar(p.addr, u8, 1)
			return b.EmitIDs(spirv.OpINotEqual, fs.boolT(), v, b.ConstantUint(u8, 0))
		}
		fs.capsFor(t, spirv.StorageClassStorageBuffer)
		return fs.physLoadScalar(p.addr, fs.scalarType(t.Kind), fs.physAccessAlign(p, t))
	case *types.Vector:
		fs.capsFor(t, spirv.StorageClassStorageBuffer)
		if t.Len <= 4 {
			return fs.physLoadScalar(p.addr, fs.valType(t), fs.physAccessAlign(p, t))
		}
		chunk := types.NewVector(t.Elem.Kind, 4)
		cs := 4 * t.Elem.Size()
		parts := make([]spirv.ID, t.Len/4)
		for i := range parts {
			q := fs.physAt(p, int64(i)*cs, chunk)
			parts[i] = fs.physLoadScalar(q.addr, fs.valType(chunk), fs.physAccessAlign(q, chunk))
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	case *types.Pointer:
		a := fs.physLoadScalar(p.addr, fs.uint64T(), fs.physAccessAlign(p, types.Typ[types.ULong]))
		return fs.svmTranslate(a, true)
	case *types.Array:
		parts := make([]spirv.ID, max(t.Len, 1))
		es := fs.conf.Sizeof(t.Elem)
		for i := range parts {
			parts[i] = fs.physLoad(fs.physAt(p, int64(i)*es, t.Elem))
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			return fs.physLoadWords(p, t.Size)
		}
		parts := make([]spirv.ID, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = fs.physLoad(fs.physAt(p, f.Offset, f.Type))
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	}
	fs.errorf(fs.pos, "loading a %v from global memory is not supported", p.t)
	return b.Undef(fs.valType(p.t))
}

// physStore writes v (of the value type of p.t) at a pPhys place.
func (fs *fnState) physStore(p *place, v spirv.ID) {
	b := fs.b
	switch t := types.Underlying(p.t).(type) {
	case *types.Basic:
		if t.Kind == types.Bool {
			u8 := fs.scalarType(types.UChar)
			fs.capsFor(types.Typ[types.UChar], spirv.StorageClassStorageBuffer)
			fs.physStoreScalar(p.addr, b.EmitIDs(spirv.OpSelect, u8, v, b.ConstantUint(u8, 1), b.ConstantUint(u8, 0)), u8, 1)
			return
		}
		fs.capsFor(t, spirv.StorageClassStorageBuffer)
		fs.physStoreScalar(p.addr, v, fs.scalarType(t.Kind), fs.physAccessAlign(p, t))
	case *types.Vector:
		fs.capsFor(t, spirv.StorageClassStorageBuffer)
		if t.Len <= 4 {
			fs.physStoreScalar(p.addr, v, fs.valType(t), fs.physAccessAlign(p, t))
			return
		}
		chunk := types.NewVector(t.Elem.Kind, 4)
		cs := 4 * t.Elem.Size()
		for i := 0; i < t.Len/4; i++ {
			q := fs.physAt(p, int64(i)*cs, chunk)
			part := b.Emit(spirv.OpCompositeExtract, fs.valType(chunk), uint32(v), uint32(i))
			fs.physStoreScalar(q.addr, part, fs.valType(chunk), fs.physAccessAlign(q, chunk))
		}
	case *types.Pointer:
		fs.physStoreScalar(p.addr, fs.svmTranslate(v, false), fs.uint64T(), fs.physAccessAlign(p, types.Typ[types.ULong]))
	case *types.Array:
		es := fs.conf.Sizeof(t.Elem)
		for i := int64(0); i < max(t.Len, 1); i++ {
			e := b.Emit(spirv.OpCompositeExtract, fs.valType(t.Elem), uint32(v), uint32(i))
			fs.physStore(fs.physAt(p, i*es, t.Elem), e)
		}
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			fs.physStoreWords(p, t.Size, v)
			return
		}
		for i, f := range t.Fields {
			e := b.Emit(spirv.OpCompositeExtract, fs.valType(f.Type), uint32(v), uint32(i))
			fs.physStore(fs.physAt(p, f.Offset, f.Type), e)
		}
	default:
		fs.errorf(fs.pos, "storing a %v to global memory is not supported", p.t)
	}
}

// physLoadWords loads the size bytes at p as the 32-bit words of a union
// value: whole words, then the bytes of a partial last word.
func (fs *fnState) physLoadWords(p *place, size int64) spirv.ID {
	b, u := fs.b, fs.uint32T()
	n := wordCount(size)
	parts := make([]spirv.ID, n)
	for i := range parts {
		off := int64(4 * i)
		if off+4 <= size {
			q := fs.physAt(p, off, types.Typ[types.UInt])
			parts[i] = fs.physLoadScalar(q.addr, u, fs.physAccessAlign(q, types.Typ[types.UInt]))
			continue
		}
		w := fs.u32(0)
		for j := off; j < size; j++ {
			q := fs.physAt(p, j, types.Typ[types.UChar])
			fs.capsFor(types.Typ[types.UChar], spirv.StorageClassStorageBuffer)
			by := b.EmitIDs(spirv.OpUConvert, u, fs.physLoadScalar(q.addr, fs.scalarType(types.UChar), 1))
			w = b.EmitIDs(spirv.OpBitwiseOr, u, w, b.EmitIDs(spirv.OpShiftLeftLogical, u, by, fs.u32(uint32(8*(j-off)))))
		}
		parts[i] = w
	}
	return b.EmitIDs(spirv.OpCompositeConstruct, b.TypeArray(u, fs.u32(uint32(n))), parts...)
}

func (fs *fnState) physStoreWords(p *place, size int64, v spirv.ID) {
	b, u := fs.b, fs.uint32T()
	for i := int64(0); i < wordCount(size); i++ {
		w := b.Emit(spirv.OpCompositeExtract, u, uint32(v), uint32(i))
		off := 4 * i
		if off+4 <= size {
			q := fs.physAt(p, off, types.Typ[types.UInt])
			fs.physStoreScalar(q.addr, w, u, fs.physAccessAlign(q, types.Typ[types.UInt]))
			continue
		}
		u8 := fs.scalarType(types.UChar)
		fs.capsFor(types.Typ[types.UChar], spirv.StorageClassStorageBuffer)
		for j := off; j < size; j++ {
			by := b.EmitIDs(spirv.OpUConvert, u8, b.EmitIDs(spirv.OpShiftRightLogical, u, w, fs.u32(uint32(8*(j-off)))))
			fs.physStoreScalar(fs.physAt(p, j, types.Typ[types.UChar]).addr, by, u8, 1)
		}
	}
}

// physAtomicPointer is the PhysicalStorageBuffer pointer an OpAtomic* on
// a value of type et at p takes, and its pointee type.
func (fs *fnState) physAtomicPointer(p *place, et types.Type) (ptr, ptrT spirv.ID) {
	// An integer of the value's size: floats go through their bits, as
	// on a word buffer (atomicOn and c11On bitcast where the types
	// differ).
	ptrT = fs.uint32T()
	if types.ElemKind(et).Size() == 8 {
		fs.b.Capability(spirv.CapabilityInt64Atomics)
		ptrT = fs.uint64T()
	}
	return fs.physPtr(p.addr, ptrT), ptrT
}

func containsObj(list []*object, o *object) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

// physTagShift is where a stored pointer to an object other than global
// memory keeps the object's number.
const physTagShift = 56

// encodePhysPtr packs a pointer for memory in a physical module: global
// memory's device address, or another object's number and 32-bit offset.
func (fs *fnState) encodePhysPtr(pv *ptrVal) spirv.ID {
	b, u64 := fs.b, fs.uint64T()
	if fs.maxNum >= 256 {
		fs.errorf(fs.pos, "a pointer stored in memory can refer to at most 255 memory objects; kernel '%s' has %d", fs.k.Name, fs.maxNum)
	}
	code := func(o *object) spirv.ID {
		switch {
		case o == nil:
			return fs.u64(0)
		case o.phys:
			return pv.off
		}
		off := b.EmitIDs(spirv.OpUConvert, u64, fs.narrowOff(pv.off))
		return b.EmitIDs(spirv.OpBitwiseOr, u64, off, fs.u64(uint64(o.num)<<physTagShift))
	}
	r := code(pv.objs[0])
	for i := 1; i < len(pv.objs); i++ {
		c := b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		r = b.EmitIDs(spirv.OpSelect, u64, c, code(pv.objs[i]), r)
	}
	return r
}

// decodePhysPtr unpacks a pointer stored by encodePhysPtr that may point
// to the objects objs.
func (fs *fnState) decodePhysPtr(v spirv.ID, objs []*object) *ptrVal {
	b, u, u64, bt := fs.b, fs.uint32T(), fs.uint64T(), fs.boolT()
	pv := &ptrVal{objs: objs}
	low := func() spirv.ID { return b.EmitIDs(spirv.OpUConvert, u, v) }
	if len(objs) == 1 {
		switch {
		case objs[0] == nil:
			pv.off = fs.u32(0)
		case objs[0].phys:
			pv.off = v
		default:
			pv.off = low()
		}
		return pv
	}
	tag := b.EmitIDs(spirv.OpShiftRightLogical, u64, v, fs.u64(physTagShift))
	// The default: global memory (a tag of 0), else null.
	def := -1
	for i, o := range objs {
		if o != nil && o.phys {
			def = i
		}
	}
	if def < 0 {
		for i, o := range objs {
			if o == nil {
				def = i
			}
		}
	}
	sel := fs.u32(uint32(max(def, 0)))
	for i, o := range objs {
		if o == nil || o.phys {
			continue
		}
		c := b.EmitIDs(spirv.OpIEqual, bt, tag, fs.u64(uint64(o.num)))
		sel = b.EmitIDs(spirv.OpSelect, u, c, fs.u32(uint32(i)), sel)
	}
	pv.sel = sel
	if wideObjs(objs) {
		isPhys := b.EmitIDs(spirv.OpIEqual, bt, tag, fs.u64(0))
		pv.off = b.EmitIDs(spirv.OpSelect, u64, isPhys, v, b.EmitIDs(spirv.OpBitwiseAnd, u64, v, fs.u64(1<<32-1)))
	} else {
		pv.off = low()
	}
	return pv
}

// ptrAdd64 is ptrAdd for a pointer with a 64-bit offset (a byte address
// or byte offset): the index is sign- or zero-extended as its type says.
func (fs *fnState) ptrAdd64(p, i value, sub bool) value {
	b, u64 := fs.b, fs.uint64T()
	k := types.ElemKind(i.t)
	step := i.id
	if k.Size() != 8 {
		to := types.ULong
		if k.IsSigned() {
			to = types.Long
		}
		step = fs.convKinds(i.id, i.t, k, to)
	}
	if pt, ok := types.Underlying(p.t).(*types.Pointer); ok && !types.IsVoid(pt.Elem) {
		if size := fs.conf.Sizeof(pt.Elem); size != 1 {
			step = b.EmitIDs(spirv.OpIMul, u64, step, fs.u64(uint64(max(size, 1))))
		}
	}
	off := p.ptr.off
	if sub {
		off = b.EmitIDs(spirv.OpISub, u64, off, step)
	} else {
		off = fs.add64(off, step)
	}
	return value{t: p.t, ptr: &ptrVal{objs: p.ptr.objs, sel: p.ptr.sel, off: off}}
}

// ptrDiff64 is p - q in elements for pointers with 64-bit offsets.
func (fs *fnState) ptrDiff64(p, q value, t types.Type) value {
	b, u64 := fs.b, fs.uint64T()
	both := fs.unionObjs(p.ptr.objs, q.ptr.objs)
	d := b.EmitIDs(spirv.OpISub, u64, fs.offAs(p.ptr.off, p.ptr.objs, both), fs.offAs(q.ptr.off, q.ptr.objs, both))
	if pt, ok := types.Underlying(p.t).(*types.Pointer); ok && !types.IsVoid(pt.Elem) {
		if size := fs.conf.Sizeof(pt.Elem); size > 1 {
			d = b.EmitIDs(spirv.OpSDiv, u64, d, fs.u64(uint64(size)))
		}
	}
	return fs.convert(value{t: types.Typ[types.Long], id: d}, t)
}

// physNonNull tests a pointer that may point to global memory against
// the null pointer: a global-memory address is null when it is 0.
func (fs *fnState) physNonNull(p *ptrVal) spirv.ID {
	b := fs.b
	var res spirv.ID
	for i, o := range p.objs {
		var c spirv.ID
		if o != nil && o.phys {
			c = b.EmitIDs(spirv.OpINotEqual, fs.boolT(), p.off, fs.u64(0))
		} else {
			c = fs.objNonNull(o)
		}
		if res == 0 {
			res = c
			continue
		}
		is := b.EmitIDs(spirv.OpIEqual, fs.boolT(), p.sel, fs.u32(uint32(i)))
		res = b.EmitIDs(spirv.OpSelect, fs.boolT(), is, c, res)
	}
	return res
}

// ptrToIntPhys converts a pointer to an integer in a physical module: a
// pointer to global memory is its canonical address; one to another
// object is coded as encodePhysPtr codes it, with a byte offset.
func (fs *fnState) ptrToIntPhys(v value, to *types.Basic, elemSize int64) value {
	b, u64 := fs.b, fs.uint64T()
	pv := v.ptr
	code := func(o *object) spirv.ID {
		switch {
		case o != nil && o.phys:
			return fs.svmTranslate(pv.off, false)
		case o == nil:
			return b.EmitIDs(spirv.OpUConvert, u64, fs.mul32(fs.narrowOff(pv.off), fs.u32(uint32(elemSize))))
		}
		q := &ptrVal{objs: pv.objs, sel: pv.sel, off: fs.narrowOff(pv.off)}
		off := b.EmitIDs(spirv.OpUConvert, u64, fs.objByteOff(q, o, elemSize))
		return b.EmitIDs(spirv.OpBitwiseOr, u64, off, fs.u64(uint64(o.num)<<physTagShift))
	}
	// Each candidate's code in its own value, then picked by the selector
	// (the translation's loop must not run in an OpSelect's operands).
	r := code(pv.objs[0])
	for i := 1; i < len(pv.objs); i++ {
		ci := code(pv.objs[i])
		c := b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		r = b.EmitIDs(spirv.OpSelect, u64, c, ci, r)
	}
	if to.Kind.Size() == 8 {
		return value{t: to, id: r}
	}
	return value{t: to, id: fs.convKinds(r, types.Typ[types.ULong], types.ULong, to.Kind)}
}

// intToPtrPhys converts integer v to pointer type pt in a physical
// module: a canonical address of global memory, or an object's code
// (ptrToIntPhys).
func (fs *fnState) intToPtrPhys(v value, pt *types.Pointer) *ptrVal {
	b := fs.b
	a := v.id
	if k := types.ElemKind(v.t); k.Size() != 8 {
		a = fs.convKinds(v.id, v.t, k, types.ULong)
	}
	objs := fs.objList(fs.an.fromInt(pt.Space))
	if wideObjs(objs) {
		a = fs.svmTranslate(a, true)
	}
	pv := fs.decodePhysPtr(a, objs)
	// Offsets count units in typed objects (the candidates of one
	// pointer count alike).
	for _, o := range objs {
		if o != nil && !o.words {
			pv.off = b.EmitIDs(spirv.OpUDiv, fs.uint32T(), pv.off, fs.u32(uint32(max(fs.conf.Sizeof(o.unit), 1))))
			break
		}
	}
	return pv
}

// foldNull drops the null candidate from objs where global memory is one:
// the null pointer is then global memory's address 0, so that a global
// pointer that may be null (p = 0, p = p->next) needs no selector and its
// accesses no switch.
func foldNull(objs []*object) []*object {
	if !wideObjs(objs) {
		return objs
	}
	out := objs[:0:0]
	for _, o := range objs {
		if o != nil {
			out = append(out, o)
		}
	}
	return out
}
