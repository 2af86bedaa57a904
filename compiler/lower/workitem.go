package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// pushLayout is the module-wide layout of the work-item push constants:
// each present value is a uvec3 in its own 16-byte slot, in the order of
// spirv.PushConstantKind.
type pushLayout struct {
	offset map[spirv.PushConstantKind]uint32
	kinds  []spirv.PushConstantKind
	size   uint32
	// progBase and svm: the offsets of a physical module's 8-byte
	// addresses of the program-scope variables and of the SVM table
	// (-1: none), after the work-item values, the same in every kernel.
	progBase, svm int
}

// pushConstantLayout decides which work-item values the runtime passes in
// push constants, from the work-item functions the kernels call, so that
// it can split an NDRange into several dispatches.
func (l *lowerer) pushConstantLayout() pushLayout {
	need := map[spirv.PushConstantKind]bool{}
	for _, k := range l.pkg.Kernels {
		for name := range l.builtinCalls(k) {
			switch name {
			case "get_global_id":
				need[spirv.PushRegionOffset] = true
			case "get_global_linear_id":
				need[spirv.PushGlobalOffset] = true
				need[spirv.PushRegionOffset] = true
				need[spirv.PushGlobalSize] = true
			case "get_global_offset":
				need[spirv.PushGlobalOffset] = true
			case "get_global_size":
				need[spirv.PushGlobalSize] = true
			case "get_num_groups":
				need[spirv.PushNumWorkgroups] = true
			case "get_enqueued_local_size", "get_max_sub_group_size", "get_enqueued_num_sub_groups":
				need[spirv.PushEnqueuedLocalSize] = true
			case "get_group_id":
				need[spirv.PushRegionGroupOffset] = true
			}
		}
	}
	pl := pushLayout{offset: map[spirv.PushConstantKind]uint32{}}
	for k := spirv.PushGlobalOffset; k <= spirv.PushRegionGroupOffset; k++ {
		if need[k] {
			pl.offset[k] = pl.size
			pl.kinds = append(pl.kinds, k)
			l.refl.PushConstants = append(l.refl.PushConstants, spirv.PushConstant{Kind: k, Offset: pl.size, Size: 12})
			pl.size += 16
		}
	}
	pl.progBase, pl.svm = -1, -1
	if l.opts.Physical {
		for _, v := range l.pkg.Globals {
			if isProgramVar(v) && pl.progBase < 0 {
				pl.progBase = int(pl.size)
				pl.size += 8
			}
		}
		if l.programNeedsSVM() {
			pl.svm = int(pl.size)
			l.refl.SVMTable = &spirv.SVMTable{Offset: pl.size, Size: 8}
			pl.size += 8
		}
	}
	return pl
}

