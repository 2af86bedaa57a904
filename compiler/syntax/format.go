package syntax

import (
	"strconv"
	"strings"
)

// Format prints n back as OpenCL C source. Parentheses appear where the
// tree has ParenExprs, plus where precedence demands them in a tree built
// by hand, so parse → Format → parse gives the same tree.
func Format(n Node) string {
	f := &formatter{}
	f.node(n)
	return f.b.String()
}

type formatter struct {
	b      strings.Builder
	indent int
}

func (f *formatter) w(ss ...string) {
	for _, s := range ss {
		f.b.WriteString(s)
	}
}

func (f *formatter) nl() {
	f.b.WriteByte('\n')
	for i := 0; i < f.indent; i++ {
		f.b.WriteByte('\t')
	}
}

func (f *formatter) node(n Node) {
	switch n := n.(type) {
	case *File:
		f.decls(n.Decls, true)
	case Decl:
		f.decls([]Decl{n}, true)
	case Stmt:
		f.stmt(n)
	case Expr:
		f.expr(n, 0)
	case TypeExpr:
		f.w(typeString(n, ""))
	}
}

// baseOf is the specifier part of a declared type: what `int a, *b;`
// shares between its declarators.
func baseOf(t TypeExpr) TypeExpr {
	for {
		switch u := t.(type) {
		case *PointerType:
			t = u.Elem
		case *ArrayType:
			t = u.Elem
		case *FuncType:
			t = u.Result
		default:
			return t
		}
	}
}

func declType(d Decl) TypeExpr {
	switch d := d.(type) {
	case *VarDecl:
		return d.Type
	case *TypedefDecl:
		return d.Type
	case *FuncDecl:
		if d.Body == nil {
			return d.Type
		}
	}
	return nil
}

// decls prints declarations, joining consecutive ones that share their
// specifiers into one declaration as they were written.
func (f *formatter) decls(ds []Decl, top bool) {
	for i := 0; i < len(ds); {
		if i > 0 && top {
			f.nl()
		}
		j := i + 1
		if t := declType(ds[i]); t != nil {
			for j < len(ds) && declType(ds[j]) != nil && baseOf(declType(ds[j])) == baseOf(t) &&
				sameKind(ds[i], ds[j]) {
				j++
			}
		}
		f.declGroup(ds[i:j])
		if !top && j < len(ds) {
			f.nl()
		}
		i = j
	}
}

func sameKind(a, b Decl) bool {
	switch a := a.(type) {
	case *VarDecl:
		b, ok := b.(*VarDecl)
		return ok && a.Storage == b.Storage
	case *TypedefDecl:
		_, ok := b.(*TypedefDecl)
		return ok
	case *FuncDecl:
		b, ok := b.(*FuncDecl)
		return ok && a.Storage == b.Storage && a.Kernel == b.Kernel && a.Inline == b.Inline
	}
	return false
}

func (f *formatter) declGroup(ds []Decl) {
	switch d := ds[0].(type) {
	case *PragmaDecl:
		f.w("#pragma ", d.Pragma.Text)
		return
	case *BadDecl:
		f.w("/* bad declaration */;")
		return
	case *StaticAssertDecl:
		f.w("_Static_assert(")
		f.expr(d.Cond, precAssign)
		if d.HasMsg {
			f.w(", ", cQuote(d.Msg))
		}
		f.w(");")
		return
	case *TagDecl:
		f.w(typeString(d.Type, ""), ";")
		return
	case *FuncDecl:
		if d.Body != nil {
			f.w(attrString(d.Attrs))
			if d.Attrs != nil {
				f.w(" ")
			}
			f.w(funcSpecs(d), typeString(d.Type, d.Name), " ")
			f.stmt(d.Body)
			return
		}
		f.w(funcSpecs(d))
	case *VarDecl:
		f.w(storageWord(d.Storage))
	case *TypedefDecl:
		f.w("typedef ")
	}
	base := baseOf(declType(ds[0]))
	f.w(typeString(base, ""))
	for i, d := range ds {
		if i > 0 {
			f.w(",")
		}
		switch d := d.(type) {
		case *VarDecl:
			f.w(spaced(declString(d.Type, d.Name, base)), attrString(d.Attrs))
			if d.Init != nil {
				f.w(" = ")
				f.expr(d.Init, precAssign)
			}
		case *TypedefDecl:
			f.w(spaced(declString(d.Type, d.Name, base)), attrString(d.Attrs))
		case *FuncDecl:
			f.w(spaced(declString(d.Type, d.Name, base)), attrString(d.Attrs))
		}
	}
	f.w(";")
}

