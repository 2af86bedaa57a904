package lower

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// fnState is the state of lowering one kernel (with its callees inlined)
// into one SPIR-V function.
type fnState struct {
	*lowerer
	inlines int // user function calls inlined so far (see inlineBudget)
	k       *types.Func
	an      *analysis
	fn      *spirv.Function
	used    []spirv.ID // module-level variables the kernel uses
	usedSet map[spirv.ID]bool
	vars    map[*types.Var]*binding
	objs    map[*types.Var]*object
	maxNum  uint32 // the largest object number (ptrmem.go)
	ctl     []*construct
	// gotoTargets: the exit of each label's enclosing goto region being
	// lowered, for the gotos inside it (gotos.go).
	gotoTargets map[string]*exit
	// sm: the state machine of the function body being lowered, if it is
	// one (machine.go); smWhy and smWhyAt: what made the outermost
	// machine around the current point one, for diagnostics.
	sm      *machine
	smWhy   string
	smWhyAt diag.Pos
	// nullScratch: the scratch variables standing for dereferences of
	// pointers known to be null (derefOrError); their members' addresses
	// are null too (addrOf).
	nullScratch map[spirv.ID]bool
	frame       *frame // the innermost inlined call, nil in the kernel's body
	dead        bool   // the current point is unreachable
	pcVar       spirv.ID
	pcStruct    spirv.ID
	pcSC        spirv.StorageClass // pcVar's: PushConstant, or StorageBuffer (pcbuffer.go)
	pcIndex     map[spirv.PushConstantKind]uint32
	kref        *spirv.Kernel
	images      map[spirv.ID]*imageArg // image arguments by their loaded handle
	imageInfo   []imageInfoPC          // channel query push constants
	// samplerMasks: the mask of each loaded literal sampler handle.
	samplerMasks map[spirv.ID]uint32
	// samplerArgs: the sampler_t arguments whose state is in push
	// constants, by loaded handle, and in argument order (imagesample.go).
	samplerArgs map[spirv.ID]*samplerArg
	samplerPCs  []*samplerArg
	idTypes     map[spirv.ID]spirv.ID // result types of function-level ids (cache)
	frameRet    map[*frame]*types.Var // pointer results of inlined calls
	// wgScratch: the Workgroup arrays of the work-group collectives, by
	// element type (collective.go).
	wgScratch map[spirv.ID]spirv.ID
	// fenceWord: the Workgroup word that Device-scope fences update under
	// Options.FenceByAtomic (fence.go); 0 until one is needed.
	fenceWord spirv.ID
	// physObj is global memory in a physical module (physical.go).
	physObj *object
	// pcPtr: the push-constant members of the pointer arguments of a
	// physical module, by argument; pcProgBase and pcSVM those of the
	// program-scope variables' address and the SVM table's (-1: none).
	pcProgBase int
	pcSVM      int
	// physArgs: the __global and __constant pointer arguments of a
	// physical module, passed as addresses (physargs.go).
	physArgs      []*types.Var
	physArgsBound bool
	physSet       uint32
	physBinding   uint32
	// progAddr: the device addresses of the program-scope variables.
	progAddr map[*types.Var]spirv.ID
	// unroll: loop unrolling's plans (unroll.go); noUnroll keeps every
	// loop (the math library's functions, whose precompiled form must not
	// depend on it); pragmaHint: an unroll pragma waiting for the
	// statement after it.
	unroll     unrollState
	noUnroll   bool
	pragmaHint unrollHint
}

// binding is how a variable is reached: an immutable SSA value, a place
// (Function variable, object element), or for a mutable pointer variable
// Function variables holding its offset and selector.
type binding struct {
	val    *value
	pl     *place
	offVar spirv.ID
	selVar spirv.ID
	objs   []*object
}

// gv marks a module-level variable as used by the kernel (for the entry
// point's interface) and returns it; Function variables pass through.
func (fs *fnState) gv(id spirv.ID) spirv.ID {
	if fs.b.Def(id) == nil {
		return id
	}
	if !fs.usedSet[id] {
		fs.usedSet[id] = true
		fs.used = append(fs.used, id)
	}
	return id
}

