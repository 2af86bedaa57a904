package lanes

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// builder holds the state of one Build.
type builder struct {
	// exact: every value keeps a frame slot of its own (exact.go).
	exact bool
	// pack: the work-groups one run of the program holds (pack.go).
	pack   int
	x      *spirv.Index
	spec   map[uint32]uint64
	types  *types
	consts map[spirv.ID]*constVal
	p      *Program
	// constVals dedupes constant values by kind and bits.
	constVals map[[2]uint64]Value
	// globals: module-scope variables' pointers, made on first use.
	globals map[spirv.ID]*ptr
	// bigConsts: the constant tables of big constants (bigval.go).
	bigConsts map[spirv.ID]*ptr
	cur       *spirv.Instruction // for errors
	depth     int                // call depth (recursion guard)
	// Uniform phis (uniphi.go): those found Varying in earlier rounds,
	// the instances made so far, and the assumptions of this round.
	varying map[phiKey]bool
	nInst   int
	uniPhis []uniPhi
	failed  bool
	// retry: the round's assumptions did not all hold (check).
	retry bool
	// uniPhiRegs indexes uniPhis[:uniPhisIndexed] by register (uniPhiOf).
	uniPhiRegs     map[Value]phiKey
	uniPhisIndexed int
	// Loops with uniform exits need no shadows (uniphi.go): those found
	// to need them, and this round's assumptions.
	shadowed map[loopKey]bool
	uniLoops []uniLoop
	// Converged constructs (uniflow.go): those found Varying in earlier
	// rounds, and this round's.
	varyingCons map[consKey]bool
	convCons    []*construct
	// fnShapes holds each function's shape (fnshape.go), for all
	// rounds.
	fnShapes map[*spirv.Function]*fnShape
	// curBlock is the label of the block being emitted.
	curBlock spirv.ID
	// cse and loads remember what the straight-line code since the last
	// label or register write computed and loaded (cse.go).
	cse   map[cseKey]Value
	loads map[loadKey]Value
	// Loop-invariant ops move before their loops (hoist.go).
	loopStack []*hoistLoop
	mutable   map[Value]bool
	hoistedAt map[Value]int
	// bools is what opImm's results tell of booleans (boolfold.go).
	bools boolFacts
}

// sval is what a SPIR-V id stands for in the program: scalar leaves, or
// a pointer.
type sval struct {
	t      *typ
	leaves []Value
	ptr    *ptr
	// sel is a pointer chosen per lane between two memories (OpSelect,
	// selptr.go): only loads, stores and access chains take it; ptr is
	// nil, so that everything else refuses it.
	sel *ptrSel
	// mem holds a value too large to scalarize (bigval.go): its bytes,
	// which nothing writes once the value is made; leaves is nil.
	mem *ptr
}

// ptr is a pointer whose memory region is known when the program is
// built: an offset into it, or a built-in input.
type ptr struct {
	region  int // index in Program.Regions, or -1 for a built-in
	builtin spirv.BuiltIn
	comp    int   // built-ins: the component a chain selected, or -1
	off     Value // I32 byte offset
	t       *typ  // the pointee
}

// Build turns entry point entry of the indexed module, its
// specialization constants set by spec (SpecId → value, zero-extended),
// into a Program over chunks of chunk lanes. It returns an error wrapping
// ErrUnsupported for what the lane tier cannot express.
//
// Phis at loop headers and at the merges of constructs whose branches are
// all uniform are Uniform where their incoming values are: Build assumes
// so, checks it once the program is built, and builds again with the phis
// that were not made Varying (a few rounds at most).
func Build(x *spirv.Index, entry string, spec map[uint32]uint64, chunk int) (*Program, error) {
	return buildProgram(x, entry, spec, chunk, false, 1)
}

