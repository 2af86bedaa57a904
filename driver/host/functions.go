package host

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// fn is a prepared function. Functions are never recursive in SPIR-V, so
// each has one static set of register rows and lane state.
type fn struct {
	id     int
	name   string
	blocks []*block // in structured order
	params []int    // register offsets of the parameters
	paramN []int
	ret    int // register offset and slot count of the return value
	retN   int
	inits  []instr // Function-variable initializers, run on entry
}

type block struct {
	label    uint32
	phis     []phi
	parallel bool // a phi reads another phi of the block: evaluate through temps
	code     []instr
	term     term
}

type instr struct {
	run func(*state)
	op  spirv.Op
	pos int
}

type phi struct {
	dst, n int     // register offset and slot count
	preds  []int32 // predecessor block indices
	srcs   []int   // register offsets of the incoming values
}

type term struct {
	op      spirv.Op
	targets []int32 // Branch: [t]; BranchConditional: [t, f]; Switch: [default, cases...]
	cond    int     // register offset of the condition or selector
	lits    []uint64
	uni     bool // BranchConditional: the condition is uniform
	val     int  // OpReturnValue: register offset and slot count
	valN    int
	pos     int
}

type rawFunc struct {
	def    *inst
	params []*inst
	blocks []rawBlock
}

type rawBlock struct {
	label *inst
	body  []*inst // including the terminator
}

// functions prepares every function of the module.
func (p *prep) functions(first int) error {
	var raws []*rawFunc
	var cur *rawFunc
	for i := first; i < len(p.m.insts); i++ {
		in := &p.m.insts[i]
		p.cur = in
		switch in.op {
		case spirv.OpFunction:
			cur = &rawFunc{def: in}
			raws = append(raws, cur)
		case spirv.OpFunctionParameter:
			if cur == nil {
				return p.errorf("outside a function")
			}
			cur.params = append(cur.params, in)
		case spirv.OpLabel:
			if cur == nil {
				return p.errorf("outside a function")
			}
			cur.blocks = append(cur.blocks, rawBlock{label: in})
		case spirv.OpFunctionEnd:
			cur = nil
		default:
			if cur == nil || len(cur.blocks) == 0 {
				if in.op == spirv.OpExtInst || in.op == spirv.OpLine || in.op == spirv.OpNoLine || in.op == spirv.OpNop {
					continue // NonSemantic instructions after the functions
				}
				return p.errorf("outside a block")
			}
			b := &cur.blocks[len(cur.blocks)-1]
			b.body = append(b.body, in)
		}
	}
	if p.on(optClamp) {
		p.fuseClamps(raws)
	}
	p.promoted, p.promotedPart, p.dynPart = map[uint32]int{}, map[uint32]part{}, map[uint32]*dynPart{}
	if p.on(optPromote) {
		p.findPromotable(raws)
	}
	p.loadAlias = map[uint32]part{}
	if p.on(optLoadAlias) {
		p.findLoadAliases(raws)
	}
	p.defs, p.uses, p.proAt = map[uint32]*inst{}, map[uint32]int{}, map[uint32][2]int{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				p.defs[in.id] = in
				for _, id := range in.args {
					p.uses[id]++
				}
			}
		}
	}
	if p.plan != nil {
		p.plan.base = p.nrows
		p.nrows += p.plan.size
	}
	p.place, p.reserved = map[uint32]placement{}, map[uint32]int{}
	if p.on(optPlace) {
		p.findPlacements(raws)
	}
	// First pass: every value gets its type and rows, every function its
	// object, so that instructions can refer to ids defined later.
	for i, rf := range raws {
		p.curFn = i
		f := &fn{id: len(p.k.funcs), name: p.m.name(rf.def.id)}
		p.k.funcs = append(p.k.funcs, f)
		p.funcs[rf.def.id] = f
		p.cur = rf.def
		if rt := p.types[rf.def.typ]; rt != nil && rt.op != spirv.OpTypeVoid {
			if rt.comps == 0 {
				return p.errorf("unsupported return type %s", rt)
			}
			f.ret, f.retN = p.nrows*p.lanes, rt.comps*p.lanes
			p.nrows += rt.comps
		}
		for _, pi := range rf.params {
			p.cur = pi
			if err := p.value(pi); err != nil {
				return err
			}
			f.params = append(f.params, p.row[pi.id]*p.lanes)
			f.paramN = append(f.paramN, p.vtype[pi.id].comps*p.lanes)
		}
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				p.cur = in
				if in.op == spirv.OpVariable {
					if err := p.localVar(f, in); err != nil {
						return err
					}
					continue
				}
				if err := p.value(in); err != nil {
					return err
				}
			}
		}
	}
	for _, rf := range raws {
		if rf.def.id == p.entryID && p.uni != nil && p.lanes > 1 && p.on(optUniFlow) && p.on(optUniform) {
			p.findUniformFlow(rf)
		}
	}
	p.fused = map[uint32]*addr{}
	if p.on(optFuse) {
		p.findFused(raws)
	}
	p.findWrites(raws)
	for i, rf := range raws {
		if err := p.function(p.k.funcs[i], rf); err != nil {
			return err
		}
	}
	p.pos = 0
	return nil
}

