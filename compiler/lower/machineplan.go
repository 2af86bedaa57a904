package lower

// Which function bodies need a state machine (machine.go), and which of
// their statements it takes apart. A body needs one when it has a jump
// the structured lowerings cannot take:
//
//   - a goto that no goto region covers (gotos.go): one into a block (into
//     an if, a loop, a case of a switch from another case), or one whose
//     region crosses another region in a way that cannot be made to nest;
//   - a case label that is not directly in its switch's body (Duff's
//     device; coroutines written as a switch over their resume points, as
//     miniz's inflater, with case labels inside do { } while (0) blocks).
//
// In such a body every label a goto names is a state, and so is every case
// label of an opened switch: one whose labels are nested, or whose body
// holds a state. A statement holding a state is opened (taken apart into
// states); the others are lowered as structured code inside a state.

import (
	"fmt"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// machinePlan is what a state machine of one function body is made of.
type machinePlan struct {
	labels   map[string]bool                           // goto labels (each a state)
	switches map[*syntax.SwitchStmt][]*syntax.CaseStmt // opened switches and their case labels
	owner    map[*syntax.CaseStmt]*syntax.SwitchStmt   // the switch of each case label
	opened   map[syntax.Stmt]bool                      // statements holding a state
	why      string                                    // the first jump that needs the machine
	whyAt    diag.Pos
}

// planMachine returns the plan of body's state machine, or nil when the
// structured lowerings take all its jumps.
func planMachine(body *syntax.BlockStmt) *machinePlan {
	jumps := false
	inspect(body, func(n syntax.Node) {
		switch n.(type) {
		case *syntax.GotoStmt, *syntax.SwitchStmt:
			jumps = true
		}
	})
	if !jumps {
		return nil
	}
	p := &machinePlan{
		labels:   map[string]bool{},
		switches: map[*syntax.SwitchStmt][]*syntax.CaseStmt{},
		owner:    map[*syntax.CaseStmt]*syntax.SwitchStmt{},
		opened:   map[syntax.Stmt]bool{},
	}
	var gotos []*syntax.GotoStmt
	inspect(body, func(n syntax.Node) {
		if g, ok := n.(*syntax.GotoStmt); ok {
			gotos = append(gotos, g)
			p.labels[g.Label] = true
		}
	})
	cases := map[*syntax.SwitchStmt][]*syntax.CaseStmt{}
	nested := map[*syntax.SwitchStmt]bool{}
	var firstNested *syntax.CaseStmt
	p.caseOwners(body, nil, false, cases, nested, &firstNested)
	handled := map[*syntax.GotoStmt]bool{}
	coveredGotos(body, nested, handled)
	for _, g := range gotos {
		if !handled[g] {
			p.why, p.whyAt = fmt.Sprintf("this jump to label '%s'", g.Label), g.At
			break
		}
	}
	if p.why == "" {
		if firstNested == nil {
			return nil
		}
		p.why, p.whyAt = "this case label nested in a statement of its switch", firstNested.At
	}
	openSwitches(body, p.labels, nested, cases, p.switches)
	p.mark(body)
	return p
}

// span returns the range of the statements of a body's list that the
// machine needs: from the first to the last that holds a state or a goto
// (every goto's label is a state). The statements before and after are
// lowered as structured code around it, where a barrier is fine.
func (p *machinePlan) span(list []syntax.Stmt) (lo, hi int) {
	lo = len(list)
	for i, s := range list {
		jumps := p.opened[s]
		inspect(s, func(n syntax.Node) {
			if _, ok := n.(*syntax.GotoStmt); ok {
				jumps = true
			}
		})
		if jumps {
			lo, hi = min(lo, i), i+1
		}
	}
	if hi == 0 {
		lo = 0
	}
	return lo, hi
}

// caseOwners records the switch of each case label and the switches with
// case labels nested in statements of their body (direct: s is a
// statement of sw's body).
func (p *machinePlan) caseOwners(s syntax.Stmt, sw *syntax.SwitchStmt, direct bool,
	cases map[*syntax.SwitchStmt][]*syntax.CaseStmt, nested map[*syntax.SwitchStmt]bool, first **syntax.CaseStmt) {
	switch s := s.(type) {
	case *syntax.CaseStmt:
		if sw == nil {
			return
		}
		p.owner[s] = sw
		cases[sw] = append(cases[sw], s)
		if !direct {
			nested[sw] = true
			if *first == nil {
				*first = s
			}
		}
	case *syntax.SwitchStmt:
		if blk, ok := s.Body.(*syntax.BlockStmt); ok {
			for _, x := range blk.Stmts {
				p.caseOwners(x, s, true, cases, nested, first)
			}
			return
		}
		p.caseOwners(s.Body, s, false, cases, nested, first)
	default:
		for _, x := range childStmts(s) {
			p.caseOwners(x, sw, false, cases, nested, first)
		}
	}
}

// coveredGotos marks the gotos that a goto region takes: the statement
// lists are those stmts lowers (blocks, and the case groups of a switch
// whose labels are all at the top of its body), and a region covers the
// gotos to its label inside it.
func coveredGotos(s syntax.Stmt, nested map[*syntax.SwitchStmt]bool, handled map[*syntax.GotoStmt]bool) {
	list := func(l []syntax.Stmt) {
		for _, r := range gotoRegions(l) {
			for _, x := range l[r.lo:r.hi] {
				inspect(x, func(n syntax.Node) {
					if g, ok := n.(*syntax.GotoStmt); ok && g.Label == r.label {
						handled[g] = true
					}
				})
			}
		}
	}
	switch s := s.(type) {
	case *syntax.BlockStmt:
		list(s.Stmts)
	case *syntax.SwitchStmt:
		if blk, ok := s.Body.(*syntax.BlockStmt); ok && !nested[s] {
			// The groups of statements after each run of case labels.
			var group []syntax.Stmt
			for _, x := range blk.Stmts {
				if _, ok := x.(*syntax.CaseStmt); ok {
					list(group)
					group = nil
					continue
				}
				group = append(group, x)
				coveredGotos(x, nested, handled)
			}
			list(group)
			return
		}
	}
	for _, x := range childStmts(s) {
		coveredGotos(x, nested, handled)
	}
}

// openSwitches finds the opened switches: those with nested case labels,
// and those whose body holds a goto label or an opened switch.
func openSwitches(s syntax.Stmt, labels map[string]bool, nested map[*syntax.SwitchStmt]bool,
	cases, open map[*syntax.SwitchStmt][]*syntax.CaseStmt) bool {
	has := false
	switch s := s.(type) {
	case *syntax.LabelStmt:
		return labels[s.Name]
	case *syntax.SwitchStmt:
		if openSwitches(s.Body, labels, nested, cases, open) || nested[s] {
			open[s] = cases[s]
			return true
		}
		return false
	}
	for _, x := range childStmts(s) {
		if openSwitches(x, labels, nested, cases, open) {
			has = true
		}
	}
	return has
}

// mark records the statements holding a state and reports whether s is
// one.
func (p *machinePlan) mark(s syntax.Stmt) bool {
	has := false
	switch s := s.(type) {
	case *syntax.LabelStmt:
		has = p.labels[s.Name]
	case *syntax.CaseStmt:
		_, has = p.switches[p.owner[s]]
	default:
		for _, x := range childStmts(s) {
			if p.mark(x) {
				has = true
			}
		}
	}
	if has {
		p.opened[s] = true
	}
	return has
}

// childStmts returns the statements directly inside s.
func childStmts(s syntax.Stmt) []syntax.Stmt {
	var out []syntax.Stmt
	add := func(xs ...syntax.Stmt) {
		for _, x := range xs {
			if x != nil {
				out = append(out, x)
			}
		}
	}
	switch s := s.(type) {
	case *syntax.BlockStmt:
		add(s.Stmts...)
	case *syntax.IfStmt:
		add(s.Then, s.Else)
	case *syntax.WhileStmt:
		add(s.Body)
	case *syntax.DoStmt:
		add(s.Body)
	case *syntax.ForStmt:
		add(s.Init, s.Body)
	case *syntax.SwitchStmt:
		add(s.Body)
	}
	return out
}
