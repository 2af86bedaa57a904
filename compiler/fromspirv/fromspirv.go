// Package fromspirv translates OpenCL-flavoured SPIR-V (the Kernel
// capability, Physical32 or Physical64 addressing, the OpenCL.std extended
// instructions, as the SPIR-V LLVM translator and LLVM's SPIR-V backend
// emit) into OpenCL C, which clgo's compiler then builds for any device
// like source. clCreateProgramWithIL takes such modules through it.
//
// Contract (docs/fromspirv.md): the translation is
// done at build time, with the specialization constants set by then.
//
// The translation is literal: every SSA id becomes a C variable (_N) of its
// type and each instruction one assignment; integers are unsigned C types
// (SPIR-V integers have no sign) and the signed operations reinterpret
// their operands. Control flow needs no merge instructions (Kernel SPIR-V
// need not be structured) and OpenCL C has no goto: a reducible graph is
// written as its blocks in reverse postorder, each guarded by the one
// pending block, with its natural loops as for(;;) loops; an irreducible
// one as a dispatch loop over a switch. OpPhi are copies on each edge.
// docs/fromspirv.md has the whole mapping.
package fromspirv

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// IsKernel reports whether words (a SPIR-V module in host word order) is
// OpenCL-flavoured: it declares the Kernel capability.
func IsKernel(words []uint32) bool {
	const opCapability, capKernel = 17, 6
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		if n == 0 {
			return false
		}
		if op == opCapability && i+1 < len(words) && words[i+1] == capKernel {
			return true
		}
		if op != opCapability && op != 10 && op != 11 && op != 14 && op != 15 && op != 16 && op != 3 && op != 7 {
			return false // past the preamble
		}
		i += n
	}
	return false
}

// Options are the values fixed at build time.
type Options struct {
	// Spec holds the values set by clSetProgramSpecializationConstant, by
	// SpecId: the constant's bytes, little-endian, of its type's size.
	Spec map[uint32][]byte
	// LinkOnceInternal names LinkOnceODR functions to define as static
	// here: clLinkProgram passes those that an earlier unit of the link
	// already defines (Result.LinkOnce), so that one definition remains.
	LinkOnceInternal map[string]bool
}

// Result is a translated module.
type Result struct {
	// Source is OpenCL C for the compiler, to be built with Options.
	Source string
	// Options are compiler options the source needs (e.g. "-cl-std=CL3.0").
	Options []string
	// SpecIDs maps every SpecId the module declares to its size in bytes.
	SpecIDs map[uint32]int
	// Exports and Imports name the functions and variables with
	// LinkageAttributes (Export / Import), for clCompileProgram and
	// clLinkProgram.
	Exports, Imports []string
	// LinkOnce names the functions with LinkOnceODR linkage (defined here,
	// and perhaps in other units too, all alike).
	LinkOnce []string
	// Entries are the kernels (OpEntryPoint Kernel), in module order.
	Entries []string
}

// recoverPanics turns a panic of the translator (a bug) into an error;
// the fuzz test turns it off to find them.
var recoverPanics = true

// Translate turns an OpenCL-flavoured module into OpenCL C.
func Translate(words []uint32, opts Options) (res *Result, err error) {
	if recoverPanics {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("fromspirv: internal error: %v", r)
			}
		}()
	}
	m, err := spirv.DecodeWords(words)
	if err != nil {
		return nil, err
	}
	if !IsKernel(words) {
		return nil, &tError{msg: "the module does not declare the Kernel capability"}
	}
	t := &translator{
		m: m, opts: opts,
		res:            &Result{SpecIDs: map[uint32]int{}},
		off:            map[*spirv.Instruction]int{},
		def:            map[spirv.ID]*spirv.Instruction{},
		names:          map[spirv.ID]string{},
		decos:          map[spirv.ID][]*spirv.Instruction{},
		fnByID:         map[spirv.ID]*spirv.Function{},
		extSets:        map[spirv.ID]string{},
		ctype:          map[spirv.ID]string{},
		cexpr:          map[spirv.ID]string{},
		init:           map[spirv.ID]string{},
		locals:         map[spirv.ID]bool{},
		rawArray:       map[spirv.ID]string{},
		constAddrs:     map[spirv.ID]constAddr{},
		inputs:         map[spirv.ID]spirv.BuiltIn{},
		exts:           map[string]bool{},
		fnNames:        map[spirv.ID]string{},
		forward:        map[spirv.ID]bool{},
		forwardPtr:     map[spirv.ID]bool{},
		staticLinkOnce: map[spirv.ID]bool{},
		wrappers:       map[string]bool{},
		fnLocals:       map[spirv.ID][]spirv.ID{},
	}
	if err := t.translate(); err != nil {
		return nil, err
	}
	return t.res, nil
}

