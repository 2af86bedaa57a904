package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Program-scope __global variables in a physical module lie in the
// program's buffer as in logical mode (progvars.go), but the kernels reach
// it through its device address, in push constants: clspv's
// ProgramScopeVariablePointerPushConstant (docs/physical.md §4), at the
// same offset in every kernel (pushLayout.progBase).

// programVarPlace is the place of program-scope variable v: global
// memory at the buffer's address plus v's offset.
func (fs *fnState) programVarPlace(v *types.Var) *place {
	fs.programVarData(v)
	addr, ok := fs.progAddr[v]
	if !ok {
		fs.errorf(fs.pos, "internal error: program-scope variables' push constant missing")
		return fs.physPlace(fs.u64(0), v.Type, 1)
	}
	return fs.physPlace(addr, v.Type, fs.progVarAlign(v))
}

// pointerInitPhys checks the initializer of a program-scope variable
// holding a pointer: only NULL (zeros) is supported, since the buffer's
// address is known only when the program runs.
func (fs *fnState) pointerInitPhys(v *types.Var) {
	if in := fs.initOf(v); in != nil && in.Expr != nil {
		if tv := fs.info.Types[unparenExpr(in.Expr)]; tv.IsConst() && tv.Value.IsZero() {
			return
		}
	}
	if _, ok := v.Init.(*syntax.InitList); ok || v.Init != nil {
		fs.errorf(v.At, "program-scope pointer '%s' may be initialized only with NULL under physical addressing; initialize it in a kernel", v.Name)
		panic(bailout{})
	}
}

// programVarAddrs loads the program's buffer address from push constants
// and computes each variable's address, in the kernel's first block (the
// push constants are declared there), so that they dominate every use.
func (fs *fnState) programVarAddrs() {
	b, u64 := fs.b, fs.uint64T()
	p := b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u64), fs.gv(fs.pcVar), fs.u32(uint32(fs.pcProgBase)))
	base := b.EmitIDs(spirv.OpLoad, u64, p)
	fs.layoutProgramVars()
	fs.progAddr = map[*types.Var]spirv.ID{}
	for v, off := range fs.pv.off {
		fs.progAddr[v] = fs.addrConst(base, int64(off))
	}
}

// finishProgramVarsPhys reflects the program's buffer as its address in
// push constants, with its initial bytes.
func (l *lowerer) finishProgramVarsPhys() {
	off := uint32(max(l.pc.progBase, 0))
	l.refl.ProgramScopeVariables = &spirv.ProgramScopeVariables{PushConstant: true, Offset: off, Size: 8, Data: l.pv.data}
}
