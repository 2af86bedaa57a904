package host

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/spirv"
)

// Pointers are one 64-bit value per lane: the memory region in the top 16
// bits and a byte offset in the low 48. Region 0 is the null region.
const (
	offBits = 48
	offMask = 1<<offBits - 1
)

// maxLanes bounds the work-group size, so that per-group state stays small.
const maxLanes = 1 << 16

type regionKind uint8

const (
	regionNull      regionKind = iota
	regionBuffer               // StorageBuffer, Uniform, PhysicalStorageBuffer: a bound resource
	regionPush                 // PushConstant
	regionWorkgroup            // one per work-group
	regionLane                 // Private, Function, Input: one copy per lane
)

// region describes one memory region of a dispatch.
type region struct {
	kind    regionKind
	name    string
	set     int
	binding int
	size    int    // bytes (per lane for regionLane)
	builtin uint32 // Input variables: the BuiltIn, else ^0
	t       *typ
	init    []uint64 // Private and Workgroup initializers, filled per group
	// image is an initializer too large for init, as bytes (constant.go);
	// shared says the variable is never written: its one copy is filled
	// once per worker and read by every lane and group.
	image    []byte
	shared   bool
	dynamic  bool // sized by the bound resource
	atomicOK bool // accessed across goroutines: atomics use sync/atomic
	mem      bool // a built-in input whose memory some access reads
}

// fill is a register row range set once per worker: a constant, or a
// variable's pointer (perLane: plus the lane times stride).
type fill struct {
	off     int
	vals    []uint64
	perLane int
}

// Kernel is an entry point prepared for execution with its specialization
// constants fixed. It is safe for concurrent use.
type Kernel struct {
	name    string
	local   [3]int
	lanes   int
	nLocal  int     // lanes of one work-group
	batch   int     // work-groups per run (batch.go)
	dims    [4]int  // lanes as local[0], local[1], local[2], batch
	batched *Kernel // the same kernel running several groups at once, or nil
	rows    int
	tmpRows int
	fills   []fill
	regions []region
	funcs   []*fn
	entry   *fn
	pro     [2][]instr // hoisted code: per dispatch, per work-group
	pool    sync.Pool
	// physSlots counts the physical access instructions (physical.go).
	physSlots int
	handles   []handleSlot // image and sampler variables (imageprep.go)
	// tier runs the kernel instead of the interpreter where not nil
	// (tier.go); tierErr says why a tier asked for could not.
	tier    *tierKernel
	tierErr error
	// aliases, where not nil, makes a dispatch whose buffers alias run
	// without hoisting (hoistalias.go).
	aliases *aliasGuard
}

// Name returns the entry point's name.
func (k *Kernel) Name() string { return k.name }

// LocalSize returns the work-group size the kernel was prepared with.
func (k *Kernel) LocalSize() [3]int { return k.local }