func (t *translator) translate() error {
	if err := t.index(); err != nil {
		return err
	}
	if err := t.checkDecorations(); err != nil {
		return err
	}
	if err := t.checkLayout(); err != nil {
		return err
	}
	for _, in := range t.m.Capabilities {
		if len(in.Operands) > 0 && spirv.Capability(in.Operands[0]) == spirv.CapabilityShader {
			return t.errAt(in, "a Shader module is not OpenCL-flavoured")
		}
	}
	entries := map[string]bool{}
	for _, ep := range t.m.EntryPoints {
		if len(ep.Operands) < 3 {
			return t.errAt(ep, "too few operands")
		}
		if ep.Operands[0] != 6 {
			return t.errAt(ep, "execution model %v is not Kernel", spirv.ExecutionModel(ep.Operands[0]))
		}
		name, _, _ := spirv.DecodeString(ep.Operands[2:])
		if !validKernelName(name) {
			return t.errAt(ep, "kernel name %q is not an OpenCL C identifier", name)
		}
		entries[name] = true
		t.res.Entries = append(t.res.Entries, name)
	}
	for _, fn := range t.m.Functions {
		if name, kind, ok := t.linkage(fn.ID); ok && validIdent(name) && !entries[name] {
			t.fnNames[fn.ID] = name
			switch kind {
			case 0:
				t.res.Exports = append(t.res.Exports, name)
			case 1:
				t.res.Imports = append(t.res.Imports, name)
			case 2:
				t.res.LinkOnce = append(t.res.LinkOnce, name)
				if t.opts.LinkOnceInternal[name] {
					t.staticLinkOnce[fn.ID] = true
				}
			}
		} else if ok && kind == 1 {
			return t.errAt(t.def[fn.ID], "imported function %q cannot be named in OpenCL C", name)
		}
	}
	if err := t.declareTypes(); err != nil {
		return err
	}
	if err := t.declareGlobals(); err != nil {
		return err
	}
	t.usesLocals()
	var protos, bodies strings.Builder
	for _, fn := range t.m.Functions {
		sig, err := t.signature(fn)
		if err != nil {
			return err
		}
		static := "static "
		if _, ok := t.fnNames[fn.ID]; ok && !t.staticLinkOnce[fn.ID] {
			static = ""
		}
		if _, kind, ok := t.linkage(fn.ID); ok && kind == 1 {
			if len(fn.Blocks) > 0 {
				return t.errAt(t.def[fn.ID], "imported function has a body")
			}
			fmt.Fprintf(&protos, "%s;\n", sig)
			continue
		}
		if len(fn.Blocks) == 0 {
			return t.errAt(t.def[fn.ID], "function %%%d has no body and is not imported", fn.ID)
		}
		fmt.Fprintf(&protos, "%s%s;\n", static, sig)
		bodies.WriteString(static)
		if err := t.emitFunction(&bodies, fn); err != nil {
			return err
		}
	}
	var kernels strings.Builder
	for _, ep := range t.m.EntryPoints {
		if err := t.emitKernel(&kernels, ep); err != nil {
			return err
		}
	}
	var src strings.Builder
	var exts []string
	for x := range t.exts {
		exts = append(exts, x)
	}
	sort.Strings(exts)
	for _, x := range exts {
		fmt.Fprintf(&src, "#pragma OPENCL EXTENSION %s : enable\n", x)
	}
	src.WriteString(t.typedefs.String())
	src.WriteString(t.globals.String())
	src.WriteString(protos.String())
	src.WriteString("\n")
	src.WriteString(bodies.String())
	src.WriteString(kernels.String())
	t.res.Source = src.String()
	if t.needCL20 {
		t.res.Options = append(t.res.Options, "-cl-std=CL2.0")
	}
	if t.addr64 {
		t.res.Options = append(t.res.Options, "-arch=spir64") // Physical64: 64-bit size_t and pointers
	}
	return nil
}

