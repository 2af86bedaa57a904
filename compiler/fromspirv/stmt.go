package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// stmt writes the C statements of one instruction of block b.
func (e *fnEmitter) stmt(b *spirv.Block, in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	val := func(i int) (string, error) { return e.operand(in, i) }
	res := fmt.Sprintf("_%d", in.Result)
	opType := func(i int) spirv.ID {
		if i < len(ops) {
			if d := t.def[spirv.ID(ops[i])]; d != nil {
				return d.ResultType
			}
		}
		return 0
	}
	if in.Op == spirv.OpCopyObject && t.isOpaqueHandle(in.ResultType) {
		v, err := val(0)
		if err != nil {
			return err
		}
		e.vals[in.Result] = v
		if s, ok := e.sampler[spirv.ID(ops[0])]; ok {
			e.sampler[in.Result] = s
		}
		return nil
	}
	if s, err := t.pureExpr(in, func(id spirv.ID) (string, error) {
		s, err := e.val(id)
		if err != nil {
			return "", t.errAt(in, "%v", err)
		}
		return s, nil
	}); err != nil {
		return err
	} else if s != "" {
		e.line("%s = %s;", res, s)
		return nil
	}
	if ok, err := e.nonUniform(in); ok {
		return err
	}
	if ok, err := e.image(in); ok {
		return err
	}
	switch in.Op {
	case spirv.OpCopyLogical:
		// The types differ only in decorations the C layout ignores.
		v, err := val(0)
		if err != nil {
			return err
		}
		e.line("{ %s _cl = %s; %s = *(__private %s *)&_cl; }", t.ctype[opType(0)], v, res, t.ctype[in.ResultType])
		return nil
	case spirv.OpBitCount:
		v, err := val(0)
		if err != nil {
			return err
		}
		e.line("%s = (%s)popcount(%s);", res, t.ctype[in.ResultType], v)
		return nil
	case spirv.OpGenericPtrMemSemantics:
		v, err := val(0)
		if err != nil {
			return err
		}
		e.line("%s = ((get_fence(%s) & CLK_LOCAL_MEM_FENCE) ? 0x100u : 0u) | ((get_fence(%s) & CLK_GLOBAL_MEM_FENCE) ? 0x200u : 0u);", res, v, v)
		return nil
	case spirv.OpGroupAsyncCopy:
		// Execution scope, Destination, Source, Num Elements, Stride, Event.
		var a [6]string
		for i := 1; i < 6; i++ {
			v, err := val(i)
			if err != nil {
				return err
			}
			a[i] = v
		}
		if c, ok := t.constUint(spirv.ID(ops[4])); ok && c == 1 {
			e.line("%s = async_work_group_copy(%s, %s, (size_t)%s, %s);", res, a[1], a[2], a[3], a[5])
		} else {
			e.line("%s = async_work_group_strided_copy(%s, %s, (size_t)%s, (size_t)%s, %s);", res, a[1], a[2], a[3], a[4], a[5])
		}
		return nil
	case spirv.OpGroupWaitEvents:
		n, err := val(1)
		if err != nil {
			return err
		}
		p, err := val(2)
		if err != nil {
			return err
		}
		e.line("wait_group_events((int)%s, %s);", n, p)
		return nil
	case spirv.OpNop, spirv.OpLine, spirv.OpNoLine, spirv.OpSelectionMerge, spirv.OpLoopMerge,
		spirv.OpLifetimeStart, spirv.OpLifetimeStop, spirv.OpAssumeTrueKHR, spirv.OpPhi, spirv.OpUndef,
		spirv.OpModuleProcessed, spirv.OpSource, spirv.OpName:
		return nil
	case spirv.OpVariable:
		if _, ok := e.handleVar[in.Result]; ok {
			return nil
		}
		e.line("%s = &%s_v;", res, res)
		if len(ops) > 1 {
			v, err := val(1)
			if err != nil {
				return err
			}
			e.line("%s_v = %s;", res, v)
		}
		return nil
	case spirv.OpLoad:
		if len(ops) < 1 {
			return t.errAt(in, "too few operands")
		}
		p := spirv.ID(ops[0])
		rty := t.ctype[in.ResultType]
		if bi, ok := t.inputs[p]; ok {
			f, vec, err := builtinFunc(t, in, bi)
			if err != nil {
				return err
			}
			if !vec {
				e.line("%s = (%s)%s();", res, rty, f)
				return nil
			}
			ti := t.info(in.ResultType)
			var parts []string
			et := t.ctype[ti.comp]
			for i := uint32(0); i < ti.n; i++ {
				parts = append(parts, fmt.Sprintf("(%s)%s(%d)", et, f, i))
			}
			e.line("%s = (%s)(%s);", res, rty, strings.Join(parts, ", "))
			return nil
		}
		if ac, ok := e.inAC[p]; ok {
			e.line("%s = (%s)%s(%s);", res, rty, ac[0], ac[1])
			return nil
		}
		if t.isOpaqueHandle(in.ResultType) {
			v, ok := e.handleVar[p]
			if !ok {
				return t.errAt(in, "load of an image or sampler not stored by this function")
			}
			e.vals[in.Result] = v
			return nil
		}
		if _, err := val(0); err != nil {
			return err
		}
		e.line("%s = %s;", res, e.deref(in, 0, 1))
		return nil
	case spirv.OpStore:
		if len(ops) >= 2 {
			if d := t.def[spirv.ID(ops[1])]; d != nil && t.isOpaqueHandle(d.ResultType) {
				return nil // recorded by handleVars
			}
		}
		if _, err := val(0); err != nil {
			return err
		}
		v, err := val(1)
		if err != nil {
			return err
		}
		e.line("%s = %s;", e.deref(in, 0, 2), v)
		return nil
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
		return e.accessChain(in)
	case spirv.OpCopyMemory:
		a, err := val(0)
		if err != nil {
			return err
		}
		bv, err := val(1)
		if err != nil {
			return err
		}
		e.line("*%s = *%s;", a, bv)
		return nil
	case spirv.OpCopyMemorySized:
		a, err := val(0)
		if err != nil {
			return err
		}
		bv, err := val(1)
		if err != nil {
			return err
		}
		n, err := val(2)
		if err != nil {
			return err
		}
		sa, _, _ := t.pointee(opType(0))
		sb, _, _ := t.pointee(opType(1))
		asa, err := t.addrSpace(in, sa)
		if err != nil {
			return err
		}
		asb, err := t.addrSpace(in, sb)
		if err != nil {
			return err
		}
		e.line("for (ulong _i = 0; _i < (ulong)%s; _i++) ((%s uchar *)%s)[_i] = ((%s uchar *)%s)[_i];", n, asa, a, asb, bv)
		return nil
	case spirv.OpFunctionCall:
		return e.call(in)
	case spirv.OpCompositeInsert:
		obj, err := val(0)
		if err != nil {
			return err
		}
		c, err := val(1)
		if err != nil {
			return err
		}
		lv, _, err := t.path(in, in.ResultType, res, ops[2:])
		if err != nil {
			return err
		}
		if d := t.def[in.ResultType]; d != nil && d.Op == spirv.OpTypeVector && t.info(in.ResultType).op == spirv.OpTypeBool {
			obj = "(" + obj + " ? -1 : 0)"
		}
		e.line("%s = %s;", res, c)
		e.line("%s = %s;", lv, obj)
		return nil
	case spirv.OpCompositeConstruct:
		d := t.def[in.ResultType]
		for i := range ops {
			v, err := val(i)
			if err != nil {
				return err
			}
			if d.Op == spirv.OpTypeArray {
				e.line("%s.a[%d] = %s;", res, i, v)
			} else {
				e.line("%s.m%d = %s;", res, i, v)
			}
		}
		return nil
	case spirv.OpVectorExtractDynamic:
		v, err := val(0)
		if err != nil {
			return err
		}
		i, err := val(1)
		if err != nil {
			return err
		}
		vt := t.ctype[opType(0)]
		ti := t.info(opType(0))
		et := t.ctype[ti.comp]
		if ti.op == spirv.OpTypeBool {
			e.line("{ %s _vx = %s; %s = ((__private char *)&_vx)[%s] != 0; }", vt, v, res, i)
		} else {
			e.line("{ %s _vx = %s; %s = ((__private %s *)&_vx)[%s]; }", vt, v, res, et, i)
		}
		return nil
	case spirv.OpVectorInsertDynamic:
		v, err := val(0)
		if err != nil {
			return err
		}
		c, err := val(1)
		if err != nil {
			return err
		}
		i, err := val(2)
		if err != nil {
			return err
		}
		ti := t.info(in.ResultType)
		et := t.ctype[ti.comp]
		if ti.op == spirv.OpTypeBool {
			et, c = "char", "("+c+" ? -1 : 0)"
		}
		e.line("%s = %s;", res, v)
		e.line("((__private %s *)&%s)[%s] = %s;", et, res, i, c)
		return nil
	case spirv.OpSelect:
		c, err := val(0)
		if err != nil {
			return err
		}
		a, err := val(1)
		if err != nil {
			return err
		}
		bv, err := val(2)
		if err != nil {
			return err
		}
		e.line("if (%s) %s = %s; else %s = %s;", c, res, a, res, bv)
		return nil
	case spirv.OpFMod:
		a, err := val(0)
		if err != nil {
			return err
		}
		bv, err := val(1)
		if err != nil {
			return err
		}
		e.line("%s = fmod(%s, %s);", res, a, bv)
		if t.info(in.ResultType).n > 1 {
			e.line("%s = select(%s, %s + %s, (%s != 0) & (signbit(%s) ^ signbit(%s)));", res, res, res, bv, res, res, bv)
		} else {
			e.line("if (%s != 0 && signbit(%s) != signbit(%s)) %s += %s;", res, res, bv, res, bv)
		}
		return nil
	case spirv.OpExtInst:
		return e.extInst(in)
	case spirv.OpControlBarrier, spirv.OpMemoryBarrier:
		return e.barrier(in)
	case spirv.OpAtomicLoad, spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicCompareExchange,
		spirv.OpAtomicCompareExchangeWeak, spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpAtomicIAdd,
		spirv.OpAtomicISub, spirv.OpAtomicSMin, spirv.OpAtomicUMin, spirv.OpAtomicSMax, spirv.OpAtomicUMax,
		spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor, spirv.OpAtomicFlagTestAndSet, spirv.OpAtomicFlagClear:
		return e.atomic(in)
	case spirv.OpGroupAll, spirv.OpGroupAny, spirv.OpGroupBroadcast, spirv.OpGroupIAdd, spirv.OpGroupFAdd,
		spirv.OpGroupFMin, spirv.OpGroupUMin, spirv.OpGroupSMin, spirv.OpGroupFMax, spirv.OpGroupUMax, spirv.OpGroupSMax:
		return e.group(in)
	case spirv.OpBranch:
		if len(ops) < 1 {
			return t.errAt(in, "too few operands")
		}
		return e.branch(b, spirv.ID(ops[0]), in)
	case spirv.OpBranchConditional:
		c, err := val(0)
		if err != nil {
			return err
		}
		if len(ops) < 3 {
			return t.errAt(in, "too few operands")
		}
		e.line("if (%s) {", c)
		if err := e.branch(b, spirv.ID(ops[1]), in); err != nil {
			return err
		}
		e.line("} else {")
		if err := e.branch(b, spirv.ID(ops[2]), in); err != nil {
			return err
		}
		e.line("}")
		return nil
	case spirv.OpSwitch:
		sel, err := val(0)
		if err != nil {
			return err
		}
		if len(ops) < 2 {
			return t.errAt(in, "too few operands")
		}
		wide := t.info(opType(0)).width == 64
		e.line("switch (%s) {", sel)
		e.inSwitch = true
		defer func() { e.inSwitch = false }()
		step := 2
		if wide {
			step = 3
		}
		for i := 2; i+step-1 < len(ops); i += step {
			lit := uint64(ops[i])
			if wide {
				lit |= uint64(ops[i+1]) << 32
			}
			e.line("case %dul:", lit)
			if err := e.branch(b, spirv.ID(ops[i+step-1]), in); err != nil {
				return err
			}
			e.line("break;")
		}
		e.line("default:")
		if err := e.branch(b, spirv.ID(ops[1]), in); err != nil {
			return err
		}
		e.line("break;")
		e.line("}")
		return nil
	case spirv.OpReturn:
		e.line("return;")
		return nil
	case spirv.OpReturnValue:
		v, err := val(0)
		if err != nil {
			return err
		}
		e.line("return %s;", v)
		return nil
	case spirv.OpUnreachable:
		if e.retTy == "void" {
			e.line("return;")
		} else {
			e.line("return _ret_undef;")
		}
		return nil
	}
	return t.errAt(in, "instruction not supported")
}