// pushConstants declares the kernel's push-constant block: the module-wide
// work-item values, then the kernel's POD arguments when they are passed
// in push constants.
func (fs *fnState) pushConstants(pods []*types.Var, podTypes []spirv.ID, podOffsets []uint32) {
	b := fs.b
	u := fs.uint32T()
	v3 := b.TypeVector(u, 3)
	var members []spirv.ID
	var offsets []uint32
	fs.pcIndex = map[spirv.PushConstantKind]uint32{}
	for _, k := range fs.pc.kinds {
		fs.pcIndex[k] = uint32(len(members))
		members = append(members, v3)
		offsets = append(offsets, fs.pc.offset[k])
	}
	fs.pcProgBase, fs.pcSVM = -1, -1
	for _, at := range []struct {
		off    int
		member *int
	}{{fs.pc.progBase, &fs.pcProgBase}, {fs.pc.svm, &fs.pcSVM}} {
		if at.off >= 0 {
			*at.member = len(members)
			members = append(members, fs.uint64T())
			offsets = append(offsets, uint32(at.off))
		}
	}
	first := len(members)
	members = append(members, podTypes...)
	offsets = append(offsets, podOffsets...)
	// The image channel queries' words follow the work-item values and the
	// POD arguments.
	end := fs.pc.size
	for _, a := range fs.kref.Args {
		if a.Kind == spirv.ArgPODPushConstant {
			end = max(end, a.Offset+a.Size)
		}
	}
	end = (end + 3) &^ 3
	for _, ii := range fs.imageInfo {
		ii.img.pcMember[ii.dataType] = uint32(len(members))
		members = append(members, u)
		offsets = append(offsets, end)
		fs.kref.ImageChannelInfo = append(fs.kref.ImageChannelInfo, spirv.ImageChannelInfo{
			Ordinal: ii.img.ordinal, DataType: ii.dataType, PushConstant: true, Offset: end, Size: 4})
		end += 4
	}
	for _, sa := range fs.samplerPCs {
		sa.pcMember = uint32(len(members))
		members = append(members, u)
		offsets = append(offsets, end)
		fs.kref.SamplerMasks = append(fs.kref.SamplerMasks, spirv.SamplerMask{Ordinal: sa.ordinal, Offset: end, Size: 4})
		end += 4
	}
	ptrFirst := len(members)
	ptrOffsets := fs.layoutPointerArgs(end)
	if ptrOffsets != nil {
		for _, off := range ptrOffsets {
			members = append(members, fs.uint64T())
			offsets = append(offsets, off)
		}
	}
	if len(members) == 0 {
		return
	}
	st := b.NewTypeStruct(members...)
	for i, o := range offsets {
		b.MemberDecorate(st, uint32(i), spirv.DecorationOffset, o)
	}
	b.Decorate(st, spirv.DecorationBlock)
	fs.pcStruct = st
	size := end
	for _, off := range ptrOffsets {
		size = max(size, off+8)
	}
	fs.declarePushConstants(st, size)
	for i, v := range pods {
		fs.capsFor(v.Type, fs.pcSC)
		p := &place{kind: pChain, t: v.Type, base: fs.gv(fs.pcVar), sc: fs.pcSC,
			chain: []spirv.ID{fs.u32(uint32(first + i))}, layout: true}
		fs.bindPOD(v, fs.load(p))
	}
	if fs.pcProgBase >= 0 {
		fs.programVarAddrs()
	}
	if ptrOffsets != nil {
		fs.bindPointerArgs(func(i int) spirv.ID {
			u64 := fs.uint64T()
			p := b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u64), fs.gv(fs.pcVar), fs.u32(uint32(ptrFirst+i)))
			return b.EmitIDs(spirv.OpLoad, u64, p)
		})
	}
}

// pushValue loads component dim (a 32-bit id) of a work-item push
// constant.
func (fs *fnState) pushValue(k spirv.PushConstantKind, dim spirv.ID) spirv.ID {
	if fs.pcVar == 0 {
		fs.pushConstants(nil, nil, nil)
	}
	idx, ok := fs.pcIndex[k]
	if !ok {
		fs.errorf(fs.pos, "internal error: push constant %v missing", k)
		return fs.u32(0)
	}
	u := fs.uint32T()
	p := fs.b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u), fs.gv(fs.pcVar), fs.u32(idx), dim)
	return fs.b.EmitIDs(spirv.OpLoad, u, p)
}

// builtinVec3 loads component dim of a uvec3 Input builtin.
func (fs *fnState) builtinVec3(bi spirv.BuiltIn, dim spirv.ID) spirv.ID {
	u := fs.uint32T()
	v := fs.gv(fs.input(bi, fs.b.TypeVector(u, 3)))
	p := fs.b.EmitIDs(spirv.OpAccessChain, fs.b.TypePointer(spirv.StorageClassInput, u), v, dim)
	return fs.b.EmitIDs(spirv.OpLoad, u, p)
}

// localSize is get_local_size(dim) for an in-range dim.
func (fs *fnState) localSize(dim spirv.ID) spirv.ID {
	u := fs.uint32T()
	// A required size is the size of every work-group but, from OpenCL C
	// 2.0 on, the smaller ones at the end of a non-uniform NDRange, which
	// the specialization constants give.
	if w := fs.k.Attrs.ReqdWorkGroupSize; w != [3]uint64{} && fs.conf.Std < 200 || fs.wgSize == 0 {
		if w == [3]uint64{} {
			w = [3]uint64{1, 1, 1}
		}
		c := fs.b.ConstantComposite(fs.b.TypeVector(u, 3), fs.u32(uint32(w[0])), fs.u32(uint32(w[1])), fs.u32(uint32(w[2])))
		return fs.b.EmitIDs(spirv.OpVectorExtractDynamic, u, c, dim)
	}
	return fs.b.EmitIDs(spirv.OpVectorExtractDynamic, u, fs.wgSize, dim)
}

