package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// object is a memory object that pointers may point into: a buffer
// argument, a local argument, a kernel-scope __local variable, a
// program-scope variable, or a private variable whose address is taken.
// It is declared as an array of its unit type (typed) or of 32-bit words.
type object struct {
	v      *types.Var
	num    uint32 // identifies the object in pointers stored in memory
	sc     spirv.StorageClass
	unit   types.Type
	words  bool
	block  bool // the variable is a Block struct; member 0 is the array
	scalar bool // declared as the unit itself, not an array
	id     spirv.ID
	// a buffer's descriptor, and its 64-bit view for atomics on longs in
	// a word buffer (wideView)
	set, binding uint32
	wide         spirv.ID
	// base: the byte offset of a program-scope __global variable in the
	// program's buffer (progvars.go), where its Block's member lies.
	base uint32
	// phys: global memory in a physical module (physical.go); offsets
	// are 64-bit device addresses.
	phys bool
}

// setupObjects decides each object's unit type and layout from the
// analysis and declares the variables of the non-argument objects.
func (fs *fnState) setupObjects() {
	an := fs.an
	// Program-scope __global variables have the same number in every
	// kernel (pointers to them stored in them outlive a launch); the
	// kernel's other objects come after them.
	fs.layoutProgramVars()
	nProg := uint32(len(fs.pv.index))
	if fs.opts.Physical {
		// Program-scope variables are global memory, not objects.
		nProg = 0
	}
	for i, v := range an.objects {
		o := &object{v: v, num: nProg + uint32(i+1)}
		if isProgramVar(v) {
			o.num = fs.pv.index[v] + 1
		}
		fs.maxNum = max(fs.maxNum, o.num)
		if v == physVar {
			o.phys, o.words, o.sc = true, true, spirv.StorageClassPhysicalStorageBuffer
			o.unit = types.Typ[types.UChar]
			fs.objs[v] = o
			fs.physObj = o
			continue
		}
		if pt, ok := types.Underlying(v.Type).(*types.Pointer); ok && v.Kind == types.ParamVar && v.Func == fs.k {
			o.unit = pt.Elem
			o.sc = spirv.StorageClassStorageBuffer
			if pt.Space == types.Local {
				o.sc = spirv.StorageClassWorkgroup
			}
			if types.IsVoid(o.unit) {
				o.words = true
			}
		} else {
			o.unit, _ = innermost(v.Type)
			o.scalar = !isArray(v.Type)
			if isProgramVar(v) {
				o.sc = spirv.StorageClassStorageBuffer
				// Pointers in it are stored as words (ptrToWords): its
				// layout is C's, a pointer 4 or 8 bytes.
				o.words = o.words || fs.pv.words
			}
		}
		for _, view := range an.views[v] {
			if !types.Identical(view, o.unit) {
				o.words = true
			}
		}
		if o.sc == spirv.StorageClassStorageBuffer && !o.words {
			if fs.needsWords(o.unit) {
				o.words = true
			}
		}
		fs.objs[v] = o
	}
	// Objects one pointer may refer to must count offsets alike.
	for changed := true; changed; {
		changed = false
		for _, g := range an.groups {
			any := false
			for v := range g {
				if o := fs.objs[v]; o != nil && o.words {
					any = true
				}
			}
			if !any {
				continue
			}
			for v := range g {
				if o := fs.objs[v]; o != nil && !o.words {
					o.words = true
					changed = true
				}
			}
		}
	}
	for _, v := range an.objects {
		o := fs.objs[v]
		if o.words {
			o.scalar = false
		}
		switch {
		case o.phys:
			// no variable: addresses
		case v.Kind == types.ParamVar && v.Func == fs.k && isPointer(v.Type):
			// declared with the kernel's arguments (a by-value argument
			// whose address is taken is a private copy, bindPOD)
		case v.Kind == types.KernelLocal:
			o.sc = spirv.StorageClassWorkgroup
			o.id = fs.b.Variable(fs.b.TypePointer(o.sc, fs.objArrayType(o, v.Type)), o.sc)
			fs.b.Name(o.id, v.Name)
		case isProgramVar(v):
			fs.programVarObject(o)
		case v.Kind == types.GlobalVar:
			fs.globalObject(o)
		default:
			o.sc = spirv.StorageClassFunction
			o.id = fs.b.LocalVariable(fs.b.TypePointer(o.sc, fs.objArrayType(o, v.Type)))
			fs.b.Name(o.id, v.Name)
		}
	}
}

