package syntax

import "github.com/clgo/clgo/compiler/diag"

// declContext says where a declaration appears.
type declContext uint8

const (
	fileCtx declContext = iota
	blockCtx
	forCtx // the init clause of a for statement
)

func (p *parser) externalDecls() []Decl {
	var decls []Decl
	for {
		for _, pr := range p.takePragmas() {
			decls = append(decls, &PragmaDecl{Pragma: pr})
		}
		if p.tok.kind == tEOF {
			return decls
		}
		start := p.i
		switch {
		case p.is(";"):
			p.next() // an extra ';' at file scope is harmless
		case p.is("}"):
			p.errorAt(p.tok.pos, "extraneous closing brace ('}')")
			p.next()
		case p.isStaticAssert():
			decls = append(decls, p.staticAssert())
		default:
			decls = append(decls, p.declaration(fileCtx, nil)...)
		}
		if p.i == start && !p.fatal {
			p.next()
		}
	}
}

// declSpec is what the declaration specifiers said.
type declSpec struct {
	pos     diag.Pos
	storage StorageClass
	kernel  bool
	inline  bool
	attrs   []*Attr
	typ     TypeExpr
	tag     bool // typ is a struct/union/enum specifier
	// endsTag is set when a struct/union/enum body is followed by what
	// starts a new declaration: the ';' after the body was forgotten.
	endsTag bool
}

// specState accumulates the type-specifier keywords of one declaration
// (C99 6.7.2 lets them come in any order: `long unsigned int`).
type specState struct {
	base     string // void, char, float, double, bool, or an OpenCL type name
	sign     string // "signed" or "unsigned"
	short    bool
	long     int
	int      bool
	explicit TypeExpr // struct, union, enum, typeof or typedef name
	last     string   // spelling of the last type specifier, for messages
	any      bool     // some specifier or qualifier was seen
}

func (s *specState) empty() bool {
	return s.base == "" && s.sign == "" && !s.short && s.long == 0 && !s.int && s.explicit == nil
}

// add records the type specifier w; it returns false if w cannot combine
// with what came before.
func (s *specState) add(w string) bool {
	ok := true
	switch w {
	case "signed", "unsigned":
		ok = s.sign == "" && s.explicit == nil && (s.base == "" || s.base == "char")
		if ok {
			s.sign = w
		}
	case "short":
		ok = !s.short && s.long == 0 && s.base == "" && s.explicit == nil
		s.short = s.short || ok
	case "long":
		ok = !s.short && s.long < 2 && s.explicit == nil && (s.base == "" || s.base == "double")
		if ok {
			s.long++
		}
	case "int":
		ok = !s.int && s.base == "" && s.explicit == nil
		s.int = s.int || ok
	default:
		ok = s.base == "" && !s.int && s.explicit == nil &&
			(s.sign == "" || w == "char") && !s.short && (s.long == 0 || w == "double")
		if ok {
			s.base = w
		}
	}
	if ok {
		s.last = w
	}
	return ok
}

// name is the normalised builtin type name.
func (s *specState) name() string {
	u := s.sign == "unsigned"
	switch s.base {
	case "":
		switch {
		case s.short && u:
			return "ushort"
		case s.short:
			return "short"
		case s.long > 0 && u:
			return "ulong"
		case s.long > 0:
			return "long"
		case u:
			return "uint"
		}
		return "int"
	case "char":
		if u {
			return "uchar"
		}
		return "char"
	case "_Bool":
		return "bool"
	}
	return s.base
}

