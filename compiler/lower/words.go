package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Word objects: memory accessed with several types (casts between pointee
// types, unions, byte views) is an array of 32-bit words, and a value of
// any type is composed from or split into words at a byte offset. Values
// are naturally aligned, as OpenCL C requires, except inside packed structs
// (p.unaligned, see unaligned.go).

// wordPlace is the 32-bit word at word index wi of the word array of p.
func (fs *fnState) wordPlace(p *place, wi spirv.ID) *place {
	q := *p
	q.kind = pChain
	q.t = types.Typ[types.UInt]
	q.chain = append(append([]spirv.ID(nil), p.chain...), wi)
	return &q
}

func (fs *fnState) loadWords(p *place, boff spirv.ID, t types.Type) spirv.ID {
	b := fs.b
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		return fs.loadScalarAt(p, boff, t.Kind)
	case *types.Vector:
		parts := make([]spirv.ID, t.Len)
		for i := range parts {
			parts[i] = fs.loadScalarAt(p, fs.addConst(boff, uint32(int64(i)*t.Elem.Size())), t.Elem.Kind)
		}
		return fs.construct(t, parts)
	case *types.Array:
		parts := make([]spirv.ID, max(t.Len, 1))
		es := fs.conf.Sizeof(t.Elem)
		for i := range parts {
			parts[i] = fs.loadWords(p, fs.addConst(boff, uint32(int64(i)*es)), t.Elem)
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	case *types.Struct:
		p = fs.alignedIn(p, t)
		if t.Union || len(t.Fields) == 0 {
			parts := make([]spirv.ID, wordCount(t.Size))
			for i := range parts {
				parts[i] = fs.loadScalarAt(p, fs.addConst(boff, uint32(4*i)), types.UInt)
			}
			return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
		}
		parts := make([]spirv.ID, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = fs.loadWords(p, fs.addConst(boff, uint32(f.Offset)), f.Type)
		}
		return b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	case *types.Pointer:
		if fs.opts.Physical {
			return fs.loadScalarAt(p, boff, types.ULong)
		}
		w := make([]spirv.ID, fs.conf.AddressBits/32)
		for i := range w {
			w[i] = fs.loadScalarAt(p, fs.addConst(boff, uint32(4*i)), types.UInt)
		}
		return fs.wordsToPtr(w)
	}
	panic("lower: cannot load this type from words")
}

func (fs *fnState) storeWords(p *place, boff spirv.ID, t types.Type, v spirv.ID) {
	b := fs.b
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		fs.storeScalarAt(p, boff, t.Kind, v)
	case *types.Vector:
		for i := 0; i < t.Len; i++ {
			fs.storeScalarAt(p, fs.addConst(boff, uint32(int64(i)*t.Elem.Size())), t.Elem.Kind, fs.extract(v, t, i))
		}
	case *types.Array:
		es := fs.conf.Sizeof(t.Elem)
		for i := int64(0); i < max(t.Len, 1); i++ {
			e := b.Emit(spirv.OpCompositeExtract, fs.valType(t.Elem), uint32(v), uint32(i))
			fs.storeWords(p, fs.addConst(boff, uint32(i*es)), t.Elem, e)
		}
	case *types.Struct:
		p = fs.alignedIn(p, t)
		if t.Union || len(t.Fields) == 0 {
			for i := int64(0); i < wordCount(t.Size); i++ {
				e := b.Emit(spirv.OpCompositeExtract, fs.uint32T(), uint32(v), uint32(i))
				fs.storeScalarAt(p, fs.addConst(boff, uint32(4*i)), types.UInt, e)
			}
			return
		}
		for i, f := range t.Fields {
			e := b.Emit(spirv.OpCompositeExtract, fs.valType(f.Type), uint32(v), uint32(i))
			fs.storeWords(p, fs.addConst(boff, uint32(f.Offset)), f.Type, e)
		}
	case *types.Pointer:
		if fs.opts.Physical {
			fs.storeScalarAt(p, boff, types.ULong, v)
			return
		}
		for i, w := range fs.ptrToWords(v) {
			fs.storeScalarAt(p, fs.addConst(boff, uint32(4*i)), types.UInt, w)
		}
	}
}

