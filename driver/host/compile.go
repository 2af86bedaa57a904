package host

import "github.com/clgo/clgo/spirv"

// compile turns one instruction of a block body into lane loops.
func (p *prep) compile(f *fn, in *inst) ([]instr, error) {
	run, err := p.compile1(f, in)
	if err != nil || run == nil {
		return nil, err
	}
	return []instr{{run: run, op: in.op, pos: in.pos}}, nil
}

func (p *prep) compile1(f *fn, in *inst) (func(*state), error) {
	a := in.args
	need := func(n int) error {
		if len(a) < n {
			return p.errorf("short instruction")
		}
		return nil
	}
	if err := need(minArgs(in.op)); err != nil {
		return nil, err
	}
	switch in.op {
	case spirv.OpLoad, spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
	default:
		p.useMemory(a...)
	}
	switch in.op {
	case spirv.OpNop, spirv.OpLine, spirv.OpNoLine, spirv.OpSelectionMerge, spirv.OpLoopMerge, spirv.OpControlBarrier,
		spirv.OpMemoryBarrier, spirv.OpSourceContinued, spirv.OpSource, spirv.OpSourceExtension, spirv.OpName, spirv.OpMemberName,
		spirv.OpString, spirv.OpModuleProcessed:
		// Barriers: lanes run in lock step, so every lane of the group has
		// reached it; memory is coherent within a worker.
		return nil, nil
	case spirv.OpUndef:
		return nil, nil // rows start zero
	case spirv.OpLoad:
		if _, ok := p.handles[a[0]]; ok {
			return nil, nil // the variable's slot (imageprep.go)
		}
		dst, err := p.operand(in.id)
		if err != nil {
			return nil, err
		}
		if _, ok := p.loadAlias[in.id]; ok {
			return nil, nil // it lives in the variable's rows
		}
		if v, ok := p.promoted[a[0]]; ok {
			if p.uniVar[a[0]] {
				return p.uniformPromotedCopy(dst, v, p.vtype[in.id]), nil
			}
			return p.promotedCopy(dst, v, p.vtype[in.id]), nil
		}
		if pt, ok := p.promotedPart[a[0]]; ok {
			if p.uniVar[pt.v] {
				return p.uniformPromotedCopy(dst, p.promoted[pt.v]+pt.off*p.lanes, p.vtype[in.id]), nil
			}
			return p.promotedCopy(dst, p.promoted[pt.v]+pt.off*p.lanes, p.vtype[in.id]), nil
		}
		if d := p.dynPart[a[0]]; d != nil {
			return p.dynAccess(d, p.vtype[in.id], dst, false), nil
		}
		ptr, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		if fa := p.fused[a[0]]; fa != nil {
			run := p.loadFused(dst, p.vtype[in.id], fa)
			if _, w32 := words32(p.vtype[in.id]); w32 && p.uniform(in.id) {
				return p.uniformLoadFused(dst, p.vtype[in.id], fa, run), nil
			}
			return run, nil
		}
		if run := p.builtinLoad(in, dst, p.vtype[in.id]); run != nil {
			return run, nil
		}
		p.useMemory(a[0])
		if p.physical(a[0]) {
			return p.physLoad(dst, p.vtype[in.id], ptr), nil
		}
		return p.load(dst, p.vtype[in.id], ptr, p.staticRegion(a[0])), nil
	case spirv.OpStore:
		v, whole := p.promoted[a[0]]
		pt, field := p.promotedPart[a[0]]
		if field {
			v = p.promoted[pt.v] + pt.off*p.lanes
		}
		if whole && p.uniVar[a[0]] || field && p.uniVar[pt.v] {
			r, ok := p.rowOf(a[1])
			if !ok {
				return nil, p.errorf("operand %%%d is not a value", a[1])
			}
			// Not marked as read whole: the store reads one slot.
			return p.uniformPromotedCopy(v, r*p.lanes, p.vtype[a[1]]), nil
		}
		src, err := p.operand(a[1])
		if err != nil {
			return nil, err
		}
		t := p.vtype[a[1]]
		if v, ok := p.promoted[a[0]]; ok {
			return p.promotedCopy(v, src, t), nil
		}
		if pt, ok := p.promotedPart[a[0]]; ok {
			return p.promotedCopy(p.promoted[pt.v]+pt.off*p.lanes, src, t), nil
		}
		if d := p.dynPart[a[0]]; d != nil {
			return p.dynAccess(d, t, src, true), nil
		}
		if fa := p.fused[a[0]]; fa != nil {
			return p.storeFused(fa, t, src), nil
		}
		ptr, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		if p.physical(a[0]) {
			return p.physStore(ptr, t, src), nil
		}
		return p.store(ptr, t, src, p.staticRegion(a[0])), nil
	case spirv.OpCopyMemory, spirv.OpCopyMemorySized:
		dp, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		sp, err := p.operand(a[1])
		if err != nil {
			return nil, err
		}
		size := p.vtype[a[0]].elem.size
		if in.op == spirv.OpCopyMemorySized {
			c, ok := p.consts[a[2]]
			if !ok {
				return nil, p.errorf("non-constant Size")
			}
			size = int(c[0])
		}
		return p.copyMemory(dp, sp, size, p.resolver(a[0]), p.resolver(a[1])), nil
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain:
		return p.accessChain(in, false)
	case spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
		return p.accessChain(in, true)
	case spirv.OpArrayLength:
		return p.arrayLength(in)
	case spirv.OpPtrEqual, spirv.OpPtrNotEqual:
		op := uint32(spirv.OpIEqual)
		if in.op == spirv.OpPtrNotEqual {
			op = uint32(spirv.OpINotEqual)
		}
		return p.elementwise(in, loopKey{op: op, k: nkInt}, a[:2], widthOf(64))
	case spirv.OpPtrDiff:
		return p.ptrDiff(in)
	case spirv.OpFunctionCall:
		return p.call(in)
	case spirv.OpExtInst:
		switch set := p.m.extSets[a[0]]; {
		case set == "GLSL.std.450":
			return p.glsl(in)
		case len(set) > 12 && set[:12] == "NonSemantic.":
			return nil, nil
		default:
			return nil, p.errorf("unsupported extended instruction set %q", set)
		}
	case spirv.OpAtomicLoad, spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicCompareExchange,
		spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpAtomicIAdd, spirv.OpAtomicISub, spirv.OpAtomicSMin,
		spirv.OpAtomicUMin, spirv.OpAtomicSMax, spirv.OpAtomicUMax, spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor,
		spirv.OpAtomicFAddEXT, spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
		return p.atomic(in)
	case spirv.OpCompositeConstruct, spirv.OpCompositeExtract, spirv.OpCompositeInsert, spirv.OpVectorShuffle,
		spirv.OpCopyObject, spirv.OpCopyLogical:
		return p.composite(in)
	case spirv.OpVectorExtractDynamic, spirv.OpVectorInsertDynamic:
		return p.dynamicComponent(in)
	case spirv.OpSelect:
		return p.selectOp(in)
	case spirv.OpConvertFToU, spirv.OpConvertFToS, spirv.OpConvertSToF, spirv.OpConvertUToF, spirv.OpUConvert, spirv.OpSConvert,
		spirv.OpFConvert, spirv.OpQuantizeToF16, spirv.OpSatConvertSToU, spirv.OpSatConvertUToS, spirv.OpConvertPtrToU,
		spirv.OpConvertUToPtr:
		return p.convert(in)
	case spirv.OpBitcast:
		return p.bitcast(in)
	case spirv.OpVectorTimesScalar, spirv.OpMatrixTimesScalar:
		return p.elementwise(in, loopKey{op: uint32(spirv.OpFMul), k: numKind(p.vtype[a[0]])}, a[:2], widthOf(p.vtype[a[0]].scalar().width))
	case spirv.OpDot:
		return p.dot(in)
	case spirv.OpAny, spirv.OpAll:
		return p.anyAll(in)
	case spirv.OpIAddCarry, spirv.OpISubBorrow, spirv.OpUMulExtended, spirv.OpSMulExtended:
		return p.extended(in)
	case spirv.OpBitFieldInsert, spirv.OpBitFieldSExtract, spirv.OpBitFieldUExtract:
		return p.bitField(in)
	case spirv.OpMatrixTimesVector, spirv.OpVectorTimesMatrix, spirv.OpMatrixTimesMatrix, spirv.OpOuterProduct, spirv.OpTranspose:
		return p.matrix(in)
	case spirv.OpSampledImage, spirv.OpImage, spirv.OpImageSampleExplicitLod, spirv.OpImageFetch, spirv.OpImageRead,
		spirv.OpImageWrite, spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		return p.imageOp(in)
	}
	if in.op >= spirv.OpGroupNonUniformElect && in.op <= spirv.OpGroupNonUniformLogicalXor {
		return p.groupNonUniform(in) // subgroup.go
	}
	// Element-wise numeric operations.
	if t := p.vtype[a[0]]; t != nil {
		key := loopKey{op: uint32(in.op), k: numKind(t)}
		for n := 1; n <= min(3, len(a)); n++ {
			if hasLoop(key, n) {
				return p.elementwise(in, key, a[:n], widthOf(t.scalar().width))
			}
		}
	}
	return nil, p.errorf("unsupported instruction")
}