// declSpecs parses declaration specifiers: storage classes, function
// specifiers, qualifiers, attributes and type specifiers in any order.
func (p *parser) declSpecs(ctx string) *declSpec {
	ds := &declSpec{pos: p.tok.pos}
	var st specState
	var quals Qual
	conflict := func(t token) {
		prev := st.last
		if prev == "" {
			prev = "type"
		}
		p.errorAt(t.pos, "cannot combine with previous '%s' declaration specifier", prev)
	}
loop:
	for {
		t := p.tok
		switch t.kind {
		case tKeyword:
			switch w := t.text; {
			case storageKeywords[w]:
				p.next()
				if ctx != "" {
					p.errorAt(t.pos, "%s does not allow a storage class to be specified", ctx)
					continue
				}
				var sc StorageClass
				switch w {
				case "typedef":
					sc = Typedef
				case "extern":
					sc = Extern
				case "static":
					sc = Static
				default:
					p.errorAt(t.pos, "OpenCL C version 1.2 does not support the '%s' storage class specifier", w)
					continue
				}
				if ds.storage != NoStorage && ds.storage != sc {
					p.errorAt(t.pos, "cannot combine with previous '%s' declaration specifier", storageName(ds.storage))
					continue
				}
				ds.storage = sc
			case w == "kernel":
				p.next()
				ds.kernel = true
			case w == "inline":
				p.next()
				ds.inline = true
			case qualKeywords[w] != 0:
				p.next()
				quals = p.addQual(quals, t)
			case w == "__attribute__":
				ds.attrs = append(ds.attrs, p.attributes()...)
			case w == "struct" || w == "union" || w == "enum":
				if !st.empty() {
					conflict(t)
				}
				var typ TypeExpr
				if w == "enum" {
					typ = p.enumSpec()
				} else {
					typ = p.structSpec()
				}
				if st.empty() {
					st.explicit, st.last, ds.tag = typ, w, true
				}
				if p.defined(typ) && p.tok.pos.Line != p.prevEnd().Line && p.startsDecl(p.tok) &&
					!(p.tok.kind == tKeyword && qualKeywords[p.tok.text] != 0) {
					p.errorAt(p.prevEnd(), "expected ';' after %s", w)
					ds.endsTag = true
					break loop
				}
			case w == "typeof":
				typ := p.typeofSpec()
				if !st.empty() {
					conflict(t)
				} else {
					st.explicit, st.last = typ, "typeof"
				}
			case w == "_Complex" || w == "_Imaginary":
				p.next()
				p.errorAt(t.pos, "'%s' is not supported in OpenCL C", w)
			case typeSpecKeywords[w]:
				p.next()
				if w == "long" && st.long == 1 && st.base == "" {
					p.errorAt(t.pos, "'long long' is not supported in OpenCL C")
					continue
				}
				if w == "double" && st.long > 0 || w == "long" && st.base == "double" {
					p.errorAt(t.pos, "'long double' is not supported in OpenCL C")
				}
				if !st.add(w) {
					conflict(t)
				}
			default:
				break loop
			}
		case tName:
			switch {
			case typedefType(t.text) && !st.empty():
				// A typedef name after a type specifier is the
				// declarator's name (C99 6.7.2p2): cl_int int2;
				break loop
			case p.isBuiltinType(t.text):
				p.next()
				if !st.add(t.text) {
					conflict(t)
				}
			case st.empty() && (p.isTypedefName(t.text) || p.assumeType):
				p.next()
				p.assumeType = false
				st.explicit = &NamedType{At: t.pos, Name: t.text, Typedef: true}
				st.last = t.text
			default:
				break loop
			}
		default:
			break loop
		}
		st.any = true
	}
	switch {
	case st.explicit != nil:
		ds.typ = st.explicit
	case st.empty():
		p.errorAt(ds.pos, "type specifier missing, defaults to 'int'")
		ds.typ = &NamedType{At: ds.pos, Name: "int"}
	default:
		ds.typ = &NamedType{At: ds.pos, Name: st.name()}
	}
	setQuals(ds.typ, quals)
	return ds
}

// defined reports whether t is a struct/union/enum with a body.
func (p *parser) defined(t TypeExpr) bool {
	switch t := t.(type) {
	case *StructType:
		return t.Defined
	case *EnumType:
		return t.Defined
	}
	return false
}

func storageName(s StorageClass) string {
	switch s {
	case Static:
		return "static"
	case Extern:
		return "extern"
	case Typedef:
		return "typedef"
	}
	return ""
}

