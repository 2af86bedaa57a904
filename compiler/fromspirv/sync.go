package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// Memory semantics bits (SPIR-V's MemorySemantics) that name memory.
const (
	semWorkgroupMemory      = 0x100
	semCrossWorkgroupMemory = 0x200
	semImageMemory          = 0x800
)

// Scopes (SPIR-V's Scope).
const (
	scopeWorkgroup = 2
	scopeSubgroup  = 3
)

// fenceFlags spells the cl_mem_fence_flags of memory semantics sem.
func fenceFlags(sem uint64) string {
	var f []string
	if sem&semWorkgroupMemory != 0 {
		f = append(f, "CLK_LOCAL_MEM_FENCE")
	}
	if sem&semCrossWorkgroupMemory != 0 {
		f = append(f, "CLK_GLOBAL_MEM_FENCE")
	}
	if sem&semImageMemory != 0 {
		f = append(f, "CLK_IMAGE_MEM_FENCE")
	}
	return strings.Join(f, " | ")
}

// barrier writes OpControlBarrier (barrier, sub_group_barrier) and
// OpMemoryBarrier (mem_fence).
func (e *fnEmitter) barrier(in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	cst := func(i int) (uint64, error) {
		if i >= len(ops) {
			return 0, t.errAt(in, "too few operands")
		}
		v, ok := t.constUint(spirv.ID(ops[i]))
		if !ok {
			return 0, t.errAt(in, "operand %%%d is not an integer constant", ops[i])
		}
		return v, nil
	}
	if in.Op == spirv.OpMemoryBarrier {
		sem, err := cst(1)
		if err != nil {
			return err
		}
		if f := fenceFlags(sem); f != "" {
			e.line("mem_fence(%s);", f)
		}
		return nil
	}
	exec, err := cst(0)
	if err != nil {
		return err
	}
	sem, err := cst(2)
	if err != nil {
		return err
	}
	f := fenceFlags(sem)
	if f == "" {
		f = "CLK_LOCAL_MEM_FENCE"
	}
	switch exec {
	case scopeWorkgroup:
		e.line("barrier(%s);", f)
	case scopeSubgroup:
		t.exts["cl_khr_subgroups"] = true
		e.line("sub_group_barrier(%s);", f)
	default:
		return t.errAt(in, "barrier of execution scope %d", exec)
	}
	return nil
}

