package lower

import (
	_ "embed" // the precompiled library's files
	"fmt"
	"sync"

	"github.com/clgo/clgo/spirv"
)

// The precompiled library. Parsing and checking the library's OpenCL C
// takes about 40 ms, more than the rest of compiling black_scholes, and
// clgo compile pays it in every process; so `go generate` lowers every
// library function once per LibraryKey (libgen.go) into a SPIR-V module
// embedded here, and a compile copies the functions it calls from the
// decoded module, with their types and constants, into its own. The
// library's source is read only to generate these files (and in tests).

//go:generate go run ./internal/genmathlib

// The files are embedded as strings, read-only data of the binary that a
// process reads in place: embed.FS.ReadFile would copy fp64.spv (775 KB)
// in every process that compiles a kernel calling the library.
var (
	//go:embed mathlib/fp32.spv
	mathlibFP32 string
	//go:embed mathlib/fp64.spv
	mathlibFP64 string
	//go:embed mathlib/fp32-relaxed.spv
	mathlibFP32Relaxed string
	//go:embed mathlib/fp64-relaxed.spv
	mathlibFP64Relaxed string
)

// precompiledFile is key k's embedded file (LibraryKey.FileName).
func precompiledFile(k LibraryKey) string {
	return [4]string{mathlibFP32, mathlibFP64, mathlibFP32Relaxed, mathlibFP64Relaxed}[k.index()]
}

// libForm is the precompiled library of one key: each function's module
// (libpack.go), decoded on first use.
type libForm struct {
	files map[string]string
	mu    sync.Mutex
	funcs map[string]*libEntry
}

// libEntry is one library function's module, decoded and indexed.
type libEntry struct {
	m  *spirv.Module
	fn *spirv.Function
	// idOps: the indices of each instruction's id operands, found once
	// (the grammar walk costs more than the copy).
	idOps map[*spirv.Instruction][]int
	names map[spirv.ID]string               // the library functions it calls, by id
	defs  map[spirv.ID]*spirv.Instruction   // types, constants, imports
	decos map[spirv.ID][]*spirv.Instruction // OpDecorate by target
}

var (
	precompiledOnce [4]sync.Once
	precompiledForm [4]*libForm
)

// precompiled returns the precompiled library of key k, nil where there
// is none (a missing or broken file is a bug, and the library's source
// still works).
func precompiled(k LibraryKey) *libForm {
	i := k.index()
	precompiledOnce[i].Do(func() {
		files, err := unpackLibrary(precompiledFile(k))
		if err != nil {
			return
		}
		precompiledForm[i] = &libForm{files: files, funcs: map[string]*libEntry{}}
	})
	return precompiledForm[i]
}

// has reports whether the library has function name.
func (f *libForm) has(name string) bool { _, ok := f.files[name]; return ok }

// entry returns function name's module, decoding it on first use.
func (f *libForm) entry(name string) (*libEntry, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if e := f.funcs[name]; e != nil {
		return e, nil
	}
	data, ok := f.files[name]
	if !ok {
		return nil, fmt.Errorf("the precompiled math library has no %s", name)
	}
	e, err := decodeLibEntry([]byte(data))
	if err != nil {
		return nil, fmt.Errorf("the precompiled math library's %s: %v", name, err)
	}
	f.funcs[name] = e
	return e, nil
}

func (k LibraryKey) index() int {
	i := 0
	if k.FP64 {
		i |= 1
	}
	if k.FastRelaxedMath {
		i |= 2
	}
	return i
}

// LibraryKeys lists every LibraryKey.
func LibraryKeys() []LibraryKey {
	var ks []LibraryKey
	for _, relaxed := range []bool{false, true} {
		for _, fp64 := range []bool{false, true} {
			ks = append(ks, LibraryKey{FP64: fp64, FastRelaxedMath: relaxed})
		}
	}
	return ks
}

// FileName is the name of k's precompiled library file.
func (k LibraryKey) FileName() string {
	n := "fp32"
	if k.FP64 {
		n = "fp64"
	}
	if k.FastRelaxedMath {
		n += "-relaxed"
	}
	return n + ".spv"
}

// decodeLibEntry decodes and indexes one function's module.
func decodeLibEntry(data []byte) (*libEntry, error) {
	m, err := spirv.Decode(data)
	if err != nil {
		return nil, err
	}
	if len(m.Functions) != 1 {
		return nil, fmt.Errorf("%d functions", len(m.Functions))
	}
	e := &libEntry{
		m: m, fn: m.Functions[0], names: map[spirv.ID]string{}, idOps: map[*spirv.Instruction][]int{},
		defs: map[spirv.ID]*spirv.Instruction{}, decos: map[spirv.ID][]*spirv.Instruction{},
	}
	ops := spirv.NewIDOperands(m)
	index := func(in *spirv.Instruction) {
		var is []int
		if err == nil {
			err = ops.Visit(in, func(i int) { is = append(is, i) })
			if err != nil {
				err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, err)
			}
		}
		e.idOps[in] = is
	}
	for _, in := range m.Globals {
		index(in)
	}
	forEachLibInst(e.fn, index)
	if err != nil {
		return nil, err
	}
	for _, in := range m.Names {
		if in.Op == spirv.OpName && len(in.Operands) >= 2 && spirv.ID(in.Operands[0]) != e.fn.ID {
			e.names[spirv.ID(in.Operands[0])], _, _ = spirv.DecodeString(in.Operands[1:])
		}
	}
	for _, in := range m.ExtInstImports {
		e.defs[in.Result] = in
	}
	for _, in := range m.Globals {
		if in.Result != 0 {
			e.defs[in.Result] = in
		}
	}
	for _, in := range m.Annotations {
		if in.Op == spirv.OpDecorate && len(in.Operands) >= 2 {
			t := spirv.ID(in.Operands[0])
			e.decos[t] = append(e.decos[t], in)
		}
	}
	return e, nil
}

