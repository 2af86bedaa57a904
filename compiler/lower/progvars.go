package lower

import (
	"encoding/binary"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Program-scope variables in the global address space (OpenCL C 2.0:
// `global int counter = 5;`, and function-scope `static` variables) live
// in one storage buffer per program, as clspv maps them: each variable at
// its own byte offset, the initial bytes of all of them in the reflection
// (ProgramScopeVariablesStorageBuffer DescriptorSet Binding Data). The
// runtime allocates the buffer once per built program, fills it from Data
// and binds it at every dispatch of any of the program's kernels, so
// values persist from one launch to the next.
//
// Every such variable is a memory object (objects.go): a Block variable
// whose one member, at the variable's offset, is its flat array of units
// (or of words, when accesses disagree on the type), aliasing the one
// buffer. Its binding follows every kernel's arguments and the printf
// buffer (finishProgramVars).

// progVarState is the module's layout of the buffer.
type progVarState struct {
	laid bool
	// words: some program-scope variable holds a pointer, so every one is
	// a word object in every kernel: offsets in stored pointers count
	// bytes whichever kernel stored them.
	words bool
	off   map[*types.Var]uint32
	index map[*types.Var]uint32 // declaration order: object number - 1
	size  uint32
	data  []byte
	done  map[*types.Var]bool // initial bytes written into data
	ids   []spirv.ID          // variables to decorate with the binding
}

// isProgramVar reports whether v is a program-scope (or static) variable
// in the global address space, kept in the program's buffer. A sampler is
// never one: a program-scope `const sampler_t s = CLK_...;`, which
// OpenCL C 2.0 and later place in the global address space, is a literal
// sampler (samplers.go), as a `constant sampler_t` is.
func isProgramVar(v *types.Var) bool {
	return v != nil && v.Kind == types.GlobalVar && v.Space == types.Global && !isSamplerType(v.Type)
}

// progVarAlign is the alignment of each variable in the buffer: that of
// its type, at least 16 bytes, which every Vulkan block layout accepts
// for a member of any type.
func (l *lowerer) progVarAlign(v *types.Var) int64 {
	return max(l.conf.Alignof(v.Type), 16)
}

// layoutProgramVars places every program-scope __global variable of the
// program, in declaration order (so that every kernel agrees).
func (l *lowerer) layoutProgramVars() {
	if l.pv.laid {
		return
	}
	l.pv.laid = true
	l.pv.off = map[*types.Var]uint32{}
	l.pv.index = map[*types.Var]uint32{}
	l.pv.done = map[*types.Var]bool{}
	var off int64
	for _, v := range l.pkg.Globals {
		if !isProgramVar(v) {
			continue
		}
		a := l.progVarAlign(v)
		off = (off + a - 1) / a * a
		l.pv.off[v] = uint32(off)
		l.pv.index[v] = uint32(len(l.pv.index))
		l.pv.words = l.pv.words || containsPointer(v.Type)
		off += max(l.conf.Sizeof(v.Type), 1)
	}
	if off > 0 {
		off = (off + 15) &^ 15
	}
	l.pv.size = uint32(off)
	l.pv.data = make([]byte, off)
}

// programVarData returns program-scope variable v's offset in the
// program's buffer, writing its initial bytes into the reflection's Data
// the first time (both addressing modes lay the buffer out alike).
func (fs *fnState) programVarData(v *types.Var) uint32 {
	fs.layoutProgramVars()
	off := fs.pv.off[v]
	if !fs.pv.done[v] {
		fs.pv.done[v] = true
		switch {
		case v.Init != nil && containsPointer(v.Type):
			fs.pointerInit(v, fs.pv.data[off:])
		case v.Init != nil:
			if !fs.constantsFit(v) {
				panic(bailout{})
			}
			size := fs.conf.Sizeof(v.Type)
			fs.constBytes(fs.constInit(v.Type, fs.initOf(v)), v.Type, fs.pv.data[off:int64(off)+size])
		}
	}
	return off
}

// programVarObject declares program-scope variable object o: a Block
// variable aliasing the program's buffer at o's offset. Its initial bytes
// go into the reflection's Data.
func (fs *fnState) programVarObject(o *object) {
	v := o.v
	off := fs.programVarData(v)
	b := fs.b
	var member spirv.ID
	switch {
	case o.words:
		member = b.NewTypeArray(fs.uint32T(), fs.u32(uint32(wordCount(fs.conf.Sizeof(v.Type)))))
		b.Decorate(member, spirv.DecorationArrayStride, 4)
	case o.scalar:
		member = fs.memType(o.unit)
		fs.capsFor(o.unit, spirv.StorageClassStorageBuffer)
	default:
		_, n := innermost(v.Type)
		member = b.NewTypeArray(fs.memType(o.unit), fs.u32(uint32(max(n, 1))))
		b.Decorate(member, spirv.DecorationArrayStride, uint32(max(fs.conf.Sizeof(o.unit), 1)))
		fs.capsFor(o.unit, spirv.StorageClassStorageBuffer)
	}
	st := b.NewTypeStruct(member)
	b.MemberDecorate(st, 0, spirv.DecorationOffset, off)
	b.Decorate(st, spirv.DecorationBlock)
	o.sc = spirv.StorageClassStorageBuffer
	o.block = true
	o.base = off
	o.id = b.Variable(b.TypePointer(o.sc, st), o.sc)
	b.Name(o.id, v.Name)
	fs.bindProgramVar(o.id)
	fs.gv(o.id)
}

// bindProgramVar notes a variable aliasing the program's buffer, to be
// decorated with its binding once every kernel's are known.
func (l *lowerer) bindProgramVar(id spirv.ID) {
	l.pv.ids = append(l.pv.ids, id)
}

// containsPointer reports whether values of t hold a pointer.
func containsPointer(t types.Type) bool {
	switch t := types.Underlying(t).(type) {
	case *types.Pointer:
		return true
	case *types.Array:
		return containsPointer(t.Elem)
	case *types.Struct:
		for _, f := range t.Fields {
			if containsPointer(f.Type) {
				return true
			}
		}
	}
	return false
}

// finishProgramVars binds the program's buffer after every kernel's
// arguments and the printf buffer in descriptor set 0, and reflects it
// with its initial bytes. A program with such variables reflects the
// buffer even when no kernel uses them: its size is the program's
// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE.
func (l *lowerer) finishProgramVars() {
	l.layoutProgramVars()
	if l.pv.size == 0 {
		return
	}
	if l.opts.Physical {
		l.finishProgramVarsPhys()
		return
	}
	binding := l.freeBinding0()
	for _, id := range l.pv.ids {
		l.b.Decorate(id, spirv.DecorationDescriptorSet, 0)
		l.b.Decorate(id, spirv.DecorationBinding, binding)
	}
	l.refl.ProgramScopeVariables = &spirv.ProgramScopeVariables{DescriptorSet: 0, Binding: binding, Data: l.pv.data}
}

// pointerInit writes the initial bytes of a program-scope variable that
// holds a pointer: NULL, or an address in a program-scope __global
// variable (&v, v, &v[i], v + i with constant i), packed as ptrToWords
// packs it (every such variable is a word object: the offset counts
// bytes). Other initializers of pointers (a pointer inside an aggregate)
// are refused.
func (fs *fnState) pointerInit(v *types.Var, buf []byte) {
	if fs.opts.Physical {
		fs.pointerInitPhys(v)
		return
	}
	if _, ok := types.Underlying(v.Type).(*types.Pointer); !ok || fs.initOf(v).Expr == nil {
		fs.errorf(v.At, "initializing pointers inside program-scope variable '%s' is not supported; initialize it in a kernel", v.Name)
		panic(bailout{})
	}
	e := fs.initOf(v).Expr
	if tv := fs.info.Types[unparenExpr(e)]; tv.IsConst() && tv.Value.IsZero() {
		return // NULL: zeros
	}
	target, off, ok := fs.progAddress(e)
	wide := fs.conf.AddressBits == 64
	if !ok || off < 0 || off >= 1<<24 && !wide || off >= 1<<32 {
		fs.errorf(v.At, "program-scope pointer '%s' may be initialized only with NULL or an address in a program-scope __global variable", v.Name)
		panic(bailout{})
	}
	if wide {
		binary.LittleEndian.PutUint32(buf, uint32(off))
		binary.LittleEndian.PutUint32(buf[4:], fs.pv.index[target]+1)
		return
	}
	binary.LittleEndian.PutUint32(buf, (fs.pv.index[target]+1)<<24|uint32(off))
}

// progAddress evaluates a constant address in a program-scope __global
// variable: the variable and the byte offset.
func (fs *fnState) progAddress(e syntax.Expr) (*types.Var, int64, bool) {
	e = unparenExpr(e)
	constInt := func(x syntax.Expr) (int64, bool) {
		tv := fs.info.Types[x]
		if !tv.IsConst() || tv.Value.Kind != types.IntConst {
			return 0, false
		}
		return tv.Value.Int, true
	}
	elemSize := func(x syntax.Expr) int64 {
		switch t := types.Underlying(fs.info.Types[x].Type).(type) {
		case *types.Pointer:
			return fs.conf.Sizeof(t.Elem)
		case *types.Array:
			return fs.conf.Sizeof(t.Elem)
		}
		return 0
	}
	switch x := e.(type) {
	case *syntax.CastExpr:
		return fs.progAddress(x.X)
	case *syntax.Ident:
		if v, ok := fs.info.Uses[x].(*types.Var); ok && isProgramVar(v) && isArray(v.Type) {
			return v, 0, true
		}
	case *syntax.BinaryExpr:
		if x.Op == syntax.Add || x.Op == syntax.Sub {
			if v, off, ok := fs.progAddress(x.X); ok {
				if n, ok := constInt(x.Y); ok {
					if x.Op == syntax.Sub {
						n = -n
					}
					return v, off + n*elemSize(x.X), true
				}
			}
		}
	case *syntax.UnaryExpr:
		if x.Op != syntax.Addr {
			break
		}
		switch y := unparenExpr(x.X).(type) {
		case *syntax.Ident:
			if v, ok := fs.info.Uses[y].(*types.Var); ok && isProgramVar(v) {
				return v, 0, true
			}
		case *syntax.IndexExpr:
			if v, off, ok := fs.progAddress(y.X); ok {
				if n, ok := constInt(y.Index); ok {
					return v, off + n*elemSize(y.X), true
				}
			}
		}
	}
	return nil, 0, false
}