// kernel lowers one kernel into an entry point.
func (l *lowerer) kernel(k *types.Func) {
	if k.Decl == nil || k.Decl.Body == nil {
		return
	}
	if !l.kernelNamesFit(k) {
		return
	}
	fs := &fnState{
		lowerer: l, k: k, usedSet: map[spirv.ID]bool{},
		pcProgBase: -1, pcSVM: -1,
		vars: map[*types.Var]*binding{}, objs: map[*types.Var]*object{}, idTypes: map[spirv.ID]spirv.ID{}, frameRet: map[*frame]*types.Var{},
	}
	fs.an = analyze(l.info, k, l.pkg.Globals, l.opts.Physical)
	b := l.b
	void := b.TypeVoid()
	fs.fn = b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.Name(fs.fn.ID, k.Name)
	b.NewBlock()
	l.refl.Kernels = append(l.refl.Kernels, spirv.Kernel{Name: k.Name, Function: fs.fn.ID, NumArgs: uint32(len(k.Params))})
	fs.kref = &l.refl.Kernels[len(l.refl.Kernels)-1]
	fs.kref.Attributes = kernelAttributes(k)
	if w := k.Attrs.ReqdWorkGroupSize; w != [3]uint64{} {
		fs.kref.ReqdWorkGroupSize = [3]uint32{uint32(w[0]), uint32(w[1]), uint32(w[2])}
	}
	fs.setupObjects()
	fs.args()
	fs.kernelBody(k.Decl.Body)
	if !fs.dead {
		b.Emit(spirv.OpReturn, 0)
	} else if _, blk := b.Current(); !blk.Terminated() {
		b.Emit(spirv.OpUnreachable, 0)
	}
	if l.opts.LoopLimitCheck {
		fs.checkLoopLimiter()
	}
	if l.opts.ReportOutOfBounds {
		fs.reportOutOfBounds()
	}
	b.EndFunction()

	var iface []spirv.ID
	for _, id := range fs.used {
		in := b.Def(id)
		sc := spirv.StorageClass(in.Operands[0])
		if l.opts.Version >= spirv.Version14 || sc == spirv.StorageClassInput || sc == spirv.StorageClassOutput {
			iface = append(iface, id)
		}
	}
	b.EntryPoint(spirv.ExecutionModelGLCompute, fs.fn.ID, k.Name, iface...)
	if w := k.Attrs.ReqdWorkGroupSize; w != [3]uint64{} || l.wgSize == 0 {
		if w == [3]uint64{} {
			w = [3]uint64{1, 1, 1}
		}
		b.ExecutionMode(fs.fn.ID, spirv.ExecutionModeLocalSize, uint32(w[0]), uint32(w[1]), uint32(w[2]))
	}
	if l.opts.SignedZeroInfNanPreserve {
		// Without it a Vulkan device may assume no NaN or infinity: OpenCL
		// C's isnan, x != x and unordered comparisons would break.
		b.Capability(spirv.CapabilitySignedZeroInfNanPreserve)
		if l.opts.Version < spirv.Version14 {
			b.Extension("SPV_KHR_float_controls")
		}
		b.ExecutionMode(fs.fn.ID, spirv.ExecutionModeSignedZeroInfNanPreserve, 32)
	}
	// Without DenormPreserve a Vulkan device may flush subnormals (NVIDIA
	// does for float): frexp, ldexp, nextafter, conversions from double
	// would lose them where the device reports CL_FP_DENORM (§7.5.3).
	for _, w := range []struct {
		on   bool
		bits uint32
	}{{l.opts.DenormPreserve16, 16}, {l.opts.DenormPreserve32, 32}, {l.opts.DenormPreserve64, 64}} {
		if !w.on {
			continue
		}
		b.Capability(spirv.CapabilityDenormPreserve)
		if l.opts.Version < spirv.Version14 {
			b.Extension("SPV_KHR_float_controls")
		}
		b.ExecutionMode(fs.fn.ID, spirv.ExecutionModeDenormPreserve, w.bits)
	}
	if l.opts.RoundingRTE16 {
		b.Capability(spirv.CapabilityRoundingModeRTE)
		if l.opts.Version < spirv.Version14 {
			b.Extension("SPV_KHR_float_controls")
		}
		b.ExecutionMode(fs.fn.ID, spirv.ExecutionModeRoundingModeRTE, 16)
	}
}

func kernelAttributes(k *types.Func) string {
	var parts []string
	if w := k.Attrs.ReqdWorkGroupSize; w != [3]uint64{} {
		parts = append(parts, fmt.Sprintf("reqd_work_group_size(%d,%d,%d)", w[0], w[1], w[2]))
	}
	if w := k.Attrs.WorkGroupSizeHint; w != [3]uint64{} {
		parts = append(parts, fmt.Sprintf("work_group_size_hint(%d,%d,%d)", w[0], w[1], w[2]))
	}
	if t := k.Attrs.VecTypeHint; t != nil {
		parts = append(parts, fmt.Sprintf("vec_type_hint(%v)", t))
	}
	return strings.Join(parts, " ")
}

