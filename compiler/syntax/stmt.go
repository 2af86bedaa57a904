package syntax

import "github.com/clgo/clgo/compiler/diag"

// blockStmt parses `{ ... }` in a new scope.
func (p *parser) blockStmt() *BlockStmt {
	b := &BlockStmt{At: p.tok.pos}
	if !p.expect("{", "") {
		b.End = p.tok.pos
		return b
	}
	p.pushScope()
	b.Stmts = p.stmtList()
	p.popScope()
	b.End = p.tok.pos
	p.closing("}", b.At, "{")
	return b
}

// stmtList parses statements up to a '}' or EOF. Labels and case labels
// are markers in the list.
func (p *parser) stmtList() []Stmt {
	var list []Stmt
	for {
		for _, pr := range p.takePragmas() {
			list = append(list, &PragmaStmt{Pragma: pr})
		}
		if p.is("}") || p.tok.kind == tEOF {
			break
		}
		start := p.i
		s := p.stmt(true)
		list = append(list, s)
		if p.i == start && !p.fatal {
			p.next() // an error was reported; make progress
		}
	}
	if n := len(list); n > 0 && p.is("}") {
		switch list[n-1].(type) {
		case *CaseStmt, *LabelStmt:
			p.errorAt(p.tok.pos, "label at end of compound statement: expected statement")
		}
	}
	return list
}

// stmt parses one statement. In a list (inList) a label is returned as a
// marker on its own; elsewhere it is grouped with the statement it labels.
func (p *parser) stmt(inList bool) Stmt {
	pos := p.tok.pos
	if !p.enter() {
		return &BadStmt{At: pos}
	}
	defer p.leave()
	if !inList && len(p.pending) > 0 {
		// `if (c)\n#pragma unroll\nfor ...`: keep the pragma with the
		// statement it precedes.
		var list []Stmt
		for _, pr := range p.takePragmas() {
			list = append(list, &PragmaStmt{Pragma: pr})
		}
		s := p.stmt(false)
		return &BlockStmt{At: pos, Stmts: append(list, s), End: pos}
	}
	if p.tok.kind == tName && p.peek(1).is(":") {
		l := &LabelStmt{At: pos, Name: p.tok.text}
		p.next()
		p.next()
		return p.labeled(l, inList)
	}
	switch p.tok.text {
	case "{":
		if p.tok.kind == tPunct {
			return p.blockStmt()
		}
	case ";":
		if p.tok.kind == tPunct {
			p.next()
			return &EmptyStmt{At: pos}
		}
	}
	if p.tok.kind == tKeyword {
		switch p.tok.text {
		case "if":
			return p.ifStmt()
		case "while":
			return p.whileStmt(nil)
		case "do":
			return p.doStmt(nil)
		case "for":
			return p.forStmt(nil)
		case "switch":
			return p.switchStmt()
		case "case":
			p.next()
			c := &CaseStmt{At: pos, Value: p.condExpr()}
			if !p.expect(":", "expected ':' after 'case'") {
				p.got(";")
			}
			return p.labeled(c, inList)
		case "default":
			p.next()
			p.expect(":", "expected ':' after 'default'")
			return p.labeled(&CaseStmt{At: pos}, inList)
		case "break":
			p.next()
			p.semi("expected ';' after break statement")
			return &BreakStmt{At: pos}
		case "continue":
			p.next()
			p.semi("expected ';' after continue statement")
			return &ContinueStmt{At: pos}
		case "return":
			p.next()
			r := &ReturnStmt{At: pos}
			if !p.is(";") {
				r.Result = p.expr()
			}
			p.semi("expected ';' after return statement")
			return r
		case "goto":
			p.next()
			g := &GotoStmt{At: pos}
			if p.tok.kind != tName {
				p.errorAt(p.tok.pos, "expected identifier")
				p.skipTo()
				return g
			}
			g.Label, g.LabelAt = p.tok.text, p.tok.pos
			p.next()
			p.semi("expected ';' after goto statement")
			return g
		case "__attribute__":
			attrs := p.attributes()
			switch {
			case p.is("for"):
				return p.forStmt(attrs)
			case p.is("while"):
				return p.whileStmt(attrs)
			case p.is("do"):
				return p.doStmt(attrs)
			case p.startsDecl(p.tok) || p.unknownTypeName(false):
				return declStmt(pos, p.declaration(blockCtx, attrs))
			}
			// `__attribute__((fallthrough));` marks a deliberate fall
			// into the next case label, as clang takes it.
			if len(attrs) > 0 && !(attrs[0].Name == "fallthrough" && p.is(";")) {
				p.diags.Warnf(attrs[0].At, "'%s' attribute ignored on this statement", attrs[0].Name)
			}
			return p.stmt(inList)
		case "else":
			p.errorAt(pos, "expected expression")
			p.next()
			return &BadStmt{At: pos}
		}
	}
	if p.isStaticAssert() {
		return &DeclStmt{At: pos, Decls: []Decl{p.staticAssert()}}
	}
	if p.startsDecl(p.tok) || p.unknownTypeName(false) {
		return declStmt(pos, p.declaration(blockCtx, nil))
	}
	x := p.expr()
	if _, bad := x.(*BadExpr); bad {
		p.skipTo()
		return &BadStmt{At: pos}
	}
	p.semi("expected ';' after expression")
	return &ExprStmt{X: x}
}

