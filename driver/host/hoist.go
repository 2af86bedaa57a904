package host

import "github.com/clgo/clgo/spirv"

// Hoisting. A value is invariant when each lane gets the same value wherever
// and however often it is computed: constants, push constants, loads of
// buffers the kernel never writes, built-in inputs, and pure operations of
// those. Invariant instructions run once per dispatch (per worker) or once
// per work-group, in a prologue under a full mask, instead of every time the
// block runs. They stay in their blocks as stubs that run them only when the
// prologue faulted (an access out of bounds that the original control flow
// may never make): then the group runs exactly as without hoisting.

// Invariance levels of a value; 0 is varying.
const (
	perDispatch uint8 = 1 // fixed for the whole dispatch
	perGroup    uint8 = 2 // fixed within a work-group
)

// join combines the levels of operands.
func join(a, b uint8) uint8 {
	if a == 0 || b == 0 {
		return 0
	}
	return max(a, b)
}

// level is the invariance level of a value id.
func (p *prep) level(id uint32) uint8 {
	if !p.on(optHoist) {
		return 0
	}
	if _, ok := p.consts[id]; ok {
		return perDispatch
	}
	return p.inv[id]
}

// pureIDs returns the id operands of an instruction without side effects
// that the executor can hoist, or false.
func (p *prep) pureIDs(in *inst) ([]uint32, bool) {
	a := in.args
	switch in.op {
	case spirv.OpCompositeExtract, spirv.OpCopyObject, spirv.OpCopyLogical,
		spirv.OpConvertFToU, spirv.OpConvertFToS, spirv.OpConvertSToF, spirv.OpConvertUToF,
		spirv.OpUConvert, spirv.OpSConvert, spirv.OpFConvert, spirv.OpBitcast, spirv.OpQuantizeToF16,
		spirv.OpSatConvertSToU, spirv.OpSatConvertUToS, spirv.OpConvertPtrToU, spirv.OpConvertUToPtr,
		spirv.OpAny, spirv.OpAll, spirv.OpArrayLength:
		return a[:1], true
	case spirv.OpCompositeInsert, spirv.OpVectorShuffle, spirv.OpDot, spirv.OpVectorTimesScalar,
		spirv.OpIAddCarry, spirv.OpISubBorrow, spirv.OpUMulExtended, spirv.OpSMulExtended,
		spirv.OpVectorExtractDynamic, spirv.OpPtrEqual, spirv.OpPtrNotEqual, spirv.OpPtrDiff:
		return a[:2], true
	case spirv.OpCompositeConstruct, spirv.OpSelect, spirv.OpVectorInsertDynamic,
		spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain,
		spirv.OpBitFieldInsert, spirv.OpBitFieldSExtract, spirv.OpBitFieldUExtract:
		return a, true
	case spirv.OpExtInst:
		if p.m.extSets[a[0]] != "GLSL.std.450" {
			return nil, false
		}
		switch spirv.GLSLstd450(a[1]) {
		case spirv.GLSLstd450Modf, spirv.GLSLstd450Frexp:
			return nil, false // they store through a pointer
		}
		return a[2:], true
	}
	if len(a) > 0 && len(a) <= 3 {
		t := p.vtype[a[0]]
		if t == nil {
			return nil, false
		}
		return a, hasLoop(loopKey{op: uint32(in.op), k: numKind(t)}, len(a))
	}
	return nil, false
}

