package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// construct is an enclosing loop, switch or inlined call, for break,
// continue and return.
type construct struct {
	kind     int // ctlLoop, ctlSwitch, ctlCall
	merge    spirv.ID
	cont     spirv.ID
	frame    *frame
	usesFlag bool     // a return inside set the frame's flag and broke out
	exits    []*exit  // jumps that broke out of it on their way further (gotos.go)
	sm       *machine // the state machine whose dispatcher this is (machine.go)
	// exitFlag: a loop lowered with Options.LoopExitAtHeader; jumps to
	// merge store true here and go to cont (the latch) instead.
	exitFlag spirv.ID
}

const (
	ctlLoop = iota
	ctlSwitch
	ctlCall
)

// frame is an inlined call: where its returns go.
type frame struct {
	fn     *types.Func
	ret    *place   // the result variable (nil for void)
	flag   spirv.ID // Function bool variable "returned", made on demand
	wrap   *construct
	inLoop bool // the body is wrapped in a one-trip loop
}

func (fs *fnState) body(blk *syntax.BlockStmt) {
	if p := planMachine(blk); p != nil {
		// Only the statements from the first to the last one with a
		// label or a jump of the machine are in it.
		lo, hi := p.span(blk.Stmts)
		fs.stmts(blk.Stmts[:lo])
		fs.machine(blk.Stmts[lo:hi], p)
		fs.stmts(blk.Stmts[hi:])
		return
	}
	fs.stmts(blk.Stmts)
}

func (fs *fnState) stmts(list []syntax.Stmt) {
	if regs := gotoRegions(list); len(regs) > 0 {
		fs.stmtRange(list, regs, 0, len(list))
		return
	}
	for _, s := range list {
		if fs.dead {
			// Unreachable code after a jump: C allows it, nothing runs it.
			if !containsLabel(s) {
				continue
			}
		}
		fs.stmt(s)
	}
}

func containsLabel(s syntax.Stmt) bool {
	found := false
	inspect(s, func(n syntax.Node) {
		if _, ok := n.(*syntax.CaseStmt); ok {
			found = true
		}
	})
	return found
}

// jump ends the current block with a branch to target and marks the
// following code unreachable.
func (fs *fnState) jump(target spirv.ID) {
	for i := len(fs.ctl) - 1; i >= 0; i-- {
		if c := fs.ctl[i]; c.exitFlag != 0 && c.merge == target {
			fs.b.EmitIDs(spirv.OpStore, 0, c.exitFlag, fs.b.ConstantTrue(fs.boolT()))
			target = c.cont
			break
		}
	}
	fs.b.EmitIDs(spirv.OpBranch, 0, target)
	fs.dead = true
}

// startBlock begins a block at label, reachable again.
func (fs *fnState) startBlock(label spirv.ID) {
	fs.b.StartBlock(label)
	fs.dead = false
}

// branchTo ends the current block (if it is live) with a branch to target.
func (fs *fnState) branchTo(target spirv.ID) {
	if !fs.dead {
		fs.b.EmitIDs(spirv.OpBranch, 0, target)
	} else if _, blk := fs.b.Current(); !blk.Terminated() {
		fs.b.Emit(spirv.OpUnreachable, 0)
	}
}