// importLibFunc copies function name of the precompiled library into the
// module, with the library functions it calls (each once per module) and
// the types, constants and imports it uses; the ids are the module's own.
func (l *lowerer) importLibFunc(form *libForm, name string) *libFn {
	pre, err := form.entry(name)
	if err != nil {
		l.internalf("%v", err)
	}
	src := pre.fn
	b := l.b
	ids := map[spirv.ID]spirv.ID{}
	var mapID func(spirv.ID) spirv.ID
	mapID = func(id spirv.ID) spirv.ID {
		if n, ok := ids[id]; ok {
			return n
		}
		var n spirv.ID
		switch {
		case pre.defs[id] != nil:
			n = l.importGlobal(pre, pre.defs[id], mapID)
		case pre.names[id] != "":
			n = l.libFunc(pre.names[id]).id
		default:
			n = b.NewID()
		}
		ids[id] = n
		return n
	}
	copyInst := func(in *spirv.Instruction) *spirv.Instruction {
		c := &spirv.Instruction{Op: in.Op, Operands: append([]uint32(nil), in.Operands...)}
		if in.ResultType != 0 {
			c.ResultType = mapID(in.ResultType)
		}
		if in.Result != 0 {
			c.Result = mapID(in.Result)
			for _, d := range pre.decos[in.Result] {
				b.Decorate(c.Result, spirv.Decoration(d.Operands[1]), d.Operands[2:]...)
			}
		}
		for _, i := range pre.idOps[in] {
			c.Operands[i] = uint32(mapID(spirv.ID(in.Operands[i])))
		}
		return c
	}
	ids[src.ID] = b.NewID() // not a call of itself: no library function recurses
	// The precompiled functions came out of spirv/opt (optimizeLibrary):
	// the compile's optimizer need not go over them again.
	f := &spirv.Function{ResultType: mapID(src.ResultType), Control: src.Control, Type: mapID(src.Type), ID: ids[src.ID], Optimized: true}
	for _, p := range src.Params {
		f.Params = append(f.Params, copyInst(p))
	}
	for _, blk := range src.Blocks {
		nb := &spirv.Block{Label: mapID(blk.Label), Insts: make([]*spirv.Instruction, len(blk.Insts))}
		for i, in := range blk.Insts {
			nb.Insts[i] = copyInst(in)
		}
		f.Blocks = append(f.Blocks, nb)
	}
	b.Module.Functions = append(b.Module.Functions, f)
	b.Name(f.ID, name)
	lf := &libFn{id: f.ID, rt: f.ResultType, loop: l.hasLoop(f)}
	l.libFns[name] = lf
	l.libLoop[f.ID] = lf.loop
	return lf
}

// importGlobal declares in the module the type, constant or
// extended-instruction import in of the precompiled library (shared with
// the module's own where equal), with the capability a type needs.
func (l *lowerer) importGlobal(pre *libEntry, in *spirv.Instruction, mapID func(spirv.ID) spirv.ID) spirv.ID {
	b := l.b
	if in.Op == spirv.OpExtInstImport {
		name, _, _ := spirv.DecodeString(in.Operands)
		return b.ExtInstImport(name)
	}
	ops := append([]uint32(nil), in.Operands...)
	for _, i := range pre.idOps[in] {
		ops[i] = uint32(mapID(spirv.ID(in.Operands[i])))
	}
	switch in.Op {
	case spirv.OpTypeFloat:
		switch ops[0] {
		case 16:
			b.Capability(spirv.CapabilityFloat16)
		case 64:
			b.Capability(spirv.CapabilityFloat64)
		}
		return b.Type(in.Op, ops...)
	case spirv.OpTypeInt:
		switch ops[0] {
		case 8:
			b.Capability(spirv.CapabilityInt8)
		case 16:
			b.Capability(spirv.CapabilityInt16)
		case 64:
			b.Capability(spirv.CapabilityInt64)
		}
		return b.Type(in.Op, ops...)
	case spirv.OpTypeVoid, spirv.OpTypeBool, spirv.OpTypeVector, spirv.OpTypeFunction, spirv.OpTypePointer,
		spirv.OpTypeStruct, spirv.OpTypeArray:
		return b.Type(in.Op, ops...)
	case spirv.OpConstant, spirv.OpConstantComposite, spirv.OpConstantTrue, spirv.OpConstantFalse,
		spirv.OpConstantNull, spirv.OpUndef:
		return b.Constant(in.Op, mapID(in.ResultType), ops...)
	}
	panic(fmt.Sprintf("lower: the precompiled math library declares %v %%%d", in.Op, in.Result))
}
