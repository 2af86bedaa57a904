package lanes

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/clgo/clgo/spirv"
)

// globalVar is the pointer of a module-scope variable, its region made
// on first use.
func (b *builder) globalVar(def *spirv.Instruction) (*ptr, error) {
	if p, ok := b.globals[def.Result]; ok {
		return p, nil
	}
	pt, err := b.types.get(def.ResultType)
	if err != nil {
		return nil, err
	}
	class := spirv.StorageClass(def.Operands[0])
	name := b.x.Name(def.Result)
	if name == "" {
		name = fmt.Sprintf("%%%d", def.Result)
	}
	p := &ptr{comp: -1, t: pt.elem, off: b.konst(I32, 0)}
	switch class {
	case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform:
		set, ok1 := b.x.DecorationValue(def.Result, spirv.DecorationDescriptorSet)
		bind, ok2 := b.x.DecorationValue(def.Result, spirv.DecorationBinding)
		if !ok1 || !ok2 {
			return nil, unsupported("OpVariable", "a buffer without a descriptor set and binding")
		}
		p.region = b.region(Region{Kind: RegionBuffer, Set: int(set), Binding: int(bind),
			Name: fmt.Sprintf("%s (set %d, binding %d)", name, set, bind)})
	case spirv.StorageClassPushConstant:
		p.region = b.region(Region{Kind: RegionPush, Set: -1, Binding: -1, Size: pt.elem.size, Name: "push constants " + name})
	case spirv.StorageClassWorkgroup, spirv.StorageClassPrivate:
		if pt.elem.size == 0 {
			return nil, unsupported("OpVariable", "a variable of no size")
		}
		if r, ok, err := b.constTable(def, pt.elem, class, name); err != nil {
			return nil, err
		} else if ok { // consttable.go
			p.region = r
			b.globals[def.Result] = p
			return p, nil
		}
		init, err := b.initBytes(def, pt.elem)
		if err != nil {
			return nil, err
		}
		k := RegionWorkgroup
		if class == spirv.StorageClassPrivate {
			k = RegionPrivate
		}
		if k == RegionWorkgroup {
			name = "Workgroup variable " + name
			if b.packedSingles() {
				k = RegionPrivate // its group's one lane's (pack.go)
			}
		}
		p.region = b.region(Region{Kind: k, Set: -1, Binding: -1, Size: pt.elem.size, Init: init, Name: name})
	case spirv.StorageClassInput:
		bi, ok := b.x.DecorationValue(def.Result, spirv.DecorationBuiltIn)
		if !ok {
			return nil, unsupported("OpVariable", "an Input variable that is not a built-in")
		}
		switch spirv.BuiltIn(bi) {
		case spirv.BuiltInGlobalInvocationId, spirv.BuiltInLocalInvocationId, spirv.BuiltInWorkgroupId,
			spirv.BuiltInNumWorkgroups, spirv.BuiltInWorkgroupSize, spirv.BuiltInLocalInvocationIndex:
		default:
			if subgroupBuiltin(spirv.BuiltIn(bi)) { // subgroup.go
				break
			}
			return nil, unsupported("OpVariable", "built-in %s", spirv.BuiltIn(bi))
		}
		p.region, p.builtin = -1, spirv.BuiltIn(bi)
	case spirv.StorageClassUniformConstant:
		if p.region, err = b.handleVar(def, pt.elem, name); err != nil { // image.go
			return nil, err
		}
	default:
		return nil, unsupported("OpVariable", "storage class %s", class)
	}
	b.globals[def.Result] = p
	return p, nil
}

func (b *builder) region(r Region) int {
	for i, o := range b.p.Regions {
		if r.Kind == RegionBuffer && o.Kind == RegionBuffer && o.Set == r.Set && o.Binding == r.Binding {
			return i
		}
		if r.Kind == RegionPush && o.Kind == RegionPush {
			return i
		}
	}
	b.p.Regions = append(b.p.Regions, r)
	return len(b.p.Regions) - 1
}

// initBytes is a variable's initializer as bytes, or nil.
func (b *builder) initBytes(def *spirv.Instruction, t *typ) ([]byte, error) {
	if len(def.Operands) < 2 {
		return nil, nil
	}
	out := make([]byte, t.size)
	if err := b.constBytes(spirv.ID(def.Operands[1]), t, out); err != nil { // consttable.go
		return nil, err
	}
	return out, nil
}