func spaced(s string) string {
	if s == "" || s[0] == '[' {
		return s
	}
	return " " + s
}

func funcSpecs(d *FuncDecl) string {
	s := storageWord(d.Storage)
	if d.Kernel {
		s += "kernel "
	}
	if d.Inline {
		s += "inline "
	}
	return s
}

func storageWord(s StorageClass) string {
	if w := storageName(s); w != "" {
		return w + " "
	}
	return ""
}

func attrString(as []*Attr) string {
	if len(as) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" __attribute__((")
	for i, a := range as {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.Name)
		if a.Args != nil {
			b.WriteString("(")
			for j, x := range a.Args {
				if j > 0 {
					b.WriteString(", ")
				}
				if t, ok := x.(TypeExpr); ok {
					b.WriteString(typeString(t, ""))
				} else if e, ok := x.(Expr); ok {
					b.WriteString(exprString(e, precAssign))
				}
			}
			b.WriteString(")")
		}
	}
	b.WriteString("))")
	return b.String()
}

// typeString prints type t declaring inner (a name, or "" for a type name).
func typeString(t TypeExpr, inner string) string {
	base := baseOf(t)
	return strings.TrimSpace(specString(base) + spaced(declString(t, inner, base)))
}

// specString prints a specifier type (named, struct, enum, typeof).
func specString(t TypeExpr) string {
	q := func(q Qual) string {
		if q == 0 {
			return ""
		}
		return qualString(q) + " "
	}
	switch t := t.(type) {
	case *NamedType:
		return q(t.Quals) + t.Name
	case *StructType:
		s := q(t.Quals) + "struct"
		if t.Union {
			s = q(t.Quals) + "union"
		}
		s += attrString(t.Attrs)
		if t.Tag != "" {
			s += " " + t.Tag
		}
		if t.Defined {
			s += " {"
			fs := t.Fields
			for i := 0; i < len(fs); {
				base := baseOf(fs[i].Type)
				j := i + 1
				for j < len(fs) && fs[j].Name != "" && baseOf(fs[j].Type) == base {
					j++
				}
				s += " " + specString(base)
				for k := i; k < j; k++ {
					if k > i {
						s += ","
					}
					s += spaced(declString(fs[k].Type, fs[k].Name, base)) + attrString(fs[k].Attrs)
				}
				s += ";"
				i = j
			}
			s += " }"
		}
		return s
	case *EnumType:
		s := q(t.Quals) + "enum"
		if t.Tag != "" {
			s += " " + t.Tag
		}
		if t.Defined {
			s += " {"
			for i, e := range t.Enumerators {
				if i > 0 {
					s += ","
				}
				s += " " + e.Name
				if e.Value != nil {
					s += " = " + exprString(e.Value, precCond)
				}
			}
			s += " }"
		}
		return s
	case *TypeofType:
		return q(t.Quals) + "__typeof__(" + exprString(t.X, 0) + ")"
	case *BadType:
		return "int /* bad type */"
	}
	return "/* ? */"
}

// declString prints the declarator of t around inner, stopping at base.
func declString(t TypeExpr, inner string, base TypeExpr) string {
	for t != base {
		switch u := t.(type) {
		case *PointerType:
			s := "*"
			if u.Quals != 0 {
				s += qualString(u.Quals)
				if inner != "" {
					s += " "
				}
			}
			inner = s + inner
			switch u.Elem.(type) {
			case *ArrayType, *FuncType:
				inner = "(" + inner + ")"
			}
			t = u.Elem
		case *ArrayType:
			n := ""
			if u.Len != nil {
				n = exprString(u.Len, precAssign)
			}
			inner += "[" + n + "]"
			t = u.Elem
		case *FuncType:
			inner += "(" + paramsString(u) + ")"
			t = u.Result
		default:
			return inner
		}
	}
	return inner
}