// hoistLevel is the invariance level of an instruction's result, 0 when it
// must run in place.
func (p *prep) hoistLevel(in *inst) uint8 {
	if in.id == 0 || p.inv == nil || !p.on(optHoist) {
		return 0
	}
	var lvl uint8
	if in.op == spirv.OpLoad {
		r := p.staticRegion(in.args[0])
		if r < 0 {
			return 0
		}
		lvl = p.level(in.args[0])
		switch rg := &p.k.regions[r]; {
		case rg.kind == regionPush:
		case rg.kind == regionBuffer && !p.written[r] && !p.writtenAll:
			if p.hoistedBuf == nil {
				p.hoistedBuf = map[int]bool{}
			}
			p.hoistedBuf[r] = true
		case rg.kind == regionLane && rg.builtin != noBuiltin && p.builtinLoads[in.id]:
			lvl = join(lvl, builtinLevel(spirv.BuiltIn(rg.builtin)))
		default:
			return 0
		}
	} else {
		ids, ok := p.pureIDs(in)
		if !ok {
			return 0
		}
		lvl = perDispatch
		for _, id := range ids {
			lvl = join(lvl, p.level(id))
		}
	}
	if lvl != 0 {
		p.inv[in.id] = lvl
	}
	return lvl
}

// builtinLevel is how often a built-in input changes.
func builtinLevel(b spirv.BuiltIn) uint8 {
	switch b {
	case spirv.BuiltInGlobalInvocationId, spirv.BuiltInWorkgroupId:
		return perGroup
	}
	return perDispatch
}

// findWrites records the regions the kernel may write; a write through a
// pointer of unknown region may write any buffer.
func (p *prep) findWrites(raws []*rawFunc) {
	mark := func(id uint32) {
		if _, ok := p.promoted[id]; ok {
			return
		}
		if _, ok := p.promotedPart[id]; ok {
			return
		}
		if p.dynPart[id] != nil {
			return
		}
		if r, ok := p.region[id]; ok {
			p.written[r] = true
		} else {
			p.writtenAll = true
		}
	}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				a := in.args
				switch in.op {
				case spirv.OpStore, spirv.OpCopyMemory, spirv.OpCopyMemorySized,
					spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicCompareExchange,
					spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpAtomicIAdd, spirv.OpAtomicISub,
					spirv.OpAtomicSMin, spirv.OpAtomicUMin, spirv.OpAtomicSMax, spirv.OpAtomicUMax,
					spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor, spirv.OpAtomicFAddEXT,
					spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
					if len(a) > 0 {
						mark(a[0])
					}
				case spirv.OpExtInst:
					if len(a) > 3 && p.m.extSets[a[0]] == "GLSL.std.450" &&
						(spirv.GLSLstd450(a[1]) == spirv.GLSLstd450Modf || spirv.GLSLstd450(a[1]) == spirv.GLSLstd450Frexp) {
						mark(a[3])
					}
				case spirv.OpFunctionCall:
					for _, id := range a[1:] {
						if t := p.vtype[id]; t != nil && t.op == spirv.OpTypePointer {
							mark(id)
						}
					}
				}
			}
		}
	}
	// Variables of one descriptor (a buffer's aliased views) are one
	// memory: a write through one is a write to all.
	for r, w := range p.written {
		if rg := &p.k.regions[r]; w && rg.kind == regionBuffer {
			for i := range p.k.regions {
				if o := &p.k.regions[i]; o.kind == regionBuffer && o.set == rg.set && o.binding == rg.binding {
					p.written[i] = true
				}
			}
		}
	}
}

// hoisted wraps an instruction that also runs in a prologue: in place it
// runs only when the prologue could not.
func hoisted(run func(*state)) func(*state) {
	return func(s *state) {
		if s.redo {
			run(s)
		}
	}
}

// prologue runs hoisted code for every lane; false if it faulted. It
// runs as a prologue, never as a redo: s.redo may still hold the last
// group's (or, in a pooled state, the last dispatch's) fault, and with it
// set the loops that read uniform operands as one slot read their whole
// rows instead, whose other slots the prologues leave unfilled (uniform.go)
// or a faulted group filled only under its partial masks: stale values.
// The caller sets s.redo from the result.
func (s *state) prologue(code []instr) (ok bool) {
	s.redo = false
	if len(code) == 0 {
		return true
	}
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	s.mask, s.full, s.active = s.all, true, s.lanes
	for i := range code {
		s.cur = &code[i]
		code[i].run(s)
	}
	return true
}
