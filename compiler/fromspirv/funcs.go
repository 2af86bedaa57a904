package fromspirv

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// fnEmitter writes one function's body.
type fnEmitter struct {
	t     *translator
	fn    *spirv.Function
	b     strings.Builder
	vals  map[spirv.ID]string
	block map[spirv.ID]int                  // label → case number
	phis  map[spirv.ID][]*spirv.Instruction // label → its OpPhis
	inAC  map[spirv.ID][2]string            // access chains into builtin inputs: builtin function, index
	// sampler is the sampler of each sampled image; handleVar the image
	// or sampler stored in a Function variable (clang -O0 spills them).
	sampler   map[spirv.ID]string
	handleVar map[spirv.ID]string
	phiBlock  map[spirv.ID]spirv.ID // the block of each OpPhi
	retTy     string
	// dispatch is set for irreducible graphs, written as a loop over a
	// switch on the next block.
	dispatch bool
	// innermost is the header of each block's innermost loop (-1 for
	// none) and loops the loops' blocks, for structured branches;
	// inSwitch is set while an OpSwitch's cases are written.
	innermost []int
	loops     []map[int]bool
	inSwitch  bool
}

// funcName is the C name of function fn: its linkage name when it has one
// that is a valid identifier, else _fN.
func (t *translator) funcName(id spirv.ID) string {
	if n, ok := t.fnNames[id]; ok {
		return n
	}
	return fmt.Sprintf("_f%d", id)
}

// usesLocals computes, for every function, the Workgroup variables it uses
// directly or through calls (they are passed down from the kernels as
// pointers, since OpenCL C declares __local variables only in kernels).
func (t *translator) usesLocals() {
	direct := map[spirv.ID]map[spirv.ID]bool{}
	calls := map[spirv.ID][]spirv.ID{}
	for _, fn := range t.m.Functions {
		set := map[spirv.ID]bool{}
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if in.Op == spirv.OpFunctionCall && len(in.Operands) > 0 {
					calls[fn.ID] = append(calls[fn.ID], spirv.ID(in.Operands[0]))
				}
				for _, w := range in.Operands {
					if t.locals[spirv.ID(w)] {
						set[spirv.ID(w)] = true
					}
				}
			}
		}
		direct[fn.ID] = set
	}
	for changed := true; changed; {
		changed = false
		for f, cs := range calls {
			for _, c := range cs {
				for v := range direct[c] {
					if !direct[f][v] {
						direct[f][v] = true
						changed = true
					}
				}
			}
		}
	}
	for f, set := range direct {
		var list []spirv.ID
		for v := range set {
			list = append(list, v)
		}
		sort.Slice(list, func(i, j int) bool { return list[i] < list[j] })
		t.fnLocals[f] = list
	}
}