func paramsString(ft *FuncType) string {
	if ft.NoProto {
		return ""
	}
	if len(ft.Params) == 0 && !ft.Variadic {
		return "void"
	}
	var s []string
	for _, p := range ft.Params {
		s = append(s, typeString(p.Type, p.Name)+attrString(p.Attrs))
	}
	if ft.Variadic {
		s = append(s, "...")
	}
	return strings.Join(s, ", ")
}

// ---------------------------------------------------------------------------
// Statements

func (f *formatter) stmt(s Stmt) {
	switch s := s.(type) {
	case *BlockStmt:
		f.w("{")
		f.indent++
		for _, x := range s.Stmts {
			if _, ok := x.(*CaseStmt); ok {
				f.indent--
				f.nl()
				f.stmt(x)
				f.indent++
				continue
			}
			f.nl()
			f.stmt(x)
		}
		f.indent--
		f.nl()
		f.w("}")
	case *DeclStmt:
		f.decls(s.Decls, false)
	case *ExprStmt:
		f.expr(s.X, 0)
		f.w(";")
	case *EmptyStmt:
		f.w(";")
	case *IfStmt:
		f.w("if (")
		f.expr(s.Cond, 0)
		f.w(") ")
		f.stmt(s.Then)
		if s.Else != nil {
			f.w(" else ")
			f.stmt(s.Else)
		}
	case *ForStmt:
		f.w(strings.TrimPrefix(attrString(s.Attrs)+" ", " "), "for (")
		switch init := s.Init.(type) {
		case nil:
			f.w(";")
		default:
			f.stmt(init)
		}
		if s.Cond != nil {
			f.w(" ")
			f.expr(s.Cond, 0)
		}
		f.w(";")
		if s.Post != nil {
			f.w(" ")
			f.expr(s.Post, 0)
		}
		f.w(") ")
		f.stmt(s.Body)
	case *WhileStmt:
		f.w(strings.TrimPrefix(attrString(s.Attrs)+" ", " "), "while (")
		f.expr(s.Cond, 0)
		f.w(") ")
		f.stmt(s.Body)
	case *DoStmt:
		f.w(strings.TrimPrefix(attrString(s.Attrs)+" ", " "), "do ")
		f.stmt(s.Body)
		f.w(" while (")
		f.expr(s.Cond, 0)
		f.w(");")
	case *SwitchStmt:
		f.w("switch (")
		f.expr(s.Tag, 0)
		f.w(") ")
		f.stmt(s.Body)
	case *CaseStmt:
		if s.Value == nil {
			f.w("default:")
		} else {
			f.w("case ")
			f.expr(s.Value, precCond)
			f.w(":")
		}
	case *LabelStmt:
		f.w(s.Name, ":")
	case *BreakStmt:
		f.w("break;")
	case *ContinueStmt:
		f.w("continue;")
	case *ReturnStmt:
		f.w("return")
		if s.Result != nil {
			f.w(" ")
			f.expr(s.Result, 0)
		}
		f.w(";")
	case *GotoStmt:
		f.w("goto ", s.Label, ";")
	case *PragmaStmt:
		f.w("#pragma ", s.Pragma.Text)
		f.nl()
	case *BadStmt:
		f.w("/* bad statement */;")
	}
}

// ---------------------------------------------------------------------------
// Expressions

// Precedence levels, loosest first.
const (
	precComma = iota + 1
	precAssign
	precCond
	precBinary // + binary precedence - 1: || is 4, * / % is 13
	precUnary  = precBinary + 10
	precPostfix
	precPrimary
)

func exprString(x Expr, prec int) string {
	f := &formatter{}
	f.expr(x, prec)
	return f.b.String()
}

