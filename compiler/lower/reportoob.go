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
// to index), so checking the chains covers them all. The check splits the
// chain's block after the chain: a selection on the comparison whose
// taken side writes the record. Chains in a loop header (the block with
// OpLoopMerge, which must stay the header) are left unchecked; lower
// puts no memory access there.

// PrintfOutOfBounds is the record id of an out-of-bounds buffer access:
// the id, the argument's ordinal, the element index and the element size.
const PrintfOutOfBounds = 0xfffffffd

// reportOutOfBounds puts the check after every access chain into a
// buffer argument in the kernel being lowered (fs.fn).
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
	blocks := fn.Blocks
	fn.Blocks = nil
	renamed := map[spirv.ID]spirv.ID{} // a split block's label -> its last part's
	checked := false
	for _, blk := range blocks {
		fn.Blocks = append(fn.Blocks, blk)
		if hasLoopMerge(blk) {
			continue
		}
		insts := blk.Insts
		blk.Insts = nil
		part := blk
		for i, in := range insts {
			part.Insts = append(part.Insts, in)
			a, ok := args[chainBase(in)]
			if !ok || len(in.Operands) < 3 || i == len(insts)-1 {
				continue
			}
			// part ends here: the check, then the rest in a new block.
			checked = true
			b.SetInsertPoint(fn, part)
			idx := spirv.ID(in.Operands[2])
			n := b.Emit(spirv.OpArrayLength, fs.uint32T(), uint32(in.Operands[0]), 0)
			it := fs.typeOfID(idx)
			idx32 := idx
			if it != 0 && it != fs.uint32T() {
				n = b.EmitIDs(spirv.OpUConvert, it, n)
				idx32 = b.EmitIDs(spirv.OpUConvert, fs.uint32T(), idx)
			}
			out := b.EmitIDs(spirv.OpUGreaterThanEqual, fs.boolT(), idx, n)
			report, rest := b.NewID(), b.NewID()
			b.Emit(spirv.OpSelectionMerge, 0, uint32(rest), uint32(spirv.SelectionControlNone))
			b.EmitIDs(spirv.OpBranchConditional, 0, out, report, rest)
			b.StartBlock(report)
			fs.printfRecord(PrintfOutOfBounds, []spirv.ID{fs.u32(a.ordinal), idx32, fs.u32(a.stride)})
			b.EmitIDs(spirv.OpBranch, 0, rest)
			part = b.StartBlock(rest)
		}
		if part != blk {
			renamed[blk.Label] = part.Label
		}
	}
	if !checked {
		b.SetInsertPoint(fn, cur)
		return
	}
	// The successors' phis name the last part of a split block.
	for _, blk := range fn.Blocks {
		for _, in := range blk.Insts {
			if in.Op != spirv.OpPhi {
				continue
			}
			for j := 1; j < len(in.Operands); j += 2 {
				if l, ok := renamed[spirv.ID(in.Operands[j])]; ok {
					in.Operands[j] = uint32(l)
				}
			}
		}
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