// prep holds the state of one Prepare.
type prep struct {
	batch    int // work-groups per run
	m        *Module
	name     string
	spec     map[uint32]uint64
	types    map[uint32]*typ
	consts   map[uint32][]uint64 // scalar leaves of constant values
	constImg map[uint32][]byte   // constants too large for rows, as bytes (constant.go)
	vtype    map[uint32]*typ     // the type of every value id
	row      map[uint32]int      // the first register row of every value id
	region   map[uint32]int      // pointer ids whose region is known statically
	funcs    map[uint32]*fn
	// Hoisting (hoist.go, builtins.go).
	inv          map[uint32]uint8 // invariance level of values
	coff         map[uint32]int64 // constant byte offset of pointers into their region
	written      map[int]bool     // regions the kernel may write
	writtenAll   bool
	hoistedBuf   map[int]bool    // buffer regions with loads hoisted (hoistalias.go)
	builtinLoads map[uint32]bool // loads compiled as built-in values
	uni          map[uint32]bool // lane-uniform values (uniform.go)
	aliased      map[uint32]bool // values living in their operand's rows (alias.go)
	need         map[int]*bool   // rows some instruction reads whole (uniform.go)
	noMark       int
	aff          map[uint32]bool     // affine indices' local-id factors (affine.go)
	promoted     map[uint32]int      // Function variables kept in rows (promote.go)
	promotedPart map[uint32]part     // constant access chains into them
	dynPart      map[uint32]*dynPart // chains with a variable index into them (promotedyn.go)
	fused        map[uint32]*addr    // access chains computed by their loads and stores (fuse.go)
	entryID      uint32
	curBlock     *block
	loadAlias    map[uint32]part      // loads living in their promoted variable's rows (loadalias.go)
	place        map[uint32]placement // values laid out in a construct's rows (alias.go)
	reserved     map[uint32]int       // the first rows of constructs with placed operands
	handles      map[uint32]int       // image and sampler variables: their slot in Kernel.handles (imageprep.go)
	uniBuiltin   map[uint32]*bool     // uniform built-in loads: whether readers take them so (builtins.go)
	defs         map[uint32]*inst     // the instruction defining each id of the functions
	uses         map[uint32]int       // how many operands name each id
	proAt        map[uint32][2]int    // hoisted instructions' places in the prologues
	uniFlow      bool                 // the entry function never splits its lanes (uniflow.go)
	uniVar       map[uint32]bool      // promoted variables that hold one value for all lanes
	k            *Kernel
	lanes        int
	nrows        int
	cur          *inst
	off          optSet // optimizations left out (opt.go)
	// Rows by liveness (liverows.go): the record of this Prepare, the
	// plan it applies, the position being compiled and the function whose
	// values are being given rows.
	live  *liveRows
	plan  *rowPlan
	pos   int32
	curFn int
}

func (p *prep) errorf(format string, args ...any) error {
	e := &PrepareError{Kernel: p.name, Msg: fmt.Sprintf(format, args...)}
	if config.Get(config.HostDebug) != "" {
		e.Msg += "\n" + string(debug.Stack())
	}
	if p.cur != nil {
		e.Op, e.ID, e.Pos = spelling(p.cur.op), p.cur.id, p.cur.pos
	}
	return e
}

// resourcef is errorf for a kernel that needs more memory than the host
// gives it (CL_OUT_OF_RESOURCES).
func (p *prep) resourcef(format string, args ...any) error {
	e := p.errorf(format, args...).(*PrepareError)
	e.Err = driver.ErrOutOfResources
	return e
}

// Prepare binds an entry point with the given specialization constants
// (SpecId → value bits, zero-extended; unset ones keep their defaults).
func (m *Module) Prepare(entry string, spec map[uint32]uint64) (*Kernel, error) {
	tk, tierErr := m.prepareTier(entry, spec)
	if tk != nil {
		// The tier runs the kernel; the interpreter's is made only where
		// it is needed (tier.go: interp).
		return &Kernel{name: entry, local: tk.prog.Local, tier: tk}, nil
	}
	k, plan, err := m.prepare(entry, spec, 1, nil)
	if err != nil {
		return nil, err
	}
	k.tierErr = tierErr
	if b := batchOf(m, k); b > 1 {
		if bk, _, err := m.prepare(entry, spec, b, plan); err == nil {
			k.batched = bk
		}
	}
	return k, nil
}

// prepare prepares an entry point whose runs each hold batch work-groups,
// with rows shared by liveness where that saves rows (liverows.go): by
// plan, made for another batch of the same kernel, if it fits; else by a
// plan of its own, from a first Prepare. It returns the plan it made.
func (m *Module) prepare(entry string, spec map[uint32]uint64, batch int, plan *rowPlan) (*Kernel, *rowPlan, error) {
	if plan.worth(batch) {
		if k, p, err := m.prepareRows(entry, spec, batch, plan); err == nil && plan.verify(p) {
			return k, plan, nil
		}
	}
	k, p, err := m.prepareRows(entry, spec, batch, nil)
	if err != nil || p.live == nil {
		return k, nil, err
	}
	plan = p.planRows()
	if !plan.worth(batch) {
		return k, plan, nil
	}
	if k2, p2, err := m.prepareRows(entry, spec, batch, plan); err == nil && plan.verify(p2) {
		return k2, plan, nil
	}
	return k, plan, nil
}