func (fs *fnState) stmt(s syntax.Stmt) {
	fs.pos = s.Pos()
	b := fs.b
	// An unroll pragma applies to the statement right after it.
	hint := fs.pragmaHint
	fs.pragmaHint = unrollHint{}
	switch s := s.(type) {
	case *syntax.BlockStmt:
		fs.stmts(s.Stmts)
	case *syntax.DeclStmt:
		for _, d := range s.Decls {
			if vd, ok := d.(*syntax.VarDecl); ok {
				fs.varDecl(vd)
			}
		}
	case *syntax.ExprStmt:
		fs.exprStmt(s.X)
	case *syntax.PragmaStmt:
		if h, ok := parseUnrollPragma(s.Pragma.Text); ok {
			fs.pragmaHint = h
		} else {
			fs.pragmaHint = hint // other pragmas between it and its loop
		}
	case *syntax.EmptyStmt, *syntax.LabelStmt:
	case *syntax.IfStmt:
		c := fs.cond(s.Cond)
		then, merge := b.NewID(), b.NewID()
		els := merge
		if s.Else != nil {
			els = b.NewID()
		}
		b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
		b.EmitIDs(spirv.OpBranchConditional, 0, c, then, els)
		fs.startBlock(then)
		fs.stmt(s.Then)
		thenDead := fs.dead
		fs.branchTo(merge)
		elseDead := false
		if s.Else != nil {
			fs.startBlock(els)
			fs.stmt(s.Else)
			elseDead = fs.dead
			fs.branchTo(merge)
		}
		fs.startBlock(merge)
		if thenDead && elseDead {
			fs.dead = true
		}
	case *syntax.WhileStmt:
		fs.loop(nil, s.Cond, nil, s.Body, false)
	case *syntax.ForStmt:
		if fs.unrollFor(s, hint) {
			return
		}
		if s.Init != nil {
			fs.stmt(s.Init)
		}
		fs.loop(nil, s.Cond, s.Post, s.Body, false)
	case *syntax.DoStmt:
		fs.loop(nil, s.Cond, nil, s.Body, true)
	case *syntax.SwitchStmt:
		fs.switchStmt(s)
	case *syntax.BreakStmt:
		crossed := false
		for i := len(fs.ctl) - 1; i >= 0; i-- {
			switch c := fs.ctl[i]; {
			case fs.machineJump(c, false):
				return
			case c.kind == ctlGoto:
				crossed = true
			case c.kind != ctlCall && crossed:
				fs.crossJump(c, false)
				return
			case c.kind != ctlCall:
				fs.jump(c.merge)
				return
			}
		}
		fs.errorf(s.At, "'break' outside a loop or switch")
	case *syntax.ContinueStmt:
		crossed := false
		for i := len(fs.ctl) - 1; i >= 0; i-- {
			switch c := fs.ctl[i]; {
			case fs.machineJump(c, true):
				return
			case c.kind == ctlGoto:
				crossed = true
			case c.kind == ctlLoop && crossed:
				fs.crossJump(c, true)
				return
			case c.kind == ctlLoop:
				fs.jump(c.cont)
				return
			}
		}
		fs.errorf(s.At, "'continue' outside a loop")
	case *syntax.ReturnStmt:
		fs.returnStmt(s)
	case *syntax.GotoStmt:
		fs.gotoStmt(s)
	case *syntax.CaseStmt:
		// planMachine makes a switch with nested case labels a state machine.
		fs.errorf(s.At, "internal error: a case label nested in a statement outside a state machine")
	case *syntax.BadStmt:
	default:
		fs.errorf(s.Pos(), "unsupported statement")
	}
}

// exprStmt evaluates an expression for its effects.
func (fs *fnState) exprStmt(e syntax.Expr) {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		fs.exprStmt(x.X)
		return
	case *syntax.CommaExpr:
		fs.exprStmt(x.X)
		fs.exprStmt(x.Y)
		return
	}
	fs.rawExpr(e)
}

// loop lowers while, for and do-while loops:
//
//	header:   OpLoopMerge merge cont; branch check (body for do)
//	check:    cond; OpBranchConditional c body merge
//	body:     ...; branch cont
//	cont:     post (or the do-while condition); branch header
//	merge:
func (fs *fnState) loop(_ syntax.Stmt, cond, post syntax.Expr, body syntax.Stmt, do bool) {
	if fs.opts.LoopExitAtHeader {
		fs.loopExitAtHeader(cond, post, body, do)
		return
	}
	b := fs.b
	header, bodyL, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	c := &construct{kind: ctlLoop, merge: merge, cont: cont}
	if do {
		b.EmitIDs(spirv.OpBranch, 0, bodyL)
	} else {
		check := b.NewID()
		b.EmitIDs(spirv.OpBranch, 0, check)
		fs.startBlock(check)
		if cond == nil {
			b.EmitIDs(spirv.OpBranch, 0, bodyL)
		} else {
			cv := fs.cond(cond)
			b.EmitIDs(spirv.OpBranchConditional, 0, cv, bodyL, merge)
		}
	}
	fs.startBlock(bodyL)
	fs.ctl = append(fs.ctl, c)
	fs.stmt(body)
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.branchTo(cont)
	fs.startBlock(cont)
	switch {
	case do:
		cv := fs.cond(cond)
		b.EmitIDs(spirv.OpBranchConditional, 0, cv, header, merge)
	default:
		if post != nil {
			fs.exprStmt(post)
		}
		b.EmitIDs(spirv.OpBranch, 0, header)
	}
	fs.startBlock(merge)
	fs.afterBreakable(c)
}

