package lower

import (
	"slices"

	"github.com/clgo/clgo/compiler/builtins/lib"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Library functions as SPIR-V functions. Each library function a module
// uses (a __clgo_NAME_f, _d, or geometric _fN/_dN: one per builtin and
// type) is emitted once as a SPIR-V function and called, once per
// component for vector arguments, so that exp in a float16 expression is
// one function and sixteen OpFunctionCalls rather than sixteen copies of
// its body. A library function that calls another builtin of the
// library (tgamma calls exp and log) calls that one's function too.
// Drivers run calls as they are (Mesa's NIR inlines them; the host
// driver runs the callee under the caller's lane mask).

// libFn is a library function emitted into the module.
type libFn struct {
	id   spirv.ID
	rt   spirv.ID   // its result type
	used []spirv.ID // module-level variables it (or a callee) uses
	loop bool       // it or a callee has a loop
}

// LibraryKey is what the lowering of the library's functions depends on:
// which builtins of the library a program uses (libUsable) and how
// library functions lower the builtins they call themselves. Nothing else
// in Options or types.Config changes a library function's code
// (TestLibraryOptionsIrrelevant checks the ones that could).
type LibraryKey struct {
	FP64            bool // the program has cl_khr_fp64
	FastRelaxedMath bool // -cl-fast-relaxed-math
}

// libKey is the program's LibraryKey.
func (l *lowerer) libKey() LibraryKey {
	// Where relaxed builtins use the library's precise functions
	// (LibraryTranscendentals), the library's own calls are precise too.
	relaxed := l.conf.FastRelaxedMath && !l.opts.LibraryTranscendentals
	return LibraryKey{FP64: slices.Contains(l.conf.Extensions, "cl_khr_fp64"), FastRelaxedMath: relaxed}
}

// libHas reports whether the library has function name (for the
// program's key).
func (l *lowerer) libHas(name string) bool {
	if !l.libFromSource {
		if pre := precompiled(l.libKey()); pre != nil {
			return pre.has(name)
		}
	}
	lb, err := lib.Load()
	if err != nil {
		l.errorf(l.pos, "internal compiler error: the math library: %v", err)
		return false
	}
	return lb.Funcs[name] != nil
}

// libFunc returns library function name as a SPIR-V function of the
// module, adding it on first use: copied from the precompiled library
// (libform.go), or lowered from the library's source where there is none
// (or libFromSource says so: when generating the precompiled form).
func (l *lowerer) libFunc(name string) *libFn {
	if f := l.libFns[name]; f != nil {
		return f
	}
	if !l.libFromSource {
		if pre := precompiled(l.libKey()); pre != nil {
			return l.importLibFunc(pre, name)
		}
	}
	lb, err := lib.Load()
	if err != nil {
		l.internalf("the math library: %v", err)
	}
	fn := lb.Funcs[name]
	if fn == nil {
		l.internalf("the math library has no %s", name)
	}
	return l.lowerLibFunc(lb, fn)
}

// lowerLibFunc lowers library function fn from the library's source into
// a SPIR-V function of the module.
func (l *lowerer) lowerLibFunc(lb *lib.Library, fn *types.Func) *libFn {
	b := l.b
	saveFn, saveBlk := b.Current()
	saveInfo, savePos := l.info, l.pos
	defer func() {
		b.SetInsertPoint(saveFn, saveBlk)
		l.info, l.pos = saveInfo, savePos
	}()
	rt := l.valType(fn.Sig.Result)
	pts := make([]spirv.ID, len(fn.Params))
	for i, p := range fn.Params {
		pts[i] = l.valType(p.Type)
	}
	f := b.BeginFunction(rt, b.TypeFunction(rt, pts...), spirv.FunctionControlNone)
	b.Name(f.ID, fn.Name)
	args := make([]value, len(pts))
	for i, p := range fn.Params {
		args[i] = value{t: p.Type, id: b.Param(pts[i])}
	}
	b.NewBlock()
	l.info = lb.Info
	fs := &fnState{
		lowerer: l, k: fn, fn: f, usedSet: map[spirv.ID]bool{},
		pcProgBase: -1, pcSVM: -1,
		vars: map[*types.Var]*binding{}, objs: map[*types.Var]*object{}, idTypes: map[spirv.ID]spirv.ID{}, frameRet: map[*frame]*types.Var{},
		noUnroll: true,
	}
	fs.an = libAnalysis(lb, fn)
	r := fs.inlineArgs(args, fn, fn.Sig.Result)
	if _, blk := b.Current(); !blk.Terminated() {
		if fs.dead {
			b.Emit(spirv.OpUnreachable, 0)
		} else {
			b.EmitIDs(spirv.OpReturnValue, 0, r.id)
		}
	}
	fs.noContraction(f, 0, 0)
	lf := &libFn{id: f.ID, rt: rt, used: fs.used, loop: l.hasLoop(f)}
	l.libFns[fn.Name] = lf
	l.libLoop[f.ID] = lf.loop
	return lf
}

// libAnalysis is the analysis of library function fn, made once per
// process (it is read-only once built).
func libAnalysis(lb *lib.Library, fn *types.Func) *analysis {
	an, ok := libAnalyses.Load(fn)
	if !ok {
		an, _ = libAnalyses.LoadOrStore(fn, analyze(lb.Info, fn, nil, false))
	}
	return an.(*analysis)
}

// hasLoop reports whether fn has a loop or calls a library function that
// has one (checkLoopLimiter probes kernels that do).
func (l *lowerer) hasLoop(fn *spirv.Function) bool {
	for _, blk := range fn.Blocks {
		for _, in := range blk.Insts {
			switch in.Op {
			case spirv.OpLoopMerge:
				return true
			case spirv.OpFunctionCall:
				if l.libLoop[spirv.ID(in.Operands[0])] {
					return true
				}
			}
		}
	}
	return false
}

// callLib calls library function fn with args, giving a value of type t
// (whose SPIR-V type is fn's result type).
func (fs *fnState) callLib(fn string, args []value, t types.Type) value {
	f := fs.lowerer.libFunc(fn)
	ops := make([]spirv.ID, 1, 1+len(args))
	ops[0] = f.id
	for _, a := range args {
		ops = append(ops, a.id)
	}
	for _, g := range f.used {
		fs.gv(g)
	}
	return value{t: t, id: fs.b.EmitIDs(spirv.OpFunctionCall, f.rt, ops...)}
}