// accessChain writes the address of an element: base[element] for the
// Ptr forms, then members (.mN), array elements (.a[i]) and, last, a
// vector component (through a pointer to the component type).
func (e *fnEmitter) accessChain(in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	if len(ops) < 1 {
		return t.errAt(in, "too few operands")
	}
	base := spirv.ID(ops[0])
	idx := ops[1:]
	if bi, ok := t.inputs[base]; ok {
		f, _, err := builtinFunc(t, in, bi)
		if err != nil {
			return err
		}
		if in.Op == spirv.OpPtrAccessChain || in.Op == spirv.OpInBoundsPtrAccessChain {
			if len(idx) == 0 {
				return t.errAt(in, "too few operands")
			}
			if v, ok := t.constUint(spirv.ID(idx[0])); !ok || v != 0 {
				return t.errAt(in, "element index into a builtin variable")
			}
			idx = idx[1:]
		}
		if len(idx) != 1 {
			return t.errAt(in, "access chain into builtin variable takes one index")
		}
		v, err := e.val(spirv.ID(idx[0]))
		if err != nil {
			return t.errAt(in, "%v", err)
		}
		e.inAC[in.Result] = [2]string{f, v}
		return nil
	}
	if d := t.def[base]; d != nil && d.Op == spirv.OpConstantNull {
		// offsetof: an address computed from null, as a constant.
		op := &spirv.Instruction{Op: in.Op, ResultType: in.ResultType, Result: in.Result, Operands: in.Operands}
		if off, ok := t.nullOffset(op); ok {
			e.line("_%d = (%s)(ulong)%d;", in.Result, t.ctype[in.ResultType], off)
			return nil
		}
	}
	b, err := e.val(base)
	if err != nil {
		return t.errAt(in, "%v", err)
	}
	bty := t.def[base]
	if bty == nil {
		return t.errAt(in, "base %%%d has no type", base)
	}
	sc, ty, ok := t.pointee(bty.ResultType)
	if !ok {
		return t.errAt(in, "base is not a pointer")
	}
	lv := "(*" + b + ")"
	if obj, ok := varObject(b); ok {
		lv = obj
	}
	if raw, ok := t.rawArray[base]; ok {
		// A program-scope array declared as one: index it directly.
		rest := idx
		if in.Op == spirv.OpPtrAccessChain || in.Op == spirv.OpInBoundsPtrAccessChain {
			rest = nil
			if el, ok := t.constUint(spirv.ID(firstOr(idx, 0))); len(idx) > 0 && ok && el == 0 {
				rest = idx[1:]
			}
		}
		if len(rest) > 0 {
			v, err := e.val(spirv.ID(rest[0]))
			if err != nil {
				return t.errAt(in, "%v", err)
			}
			elem := spirv.ID(t.def[ty].Operands[0])
			return e.finishChain(in, sc, elem, fmt.Sprintf("%s[%s]", raw, v), rest[1:])
		}
	}
	if in.Op == spirv.OpPtrAccessChain || in.Op == spirv.OpInBoundsPtrAccessChain {
		if len(idx) == 0 {
			return t.errAt(in, "too few operands")
		}
		el, err := e.val(spirv.ID(idx[0]))
		if err != nil {
			return t.errAt(in, "%v", err)
		}
		if v, ok := t.constUint(spirv.ID(idx[0])); !ok || v != 0 {
			lv = fmt.Sprintf("%s[%s]", b, el)
		}
		idx = idx[1:]
	}
	return e.finishChain(in, sc, ty, lv, idx)
}