// signature spells function fn's C declarator (without a body).
func (t *translator) signature(fn *spirv.Function) (string, error) {
	in := t.def[fn.ID]
	ret, err := t.typeOf(in, fn.ResultType)
	if err != nil {
		return "", err
	}
	var params []string
	for _, p := range fn.Params {
		pt, err := t.typeOf(p, p.ResultType)
		if err != nil {
			return "", err
		}
		params = append(params, fmt.Sprintf("%s _%d", pt, p.Result))
	}
	for _, v := range t.fnLocals[fn.ID] {
		params = append(params, fmt.Sprintf("%s _g%d", t.ctype[t.def[v].ResultType], v))
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	return fmt.Sprintf("%s %s(%s)", ret, t.funcName(fn.ID), strings.Join(params, ", ")), nil
}

// emitFunction writes fn's definition.
func (t *translator) emitFunction(out *strings.Builder, fn *spirv.Function) error {
	sig, err := t.signature(fn)
	if err != nil {
		return err
	}
	e := &fnEmitter{t: t, fn: fn, vals: map[spirv.ID]string{}, block: map[spirv.ID]int{},
		phis: map[spirv.ID][]*spirv.Instruction{}, inAC: map[spirv.ID][2]string{},
		sampler: map[spirv.ID]string{}, handleVar: map[spirv.ID]string{}, phiBlock: map[spirv.ID]spirv.ID{}}
	e.retTy = t.ctype[fn.ResultType]
	for _, p := range fn.Params {
		e.vals[p.Result] = fmt.Sprintf("_%d", p.Result)
	}
	var decls strings.Builder
	for i, b := range fn.Blocks {
		e.block[b.Label] = i
		for _, in := range b.Insts {
			if in.Result == 0 || in.ResultType == 0 {
				continue
			}
			ty, ok := t.ctype[in.ResultType]
			if !ok {
				return t.errAt(in, "result type %%%d is not a type", in.ResultType)
			}
			if ty == "void" || t.isOpaqueHandle(in.ResultType) {
				continue
			}
			if in.Op == spirv.OpVariable {
				if _, elem, ok := t.pointee(in.ResultType); ok && t.isOpaqueHandle(elem) {
					if err := e.handleVarOf(in); err != nil {
						return err
					}
					continue
				}
			}
			if sc, _, ok := t.pointee(in.ResultType); ok && sc == scInput {
				continue // access chains into builtins are folded into their loads
			}
			e.vals[in.Result] = fmt.Sprintf("_%d", in.Result)
			fmt.Fprintf(&decls, "\t%s _%d;\n", ty, in.Result)
			switch in.Op {
			case spirv.OpPhi:
				fmt.Fprintf(&decls, "\t%s _%d_p;\n", ty, in.Result)
				e.phis[b.Label] = append(e.phis[b.Label], in)
				e.phiBlock[in.Result] = b.Label
			case spirv.OpVariable:
				_, elem, _ := t.pointee(in.ResultType)
				et := t.ctype[elem]
				if et == "void" || et == "" {
					et = "uchar"
				}
				fmt.Fprintf(&decls, "\t%s _%d_v;\n", et, in.Result)
			}
		}
	}
	fmt.Fprintf(out, "%s {\n%s", sig, decls.String())
	if e.retTy != "void" {
		fmt.Fprintf(out, "\t%s _ret_undef;\n", e.retTy)
	}
	single := len(fn.Blocks) == 1
	var g *cfg
	if !single {
		var reducible bool
		if g, reducible, err = e.buildCFG(); err != nil {
			return err
		}
		e.dispatch = !reducible
		if reducible {
			e.innermost, e.loops = g.innermostLoops(), g.loop
		}
	}
	bodies := make([]string, len(fn.Blocks))
	for i, b := range fn.Blocks {
		if !single && !e.dispatch && g.rpoIdx[i] < 0 {
			continue // unreachable
		}
		e.b.Reset()
		for _, in := range b.Insts {
			if err := e.stmt(b, in); err != nil {
				return err
			}
		}
		bodies[i] = e.b.String()
	}
	switch {
	case single:
		out.WriteString(bodies[0])
	case e.dispatch:
		out.WriteString("\tuint _blk = 0;\n\tfor (;;) switch (_blk) {\n")
		for i := range fn.Blocks {
			fmt.Fprintf(out, "\tcase %d: {\n%s\t}\n", i, bodies[i])
		}
		out.WriteString("\tdefault: return")
		if e.retTy != "void" {
			out.WriteString(" _ret_undef")
		}
		out.WriteString(";\n\t}\n")
	default:
		out.WriteString("\tuint _blk = 0;\n")
		e.structured(out, g, bodies)
		if e.retTy != "void" {
			out.WriteString("\treturn _ret_undef;\n")
		}
	}
	out.WriteString("}\n\n")
	return nil
}

// operand is the C expression of instruction in's operand i, an id,
// with in's position on a missing operand or an id with no value.
func (e *fnEmitter) operand(in *spirv.Instruction, i int) (string, error) {
	if i >= len(in.Operands) {
		return "", e.t.errAt(in, "too few operands")
	}
	s, err := e.val(spirv.ID(in.Operands[i]))
	if err != nil {
		return "", e.t.errAt(in, "%v", err)
	}
	return s, nil
}

// val is the C expression of id's value.
func (e *fnEmitter) val(id spirv.ID) (string, error) {
	if s, ok := e.vals[id]; ok {
		return s, nil
	}
	if s, ok := e.t.cexpr[id]; ok {
		return s, nil
	}
	return "", &tError{msg: fmt.Sprintf("%%%d has no value here", id)}
}

func (e *fnEmitter) line(format string, args ...any) {
	e.b.WriteString("\t\t")
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteString("\n")
}

// branch writes the phi copies for an edge from block from to block to,
// then the jump.
func (e *fnEmitter) branch(from *spirv.Block, to spirv.ID, in *spirv.Instruction) error {
	n, ok := e.block[to]
	if !ok {
		return e.t.errAt(in, "branch to %%%d, not a block of this function", to)
	}
	phis := e.phis[to]
	// The copies are parallel: through temporaries only when a value read
	// is another phi of the same block, which a copy may overwrite first.
	vals := make([]string, len(phis))
	direct := true
	for k, p := range phis {
		found := false
		for i := 0; i+1 < len(p.Operands); i += 2 {
			if spirv.ID(p.Operands[i+1]) == from.Label {
				v, err := e.val(spirv.ID(p.Operands[i]))
				if err != nil {
					return e.t.errAt(p, "%v", err)
				}
				vals[k] = v
				if d := e.t.def[spirv.ID(p.Operands[i])]; d != nil && d.Op == spirv.OpPhi && e.phiBlock[d.Result] == to {
					direct = false
				}
				found = true
				break
			}
		}
		if !found {
			return e.t.errAt(p, "no value for predecessor %%%d", from.Label)
		}
	}
	for k, p := range phis {
		if direct {
			e.line("_%d = %s;", p.Result, vals[k])
		} else {
			e.line("_%d_p = %s;", p.Result, vals[k])
		}
	}
	if !direct {
		for _, p := range phis {
			e.line("_%d = _%d_p;", p.Result, p.Result)
		}
	}
	switch {
	case e.dispatch:
		e.line("_blk = %d; continue;", n)
	case e.inSwitch:
		e.line("_blk = %d;", n) // break and continue would leave the C switch
	default:
		// In structured form the enclosing for(;;) is the innermost loop
		// of the block: a back edge continues it, an exit leaves it (the
		// code after the loop tests _blk again).
		h := e.innermost[e.block[from.Label]]
		switch {
		case h >= 0 && n == h:
			e.line("_blk = %d; continue;", n)
		case h >= 0 && !e.inLoop(h, n):
			e.line("_blk = %d; break;", n)
		default:
			e.line("_blk = %d;", n)
		}
	}
	return nil
}

// handleVarOf records the image or sampler that the one store to a
// Function variable v puts there, so that its loads alias it.
func (e *fnEmitter) handleVarOf(v *spirv.Instruction) error {
	var stored *spirv.Instruction
	for _, b := range e.fn.Blocks {
		for _, in := range b.Insts {
			if in.Op == spirv.OpStore && len(in.Operands) >= 2 && spirv.ID(in.Operands[0]) == v.Result {
				if stored != nil {
					return e.t.errAt(in, "an image or sampler variable stored twice")
				}
				stored = in
			}
		}
	}
	if stored == nil {
		return e.t.errAt(v, "an image or sampler variable never stored")
	}
	s, err := e.val(spirv.ID(stored.Operands[1]))
	if err != nil {
		return e.t.errAt(stored, "%v", err)
	}
	e.handleVar[v.Result] = s
	return nil
}

// inLoop reports whether block b belongs to the loop headed by h.
func (e *fnEmitter) inLoop(h, b int) bool { return e.loops[h][b] }