// prepareRows is one Prepare, applying plan if not nil.
func (m *Module) prepareRows(entry string, spec map[uint32]uint64, batch int, plan *rowPlan) (k *Kernel, p *prep, err error) {
	return m.prepareOff(entry, spec, batch, plan, m.off)
}

// prepareOff is prepareRows with the optimizations of off left out.
func (m *Module) prepareOff(entry string, spec map[uint32]uint64, batch int, plan *rowPlan, off optSet) (k *Kernel, p *prep, err error) {
	p = &prep{
		m: m, name: entry, spec: spec, batch: batch, off: off, plan: plan,
		types:  map[uint32]*typ{},
		consts: map[uint32][]uint64{}, constImg: map[uint32][]byte{},
		vtype:  map[uint32]*typ{},
		row:    map[uint32]int{},
		region: map[uint32]int{},
		funcs:  map[uint32]*fn{},
		k:      &Kernel{name: entry},
		inv:    map[uint32]uint8{}, coff: map[uint32]int64{}, written: map[int]bool{},
		builtinLoads: map[uint32]bool{}, uni: map[uint32]bool{}, aliased: map[uint32]bool{},
		aff: map[uint32]bool{}, need: map[int]*bool{}, uniBuiltin: map[uint32]*bool{},
	}
	if p.on(optRows) {
		p.live = newLiveRows()
	}
	defer func() {
		if r := recover(); r != nil {
			k, err = nil, p.errorf("internal error: %v", r)
		}
	}()
	var ep *spirv.EntryPoint
	for _, e := range m.x.EntryPoints() {
		if e.Name == entry && e.Model == spirv.ExecutionModelGLCompute {
			ep = &e
		}
	}
	if ep == nil {
		return nil, p, &PrepareError{Msg: fmt.Sprintf("no GLCompute entry point %q", entry)}
	}
	p.k.regions = []region{{kind: regionNull, name: "null pointer", set: -1, binding: -1}}
	p.entryID = uint32(ep.Function)
	first := len(m.insts)
	for i := range m.insts {
		in := &m.insts[i]
		if in.op == spirv.OpFunction {
			first = i
			break
		}
		p.cur = in
		if err := p.global(in); err != nil {
			return nil, p, err
		}
	}
	p.cur = nil
	if err := p.localSize(ep); err != nil {
		return nil, p, err
	}
	if err := p.functions(first); err != nil {
		return nil, p, err
	}
	p.k.entry = p.funcs[uint32(ep.Function)]
	if p.k.entry == nil {
		return nil, p, p.errorf("entry point function %%%d not found", ep.Function)
	}
	p.guardAliases(entry, spec, batch) // hoistalias.go
	p.dropUnreached()                  // memlimit.go
	p.k.rows = p.nrows
	return p.k, p, nil
}

// global handles one instruction before the first function.
func (p *prep) global(in *inst) error {
	switch in.op {
	case spirv.OpTypeVoid, spirv.OpTypeBool, spirv.OpTypeInt, spirv.OpTypeFloat, spirv.OpTypeVector, spirv.OpTypeMatrix,
		spirv.OpTypeArray, spirv.OpTypeRuntimeArray, spirv.OpTypeStruct, spirv.OpTypePointer, spirv.OpTypeFunction,
		spirv.OpTypeForwardPointer, spirv.OpTypeImage, spirv.OpTypeSampler, spirv.OpTypeSampledImage:
		t, err := p.resolveType(in)
		if err != nil {
			if errors.Is(err, driver.ErrOutOfResources) {
				return p.resourcef("%v", err)
			}
			return p.errorf("%v", err)
		}
		p.types[t.id] = t
	case spirv.OpConstant, spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpConstantNull, spirv.OpConstantComposite,
		spirv.OpSpecConstant, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse, spirv.OpSpecConstantComposite,
		spirv.OpSpecConstantOp, spirv.OpUndef:
		return p.constant(in)
	case spirv.OpVariable:
		return p.globalVar(in)
	case spirv.OpExtInst:
		// NonSemantic instructions (clspv reflection, debug info): nothing to run.
	}
	return nil
}