func putLeaf(d []byte, size int, v uint64) {
	switch size {
	case 1:
		d[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(d, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(d, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(d, v)
	}
}

// localVar makes a Function variable's region (one per inlined copy)
// and stores its initializer under the current mask.
func (b *builder) localVar(in *instance, x *spirv.Instruction, cur Value) error {
	pt, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	if pt.elem.size == 0 {
		return unsupported("OpVariable", "a variable of no size")
	}
	r := len(b.p.Regions)
	b.p.Regions = append(b.p.Regions, Region{Kind: RegionPrivate, Set: -1, Binding: -1, Size: pt.elem.size,
		Name: "Function variable " + b.x.Name(x.Result)})
	p := &ptr{region: r, comp: -1, t: pt.elem, off: b.konst(I32, 0)}
	in.env[x.Result] = &sval{t: pt, ptr: p}
	if len(x.Operands) >= 2 {
		v, err := b.get(in, spirv.ID(x.Operands[1]))
		if err != nil {
			return err
		}
		return b.store(p, v, cur)
	}
	return nil
}

// addOff is off + idx*stride as an offset (Index).
func (b *builder) addOff(off, idx Value, stride int64) Value {
	vi, oi := b.p.Values[idx], b.p.Values[off]
	if vi.Const && oi.Const {
		x := int64(vi.Bits)
		if vi.Kind == I32 {
			x = int64(int32(vi.Bits))
		}
		o := int64(oi.Bits)
		if o != 0xffffffff && (x == 0 || stride == 0 || (x > 0 && x <= math.MaxInt32 && stride <= math.MaxInt32)) {
			if r := o + x*stride; r >= 0 && r < 0xffffffff {
				return b.konst(I32, uint64(r))
			}
		}
	}
	if vi.Const && (vi.Bits == 0 || stride == 0) {
		return off
	}
	return b.opImm(Index, vi.Kind, I32, stride, off, idx)
}

// plus adds a constant byte offset.
func (b *builder) plus(off Value, c int) Value {
	if c == 0 {
		return off
	}
	return b.addOff(off, b.konst(I32, uint64(c)), 1)
}

// chain compiles OpAccessChain, OpInBoundsAccessChain and OpPtrAccessChain.
func (b *builder) chain(in *instance, x *spirv.Instruction) error {
	base, err := b.get(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if base.sel != nil {
		return b.selChain(in, x, base) // selptr.go
	}
	if base.ptr == nil {
		return unsupported(x.Op.String(), "a base that is not a pointer to a variable")
	}
	rt, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	if base.ptr.region == physRegion {
		return b.physChain(in, x, base, rt) // physical.go
	}
	p := *base.ptr
	idx := x.Operands[1:]
	if x.Op == spirv.OpPtrAccessChain {
		if p.region < 0 || base.t.stride == 0 {
			return unsupported(x.Op.String(), "an element index without an ArrayStride")
		}
		iv, _, err := b.scalars(in, spirv.ID(idx[0]))
		if err != nil {
			return err
		}
		if err := b.checkIndex(iv[0]); err != nil {
			return err
		}
		p.off = b.addOff(p.off, iv[0], int64(base.t.stride))
		idx = idx[1:]
	}
	t := p.t
	for _, w := range idx {
		iv, _, err := b.scalars(in, spirv.ID(w))
		if err != nil {
			return err
		}
		i := iv[0]
		ci, isConst := b.p.Values[i].Bits, b.p.Values[i].Const
		if p.region < 0 && !isConst {
			if p, err = b.builtinMemory(p); err != nil { // builtinmem.go
				return err
			}
		}
		if p.region < 0 {
			if p.comp >= 0 {
				return unsupported(x.Op.String(), "a built-in indexed twice")
			}
			p.comp = int(ci)
			t = t.elem
			continue
		}
		switch t.op {
		case spirv.OpTypeStruct:
			if !isConst || int(ci) >= len(t.fields) {
				return unsupported(x.Op.String(), "a struct member index that is not a constant")
			}
			p.off = b.plus(p.off, t.offs[ci])
			t = t.fields[ci]
		case spirv.OpTypeArray, spirv.OpTypeRuntimeArray, spirv.OpTypeVector:
			if err := b.checkIndex(i); err != nil {
				return err
			}
			p.off = b.addOff(p.off, i, int64(t.stride))
			t = t.elem
		default:
			return unsupported(x.Op.String(), "indexing %s", t)
		}
	}
	p.t = rt.elem
	in.env[x.Result] = &sval{t: rt, ptr: &p}
	return nil
}

func (b *builder) checkIndex(i Value) error {
	if k := b.kindOf(i); k != I32 && k != I64 {
		return unsupported("OpAccessChain", "an index of kind %s", k)
	}
	return nil
}

// load loads a value of type t through p for the lanes of cur.
func (b *builder) load(p *ptr, t *typ, cur Value) (*sval, error) {
	if t == nil || t.op == spirv.OpTypePointer && !t.physical() {
		return nil, unsupported("OpLoad", "a pointer from memory")
	}
	if t.big() {
		return b.loadBig(p, t, cur) // bigval.go
	}
	s := &sval{t: t}
	if p.region == physRegion {
		return b.physLoad(p, t, cur) // physical.go
	}
	if p.region < 0 {
		return b.loadBuiltin(p, t)
	}
	rg := b.p.Regions[p.region]
	// The leaves' offsets first, then the loads one after another, so
	// that a vector's components are a run of Loads (jit/vecgroup.go
	// takes such a run as one access).
	offs := make([]Value, len(t.leaves))
	for n, lf := range t.leaves {
		offs[n] = b.plus(p.off, lf.off)
	}
	for n, lf := range t.leaves {
		off := offs[n]
		key := loadKey{region: p.region, off: off, size: lf.size, kind: lf.kind, m: cur}
		if v, ok := b.loads[key]; ok {
			s.leaves = append(s.leaves, v)
			continue
		}
		sh := b.shape(off)
		if rg.Kind == RegionPrivate {
			sh = Varying
		}
		v := b.newValue(lf.kind, sh)
		b.emit(Op{Code: Load, Kind: lf.kind, Dst: v, A: off, B: NoValue, C: NoValue, M: cur, Imm: int64(p.region), Imm2: int64(lf.size)})
		b.loads[key] = v
		s.leaves = append(s.leaves, v)
	}
	return s, nil
}

// store stores v through p for the lanes of cur.
func (b *builder) store(p *ptr, v *sval, cur Value) error {
	if p.region == physRegion {
		return b.physStore(p, v, cur) // physical.go
	}
	if p.region < 0 {
		return unsupported("OpStore", "to a built-in")
	}
	if v.ptr != nil && v.ptr.region == physRegion {
		v = &sval{t: v.t, leaves: []Value{v.ptr.off}} // its address
	}
	if v.ptr != nil {
		return unsupported("OpStore", "a pointer to memory")
	}
	if v.mem != nil {
		return b.copyMem(p, v.mem, v.t, cur, "OpStore") // bigval.go
	}
	t := p.t
	if len(t.leaves) != len(v.leaves) {
		return unsupported("OpStore", "a value too large to scalarize")
	}
	if len(b.loads) > 0 {
		b.loads = map[loadKey]Value{}
	}
	// Offsets first, then a run of Stores (as load does).
	offs := make([]Value, len(t.leaves))
	for n, lf := range t.leaves {
		offs[n] = b.plus(p.off, lf.off)
	}
	for n, lf := range t.leaves {
		off := offs[n]
		b.emit(Op{Code: Store, Kind: lf.kind, Dst: NoValue, A: off, B: v.leaves[n], C: NoValue, M: cur, Imm: int64(p.region), Imm2: int64(lf.size)})
	}
	return nil
}

// loadBuiltin reads a built-in input (one component, or the vector).
func (b *builder) loadBuiltin(p *ptr, t *typ) (*sval, error) {
	if subgroupBuiltin(p.builtin) {
		if b.pack > 1 {
			return nil, groupWide(p.builtin.String()) // pack.go
		}
		return b.loadSubgroupBuiltin(p, t) // subgroup.go
	}
	s := &sval{t: t}
	comps := []int{0, 1, 2}
	if p.comp >= 0 {
		comps = []int{p.comp}
	}
	if p.builtin == spirv.BuiltInLocalInvocationIndex {
		comps = []int{0}
	}
	if len(t.leaves) != len(comps) {
		return nil, unsupported("OpLoad", "built-in %s of %d components", p.builtin, len(t.leaves))
	}
	for n, c := range comps {
		if t.leaves[n].kind != I32 || c > 2 {
			return nil, unsupported("OpLoad", "built-in %s of kind %s", p.builtin, t.leaves[n].kind)
		}
		if b.pack > 1 && c == 0 {
			if v, ok := b.packedBuiltin(p.builtin); ok { // pack.go
				s.leaves = append(s.leaves, v)
				continue
			}
		}
		var code Code
		sh := Uniform
		switch p.builtin {
		case spirv.BuiltInGlobalInvocationId:
			code, sh = GlobalID, b.idShape(c)
		case spirv.BuiltInLocalInvocationId:
			code, sh = LocalID, b.idShape(c)
		case spirv.BuiltInLocalInvocationIndex:
			code, sh = LocalIndex, Varying
		case spirv.BuiltInWorkgroupId:
			code = GroupID
		case spirv.BuiltInNumWorkgroups:
			code = NumGroups
		case spirv.BuiltInWorkgroupSize:
			s.leaves = append(s.leaves, b.konst(I32, uint64(b.p.Local[c])))
			continue
		}
		v := b.newValue(I32, sh)
		b.emit(Op{Code: code, Kind: I32, Dst: v, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: int64(c)})
		s.leaves = append(s.leaves, v)
	}
	return s, nil
}

// atomic compiles the OpAtomic* instructions on integers.
func (b *builder) atomic(in *instance, x *spirv.Instruction, cur Value) error {
	pv, err := b.get(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if pv.ptr == nil || pv.ptr.region < 0 && pv.ptr.region != physRegion {
		return unsupported(x.Op.String(), "not on memory")
	}
	if b.pack > 1 && pv.ptr.region >= 0 && b.p.Regions[pv.ptr.region].Kind == RegionPrivate {
		return groupWide(x.Op.String() + " on Workgroup memory") // pack.go
	}
	p := pv.ptr
	t := p.t
	// Loads, stores and exchanges of floats move bits: they run on the
	// integer of the float's width.
	bitwise := x.Op == spirv.OpAtomicLoad || x.Op == spirv.OpAtomicStore || x.Op == spirv.OpAtomicExchange
	fop, isFloatOp := floatAtomicOps[x.Op] // floatatomic.go
	if !(t.op == spirv.OpTypeInt && t.width >= 32 && !isFloatOp || t.op == spirv.OpTypeFloat && (bitwise || isFloatOp)) {
		return unsupported(x.Op.String(), "on %s", t)
	}
	k := I32
	if t.width == 64 {
		k = I64
	}
	val := func(i int) (Value, error) {
		v, _, err := b.scalars(in, spirv.ID(x.Operands[i]))
		if err != nil {
			return NoValue, err
		}
		if b.kindOf(v[0]) != k {
			return b.op(Bitcast, b.kindOf(v[0]), k, v[0]), nil
		}
		return v[0], nil
	}
	var sub AtomicOp
	var bv, cv Value = NoValue, NoValue
	switch x.Op {
	case spirv.OpAtomicLoad:
		sub = AtomicLoad
	case spirv.OpAtomicStore:
		sub = AtomicStore
		bv, err = val(3)
	case spirv.OpAtomicExchange:
		sub = AtomicXchg
		bv, err = val(3)
	case spirv.OpAtomicCompareExchange:
		sub = AtomicCmpXchg
		if bv, err = val(4); err == nil {
			cv, err = val(5)
		}
	case spirv.OpAtomicIIncrement:
		sub = AtomicInc
	case spirv.OpAtomicIDecrement:
		sub = AtomicDec
	case spirv.OpAtomicFAddEXT, spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
		sub = fop
		bv, err = val(3)
	default:
		subs := map[spirv.Op]AtomicOp{
			spirv.OpAtomicIAdd: AtomicAdd, spirv.OpAtomicISub: AtomicSub, spirv.OpAtomicAnd: AtomicAnd,
			spirv.OpAtomicOr: AtomicOr, spirv.OpAtomicXor: AtomicXor, spirv.OpAtomicUMin: AtomicUMin,
			spirv.OpAtomicUMax: AtomicUMax, spirv.OpAtomicSMin: AtomicSMin, spirv.OpAtomicSMax: AtomicSMax,
		}
		s, ok := subs[x.Op]
		if !ok {
			return unsupported(x.Op.String(), "atomic")
		}
		sub = s
		bv, err = val(3)
	}
	if err != nil {
		return err
	}
	dst := NoValue
	if x.Op != spirv.OpAtomicStore {
		dst = b.newValue(k, Varying)
	}
	if len(b.loads) > 0 {
		b.loads = map[loadKey]Value{}
	}
	if p.region == physRegion { // physical.go
		b.emit(Op{Code: PhysAtomic, Kind: k, Dst: dst, A: p.off, B: bv, C: cv, M: cur, Imm: int64(x.Op), Imm2: int64(sub)})
	} else {
		b.emit(Op{Code: Atomic, Kind: k, Dst: dst, A: p.off, B: bv, C: cv, M: cur, Imm: int64(p.region), Imm2: int64(sub)})
	}
	if dst != NoValue {
		if t.kind() != k {
			dst = b.op(Bitcast, k, t.kind(), dst)
		}
		in.env[x.Result] = &sval{t: t, leaves: []Value{dst}}
	}
	return nil
}
