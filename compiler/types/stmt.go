package types

import (
	"fmt"
	"github.com/clgo/clgo/compiler/diag"

	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) stmt(s syntax.Stmt) {
	c.at = posOf(s)
	switch s := s.(type) {
	case *syntax.BlockStmt:
		c.pushScope()
		for _, x := range s.Stmts {
			c.stmt(x)
		}
		c.popScope()
	case *syntax.DeclStmt:
		for _, d := range s.Decls {
			c.localDecl(d)
		}
	case *syntax.ExprStmt:
		if s.X != nil {
			c.discard(s.X)
			c.unusedResult(s.X, false)
		}
	case *syntax.IfStmt:
		c.assignAsCondition(s.Cond)
		c.condition(s.Cond)
		c.stmt(s.Then)
		if s.Else != nil {
			c.stmt(s.Else)
		}
	case *syntax.ForStmt:
		c.pushScope()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		if s.Cond != nil {
			c.assignAsCondition(s.Cond)
			c.condition(s.Cond)
		}
		if s.Post != nil {
			c.discard(s.Post)
			c.unusedResult(s.Post, false)
		}
		c.loopAttrs(s.Attrs)
		c.loops++
		c.stmt(s.Body)
		c.loops--
		c.popScope()
	case *syntax.WhileStmt:
		c.assignAsCondition(s.Cond)
		c.condition(s.Cond)
		c.loops++
		c.stmt(s.Body)
		c.loops--
	case *syntax.DoStmt:
		c.loops++
		c.stmt(s.Body)
		c.loops--
		c.assignAsCondition(s.Cond)
		c.condition(s.Cond)
	case *syntax.SwitchStmt:
		c.switchStmt(s)
	case *syntax.CaseStmt:
		c.caseStmt(s)
	case *syntax.BreakStmt:
		if c.loops == 0 && len(c.switches) == 0 {
			c.errorf(s, "'break' statement not in loop or switch statement")
		}
	case *syntax.ContinueStmt:
		if c.loops == 0 {
			c.errorf(s, "'continue' statement not in loop statement")
		}
	case *syntax.ReturnStmt:
		c.returnStmt(s)
	case *syntax.GotoStmt:
		c.gotos = append(c.gotos, s)
	case *syntax.LabelStmt:
		if c.labels[s.Name] {
			c.errorf(s, "redefinition of label '%s'", s.Name)
		}
		c.labels[s.Name] = true
	case *syntax.PragmaStmt:
		c.pragma(s.Pragma)
	case *syntax.EmptyStmt, *syntax.BadStmt, nil:
	}
}

func (c *checker) localDecl(d syntax.Decl) {
	switch d := d.(type) {
	case *syntax.StaticAssertDecl:
		c.staticAssert(d)
	case *syntax.VarDecl:
		c.varDecl(d, false)
	case *syntax.TypedefDecl:
		c.typedefDecl(d)
	case *syntax.TagDecl:
		if d.Type != nil {
			c.typeExpr(d.Type)
		}
	case *syntax.FuncDecl:
		if d.Body != nil {
			c.errorf(d, "function definition is not allowed here")
			return
		}
		// A block-scope prototype declares a program-scope function.
		saved, fn, exts := c.scope, c.fn, c.fnExts
		c.scope, c.fn, c.fnExts = c.files, nil, nil
		c.funcDecl(d)
		c.scope, c.fn, c.fnExts = saved, fn, exts
	case *syntax.PragmaDecl:
		c.pragma(d.Pragma)
	}
}

func (c *checker) loopAttrs(attrs []*syntax.Attr) {
	for _, a := range attrs {
		if a.Name != "opencl_unroll_hint" || len(a.Args) == 0 {
			continue
		}
		e, ok := a.Args[0].(syntax.Expr)
		if !ok {
			continue
		}
		tv := c.rvalueExpr(e)
		if !IsInvalid(tv.Type) && (!tv.IsConst() || tv.Value.Kind != IntConst || tv.Value.Int <= 0) {
			c.errorf(e, "'opencl_unroll_hint' attribute requires a positive integral compile time constant expression")
		}
	}
}

func (c *checker) switchStmt(s *syntax.SwitchStmt) {
	tv := c.rvalueExpr(s.Tag)
	var t Type = Typ[Invalid]
	if !IsInvalid(tv.Type) {
		if !isScalarInt(tv.Type) {
			c.errorf(s.Tag, "statement requires expression of integer type (%s invalid)", quote(tv.Type))
		} else {
			t = Typ[promote(Scalar(tv.Type).Kind)]
			c.convert(s.Tag, tv, t)
		}
	}
	c.switches = append(c.switches, &switchState{tag: t, seen: map[int64]diag.Pos{}})
	c.stmt(s.Body)
	c.switches = c.switches[:len(c.switches)-1]
}

