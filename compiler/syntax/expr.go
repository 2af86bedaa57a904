package syntax

import (
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// isBad says whether x failed to parse: operators after it are not
// looked at, so that one mistake gives one error.
func isBad(x Expr) bool {
	_, bad := x.(*BadExpr)
	return bad
}

// expr parses a full expression, comma operator included.
func (p *parser) expr() Expr {
	x := p.assignExpr()
	for n := 1; p.is(",") && !isBad(x); n++ {
		pos := p.tok.pos
		p.next()
		x = &CommaExpr{At: pos, X: x, Y: p.assignExpr()}
		if n%chainCheck == 0 && p.tooTall(x, n) {
			return &BadExpr{At: pos}
		}
	}
	return x
}

var assignOps = map[string]Op{
	"=": 0, "*=": Mul, "/=": Div, "%=": Rem, "+=": Add, "-=": Sub,
	"<<=": Shl, ">>=": Shr, "&=": And, "^=": Xor, "|=": Or,
}

// assignExpr parses an assignment-expression (right associative).
func (p *parser) assignExpr() Expr {
	x := p.condExpr()
	if p.tok.kind == tPunct && !isBad(x) {
		if op, ok := assignOps[p.tok.text]; ok {
			pos := p.tok.pos
			p.next()
			// a = b = c = ... recurses: bound it as nesting.
			if !p.enter() {
				return &BadExpr{At: pos}
			}
			defer p.leave()
			return &AssignExpr{At: pos, Op: op, X: x, Y: p.assignExpr()}
		}
	}
	return x
}

// condExpr parses a conditional-expression.
func (p *parser) condExpr() Expr {
	x := p.binaryExpr(1)
	if !p.is("?") || isBad(x) {
		return x
	}
	pos := p.tok.pos
	p.next()
	if !p.enter() {
		return &BadExpr{At: pos}
	}
	defer p.leave()
	mid := p.expr()
	if !p.is(":") {
		if p.errorAt(p.tok.pos, "expected ':'") {
			p.diags.Notef(pos, "to match this '?'")
		}
		return &CondExpr{At: pos, Cond: x, X: mid, Y: &BadExpr{At: p.tok.pos}}
	}
	p.next()
	return &CondExpr{At: pos, Cond: x, X: mid, Y: p.condExpr()}
}

type binOp struct {
	op   Op
	prec int
}

var binOps = map[string]binOp{
	"||": {LogOr, 1}, "&&": {LogAnd, 2}, "|": {Or, 3}, "^": {Xor, 4}, "&": {And, 5},
	"==": {Eql, 6}, "!=": {Neq, 6},
	"<": {Lss, 7}, ">": {Gtr, 7}, "<=": {Leq, 7}, ">=": {Geq, 7},
	"<<": {Shl, 8}, ">>": {Shr, 8}, "+": {Add, 9}, "-": {Sub, 9},
	"*": {Mul, 10}, "/": {Div, 10}, "%": {Rem, 10},
}

// binaryExpr parses binary operators of precedence prec and above by
// precedence climbing; all are left associative.
func (p *parser) binaryExpr(prec int) Expr {
	x := p.castExpr()
	for n := 1; p.tok.kind == tPunct && !isBad(x); n++ {
		b, ok := binOps[p.tok.text]
		if !ok || b.prec < prec {
			break
		}
		pos := p.tok.pos
		p.next()
		x = &BinaryExpr{At: pos, Op: b.op, X: x, Y: p.binaryExpr(b.prec + 1)}
		if n%chainCheck == 0 && p.tooTall(x, n) {
			return &BadExpr{At: pos}
		}
	}
	return x
}

// castExpr parses a cast, a compound literal or a unary expression.
func (p *parser) castExpr() Expr {
	pos := p.tok.pos
	if !p.enter() {
		return &BadExpr{At: pos}
	}
	defer p.leave()
	if p.is("(") && p.startsTypeName(p.peek(1)) {
		p.next()
		t := p.typeName()
		p.closing(")", pos, "(")
		if p.is("{") {
			return p.postfix(&CompoundLit{At: pos, Type: t, Init: p.initList()})
		}
		return &CastExpr{At: pos, Type: t, X: p.castExpr()}
	}
	return p.unaryExpr()
}

var unaryOps = map[string]Op{
	"+": Plus, "-": Neg, "!": Not, "~": Compl, "*": Deref, "&": Addr,
}

var sizeofKinds = map[string]SizeofKind{
	"sizeof": Sizeof, "__alignof__": Alignof, "vec_step": VecStep,
}

func (p *parser) unaryExpr() Expr {
	pos := p.tok.pos
	switch p.tok.kind {
	case tPunct:
		switch p.tok.text {
		case "++", "--":
			op := PreInc
			if p.tok.text == "--" {
				op = PreDec
			}
			p.next()
			return &UnaryExpr{At: pos, Op: op, X: p.castExpr()}
		}
		if op, ok := unaryOps[p.tok.text]; ok {
			p.next()
			return &UnaryExpr{At: pos, Op: op, X: p.castExpr()}
		}
	case tKeyword:
		if k, ok := sizeofKinds[p.tok.text]; ok {
			p.next()
			return p.sizeofExpr(pos, k)
		}
	}
	return p.postfix(p.primary())
}

// sizeofExpr parses the operand of sizeof, __alignof__ or vec_step.
func (p *parser) sizeofExpr(pos diag.Pos, k SizeofKind) Expr {
	if p.is("(") && p.startsTypeName(p.peek(1)) {
		open := p.tok.pos
		p.next()
		t := p.typeName()
		p.closing(")", open, "(")
		if p.is("{") {
			return &SizeofExpr{At: pos, Kind: k, X: p.postfix(&CompoundLit{At: open, Type: t, Init: p.initList()})}
		}
		return &SizeofExpr{At: pos, Kind: k, Type: t}
	}
	if !p.enter() {
		return &BadExpr{At: pos}
	}
	defer p.leave()
	return &SizeofExpr{At: pos, Kind: k, X: p.unaryExpr()}
}

// postfix parses the suffixes of a postfix expression.
func (p *parser) postfix(x Expr) Expr {
	for n := 1; p.tok.kind == tPunct; n++ {
		pos := p.tok.pos
		if n%chainCheck == 0 && p.tooTall(x, n) {
			return &BadExpr{At: pos}
		}
		switch p.tok.text {
		case "[":
			p.next()
			i := p.expr()
			p.closing("]", pos, "[")
			x = &IndexExpr{At: pos, X: x, Index: i}
		case "(":
			p.next()
			c := &CallExpr{At: pos, Fun: x}
			for !p.is(")") && p.tok.kind != tEOF {
				c.Args = append(c.Args, p.assignExpr())
				if !p.got(",") {
					break
				}
			}
			p.closing(")", pos, "(")
			x = c
		case ".", "->":
			arrow := p.tok.text == "->"
			p.next()
			if p.tok.kind != tName {
				p.errorAt(p.tok.pos, "expected member name")
				return &BadExpr{At: pos}
			}
			x = &SelectorExpr{At: p.tok.pos, X: x, Sel: p.tok.text, Arrow: arrow}
			p.next()
		case "++":
			p.next()
			x = &UnaryExpr{At: pos, Op: PostInc, X: x}
		case "--":
			p.next()
			x = &UnaryExpr{At: pos, Op: PostDec, X: x}
		default:
			return x
		}
	}
	return x
}

func (p *parser) primary() Expr {
	t := p.tok
	switch t.kind {
	case tName:
		if p.startsTypeName(t) {
			p.errorAt(t.pos, "unexpected type name '%s': expected expression", t.text)
			p.next()
			return &BadExpr{At: t.pos}
		}
		p.next()
		return &Ident{At: t.pos, Name: t.text}
	case tInt, tFloat, tChar:
		p.next()
		k := IntLit
		if t.kind == tFloat {
			k = FloatLit
		} else if t.kind == tChar {
			k = CharLit
		}
		return &BasicLit{At: t.pos, Kind: k, Value: t.text}
	case tString:
		p.next()
		if p.tok.kind != tString {
			return &BasicLit{At: t.pos, Kind: StringLit, Value: t.text}
		}
		// Adjacent literals concatenate; a Builder keeps many of them linear.
		var s strings.Builder
		s.WriteString(t.text)
		for p.tok.kind == tString {
			s.WriteString(p.tok.text)
			p.next()
		}
		return &BasicLit{At: t.pos, Kind: StringLit, Value: s.String()}
	case tPunct:
		if t.text == "(" {
			p.next()
			x := p.expr()
			p.closing(")", t.pos, "(")
			return &ParenExpr{At: t.pos, X: x}
		}
	}
	p.errorAt(t.pos, "expected expression")
	return &BadExpr{At: t.pos}
}

// initializer parses an initializer: an assignment-expression or a list.
func (p *parser) initializer() Expr {
	if p.is("{") {
		return p.initList()
	}
	return p.assignExpr()
}

// initList parses `{ [designators =] init, ... }`.
func (p *parser) initList() *InitList {
	il := &InitList{At: p.tok.pos}
	p.next()
	if !p.enter() {
		il.End = p.tok.pos
		return il
	}
	defer p.leave()
	for !p.is("}") && p.tok.kind != tEOF {
		e := &InitElem{}
		for p.is(".") || p.is("[") {
			d := Designator{At: p.tok.pos}
			if p.got(".") {
				if p.tok.kind != tName {
					p.errorAt(p.tok.pos, "expected a field designator, such as '.field = 4'")
					break
				}
				d.Field = p.tok.text
				p.next()
			} else {
				p.next()
				d.Index = p.condExpr()
				p.closing("]", d.At, "[")
			}
			e.Designators = append(e.Designators, d)
		}
		if len(e.Designators) > 0 {
			p.expect("=", "expected '=' or another designator")
		}
		e.Value = p.initializer()
		il.Elems = append(il.Elems, e)
		if _, bad := e.Value.(*BadExpr); bad {
			for !p.is(",") && !p.is("}") && !p.is(";") && p.tok.kind != tEOF {
				p.next()
			}
		}
		if !p.got(",") {
			break
		}
	}
	il.End = p.tok.pos
	p.closing("}", il.At, "{")
	return il
}