// addQual adds the qualifier keyword t to q, reporting conflicts.
func (p *parser) addQual(q Qual, t token) Qual {
	n := qualKeywords[t.text]
	switch {
	case q&n != 0:
		p.diags.Warnf(t.pos, "duplicate '%s' declaration specifier", t.text)
	case n&AddressSpaces != 0 && q&AddressSpaces != 0:
		p.errorAt(t.pos, "multiple address spaces specified for type")
		return q
	case n&AccessQuals != 0 && q&AccessQuals != 0:
		p.errorAt(t.pos, "multiple access qualifiers")
		return q
	}
	return q | n
}

func setQuals(t TypeExpr, q Qual) {
	switch t := t.(type) {
	case *NamedType:
		t.Quals |= q
	case *StructType:
		t.Quals |= q
	case *EnumType:
		t.Quals |= q
	case *TypeofType:
		t.Quals |= q
	}
}

// typeQuals parses the qualifiers after a '*'.
func (p *parser) typeQuals(attrs *[]*Attr) Qual {
	var q Qual
	for {
		switch {
		case p.tok.kind == tKeyword && qualKeywords[p.tok.text] != 0:
			t := p.tok
			p.next()
			q = p.addQual(q, t)
		case p.is("__attribute__"):
			*attrs = append(*attrs, p.attributes()...)
		default:
			return q
		}
	}
}

// declaration parses a declaration after its leading attributes (pre),
// up to and including its ';', or a function definition.
func (p *parser) declaration(ctx declContext, pre []*Attr) []Decl {
	pos := p.tok.pos
	if !p.startsDecl(p.tok) && !p.unknownTypeName(ctx == fileCtx) {
		if ctx == fileCtx {
			if p.tok.kind == tName && (p.peek(1).is("(") || p.peek(1).is("=")) {
				p.errorAt(pos, "type specifier missing, defaults to 'int'")
			} else {
				p.errorAt(pos, "expected identifier or '('")
				p.skipTo()
				return []Decl{&BadDecl{At: pos}}
			}
		}
	}
	ds := p.declSpecs("")
	ds.attrs = append(pre, ds.attrs...)
	if ds.endsTag {
		return []Decl{&TagDecl{Type: ds.typ}}
	}
	if p.got(";") {
		if st, ok := ds.typ.(*StructType); ok && st.Tag == "" {
			p.diags.Warnf(pos, "declaration does not declare anything")
			return nil
		}
		if ds.tag {
			return []Decl{&TagDecl{Type: ds.typ}}
		}
		p.diags.Warnf(pos, "declaration does not declare anything")
		return nil
	}
	var decls []Decl
	for first := true; ; first = false {
		d := p.declarator(ds.typ, namedDecl)
		if d.name == "" {
			p.skipTo()
			return append(decls, &BadDecl{At: pos})
		}
		attrs := append(append([]*Attr(nil), ds.attrs...), d.attrs...)
		attrs = append(attrs, p.attributes()...)
		ft, isFunc := d.typ.(*FuncType)
		switch {
		case ds.storage == Typedef:
			p.declare(d.name, true)
			decls = append(decls, &TypedefDecl{At: d.pos, Name: d.name, Type: d.typ, Attrs: attrs})
			if p.is("=") {
				p.errorAt(p.tok.pos, "illegal initializer (only variables can be initialized)")
				p.next()
				p.initializer()
			}
		case isFunc:
			p.declare(d.name, false)
			fd := &FuncDecl{At: d.pos, Name: d.name, Type: ft, Storage: ds.storage,
				Kernel: ds.kernel, Inline: ds.inline, Attrs: attrs}
			decls = append(decls, fd)
			if p.is("{") {
				if !first || ctx != fileCtx {
					p.errorAt(p.tok.pos, "function definition is not allowed here")
				}
				fd.Body = p.funcBody(ft)
				if first && ctx == fileCtx {
					return decls
				}
				return decls
			}
			if p.is("=") {
				p.errorAt(p.tok.pos, "illegal initializer (only variables can be initialized)")
				p.next()
				p.initializer()
			}
		default:
			if ds.kernel {
				p.errorAt(d.pos, "'kernel' can only be applied to a function")
			}
			p.declare(d.name, false)
			vd := &VarDecl{At: d.pos, Name: d.name, Type: d.typ, Storage: ds.storage, Attrs: attrs}
			decls = append(decls, vd)
			if p.got("=") {
				vd.Init = p.initializer()
			}
		}
		if !p.got(",") {
			break
		}
	}
	msg := "expected ';' at end of declaration"
	if ctx == fileCtx {
		msg = "expected ';' after top level declarator"
	}
	if !p.expect(";", msg) {
		p.skipTo()
	}
	return decls
}

