package lower

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
)

// TestPrecompiledLibraryUpToDate: the precompiled library in mathlib/ is
// what `go generate` makes from the library's source today.
func TestPrecompiledLibraryUpToDate(t *testing.T) {
	for _, k := range LibraryKeys() {
		want, err := PrecompileLibrary(k)
		if err != nil {
			t.Fatalf("%s: %v", k.FileName(), err)
		}
		got, err := os.ReadFile("mathlib/" + k.FileName())
		if err != nil || !bytes.Equal(got, want) || precompiledFile(k) != string(got) {
			t.Errorf("mathlib/%s is out of date (%v): run go generate ./compiler/lower", k.FileName(), err)
		}
	}
}

// TestLibraryOptionsIrrelevant: the options and program settings that
// LibraryKey leaves out do not change the library's code, so one
// precompiled form per key serves every device, option set and
// -cl-std/-arch.
func TestLibraryOptionsIrrelevant(t *testing.T) {
	variants := map[string]Options{
		"FmaFused": {FmaFused: true}, "Float64": {Float64: true},
		"Storage8/16":              {Storage8: true, Storage16: true},
		"SignedZeroInfNanPreserve": {SignedZeroInfNanPreserve: true},
		"DenormPreserve":           {DenormPreserve16: true, DenormPreserve32: true, DenormPreserve64: true, RoundingRTE16: true},
		"BoundWorkgroup":           {BoundWorkgroup: true}, "LoopLimitCheck": {LoopLimitCheck: true},
		"ReportOutOfBounds": {ReportOutOfBounds: true}, "SubgroupExtendedTypes": {SubgroupExtendedTypes: true},
		"SampleInCode": {SampleNearestInCode: true, SampleLinearInCode: true},
	}
	progs := map[string]types.Config{
		"CL3.0":                  {Std: 300},
		"spir64":                 {AddressBits: 64},
		"fp16 and int64 atomics": {Extensions: []string{"cl_khr_fp16", "cl_khr_int64_base_atomics"}},
	}
	for _, k := range LibraryKeys() {
		want, err := PrecompileLibrary(k)
		if err != nil {
			t.Fatal(err)
		}
		for name, c := range progs {
			got, err := precompileLibrary(k, Options{}, c)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %s changes the library's code", k.FileName(), name)
			}
		}
		got, err := precompileLibrary(k, Options{Physical: true}, types.Config{AddressBits: 64})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: physical addressing changes the library's code (%v)", k.FileName(), err)
		}
		for name, o := range variants {
			got, err := precompileLibrary(k, o, types.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %s changes the library's code", k.FileName(), name)
			}
		}
	}
}