// finishChain applies the remaining indices idx of an access chain to the
// lvalue lv of type ty (in storage class sc) and writes the address.
func (e *fnEmitter) finishChain(in *spirv.Instruction, sc uint32, ty spirv.ID, lv string, idx []uint32) error {
	t := e.t
	addr := ""
	for k, w := range idx {
		d := t.def[ty]
		if d == nil {
			return t.errAt(in, "index into a non-composite")
		}
		switch d.Op {
		case spirv.OpTypeStruct:
			m, ok := t.constUint(spirv.ID(w))
			if !ok || int(m) >= len(d.Operands) {
				return t.errAt(in, "struct index %%%d is not a constant member number", w)
			}
			lv = fmt.Sprintf("%s.m%d", lv, m)
			ty = spirv.ID(d.Operands[m])
		case spirv.OpTypeArray, spirv.OpTypeRuntimeArray:
			v, err := e.val(spirv.ID(w))
			if err != nil {
				return t.errAt(in, "%v", err)
			}
			lv = fmt.Sprintf("%s.a[%s]", lv, v)
			ty = spirv.ID(d.Operands[0])
		case spirv.OpTypeVector:
			if k != len(idx)-1 {
				return t.errAt(in, "index past a vector component")
			}
			v, err := e.val(spirv.ID(w))
			if err != nil {
				return t.errAt(in, "%v", err)
			}
			as, err := t.addrSpace(in, sc)
			if err != nil {
				return err
			}
			addr = fmt.Sprintf("((%s %s *)&%s + %s)", as, t.ctype[spirv.ID(d.Operands[0])], lv, v)
		default:
			return t.errAt(in, "index into a non-composite")
		}
	}
	if addr == "" {
		addr = "&" + lv
	}
	e.line("_%d = (%s)%s;", in.Result, t.ctype[in.ResultType], addr)
	return nil
}

