package lower

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/types"
)

// maxLiteralString is the longest string (in bytes) clgo puts in a SPIR-V
// literal that means something to the runtime: a kernel name (OpEntryPoint,
// the reflection's OpString), a kernel parameter's name and type name, a
// printf format. An instruction has at most 65535 words; this leaves room
// for the other operands. Longer ones are errors: truncating them would
// change what clCreateKernel or clGetKernelArgInfo see. (Debug names,
// OpName, are truncated by the builder instead.)
const maxLiteralString = 65535

// kernelNamesFit reports the kernel name, parameter names or type names
// of k that do not fit a SPIR-V literal; it returns false when there are
// any.
func (l *lowerer) kernelNamesFit(k *types.Func) bool {
	ok := l.fits(k.At, "kernel name", k.Name)
	for _, p := range k.Params {
		ok = l.fits(p.At, "kernel parameter name", p.Name) && ok
		ok = l.fits(p.At, "kernel parameter type name", p.Type.String()) && ok
	}
	return ok
}

// fits reports s, what at pos, when it is too long for a SPIR-V literal.
func (l *lowerer) fits(pos diag.Pos, what, s string) bool {
	if len(s) <= maxLiteralString {
		return true
	}
	l.errorf(pos, "%s is %d bytes long; SPIR-V allows at most %d", what, len(s), maxLiteralString)
	return false
}
