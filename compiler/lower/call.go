package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// call lowers a call: builtins by their lowering, user functions inlined.
func (fs *fnState) call(x *syntax.CallExpr, t types.Type) value {
	c := fs.info.Calls[x]
	switch {
	case c.Builtin != nil:
		return fs.builtin(x, c.Builtin, t)
	case c.Func != nil:
		return fs.inline(x, c.Func, t)
	}
	fs.errorf(x.At, "calls through function pointers are not supported")
	return fs.undef(t)
}

// inline lowers a user function call by lowering the callee's body in
// place. A return other than the body's last statement needs the body
// wrapped in a one-trip loop, so that it can branch (or break, setting the
// "returned" flag) to the loop's merge.
func (fs *fnState) inline(x *syntax.CallExpr, f *types.Func, t types.Type) value {
	if f.Decl == nil || f.Decl.Body == nil {
		fs.errorf(x.At, "function '%s' is declared but never defined", f.Name)
		return fs.undef(t)
	}
	if len(fs.ctlStack()) > 200 {
		fs.errorf(x.At, "calls nest too deeply")
		return fs.undef(t)
	}
	fs.inlineBudget(x)
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = fs.expr(a)
	}
	return fs.inlineArgs(args, f, t)
}

// inlineArgs inlines f's body with the arguments already evaluated.
func (fs *fnState) inlineArgs(args []value, f *types.Func, t types.Type) value {
	saved := map[*types.Var]*binding{}
	for i, p := range f.Params {
		saved[p] = fs.vars[p]
		if i >= len(args) {
			continue
		}
		a := args[i]
		a.t = p.Type
		switch {
		case fs.objs[p] != nil:
			delete(fs.vars, p)
			bd := fs.bind(p)
			fs.storeValue(bd.pl, a)
		case isPointer(p.Type) && fs.an.mutable[p]:
			delete(fs.vars, p)
			fs.bind(p)
			if a.ptr != nil {
				fs.storePtrVar(p, a.ptr)
			}
		case fs.an.mutable[p]:
			pl := fs.newVar(p.Type, p.Name)
			fs.storeValue(pl, a)
			fs.vars[p] = &binding{pl: pl}
		default:
			aa := a
			fs.vars[p] = &binding{val: &aa}
		}
	}
	fr := &frame{fn: f}
	var retPtr *types.Var
	if !types.IsVoid(f.Sig.Result) {
		if isPointer(f.Sig.Result) {
			// A pointer result lives in pointer slots like a variable.
			retPtr = &types.Var{Name: f.Name + ".ret", Type: f.Sig.Result}
			fs.an.pts[retPtr] = fs.an.ret[f]
			fr.ret = &place{t: f.Sig.Result}
			fs.frameRet[fr] = retPtr
		} else {
			fr.ret = fs.newVar(f.Sig.Result, f.Name+".ret")
		}
	}
	saveFrame, saveTargets, saveSM := fs.frame, fs.gotoTargets, fs.sm
	fs.frame, fs.gotoTargets, fs.sm = fr, nil, nil
	b := fs.b
	if needsWrap(f.Decl.Body) {
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
		fs.body(f.Decl.Body)
		fs.ctl = fs.ctl[:len(fs.ctl)-1]
		fs.branchTo(merge)
		fs.startBlock(cont)
		b.EmitIDs(spirv.OpBranch, 0, header)
		fs.startBlock(merge)
	} else {
		fs.body(f.Decl.Body)
		if fs.dead {
			if _, blk := b.Current(); !blk.Terminated() {
				// The body ended with its return: carry on in a new block.
				next := b.NewID()
				b.EmitIDs(spirv.OpBranch, 0, next)
				fs.startBlock(next)
			} else {
				fs.startBlock(b.NewID())
				b.Emit(spirv.OpUnreachable, 0)
				fs.dead = true
			}
		}
	}
	fs.frame, fs.gotoTargets, fs.sm = saveFrame, saveTargets, saveSM
	for p, bd := range saved {
		if bd == nil {
			delete(fs.vars, p)
		} else {
			fs.vars[p] = bd
		}
	}
	if fr.ret == nil {
		return value{t: t}
	}
	if retPtr != nil {
		v := fs.varValue(retPtr)
		v.t = t
		return v
	}
	return value{t: t, id: fs.load(fr.ret)}
}

func (fs *fnState) ctlStack() []*construct { return fs.ctl }

// storeRetPtr stores a returned pointer in the frame's result slots.
func (fs *fnState) storeRetPtr(f *frame, v value) {
	if rv := fs.frameRet[f]; rv != nil {
		fs.storePtrVar(rv, v.ptr)
	}
}

// needsWrap reports whether a function body has a return other than its
// last statement.
func needsWrap(body *syntax.BlockStmt) bool {
	n := 0
	inspect(body, func(x syntax.Node) {
		if _, ok := x.(*syntax.ReturnStmt); ok {
			n++
		}
	})
	if n == 0 {
		return false
	}
	if planMachine(body) != nil {
		return true // its returns are inside the state machine's loop
	}
	if n == 1 && len(body.Stmts) > 0 {
		if _, ok := body.Stmts[len(body.Stmts)-1].(*syntax.ReturnStmt); ok {
			return false
		}
	}
	return true
}