// hasLoop says whether the generated loops (arith_gen.go) have one for
// key with n operands.
func hasLoop(key loopKey, n int) bool {
	var ok bool
	switch n {
	case 1:
		_, ok = loops1[key]
	case 2:
		_, ok = loops2[key]
	case 3:
		_, ok = loops3[key]
	}
	return ok
}

func minArgs(op spirv.Op) int {
	switch op {
	case spirv.OpLoad, spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain,
		spirv.OpCopyObject, spirv.OpCopyLogical, spirv.OpFunctionCall, spirv.OpConvertFToU, spirv.OpConvertFToS, spirv.OpConvertSToF,
		spirv.OpConvertUToF, spirv.OpUConvert, spirv.OpSConvert, spirv.OpFConvert, spirv.OpBitcast, spirv.OpQuantizeToF16, spirv.OpAny, spirv.OpAll,
		spirv.OpSatConvertSToU, spirv.OpSatConvertUToS, spirv.OpConvertPtrToU, spirv.OpConvertUToPtr, spirv.OpTranspose:
		return 1
	case spirv.OpStore, spirv.OpCopyMemory, spirv.OpPtrEqual, spirv.OpPtrNotEqual, spirv.OpPtrDiff, spirv.OpArrayLength, spirv.OpExtInst,
		spirv.OpCompositeExtract, spirv.OpVectorExtractDynamic, spirv.OpVectorTimesScalar, spirv.OpMatrixTimesScalar, spirv.OpDot,
		spirv.OpIAddCarry, spirv.OpISubBorrow, spirv.OpUMulExtended, spirv.OpSMulExtended, spirv.OpVectorShuffle,
		spirv.OpMatrixTimesVector, spirv.OpVectorTimesMatrix, spirv.OpMatrixTimesMatrix, spirv.OpOuterProduct:
		return 2
	case spirv.OpCopyMemorySized, spirv.OpSelect, spirv.OpCompositeInsert, spirv.OpVectorInsertDynamic, spirv.OpAtomicLoad,
		spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpBitFieldSExtract, spirv.OpBitFieldUExtract:
		return 3
	case spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicIAdd, spirv.OpAtomicISub, spirv.OpAtomicSMin, spirv.OpAtomicUMin,
		spirv.OpAtomicSMax, spirv.OpAtomicUMax, spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor, spirv.OpAtomicFAddEXT,
		spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT, spirv.OpBitFieldInsert:
		return 4
	case spirv.OpAtomicCompareExchange:
		return 6
	}
	return 0
}

