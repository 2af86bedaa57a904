package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// The size of code for unrolling's budget (unroll.go): syntax nodes, a
// vector expression counting its components, a call counting its callee's
// body (every call is inlined) and a loop that unrolls counting as its
// copies. Sizes saturate at sizeCap, so that
// calls nesting exponentially cannot overflow the count.

const sizeCap = int64(1) << 40

func addSize(a, b int64) int64 { return min(a+b, sizeCap) }

// stmtSize is the size of statement s.
func (fs *fnState) stmtSize(s syntax.Stmt) int64 {
	return fs.stmtSizeHint(s, unrollHint{})
}

// stmtSizeHint is the size of s, which the pragma hint h precedes.
func (fs *fnState) stmtSizeHint(s syntax.Stmt, h unrollHint) int64 {
	switch s := s.(type) {
	case nil:
		return 0
	case *syntax.BlockStmt:
		n := int64(1)
		var pending unrollHint
		for _, x := range s.Stmts {
			if pr, ok := x.(*syntax.PragmaStmt); ok {
				if ph, ok := parseUnrollPragma(pr.Pragma.Text); ok {
					pending = ph
				}
				continue
			}
			n = addSize(n, fs.stmtSizeHint(x, pending))
			pending = unrollHint{}
		}
		return n
	case *syntax.ForStmt:
		init := fs.stmtSizeHint(s.Init, unrollHint{})
		if fs.opts.Unroll && !fs.noUnroll {
			if p := fs.planUnroll(s, h); p != nil {
				return addSize(init, p.size)
			}
		}
		n := addSize(1+init, addSize(fs.nodeSize(s.Cond), fs.nodeSize(s.Post)))
		return addSize(n, fs.stmtSize(s.Body))
	case *syntax.IfStmt:
		n := addSize(1+fs.nodeSize(s.Cond), fs.stmtSize(s.Then))
		return addSize(n, fs.stmtSize(s.Else))
	case *syntax.WhileStmt:
		return addSize(1+fs.nodeSize(s.Cond), fs.stmtSize(s.Body))
	case *syntax.DoStmt:
		return addSize(1+fs.nodeSize(s.Cond), fs.stmtSize(s.Body))
	case *syntax.SwitchStmt:
		return addSize(1+fs.nodeSize(s.Tag), fs.stmtSize(s.Body))
	}
	return fs.nodeSize(s)
}

// nodeSize is the size of an expression or a statement without
// statements inside: its nodes, and the bodies of the user functions it
// calls.
func (fs *fnState) nodeSize(n syntax.Node) int64 {
	if n == nil {
		return 0
	}
	size := int64(0)
	inspect(n, func(x syntax.Node) {
		size = addSize(size, fs.nodeWeight(x))
		if c, ok := x.(*syntax.CallExpr); ok {
			if f := fs.info.Calls[c].Func; f != nil {
				size = addSize(size, fs.funcSize(f))
			}
		}
	})
	return size
}

// nodeWeight is what one node counts: the components of a vector
// expression's value, since each is an operation of its own on devices
// without vector registers that wide (the host device runs a float16 add
// as 16 lane operations), and 1 for anything else.
func (fs *fnState) nodeWeight(x syntax.Node) int64 {
	if e, ok := x.(syntax.Expr); ok {
		if v, ok := types.Underlying(fs.info.Types[e].Type).(*types.Vector); ok {
			return int64(v.Len)
		}
	}
	return 1
}

// funcSize is the size of user function f's body, found once.
func (fs *fnState) funcSize(f *types.Func) int64 {
	if f.Decl == nil || f.Decl.Body == nil {
		return 0
	}
	us := fs.unrollState()
	if n, ok := us.sizes[f]; ok {
		return n
	}
	us.sizes[f] = sizeCap // a call back into f while sizing it (recursion) is never small
	n := fs.stmtSize(f.Decl.Body)
	us.sizes[f] = n
	return n
}
