// Package lib is clgo's math library written in OpenCL C: the builtins
// whose GLSL.std.450 instructions are less precise than OpenCL C §7.4
// allows, or undefined at the edges §7.5 fixes. The sources are embedded,
// preprocessed, parsed and checked once per process where they are needed:
// compiles use the precompiled form that compiler/lower's go generate
// lowers from them (compiler/lower/mathlib), one SPIR-V function per
// library function, which the programs that use it call.
//
// Each function is scalar and named __clgo_NAME_f (float) or
// __clgo_NAME_d (double), except the geometric ones, which take 2-, 3-
// and 4-vectors: __clgo_NAME_fN, __clgo_NAME_dN. They use no pointers and
// no arrays, so that they are functions of values alone, callable from any
// kernel without memory objects. After editing a .cl file here, run
// go generate ./compiler/lower (a test fails until then).
package lib

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

//go:embed *.cl
var sources embed.FS

// Library is the checked library.
type Library struct {
	Pkg   *types.Package
	Info  *types.Info
	Funcs map[string]*types.Func
}

var (
	once   sync.Once
	loaded *Library
	errLib error
)

// Load returns the library, checking it on first use.
func Load() (*Library, error) {
	once.Do(func() { loaded, errLib = load() })
	return loaded, errLib
}

func load() (*Library, error) {
	ents, err := sources.ReadDir(".")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var src strings.Builder
	src.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	for _, n := range names {
		b, err := sources.ReadFile(n)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&src, "#line 1 \"%s\"\n", n)
		src.Write(b)
	}
	exts := []string{"cl_khr_fp64", "cl_khr_fp16"}
	diags := &diag.List{NoWarnings: true}
	toks := cpp.Preprocess("clgo-mathlib.cl", src.String(), cpp.Options{Std: 120, Extensions: exts, FS: cpp.MapFS{}}, diags)
	if diags.HasErrors() {
		return nil, diags
	}
	file := syntax.Parse("clgo-mathlib.cl", toks, diags)
	if diags.HasErrors() {
		return nil, diags
	}
	// The library uses neither size_t nor pointers, so one check serves
	// programs of either address width (-arch=spir and spir64).
	conf := &types.Config{AddressBits: 32, Std: 120, Extensions: exts}
	pkg, info := types.Check([]*syntax.File{file}, conf, diags)
	if diags.HasErrors() {
		return nil, diags
	}
	l := &Library{Pkg: pkg, Info: info, Funcs: map[string]*types.Func{}}
	for _, f := range pkg.Funcs {
		l.Funcs[f.Name] = f
	}
	return l, nil
}
