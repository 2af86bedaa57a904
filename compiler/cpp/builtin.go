package cpp

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

//go:embed opencl.h
var openclH string

//go:generate go run -tags genprelude ./internal/genprelude

// The macros of opencl.h are data: `go generate` preprocesses the file
// (buildPrelude) and writes them out as Go composite literals
// (prelude_gen.go: preludeTable, preludeCommon, preludeIndex), which the
// linker lays out in the binary, so that no run lexes the file or copies
// its macros: a run looks them up past its own (pp.macro). Macros are
// never changed once defined, so every run can share them. The generator
// builds this package with the tag genprelude, which leaves prelude_gen.go
// out for prelude_stub.go, so a stale table never stops its own rebuild.

// buildPrelude preprocesses opencl.h, with or without cl_khr_fp16 (the
// one option it depends on), and returns the macros it defines.
func buildPrelude(fp16 bool) (map[string]*macro, *diag.List) {
	diags := &diag.List{}
	p := newPP(Options{}, diags)
	if fp16 {
		p.macros["cl_khr_fp16"] = &macro{name: "cl_khr_fp16"}
	}
	p.runFile(&fileState{toks: lexFile("<built-in>", openclH, diags), path: "<built-in>"}, nil)
	delete(p.macros, "cl_khr_fp16")
	return p.macros, diags
}

// usePrelude defines the OpenCL constants of opencl.h. They take the place
// of any macro of the same name defined before them (none today: the
// predefined macros come first and have other names).
func (p *pp) usePrelude() {
	for name := range p.macros {
		if preludeIndex(name) >= 0 {
			delete(p.macros, name)
		}
	}
	p.preludeN = preludeCommon
	if slices.Contains(p.opts.Extensions, "cl_khr_fp16") {
		p.preludeN = len(preludeTable)
	}
}

// macro returns the macro called name, nil if there is none.
func (p *pp) macro(name string) *macro {
	if m, ok := p.macros[name]; ok {
		return m
	}
	if p.preludeN > 0 {
		if i := preludeIndex(name); i >= 0 && i < p.preludeN {
			return &preludeTable[i]
		}
	}
	return nil
}

// predefines is the source of the macros that depend on the options
// (OpenCL C 1.2 section 6.10).
func predefines(opts Options) string {
	std := opts.Std
	if std == 0 {
		std = 120
	}
	// __OPENCL_VERSION__ is the device's OpenCL version, whatever
	// -cl-std asks for.
	version := opts.OpenCLVersion
	if version == 0 {
		version = 300
	}
	var b strings.Builder
	def := func(name string, value any) { fmt.Fprintf(&b, "#define %s %v\n", name, value) }
	def("__OPENCL_VERSION__", version)
	def("__OPENCL_C_VERSION__", std)
	def("CL_VERSION_1_0", 100)
	def("CL_VERSION_1_1", 110)
	def("CL_VERSION_1_2", 120)
	def("CL_VERSION_2_0", 200)
	def("CL_VERSION_3_0", 300)
	def("__ENDIAN_LITTLE__", 1)
	if opts.Images {
		def("__IMAGE_SUPPORT__", 1)
	}
	def("__kernel_exec(X, typen)",
		"__kernel __attribute__((work_group_size_hint(X, 1, 1))) __attribute__((vec_type_hint(typen)))")
	def("kernel_exec(X, typen)", "__kernel_exec(X, typen)")
	def("VULKAN", 100)
	if opts.FastRelaxedMath {
		def("__FAST_RELAXED_MATH__", 1)
	}
	if std >= 200 {
		b.WriteString(atomicsPredefines)
	}
	for _, e := range opts.Extensions {
		if isIdentifier(e) {
			def(e, 1)
		}
	}
	// The feature macros: OpenCL C 3.0's, and 2.0's as clang's headers
	// define them for the 2.0 features the device has.
	if std >= 200 {
		for _, f := range opts.Features {
			if isIdentifier(f) {
				def(f, 1)
			}
		}
	}
	return b.String()
}

// commandLine turns -D and -U options into directives, one source each,
// so that a value ending in a backslash cannot splice two options.
func commandLine(opts Options) []string {
	oneLine := strings.NewReplacer("\r", " ", "\n", " ")
	var srcs []string
	for _, d := range opts.Defines {
		name, value, ok := strings.Cut(d, "=")
		if !ok {
			value = "1"
		}
		srcs = append(srcs, oneLine.Replace("#define "+name+" "+value)+"\n")
	}
	for _, u := range opts.Undefs {
		srcs = append(srcs, oneLine.Replace("#undef "+u)+"\n")
	}
	return srcs
}

func isIdentifier(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

var months = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// defineBuiltins installs the macros whose value the preprocessor computes
// at each use (C99 6.10.8).
func (p *pp) defineBuiltins() {
	str := func(s string) token {
		return token{kind: String, text: `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`}
	}
	num := func(n int) token { return token{kind: Number, text: strconv.Itoa(n)} }
	builtins := map[string]func(*pp, token) token{
		"__FILE__": func(p *pp, use token) token { return str(use.pos.File) },
		"__LINE__": func(p *pp, use token) token { return num(int(use.pos.Line)) },
		"__COUNTER__": func(p *pp, use token) token {
			p.counter++
			return num(p.counter - 1)
		},
		"__DATE__": func(p *pp, use token) token {
			return str(fmt.Sprintf("%s %2d %d", months[p.now.Month()-1], p.now.Day(), p.now.Year()))
		},
		"__TIME__": func(p *pp, use token) token { return str(p.now.Format("15:04:05")) },
	}
	for name, f := range builtins {
		p.macros[name] = &macro{name: name, builtin: f}
	}
}
