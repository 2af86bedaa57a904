package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Unaligned word access: members of packed structs (and anything inside
// them) may sit at any byte offset, so a 2-, 4- or 8-byte value may straddle
// two words. Such values are composed from, and stored into, both words.
// Everything else keeps the aligned word code of words.go.

// misaligns reports whether a member of st may lie at an offset its
// scalars' natural word alignment does not allow.
func (fs *fnState) misaligns(st *types.Struct) bool {
	if st.Packed {
		return true
	}
	for _, f := range st.Fields {
		need := min(fs.conf.Alignof(f.Type), 4)
		if f.Offset%need != 0 || st.Align < need {
			return true
		}
	}
	return false
}

// hasMisaligned reports whether t contains a struct that misaligns.
func (fs *fnState) hasMisaligned(t types.Type) bool {
	switch t := types.Underlying(t).(type) {
	case *types.Array:
		return fs.hasMisaligned(t.Elem)
	case *types.Struct:
		if fs.misaligns(t) {
			return true
		}
		for _, f := range t.Fields {
			if fs.hasMisaligned(f.Type) {
				return true
			}
		}
	}
	return false
}

// loadBitsAt reads the size (2 or 4) bytes at any byte offset boff as the
// low bits of a 32-bit word. It reads the word of the first byte and the
// word of the last one (the same word when the value does not straddle).
func (fs *fnState) loadBitsAt(p *place, boff spirv.ID, size uint32) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	w0 := fs.load(fs.wordPlace(p, b.EmitIDs(spirv.OpShiftRightLogical, u, boff, fs.u32(2))))
	last := fs.addConst(boff, size-1)
	w1 := fs.load(fs.wordPlace(p, b.EmitIDs(spirv.OpShiftRightLogical, u, last, fs.u32(2))))
	sh := fs.byteShift(boff)
	lo := b.EmitIDs(spirv.OpShiftRightLogical, u, w0, sh)
	// w1 << (32 - sh) in two steps: a shift by 32 is undefined, the two
	// steps give 0 when sh is 0.
	hi := b.EmitIDs(spirv.OpShiftLeftLogical, u, w1, fs.u32(1))
	hi = b.EmitIDs(spirv.OpShiftLeftLogical, u, hi, b.EmitIDs(spirv.OpISub, u, fs.u32(31), sh))
	return b.EmitIDs(spirv.OpBitwiseOr, u, lo, hi)
}

// storeBitsAt writes the low size (2 or 4) bytes of bits at any byte
// offset boff, leaving the other bytes of both words alone.
func (fs *fnState) storeBitsAt(p *place, boff spirv.ID, size uint32, bits spirv.ID) {
	b := fs.b
	u := fs.uint32T()
	width := uint32(0xffffffff)
	if size == 2 {
		width = 0xffff
	}
	sh := fs.byteShift(boff)
	w0 := b.EmitIDs(spirv.OpShiftRightLogical, u, boff, fs.u32(2))
	mask0 := b.EmitIDs(spirv.OpShiftLeftLogical, u, fs.u32(width), sh)
	fs.mergeWord(p, w0, mask0, b.EmitIDs(spirv.OpShiftLeftLogical, u, bits, sh))
	// The bytes past the first word: x >> (32 - sh), 0 when sh is 0.
	rest := b.EmitIDs(spirv.OpISub, u, fs.u32(31), sh)
	highOf := func(x spirv.ID) spirv.ID {
		x = b.EmitIDs(spirv.OpShiftRightLogical, u, x, fs.u32(1))
		return b.EmitIDs(spirv.OpShiftRightLogical, u, x, rest)
	}
	w1 := b.EmitIDs(spirv.OpShiftRightLogical, u, fs.addConst(boff, size-1), fs.u32(2))
	fs.mergeWord(p, w1, highOf(fs.u32(width)), highOf(bits))
}

// mergeWord replaces the bits under mask of word wi of p by bits (already
// masked), atomically where other work-items may write the word's other
// bytes.
func (fs *fnState) mergeWord(p *place, wi, mask, bits spirv.ID) {
	b := fs.b
	u := fs.uint32T()
	notMask := b.EmitIDs(spirv.OpNot, u, mask)
	wp := fs.wordPlace(p, wi)
	switch p.sc {
	case spirv.StorageClassStorageBuffer, spirv.StorageClassWorkgroup:
		ptr := fs.ptrTo(wp)
		scope := fs.u32(uint32(spirv.ScopeDevice))
		if p.sc == spirv.StorageClassWorkgroup {
			scope = fs.u32(uint32(spirv.ScopeWorkgroup))
		}
		sem := fs.u32(0)
		b.EmitIDs(spirv.OpAtomicAnd, u, ptr, scope, sem, notMask)
		b.EmitIDs(spirv.OpAtomicOr, u, ptr, scope, sem, bits)
	default:
		w := fs.load(wp)
		w = b.EmitIDs(spirv.OpBitwiseAnd, u, w, notMask)
		w = b.EmitIDs(spirv.OpBitwiseOr, u, w, bits)
		fs.store(wp, w)
	}
}

// loadUnaligned reads a scalar of kind k at any byte offset.
func (fs *fnState) loadUnaligned(p *place, boff spirv.ID, k types.Kind) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	t := fs.scalarType(k)
	switch k.Size() {
	case 1:
		return fs.loadScalarWords(p, boff, k)
	case 8:
		lo := fs.loadBitsAt(p, boff, 4)
		hi := fs.loadBitsAt(p, fs.addConst(boff, 4), 4)
		pair := b.EmitIDs(spirv.OpCompositeConstruct, b.TypeVector(u, 2), lo, hi)
		return b.EmitIDs(spirv.OpBitcast, t, pair)
	case 4:
		w := fs.loadBitsAt(p, boff, 4)
		if k.IsFloat() {
			return b.EmitIDs(spirv.OpBitcast, t, w)
		}
		return w
	}
	x := b.EmitIDs(spirv.OpUConvert, b.TypeInt(16, 0), fs.loadBitsAt(p, boff, 2))
	if k.IsFloat() {
		x = b.EmitIDs(spirv.OpBitcast, t, x)
	}
	return x
}

// storeUnaligned writes a scalar of kind k at any byte offset.
func (fs *fnState) storeUnaligned(p *place, boff spirv.ID, k types.Kind, v spirv.ID) {
	b := fs.b
	u := fs.uint32T()
	switch k.Size() {
	case 1:
		fs.storeScalarWords(p, boff, k, v)
	case 8:
		pair := b.EmitIDs(spirv.OpBitcast, b.TypeVector(u, 2), v)
		fs.storeBitsAt(p, boff, 4, b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 0))
		fs.storeBitsAt(p, fs.addConst(boff, 4), 4, b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 1))
	case 4:
		if k.IsFloat() {
			v = b.EmitIDs(spirv.OpBitcast, u, v)
		}
		fs.storeBitsAt(p, boff, 4, v)
	default:
		if k.IsFloat() {
			v = b.EmitIDs(spirv.OpBitcast, b.TypeInt(16, 0), v)
		}
		fs.storeBitsAt(p, boff, 2, b.EmitIDs(spirv.OpUConvert, u, v))
	}
}