// funcBody parses a function definition's body with the parameters in
// scope (they may shadow typedef names).
func (p *parser) funcBody(ft *FuncType) *BlockStmt {
	p.pushScope()
	for _, prm := range ft.Params {
		p.declare(prm.Name, false)
	}
	b := p.blockStmt()
	p.popScope()
	return b
}

// declarator modes.
const (
	namedDecl    = iota // a name is required
	abstractDecl        // no name (type names)
	eitherDecl          // parameters
)

type declarator struct {
	name  string
	pos   diag.Pos
	typ   TypeExpr
	attrs []*Attr
}

// declarator parses pointers, the (possibly parenthesised) name and the
// array/function suffixes, building the type inside out from base.
func (p *parser) declarator(base TypeExpr, mode int) (d declarator) {
	d.pos = p.tok.pos
	d.typ = base
	if !p.enter() {
		return d
	}
	defer p.leave()
	d.attrs = p.attributes()
	// Each '*' counts towards the nesting limit: later stages recurse
	// over the pointer chain.
	stars := 0
	defer func() { p.depth -= stars }()
	for p.is("*") {
		if !p.enter() {
			return d
		}
		stars++
		pos := p.tok.pos
		p.next()
		q := p.typeQuals(&d.attrs)
		base = &PointerType{At: pos, Elem: base, Quals: q}
	}
	d.pos = p.tok.pos
	if p.is("(") && p.nestedDeclarator(mode) {
		// The suffixes after the parentheses apply first: parse them,
		// then come back for the inner declarator.
		open := p.tok.pos
		start := p.i
		p.skipParens()
		typ := p.declSuffix(base)
		end := p.i
		p.seek(start)
		p.next()
		inner := p.declarator(typ, mode)
		p.closing(")", open, "(")
		p.seek(end)
		inner.attrs = append(d.attrs, inner.attrs...)
		return inner
	}
	if p.tok.kind == tName && mode != abstractDecl {
		d.name = p.tok.text
		p.next()
	} else if mode == namedDecl {
		p.errorAt(p.tok.pos, "expected identifier or '('")
	}
	d.typ = p.declSuffix(base)
	return d
}

// nestedDeclarator tells `(*p)` from a parameter list at a '('.
func (p *parser) nestedDeclarator(mode int) bool {
	if mode == namedDecl {
		return true
	}
	n := p.peek(1)
	return !n.is(")") && !n.is("...") && !p.startsDecl(n)
}

// declSuffix parses `[N]` and `(params)` suffixes.
func (p *parser) declSuffix(base TypeExpr) TypeExpr {
	if !p.enter() {
		return base
	}
	defer p.leave()
	switch {
	case p.is("["):
		pos := p.tok.pos
		p.next()
		for p.got("static") || p.tok.kind == tKeyword && qualKeywords[p.tok.text] != 0 {
			if p.tok.kind == tKeyword && qualKeywords[p.tok.text] != 0 {
				p.next()
			}
		}
		var n Expr
		if !p.is("]") {
			n = p.assignExpr()
		}
		p.closing("]", pos, "[")
		return &ArrayType{At: pos, Elem: p.declSuffix(base), Len: n}
	case p.is("("):
		ft := &FuncType{At: p.tok.pos}
		p.next()
		p.params(ft)
		ft.Result = p.declSuffix(base)
		return ft
	}
	return base
}

