package lower

import "github.com/clgo/clgo/compiler/syntax"

// inspect calls f for n and every statement and expression below it, in
// source order (type expressions are not entered).
func inspect(n syntax.Node, f func(syntax.Node)) {
	if n == nil {
		return
	}
	f(n)
	switch n := n.(type) {
	case *syntax.BlockStmt:
		for _, s := range n.Stmts {
			inspect(s, f)
		}
	case *syntax.DeclStmt:
		for _, d := range n.Decls {
			if v, ok := d.(*syntax.VarDecl); ok {
				inspect(v, f)
			}
		}
	case *syntax.VarDecl:
		if n.Init != nil {
			inspect(n.Init, f)
		}
	case *syntax.ExprStmt:
		inspect(n.X, f)
	case *syntax.IfStmt:
		inspect(n.Cond, f)
		inspect(n.Then, f)
		if n.Else != nil {
			inspect(n.Else, f)
		}
	case *syntax.ForStmt:
		if n.Init != nil {
			inspect(n.Init, f)
		}
		if n.Cond != nil {
			inspect(n.Cond, f)
		}
		if n.Post != nil {
			inspect(n.Post, f)
		}
		inspect(n.Body, f)
	case *syntax.WhileStmt:
		inspect(n.Cond, f)
		inspect(n.Body, f)
	case *syntax.DoStmt:
		inspect(n.Body, f)
		inspect(n.Cond, f)
	case *syntax.SwitchStmt:
		inspect(n.Tag, f)
		inspect(n.Body, f)
	case *syntax.CaseStmt:
		if n.Value != nil {
			inspect(n.Value, f)
		}
	case *syntax.ReturnStmt:
		if n.Result != nil {
			inspect(n.Result, f)
		}
	case *syntax.ParenExpr:
		inspect(n.X, f)
	case *syntax.UnaryExpr:
		inspect(n.X, f)
	case *syntax.BinaryExpr:
		inspect(n.X, f)
		inspect(n.Y, f)
	case *syntax.AssignExpr:
		inspect(n.X, f)
		inspect(n.Y, f)
	case *syntax.CommaExpr:
		inspect(n.X, f)
		inspect(n.Y, f)
	case *syntax.CondExpr:
		inspect(n.Cond, f)
		inspect(n.X, f)
		inspect(n.Y, f)
	case *syntax.CallExpr:
		inspect(n.Fun, f)
		for _, a := range n.Args {
			inspect(a, f)
		}
	case *syntax.IndexExpr:
		inspect(n.X, f)
		inspect(n.Index, f)
	case *syntax.SelectorExpr:
		inspect(n.X, f)
	case *syntax.CastExpr:
		inspect(n.X, f)
	case *syntax.CompoundLit:
		inspect(n.Init, f)
	case *syntax.SizeofExpr:
		// The operand of sizeof is not evaluated.
	case *syntax.InitList:
		for _, e := range n.Elems {
			inspect(e.Value, f)
		}
	}
}
