package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// 64-bit atomics on a buffer of words. A buffer whose accesses disagree on
// the element type is an array of 32-bit words (words.go), where a long has
// no element of its own, so a 64-bit atomic cannot be composed from word
// operations and stay atomic. Instead the buffer gets a second variable
// with the same descriptor set and binding, a runtime array of ulong: the
// same memory seen as 64-bit elements. Both variables are decorated
// Aliased, so that neither the device compiler nor the host driver keeps
// values of one across writes through the other. OpenCL C requires a long
// to be 8-byte aligned, so the long at byte offset boff is element boff/8.

// wideView returns the ulong element of the word place p (of a 64-bit
// type), or false when p's object is no buffer (a __local or private word
// array, which has no second view).
func (fs *fnState) wideView(p *place) (*place, bool) {
	o := p.obj
	if o == nil || !o.block || o.sc != spirv.StorageClassStorageBuffer {
		return nil, false
	}
	b := fs.b
	if o.wide == 0 {
		u64 := fs.scalarType(types.ULong)
		arr := b.NewTypeRuntimeArray(u64)
		b.Decorate(arr, spirv.DecorationArrayStride, 8)
		st := b.NewTypeStruct(arr)
		b.MemberDecorate(st, 0, spirv.DecorationOffset, o.base)
		b.Decorate(st, spirv.DecorationBlock)
		o.wide = b.Variable(b.TypePointer(o.sc, st), o.sc)
		b.Name(o.wide, o.v.Name+".wide")
		if isProgramVar(o.v) {
			fs.bindProgramVar(o.wide)
		} else {
			b.Decorate(o.wide, spirv.DecorationDescriptorSet, o.set)
			b.Decorate(o.wide, spirv.DecorationBinding, o.binding)
		}
		b.Decorate(o.wide, spirv.DecorationAliased)
		b.Decorate(o.id, spirv.DecorationAliased)
	}
	idx := b.EmitIDs(spirv.OpShiftRightLogical, fs.uint32T(), p.boff, fs.u32(3))
	q := &place{kind: pChain, t: p.t, base: fs.gv(o.wide), sc: o.sc, layout: true, obj: o,
		chain: []spirv.ID{fs.u32(0), idx}}
	return q, true
}