// params parses a parameter list after its '('.
func (p *parser) params(ft *FuncType) {
	open := ft.At
	if p.got(")") {
		ft.NoProto = true
		return
	}
	if p.is("void") && p.peek(1).is(")") {
		p.next()
		p.next()
		return
	}
	p.pushScope() // parameter names may shadow typedefs in later parameters
	defer p.popScope()
	for {
		if p.got("...") {
			ft.Variadic = true
			break
		}
		if !p.startsDecl(p.tok) && !p.unknownTypeName(false) {
			p.errorAt(p.tok.pos, "expected parameter declarator")
			for !p.is(")") && !p.is(";") && !p.is("{") && !p.is("}") && p.tok.kind != tEOF {
				if p.is("(") {
					p.skipParens()
				} else {
					p.next()
				}
			}
			p.got(")")
			return
		}
		ds := p.declSpecs("")
		if ds.storage == Static || ds.storage == Extern || ds.storage == Typedef {
			p.errorAt(ds.pos, "invalid storage class specifier in function declarator")
		}
		d := p.declarator(ds.typ, eitherDecl)
		attrs := append(append([]*Attr(nil), ds.attrs...), d.attrs...)
		attrs = append(attrs, p.attributes()...)
		pos := d.pos
		if d.name == "" {
			pos = ds.pos
		}
		p.declare(d.name, false)
		ft.Params = append(ft.Params, &Param{At: pos, Name: d.name, Type: d.typ, Attrs: attrs})
		if !p.got(",") {
			break
		}
	}
	p.closing(")", open, "(")
}

// typeName parses a type name: specifiers and an abstract declarator.
func (p *parser) typeName() TypeExpr {
	ds := p.declSpecs("type name")
	d := p.declarator(ds.typ, abstractDecl)
	return d.typ
}

// structSpec parses `struct tag { fields } ` or a reference `struct tag`.
func (p *parser) structSpec() TypeExpr {
	st := &StructType{At: p.tok.pos, Union: p.is("union")}
	p.next()
	st.Attrs = p.attributes()
	if p.tok.kind == tName {
		st.Tag = p.tok.text
		p.next()
	}
	if !p.is("{") {
		if st.Tag == "" {
			p.errorAt(p.tok.pos, "declaration of anonymous %s must be a definition", kindName(st))
			return &BadType{At: st.At}
		}
		return st
	}
	if !p.enter() {
		return st
	}
	defer p.leave()
	open := p.tok.pos
	p.next()
	st.Defined = true
	st.Fields = []*Field{}
	for !p.is("}") && p.tok.kind != tEOF {
		p.takePragmas() // a pragma among fields has no place in the tree
		if p.got(";") {
			continue
		}
		p.field(st)
	}
	p.takePragmas()
	p.closing("}", open, "{")
	st.Attrs = append(st.Attrs, p.attributes()...)
	return st
}

func kindName(st *StructType) string {
	if st.Union {
		return "union"
	}
	return "struct"
}

// field parses one member declaration (possibly several declarators).
func (p *parser) field(st *StructType) {
	if !p.startsTypeName(p.tok) && !p.unknownTypeName(true) {
		p.errorAt(p.tok.pos, "type name requires a specifier or qualifier")
		p.skipTo()
		return
	}
	ds := p.declSpecs("field")
	if p.got(";") {
		if s, ok := ds.typ.(*StructType); ok && s.Tag == "" {
			st.Fields = append(st.Fields, &Field{At: s.At, Type: s, Attrs: ds.attrs})
		} else {
			p.diags.Warnf(ds.pos, "declaration does not declare anything")
		}
		return
	}
	for {
		d := p.declarator(ds.typ, namedDecl)
		if d.name == "" {
			p.skipTo()
			return
		}
		if p.is(":") {
			p.errorAt(p.tok.pos, "bit-fields are not supported in OpenCL C")
			p.next()
			p.condExpr()
		}
		attrs := append(append([]*Attr(nil), ds.attrs...), d.attrs...)
		attrs = append(attrs, p.attributes()...)
		st.Fields = append(st.Fields, &Field{At: d.pos, Name: d.name, Type: d.typ, Attrs: attrs})
		if !p.got(",") {
			break
		}
	}
	if !p.expect(";", "expected ';' at end of declaration list") {
		p.skipTo()
	}
}