// afterBreakable re-checks the returned flag after a loop or switch that
// a return inside an inlined function broke out of.
func (fs *fnState) afterBreakable(c *construct) {
	fs.afterExits(c)
	if !c.usesFlag || fs.frame == nil {
		return
	}
	b := fs.b
	f := fs.frame
	flag := b.EmitIDs(spirv.OpLoad, fs.boolT(), f.flag)
	out, merge := b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, flag, out, merge)
	fs.startBlock(out)
	fs.leaveToFrame()
	fs.startBlock(merge)
}

// leaveToFrame branches out of the innermost breakable construct towards
// the current frame's end: straight to the wrapper's merge when it is the
// innermost one, else by setting the flag and breaking.
func (fs *fnState) leaveToFrame() {
	f := fs.frame
	for i := len(fs.ctl) - 1; i >= 0; i-- {
		c := fs.ctl[i]
		if c == f.wrap {
			fs.jump(c.merge)
			return
		}
		if c.kind == ctlLoop || c.kind == ctlSwitch || c.kind == ctlGoto {
			fs.passMachine(c)
			if f.flag == 0 {
				f.flag = fs.b.LocalVariable(fs.b.TypePointer(spirv.StorageClassFunction, fs.boolT()), fs.b.ConstantFalse(fs.boolT()))
			}
			fs.b.EmitIDs(spirv.OpStore, 0, f.flag, fs.b.ConstantTrue(fs.boolT()))
			c.usesFlag = true
			fs.jump(c.merge)
			return
		}
	}
	fs.errorf(fs.pos, "internal error: return outside its function")
}

func (fs *fnState) returnStmt(s *syntax.ReturnStmt) {
	if fs.frame == nil {
		if s.Result != nil {
			fs.expr(s.Result)
		}
		fs.b.Emit(spirv.OpReturn, 0)
		fs.dead = true
		return
	}
	f := fs.frame
	if s.Result != nil {
		v := fs.expr(s.Result)
		if f.ret != nil {
			if v.ptr != nil {
				fs.storeRetPtr(f, v)
			} else if v.id != 0 {
				fs.store(f.ret, v.id)
			}
		}
	}
	if f.wrap == nil {
		// A return at the end of a function without a wrapper.
		fs.dead = true
		return
	}
	if f.flag != 0 {
		fs.b.EmitIDs(spirv.OpStore, 0, f.flag, fs.b.ConstantTrue(fs.boolT()))
	}
	fs.leaveToFrame()
}

// switchStmt lowers a switch whose case labels are at the top level of its
// body: one block per group of labels, falling through to the next.
func (fs *fnState) switchStmt(s *syntax.SwitchStmt) {
	b := fs.b
	tag := fs.expr(s.Tag)
	body, ok := s.Body.(*syntax.BlockStmt)
	if !ok {
		// switch (x) stmt; with no case label in stmt (those in one are
		// nested, machine.go): stmt never runs.
		body = &syntax.BlockStmt{At: s.Body.Pos(), Stmts: []syntax.Stmt{s.Body}}
	}
	type group struct {
		label spirv.ID
		stmts []syntax.Stmt
	}
	var groups []*group
	var cur *group
	merge := b.NewID()
	def := merge
	var cases []uint32
	wide := types.ElemKind(tag.t).Size() == 8
	sel := tag.id
	if !wide && types.ElemKind(tag.t).Size() < 4 {
		sel = fs.convKinds(tag.id, tag.t, types.ElemKind(tag.t), types.Int)
	}
	var pre []syntax.Stmt
	for _, st := range body.Stmts {
		if cs, ok := st.(*syntax.CaseStmt); ok {
			if cur == nil || len(cur.stmts) > 0 {
				cur = &group{label: b.NewID()}
				groups = append(groups, cur)
			}
			if cs.Value == nil {
				def = cur.label
				continue
			}
			tv := fs.info.Types[cs.Value]
			if !tv.IsConst() {
				fs.errorf(cs.At, "case label is not a constant")
				continue
			}
			v := tv.Value.Uint64()
			if wide {
				cases = append(cases, uint32(v), uint32(v>>32), uint32(cur.label))
			} else {
				cases = append(cases, uint32(v), uint32(cur.label))
			}
			continue
		}
		if cur == nil {
			pre = append(pre, st)
			continue
		}
		cur.stmts = append(cur.stmts, st)
	}
	for _, st := range pre {
		if _, ok := st.(*syntax.DeclStmt); !ok {
			if containsLabel(st) {
				fs.errorf(st.Pos(), "internal error: a case label nested in a statement outside a state machine")
			}
		}
		// Declarations before the first label are in scope but never
		// initialized; other statements there never run.
		if ds, ok := st.(*syntax.DeclStmt); ok {
			for _, d := range ds.Decls {
				if vd, ok := d.(*syntax.VarDecl); ok {
					if v, ok := fs.info.Defs[vd].(*types.Var); ok {
						fs.bind(v)
					}
				}
			}
		}
	}
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.Emit(spirv.OpSwitch, 0, append([]uint32{uint32(sel), uint32(def)}, cases...)...)
	c := &construct{kind: ctlSwitch, merge: merge}
	fs.ctl = append(fs.ctl, c)
	for i, g := range groups {
		fs.startBlock(g.label)
		fs.stmts(g.stmts)
		next := merge
		if i+1 < len(groups) {
			next = groups[i+1].label
		}
		fs.branchTo(next)
	}
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.startBlock(merge)
	fs.afterBreakable(c)
}

