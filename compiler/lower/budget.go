package lower

import "github.com/clgo/clgo/compiler/syntax"

// Every user function call is inlined, so a small program whose functions
// each call the next twice grows exponentially (40 such functions are 2^40
// copies): the build would run until memory ran out. maxKernelInsts bounds
// a kernel's code after inlining; the largest real kernels seen (float16
// math library calls) have about 135,000 instructions.
const maxKernelInsts = 2_000_000

// inlineBudget stops lowering with an error at call x once the kernel's
// code exceeds maxKernelInsts. It counts every 256 inlined calls, so the
// cost of counting stays small.
func (fs *fnState) inlineBudget(x *syntax.CallExpr) {
	if fs.inlines++; fs.inlines%256 != 0 {
		return
	}
	fn, _ := fs.b.Current()
	if fn == nil {
		return
	}
	n := 0
	for _, b := range fn.Blocks {
		n += len(b.Insts)
	}
	if n > maxKernelInsts {
		fs.errorf(x.At, "kernel '%s' is too large: more than %d SPIR-V instructions after inlining its %d function calls so far", fs.k.Name, maxKernelInsts, fs.inlines)
		panic(bailout{})
	}
}
