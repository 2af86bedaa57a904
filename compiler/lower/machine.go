package lower

// The state machine: how a function body is lowered when it has jumps
// that structured control flow cannot express as they are written (a goto
// into a block, case labels nested in statements of their switch; see
// machineplan.go). Such control flow may be irreducible, so the body
// becomes a loop over a switch on a state variable, the relooper's
// fallback:
//
//	         state = 1; branch header
//	header:   OpLoopMerge merge cont; branch dispatch
//	dispatch: OpSelectionMerge next; OpSwitch state next 1 B1 2 B2 ...
//	Bk:       the code of state k; state = k'; branch next
//	next:     branch cont
//	cont:     OpBranchConditional (state == 0) merge header
//	merge:
//
// The states are the labels gotos name, the case labels of opened
// switches, and the points where taken-apart ifs and loops join or loop
// back. Statements without a state inside stay structured code inside a
// state, so loops without labels keep their own loop constructs. A jump
// to a state stores it and branches to the dispatcher's next; from inside
// structured constructs of its state it leaves them one at a time through
// a flag, as a goto leaves a region (exit in gotos.go). Code that runs on
// into the next state falls through to its case (OpSwitch's cases are in
// the order the states are emitted), without a pass of the loop. Points
// reached by one path only (the end of an if whose branches do not jump,
// the end of do { } while (0)) are no states: the code goes on in the
// same block.
//
// A state does not dominate the next one, so the locals of such a
// function live in Function variables (analysis.fn), and every
// declaration skipped by a jump still binds its variable.
//
// A barrier inside the machine is refused: the dispatcher is a loop with
// a switch on a variable, and clgo does not prove that every work-item
// takes the same states to the barrier (OpenCL requires barriers in
// convergent control flow).

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// machine is the state machine of the function body being lowered.
type machine struct {
	plan    *machinePlan
	state   spirv.ID           // Function uint: the next state, 0 to leave
	sw      *spirv.Instruction // the dispatching OpSwitch; its cases are set last (setCases)
	blocks  []spirv.ID         // blocks[k-1]: the first block of state k
	begun   []bool
	order   []uint32   // the states in the order their code is emitted
	c       *construct // the dispatcher, on fs.ctl
	exit    *exit      // a jump to a state in progress
	labels  map[string]*state
	cases   map[*syntax.CaseStmt]*state
	targets []*jumpTarget // the opened loops and switches around the current point
}

// state is a state of the machine, numbered when first needed (n == 0
// until then).
type state struct{ n uint32 }

// jumpTarget is an opened loop or switch: where break and continue go.
type jumpTarget struct {
	loop      bool
	brk, cont *state
}

// num returns st's number, numbering it if it has none yet.
func (m *machine) num(b *spirv.Builder, st *state) uint32 {
	if st.n == 0 {
		m.blocks = append(m.blocks, b.NewID())
		m.begun = append(m.begun, false)
		st.n = uint32(len(m.blocks))
	}
	return st.n
}

// setCases sets the dispatcher's cases: every state, in the order their code
// was emitted, so that a state whose code runs on into the next one falls
// through to the case right after its own, as OpSwitch allows.
func (m *machine) setCases() {
	ops := m.sw.Operands[:2]
	for _, n := range m.order {
		ops = append(ops, n, uint32(m.blocks[n-1]))
	}
	m.sw.Operands = ops
}

// target returns the state a break (cont false) or continue goes to, nil
// when its loop or switch is not one the machine took apart.
func (m *machine) target(cont bool) *state {
	for i := len(m.targets) - 1; i >= 0; i-- {
		t := m.targets[i]
		if !cont {
			return t.brk
		}
		if t.loop {
			return t.cont
		}
	}
	return nil
}

