package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/spirv"
)

// Reporting a device's loop limiter (Options.LoopLimitCheck).
//
// Mesa's llvmpipe (and so lavapipe) gives every shader invocation one
// counter, shared by every loop of the shader after inlining: each pass
// over any loop's back edge decrements it, and when it reaches zero the
// loop is left as if it had ended (LP_MAX_TGSI_LOOP_ITERATIONS, 65535, in
// gallivm's lp_exec_endloop). The counter belongs to the SIMD batch of
// invocations running together; it is never reset, so after it ran out
// every later loop makes one pass. No rewriting of the loops escapes it
// (splitting or nesting loops only spends the same counter), and the
// device reports success: results are silently wrong.
//
// What the emitted code can do is notice. Before each return of a kernel
// that has loops, a probe loop makes k passes, k = 2 + (a word of the
// printf buffer & 1), a count the device's compiler cannot know. It
// completes its passes only if the counter had not run out; otherwise it
// stops after one, and the kernel writes a PrintfLoopLimit record into the
// printf buffer, which the runtime turns into an error on the dispatch.
// Every invocation cut short runs a probe after the cut, so none is
// missed. A batch that came within three passes of the limit without
// being cut short is reported too (the probe cannot tell it apart; each
// loop spends one pass more than its iterations, on its final test): on
// lavapipe a single loop of 65533 iterations or more fails.
//
// Probes stay out of loops: llvmpipe runs every block whatever its mask,
// so a probe inside a loop would spend a pass of the counter on every
// iteration of that loop. A kernel that returns from inside a loop has
// its body lowered as an inlined call's is (a one-trip loop whose returns
// set a flag and break out), so that every return reaches the probe
// after it.
//
// Kernels that call printf share the buffer with it; otherwise the module's
// printf buffer is small (loopLimitBufferSize), since the only records are
// the one-word reports.

// PrintfLoopLimit is the record id a kernel leaves in the printf buffer
// when the device's loop limiter may have cut one of its loops short.
const PrintfLoopLimit = 0xfffffffe

// loopLimitBufferSize is the printf buffer's size in a module whose
// kernels do not call printf: the cursor, 14 one-word reports and the sink.
const loopLimitBufferSize = 64

// kernelBody lowers the kernel's body; when it returns from inside a
// loop, as the body of an inlined call (see call.go), so that the returns
// leave by the end of the body.
func (fs *fnState) kernelBody(body *syntax.BlockStmt) {
	if !fs.opts.LoopLimitCheck || !returnInLoop(body) {
		fs.body(body)
		return
	}
	b := fs.b
	fr := &frame{fn: fs.k}
	fs.frame = fr
	header, bodyL, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID()
	fr.flag = b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, fs.boolT()))
	b.EmitIDs(spirv.OpStore, 0, fr.flag, b.ConstantFalse(fs.boolT()))
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, bodyL)
	c := &construct{kind: ctlCall, merge: merge, cont: cont, frame: fr}
	fr.wrap = c
	fs.startBlock(bodyL)
	fs.ctl = append(fs.ctl, c)
	fs.body(body)
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.branchTo(merge)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)
	fs.frame = nil
}

// returnInLoop reports whether body has a return statement inside a loop.
func returnInLoop(body *syntax.BlockStmt) bool {
	found := false
	if planMachine(body) != nil {
		// The whole body is inside the state machine's loop.
		inspect(body, func(n syntax.Node) {
			if _, ok := n.(*syntax.ReturnStmt); ok {
				found = true
			}
		})
		return found
	}
	inspect(body, func(n syntax.Node) {
		switch n.(type) {
		case *syntax.ForStmt, *syntax.WhileStmt, *syntax.DoStmt:
			inspect(n, func(m syntax.Node) {
				if _, ok := m.(*syntax.ReturnStmt); ok {
					found = true
				}
			})
		}
	})
	return found
}

// checkLoopLimiter puts the probe before every return of the kernel being
// lowered (fs.fn), when it has a loop or calls a library function that has
// one.
func (fs *fnState) checkLoopLimiter() {
	fn := fs.fn
	var rets []*spirv.Block
	loops := fs.hasLoop(fn) // its own or a library function's it calls
	for _, blk := range fn.Blocks {
		if n := len(blk.Insts); n > 0 && blk.Insts[n-1].Op == spirv.OpReturn {
			rets = append(rets, blk)
		}
	}
	if !loops {
		return
	}
	b := fs.b
	_, cur := b.Current()
	for _, blk := range rets {
		blk.Insts = blk.Insts[:len(blk.Insts)-1]
		b.SetInsertPoint(fn, blk)
		fs.loopLimitProbe()
		b.Emit(spirv.OpReturn, 0)
	}
	b.SetInsertPoint(fn, cur)
	fs.kref.Flags |= spirv.KernelMayUsePrintf
}

// loopLimitProbe emits, at the current point:
//
//	c = 0; while (c < (k = 2 + (atomic load of the printf cursor & 1))) c++;
//	if (c != k) report PrintfLoopLimit;
//
// The shape matters on llvmpipe: with the test at the top and k loaded
// anew in every pass, Mesa can neither unroll the loop (k has no bound
// it can see as a trip count) nor fold the test after it (c != k is not
// the loop's condition); a do-while shape kept making two passes after
// the counter ran out.
func (fs *fnState) loopLimitProbe() {
	b := fs.b
	u := fs.uint32T()
	buf := fs.gv(fs.printfBuffer())
	_, pre := b.Current()
	header, check, body, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	c, c1 := b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	b.StartBlock(header)
	b.EmitInst(&spirv.Instruction{Op: spirv.OpPhi, ResultType: u, Result: c,
		Operands: []uint32{uint32(fs.u32(0)), uint32(pre.Label), uint32(c1), uint32(cont)}})
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	b.StartBlock(check)
	cursor := b.EmitIDs(spirv.OpAccessChain, b.TypePointer(spirv.StorageClassStorageBuffer, u), buf, fs.u32(0), fs.u32(0))
	v := b.EmitIDs(spirv.OpAtomicLoad, u, cursor, fs.u32(uint32(spirv.ScopeDevice)), fs.u32(0))
	k := b.EmitIDs(spirv.OpIAdd, u, fs.u32(2), b.EmitIDs(spirv.OpBitwiseAnd, u, v, fs.u32(1)))
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, fs.boolT(), c, k), body, merge)
	b.StartBlock(body)
	b.EmitIDs(spirv.OpBranch, 0, cont)
	b.StartBlock(cont)
	b.EmitInst(&spirv.Instruction{Op: spirv.OpIAdd, ResultType: u, Result: c1, Operands: []uint32{uint32(c), uint32(fs.u32(1))}})
	b.EmitIDs(spirv.OpBranch, 0, header)
	b.StartBlock(merge)
	cut := b.EmitIDs(spirv.OpINotEqual, fs.boolT(), c, k)
	report, done := b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(done), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, cut, report, done)
	b.StartBlock(report)
	fs.printfRecord(PrintfLoopLimit, nil)
	b.EmitIDs(spirv.OpBranch, 0, done)
	b.StartBlock(done)
}

// programCallsPrintf reports whether any kernel of the program calls
// printf (the printf buffer then has its full size).
func (l *lowerer) programCallsPrintf() bool {
	for _, k := range l.pkg.Kernels {
		if l.builtinCalls(k)["printf"] {
			return true
		}
	}
	return false
}