// args declares the kernel's arguments as resources, following the clspv
// mapping: a binding per argument in order (POD arguments clustered into
// one struct bound last by default), local pointers as Workgroup arrays
// sized by spec constants.
func (fs *fnState) args() {
	l, b := fs.lowerer, fs.b
	set := uint32(0)
	if l.opts.DistinctDescriptorSets {
		set = uint32(len(l.refl.Kernels) - 1)
	}
	bind := uint32(0)
	type pod struct {
		v       *types.Var
		ordinal int
	}
	var pods []pod
	imgUses := fs.scanImages()
	for i, p := range fs.k.Params {
		arg := spirv.Arg{Name: p.Name, Ordinal: uint32(i)}
		fs.argInfo(&arg, p)
		switch t := types.Underlying(p.Type).(type) {
		case *types.Pointer:
			o := fs.objs[p]
			switch t.Space {
			case types.Global, types.Constant:
				if l.opts.Physical {
					// An address in push constants or a uniform buffer,
					// laid out once the others are (layoutPointerArgs).
					arg.Kind = spirv.ArgPointerPushConstant
					arg.Size = 8
					fs.physArgs = append(fs.physArgs, p)
					fs.kref.Args = append(fs.kref.Args, arg)
					continue
				}
				arg.Kind = spirv.ArgBuffer
				arg.DescriptorSet, arg.Binding = set, bind
				bind++
				if o != nil {
					fs.declareBuffer(o, set, arg.Binding, t.Space == types.Constant || t.Quals&types.Const != 0)
				}
			case types.Local:
				arg.Kind = spirv.ArgLocal
				arg.SpecID = l.specID
				l.specID++
				arg.ElemSize = uint32(l.conf.Sizeof(t.Elem))
				if o != nil {
					fs.declareLocalArg(o, arg.SpecID, arg.ElemSize)
				}
			default:
				l.errorf(p.At, "kernel argument '%s' has a pointer to the %v address space; kernel pointer arguments must be global, constant or local", p.Name, t.Space)
				continue
			}
			fs.bindPtrArg(p, &ptrVal{objs: []*object{o}, off: fs.u32(0)})
		case *types.Basic, *types.Vector, *types.Struct, *types.Enum:
			if isBoolType(t) {
				l.errorf(p.At, "kernel argument '%s' has type bool, which has no defined size", p.Name)
				continue
			}
			if !l.opts.ClusterPODArgs && !l.opts.PODPushConstant {
				arg.Kind = spirv.ArgPOD
				if l.opts.PODUBO {
					arg.Kind = spirv.ArgPODUBO
				}
				arg.DescriptorSet, arg.Binding = set, bind
				bind++
				arg.Size = uint32(l.conf.Sizeof(p.Type))
				fs.kref.Args = append(fs.kref.Args, arg)
				fs.podArgs([]*types.Var{p}, []int{len(fs.kref.Args) - 1}, set, arg.Binding)
				continue
			}
			pods = append(pods, pod{p, i})
			fs.kref.Args = append(fs.kref.Args, arg)
			continue
		case *types.Image:
			arg.DescriptorSet, arg.Binding = set, bind
			bind++
			fs.declareImage(p, t, i, imgUses[p], &arg)
		case *types.Sampler:
			arg.DescriptorSet, arg.Binding = set, bind
			bind++
			fs.declareSamplerArg(p, i, &arg)
		default:
			l.errorf(p.At, "kernel argument '%s' of type %v is not supported", p.Name, p.Type)
			continue
		}
		fs.kref.Args = append(fs.kref.Args, arg)
	}
	fs.physSet, fs.physBinding = set, bind
	if len(pods) > 0 && !l.opts.PODPushConstant {
		fs.physBinding++
	}
	if len(pods) > 0 {
		vars := make([]*types.Var, len(pods))
		idx := make([]int, len(pods))
		for i, p := range pods {
			vars[i] = p.v
			for j := range fs.kref.Args {
				if fs.kref.Args[j].Ordinal == uint32(p.ordinal) {
					idx[i] = j
				}
			}
		}
		fs.podArgs(vars, idx, set, bind)
		// The descriptor map lists clustered POD arguments after the
		// others, in binding order, as clspv does.
		var front, back []spirv.Arg
		for _, a := range fs.kref.Args {
			if a.Kind.IsPOD() {
				back = append(back, a)
			} else {
				front = append(front, a)
			}
		}
		fs.kref.Args = append(front, back...)
	}
	if (len(fs.imageInfo) > 0 || len(fs.samplerPCs) > 0 || len(fs.physArgs) > 0 || fs.pc.progBase >= 0 || fs.pc.svm >= 0) && fs.pcVar == 0 {
		fs.pushConstants(nil, nil, nil)
	}
	_ = b
}