func exprPrec(x Expr) int {
	switch x := x.(type) {
	case *CommaExpr:
		return precComma
	case *AssignExpr:
		return precAssign
	case *CondExpr:
		return precCond
	case *BinaryExpr:
		return precBinary + binPrec(x.Op) - 1
	case *UnaryExpr:
		if x.Op == PostInc || x.Op == PostDec {
			return precPostfix
		}
		return precUnary
	case *CastExpr, *SizeofExpr:
		return precUnary
	case *CallExpr, *IndexExpr, *SelectorExpr, *CompoundLit:
		return precPostfix
	}
	return precPrimary
}

func binPrec(op Op) int {
	for _, b := range binOps {
		if b.op == op {
			return b.prec
		}
	}
	return 0
}

func (f *formatter) expr(x Expr, prec int) {
	if exprPrec(x) < prec {
		f.w("(")
		f.expr(x, 0)
		f.w(")")
		return
	}
	switch x := x.(type) {
	case *Ident:
		f.w(x.Name)
	case *BasicLit:
		if x.Kind == StringLit {
			f.w(cQuote(x.Value))
		} else {
			f.w(x.Value)
		}
	case *ParenExpr:
		f.w("(")
		f.expr(x.X, 0)
		f.w(")")
	case *UnaryExpr:
		switch x.Op {
		case PostInc, PostDec:
			f.expr(x.X, precPostfix)
			f.w(x.Op.String())
		default:
			op := x.Op.String()
			s := exprString(x.X, precUnary)
			if s != "" && strings.ContainsRune("+-&", rune(s[0])) {
				op += " " // keep `- -x` from becoming `--x`
			}
			f.w(op, s)
		}
	case *BinaryExpr:
		p := precBinary + binPrec(x.Op) - 1
		f.expr(x.X, p)
		f.w(" ", x.Op.String(), " ")
		f.expr(x.Y, p+1)
	case *AssignExpr:
		f.expr(x.X, precUnary)
		op := "="
		if x.Op != 0 {
			op = x.Op.String() + "="
		}
		f.w(" ", op, " ")
		f.expr(x.Y, precAssign)
	case *CommaExpr:
		f.expr(x.X, precComma)
		f.w(", ")
		f.expr(x.Y, precAssign)
	case *CondExpr:
		f.expr(x.Cond, precBinary)
		f.w(" ? ")
		f.expr(x.X, 0)
		f.w(" : ")
		f.expr(x.Y, precCond)
	case *CallExpr:
		f.expr(x.Fun, precPostfix)
		f.w("(")
		for i, a := range x.Args {
			if i > 0 {
				f.w(", ")
			}
			f.expr(a, precAssign)
		}
		f.w(")")
	case *IndexExpr:
		f.expr(x.X, precPostfix)
		f.w("[")
		f.expr(x.Index, 0)
		f.w("]")
	case *SelectorExpr:
		f.expr(x.X, precPostfix)
		if x.Arrow {
			f.w("->")
		} else {
			f.w(".")
		}
		f.w(x.Sel)
	case *CastExpr:
		f.w("(", typeString(x.Type, ""), ")")
		f.expr(x.X, precUnary)
	case *CompoundLit:
		f.w("(", typeString(x.Type, ""), ")")
		f.expr(x.Init, 0)
	case *SizeofExpr:
		f.w([...]string{"sizeof", "__alignof__", "vec_step"}[x.Kind%3])
		if x.Type != nil {
			f.w("(", typeString(x.Type, ""), ")")
		} else {
			f.w(" ")
			f.expr(x.X, precUnary)
		}
	case *InitList:
		f.w("{")
		for i, e := range x.Elems {
			if i > 0 {
				f.w(",")
			}
			f.w(" ")
			for _, d := range e.Designators {
				if d.Index != nil {
					f.w("[")
					f.expr(d.Index, precCond)
					f.w("]")
				} else {
					f.w(".", d.Field)
				}
			}
			if len(e.Designators) > 0 {
				f.w(" = ")
			}
			f.expr(e.Value, precAssign)
		}
		f.w(" }")
	case *BadExpr:
		f.w("0 /* bad expression */")
	}
}

// cQuote writes s as a C string literal.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 || c >= 0x7f {
				// Octal escapes stop after three digits, unlike \x.
				b.WriteString("\\" + strconv.FormatInt(int64(c)+0o1000, 8)[1:])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