func (fs *fnState) loadScalarWords(p *place, boff spirv.ID, k types.Kind) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	wi := b.EmitIDs(spirv.OpShiftRightLogical, u, boff, fs.u32(2))
	t := fs.scalarType(k)
	switch k.Size() {
	case 4:
		w := fs.load(fs.wordPlace(p, wi))
		if k.IsFloat() {
			return b.EmitIDs(spirv.OpBitcast, t, w)
		}
		return w
	case 8:
		lo := fs.load(fs.wordPlace(p, wi))
		hi := fs.load(fs.wordPlace(p, fs.add32(wi, fs.u32(1))))
		pair := b.EmitIDs(spirv.OpCompositeConstruct, b.TypeVector(u, 2), lo, hi)
		return b.EmitIDs(spirv.OpBitcast, t, pair)
	}
	w := fs.load(fs.wordPlace(p, wi))
	shift := fs.byteShift(boff)
	x := b.EmitIDs(spirv.OpShiftRightLogical, u, w, shift)
	if k == types.Bool {
		x = b.EmitIDs(spirv.OpBitwiseAnd, u, x, fs.u32(0xff))
		return b.EmitIDs(spirv.OpINotEqual, fs.boolT(), x, fs.u32(0))
	}
	it := b.TypeInt(uint32(8*k.Size()), 0)
	x = b.EmitIDs(spirv.OpUConvert, it, x)
	if k.IsFloat() {
		x = b.EmitIDs(spirv.OpBitcast, t, x)
	}
	return x
}

// byteShift is the bit position of the byte at boff within its word.
func (fs *fnState) byteShift(boff spirv.ID) spirv.ID {
	u := fs.uint32T()
	low := fs.b.EmitIDs(spirv.OpBitwiseAnd, u, boff, fs.u32(3))
	return fs.b.EmitIDs(spirv.OpShiftLeftLogical, u, low, fs.u32(3))
}

func (fs *fnState) storeScalarWords(p *place, boff spirv.ID, k types.Kind, v spirv.ID) {
	b := fs.b
	u := fs.uint32T()
	wi := b.EmitIDs(spirv.OpShiftRightLogical, u, boff, fs.u32(2))
	switch k.Size() {
	case 4:
		if k.IsFloat() {
			v = b.EmitIDs(spirv.OpBitcast, u, v)
		}
		fs.store(fs.wordPlace(p, wi), v)
		return
	case 8:
		pair := b.EmitIDs(spirv.OpBitcast, b.TypeVector(u, 2), v)
		fs.store(fs.wordPlace(p, wi), b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 0))
		fs.store(fs.wordPlace(p, fs.add32(wi, fs.u32(1))), b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 1))
		return
	}
	var bits spirv.ID
	switch {
	case k == types.Bool:
		bits = b.EmitIDs(spirv.OpSelect, u, v, fs.u32(1), fs.u32(0))
	default:
		if k.IsFloat() {
			v = b.EmitIDs(spirv.OpBitcast, b.TypeInt(16, 0), v)
		}
		bits = b.EmitIDs(spirv.OpUConvert, u, v)
	}
	shift := fs.byteShift(boff)
	width := uint32(0xff)
	if k.Size() == 2 {
		width = 0xffff
	}
	mask := b.EmitIDs(spirv.OpShiftLeftLogical, u, fs.u32(width), shift)
	bits = b.EmitIDs(spirv.OpShiftLeftLogical, u, bits, shift)
	fs.mergeWord(p, wi, mask, bits)
}

// loadScalarAt and storeScalarAt access a scalar at boff, aligned or not
// as p says.
func (fs *fnState) loadScalarAt(p *place, boff spirv.ID, k types.Kind) spirv.ID {
	if p.unaligned {
		return fs.loadUnaligned(p, boff, k)
	}
	return fs.loadScalarWords(p, boff, k)
}

func (fs *fnState) storeScalarAt(p *place, boff spirv.ID, k types.Kind, v spirv.ID) {
	if p.unaligned {
		fs.storeUnaligned(p, boff, k, v)
		return
	}
	fs.storeScalarWords(p, boff, k, v)
}

// alignedIn returns p marked unaligned when struct st may misalign its
// members.
func (fs *fnState) alignedIn(p *place, st *types.Struct) *place {
	if p.unaligned || !fs.misaligns(st) {
		return p
	}
	q := *p
	q.unaligned = true
	return &q
}