// validKernelName reports whether a kernel may be declared under name.
func validKernelName(name string) bool {
	if name == "" || keywords()[name] {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// emitKernel writes the __kernel function of an entry point: it declares
// the __local variables the body uses and calls the body.
func (t *translator) emitKernel(out *strings.Builder, ep *spirv.Instruction) error {
	fid := spirv.ID(ep.Operands[1])
	fn := t.fnByID[fid]
	if fn == nil {
		return t.errAt(ep, "%%%d is not a function", fid)
	}
	if len(fn.Blocks) == 0 {
		return t.errAt(ep, "kernel %%%d has no body", fid)
	}
	if t.ctype[fn.ResultType] != "void" {
		return t.errAt(ep, "kernel returns a value")
	}
	name, _, _ := spirv.DecodeString(ep.Operands[2:])
	var attrs []string
	for _, em := range t.m.ExecutionModes {
		if len(em.Operands) < 2 || spirv.ID(em.Operands[0]) != fid {
			continue
		}
		mode := em.Operands[1]
		switch mode {
		case 17, 18, 38, 39: // LocalSize, LocalSizeHint, LocalSizeId, LocalSizeHintId
			if len(em.Operands) < 5 {
				return t.errAt(em, "too few operands")
			}
			a := "reqd_work_group_size"
			if mode == 18 || mode == 39 {
				a = "work_group_size_hint"
			}
			size := em.Operands[2:5]
			if em.Op == spirv.OpExecutionModeId {
				size = nil
				for _, id := range em.Operands[2:5] {
					v, ok := t.constUint(spirv.ID(id))
					if !ok {
						return t.errAt(em, "size %%%d is not an integer constant", id)
					}
					size = append(size, uint32(v))
				}
			}
			attrs = append(attrs, fmt.Sprintf("__attribute__((%s(%d, %d, %d)))", a, size[0], size[1], size[2]))
		case 30, 31, 35, 36: // VecTypeHint, ContractionOff, SubgroupSize, SubgroupsPerWorkgroup
		default:
			return t.errAt(em, "execution mode %v is not supported", spirv.ExecutionMode(mode))
		}
	}
	used := map[string]bool{}
	var params, args []string
	var copies strings.Builder // ByVal arguments copied to locals
	for i, p := range fn.Params {
		pname := t.names[p.Result]
		if !validIdent(pname) || used[pname] || pname == name {
			pname = fmt.Sprintf("arg%d", i)
		}
		used[pname] = true
		decl, arg, err := t.kernelParam(p, pname)
		if err != nil {
			return err
		}
		if strings.HasSuffix(arg, "_v") && strings.HasPrefix(arg, "&") {
			fmt.Fprintf(&copies, "\t%s_v = %s;\n", strings.TrimSuffix(decl, " "+pname)+" "+pname, pname)
		}
		params = append(params, decl)
		args = append(args, arg)
	}
	var locals strings.Builder
	for _, v := range t.fnLocals[fid] {
		_, elem, _ := t.pointee(t.def[v].ResultType)
		fmt.Fprintf(&locals, "\t__local %s _g%d_v;\n", t.ctype[elem], v)
		args = append(args, fmt.Sprintf("&_g%d_v", v))
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	prefix := ""
	if len(attrs) > 0 {
		prefix = strings.Join(attrs, " ") + " "
	}
	fmt.Fprintf(out, "__kernel %svoid %s(%s) {\n%s%s\t%s(%s);\n}\n\n", prefix, name, strings.Join(params, ", "),
		locals.String(), copies.String(), t.funcName(fid), strings.Join(args, ", "))
	return nil
}

// kernelParam declares a kernel parameter (pointers with const and
// restrict from FuncParamAttr NoWrite and NoAlias; ByVal pointers as the
// value) and spells the argument passed to the body.
func (t *translator) kernelParam(p *spirv.Instruction, name string) (decl, arg string, err error) {
	ty, err := t.typeOf(p, p.ResultType)
	if err != nil {
		return "", "", err
	}
	sc, elem, isPtr := t.pointee(p.ResultType)
	if !isPtr {
		if t.info(p.ResultType).op == spirv.OpTypeBool {
			return "", "", t.errAt(p, "kernel parameter of type bool")
		}
		return fmt.Sprintf("%s %s", ty, name), name, nil
	}
	et := t.ctype[elem]
	if et == "void" || et == "" {
		et = "uchar"
	}
	if sc == scFunction {
		if !t.hasParamAttr(p.Result, attrByVal) {
			return "", "", t.errAt(p, "kernel parameter points to Function storage without ByVal")
		}
		// OpenCL C takes no address of a parameter: the wrapper copies it
		// (emitKernel declares name_v).
		return fmt.Sprintf("%s %s", et, name), "&" + name + "_v", nil
	}
	as, err := t.addrSpace(p, sc)
	if err != nil {
		return "", "", err
	}
	q := ""
	if t.hasParamAttr(p.Result, attrNoWrite) && sc != scUniformConstant {
		q = "const "
	}
	r := ""
	if t.hasParamAttr(p.Result, attrNoAlias) {
		r = "restrict "
	}
	if _, ok := t.deco(p.Result, spirv.DecorationRestrict); ok {
		r = "restrict "
	}
	return fmt.Sprintf("%s %s%s *%s%s", as, q, et, r, name), fmt.Sprintf("(%s)%s", ty, name), nil
}