// libKernel calls every library builtin on float4 (and double4 with
// fp64), so that each is called once per component; under
// -cl-fast-relaxed-math, only the exact ones for double (GLSL has no
// double forms of the others).
func libKernel(k LibraryKey) string {
	var sb strings.Builder
	ts := []string{"float"}
	if k.FP64 {
		ts = append(ts, "double")
	}
	for _, T := range ts {
		fmt.Fprintf(&sb, "kernel void k_%s(global %s4 *p, global int4 *q) {\n  %s4 x = p[0], y = p[1], z = p[2];\n", T, T, T)
		var names []string
		for n := range libBuiltins {
			if T == "float" || !k.FastRelaxedMath || libExact[n] {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for i, n := range names {
			var call string
			switch n {
			case "atan2", "atan2pi", "pow", "powr", "fmod", "remainder", "hypot":
				call = n + "(x, y)"
			case "pown", "rootn":
				call = n + "(x, q[0])"
			case "fma":
				call = "fma(x, y, z)"
			case "sincos":
				call = "sincos(x, &p[3])"
			case "remquo":
				call = "remquo(x, y, &q[1])"
			case "lgamma_r":
				call = "lgamma_r(x, &q[2])"
			default:
				call = n + "(x)"
			}
			fmt.Fprintf(&sb, "  p[%d] = %s;\n", 4+i, call)
		}
		if T == "float" || !k.FastRelaxedMath {
			fmt.Fprintf(&sb, "  p[100] = (%s4)(length(x), distance(x.xyz, y.xyz), length(x.xy), 0);\n", T)
			fmt.Fprintf(&sb, "  p[101].xyz = normalize(x.xyz);\n")
		}
		sb.WriteString("}\n")
	}
	return sb.String()
}

// lowerLib compiles src with key k, the library precompiled or from its
// source, and optimizes the module as compiler.Compile does.
func lowerLib(t *testing.T, src string, k LibraryKey, fromSource bool) *spirv.Module {
	t.Helper()
	m, err := lowerLibErr(src, k, fromSource)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func lowerLibErr(src string, k LibraryKey, fromSource bool) (*spirv.Module, error) {
	conf := &types.Config{Std: 120, FastRelaxedMath: k.FastRelaxedMath}
	if k.FP64 {
		conf.Extensions = []string{"cl_khr_fp64"}
	}
	diags := &diag.List{}
	toks := cpp.Preprocess("lib.cl", src, cpp.Options{Std: 120, Extensions: conf.Extensions, FastRelaxedMath: k.FastRelaxedMath, FS: cpp.MapFS{}}, diags)
	file := syntax.Parse("lib.cl", toks, diags)
	pkg, info := types.Check([]*syntax.File{file}, conf, diags)
	if diags.HasErrors() {
		return nil, diags
	}
	m, _ := Lower(pkg, info, Options{LibraryFromSource: fromSource}, diags)
	if diags.HasErrors() {
		return nil, diags
	}
	if err := opt.Run(m); err != nil {
		return nil, err
	}
	return m, nil
}

// TestLibraryCalled: every library function a program uses is one SPIR-V
// function, called once per vector component, and copying it from the
// precompiled library gives the same code as lowering the library's
// source in the compile.
func TestLibraryCalled(t *testing.T) {
	for _, k := range LibraryKeys() {
		t.Run(strings.TrimSuffix(k.FileName(), ".spv"), func(t *testing.T) {
			src := libKernel(k)
			pre := lowerLib(t, src, k, false)
			srcm := lowerLib(t, src, k, true)
			got, want := libFuncs(pre), libFuncs(srcm)
			if len(want) == 0 {
				t.Fatal("no library functions")
			}
			for name, w := range want {
				if g, ok := got[name]; !ok {
					t.Errorf("%s: missing from the precompiled compile", name)
				} else if g != w {
					t.Errorf("%s differs:\nprecompiled:\n%s\nsource:\n%s", name, g, w)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: only in the precompiled compile", name)
				}
			}
			calls := map[string]int{}
			names := funcNames(pre)
			pre.Walk(func(in *spirv.Instruction) {
				if in.Op == spirv.OpFunctionCall {
					calls[names[spirv.ID(in.Operands[0])]]++
				}
			})
			if n := calls["__clgo_exp_f"]; n != 4 && !k.FastRelaxedMath {
				t.Errorf("__clgo_exp_f is called %d times, want 4 (one per component)", n)
			}
			if n := calls["__clgo_fmod_f"]; n != 4 {
				t.Errorf("__clgo_fmod_f is called %d times, want 4 (one per component)", n)
			}
		})
	}
}

// funcNames maps m's function ids to their names.
func funcNames(m *spirv.Module) map[spirv.ID]string {
	names := map[spirv.ID]string{}
	for _, in := range m.Names {
		if in.Op == spirv.OpName {
			names[spirv.ID(in.Operands[0])], _, _ = spirv.DecodeString(in.Operands[1:])
		}
	}
	return names
}

// libFuncs renders m's library functions by name in a form without id
// numbers: values numbered in order of appearance, types, constants and
// imports spelled out, callees by name, decorations beside their targets.
func libFuncs(m *spirv.Module) map[string]string {
	names := funcNames(m)
	defs := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.ExtInstImports {
		defs[in.Result] = in
	}
	for _, in := range m.Globals {
		defs[in.Result] = in
	}
	decos := map[spirv.ID][]string{}
	for _, in := range m.Annotations {
		if in.Op == spirv.OpDecorate {
			decos[spirv.ID(in.Operands[0])] = append(decos[spirv.ID(in.Operands[0])], fmt.Sprint(in.Operands[1:]))
		}
	}
	ops := spirv.NewIDOperands(m)
	var global func(spirv.ID) string
	global = func(id spirv.ID) string {
		in := defs[id]
		if in.Op == spirv.OpExtInstImport {
			s, _, _ := spirv.DecodeString(in.Operands)
			return "import " + s
		}
		o := make([]string, len(in.Operands))
		for i, w := range in.Operands {
			o[i] = fmt.Sprint(w)
		}
		ops.Visit(in, func(i int) { o[i] = "(" + global(spirv.ID(in.Operands[i])) + ")" })
		s := fmt.Sprintf("%v %s", in.Op, strings.Join(o, " "))
		if in.ResultType != 0 {
			s += " : " + global(in.ResultType)
		}
		return s
	}
	out := map[string]string{}
	for _, f := range m.Functions {
		name := names[f.ID]
		if !strings.HasPrefix(name, "__clgo_") {
			continue
		}
		local := map[spirv.ID]int{}
		ref := func(id spirv.ID) string {
			switch {
			case defs[id] != nil:
				return "(" + global(id) + ")"
			case strings.HasPrefix(names[id], "__clgo_"):
				return names[id]
			}
			if _, ok := local[id]; !ok {
				local[id] = len(local)
			}
			return fmt.Sprintf("%%%d%v", local[id], decos[id])
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s %s\n", ref(f.ResultType), ref(f.Type))
		forEachLibInst(f, func(in *spirv.Instruction) {
			o := make([]string, len(in.Operands))
			for i, w := range in.Operands {
				o[i] = fmt.Sprint(w)
			}
			ops.Visit(in, func(i int) { o[i] = ref(spirv.ID(in.Operands[i])) })
			if in.Result != 0 {
				fmt.Fprintf(&sb, "%s = ", ref(in.Result))
			}
			fmt.Fprintf(&sb, "%v", in.Op)
			if in.ResultType != 0 {
				fmt.Fprintf(&sb, " %s", ref(in.ResultType))
			}
			fmt.Fprintf(&sb, " %s\n", strings.Join(o, " "))
		})
		out[name] = sb.String()
	}
	return out
}

// TestLibraryLoopLimitProbe: a kernel whose only loop is inside a library
// function it calls (fmod's) still gets the loop limiter's probe
// (looplimit.go), since drivers count the callee's loop passes as the
// kernel's.
func TestLibraryLoopLimitProbe(t *testing.T) {
	src := "kernel void k(global double *p) { p[0] = fmod(p[0], p[1]); }\n"
	conf := &types.Config{Std: 120, Extensions: []string{"cl_khr_fp64"}}
	diags := &diag.List{}
	toks := cpp.Preprocess("k.cl", src, cpp.Options{Std: 120, Extensions: conf.Extensions, FS: cpp.MapFS{}}, diags)
	pkg, info := types.Check([]*syntax.File{syntax.Parse("k.cl", toks, diags)}, conf, diags)
	m, refl := Lower(pkg, info, Options{LoopLimitCheck: true}, diags)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	names := funcNames(m)
	loops := map[string]bool{}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if in.Op == spirv.OpLoopMerge {
					loops[names[f.ID]] = true
				}
			}
		}
	}
	if !loops["__clgo_fmod_d"] {
		t.Skip("fmod's library function has no loop")
	}
	if !loops["k"] || refl.Kernels[0].Flags&spirv.KernelMayUsePrintf == 0 {
		t.Errorf("kernel k calls a library function with a loop but has no probe (loops in %v)", loops)
	}
}

// TestLibraryConcurrentCompiles: compiles running at once (clBuildProgram
// from several threads) share the precompiled library, decoded on first
// use, and each gets the same module.
func TestLibraryConcurrentCompiles(t *testing.T) {
	k := LibraryKey{FP64: true}
	src := libKernel(k)
	want := lowerLib(t, src, k, false).Encode()
	const n = 4
	type result struct {
		m   *spirv.Module
		err error
	}
	got := make(chan result, n)
	for range n {
		go func() {
			m, err := lowerLibErr(src, k, false)
			got <- result{m, err}
		}()
	}
	for range n {
		r := <-got
		if r.err != nil {
			t.Error(r.err)
		} else if m := r.m.Encode(); !bytes.Equal(m, want) {
			t.Errorf("a concurrent compile gave a different module (%d bytes, want %d)", len(m), len(want))
		}
	}
}