// atomic writes an atomic instruction as the OpenCL C 1.2 atomic
// functions (atom_ for 64-bit integers).
func (e *fnEmitter) atomic(in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	val := func(i int) (string, error) { return e.operand(in, i) }
	p, err := val(0)
	if err != nil {
		return err
	}
	pd := t.def[spirv.ID(ops[0])]
	if pd == nil {
		return t.errAt(in, "pointer without a type")
	}
	sc, elem, ok := t.pointee(pd.ResultType)
	if !ok {
		return t.errAt(in, "operand is not a pointer")
	}
	as, err := t.addrSpace(in, sc)
	if err != nil {
		return err
	}
	ei := t.info(elem)
	if ei.n != 1 || (ei.op != spirv.OpTypeInt && ei.op != spirv.OpTypeFloat) || (ei.width != 32 && ei.width != 64) {
		return t.errAt(in, "atomic on a type other than a 32- or 64-bit scalar")
	}
	if sc == scGeneric || t.orderedAtomic(in) {
		return e.atomicC11(in, p, as, elem)
	}
	prefix := "atomic_"
	if ei.width == 64 {
		prefix = "atom_"
		t.exts["cl_khr_int64_base_atomics"] = true
		t.exts["cl_khr_int64_extended_atomics"] = true
	}
	u := intName(ei.width, false, 1)
	s := intName(ei.width, true, 1)
	et := t.ctype[elem]
	up := fmt.Sprintf("(volatile %s %s *)%s", as, u, p)
	sp := fmt.Sprintf("(volatile %s %s *)%s", as, s, p)
	asU := func(v string) string {
		if ei.op == spirv.OpTypeFloat {
			return fmt.Sprintf("as_%s(%s)", u, v)
		}
		return v
	}
	back := func(v string) string {
		if ei.op == spirv.OpTypeFloat {
			return fmt.Sprintf("as_%s(%s)", et, v)
		}
		return fmt.Sprintf("((%s)%s)", et, v)
	}
	res := fmt.Sprintf("_%d", in.Result)
	var call string
	switch in.Op {
	case spirv.OpAtomicLoad:
		call = back(fmt.Sprintf("%sor(%s, 0)", prefix, up))
	case spirv.OpAtomicStore:
		v, err := val(3)
		if err != nil {
			return err
		}
		e.line("%sxchg(%s, %s);", prefix, up, asU(v))
		return nil
	case spirv.OpAtomicExchange:
		v, err := val(3)
		if err != nil {
			return err
		}
		call = back(fmt.Sprintf("%sxchg(%s, %s)", prefix, up, asU(v)))
	case spirv.OpAtomicCompareExchange, spirv.OpAtomicCompareExchangeWeak:
		v, err := val(4)
		if err != nil {
			return err
		}
		c, err := val(5)
		if err != nil {
			return err
		}
		call = back(fmt.Sprintf("%scmpxchg(%s, %s, %s)", prefix, up, asU(c), asU(v)))
	case spirv.OpAtomicIIncrement:
		call = back(fmt.Sprintf("%sinc(%s)", prefix, up))
	case spirv.OpAtomicIDecrement:
		call = back(fmt.Sprintf("%sdec(%s)", prefix, up))
	case spirv.OpAtomicFlagTestAndSet:
		call = fmt.Sprintf("(%sxchg(%s, 1) != 0)", prefix, up)
	case spirv.OpAtomicFlagClear:
		e.line("%sxchg(%s, 0);", prefix, up)
		return nil
	default:
		v, err := val(3)
		if err != nil {
			return err
		}
		if ei.op == spirv.OpTypeFloat {
			return t.errAt(in, "floating-point atomic not supported")
		}
		fn := map[spirv.Op]string{spirv.OpAtomicIAdd: "add", spirv.OpAtomicISub: "sub", spirv.OpAtomicSMin: "min",
			spirv.OpAtomicUMin: "min", spirv.OpAtomicSMax: "max", spirv.OpAtomicUMax: "max", spirv.OpAtomicAnd: "and",
			spirv.OpAtomicOr: "or", spirv.OpAtomicXor: "xor"}[in.Op]
		if in.Op == spirv.OpAtomicSMin || in.Op == spirv.OpAtomicSMax {
			call = back(fmt.Sprintf("%s%s(%s, (%s)%s)", prefix, fn, sp, s, v))
		} else {
			call = back(fmt.Sprintf("%s%s(%s, %s)", prefix, fn, up, v))
		}
	}
	e.line("%s = %s;", res, call)
	return nil
}

