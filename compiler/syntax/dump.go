package syntax

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// Fprint writes a compact S-expression dump of n to w: declarations and
// statements one per line, types and expressions inline. Tests compare
// parses against such dumps. Named types print as their name (typedef names
// with a leading '$'), qualifiers as a prefix list.
func Fprint(w io.Writer, n Node) error {
	d := &dumper{}
	d.node(n)
	_, err := io.WriteString(w, d.b.String())
	return err
}

// Dump returns what Fprint writes.
func Dump(n Node) string {
	d := &dumper{}
	d.node(n)
	return d.b.String()
}

type dumper struct {
	b      strings.Builder
	indent int
}

func (d *dumper) p(args ...any) {
	for _, a := range args {
		switch a := a.(type) {
		case string:
			d.b.WriteString(a)
		case Node:
			d.node(a)
		case []*Attr:
			d.attrs(a)
		default:
			fmt.Fprint(&d.b, a)
		}
	}
}

func (d *dumper) nl() {
	d.b.WriteByte('\n')
	for i := 0; i < d.indent; i++ {
		d.b.WriteString("  ")
	}
}

func (d *dumper) attrs(as []*Attr) {
	for _, a := range as {
		d.p(" (attr ", a.Name)
		for _, x := range a.Args {
			d.p(" ", x)
		}
		d.p(")")
	}
}

