package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Pointers stored in memory (array elements, struct members, pointees of
// pointers to pointers, pointer variables whose address is taken) are a
// uvec2: the kernel-wide number of the object (0 for null) and the offset.
// A pointer loaded from memory may refer to any object of its address
// space whose address the kernel stores in memory (analysis.memFor).

// ptrMemType is the value type of a pointer held in memory.
// In a physical module it is 8 bytes (physical.go).
func (l *lowerer) ptrMemType() spirv.ID {
	if l.opts.Physical {
		return l.uint64T()
	}
	return l.b.TypeVector(l.uint32T(), 2)
}

// objNum is the number that identifies o in a stored pointer.
func objNum(o *object) uint32 {
	if o == nil {
		return 0
	}
	return o.num
}

// encodePtr packs a pointer value for memory.
func (fs *fnState) encodePtr(pv *ptrVal) spirv.ID {
	if pv == nil {
		return fs.b.ConstantNull(fs.ptrMemType())
	}
	if fs.opts.Physical {
		return fs.encodePhysPtr(pv)
	}
	num := fs.u32(objNum(pv.objs[0]))
	for i := 1; i < len(pv.objs); i++ {
		c := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		num = fs.b.EmitIDs(spirv.OpSelect, fs.uint32T(), c, fs.u32(objNum(pv.objs[i])), num)
	}
	return fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.ptrMemType(), num, pv.off)
}

// A pointer in word memory (a union or a byte-viewed struct holding one, a
// program-scope variable) takes the bytes C gives it. A 32-bit pointer
// (-arch=spir) is one word: the object's number in the top 8 bits, its
// offset (in the object's units) in the low 24; object numbers stay below
// 256 (setupObjects refuses more), offsets below 16 M units. A 64-bit
// pointer (-arch=spir64) is two words, the offset then the object's
// number, without those limits.

// ptrToWords splits a stored pointer's uvec2 into the words of its slot
// in word memory.
func (fs *fnState) ptrToWords(v spirv.ID) []spirv.ID {
	b, u := fs.b, fs.uint32T()
	if fs.conf.AddressBits == 64 {
		num := b.Emit(spirv.OpCompositeExtract, u, uint32(v), 0)
		off := b.Emit(spirv.OpCompositeExtract, u, uint32(v), 1)
		return []spirv.ID{off, num}
	}
	if fs.maxNum >= 256 {
		fs.errorf(fs.pos, "a pointer stored in a union or a program-scope variable can refer to at most 255 memory objects; kernel '%s' has %d", fs.k.Name, fs.maxNum)
	}
	num := b.Emit(spirv.OpCompositeExtract, u, uint32(v), 0)
	off := b.Emit(spirv.OpCompositeExtract, u, uint32(v), 1)
	off = b.EmitIDs(spirv.OpBitwiseAnd, u, off, fs.u32(1<<24-1))
	return []spirv.ID{b.EmitIDs(spirv.OpBitwiseOr, u, b.EmitIDs(spirv.OpShiftLeftLogical, u, num, fs.u32(24)), off)}
}

// wordsToPtr joins the words of ptrToWords into a stored pointer's uvec2.
func (fs *fnState) wordsToPtr(w []spirv.ID) spirv.ID {
	b, u := fs.b, fs.uint32T()
	if len(w) == 2 {
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.ptrMemType(), w[1], w[0])
	}
	num := b.EmitIDs(spirv.OpShiftRightLogical, u, w[0], fs.u32(24))
	off := b.EmitIDs(spirv.OpBitwiseAnd, u, w[0], fs.u32(1<<24-1))
	return b.EmitIDs(spirv.OpCompositeConstruct, fs.ptrMemType(), num, off)
}

// decodePtr unpacks a pointer of type t loaded from memory.
func (fs *fnState) decodePtr(v spirv.ID, t types.Type) *ptrVal {
	objs := fs.objList(fs.an.memFor(t))
	if fs.opts.Physical {
		return fs.decodePhysPtr(v, objs)
	}
	u := fs.uint32T()
	pv := &ptrVal{objs: objs, off: fs.b.Emit(spirv.OpCompositeExtract, u, uint32(v), 1)}
	if len(objs) > 1 {
		num := fs.b.Emit(spirv.OpCompositeExtract, u, uint32(v), 0)
		sel := fs.u32(0)
		for i := 1; i < len(objs); i++ {
			c := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), num, fs.u32(objNum(objs[i])))
			sel = fs.b.EmitIDs(spirv.OpSelect, u, c, fs.u32(uint32(i)), sel)
		}
		pv.sel = sel
	}
	return pv
}

// objList orders an analysis set as the kernel's objects (null last).
func (fs *fnState) objList(set objSet) []*object {
	var out []*object
	for _, o := range fs.an.objects {
		if set[o] && fs.objs[o] != nil && !containsObj(out, fs.objs[o]) {
			out = append(out, fs.objs[o])
		}
	}
	if set[nil] || len(out) == 0 {
		out = append(out, nil)
	}
	return foldNull(out)
}

// storeValue stores v into place p, packing pointers.
func (fs *fnState) storeValue(p *place, v value) {
	if isPointer(p.t) {
		fs.store(p, fs.encodePtr(v.ptr))
		return
	}
	if v.id != 0 {
		fs.store(p, v.id)
	}
}