// bindPtrArg binds kernel pointer parameter p to its value start.
func (fs *fnState) bindPtrArg(p *types.Var, start *ptrVal) {
	if fs.an.shadow[p] != nil {
		// Its address is taken: it lives in private memory.
		fs.storeValue(fs.bind(p).pl, value{t: p.Type, ptr: start})
		return
	}
	if fs.an.mutable[p] {
		// A reassigned parameter (p += n, p++, p = q) is a pointer
		// variable like any other, starting at its own buffer.
		fs.bind(p)
		fs.storePtrVar(p, start)
		return
	}
	fs.vars[p] = &binding{val: &value{t: p.Type, ptr: start}}
}

// argInfo fills the clGetKernelArgInfo answers.
func (fs *fnState) argInfo(a *spirv.Arg, p *types.Var) {
	a.AccessQualifier = spirv.ArgAccessNone
	a.AddressQualifier = spirv.ArgAddressPrivate
	a.TypeName = typeName(p.Type)
	if p.Quals&types.Volatile != 0 {
		a.TypeQualifier |= spirv.ArgTypeVolatile
	}
	if im, ok := types.Underlying(p.Type).(*types.Image); ok {
		// Image objects live in global memory (§6.5).
		a.AddressQualifier = spirv.ArgAddressGlobal
		switch im.Access {
		case types.WriteOnly:
			a.AccessQualifier = spirv.ArgAccessWriteOnly
		case types.ReadWrite:
			a.AccessQualifier = spirv.ArgAccessReadWrite
		default:
			a.AccessQualifier = spirv.ArgAccessReadOnly
		}
	}
	if pt, ok := types.Underlying(p.Type).(*types.Pointer); ok {
		switch pt.Space {
		case types.Global:
			a.AddressQualifier = spirv.ArgAddressGlobal
		case types.Constant:
			a.AddressQualifier = spirv.ArgAddressConstant
			a.TypeQualifier |= spirv.ArgTypeConst
		case types.Local:
			a.AddressQualifier = spirv.ArgAddressLocal
		}
		if pt.Quals&types.Const != 0 {
			a.TypeQualifier |= spirv.ArgTypeConst
		}
		if pt.Quals&types.Volatile != 0 {
			a.TypeQualifier |= spirv.ArgTypeVolatile
		}
		if p.Quals&types.Restrict != 0 {
			a.TypeQualifier |= spirv.ArgTypeRestrict
		}
	}
}

// typeName spells a type as clGetKernelArgInfo's CL_KERNEL_ARG_TYPE_NAME
// does: without qualifiers or address spaces ("float*", "uint4").
func typeName(t types.Type) string {
	switch t := t.(type) {
	case *types.Pointer:
		return typeName(t.Elem) + "*"
	case *types.Basic:
		if t.Name == "" {
			return t.Kind.String()
		}
	case *types.Struct:
		if t.Name != "" {
			return t.Name
		}
		if t.Tag != "" {
			return "struct " + t.Tag
		}
	case *types.Image:
		// The access qualifier is CL_KERNEL_ARG_ACCESS_QUALIFIER's.
		s := t.String()
		return s[strings.IndexByte(s, ' ')+1:]
	}
	return t.String()
}