// elementwise binds a generated lane loop to its operands. Operands with
// one component are broadcast over vectors (OpVectorTimesScalar, and the
// scalar forms GLSL.std.450 allows).
func (p *prep) elementwise(in *inst, key loopKey, args []uint32, w intw) (func(*state), error) {
	if key.k == nkInt && w.bits == 32 {
		key.k = nkI32
	}
	// Rows are marked as read only for the operands the chosen loop reads
	// whole (the generic loop runs only when producers fill whole rows).
	p.noMark++
	gen, err := p.elementwiseLanes(in, key, args, w)
	dst, _ := p.operand(in.id)
	offs, _ := p.operands(args...)
	p.noMark--
	if err != nil {
		return nil, err
	}
	t := p.vtype[in.id]
	bcast := make([]bool, len(args))
	for i, id := range args {
		bcast[i] = p.vtype[id].comps != t.comps
	}
	if key.k != nkInt {
		w.bits = p.vtype[args[0]].scalar().width
	}
	u := p.uniformLoop(key, dst, offs, bcast, args, t.comps, w)
	for _, id := range args {
		if u == nil || !p.uniform(id) {
			p.readsRows(id)
		}
	}
	if u != nil {
		return func(s *state) {
			if s.redo {
				gen(s)
				return
			}
			u(s)
		}, nil
	}
	return gen, nil
}