// call writes a function call, passing the Workgroup variables the callee
// uses after its own arguments.
func (e *fnEmitter) call(in *spirv.Instruction) error {
	t := e.t
	if len(in.Operands) < 1 {
		return t.errAt(in, "too few operands")
	}
	callee := spirv.ID(in.Operands[0])
	if t.fnByID[callee] == nil {
		return t.errAt(in, "%%%d is not a function", callee)
	}
	var args []string
	for _, a := range in.Operands[1:] {
		v, err := e.val(spirv.ID(a))
		if err != nil {
			return t.errAt(in, "%v", err)
		}
		args = append(args, v)
	}
	for _, v := range t.fnLocals[callee] {
		args = append(args, fmt.Sprintf("_g%d", v))
	}
	c := fmt.Sprintf("%s(%s)", t.funcName(callee), strings.Join(args, ", "))
	if t.ctype[in.ResultType] == "void" {
		e.line("%s;", c)
	} else {
		e.line("_%d = %s;", in.Result, c)
	}
	return nil
}

// deref spells the object that operand ptr of a load or store points to.
// An Aligned memory operand below the type's own alignment (a member of a
// packed struct, clang's unaligned accesses) goes through a packed
// one-member struct, so that the compiler makes no alignment assumption.
func (e *fnEmitter) deref(in *spirv.Instruction, ptr, memOps int) string {
	t := e.t
	p, _ := e.val(spirv.ID(in.Operands[ptr]))
	d := t.def[spirv.ID(in.Operands[ptr])]
	if d == nil || len(in.Operands) <= memOps {
		return "*" + p
	}
	mask := in.Operands[memOps]
	sc, elem, ok := t.pointee(d.ResultType)
	if !ok {
		return "*" + p
	}
	if mask&1 != 0 { // Volatile
		if as, err := t.addrSpace(in, sc); err == nil {
			if et := t.ctype[elem]; et != "" && et != "void" {
				return fmt.Sprintf("*(volatile %s %s *)%s", as, et, p)
			}
		}
	}
	if mask&2 == 0 || len(in.Operands) <= memOps+1 {
		return "*" + p
	}
	align := in.Operands[memOps+1]
	ei := t.info(elem)
	if ei.op != spirv.OpTypeInt && ei.op != spirv.OpTypeFloat {
		return "*" + p
	}
	n := ei.n
	if n == 3 {
		n = 4
	}
	if align == 0 || align >= n*ei.width/8 {
		return "*" + p
	}
	as, err := t.addrSpace(in, sc)
	if err != nil {
		return "*" + p
	}
	et := t.ctype[elem]
	w := "_pk_" + et
	if !t.wrappers[w] {
		t.wrappers[w] = true
		fmt.Fprintf(&t.typedefs, "typedef struct __attribute__((packed)) { %s v; } %s;\n", et, w)
	}
	return fmt.Sprintf("((%s %s *)%s)->v", as, w, p)
}

// varObject returns name for the address expression (&name) of a
// program-scope variable: the object itself, which the compiler prefers
// to (&name)[0].
func varObject(addr string) (string, bool) {
	if strings.HasPrefix(addr, "(&") && strings.HasSuffix(addr, ")") && !strings.ContainsAny(addr[2:len(addr)-1], "()[]&*") {
		return addr[2 : len(addr)-1], true
	}
	return "", false
}

// firstOr returns s[0], or def for an empty s.
func firstOr(s []uint32, def uint32) uint32 {
	if len(s) > 0 {
		return s[0]
	}
	return def
}