// value records the type and rows of an instruction's result.
func (p *prep) value(in *inst) error {
	if in.id == 0 || in.typ == 0 {
		return nil
	}
	t := p.types[in.typ]
	if t == nil {
		return p.errorf("result type %%%d is not a type", in.typ)
	}
	if t.op == spirv.OpTypeVoid {
		return nil
	}
	if t.comps == 0 {
		return p.errorf("values of type %s are not supported", t)
	}
	p.vtype[in.id] = t
	if p.handleLoad(in) {
		return nil
	}
	if v, ok := p.loadAlias[in.id]; ok {
		p.row[in.id] = p.promoted[v.v]/p.lanes + v.off // the variable's rows (loadalias.go)
		p.aliased[in.id] = true
	} else if r, ok := p.aliasRow(in, t); ok && p.on(optAlias) {
		p.row[in.id] = r
		p.aliased[in.id] = true
	} else if pl, ok := p.place[in.id]; ok {
		p.row[in.id] = p.reserve(pl.in) + pl.off // alias.go
	} else if r, ok := p.reserved[in.id]; ok {
		p.row[in.id] = r
	} else {
		p.row[in.id] = p.fresh(in.id, t.comps)
	}
	if p.live != nil {
		p.live.fnOf[in.id] = p.curFn
	}
	p.k.tmpRows = max(p.k.tmpRows, t.comps)
	switch in.op {
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain, spirv.OpCopyObject:
		if len(in.args) > 0 {
			if r, ok := p.region[in.args[0]]; ok {
				p.region[in.id] = r
			}
		}
	}
	return nil
}

// localVar creates the per-lane region of a Function variable.
func (p *prep) localVar(f *fn, in *inst) error {
	pt := p.types[in.typ]
	if pt == nil || pt.op != spirv.OpTypePointer || len(in.args) == 0 || spirv.StorageClass(in.args[0]) != spirv.StorageClassFunction {
		return p.errorf("Function variable of bad type or storage class")
	}
	if _, ok := p.promoted[in.id]; ok {
		p.vtype[in.id] = pt
		return p.promotedVar(f, in, pt.elem)
	}
	name := p.m.name(in.id)
	if name == "" {
		name = fmt.Sprintf("%%%d", in.id)
	}
	rg := region{kind: regionLane, t: pt.elem, name: "Function variable " + name, set: -1, binding: -1,
		builtin: noBuiltin, size: max(pt.elem.size, 8)}
	p.k.regions = append(p.k.regions, rg)
	r := len(p.k.regions) - 1
	p.region[in.id] = r
	p.vtype[in.id] = pt
	p.ptrRow(in.id, r)
	p.inv[in.id] = perDispatch
	if len(in.args) > 1 {
		c, ok := p.consts[in.args[1]]
		if !ok || pt.elem.comps == 0 {
			return p.errorf("variable initializer %%%d is not a constant", in.args[1])
		}
		f.inits = append(f.inits, instr{run: p.storeConst(p.row[in.id]*p.lanes, pt.elem, c), op: in.op, pos: in.pos})
	}
	return nil
}