// constant evaluates a constant or specialization constant.
func (p *prep) constant(in *inst) error {
	t := p.types[in.typ]
	if t == nil {
		return p.errorf("result type %%%d is not a type", in.typ)
	}
	if t.comps == 0 && in.op != spirv.OpUndef {
		return p.constImage(in, t)
	}
	a := in.args
	var v []uint64
	specID, isSpec := uint32(0), false
	if d, ok := p.m.deco(in.id, spirv.DecorationSpecId); ok && len(d) > 0 {
		specID, isSpec = d[0], true
	}
	override, has := p.spec[specID]
	has = has && isSpec
	switch in.op {
	case spirv.OpConstant, spirv.OpSpecConstant:
		if len(a) == 0 {
			return p.errorf("missing value")
		}
		x := uint64(a[0])
		if t.width == 64 && len(a) > 1 {
			x |= uint64(a[1]) << 32
		}
		if in.op == spirv.OpSpecConstant && has {
			x = override
		}
		v = []uint64{x & widthOf(t.width).m}
	case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
		b := in.op == spirv.OpConstantTrue || in.op == spirv.OpSpecConstantTrue
		if (in.op == spirv.OpSpecConstantTrue || in.op == spirv.OpSpecConstantFalse) && has {
			b = override != 0
		}
		v = []uint64{b2u(b)}
	case spirv.OpConstantNull, spirv.OpUndef:
		v = make([]uint64, t.comps)
	case spirv.OpConstantComposite, spirv.OpSpecConstantComposite:
		for _, id := range a {
			c, ok := p.consts[id]
			if !ok {
				return p.errorf("constituent %%%d is not a constant", id)
			}
			v = append(v, c...)
		}
		if len(v) != t.comps {
			return p.errorf("constituents give %d scalars, want %d", len(v), t.comps)
		}
	case spirv.OpSpecConstantOp:
		var err error
		if v, err = p.specOp(in, t); err != nil {
			return err
		}
	}
	p.consts[in.id] = v
	p.vtype[in.id] = t
	return nil
}

// specOp evaluates OpSpecConstantOp by compiling its operation for one lane
// and running it.
func (p *prep) specOp(in *inst, t *typ) ([]uint64, error) {
	if len(in.args) == 0 {
		return nil, p.errorf("missing opcode")
	}
	op := inst{op: spirv.Op(in.args[0]), typ: in.typ, id: in.id, args: in.args[1:], pos: in.pos}
	sub := &prep{m: p.m, name: p.name, off: p.off, types: p.types, consts: p.consts, vtype: map[uint32]*typ{},
		row: map[uint32]int{}, region: map[uint32]int{}, k: &Kernel{}, lanes: 1, cur: p.cur}
	for _, id := range op.args {
		if c, ok := p.consts[id]; ok {
			sub.vtype[id] = p.vtype[id]
			sub.row[id] = sub.nrows
			sub.k.fills = append(sub.k.fills, fill{off: sub.nrows, vals: c})
			sub.nrows += len(c)
		}
	}
	sub.vtype[in.id] = t
	sub.row[in.id] = sub.nrows
	sub.nrows += t.comps
	f := &fn{}
	run, err := sub.compile(f, &op)
	if err != nil {
		return nil, err
	}
	sub.k.rows, sub.k.lanes, sub.k.tmpRows, sub.k.local = sub.nrows, 1, sub.nrows, [3]int{1, 1, 1}
	sub.k.nLocal, sub.k.batch, sub.k.dims = 1, 1, [4]int{1, 1, 1, 1}
	s := newState(sub.k)
	s.mask, s.full = []bool{true}, true
	for _, r := range run {
		r.run(s)
	}
	out := make([]uint64, t.comps)
	copy(out, s.r[sub.row[in.id]:])
	return out, nil
}

