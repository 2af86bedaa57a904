package lower

import "github.com/clgo/clgo/spirv"

// Reporting out-of-bounds buffer accesses (Options.ReportOutOfBounds).
//
// On Vulkan, robust buffer access keeps an out-of-bounds access to a
// storage buffer inside the buffer (a store is dropped, a load reads 0 or
// some value of the buffer) and the dispatch reports success, while the
// host driver fails the dispatch's event. With this check, every access
// chain into a kernel's __global or __constant buffer argument compares
// its element index with the OpArrayLength of the argument's runtime
// array; an index past the end (unsigned: a negative one too) makes the
// work-item write a PrintfOutOfBounds record into the printf buffer: the
// argument's ordinal, the element index (its low 32 bits) and the
// element's size in bytes. The runtime turns the record into an error on
// the dispatch. The access itself is left to robustness.
//
// Every load, store and atomic of a buffer goes through an OpAccessChain
// of the buffer's variable (the logical addressing model has no other way
// to index), so checking the chains covers them all. Each chain only
// compares and remembers the first bad access in Function variables
// (flag, ordinal, index, element size), with selects and no branch; one
// record is written before each return of the kernel. A branch and a
// record per chain made lavapipe's pipeline compile 20x slower on
// kernels with many accesses (a vstore16 is 16 chains) and cost every
// access a block of its own on a GPU. Chains in a loop header (the block
// with OpLoopMerge, which must stay the header) are left unchecked; lower
// puts no memory access there.

// PrintfOutOfBounds is the record id of an out-of-bounds buffer access:
// the id, the argument's ordinal, the element index and the element size.
const PrintfOutOfBounds = 0xfffffffd

// reportOutOfBounds puts the check after every access chain into a
// buffer argument in the kernel being lowered (fs.fn), and the report
// before its returns.
func (fs *fnState) reportOutOfBounds() {
	type arg struct {
		ordinal, stride uint32
	}
	args := map[spirv.ID]arg{}
	for _, o := range fs.objs {
		if o == nil || !o.block || o.sc != spirv.StorageClassStorageBuffer || o.id == 0 || isProgramVar(o.v) {
			continue
		}
		for _, a := range fs.kref.Args {
			if a.Kind == spirv.ArgBuffer && a.DescriptorSet == o.set && a.Binding == o.binding {
				stride := uint32(4)
				if !o.words {
					stride = uint32(max(fs.conf.Sizeof(o.unit), 1))
				}
				args[o.id] = arg{a.Ordinal, stride}
				if o.wide != 0 { // the 64-bit view of a word buffer (wideview.go)
					args[o.wide] = arg{a.Ordinal, 8}
				}
			}
		}
	}
	if len(args) == 0 {
		return
	}
	b := fs.b
	fn := fs.fn
	_, cur := b.Current()
	u, bt := fs.uint32T(), fs.boolT()
	b.SetInsertPoint(fn, fn.Blocks[0])
	flagV := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, bt), b.ConstantFalse(bt))
	ordV := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u), fs.u32(0))
	idxV := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u), fs.u32(0))
	strideV := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u), fs.u32(0))
	checked := false
	for _, blk := range fn.Blocks {
		if hasLoopMerge(blk) {
			continue
		}
		insts := blk.Insts
		blk.Insts = nil
		for i, in := range insts {
			blk.Insts = append(blk.Insts, in)
			a, ok := args[chainBase(in)]
			if !ok || len(in.Operands) < 3 || i == len(insts)-1 {
				continue
			}
			// Emitted at the end of blk.Insts, before the rest of insts.
			checked = true
			b.SetInsertPoint(fn, blk)
			idx := spirv.ID(in.Operands[2])
			n := b.Emit(spirv.OpArrayLength, u, uint32(in.Operands[0]), 0)
			it := fs.typeOfID(idx)
			idx32 := idx
			if it != 0 && it != u {
				n = b.EmitIDs(spirv.OpUConvert, it, n)
				idx32 = b.EmitIDs(spirv.OpUConvert, u, idx)
			}
			out := b.EmitIDs(spirv.OpUGreaterThanEqual, bt, idx, n)
			was := b.EmitIDs(spirv.OpLoad, bt, flagV)
			first := b.EmitIDs(spirv.OpLogicalAnd, bt, out, b.EmitIDs(spirv.OpLogicalNot, bt, was))
			keep := func(v, val spirv.ID) {
				old := b.EmitIDs(spirv.OpLoad, u, v)
				b.EmitIDs(spirv.OpStore, 0, v, b.EmitIDs(spirv.OpSelect, u, first, val, old))
			}
			keep(ordV, fs.u32(a.ordinal))
			keep(idxV, idx32)
			keep(strideV, fs.u32(a.stride))
			b.EmitIDs(spirv.OpStore, 0, flagV, b.EmitIDs(spirv.OpLogicalOr, bt, was, out))
		}
	}
	if !checked {
		b.SetInsertPoint(fn, cur)
		return
	}
	// Before every return: the record of the first bad access, if any.
	var rets []*spirv.Block
	for _, blk := range fn.Blocks {
		if n := len(blk.Insts); n > 0 && blk.Insts[n-1].Op == spirv.OpReturn {
			rets = append(rets, blk)
		}
	}
	for _, blk := range rets {
		blk.Insts = blk.Insts[:len(blk.Insts)-1]
		b.SetInsertPoint(fn, blk)
		bad := b.EmitIDs(spirv.OpLoad, bt, flagV)
		report, done := b.NewID(), b.NewID()
		b.Emit(spirv.OpSelectionMerge, 0, uint32(done), uint32(spirv.SelectionControlNone))
		b.EmitIDs(spirv.OpBranchConditional, 0, bad, report, done)
		b.StartBlock(report)
		fs.printfRecord(PrintfOutOfBounds, []spirv.ID{b.EmitIDs(spirv.OpLoad, u, ordV), b.EmitIDs(spirv.OpLoad, u, idxV), b.EmitIDs(spirv.OpLoad, u, strideV)})
		b.EmitIDs(spirv.OpBranch, 0, done)
		b.StartBlock(done)
		b.Emit(spirv.OpReturn, 0)
	}
	b.SetInsertPoint(fn, cur)
	fs.kref.Flags |= spirv.KernelMayUsePrintf
}

// chainBase is the base of the access chain in, 0 when in is not one.
func chainBase(in *spirv.Instruction) spirv.ID {
	if (in.Op != spirv.OpAccessChain && in.Op != spirv.OpInBoundsAccessChain) || len(in.Operands) == 0 {
		return 0
	}
	return spirv.ID(in.Operands[0])
}

// hasLoopMerge reports whether blk is a loop header.
func hasLoopMerge(blk *spirv.Block) bool {
	for _, in := range blk.Insts {
		if in.Op == spirv.OpLoopMerge {
			return true
		}
	}
	return false
}