// machine lowers the statements list of a function body, whose plan is
// p, as a state machine.
func (fs *fnState) machine(list []syntax.Stmt, p *machinePlan) {
	b := fs.b
	if _, blk := b.Current(); fs.dead && blk.Terminated() {
		fs.startBlock(b.NewID()) // unreachable, but a block to branch from
	}
	u := fs.uint32T()
	m := &machine{plan: p, labels: map[string]*state{}, cases: map[*syntax.CaseStmt]*state{},
		sw: &spirv.Instruction{Op: spirv.OpSwitch, Operands: []uint32{0, 0}}}
	for name := range p.labels {
		m.labels[name] = &state{}
	}
	for _, cs := range p.switches {
		for _, c := range cs {
			m.cases[c] = &state{}
		}
	}
	m.state = b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u))
	b.Name(m.state, "state")
	start := &state{}
	b.EmitIDs(spirv.OpStore, 0, m.state, fs.u32(m.num(b, start)))
	header, dispatch, next, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, dispatch)
	fs.startBlock(dispatch)
	sel := b.EmitIDs(spirv.OpLoad, u, m.state)
	b.Emit(spirv.OpSelectionMerge, 0, uint32(next), uint32(spirv.SelectionControlNone))
	m.sw.Operands[0], m.sw.Operands[1] = uint32(sel), uint32(next)
	b.EmitInst(m.sw)
	fs.dead = true
	c := &construct{kind: ctlGoto, merge: next, cont: cont, sm: m}
	m.c, m.exit = c, &exit{to: c}
	savedM, savedWhy, savedWhyAt := fs.sm, fs.smWhy, fs.smWhyAt
	fs.sm = m
	if fs.smWhy == "" {
		fs.smWhy, fs.smWhyAt = p.why, p.whyAt
	}
	fs.ctl = append(fs.ctl, c)
	fs.smPlace(start, true)
	for _, x := range list {
		fs.smStmt(x)
	}
	if !fs.dead {
		fs.smGo(fs.u32(0))
	}
	fs.endDead()
	for i, begun := range m.begun {
		if !begun {
			// A state numbered but never reached in the walk (a bug):
			// keep the module valid.
			m.order = append(m.order, uint32(i+1))
			fs.startBlock(m.blocks[i])
			b.Emit(spirv.OpUnreachable, 0)
			fs.errorf(fs.pos, "internal error: a state of the state machine has no code")
		}
	}
	m.setCases()
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.sm, fs.smWhy, fs.smWhyAt = savedM, savedWhy, savedWhyAt
	fs.startBlock(next)
	b.EmitIDs(spirv.OpBranch, 0, cont)
	fs.startBlock(cont)
	s := b.EmitIDs(spirv.OpLoad, u, m.state)
	done := b.EmitIDs(spirv.OpIEqual, fs.boolT(), s, fs.u32(0))
	b.EmitIDs(spirv.OpBranchConditional, 0, done, merge, header)
	fs.startBlock(merge)
	fs.afterBreakable(c)
}

// endDead ends an unreachable block that has no terminator yet.
func (fs *fnState) endDead() {
	if _, blk := fs.b.Current(); fs.dead && !blk.Terminated() {
		fs.b.Emit(spirv.OpUnreachable, 0)
	}
}

// smPlace starts state st here. A live path reaching it falls through
// into it: its case follows the current state's in the dispatcher (setCases),
// and every path out of a state stores the next one, so the state
// variable needs no update. A state nothing jumped to yet (lazy, not
// eager) is no state: the code goes on in the current block.
func (fs *fnState) smPlace(st *state, eager bool) {
	m := fs.sm
	if st.n == 0 && !eager {
		return
	}
	n := m.num(fs.b, st)
	if m.begun[n-1] {
		fs.errorf(fs.pos, "internal error: a state of the state machine placed twice")
		return
	}
	if !fs.dead {
		fs.jump(m.blocks[n-1])
	}
	fs.endDead()
	m.begun[n-1] = true
	m.order = append(m.order, n)
	fs.startBlock(m.blocks[n-1])
}