// workItem lowers the work-item functions. A dimension outside 0..2 gives
// 0 (ids, offsets) or 1 (sizes, counts), as OpenCL specifies; the
// dimension may be a run-time value.
func (fs *fnState) workItem(name string, args []value, t types.Type) (spirv.ID, bool) {
	b := fs.b
	u := fs.uint32T()
	var dim spirv.ID
	constDim := int64(-1)
	if len(args) > 0 {
		dim = fs.to32(args[0])
		if in := b.Def(dim); in != nil && in.Op == spirv.OpConstant {
			constDim = int64(in.Operands[0])
		}
	}
	var r spirv.ID
	var outside uint32 // the value for an out-of-range dimension
	inRange := func(f func(d spirv.ID) spirv.ID) {
		if constDim >= 0 && constDim <= 2 {
			r = f(dim)
			return
		}
		if constDim > 2 {
			r = fs.u32(outside)
			return
		}
		ok := b.EmitIDs(spirv.OpULessThan, fs.boolT(), dim, fs.u32(3))
		safe := b.EmitIDs(spirv.OpSelect, u, ok, dim, fs.u32(0))
		r = b.EmitIDs(spirv.OpSelect, u, ok, f(safe), fs.u32(outside))
	}
	switch name {
	case "get_work_dim":
		if fs.workDim == 0 {
			fs.workDimID = fs.specID
			fs.specID++
			fs.workDim = b.SpecConstant(u, fs.workDimID, 3)
			id := fs.workDimID
			fs.refl.WorkDimSpecID = &id
		}
		r = fs.workDim
	case "get_global_id":
		inRange(func(d spirv.ID) spirv.ID {
			// The region offset includes the global offset (as clvk
			// passes it to clspv's modules): see driver.NDRange.
			g := fs.builtinVec3(spirv.BuiltInGlobalInvocationId, d)
			return fs.add32(g, fs.pushValue(spirv.PushRegionOffset, d))
		})
	case "get_local_id":
		inRange(func(d spirv.ID) spirv.ID { return fs.builtinVec3(spirv.BuiltInLocalInvocationId, d) })
	case "get_group_id":
		inRange(func(d spirv.ID) spirv.ID {
			g := fs.builtinVec3(spirv.BuiltInWorkgroupId, d)
			return fs.add32(g, fs.pushValue(spirv.PushRegionGroupOffset, d))
		})
	case "get_global_offset":
		inRange(func(d spirv.ID) spirv.ID { return fs.pushValue(spirv.PushGlobalOffset, d) })
	case "get_local_size":
		outside = 1
		inRange(fs.localSize)
	case "get_enqueued_local_size":
		outside = 1
		inRange(func(d spirv.ID) spirv.ID { return fs.pushValue(spirv.PushEnqueuedLocalSize, d) })
	case "get_global_size":
		outside = 1
		inRange(func(d spirv.ID) spirv.ID { return fs.pushValue(spirv.PushGlobalSize, d) })
	case "get_num_groups":
		outside = 1
		inRange(func(d spirv.ID) spirv.ID { return fs.pushValue(spirv.PushNumWorkgroups, d) })
	case "get_local_linear_id":
		lid := func(i uint32) spirv.ID { return fs.builtinVec3(spirv.BuiltInLocalInvocationId, fs.u32(i)) }
		ls := func(i uint32) spirv.ID { return fs.localSize(fs.u32(i)) }
		r = fs.add32(fs.mul32(fs.add32(fs.mul32(lid(2), ls(1)), lid(1)), ls(0)), lid(0))
	case "get_global_linear_id":
		gid := func(i uint32) spirv.ID {
			d := fs.u32(i)
			// get_global_id(i) - get_global_offset(i): the region offset
			// carries the global offset, so only the region part stays.
			g := fs.builtinVec3(spirv.BuiltInGlobalInvocationId, d)
			g = fs.add32(g, fs.pushValue(spirv.PushRegionOffset, d))
			return b.EmitIDs(spirv.OpISub, u, g, fs.pushValue(spirv.PushGlobalOffset, d))
		}
		gs := func(i uint32) spirv.ID { return fs.pushValue(spirv.PushGlobalSize, fs.u32(i)) }
		r = fs.add32(fs.mul32(fs.add32(fs.mul32(gid(2), gs(1)), gid(1)), gs(0)), gid(0))
	default:
		return 0, false
	}
	return fs.convKinds(r, types.Typ[types.UInt], types.UInt, types.ElemKind(t)), true
}