// function compiles the blocks of a function in structured order.
func (p *prep) function(f *fn, rf *rawFunc) error {
	p.cur = rf.def
	if len(rf.blocks) == 0 {
		return p.errorf("function %%%d has no body (imported functions are not supported)", rf.def.id)
	}
	order, err := p.structuredOrder(rf)
	if err != nil {
		return err
	}
	index := map[uint32]int32{}
	for i, b := range order {
		index[rf.blocks[b].label.id] = int32(i)
	}
	target := func(id uint32) (int32, error) {
		if i, ok := index[id]; ok {
			return i, nil
		}
		return 0, p.errorf("branch to %%%d, not a reachable block of the function", id)
	}
	uniFlow := p.uniFlow && rf.def.id == p.entryID
	var starts, ends []int32 // positions of each block's phis and terminator (liverows.go)
	var edges []phiEdge
	for _, bi := range order {
		rb := &rf.blocks[bi]
		b := &block{label: rb.label.id}
		f.blocks = append(f.blocks, b)
		p.curBlock = b
		p.pos++ // the phis' position
		phiIDs := map[uint32]bool{}
		for _, in := range rb.body {
			if in.op == spirv.OpPhi {
				phiIDs[in.id] = true
			}
		}
		starts = append(starts, p.pos)
		var last *inst
		for _, in := range rb.body {
			p.live.commit(last, p.pos)
			last = in
			p.cur = in
			if in.op != spirv.OpPhi {
				p.pos++
			}
			switch in.op {
			case spirv.OpPhi:
				t := p.vtype[in.id]
				dst, _ := p.rowOf(in.id)
				ph := phi{dst: dst * p.lanes, n: t.comps * p.lanes}
				for j := 0; j+1 < len(in.args); j += 2 {
					pr, ok := index[in.args[j+1]]
					if !ok {
						continue // an unreachable predecessor
					}
					off, err := p.operand(in.args[j])
					if err != nil {
						return err
					}
					p.useMemory(in.args[j])
					edges = append(edges, phiEdge{in.args[j], pr})
					if phiIDs[in.args[j]] {
						b.parallel = true
					}
					ph.preds = append(ph.preds, pr)
					ph.srcs = append(ph.srcs, off)
				}
				b.phis = append(b.phis, ph)
			case spirv.OpBranch:
				t, err := target(in.args[0])
				if err != nil {
					return err
				}
				b.term = term{op: in.op, targets: []int32{t}, pos: in.pos}
			case spirv.OpBranchConditional:
				if len(in.args) < 3 {
					return p.errorf("short instruction")
				}
				// A uniform condition is read as one slot (lane 0's holds
				// it unless a prologue faulted).
				uni := p.uniform(in.args[0])
				c, ok := p.rowOf(in.args[0])
				if !uni {
					var err error
					if c, err = p.operand(in.args[0]); err != nil {
						return err
					}
				} else if !ok {
					return p.errorf("operand %%%d is not a value", in.args[0])
				} else {
					c *= p.lanes
				}
				t, err := target(in.args[1])
				if err != nil {
					return err
				}
				e, err := target(in.args[2])
				if err != nil {
					return err
				}
				b.term = term{op: in.op, targets: []int32{t, e}, cond: c, pos: in.pos, uni: uni}
			case spirv.OpSwitch:
				if len(in.args) < 2 {
					return p.errorf("short instruction")
				}
				c, err := p.operand(in.args[0])
				if err != nil {
					return err
				}
				st := p.vtype[in.args[0]]
				d, err := target(in.args[1])
				if err != nil {
					return err
				}
				tm := term{op: in.op, targets: []int32{d}, cond: c, pos: in.pos}
				step := 2
				if st.width == 64 {
					step = 3
				}
				for j := 2; j+step-1 < len(in.args); j += step {
					v := uint64(in.args[j])
					if step == 3 {
						v |= uint64(in.args[j+1]) << 32
					}
					t, err := target(in.args[j+step-1])
					if err != nil {
						return err
					}
					tm.lits = append(tm.lits, v&widthOf(st.width).m)
					tm.targets = append(tm.targets, t)
				}
				b.term = tm
			case spirv.OpReturn, spirv.OpUnreachable, spirv.OpKill, spirv.OpTerminateInvocation:
				b.term = term{op: in.op, pos: in.pos}
			case spirv.OpReturnValue:
				p.useMemory(in.args[0])
				off, err := p.operand(in.args[0])
				if err != nil {
					return err
				}
				b.term = term{op: in.op, val: off, valN: f.retN, pos: in.pos}
			case spirv.OpVariable:
				// Regions were made in the first pass.
			default:
				run, err := p.compile(f, in)
				if err != nil {
					return err
				}
				lvl := p.hoistLevel(in)
				if lvl > 0 && len(run) == 1 {
					p.proAt[in.id] = [2]int{int(lvl - 1), len(p.k.pro[lvl-1])}
					if p.live != nil {
						p.live.inPro = true // its reads are the prologue's
					}
					p.k.pro[lvl-1] = append(p.k.pro[lvl-1], run[0])
					run[0].run = hoisted(run[0].run)
					p.markUniform(in)
					p.markAffine(in)
					if uni := p.uniBuiltin[in.id]; uni != nil {
						*uni = p.uni[in.id] // builtins.go
					}
				} else if p.aliased[in.id] {
					p.markUniform(in) // its rows are its operand's
					p.markAffine(in)
				} else if uniFlow {
					p.markAffine(in) // computed under the full mask (uniflow.go)
				}
				b.code = append(b.code, run...)
			}
		}
		if b.term.op == 0 {
			return p.errorf("block %%%d has no terminator", b.label)
		}
		if b.parallel && p.on(optPhiOrder) {
			b.parallel = !orderPhis(b.phis)
		}
		if b.parallel {
			n := 0
			for _, ph := range b.phis {
				n += ph.n / p.lanes
			}
			p.k.tmpRows = max(p.k.tmpRows, n)
		}
		p.live.commit(last, p.pos)
		ends = append(ends, p.pos)
	}
	p.liveBlocks(f, starts, ends, edges)
	return nil
}

