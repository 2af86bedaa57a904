package compiler

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/internal/config"
)

// internalError, deferred at the entry of Compile and Link, turns a panic
// of any stage into an "internal compiler error" diagnostic: the compiler
// runs inside other people's processes (clBuildProgram through the ICD), and
// a bug in it must fail that build, not kill the application. The stages
// that know where they are (the parser, the checker, lowering) recover on
// their own with the position of the construct at hand; this is the last
// resort, at the file's start. CLGO_COMPILER_PANIC=1 keeps the panic and its
// stack for debugging.
func internalError(file string, res *Result, err *error) {
	r := recover()
	if r == nil {
		return
	}
	if config.Get(config.CompilerPanic) != "" {
		panic(r)
	}
	pos := diag.Pos{File: file}
	if file != "" {
		pos.Line, pos.Col = 1, 1
	}
	res.Diagnostics.Errorf(pos, "internal compiler error: %v", r)
	res.SPIRV, res.Module, res.Reflection = nil, nil, nil
	*err = res.Diagnostics
}