// labeled returns a label marker, grouped with the statement it labels
// when not in a list.
func (p *parser) labeled(l Stmt, inList bool) Stmt {
	if inList {
		return l
	}
	return &BlockStmt{At: l.Pos(), Stmts: []Stmt{l, p.stmt(false)}, End: p.tok.pos}
}

// semi expects the ';' ending a statement, resynchronising on a mismatch.
func (p *parser) semi(msg string) {
	if !p.expect(";", msg) {
		p.skipTo()
	}
}

// parenCond parses `( expr )` after if/while/switch.
// On a missing '(' it skips the statement and returns nil.
func (p *parser) parenCond(kw string) Expr {
	open := p.tok.pos
	if !p.expect("(", "expected '(' after '"+kw+"'") {
		p.skipTo()
		return nil
	}
	x := p.expr()
	p.closing(")", open, "(")
	return x
}

func (p *parser) ifStmt() Stmt {
	s := &IfStmt{At: p.tok.pos}
	p.next()
	if s.Cond = p.parenCond("if"); s.Cond == nil {
		return &BadStmt{At: s.At}
	}
	s.Then = p.stmt(false)
	// `else if` chains are parsed iteratively: long ones are common in
	// generated code and must not hit the nesting limit.
	for cur, n := s, 1; p.got("else"); n++ {
		if p.depth+n > maxHeight && !p.fatal {
			// Later stages walk the chain recursively: bound it as
			// operator chains are.
			p.diags.Errorf(p.tok.pos, "'else if' chain is too long (more than %d)", maxHeight)
			p.fatal = true
			p.i = len(p.toks) - 1
			p.tok = p.toks[p.i]
			return &BadStmt{At: s.At}
		}
		if !p.is("if") {
			cur.Else = p.stmt(false)
			break
		}
		next := &IfStmt{At: p.tok.pos}
		p.next()
		if next.Cond = p.parenCond("if"); next.Cond == nil {
			cur.Else = &BadStmt{At: next.At}
			break
		}
		next.Then = p.stmt(false)
		cur.Else, cur = next, next
	}
	return s
}

func (p *parser) whileStmt(attrs []*Attr) Stmt {
	s := &WhileStmt{At: p.tok.pos, Attrs: attrs}
	p.next()
	if s.Cond = p.parenCond("while"); s.Cond == nil {
		return &BadStmt{At: s.At}
	}
	s.Body = p.stmt(false)
	return s
}

func (p *parser) doStmt(attrs []*Attr) Stmt {
	s := &DoStmt{At: p.tok.pos, Attrs: attrs}
	p.next()
	s.Body = p.stmt(false)
	if !p.expect("while", "expected 'while' in do/while loop") {
		p.skipTo()
		s.Cond = &BadExpr{At: p.tok.pos}
		return s
	}
	if s.Cond = p.parenCond("while"); s.Cond == nil {
		s.Cond = &BadExpr{At: p.tok.pos}
		return s
	}
	p.semi("expected ';' after do/while statement")
	return s
}

func (p *parser) forStmt(attrs []*Attr) Stmt {
	s := &ForStmt{At: p.tok.pos, Attrs: attrs}
	p.next()
	open := p.tok.pos
	if !p.expect("(", "expected '(' after 'for'") {
		p.skipTo()
		s.Body = &BadStmt{At: p.tok.pos}
		return s
	}
	p.pushScope()
	defer p.popScope()
	switch {
	case p.got(";"):
	case p.startsDecl(p.tok) || p.unknownTypeName(false):
		if d, ok := declStmt(p.tok.pos, p.declaration(forCtx, nil)).(*DeclStmt); ok {
			s.Init = d
		}
	default:
		s.Init = &ExprStmt{X: p.expr()}
		p.expect(";", "expected ';' in 'for' statement specifier")
	}
	if !p.is(";") {
		s.Cond = p.expr()
	}
	p.expect(";", "expected ';' in 'for' statement specifier")
	if !p.is(")") {
		s.Post = p.expr()
	}
	p.closing(")", open, "(")
	s.Body = p.stmt(false)
	return s
}

func (p *parser) switchStmt() Stmt {
	s := &SwitchStmt{At: p.tok.pos}
	p.next()
	if s.Tag = p.parenCond("switch"); s.Tag == nil {
		return &BadStmt{At: s.At}
	}
	s.Body = p.stmt(false)
	return s
}

// declStmt is a declaration statement, or an empty statement for a
// declaration that declares nothing (`local int;`, warned about), which
// has nothing to print and would not survive Format.
func declStmt(pos diag.Pos, decls []Decl) Stmt {
	if len(decls) == 0 {
		return &EmptyStmt{At: pos}
	}
	return &DeclStmt{At: pos, Decls: decls}
}