// operand returns the register offset of a value id.
func (p *prep) operand(id uint32) (int, error) {
	r, ok := p.rowOf(id)
	if !ok {
		return 0, p.errorf("operand %%%d is not a value", id)
	}
	if p.cur == nil || p.cur.id != id {
		p.readsRows(id)
	}
	return r * p.lanes, nil
}

// structuredOrder orders the reachable blocks so that every block of a
// construct comes before the construct's merge block, and a loop's continue
// target after its body: a depth-first search that visits a header's merge
// block first and its continue target second, in reverse postorder. Running
// the lowest-ordered waiting block first then reconverges lanes at merges.
func (p *prep) structuredOrder(rf *rawFunc) ([]int, error) {
	byLabel := map[uint32]int{}
	for i, b := range rf.blocks {
		byLabel[b.label.id] = i
	}
	succ := make([][]int, len(rf.blocks))
	for i, b := range rf.blocks {
		var merge, cont []uint32
		var out []uint32
		for _, in := range b.body {
			switch in.op {
			case spirv.OpSelectionMerge:
				merge = in.args[:1]
			case spirv.OpLoopMerge:
				merge, cont = in.args[:1], in.args[1:2]
			case spirv.OpBranch:
				out = in.args[:1]
			case spirv.OpBranchConditional:
				out = in.args[1:3]
			case spirv.OpSwitch:
				out = []uint32{in.args[1]}
				w := 2
				if t := p.vtype[in.args[0]]; t != nil && t.width == 64 {
					w = 3
				}
				for j := 2 + w - 1; j < len(in.args); j += w {
					out = append(out, in.args[j])
				}
			}
		}
		// Visited first ends up last.
		var all []uint32 // fresh: merge and out alias the instruction's operands
		all = append(append(append(all, merge...), cont...), out...)
		for _, id := range all {
			j, ok := byLabel[id]
			if !ok {
				return nil, p.errorf("branch to %%%d, not a block of the function", id)
			}
			succ[i] = append(succ[i], j)
		}
	}
	seen := make([]bool, len(rf.blocks))
	var post []int
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(succ[top.b]) {
			s := succ[top.b][top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	order := make([]int, len(post))
	for i, b := range post {
		order[len(post)-1-i] = b
	}
	return order, nil
}