// smJump jumps to state st.
func (fs *fnState) smJump(st *state) {
	fs.smGo(fs.u32(fs.sm.num(fs.b, st)))
}

// smGo stores next (a state number) and leaves for the dispatcher.
func (fs *fnState) smGo(next spirv.ID) {
	m := fs.sm
	fs.b.EmitIDs(spirv.OpStore, 0, m.state, next)
	fs.leave(m.exit)
}

// smJumpIf jumps to st when c is when, and goes on in a new block
// otherwise.
func (fs *fnState) smJumpIf(cond syntax.Expr, when bool, st *state) {
	if tv := fs.info.Types[cond]; tv.IsConst() {
		if !tv.Value.IsZero() == when {
			fs.smJump(st)
		}
		return
	}
	b := fs.b
	c := fs.cond(cond)
	out, next := b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(next), uint32(spirv.SelectionControlNone))
	if when {
		b.EmitIDs(spirv.OpBranchConditional, 0, c, out, next)
	} else {
		b.EmitIDs(spirv.OpBranchConditional, 0, c, next, out)
	}
	fs.startBlock(out)
	fs.smJump(st)
	fs.startBlock(next)
}

// smStmt lowers a statement of a state machine's body.
func (fs *fnState) smStmt(s syntax.Stmt) {
	m := fs.sm
	if !m.plan.opened[s] {
		if fs.dead {
			fs.smDeclare(s)
			return
		}
		fs.stmt(s)
		return
	}
	fs.pos = s.Pos()
	switch s := s.(type) {
	case *syntax.BlockStmt:
		for _, x := range s.Stmts {
			fs.smStmt(x)
		}
	case *syntax.LabelStmt:
		fs.smPlace(m.labels[s.Name], true)
	case *syntax.CaseStmt:
		fs.smPlace(m.cases[s], true)
	case *syntax.IfStmt:
		after := &state{}
		els := after
		if s.Else != nil {
			els = &state{}
		}
		if !fs.dead {
			fs.smJumpIf(s.Cond, false, els)
		}
		fs.smStmt(s.Then)
		if s.Else != nil {
			if !fs.dead {
				fs.smJump(after)
			}
			fs.smPlace(els, false)
			fs.smStmt(s.Else)
		}
		fs.smPlace(after, false)
	case *syntax.WhileStmt:
		fs.smLoop(s.Cond, nil, s.Body, false)
	case *syntax.ForStmt:
		if s.Init != nil {
			fs.smStmt(s.Init)
		}
		fs.smLoop(s.Cond, s.Post, s.Body, false)
	case *syntax.DoStmt:
		fs.smLoop(s.Cond, nil, s.Body, true)
	case *syntax.SwitchStmt:
		fs.smSwitch(s)
	default:
		fs.errorf(s.Pos(), "internal error: a label inside an unexpected statement")
	}
}

// smLoop lowers an opened while, for or do-while loop: the test (for a
// do-while, the body) is a state that the back edge jumps to.
func (fs *fnState) smLoop(cond, post syntax.Expr, body syntax.Stmt, do bool) {
	m := fs.sm
	head := &state{}
	never := false // a do-while whose condition is constant false has no back edge
	if do {
		tv := fs.info.Types[cond]
		never = tv.IsConst() && tv.Value.IsZero()
	}
	fs.smPlace(head, !never)
	t := &jumpTarget{loop: true, brk: &state{}, cont: &state{}}
	if !do && post == nil {
		t.cont = head
	}
	if !do && cond != nil && !fs.dead {
		fs.smJumpIf(cond, false, t.brk)
	}
	m.targets = append(m.targets, t)
	fs.smStmt(body)
	m.targets = m.targets[:len(m.targets)-1]
	if t.cont != head {
		fs.smPlace(t.cont, false)
	}
	if !fs.dead {
		switch {
		case do:
			fs.smJumpIf(cond, true, head)
		default:
			if post != nil {
				fs.exprStmt(post)
			}
			fs.smJump(head)
		}
	}
	fs.smPlace(t.brk, false)
}

