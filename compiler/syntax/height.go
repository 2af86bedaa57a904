package syntax

// Operator chains (a + b + ... + z, x.s0.s0..., f()()(), a, b, ...) are
// parsed by loops, not recursion, but they build left-deep trees that every
// later stage (checker, lowering, printers) walks recursively. maxHeight
// bounds the height of those trees, so that no input can make a later
// stage recurse without bound; nesting by recursion is bounded by maxDepth.
const maxHeight = 8192

// chainCheck is how many operators a loop combines before the height of
// its result is measured: short chains cost nothing, and nested short
// chains stay within maxDepth * chainCheck levels.
const chainCheck = 32

// tooTall reports, once, an expression built by a loop that is higher than
// maxHeight allows at the current nesting, and stops parsing as the
// nesting limit does. It returns whether x may be kept.
func (p *parser) tooTall(x Expr, ops int) bool {
	if ops < chainCheck || p.fatal {
		return false
	}
	if height(x, maxHeight-p.depth) <= maxHeight-p.depth {
		return false
	}
	p.diags.Errorf(x.Pos(), "expression is nested too deeply (more than %d levels of operators)", maxHeight)
	p.fatal = true
	p.i = len(p.toks) - 1
	p.tok = p.toks[p.i]
	return true
}

// height returns the height of expression e, or limit+1 when it is
// higher: it recurses at most limit+1 levels.
func height(e Expr, limit int) int {
	if e == nil {
		return 0
	}
	if limit < 0 {
		return 1
	}
	h := 0
	sub := func(x Expr) {
		if h <= limit {
			if d := height(x, limit-1); d > h {
				h = d
			}
		}
	}
	switch x := e.(type) {
	case *ParenExpr:
		sub(x.X)
	case *UnaryExpr:
		sub(x.X)
	case *BinaryExpr:
		sub(x.X)
		sub(x.Y)
	case *AssignExpr:
		sub(x.X)
		sub(x.Y)
	case *CommaExpr:
		sub(x.X)
		sub(x.Y)
	case *CondExpr:
		sub(x.Cond)
		sub(x.X)
		sub(x.Y)
	case *CallExpr:
		sub(x.Fun)
		for _, a := range x.Args {
			sub(a)
		}
	case *IndexExpr:
		sub(x.X)
		sub(x.Index)
	case *SelectorExpr:
		sub(x.X)
	case *CastExpr:
		sub(x.X)
	case *SizeofExpr:
		sub(x.X)
	case *CompoundLit:
		if x.Init != nil {
			sub(x.Init)
		}
	case *InitList:
		for _, el := range x.Elems {
			sub(el.Value)
		}
	}
	return h + 1
}
