package lower

import (
	"github.com/clgo/clgo/spirv"
)

// maxPushConstantBytes is the push-constant block a physical module's
// pointer arguments may fill: Vulkan's guaranteed minimum of
// maxPushConstantsSize. Past it they go to a uniform buffer.
const maxPushConstantBytes = 128

// layoutPointerArgs places the addresses of a physical module's
// __global and __constant pointer arguments (docs/physical.md §4): in
// push constants from byte end on (8-aligned), returning their offsets,
// or, when the block would pass 128 bytes, in a uniform buffer of
// addresses bound after the kernel's other arguments (ArgPointerUBO),
// loaded here; then it returns nil.
func (fs *fnState) layoutPointerArgs(end uint32) []uint32 {
	if len(fs.physArgs) == 0 || fs.physArgsBound {
		return nil
	}
	fs.physArgsBound = true
	arg := func(i int) *spirv.Arg {
		for ord, p := range fs.k.Params {
			if p != fs.physArgs[i] {
				continue
			}
			for j := range fs.kref.Args {
				if fs.kref.Args[j].Ordinal == uint32(ord) {
					return &fs.kref.Args[j]
				}
			}
		}
		panic("lower: pointer argument missing from the reflection")
	}
	off := (end + 7) &^ 7
	if off+uint32(8*len(fs.physArgs)) <= maxPushConstantBytes {
		offsets := make([]uint32, len(fs.physArgs))
		for i := range fs.physArgs {
			offsets[i] = off + uint32(8*i)
			a := arg(i)
			a.Offset, a.Size = offsets[i], 8
		}
		return offsets
	}
	b := fs.b
	u64 := fs.uint64T()
	members := make([]spirv.ID, len(fs.physArgs))
	for i := range members {
		members[i] = u64
	}
	st := b.NewTypeStruct(members...)
	for i := range members {
		b.MemberDecorate(st, uint32(i), spirv.DecorationOffset, uint32(8*i))
	}
	b.Decorate(st, spirv.DecorationBlock)
	sc := spirv.StorageClassUniform
	id := b.Variable(b.TypePointer(sc, st), sc)
	b.Name(id, "pointer_args")
	b.Decorate(id, spirv.DecorationDescriptorSet, fs.physSet)
	b.Decorate(id, spirv.DecorationBinding, fs.physBinding)
	b.Decorate(id, spirv.DecorationNonWritable)
	fs.gv(id)
	for i := range fs.physArgs {
		a := arg(i)
		a.Kind = spirv.ArgPointerUBO
		a.DescriptorSet, a.Binding, a.Offset, a.Size = fs.physSet, fs.physBinding, uint32(8*i), 8
	}
	fs.bindPointerArgs(func(i int) spirv.ID {
		p := b.EmitIDs(spirv.OpAccessChain, b.TypePointer(sc, u64), id, fs.u32(uint32(i)))
		return b.EmitIDs(spirv.OpLoad, u64, p)
	})
	return nil
}

// bindPointerArgs binds each pointer argument to its address, load(i)
// for the i-th.
func (fs *fnState) bindPointerArgs(load func(i int) spirv.ID) {
	for i, p := range fs.physArgs {
		fs.bindPtrArg(p, &ptrVal{objs: []*object{fs.physObj}, off: load(i)})
	}
}