// varDecl declares a block-scope variable and runs its initializer.
func (fs *fnState) varDecl(d *syntax.VarDecl) {
	v, ok := fs.info.Defs[d].(*types.Var)
	if !ok {
		return
	}
	if isSamplerType(v.Type) {
		fs.samplerDecl(v, d)
		return
	}
	if v.Kind == types.KernelLocal || v.Kind == types.GlobalVar || v.Static {
		fs.bind(v)
		return
	}
	if d.Init == nil {
		fs.bind(v)
		return
	}
	if il, ok := d.Init.(*syntax.InitList); ok {
		bd := fs.bind(v)
		if isPointer(v.Type) {
			// A scalar in braces: int *p = {q};
			in := fs.info.Inits[il]
			for in != nil && in.Expr == nil && len(in.Elems) == 1 {
				in = in.Elems[0]
			}
			if in != nil && in.Expr != nil {
				val := fs.expr(in.Expr)
				if bd.pl != nil {
					fs.storeValue(bd.pl, val)
				} else if val.ptr != nil {
					fs.storePtrVar(v, val.ptr)
				}
			}
			return
		}
		fs.initialize(bd.pl, fs.info.Inits[il])
		return
	}
	if lit, ok := unparenExpr(d.Init).(*syntax.BasicLit); ok && lit.Kind == syntax.StringLit && isArray(v.Type) {
		bd := fs.bind(v)
		fs.initialize(bd.pl, &types.Init{Type: v.Type, Expr: d.Init})
		return
	}
	val := fs.expr(d.Init)
	if isPointer(v.Type) {
		if !fs.an.mutable[v] && fs.objs[v] == nil {
			vv := val
			vv.t = v.Type
			fs.vars[v] = &binding{val: &vv}
			return
		}
		if bd := fs.bind(v); bd.pl != nil {
			fs.storeValue(bd.pl, val)
		} else if val.ptr != nil {
			fs.storePtrVar(v, val.ptr)
		}
		return
	}
	if !fs.an.mutable[v] && fs.objs[v] == nil && val.id != 0 {
		if _, isArr := types.Underlying(v.Type).(*types.Array); !isArr {
			vv := val
			vv.t = v.Type
			fs.vars[v] = &binding{val: &vv}
			return
		}
	}
	bd := fs.bind(v)
	if bd.pl != nil {
		fs.storeValue(bd.pl, val)
	}
}