func buildProgram(x *spirv.Index, entry string, spec map[uint32]uint64, chunk int, exact bool, pack int) (*Program, error) {
	if chunk < 1 || chunk > 1024 {
		return nil, fmt.Errorf("lanes: chunk of %d lanes", chunk)
	}
	if pack < 1 || pack > chunk {
		return nil, fmt.Errorf("lanes: %d work-groups to a run", pack)
	}
	varying, shadowed, varyingCons := map[phiKey]bool{}, map[loopKey]bool{}, map[consKey]bool{}
	// A round that fails leaves its ops and values for the next to
	// build over: a big kernel's rounds otherwise grow them from empty
	// each time (most of Build's allocation).
	var spareOps []Op
	var spareValues []ValueInfo
	fnShapes := map[*spirv.Function]*fnShape{}
	for round := range 16 {
		b := &builder{
			x: x, spec: spec, exact: exact, pack: pack,
			consts:      map[spirv.ID]*constVal{},
			constVals:   map[[2]uint64]Value{},
			globals:     map[spirv.ID]*ptr{},
			p:           &Program{Entry: entry, Chunk: chunk, Ops: spareOps, Values: spareValues},
			varying:     varying,
			shadowed:    shadowed,
			varyingCons: varyingCons,
			fnShapes:    fnShapes,
			cse:         map[cseKey]Value{},
			mutable:     map[Value]bool{},
			hoistedAt:   map[Value]int{},
			loads:       map[loadKey]Value{},
		}
		p, err := b.build(entry)
		if err != nil {
			return nil, err
		}
		if err := b.checkPacked(); err != nil { // pack.go
			return nil, err
		}
		if !b.retry {
			// Slots only for the round that stands: the rounds before
			// are thrown away (six rounds on hashcat's m01100_mxx).
			b.allocate()
			p.Rounds = round + 1
			return p, nil
		}
		spareOps, spareValues = p.Ops[:0], p.Values[:0]
	}
	return nil, fmt.Errorf("lanes: kernel %s: %w", entry, unsupported("OpPhi", "the shapes of the phis do not settle"))
}

