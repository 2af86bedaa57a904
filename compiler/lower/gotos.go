package lower

// goto under structured control flow. A label of a statement list is the
// end of a forward region (the statements from the first one holding a
// goto to it up to the label) and the start of a backward region (from
// the label to the last statement holding a goto to it). Each region is
// lowered as a one-trip loop: a forward goto branches to its merge, a
// backward goto to its continue target, which goes back to its header.
// A goto out of loops, switches and other regions nested in its region
// leaves them one at a time through a flag, as a return leaves an inlined
// call (exit below); break and continue that cross a region do the same.
// Gotos into a block, or whose regions cross without nesting, make the
// function a state machine (machine.go).

import (
	"sort"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/spirv"
)

// ctlGoto is the construct of a goto region (construct.kind).
const ctlGoto = ctlCall + 1

// exit is a jump in progress out of nested constructs: a goto, or a break
// or continue that crosses a goto region.
type exit struct {
	to   *construct // the construct it ends at
	cont bool       // at to's continue target (continue, backward goto) instead of its merge
	flag spirv.ID   // Function bool set while the jump crosses constructs; made on demand
}

// region is one goto region of a statement list: list[lo:hi].
type region struct {
	lo, hi int
	label  string
	back   bool // the label is at lo and the gotos follow it
	done   bool // lowered
}

// gotoRegions returns the goto regions of list, properly nested (sorted
// outermost first), and drops the labels whose regions cross others.
func gotoRegions(list []syntax.Stmt) []*region {
	labels := map[string]int{}
	for i, s := range list {
		if l, ok := s.(*syntax.LabelStmt); ok {
			labels[l.Name] = i
		}
	}
	if len(labels) == 0 {
		return nil
	}
	first, last := map[string]int{}, map[string]int{}
	for i, s := range list {
		inspect(s, func(n syntax.Node) {
			g, ok := n.(*syntax.GotoStmt)
			if !ok {
				return
			}
			j, ok := labels[g.Label]
			switch {
			case !ok:
			case i < j:
				if _, seen := first[g.Label]; !seen {
					first[g.Label] = i
				}
			default:
				last[g.Label] = i
			}
		})
	}
	var regs []*region
	for name, j := range labels {
		if i, ok := first[name]; ok {
			regs = append(regs, &region{lo: i, hi: j, label: name})
		}
		if k, ok := last[name]; ok {
			regs = append(regs, &region{lo: j, hi: k + 1, label: name, back: true})
		}
	}
	// Make crossing regions nest: a forward region may start earlier and a
	// backward one end later without changing what runs.
	bad := map[*region]bool{}
	for changed := true; changed; {
		changed = false
		for _, a := range regs {
			for _, b := range regs {
				if bad[a] || bad[b] || !(a.lo < b.lo && b.lo < a.hi && a.hi < b.hi) {
					continue
				}
				switch {
				case a.back:
					a.hi = b.hi
				case !b.back:
					b.lo = a.lo
				default:
					bad[a], bad[b] = true, true
				}
				changed = true
			}
		}
	}
	kept := regs[:0]
	for _, r := range regs {
		if !bad[r] {
			kept = append(kept, r)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].lo != kept[j].lo {
			return kept[i].lo < kept[j].lo
		}
		return kept[i].hi > kept[j].hi
	})
	return kept
}

// stmtRange lowers list[lo:hi], whose goto regions are regs.
func (fs *fnState) stmtRange(list []syntax.Stmt, regs []*region, lo, hi int) {
	for k := lo; k < hi; {
		var r *region
		for _, q := range regs {
			if !q.done && q.lo == k && q.hi <= hi {
				r = q
				break
			}
		}
		if r == nil {
			if s := list[k]; !fs.dead || containsLabel(s) {
				fs.stmt(s)
			}
			k++
			continue
		}
		r.done = true
		fs.gotoRegion(list, regs, r)
		k = r.hi
	}
}