func qualString(q Qual) string {
	var s []string
	for i, n := range []string{"const", "volatile", "restrict", "global", "local", "constant",
		"private", "generic", "read_only", "write_only", "read_write"} {
		if q&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	return strings.Join(s, " ")
}

func withQuals(q Qual, s string) string {
	if q == 0 {
		return s
	}
	return "(" + qualString(q) + " " + s + ")"
}

var storageNames = [...]string{"", " static", " extern", " typedef"}

func opt(n Node) Node {
	if n == nil {
		return nilNode{}
	}
	return n
}

// nilNode prints as "_" where an optional child is absent.
type nilNode struct{}

func (nilNode) Pos() (p diag.Pos) { return }

func (d *dumper) node(n Node) {
	switch n := n.(type) {
	case nil, nilNode:
		d.p("_")
	case *File:
		d.p("(file ", strconv.Quote(n.Name))
		d.indent++
		for _, x := range n.Decls {
			d.nl()
			d.node(x)
		}
		d.indent--
		d.p(")")
	case *Pragma:
		d.p("(pragma ", strconv.Quote(n.Text), ")")
	case *VarDecl:
		d.p("(var ", n.Name, storageNames[n.Storage&3], " ", n.Type)
		if n.Init != nil {
			d.p(" = ", n.Init)
		}
		d.p(n.Attrs, ")")
	case *FuncDecl:
		d.p("(func ", n.Name, storageNames[n.Storage&3])
		if n.Kernel {
			d.p(" kernel")
		}
		if n.Inline {
			d.p(" inline")
		}
		d.p(" ", n.Type, n.Attrs)
		if n.Body != nil {
			d.p(" ", n.Body)
		}
		d.p(")")
	case *TypedefDecl:
		d.p("(typedef ", n.Name, " ", n.Type, n.Attrs, ")")
	case *TagDecl:
		d.p("(tag ", n.Type, ")")
	case *PragmaDecl:
		d.p(n.Pragma)
	case *BadDecl:
		d.p("(baddecl)")
	case *StaticAssertDecl:
		d.p("(static_assert ", n.Cond, " ", strconv.Quote(n.Msg), ")")

	case *NamedType:
		name := n.Name
		if n.Typedef {
			name = "$" + name
		}
		d.p(withQuals(n.Quals, name))
	case *PointerType:
		d.p("(ptr ")
		if n.Quals != 0 {
			d.p(qualString(n.Quals), " ")
		}
		d.p(n.Elem, ")")
	case *ArrayType:
		d.p("(array ")
		if n.Len != nil {
			d.p(n.Len, " ")
		}
		d.p(n.Elem, ")")
	case *FuncType:
		d.p("(functype ", n.Result)
		for _, prm := range n.Params {
			d.p(" ", prm)
		}
		if n.Variadic {
			d.p(" ...")
		}
		if n.NoProto {
			d.p(" noproto")
		}
		d.p(")")
	case *Param:
		name := n.Name
		if name == "" {
			name = "_"
		}
		d.p("(param ", name, " ", n.Type, n.Attrs, ")")
	case *StructType:
		kw := "struct"
		if n.Union {
			kw = "union"
		}
		d.p("(")
		if n.Quals != 0 {
			d.p(qualString(n.Quals), " ")
		}
		d.p(kw)
		if n.Tag != "" {
			d.p(" ", n.Tag)
		}
		d.p(n.Attrs)
		if n.Defined {
			d.p(" {")
			for i, f := range n.Fields {
				if i > 0 {
					d.p(" ")
				}
				d.p(f)
			}
			d.p("}")
		}
		d.p(")")
	case *Field:
		name := n.Name
		if name == "" {
			name = "_"
		}
		d.p("(field ", name, " ", n.Type, n.Attrs, ")")
	case *EnumType:
		d.p("(")
		if n.Quals != 0 {
			d.p(qualString(n.Quals), " ")
		}
		d.p("enum")
		if n.Tag != "" {
			d.p(" ", n.Tag)
		}
		if n.Defined {
			d.p(" {")
			for i, e := range n.Enumerators {
				if i > 0 {
					d.p(" ")
				}
				d.p(e)
			}
			d.p("}")
		}
		d.p(")")
	case *Enumerator:
		if n.Value == nil {
			d.p(n.Name)
		} else {
			d.p("(", n.Name, " ", n.Value, ")")
		}
	case *TypeofType:
		s := "(typeof "
		if n.Quals != 0 {
			s += qualString(n.Quals) + " "
		}
		d.p(s, n.X, ")")
	case *BadType:
		d.p("(badtype)")

	case *BlockStmt:
		d.p("(block")
		d.indent++
		for _, s := range n.Stmts {
			d.nl()
			d.node(s)
		}
		d.indent--
		d.p(")")
	case *DeclStmt:
		d.p("(decl")
		for _, x := range n.Decls {
			d.p(" ", x)
		}
		d.p(")")
	case *ExprStmt:
		d.p("(expr ", n.X, ")")
	case *EmptyStmt:
		d.p("(empty)")
	case *IfStmt:
		d.p("(if ", n.Cond, " ", n.Then)
		if n.Else != nil {
			d.p(" ", n.Else)
		}
		d.p(")")
	case *ForStmt:
		d.p("(for", n.Attrs, " ", opt(n.Init), " ", opt(n.Cond), " ", opt(n.Post), " ", n.Body, ")")
	case *WhileStmt:
		d.p("(while", n.Attrs, " ", n.Cond, " ", n.Body, ")")
	case *DoStmt:
		d.p("(do", n.Attrs, " ", n.Body, " ", n.Cond, ")")
	case *SwitchStmt:
		d.p("(switch ", n.Tag, " ", n.Body, ")")
	case *CaseStmt:
		if n.Value == nil {
			d.p("(default)")
		} else {
			d.p("(case ", n.Value, ")")
		}
	case *LabelStmt:
		d.p("(label ", n.Name, ")")
	case *BreakStmt:
		d.p("(break)")
	case *ContinueStmt:
		d.p("(continue)")
	case *ReturnStmt:
		if n.Result == nil {
			d.p("(return)")
		} else {
			d.p("(return ", n.Result, ")")
		}
	case *GotoStmt:
		d.p("(goto ", n.Label, ")")
	case *PragmaStmt:
		d.p(n.Pragma)
	case *BadStmt:
		d.p("(badstmt)")

	case *Ident:
		d.p(n.Name)
	case *BasicLit:
		if n.Kind == StringLit {
			d.p(strconv.Quote(n.Value))
		} else {
			d.p(n.Value)
		}
	case *ParenExpr:
		d.p("(paren ", n.X, ")")
	case *UnaryExpr:
		op := n.Op.String()
		if n.Op == PostInc || n.Op == PostDec {
			op = "post" + op
		}
		d.p("(", op, " ", n.X, ")")
	case *BinaryExpr:
		d.p("(", n.Op.String(), " ", n.X, " ", n.Y, ")")
	case *AssignExpr:
		op := "="
		if n.Op != 0 {
			op = n.Op.String() + "="
		}
		d.p("(", op, " ", n.X, " ", n.Y, ")")
	case *CommaExpr:
		d.p("(, ", n.X, " ", n.Y, ")")
	case *CondExpr:
		d.p("(? ", n.Cond, " ", n.X, " ", n.Y, ")")
	case *CallExpr:
		d.p("(call ", n.Fun)
		for _, a := range n.Args {
			d.p(" ", a)
		}
		d.p(")")
	case *IndexExpr:
		d.p("(index ", n.X, " ", n.Index, ")")
	case *SelectorExpr:
		op := "."
		if n.Arrow {
			op = "->"
		}
		d.p("(", op, " ", n.X, " ", n.Sel, ")")
	case *CastExpr:
		d.p("(cast ", n.Type, " ", n.X, ")")
	case *CompoundLit:
		d.p("(compound ", n.Type, " ", n.Init, ")")
	case *SizeofExpr:
		d.p("(", [...]string{"sizeof", "alignof", "vec_step"}[n.Kind%3], " ")
		if n.Type != nil {
			d.p("(type ", n.Type, ")")
		} else {
			d.p(n.X)
		}
		d.p(")")
	case *InitList:
		d.p("{")
		for i, e := range n.Elems {
			if i > 0 {
				d.p(" ")
			}
			for _, ds := range e.Designators {
				if ds.Index != nil {
					d.p("[", ds.Index, "]")
				} else {
					d.p(".", ds.Field)
				}
			}
			if len(e.Designators) > 0 {
				d.p("=")
			}
			d.p(e.Value)
		}
		d.p("}")
	case *BadExpr:
		d.p("(badexpr)")
	case *Attr:
		d.attrs([]*Attr{n})
	default:
		fmt.Fprintf(&d.b, "(?%T)", n)
	}
}