// build is one round of Build.
func (b *builder) build(entry string) (prog *Program, err error) {
	x := b.x
	b.types = &types{b: b, by: map[spirv.ID]*typ{}}
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, fmt.Errorf("lanes: kernel %s: internal error at %v: %v", entry, b.cur, r)
		}
		if err != nil && b.cur != nil && !errors.Is(err, ErrUnsupported) {
			err = fmt.Errorf("lanes: kernel %s: %s: %w", entry, b.cur.Op, err)
		} else if err != nil {
			err = fmt.Errorf("lanes: kernel %s: %w", entry, err)
		}
	}()
	var ep *spirv.EntryPoint
	for _, e := range x.EntryPoints() {
		if e.Name == entry && e.Model == spirv.ExecutionModelGLCompute {
			ep = &e
		}
	}
	if ep == nil {
		return nil, fmt.Errorf("no GLCompute entry point %q", entry)
	}
	if err := b.checkModule(); err != nil {
		return nil, err
	}
	if err := b.localSize(ep); err != nil {
		return nil, err
	}
	fn := x.Funcs[ep.Function]
	if fn == nil {
		return nil, fmt.Errorf("entry point function %%%d not found", ep.Function)
	}
	in := b.newInstance(fn)
	in.entry = true
	entryMask := b.newValue(Mask, Varying)
	b.emit(Op{Code: LiveLanes, Kind: Mask, Dst: entryMask, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
	if err := b.function(in, entryMask); err != nil {
		return nil, err
	}
	b.cur = nil
	b.emit(Op{Code: Exit, Dst: NoValue, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
	// The checks read what emission recorded (branch shapes, the
	// assumptions), not the passes below: a round that fails skips them.
	if b.retry = b.check(); b.retry {
		return b.p, nil
	}
	b.placeAllHoisted()
	b.dropLabels()
	b.dropUnreadMasks() // sealed.go
	b.gatherLoads()     // vecrun.go
	b.dropDeadOps()     // deadops.go
	b.placeSubgroupSyncs()
	b.schedule() // sched.go
	return b.p, nil
}

// checkModule refuses modules of the OpenCL environment (Kernel
// capability, OpenCL.std); capabilities such as Float16 or sub-groups are
// refused where a kernel uses them (a type, an instruction, a built-in),
// so that a module's other kernels still run.
func (b *builder) checkModule() error {
	for _, in := range b.x.Module.Capabilities {
		switch spirv.Capability(in.Operands[0]) {
		case spirv.CapabilityKernel, spirv.CapabilityAddresses:
			return unsupported("OpCapability", "%s", spirv.Capability(in.Operands[0]))
		}
	}
	for _, in := range b.x.Module.ExtInstImports {
		name, _, _ := spirv.DecodeString(in.Operands)
		if name == "OpenCL.std" {
			return unsupported("OpExtInstImport", "%s", name)
		}
	}
	return nil
}

// localSize finds the work-group size as driver/host does: a
// WorkgroupSize constant wins over LocalSizeId, which wins over LocalSize.
func (b *builder) localSize(ep *spirv.EntryPoint) error {
	size := [3]int{1, 1, 1}
	if ep.LocalSize != [3]uint32{} {
		size = [3]int{int(ep.LocalSize[0]), int(ep.LocalSize[1]), int(ep.LocalSize[2])}
	}
	if ep.LocalSizeID != [3]spirv.ID{} {
		for i, id := range ep.LocalSizeID {
			c, err := b.constant(id)
			if err != nil || len(c.bits) != 1 {
				return unsupported("OpExecutionModeId", "LocalSizeId operand %%%d", id)
			}
			size[i] = int(c.bits[0])
		}
	}
	if id := b.x.WorkgroupSizeID(); id != 0 {
		if c, err := b.constant(id); err == nil && len(c.bits) == 3 {
			size = [3]int{int(c.bits[0]), int(c.bits[1]), int(c.bits[2])}
		}
	}
	n := 1
	for _, s := range size {
		if s < 1 || s > 1<<16 {
			return fmt.Errorf("work-group size %v out of range", size)
		}
		n *= s
	}
	if n > 1<<16 {
		return fmt.Errorf("work-group size %v too large", size)
	}
	b.p.Local = size
	return b.packLocal() // pack.go
}

// newValue makes a virtual register.
func (b *builder) newValue(k Kind, s Shape) Value {
	b.p.Values = append(b.p.Values, ValueInfo{Kind: k, Shape: s})
	return Value(len(b.p.Values) - 1)
}

// konst is the constant value of kind k with the given bits.
func (b *builder) konst(k Kind, bits uint64) Value {
	if k.Bytes() == 4 {
		bits &= 0xffffffff
	}
	key := [2]uint64{uint64(k), bits}
	if v, ok := b.constVals[key]; ok {
		return v
	}
	v := b.newValue(k, Uniform)
	b.p.Values[v].Const, b.p.Values[v].Bits = true, bits
	b.constVals[key] = v
	return v
}

func (b *builder) emit(op Op) {
	b.p.Ops = append(b.p.Ops, op)
}

func (b *builder) shape(v Value) Shape {
	if v == NoValue {
		return Uniform
	}
	return b.p.Values[v].Shape
}

func (b *builder) kindOf(v Value) Kind { return b.p.Values[v].Kind }

// join is Varying if any operand is.
func (b *builder) join(vs ...Value) Shape {
	for _, v := range vs {
		if b.shape(v) == Varying {
			return Varying
		}
	}
	return Uniform
}

// op emits code on operands of kind k, its result a new value of kind dk.
func (b *builder) op(code Code, k, dk Kind, args ...Value) Value {
	return b.opImm(code, k, dk, 0, args...)
}

// opImm is op with an immediate. An op that computes what an op before
// it in the same straight-line code computed gives that op's value
// (cse.go).
func (b *builder) opImm(code Code, k, dk Kind, imm int64, args ...Value) Value {
	o := Op{Code: code, Kind: k, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: imm}
	for i, a := range args {
		switch i {
		case 0:
			o.A = a
		case 1:
			o.B = a
		case 2:
			o.C = a
		}
	}
	if v, ok := b.fold(code, o.A, o.B, o.C); ok {
		return v
	}
	if v, ok := b.foldBool(code, k, o.A, o.B); ok {
		return v
	}
	key := cseKey{code: code, kind: k, dk: dk, a: o.A, b: o.B, c: o.C, imm: imm}
	if v, ok := b.cse[key]; ok {
		return v
	}
	if v, ok := b.hoisted(key, o); ok {
		b.cse[key] = v
		return v
	}
	o.Dst = b.newValue(dk, b.join(args...))
	if !b.hoist(o) {
		b.emit(o)
	}
	b.cse[key] = o.Dst
	b.noteBool(code, k, &o, o.Dst)
	return o.Dst
}

// set emits Dst = A into an existing register (a mutable one: masks,
// phis, shadows).
func (b *builder) set(dst, a Value) {
	b.forget()
	b.mutable[dst] = true
	b.emit(Op{Code: Copy, Kind: b.kindOf(dst), Dst: dst, A: a, B: NoValue, C: NoValue, M: NoValue})
}

// blend emits dst = m ? a : dst.
func (b *builder) blend(dst, m, a Value) {
	if bits, ok := b.constBits(m); ok {
		if bits != 0 {
			b.set(dst, a)
		}
		return
	}
	b.forget()
	b.mutable[dst] = true
	b.emit(Op{Code: Select, Kind: b.kindOf(dst), Dst: dst, A: m, B: a, C: dst, M: NoValue})
}

// accumulate emits dst |= m for a mask register.
func (b *builder) accumulate(dst, m Value) {
	if bits, ok := b.constBits(m); ok && bits == 0 {
		return
	}
	b.forget()
	b.mutable[dst] = true
	b.emit(Op{Code: MaskOr, Kind: Mask, Dst: dst, A: dst, B: m, C: NoValue, M: NoValue})
}

func (b *builder) label() int64 {
	b.p.Labels++
	return int64(b.p.Labels - 1)
}

func (b *builder) placeLabel(l int64) {
	b.forget()
	b.emit(Op{Code: Label, Imm: l, Dst: NoValue, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
}

func (b *builder) jump(code Code, m Value, l int64) {
	if bits, ok := b.constBits(m); ok && code != Jump {
		if (bits == 0) != (code == JumpIfNone) {
			return // never jumps
		}
		code, m = Jump, NoValue
	}
	b.emit(Op{Code: code, A: m, Kind: Mask, Imm: l, Dst: NoValue, B: NoValue, C: NoValue, M: NoValue})
}

// get is the sval of an id in an instance: a local value or a constant.
func (b *builder) get(in *instance, id spirv.ID) (*sval, error) {
	if v, ok := in.env[id]; ok {
		return physPtr(v), nil
	}
	def := b.x.Defs[id]
	if def == nil {
		return nil, fmt.Errorf("%%%d is not defined", id)
	}
	if def.Op == spirv.OpVariable {
		p, err := b.globalVar(def)
		if err != nil {
			return nil, err
		}
		t, err := b.types.get(def.ResultType)
		if err != nil {
			return nil, err
		}
		return &sval{t: t, ptr: p}, nil
	}
	if t, err := b.types.get(def.ResultType); err == nil && t.big() {
		return b.bigConst(id, t) // bigval.go
	}
	c, err := b.constant(id)
	if err != nil {
		return nil, err
	}
	s := &sval{t: c.t}
	for i, lf := range c.t.leaves {
		v := c.bits[i]
		if lf.kind == Mask && v != 0 {
			v = 0xffffffff
		}
		s.leaves = append(s.leaves, b.konst(lf.kind, v))
	}
	return s, nil
}

// scalars is the leaves of an id, checked against a count.
func (b *builder) scalars(in *instance, id spirv.ID) ([]Value, *typ, error) {
	s, err := b.get(in, id)
	if err != nil {
		return nil, nil, err
	}
	if s.ptr != nil && s.ptr.region == physRegion {
		return []Value{s.ptr.off}, s.t, nil // the address (physical.go)
	}
	if s.ptr != nil {
		return nil, nil, unsupported("pointer", "a pointer %%%d used as a value", id)
	}
	if s.mem != nil {
		what := "value"
		if b.cur != nil {
			what = b.cur.Op.String()
		}
		return nil, nil, unsupported(what, "%%%d, a %s too large to scalarize, as scalars", id, s.t)
	}
	return s.leaves, s.t, nil
}
