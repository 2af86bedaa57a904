package lower

import (
	"fmt"
	"slices"
	"sort"

	"github.com/clgo/clgo/compiler/builtins/lib"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
)

// PrecompileLibrary lowers, from the library's source, every library
// function a program of key k can call into one SPIR-V module (functions
// named by OpName, no entry point): the precompiled library that
// libform.go embeds. go generate writes it (internal/genmathlib);
// TestPrecompiledLibraryUpToDate checks the files in the tree.
func PrecompileLibrary(k LibraryKey) ([]byte, error) {
	return precompileLibrary(k, Options{}, types.Config{})
}

// precompileLibrary is PrecompileLibrary with lowering options and the
// program's Std, AddressBits and extensions other than cl_khr_fp64 (none
// of which may matter: TestLibraryOptionsIrrelevant).
func precompileLibrary(k LibraryKey, opts Options, prog types.Config) (data []byte, err error) {
	lb, err := lib.Load()
	if err != nil {
		return nil, err
	}
	conf := types.Config{Std: 120, FastRelaxedMath: k.FastRelaxedMath}
	if prog.Std != 0 {
		conf.Std = prog.Std
	}
	conf.AddressBits = prog.AddressBits
	conf.Extensions = slices.DeleteFunc(slices.Clone(prog.Extensions), func(e string) bool { return e == "cl_khr_fp64" })
	if k.FP64 {
		conf.Extensions = append(conf.Extensions, "cl_khr_fp64")
	}
	opts.Version = spirv.Version13
	diags := &diag.List{}
	l := &lowerer{
		opts: opts, pkg: &types.Package{Config: conf}, diags: diags,
		b:         spirv.NewBuilder(opts.Version),
		structVal: map[*types.Struct]spirv.ID{},
		memTypes:  map[string]spirv.ID{},
		inputs:    map[spirv.BuiltIn]spirv.ID{},
		globals:   map[*types.Var]*global{},
		refl:      &spirv.Reflection{},
		libFns:    map[string]*libFn{}, libLoop: map[spirv.ID]bool{},
		libFromSource: true,
	}
	l.conf = &l.pkg.Config
	l.info = lb.Info
	l.glsl = l.b.ExtInstImport("GLSL.std.450")
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("lowering the math library: %v", r)
		}
	}()
	for _, name := range libEntryNames(k, lb.Funcs) {
		l.libFunc(name)
		for _, u := range l.libFns[name].used {
			return nil, fmt.Errorf("library function %s uses module-level variable %%%d", name, u)
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	if err := l.optimizeLibrary(); err != nil {
		return nil, err
	}
	return packLibrary(l.b.Module)
}

// optimizeLibrary runs the optimizer (spirv/opt, which compiles run too)
// over the library's functions, so that the precompiled form is small and
// quick to copy: a temporary entry point calls each function, so that DCE
// keeps them, and goes afterwards.
func (l *lowerer) optimizeLibrary() error {
	b := l.b
	m := b.Module
	byID := map[spirv.ID]*spirv.Function{}
	for _, f := range m.Functions {
		byID[f.ID] = f
	}
	void := b.TypeVoid()
	entry := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	// In name order: the OpUndef arguments' ids, which mem2reg may reuse
	// in the library's functions, must not depend on map order.
	names := make([]string, 0, len(l.libFns))
	for name := range l.libFns {
		names = append(names, name)
	}
	sort.Strings(names)
	// Each result is stored into a Private variable of its type: DCE
	// drops unused calls of functions that only compute (spirv/opt's
	// read-none calls), which would take the library with them.
	sinks := map[spirv.ID]spirv.ID{}
	for _, name := range names {
		lf := l.libFns[name]
		ops := []spirv.ID{lf.id}
		for _, p := range byID[lf.id].Params {
			ops = append(ops, b.Undef(p.ResultType))
		}
		r := b.EmitIDs(spirv.OpFunctionCall, lf.rt, ops...)
		if lf.rt == void {
			continue
		}
		if sinks[lf.rt] == 0 {
			sinks[lf.rt] = b.Variable(b.TypePointer(spirv.StorageClassPrivate, lf.rt), spirv.StorageClassPrivate)
		}
		b.EmitIDs(spirv.OpStore, 0, sinks[lf.rt], r)
	}
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	ep := b.EntryPoint(spirv.ExecutionModelGLCompute, entry.ID, "__clgo_mathlib")
	if err := opt.Run(m); err != nil {
		return err
	}
	m.EntryPoints = slices.DeleteFunc(m.EntryPoints, func(in *spirv.Instruction) bool { return in == ep })
	m.Functions = slices.DeleteFunc(m.Functions, func(f *spirv.Function) bool { return f == entry })
	sunk := map[spirv.ID]bool{}
	for _, v := range sinks {
		sunk[v] = true
	}
	m.Globals = slices.DeleteFunc(m.Globals, func(in *spirv.Instruction) bool { return sunk[in.Result] })
	return nil
}

// libEntryNames lists, sorted, the library functions that mathLib and
// geoLib call in a program of key k, of those funcs has.
func libEntryNames(k LibraryKey, funcs map[string]*types.Func) []string {
	set := map[string]bool{}
	add := func(name string) {
		if funcs[name] != nil {
			set[name] = true
		}
	}
	for base := range libBuiltins {
		for _, suffix := range []string{"_f", "_d"} {
			if !libUsable(base, suffix, k.FP64, k.FastRelaxedMath) {
				continue
			}
			add("__clgo_" + base + suffix)
			if base == "sincos" {
				add("__clgo_sin" + suffix)
				add("__clgo_cos" + suffix)
			}
		}
	}
	if geoUsable(k.FP64, k.FastRelaxedMath) {
		for _, base := range []string{"length", "distance", "normalize"} {
			for _, s := range []string{"f", "d"} {
				for n := 2; n <= 4; n++ {
					add(fmt.Sprintf("__clgo_%s_%s%d", base, s, n))
				}
			}
		}
	}
	var names []string
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