// enumSpec parses `enum tag { A, B = 1 }` or a reference `enum tag`.
func (p *parser) enumSpec() TypeExpr {
	et := &EnumType{At: p.tok.pos}
	p.next()
	p.attributes()
	if p.tok.kind == tName {
		et.Tag = p.tok.text
		p.next()
	}
	if !p.is("{") {
		if et.Tag == "" {
			p.errorAt(p.tok.pos, "declaration of anonymous enum must be a definition")
			return &BadType{At: et.At}
		}
		return et
	}
	open := p.tok.pos
	p.next()
	et.Defined = true
	et.Enumerators = []*Enumerator{}
	for !p.is("}") && p.tok.kind != tEOF {
		if p.tok.kind != tName {
			p.errorAt(p.tok.pos, "expected identifier")
			for !p.is("}") && !p.is(";") && p.tok.kind != tEOF {
				p.next()
			}
			break
		}
		e := &Enumerator{At: p.tok.pos, Name: p.tok.text}
		p.next()
		p.attributes()
		if p.got("=") {
			e.Value = p.condExpr()
		}
		p.declare(e.Name, false)
		et.Enumerators = append(et.Enumerators, e)
		if !p.got(",") {
			break
		}
	}
	p.closing("}", open, "{")
	p.attributes()
	return et
}

// typeofSpec parses __typeof__(expr) or __typeof__(type).
func (p *parser) typeofSpec() TypeExpr {
	pos := p.tok.pos
	p.next()
	open := p.tok.pos
	if !p.expect("(", "expected '(' after 'typeof'") {
		return &BadType{At: pos}
	}
	var t TypeExpr
	if p.startsTypeName(p.tok) {
		t = p.typeName()
	} else {
		t = &TypeofType{At: pos, X: p.expr()}
	}
	p.closing(")", open, "(")
	return t
}

// attributes parses any number of __attribute__((...)) groups.
func (p *parser) attributes() []*Attr {
	var attrs []*Attr
	for p.is("__attribute__") {
		p.next()
		open := p.tok.pos
		if !p.expect("(", "expected '(' after 'attribute'") {
			return attrs
		}
		open2 := p.tok.pos
		if !p.expect("(", "expected '(' after '('") {
			p.skipParensFrom()
			return attrs
		}
		for !p.is(")") && p.tok.kind != tEOF {
			if p.got(",") {
				continue
			}
			if p.tok.kind != tName && p.tok.kind != tKeyword {
				p.errorAt(p.tok.pos, "expected identifier")
				break
			}
			a := &Attr{At: p.tok.pos, Name: stripUnderscores(p.tok.text)}
			p.next()
			if p.is("(") {
				lp := p.tok.pos
				p.next()
				for !p.is(")") && p.tok.kind != tEOF {
					if p.startsTypeName(p.tok) {
						a.Args = append(a.Args, p.typeName())
					} else {
						a.Args = append(a.Args, p.assignExpr())
					}
					if !p.got(",") {
						break
					}
				}
				p.closing(")", lp, "(")
			}
			attrs = append(attrs, a)
			if !p.got(",") {
				break
			}
		}
		p.closing(")", open2, "(")
		p.closing(")", open, "(")
	}
	return attrs
}

// skipParensFrom skips to after the ')' closing a '(' already consumed.
func (p *parser) skipParensFrom() {
	depth := 1
	for p.tok.kind != tEOF && depth > 0 {
		if p.is("(") {
			depth++
		} else if p.is(")") {
			depth--
		}
		p.next()
	}
}

func (p *parser) isStaticAssert() bool {
	return p.tok.kind == tName && p.tok.text == "_Static_assert"
}

// staticAssert parses `_Static_assert ( constant-expression [, string] ) ;`.
func (p *parser) staticAssert() Decl {
	d := &StaticAssertDecl{At: p.tok.pos}
	p.next()
	open := p.tok.pos
	if !p.expect("(", "expected '(' after '_Static_assert'") {
		p.skipTo()
		return &BadDecl{At: d.At}
	}
	d.Cond = p.condExpr()
	if p.got(",") {
		if p.tok.kind != tString {
			p.errorAt(p.tok.pos, "expected string literal for diagnostic message in static_assert")
			p.skipTo()
			return &BadDecl{At: d.At}
		}
		d.HasMsg = true
		for p.tok.kind == tString {
			d.Msg += p.tok.text
			p.next()
		}
	}
	p.closing(")", open, "(")
	p.semi("expected ';' after static_assert")
	return d
}