// elementwiseLanes binds the loop that reads every operand as rows.
func (p *prep) elementwiseLanes(in *inst, key loopKey, args []uint32, w intw) (func(*state), error) {
	t := p.vtype[in.id]
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	offs := make([]int, len(args))
	scalar := make([]bool, len(args))
	broadcast := false
	for i, id := range args {
		if offs[i], err = p.operand(id); err != nil {
			return nil, err
		}
		at := p.vtype[id]
		if at.comps != t.comps {
			if at.comps != 1 {
				return nil, p.errorf("operand %%%d has %d components, result %d", id, at.comps, t.comps)
			}
			scalar[i], broadcast = true, true
		}
	}
	L := p.lanes
	n := t.comps * L
	if key.k != nkInt {
		w.bits = p.vtype[args[0]].scalar().width
	}
	// Lanes [lo, hi) of component c of operand i.
	src := func(s *state, i, c, lo, hi int) []uint64 {
		if scalar[i] {
			return s.r[offs[i]+lo : offs[i]+hi]
		}
		return s.r[offs[i]+c+lo : offs[i]+c+hi]
	}
	switch len(args) {
	case 1:
		f := loops1[key]
		if f == nil {
			break
		}
		x := offs[0]
		return func(s *state) {
			if lo, hi := s.span(); hi-lo < L {
				for c := 0; c < n; c += L {
					f(s.r[dst+c+lo:dst+c+hi], src(s, 0, c, lo, hi), w)
				}
				return
			}
			f(s.out(dst, n), s.r[x:x+n], w)
		}, nil
	case 2:
		f := loops2[key]
		if f == nil {
			break
		}
		x, y := offs[0], offs[1]
		return func(s *state) {
			if lo, hi := s.span(); broadcast || hi-lo < L {
				for c := 0; c < n; c += L {
					f(s.r[dst+c+lo:dst+c+hi], src(s, 0, c, lo, hi), src(s, 1, c, lo, hi), w)
				}
				return
			}
			f(s.out(dst, n), s.r[x:x+n], s.r[y:y+n], w)
		}, nil
	case 3:
		f := loops3[key]
		if f == nil {
			break
		}
		return func(s *state) {
			if lo, hi := s.span(); broadcast || hi-lo < L {
				for c := 0; c < n; c += L {
					f(s.r[dst+c+lo:dst+c+hi], src(s, 0, c, lo, hi), src(s, 1, c, lo, hi), src(s, 2, c, lo, hi), w)
				}
				return
			}
			d := s.out(dst, n)
			f(d, s.r[offs[0]:offs[0]+n], s.r[offs[1]:offs[1]+n], s.r[offs[2]:offs[2]+n], w)
		}, nil
	}
	return nil, p.errorf("unsupported operand types")
}

// call compiles OpFunctionCall: arguments are copied into the callee's
// parameter rows for the active lanes, the callee runs under the caller's
// mask, and its return rows are copied out.
func (p *prep) call(in *inst) (func(*state), error) {
	in0 := in.args[0]
	var callee *fn
	for id, f := range p.funcs {
		if id == in0 {
			callee = f
		}
	}
	if callee == nil {
		return nil, p.errorf("callee %%%d is not a function", in0)
	}
	args := in.args[1:]
	if len(args) != len(callee.params) {
		return nil, p.errorf("%d arguments for %d parameters", len(args), len(callee.params))
	}
	srcs := make([]int, len(args))
	for i, id := range args {
		var err error
		if srcs[i], err = p.operand(id); err != nil {
			return nil, err
		}
	}
	dst, retN := -1, callee.retN
	if retN > 0 {
		var err error
		if dst, err = p.operand(in.id); err != nil {
			return nil, err
		}
	}
	return func(s *state) {
		for i, src := range srcs {
			s.copyMasked(callee.params[i], src, callee.paramN[i])
		}
		cur := s.cur
		s.call(callee, s.mask, s.full)
		s.cur = cur
		if dst >= 0 {
			s.copyMasked(dst, callee.ret, retN)
		}
	}, nil
}

// staticRegion is the region a pointer id always points into, or -1.
func (p *prep) staticRegion(id uint32) int {
	if r, ok := p.region[id]; ok {
		return r
	}
	return -1
}