// zeroLoop zeroes array place p of type t with a loop over its elements,
// storing OpConstantNull into each (an element of more than zeroStoreMax
// scalars by a nested loop, or field by field): constant code for any
// length. The host driver's executors store a constant of at most
// zeroStoreMax scalars anywhere (a larger one only in a kernel's first
// block), and lavapipe takes minutes to compile a store of int[5000]'s
// OpConstantNull. The loop carries its counter in a Function variable,
// which SSA construction makes a phi; it leaves only from the block after
// its header, as Options.LoopExitAtHeader wants, and on a device with a
// loop limiter its passes count as any loop's (the kernel's probe reports
// a cut, looplimit.go).
func (fs *fnState) zeroLoop(p *place, t *types.Array) {
	b := fs.b
	u32T := fs.uint32T()
	ctr := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u32T))
	b.EmitIDs(spirv.OpStore, 0, ctr, fs.u32(0))
	header, check, bodyL, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	fs.startBlock(check)
	i := b.EmitIDs(spirv.OpLoad, u32T, ctr)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, fs.boolT(), i, fs.u32(uint32(t.Len))), bodyL, merge)
	fs.startBlock(bodyL)
	fs.initialize(fs.index(p, i, t.Elem), nil)
	fs.branchTo(cont)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpStore, 0, ctr, fs.addConst(i, 1))
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)
}

// initialize stores a normalised initializer into a place.
func (fs *fnState) initialize(p *place, in *types.Init) {
	if in == nil {
		if scalarCount(p.t) > zeroStoreMax {
			switch t := types.Underlying(p.t).(type) {
			case *types.Array:
				fs.zeroLoop(p, t)
				return
			case *types.Struct:
				if !t.Union {
					for i := range t.Fields {
						fs.initialize(fs.member(p, []int{i}), nil)
					}
					return
				}
			}
		}
		fs.store(p, fs.b.ConstantNull(fs.valType(p.t)))
		return
	}
	if in.Expr != nil {
		// A string literal initializes a char array with its characters,
		// a pointer (an element of char *names[]) with its address.
		if lit, ok := unparenExpr(in.Expr).(*syntax.BasicLit); ok && lit.Kind == syntax.StringLit && isArray(p.t) {
			fs.store(p, fs.stringConst(p.t, lit.Value))
			return
		}
		fs.storeValue(p, fs.expr(in.Expr))
		return
	}
	switch t := types.Underlying(p.t).(type) {
	case *types.Array:
		given := int64(0)
		for _, e := range in.Elems {
			if e != nil {
				given++
			}
		}
		partial := int64(len(in.Elems)) < t.Len || t.Len > zeroStoreMin && given < t.Len
		big := scalarCount(t) > zeroStoreMax
		if partial && (p.kind == pChain || big) {
			// A partial initializer ({1} for int a[1 << 20]): zero the
			// whole array, then store the elements given (the checker
			// lists every element, nil for zero: per element, int
			// a[1000000] = {0} was a million stores and 26 s of
			// compiling). Up to zeroStoreMax scalars one store of
			// OpConstantNull; larger arrays by a loop (zeroLoop).
			if big {
				fs.zeroLoop(p, t)
			} else {
				fs.store(p, fs.b.ConstantNull(fs.valType(p.t)))
			}
			for i, e := range in.Elems {
				if e != nil {
					fs.initialize(fs.index(p, fs.u32(uint32(i)), t.Elem), e)
				}
			}
			return
		}
		if t.Len > maxInitElems {
			fs.errorf(fs.pos, "initializer of an array of %d elements is too large (clgo initializes at most %d here)", t.Len, maxInitElems)
			panic(bailout{})
		}
		for i := int64(0); i < t.Len; i++ {
			q := fs.index(p, fs.u32(uint32(i)), t.Elem)
			var e *types.Init
			if int(i) < len(in.Elems) {
				e = in.Elems[i]
			}
			fs.initialize(q, e)
		}
	case *types.Struct:
		if t.Union {
			fs.store(p, fs.b.ConstantNull(fs.valType(p.t)))
			for i, e := range in.Elems {
				if e != nil && i < len(t.Fields) {
					fs.initialize(fs.member(p, []int{i}), e)
				}
			}
			return
		}
		for i := range t.Fields {
			var e *types.Init
			if i < len(in.Elems) {
				e = in.Elems[i]
			}
			fs.initialize(fs.member(p, []int{i}), e)
		}
	case *types.Vector:
		parts := make([]spirv.ID, t.Len)
		for i := range parts {
			parts[i] = fs.constOf(t.Elem, 0)
			if i < len(in.Elems) && in.Elems[i] != nil && in.Elems[i].Expr != nil {
				parts[i] = fs.expr(in.Elems[i].Expr).id
			}
		}
		fs.store(p, fs.construct(t, parts))
	default:
		fs.store(p, fs.b.ConstantNull(fs.valType(p.t)))
	}
}