// podArgs declares the POD arguments vars in one buffer (or push
// constants) and binds them to their loaded values.
func (fs *fnState) podArgs(vars []*types.Var, argIdx []int, set, binding uint32) {
	l, b := fs.lowerer, fs.b
	ubo := l.opts.PODUBO && !l.opts.PODPushConstant
	var members []spirv.ID
	var offsets []uint32
	off := int64(0)
	if l.opts.PODPushConstant {
		off = int64(l.pc.size)
	}
	for i, v := range vars {
		al := l.conf.Alignof(v.Type)
		if ubo {
			if isArray(v.Type) || isStructType(v.Type) {
				al = max(al, 16)
			}
		}
		off = (off + al - 1) / al * al
		offsets = append(offsets, uint32(off))
		members = append(members, fs.memType(v.Type))
		a := &fs.kref.Args[argIdx[i]]
		a.Offset = uint32(off)
		a.Size = uint32(l.conf.Sizeof(v.Type))
		off += l.conf.Sizeof(v.Type)
		switch {
		case l.opts.PODPushConstant:
			a.Kind = spirv.ArgPODPushConstant
		case ubo:
			a.Kind = spirv.ArgPODUBO
			a.DescriptorSet, a.Binding = set, binding
		default:
			a.Kind = spirv.ArgPOD
			a.DescriptorSet, a.Binding = set, binding
		}
		if !l.opts.PODPushConstant && len(vars) == 1 {
			a.Offset = 0
		}
	}
	if l.opts.PODPushConstant {
		fs.pushConstants(vars, members, offsets)
		return
	}
	st := b.NewTypeStruct(members...)
	for i, o := range offsets {
		b.MemberDecorate(st, uint32(i), spirv.DecorationOffset, o)
	}
	b.Decorate(st, spirv.DecorationBlock)
	sc := spirv.StorageClassStorageBuffer
	if ubo {
		sc = spirv.StorageClassUniform
	}
	id := b.Variable(b.TypePointer(sc, st), sc)
	b.Decorate(id, spirv.DecorationDescriptorSet, set)
	b.Decorate(id, spirv.DecorationBinding, binding)
	if sc == spirv.StorageClassStorageBuffer {
		b.Decorate(id, spirv.DecorationNonWritable)
	}
	fs.gv(id)
	for i, v := range vars {
		fs.capsFor(v.Type, sc)
		p := &place{kind: pChain, t: v.Type, base: id, sc: sc, chain: []spirv.ID{fs.u32(uint32(i))}, layout: true}
		fs.bindPOD(v, fs.load(p))
	}
}

func isStructType(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Struct)
	return ok
}

// bindPOD binds a POD kernel parameter to its value.
func (fs *fnState) bindPOD(v *types.Var, id spirv.ID) {
	val := &value{t: v.Type, id: id}
	if fs.objs[v] != nil {
		// Its address is taken (an array member passed to a helper, as
		// GROMACS's PME kernels pass kernelParams.grid.realGridSizeFP):
		// the parameter is a private object holding a copy.
		delete(fs.vars, v)
		fs.storeValue(fs.bind(v).pl, *val)
		return
	}
	if fs.an.mutable[v] {
		pl := fs.newVar(v.Type, v.Name)
		fs.store(pl, id)
		fs.vars[v] = &binding{pl: pl}
		return
	}
	fs.vars[v] = &binding{val: val}
}

// newVar declares a Function variable of C type t.
func (fs *fnState) newVar(t types.Type, name string) *place {
	id := fs.b.LocalVariable(fs.b.TypePointer(spirv.StorageClassFunction, fs.valType(t)))
	if name != "" {
		fs.b.Name(id, name)
	}
	return &place{kind: pChain, t: t, base: id, sc: spirv.StorageClassFunction}
}

// capsFor declares the storage capabilities that values of type t need in
// storage class sc (8- and 16-bit types in buffers and push constants).
func (fs *fnState) capsFor(t types.Type, sc spirv.StorageClass) {
	var w8, w16 bool
	var scan func(t types.Type)
	scan = func(t types.Type) {
		switch t := types.Underlying(t).(type) {
		case *types.Basic:
			switch t.Kind.Size() {
			case 1:
				w8 = true
			case 2:
				w16 = true
			}
		case *types.Vector:
			scan(t.Elem)
		case *types.Array:
			scan(t.Elem)
		case *types.Struct:
			if t.Union {
				return
			}
			for _, f := range t.Fields {
				scan(f.Type)
			}
		}
	}
	scan(t)
	b := fs.b
	old := fs.opts.Version < spirv.Version15
	if w8 {
		switch sc {
		case spirv.StorageClassStorageBuffer:
			b.Capability(spirv.CapabilityStorageBuffer8BitAccess)
		case spirv.StorageClassUniform:
			b.Capability(spirv.CapabilityUniformAndStorageBuffer8BitAccess)
		case spirv.StorageClassPushConstant:
			b.Capability(spirv.CapabilityStoragePushConstant8)
		default:
			w8 = false
		}
		if w8 && old {
			b.Extension("SPV_KHR_8bit_storage")
		}
	}
	if w16 {
		switch sc {
		case spirv.StorageClassStorageBuffer:
			b.Capability(spirv.CapabilityStorageBuffer16BitAccess)
		case spirv.StorageClassUniform:
			b.Capability(spirv.CapabilityUniformAndStorageBuffer16BitAccess)
		case spirv.StorageClassPushConstant:
			b.Capability(spirv.CapabilityStoragePushConstant16)
		default:
			w16 = false
		}
		if w16 && old && fs.opts.Version < spirv.Version13 {
			b.Extension("SPV_KHR_16bit_storage")
		}
	}
}