// localSize finds the work-group size: a WorkgroupSize constant wins over
// LocalSizeId, which wins over LocalSize.
func (p *prep) localSize(ep *spirv.EntryPoint) error {
	size := [3]int{1, 1, 1}
	if ep.LocalSize != [3]uint32{} {
		size = [3]int{int(ep.LocalSize[0]), int(ep.LocalSize[1]), int(ep.LocalSize[2])}
	}
	if ep.LocalSizeID != [3]spirv.ID{} {
		for i, id := range ep.LocalSizeID {
			c := p.consts[uint32(id)]
			if len(c) != 1 {
				return p.errorf("LocalSizeId operand %%%d is not a scalar constant", id)
			}
			size[i] = int(c[0])
		}
	}
	if id := p.m.x.WorkgroupSizeID(); id != 0 {
		if c, ok := p.consts[uint32(id)]; ok && len(c) == 3 {
			size = [3]int{int(c[0]), int(c[1]), int(c[2])}
		}
	}
	n := 1
	for _, s := range size {
		if s < 1 || s > maxLanes {
			return p.errorf("work-group size %v out of range", size)
		}
		n *= s
	}
	if n > maxLanes {
		return p.errorf("work-group size %v has more than %d invocations", size, maxLanes)
	}
	b := max(p.batch, 1)
	p.k.local, p.k.lanes, p.lanes = size, n*b, n*b
	p.k.nLocal, p.k.batch, p.k.dims = n, b, [4]int{size[0], size[1], size[2], b}
	// Constants become rows now that the lane count is known.
	for id, c := range p.consts {
		p.row[id] = p.nrows
		p.k.fills = append(p.k.fills, fill{off: p.nrows * p.lanes, vals: c})
		p.nrows += len(c)
	}
	for id, r := range p.region {
		p.ptrRow(id, r)
	}
	p.handleRows()
	return nil
}

// ptrRow gives a variable's pointer its register row.
func (p *prep) ptrRow(id uint32, r int) {
	rg := &p.k.regions[r]
	p.row[id] = p.nrows
	f := fill{vals: []uint64{uint64(r) << offBits}}
	if rg.kind == regionLane {
		f.perLane = rg.size
	}
	p.nrows++
	if p.lanes > 0 {
		f.off = p.row[id] * p.lanes
		p.k.fills = append(p.k.fills, f)
	}
}