func (c *checker) caseStmt(s *syntax.CaseStmt) {
	if len(c.switches) == 0 {
		if s.Value == nil {
			c.errorf(s, "'default' statement not in switch statement")
		} else {
			c.rvalueExpr(s.Value)
			c.errorf(s, "'case' statement not in switch statement")
		}
		return
	}
	sw := c.switches[len(c.switches)-1]
	if s.Value == nil {
		if sw.hasDefault {
			c.errorf(s, "multiple default labels in one switch")
			c.notef(sw.defaultAt, "previous case defined here")
		}
		sw.hasDefault, sw.defaultAt = true, s.At
		return
	}
	tv := c.rvalueExpr(s.Value)
	if IsInvalid(tv.Type) {
		return
	}
	if !isScalarInt(tv.Type) || !tv.IsConst() || tv.Value.Kind != IntConst {
		c.errorf(s.Value, "expression is not an integer constant expression")
		return
	}
	if IsInvalid(sw.tag) {
		return
	}
	v := c.convert(s.Value, tv, sw.tag).Value
	if prev, dup := sw.seen[v.Int]; dup {
		c.errorf(s.Value, "duplicate case value '%s'", caseString(v, sw.tag))
		c.notef(prev, "previous case defined here")
		return
	}
	sw.seen[v.Int] = posOf(s.Value)
}

func caseString(v Value, t Type) string {
	if ElemKind(t).IsUnsigned() || ElemKind(t) == ULong {
		return fmt.Sprint(v.Uint64())
	}
	return fmt.Sprint(v.Int)
}

func (c *checker) returnStmt(s *syntax.ReturnStmt) {
	if c.fn == nil {
		return
	}
	rt := c.fn.Sig.Result
	if s.Result == nil {
		if !IsVoid(rt) && !IsInvalid(rt) {
			c.errorf(s, "non-void function '%s' should return a value", c.fn.Name)
		}
		return
	}
	tv := c.rvalueExpr(s.Result)
	if IsVoid(rt) {
		if !IsVoid(tv.Type) && !IsInvalid(tv.Type) {
			c.errorf(s.Result, "void function '%s' should not return a value", c.fn.Name)
		}
		return
	}
	if IsVoid(tv.Type) {
		c.errorf(s.Result, "returning 'void' from a function with incompatible result type %s", quote(rt))
		return
	}
	c.assign(s.Result, tv, rt, ctxReturn)
}

// canFallThrough reports whether control may reach the end of a function
// body (for the missing-return warning); it is conservative in the
// direction of not warning.
func canFallThrough(b *syntax.BlockStmt) bool { return !terminates(b) }

func terminates(s syntax.Stmt) bool {
	switch s := s.(type) {
	case *syntax.ReturnStmt, *syntax.GotoStmt:
		return true
	case *syntax.BlockStmt:
		for i := len(s.Stmts) - 1; i >= 0; i-- {
			switch s.Stmts[i].(type) {
			case *syntax.EmptyStmt, *syntax.PragmaStmt:
				continue
			}
			return terminates(s.Stmts[i])
		}
		return false
	case *syntax.IfStmt:
		return s.Else != nil && terminates(s.Then) && terminates(s.Else)
	case *syntax.ForStmt:
		return s.Cond == nil && !hasBreak(s.Body)
	case *syntax.WhileStmt:
		return isTrueLit(s.Cond) && !hasBreak(s.Body)
	case *syntax.DoStmt:
		return terminates(s.Body) || isTrueLit(s.Cond) && !hasBreak(s.Body)
	case *syntax.SwitchStmt:
		b, ok := s.Body.(*syntax.BlockStmt)
		if !ok || hasBreak(s.Body) {
			return false
		}
		hasDefault := false
		for _, x := range b.Stmts {
			if cs, ok := x.(*syntax.CaseStmt); ok && cs.Value == nil {
				hasDefault = true
			}
		}
		return hasDefault && terminates(b)
	}
	return false
}

func isTrueLit(e syntax.Expr) bool {
	l, ok := unparen(e).(*syntax.BasicLit)
	return ok && l.Kind == syntax.IntLit && l.Value != "0" && l.Value != "0u" && l.Value != "0U"
}

// hasBreak reports whether s contains a break that leaves s (not one of an
// inner loop or switch).
func hasBreak(s syntax.Stmt) bool {
	switch s := s.(type) {
	case *syntax.BreakStmt:
		return true
	case *syntax.BlockStmt:
		for _, x := range s.Stmts {
			if hasBreak(x) {
				return true
			}
		}
	case *syntax.IfStmt:
		return hasBreak(s.Then) || s.Else != nil && hasBreak(s.Else)
	}
	return false
}