// needsWords reports whether a buffer of unit type t must be accessed as
// words because the device cannot store t's small types in buffers.
func (fs *fnState) needsWords(t types.Type) bool {
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
			if t.Kind == types.Bool {
				w8 = true
			}
		case *types.Vector:
			scan(t.Elem)
		case *types.Array:
			scan(t.Elem)
		case *types.Struct:
			for _, f := range t.Fields {
				scan(f.Type)
			}
		}
	}
	scan(t)
	// A packed struct's members have no layout Vulkan can express.
	return w8 && !fs.opts.Storage8 || w16 && !fs.opts.Storage16 || fs.hasMisaligned(t)
}

// objArrayType is the SPIR-V type of a non-buffer object's variable: the
// unit itself, a flat array of units, or an array of words.
func (fs *fnState) objArrayType(o *object, t types.Type) spirv.ID {
	size := fs.conf.Sizeof(t)
	if o.words {
		return fs.b.TypeArray(fs.uint32T(), fs.u32(uint32(wordCount(size))))
	}
	if o.scalar {
		return fs.valType(o.unit)
	}
	_, n := innermost(t)
	return fs.b.TypeArray(fs.valType(o.unit), fs.u32(uint32(max(n, 1))))
}

// declareBuffer declares a global or constant pointer argument's storage
// buffer: a Block struct holding a runtime array of the unit type (or of
// words).
func (fs *fnState) declareBuffer(o *object, set, binding uint32, readonly bool) {
	b := fs.b
	var elem spirv.ID
	var stride int64
	if o.words {
		elem, stride = fs.uint32T(), 4
	} else {
		elem, stride = fs.memType(o.unit), fs.conf.Sizeof(o.unit)
		fs.capsFor(o.unit, spirv.StorageClassStorageBuffer)
	}
	if stride == 0 {
		stride = 4
	}
	arr := b.NewTypeRuntimeArray(elem)
	b.Decorate(arr, spirv.DecorationArrayStride, uint32(stride))
	st := b.NewTypeStruct(arr)
	b.MemberDecorate(st, 0, spirv.DecorationOffset, 0)
	b.Decorate(st, spirv.DecorationBlock)
	o.sc = spirv.StorageClassStorageBuffer
	o.block = true
	o.id = b.Variable(b.TypePointer(o.sc, st), o.sc)
	o.set, o.binding = set, binding
	b.Name(o.id, o.v.Name)
	b.Decorate(o.id, spirv.DecorationDescriptorSet, set)
	b.Decorate(o.id, spirv.DecorationBinding, binding)
	if readonly {
		b.Decorate(o.id, spirv.DecorationNonWritable)
	}
	fs.gv(o.id)
}

// declareLocalArg declares a __local pointer argument: a Workgroup array
// whose length is a spec constant (the element count the host asks for).
func (fs *fnState) declareLocalArg(o *object, specID, elemSize uint32) {
	b := fs.b
	u := fs.uint32T()
	n := b.SpecConstant(u, specID, 1)
	elem := fs.valType(o.unit)
	if o.words {
		// ceil(n * elemSize / 4) words
		bytes := b.SpecConstantOp(u, spirv.OpIMul, n, fs.u32(elemSize))
		bytes = b.SpecConstantOp(u, spirv.OpIAdd, bytes, fs.u32(3))
		n = b.SpecConstantOp(u, spirv.OpUDiv, bytes, fs.u32(4))
		elem = u
	}
	o.sc = spirv.StorageClassWorkgroup
	o.id = b.Variable(b.TypePointer(o.sc, b.TypeArray(elem, n)), o.sc)
	b.Name(o.id, o.v.Name)
	fs.gv(o.id)
}
