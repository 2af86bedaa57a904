package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// Every user function call is inlined, so a small program whose functions
// each call the next twice grows exponentially (40 such functions are 2^40
// copies): the build would run until memory ran out. maxKernelInsts bounds
// a kernel's code after inlining. The largest real kernel seen, hashcat's
// Argon2 (m34000_init: blake2b_update inlined 20 times, each with
// hashcat's 128-case byte-shifting switches), has 3,090,000 instructions
// before optimization and builds in under a minute with about 1.5 GB;
// most others have under 500,000.
const maxKernelInsts = 4_000_000

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

// maxInitElems bounds the elements an array initializer is lowered to one
// by one (a flattened object, or a full initializer).
const maxInitElems = 1 << 20

// zeroStoreMin is the length past which an array initializer that leaves
// elements zero zeroes the whole array with one store of OpConstantNull
// before storing the rest: spirv/opt splits arrays of at most 256
// elements into scalars (sroa.go), which per-element stores keep
// possible.
const zeroStoreMin = 256

// zeroStoreMax bounds the scalars of an array zeroed that way: the host
// driver's executors store a constant of at most 4096 scalars as one
// store each and refuse larger ones outside a kernel's first block.
// Larger arrays are zeroed by a loop (zeroLoop).
const zeroStoreMax = 4096

// scalarCount is the scalars a value of type t holds (a union counts
// every field's, more than it holds).
func scalarCount(t types.Type) int64 {
	switch t := types.Underlying(t).(type) {
	case *types.Array:
		return t.Len * scalarCount(t.Elem)
	case *types.Vector:
		return int64(t.Len)
	case *types.Struct:
		n := int64(0)
		for _, f := range t.Fields {
			n += scalarCount(f.Type)
		}
		return n
	}
	return 1
}

// maxCompositeLen is the most constituents one OpConstantComposite holds
// (an instruction has at most 65535 words: opcode, type, result and these).
const maxCompositeLen = 65535 - 3

// constantsFit reports, once per variable, an initialized program-scope
// array whose constant would not fit a SPIR-V instruction.
func (fs *fnState) constantsFit(v *types.Var) bool {
	if v.Init == nil {
		return true
	}
	if n := longestArray(v.Type); n > maxCompositeLen {
		fs.errorf(v.At, "the initializer of '%s' has an array of %d elements; clgo emits constants of at most %d elements (an array this large does not fit a SPIR-V instruction yet)", v.Name, n, maxCompositeLen)
		return false
	}
	return true
}

// longestArray is the largest array length within t.
func longestArray(t types.Type) int64 {
	switch t := types.Underlying(t).(type) {
	case *types.Array:
		return max(t.Len, longestArray(t.Elem))
	case *types.Struct:
		n := int64(0)
		for _, f := range t.Fields {
			n = max(n, longestArray(f.Type))
		}
		return n
	}
	return 0
}