// group writes the work-group and sub-group collectives.
func (e *fnEmitter) group(in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	if len(ops) < 2 {
		return t.errAt(in, "too few operands")
	}
	scope, ok := t.constUint(spirv.ID(ops[0]))
	if !ok {
		return t.errAt(in, "scope is not a constant")
	}
	pre := "work_group_"
	switch scope {
	case scopeWorkgroup:
		t.needCL20 = true
	case scopeSubgroup:
		pre = "sub_group_"
		t.exts["cl_khr_subgroups"] = true
	default:
		return t.errAt(in, "collective of scope %d", scope)
	}
	val := func(i int) (string, error) { return e.operand(in, i) }
	rty := t.ctype[in.ResultType]
	ri := t.info(in.ResultType)
	res := fmt.Sprintf("_%d", in.Result)
	switch in.Op {
	case spirv.OpGroupAll, spirv.OpGroupAny:
		v, err := val(1)
		if err != nil {
			return err
		}
		f := map[spirv.Op]string{spirv.OpGroupAll: "all", spirv.OpGroupAny: "any"}[in.Op]
		e.line("%s = %s%s(%s) != 0;", res, pre, f, v)
		return nil
	case spirv.OpGroupBroadcast:
		v, err := val(1)
		if err != nil {
			return err
		}
		id, err := val(2)
		if err != nil {
			return err
		}
		n := uint32(1)
		if d := t.def[spirv.ID(ops[2])]; d != nil {
			n = t.info(d.ResultType).n
		}
		var ids []string
		if n == 1 {
			ids = []string{id}
		} else {
			for i := uint32(0); i < n; i++ {
				ids = append(ids, fmt.Sprintf("%s.s%d", id, i))
			}
		}
		e.line("%s = %sbroadcast(%s, %s);", res, pre, v, strings.Join(ids, ", "))
		return nil
	}
	if len(ops) < 3 {
		return t.errAt(in, "too few operands")
	}
	kind := map[uint32]string{0: "reduce_", 1: "scan_inclusive_", 2: "scan_exclusive_"}[ops[1]]
	if kind == "" {
		return t.errAt(in, "group operation %d", ops[1])
	}
	v, err := val(2)
	if err != nil {
		return err
	}
	f := map[spirv.Op]string{spirv.OpGroupIAdd: "add", spirv.OpGroupFAdd: "add", spirv.OpGroupFMin: "min",
		spirv.OpGroupUMin: "min", spirv.OpGroupSMin: "min", spirv.OpGroupFMax: "max", spirv.OpGroupUMax: "max",
		spirv.OpGroupSMax: "max"}[in.Op]
	if in.Op == spirv.OpGroupSMin || in.Op == spirv.OpGroupSMax {
		v = reinterpret(intName(ri.width, true, ri.n), ri.n, v)
		e.line("%s = (%s)%s%s%s(%s);", res, rty, pre, kind, f, v)
		return nil
	}
	e.line("%s = %s%s%s(%s);", res, pre, kind, f, v)
	return nil
}

// semanticsOperands lists, per atomic opcode, the operand positions of
// its Memory Semantics (the first is the one that orders a success).
func semanticsOperands(op spirv.Op) []int {
	switch op {
	case spirv.OpAtomicCompareExchange, spirv.OpAtomicCompareExchangeWeak:
		return []int{2, 3}
	}
	return []int{2}
}

// orderedAtomic reports whether an atomic's semantics ask for more than
// relaxed ordering.
func (t *translator) orderedAtomic(in *spirv.Instruction) bool {
	for _, i := range semanticsOperands(in.Op) {
		if i < len(in.Operands) {
			if v, ok := t.constUint(spirv.ID(in.Operands[i])); !ok || v&0x1e != 0 {
				return true
			}
		}
	}
	return false
}

// memoryOrder spells the memory_order of semantics operand i.
func (t *translator) memoryOrder(in *spirv.Instruction, i int) string {
	v, _ := t.constUint(spirv.ID(in.Operands[i]))
	switch {
	case v&0x10 != 0:
		return "memory_order_seq_cst"
	case v&0x8 != 0 || v&0x6 == 0x6:
		return "memory_order_acq_rel"
	case v&0x2 != 0:
		return "memory_order_acquire"
	case v&0x4 != 0:
		return "memory_order_release"
	}
	return "memory_order_relaxed"
}

// memoryScope spells the memory_scope of scope operand i.
func (t *translator) memoryScope(in *spirv.Instruction, i int) string {
	v, _ := t.constUint(spirv.ID(in.Operands[i]))
	switch v {
	case 0:
		return "memory_scope_all_svm_devices"
	case scopeWorkgroup:
		return "memory_scope_work_group"
	case scopeSubgroup:
		return "memory_scope_sub_group"
	case 4:
		return "memory_scope_work_item"
	}
	return "memory_scope_device"
}