// globalVar creates the memory region of a module-scope variable.
func (p *prep) globalVar(in *inst) error {
	pt := p.types[in.typ]
	if pt == nil || pt.op != spirv.OpTypePointer || len(in.args) == 0 {
		return p.errorf("variable of non-pointer type")
	}
	t := pt.elem
	rg := region{t: t, name: p.m.name(in.id), set: -1, binding: -1, builtin: noBuiltin, size: t.size}
	if rg.name == "" {
		rg.name = fmt.Sprintf("%%%d", in.id)
	}
	switch sc := spirv.StorageClass(in.args[0]); sc {
	case spirv.StorageClassStorageBuffer, spirv.StorageClassUniform, spirv.StorageClassPhysicalStorageBuffer:
		rg.kind, rg.atomicOK, rg.dynamic = regionBuffer, true, true
		if d, ok := p.m.deco(in.id, spirv.DecorationDescriptorSet); ok && len(d) > 0 {
			rg.set = int(d[0])
		}
		if d, ok := p.m.deco(in.id, spirv.DecorationBinding); ok && len(d) > 0 {
			rg.binding = int(d[0])
		}
		if rg.set < 0 || rg.binding < 0 {
			return p.errorf("buffer variable %s has no DescriptorSet and Binding", rg.name)
		}
		rg.name = fmt.Sprintf("%s (set %d, binding %d)", rg.name, rg.set, rg.binding)
	case spirv.StorageClassPushConstant:
		rg.kind = regionPush
		rg.name = "push constants " + rg.name
	case spirv.StorageClassWorkgroup:
		rg.kind = regionWorkgroup
		rg.name = "Workgroup variable " + rg.name
	case spirv.StorageClassPrivate, spirv.StorageClassInput:
		rg.kind = regionLane
		if d, ok := p.m.deco(in.id, spirv.DecorationBuiltIn); ok && len(d) > 0 {
			rg.builtin = d[0]
			if !knownBuiltin(d[0]) {
				return p.errorf("unsupported BuiltIn %d", d[0])
			}
		} else if sc == spirv.StorageClassInput {
			return p.errorf("Input variable %s is not a BuiltIn", rg.name)
		}
	case spirv.StorageClassUniformConstant:
		return p.handleVar(in, pt) // images and samplers (image.go)
	default:
		return p.errorf("unsupported storage class %d for variable %s", sc, rg.name)
	}
	if len(in.args) > 1 && (rg.kind == regionLane || rg.kind == regionWorkgroup) {
		c, ok := p.consts[in.args[1]]
		img, isImage := p.constImg[in.args[1]]
		switch {
		case ok && t.comps > 0 && len(c) == len(t.leaves) && rg.kind == regionLane && rg.builtin == noBuiltin &&
			p.on(optSharedConst) && p.readOnly(in.id):
			// A program-scope __constant table small enough to be a value
			// (an S-box, round constants): one copy for all lanes and
			// groups too, instead of a copy per lane written every group.
			img := make([]byte, t.size)
			for k, lf := range t.leaves {
				writeLeaf(img, 0, lf, c[k])
			}
			rg.image = img
			rg.kind, rg.shared = regionWorkgroup, true
		case ok && t.comps > 0:
			rg.init = c
		case isImage && len(img) == t.size:
			rg.image = img
			if rg.kind == regionLane && p.readOnly(in.id) {
				// A program-scope __constant table: one copy for all.
				rg.kind, rg.shared = regionWorkgroup, true
			}
		default:
			return p.errorf("variable initializer %%%d is not a constant", in.args[1])
		}
	}
	if rg.kind == regionLane && rg.size == 0 {
		rg.size = 8
	}
	p.k.regions = append(p.k.regions, rg)
	p.region[in.id] = len(p.k.regions) - 1
	p.vtype[in.id] = pt
	p.coff[in.id], p.inv[in.id] = 0, perDispatch
	if rg.kind != regionLane {
		p.uni[in.id] = true // every lane holds the same pointer
	}
	return nil
}

func knownBuiltin(b uint32) bool {
	switch spirv.BuiltIn(b) {
	case spirv.BuiltInGlobalInvocationId, spirv.BuiltInLocalInvocationId, spirv.BuiltInWorkgroupId, spirv.BuiltInNumWorkgroups,
		spirv.BuiltInWorkgroupSize, spirv.BuiltInLocalInvocationIndex, spirv.BuiltInSubgroupSize, spirv.BuiltInSubgroupLocalInvocationId,
		spirv.BuiltInNumSubgroups, spirv.BuiltInSubgroupId, spirv.BuiltInSubgroupMaxSize,
		spirv.BuiltInSubgroupEqMask, spirv.BuiltInSubgroupGeMask, spirv.BuiltInSubgroupGtMask, spirv.BuiltInSubgroupLeMask,
		spirv.BuiltInSubgroupLtMask:
		return true
	}
	return false
}

// workers is how many goroutines a dispatch uses.
func workers() int { return runtime.GOMAXPROCS(0) }