// smSwitch lowers an opened switch: the tag picks the state of its case
// label (or default, or the end) with a chain of selects.
func (fs *fnState) smSwitch(s *syntax.SwitchStmt) {
	m := fs.sm
	b := fs.b
	t := &jumpTarget{brk: &state{}}
	if !fs.dead {
		tag := fs.expr(s.Tag)
		sel, selT := tag.id, tag.t
		if k := types.ElemKind(tag.t); k.Size() < 4 {
			sel, selT = fs.convKinds(tag.id, tag.t, k, types.Int), types.Typ[types.Int]
		}
		def := t.brk
		cases := m.plan.switches[s]
		for _, cs := range cases {
			if cs.Value == nil {
				def = m.cases[cs]
			}
		}
		u := fs.uint32T()
		next := fs.u32(m.num(b, def))
		for _, cs := range cases {
			if cs.Value == nil {
				continue
			}
			tv := fs.info.Types[cs.Value]
			if !tv.IsConst() {
				fs.errorf(cs.At, "case label is not a constant")
				continue
			}
			eq := b.EmitIDs(spirv.OpIEqual, fs.boolT(), sel, fs.constInt(selT, tv.Value.Int))
			next = b.EmitIDs(spirv.OpSelect, u, eq, fs.u32(m.num(b, m.cases[cs])), next)
		}
		fs.smGo(next)
	}
	m.targets = append(m.targets, t)
	fs.smStmt(s.Body)
	m.targets = m.targets[:len(m.targets)-1]
	fs.smPlace(t.brk, false)
}

// smDeclare binds the variables that a skipped declaration declares, for
// the code after a label that uses them (their values are indeterminate
// there, as in C).
func (fs *fnState) smDeclare(s syntax.Stmt) {
	ds, ok := s.(*syntax.DeclStmt)
	if !ok {
		return
	}
	for _, d := range ds.Decls {
		vd, ok := d.(*syntax.VarDecl)
		if !ok {
			continue
		}
		if v, ok := fs.info.Defs[vd].(*types.Var); ok && !isSamplerType(v.Type) && !isImageType(v.Type) {
			fs.bind(v)
		}
	}
}

// machineJump lowers a break (cont false) or continue whose loop or switch
// is one that the state machine of construct c took apart; ok is false
// when it is not.
func (fs *fnState) machineJump(c *construct, cont bool) (ok bool) {
	if c.sm == nil {
		return false
	}
	st := c.sm.target(cont)
	if st == nil {
		return false
	}
	fs.smJump(st)
	return true
}

// machineGoto lowers a goto to a label that is a state; ok is false when
// it is not one.
func (fs *fnState) machineGoto(s *syntax.GotoStmt) (ok bool) {
	if fs.sm == nil {
		return false
	}
	st := fs.sm.labels[s.Label]
	if st == nil {
		return false
	}
	fs.smJump(st)
	return true
}

// passMachine is called when a jump leaves through construct c on its way
// further out: a state machine it leaves must stop.
func (fs *fnState) passMachine(c *construct) {
	if c.sm != nil {
		fs.b.EmitIDs(spirv.OpStore, 0, c.sm.state, fs.u32(0))
	}
}

// barrierInMachine reports a barrier (what: the builtin) inside a state
// machine, at pos; it reports whether there was one.
func (fs *fnState) barrierInMachine(pos diag.Pos, what string) bool {
	if fs.smWhy == "" {
		return false
	}
	fs.errorf(pos, "'%s' is not supported here: clgo lowers the control flow around it as a state machine, in which barriers and work-group functions are not in convergent control flow", what)
	fs.diags.Notef(fs.smWhyAt, "the function is a state machine because of %s", fs.smWhy)
	return true
}