// atomicC11 writes an atomic instruction as OpenCL C 2.0's
// atomic_*_explicit functions, with the order and scope of its operands:
// for generic pointers, and wherever the semantics order memory.
func (e *fnEmitter) atomicC11(in *spirv.Instruction, p, as string, elem spirv.ID) error {
	t := e.t
	t.needCL20 = true
	ops := in.Operands
	ei := t.info(elem)
	if ei.width == 64 {
		t.exts["cl_khr_int64_base_atomics"] = true
		t.exts["cl_khr_int64_extended_atomics"] = true
	}
	val := func(i int) (string, error) { return e.operand(in, i) }
	if len(ops) < 3 {
		return t.errAt(in, "too few operands")
	}
	et := t.ctype[elem]
	at := map[string]string{"uint": "atomic_uint", "ulong": "atomic_ulong", "float": "atomic_float", "double": "atomic_double"}[et]
	if at == "" {
		return t.errAt(in, "atomic on %s", et)
	}
	signed := in.Op == spirv.OpAtomicSMin || in.Op == spirv.OpAtomicSMax
	if signed {
		at = map[string]string{"uint": "atomic_int", "ulong": "atomic_long"}[et]
	}
	obj := fmt.Sprintf("(volatile %s %s *)%s", as, at, p)
	order, scope := t.memoryOrder(in, 2), t.memoryScope(in, 1)
	res := fmt.Sprintf("_%d", in.Result)
	switch in.Op {
	case spirv.OpAtomicLoad:
		if order == "memory_order_release" || order == "memory_order_acq_rel" {
			order = "memory_order_acquire"
		}
		e.line("%s = atomic_load_explicit(%s, %s, %s);", res, obj, order, scope)
	case spirv.OpAtomicStore, spirv.OpAtomicFlagClear:
		v := "0"
		if in.Op == spirv.OpAtomicStore {
			var err error
			if v, err = val(3); err != nil {
				return err
			}
		}
		if order == "memory_order_acquire" || order == "memory_order_acq_rel" {
			order = "memory_order_release"
		}
		e.line("atomic_store_explicit(%s, %s, %s, %s);", obj, v, order, scope)
	case spirv.OpAtomicExchange:
		v, err := val(3)
		if err != nil {
			return err
		}
		e.line("%s = atomic_exchange_explicit(%s, %s, %s, %s);", res, obj, v, order, scope)
	case spirv.OpAtomicFlagTestAndSet:
		e.line("%s = atomic_exchange_explicit(%s, 1, %s, %s) != 0;", res, obj, order, scope)
	case spirv.OpAtomicCompareExchange, spirv.OpAtomicCompareExchangeWeak:
		v, err := val(4)
		if err != nil {
			return err
		}
		c, err := val(5)
		if err != nil {
			return err
		}
		fail := t.memoryOrder(in, 3)
		if fail == "memory_order_release" || fail == "memory_order_acq_rel" {
			fail = "memory_order_acquire"
		}
		// The result is the value found, which the call leaves in expected.
		e.line("%s = %s;", res, c)
		e.line("atomic_compare_exchange_strong_explicit(%s, (__private %s *)&%s, %s, %s, %s, %s);", obj, et, res, v, order, fail, scope)
	case spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement:
		f := map[spirv.Op]string{spirv.OpAtomicIIncrement: "add", spirv.OpAtomicIDecrement: "sub"}[in.Op]
		e.line("%s = atomic_fetch_%s_explicit(%s, (%s)1, %s, %s);", res, f, obj, et, order, scope)
	default:
		v, err := val(3)
		if err != nil {
			return err
		}
		f := map[spirv.Op]string{spirv.OpAtomicIAdd: "add", spirv.OpAtomicISub: "sub", spirv.OpAtomicSMin: "min",
			spirv.OpAtomicUMin: "min", spirv.OpAtomicSMax: "max", spirv.OpAtomicUMax: "max", spirv.OpAtomicAnd: "and",
			spirv.OpAtomicOr: "or", spirv.OpAtomicXor: "xor"}[in.Op]
		if f == "" {
			return t.errAt(in, "instruction not supported")
		}
		if signed {
			s := intName(ei.width, true, 1)
			e.line("%s = (%s)atomic_fetch_%s_explicit(%s, (%s)%s, %s, %s);", res, et, f, obj, s, v, order, scope)
		} else {
			e.line("%s = atomic_fetch_%s_explicit(%s, %s, %s, %s);", res, f, obj, v, order, scope)
		}
	}
	return nil
}