// gotoRegion lowers region r of list as a one-trip loop.
func (fs *fnState) gotoRegion(list []syntax.Stmt, regs []*region, r *region) {
	b := fs.b
	if _, blk := b.Current(); fs.dead && blk.Terminated() {
		fs.startBlock(b.NewID()) // unreachable, but a block to branch from
	}
	header, bodyL, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, bodyL)
	c := &construct{kind: ctlGoto, merge: merge, cont: cont}
	if fs.gotoTargets == nil {
		fs.gotoTargets = map[string]*exit{}
	}
	saved, had := fs.gotoTargets[r.label]
	fs.gotoTargets[r.label] = &exit{to: c, cont: r.back}
	fs.startBlock(bodyL)
	fs.ctl = append(fs.ctl, c)
	fs.stmtRange(list, regs, r.lo, r.hi)
	fs.ctl = fs.ctl[:len(fs.ctl)-1]
	fs.branchTo(merge)
	fs.startBlock(cont)
	b.EmitIDs(spirv.OpBranch, 0, header)
	fs.startBlock(merge)
	if had {
		fs.gotoTargets[r.label] = saved
	} else {
		delete(fs.gotoTargets, r.label)
	}
	fs.afterBreakable(c)
}

// gotoStmt lowers a goto to the label of an enclosing region.
func (fs *fnState) gotoStmt(s *syntax.GotoStmt) {
	if fs.machineGoto(s) {
		return
	}
	e := fs.gotoTargets[s.Label]
	if e == nil {
		// planMachine sends every goto no region takes to the state machine.
		fs.errorf(s.At, "internal error: no goto region or state machine takes this 'goto'")
		return
	}
	fs.leave(e)
}

// leave continues exit e from the innermost construct: straight to its
// end when that is the innermost one, else by setting its flag and
// breaking out (afterBreakable goes on).
func (fs *fnState) leave(e *exit) {
	b := fs.b
	for i := len(fs.ctl) - 1; i >= 0; i-- {
		c := fs.ctl[i]
		if c == e.to {
			if e.flag != 0 {
				b.EmitIDs(spirv.OpStore, 0, e.flag, b.ConstantFalse(fs.boolT()))
			}
			if e.cont {
				fs.jump(c.cont)
			} else {
				fs.jump(c.merge)
			}
			return
		}
		if c.kind == ctlCall {
			break
		}
		if e.flag == 0 {
			e.flag = b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, fs.boolT()), b.ConstantFalse(fs.boolT()))
		}
		b.EmitIDs(spirv.OpStore, 0, e.flag, b.ConstantTrue(fs.boolT()))
		fs.passMachine(c)
		seen := false
		for _, x := range c.exits {
			seen = seen || x == e
		}
		if !seen {
			c.exits = append(c.exits, e)
		}
		fs.jump(c.merge)
		return
	}
	fs.errorf(fs.pos, "internal error: jump outside its construct")
}

// afterExits goes on with the exits that broke out of c.
func (fs *fnState) afterExits(c *construct) {
	b := fs.b
	for _, e := range c.exits {
		flag := b.EmitIDs(spirv.OpLoad, fs.boolT(), e.flag)
		out, merge := b.NewID(), b.NewID()
		b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
		b.EmitIDs(spirv.OpBranchConditional, 0, flag, out, merge)
		fs.startBlock(out)
		fs.leave(e)
		fs.startBlock(merge)
	}
}

// crossJump lowers a break (cont false) or continue to construct to that
// crosses goto regions.
func (fs *fnState) crossJump(to *construct, cont bool) {
	fs.leave(&exit{to: to, cont: cont})
}

// hasGoto reports whether a function body has a goto.
func hasGoto(body *syntax.BlockStmt) bool {
	found := false
	inspect(body, func(n syntax.Node) {
		if _, ok := n.(*syntax.GotoStmt); ok {
			found = true
		}
	})
	return found
}
