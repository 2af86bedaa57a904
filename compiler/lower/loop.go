package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/spirv"
)

// loopExitAtHeader lowers while, for and do-while loops so that they
// leave only from the block right after the header, on a flag
// (Options.LoopExitAtHeader):
//
//	          exit = false; (while, for) exit = !cond
//	header:   OpLoopMerge merge latch; branch check
//	check:    OpBranchConditional exit merge body
//	body:     ...; branch latch   (break: exit = true; branch latch)
//	latch:    OpSelectionMerge latchEnd; exit? latchEnd : latchPost
//	latchPost: post; exit = !cond; branch latchEnd
//	latchEnd: branch header
//	merge:
//
// The condition is evaluated before the loop and in the latch (its code
// is emitted twice), never on the way out, so every value the code after
// the loop reads reaches it through the header, where SSA construction
// (clgo's mem2reg, or the driver's own) makes it a phi, which every SIMD
// implementation keeps per work-item. `continue` goes to the latch with
// exit false, which runs post and the condition.
func (fs *fnState) loopExitAtHeader(cond, post syntax.Expr, body syntax.Stmt, do bool) {
	b := fs.b
	boolT := fs.boolT()
	exit := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, boolT), b.ConstantFalse(boolT))
	setExit := func() {
		if cond == nil {
			b.EmitIDs(spirv.OpStore, 0, exit, b.ConstantFalse(boolT))
			return
		}
		b.EmitIDs(spirv.OpStore, 0, exit, b.EmitIDs(spirv.OpLogicalNot, boolT, fs.cond(cond)))
	}
	if do {
		b.EmitIDs(spirv.OpStore, 0, exit, b.ConstantFalse(boolT))
	} else {
		setExit()
	}
	header, check, bodyL, latch, latchPost, latchEnd, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(latch), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	fs.startBlock(check)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpLoad, boolT, exit), merge, bodyL)
	c := &construct{kind: ctlLoop, merge: merge, cont: latch, exitFlag: exit}
	fs.startBlock(bodyL)
	fs.ctl = append(fs.ctl, c)
	fs.stmt(body)
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.branchTo(latch)
	fs.startBlock(latch)
	left := b.EmitIDs(spirv.OpLoad, boolT, exit)
	b.Emit(spirv.OpSelectionMerge, 0, uint32(latchEnd), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, left, latchEnd, latchPost)
	fs.startBlock(latchPost)
	if post != nil {
		fs.exprStmt(post)
	}
	setExit()
	fs.branchTo(latchEnd)
	fs.startBlock(latchEnd)
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)
	fs.afterBreakable(c)
}
