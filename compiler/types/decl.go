package types

import (
	"sort"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) fileDecl(d syntax.Decl) {
	c.at = posOf(d)
	switch d := d.(type) {
	case *syntax.VarDecl:
		c.varDecl(d, true)
	case *syntax.FuncDecl:
		c.funcDecl(d)
	case *syntax.TypedefDecl:
		c.typedefDecl(d)
	case *syntax.TagDecl:
		if d.Type != nil {
			c.typeExpr(d.Type)
		}
	case *syntax.PragmaDecl:
		c.pragma(d.Pragma)
	case *syntax.StaticAssertDecl:
		c.staticAssert(d)
	}
}

// staticAssert checks _Static_assert: a false integer constant expression
// is an error with the message.
func (c *checker) staticAssert(d *syntax.StaticAssertDecl) {
	tv := c.rvalueExpr(d.Cond)
	switch {
	case IsInvalid(tv.Type):
	case tv.Value.Kind != IntConst || !isScalarInt(tv.Type):
		c.errorf(d.Cond, "static assertion expression is not an integral constant expression")
	case tv.Value.IsZero() && d.HasMsg:
		c.errorf(d, "static assertion failed: %s", d.Msg)
	case tv.Value.IsZero():
		c.errorf(d, "static assertion failed")
	}
}

// pragma handles #pragma OPENCL EXTENSION; other pragmas are ignored here.
func (c *checker) pragma(p *syntax.Pragma) {
	if p == nil {
		return
	}
	f := strings.Fields(strings.ReplaceAll(p.Text, ":", " : "))
	if len(f) < 2 || f[0] != "OPENCL" || f[1] != "EXTENSION" {
		return
	}
	if len(f) != 5 || f[3] != ":" || f[4] != "enable" && f[4] != "disable" {
		c.warnf(p, "expected 'enable' or 'disable' - ignoring")
		return
	}
	name, on := f[2], f[4] == "enable"
	if name == "all" {
		for e := range c.supported {
			c.enabled[e] = on
		}
		return
	}
	if !c.supported[name] {
		c.warnf(p, "unsupported OpenCL extension '%s' - ignoring", name)
		return
	}
	c.enabled[name] = on
}

func (c *checker) typedefDecl(d *syntax.TypedefDecl) {
	qt := c.typeExpr(d.Type)
	var align int64
	for _, a := range d.Attrs {
		switch a.Name {
		case "aligned":
			align = max(align, c.alignedAttr(a))
		case "ext_vector_type":
			qt.t = c.extVectorType(a, qt.t)
		}
	}
	t := named(qt.t, d.Name)
	if align > 0 {
		// On a typedef, aligned sets the alignment (it may also lower it).
		setAligned(t, align)
	}
	tn := &TypeName{At: d.At, Name: d.Name, Type: t, Quals: qt.q}
	if old, ok := c.scope.names[d.Name].(*TypeName); ok {
		if !Identical(old.Type, t) {
			c.errorf(d, "typedef redefinition with different types (%s vs %s)", quote(t), quote(old.Type))
			c.notef(old.At, "previous definition is here")
		}
		c.info.Defs[d] = old
		return
	}
	c.declare(d.Name, tn, d)
	c.typedefQ[tn] = qt
	c.info.Defs[d] = tn
}

// setAligned records the alignment of an aligned typedef on t, a copy made
// by named. Structs and enums are their own types and keep theirs.
func setAligned(t Type, a int64) {
	switch t := t.(type) {
	case *Basic:
		if t.Kind != Invalid {
			t.Aligned = a
		}
	case *Vector:
		t.Aligned = a
	case *Pointer:
		t.Aligned = a
	case *Array:
		t.Aligned = a
	}
}

// named gives t the typedef name for printing, copying types that are
// structurally compared and naming anonymous tags in place.
func named(t Type, name string) Type {
	switch t := t.(type) {
	case *Basic:
		if t.Kind == Invalid {
			return t
		}
		cp := *t
		cp.Name = name
		return &cp
	case *Vector:
		cp := *t
		cp.Name = name
		return &cp
	case *Pointer:
		cp := *t
		cp.Name = name
		return &cp
	case *Array:
		cp := *t
		cp.Name = name
		return &cp
	case *Struct:
		if t.Tag == "" && t.Name == "" {
			t.Name = name
		}
	case *Enum:
		if t.Tag == "" && t.Name == "" {
			t.Name = name
		}
	}
	return t
}

func (c *checker) funcDecl(d *syntax.FuncDecl) {
	if d.Type == nil {
		return
	}
	var params []*Var
	sig := c.signature(d.Type, &params)
	if c.conf.Std < 200 && d.Type.Variadic {
		c.errorf(d, "invalid prototype, variadic arguments are not allowed in OpenCL")
	}
	f := &Func{At: d.At, Name: d.Name, Sig: sig, Params: params, Decl: d, Kernel: d.Kernel, Inline: d.Inline}
	ovl := isOverloadable(d)
	if old := c.scope.names[d.Name]; old != nil {
		of, ok := old.(*Func)
		if ok && (ovl || of.Overloadable) {
			if of = c.overloadDecl(d, of, f, ovl); of == nil {
				return
			}
			f = of
			goto declared
		}
		switch {
		case !ok:
			c.errorf(d, "redefinition of '%s' as different kind of symbol", d.Name)
			c.notef(old.Pos(), "previous definition is here")
		case !Identical(of.Sig, sig):
			c.errorf(d, "conflicting types for '%s'", d.Name)
			c.notef(of.At, "previous declaration is here")
		case of.Decl != nil && of.Decl.Body != nil && d.Body != nil:
			c.errorf(d, "redefinition of '%s'", d.Name)
			c.notef(of.At, "previous definition is here")
		default:
			if d.Body != nil {
				of.At, of.Params, of.Decl = d.At, params, d
			}
			of.Kernel = of.Kernel || d.Kernel
			f = of
		}
		if !ok {
			return
		}
	} else if ovl {
		// Overloads are not linked across units by name.
		f.Overloadable, f.Overloads = true, []*Func{f}
		c.scope.names[d.Name] = f
		c.pkg.Funcs = append(c.pkg.Funcs, f)
	} else if of := c.externFunc(d, sig); of != nil {
		// Declared with external linkage by another unit: the same
		// function, as for a redeclaration below.
		if d.Body != nil {
			of.At, of.Params, of.Decl = d.At, params, d
		}
		of.Kernel = of.Kernel || d.Kernel
		f = of
		c.scope.names[d.Name] = f
	} else {
		c.scope.names[d.Name] = f
		c.pkg.Funcs = append(c.pkg.Funcs, f)
		c.noteExtern(d.Name, d.Storage, f)
	}
declared:
	c.info.Defs[d] = f
	c.funcAttrs(f, d)
	if d.Kernel {
		c.kernelChecks(f, d)
	}
	if d.Body != nil {
		if f.Kernel && !containsFunc(c.pkg.Kernels, f) {
			c.pkg.Kernels = append(c.pkg.Kernels, f)
		}
		c.funcBody(f, d)
	}
}

func containsFunc(fs []*Func, f *Func) bool {
	for _, g := range fs {
		if g == f {
			return true
		}
	}
	return false
}

func (c *checker) funcAttrs(f *Func, d *syntax.FuncDecl) {
	for _, a := range d.Attrs {
		switch a.Name {
		case "reqd_work_group_size", "work_group_size_hint":
			var v [3]uint64
			if len(a.Args) != 3 {
				c.errorf(a, "'%s' attribute requires exactly 3 arguments", a.Name)
				continue
			}
			for i, arg := range a.Args {
				e, ok := arg.(syntax.Expr)
				if !ok {
					c.errorf(a, "'%s' attribute requires an integer constant", a.Name)
					continue
				}
				tv := c.rvalueExpr(e)
				if !tv.IsConst() || tv.Value.Kind != IntConst {
					if !IsInvalid(tv.Type) {
						c.errorf(e, "'%s' attribute requires an integer constant", a.Name)
					}
					continue
				}
				if tv.Value.Int <= 0 {
					c.errorf(e, "'%s' attribute must be greater than 0", a.Name)
					continue
				}
				v[i] = tv.Value.Uint64()
			}
			if a.Name == "reqd_work_group_size" {
				f.Attrs.ReqdWorkGroupSize = v
			} else {
				f.Attrs.WorkGroupSizeHint = v
			}
			if !d.Kernel {
				c.errorf(a, "'%s' attribute only applies to kernel functions", a.Name)
			}
		case "vec_type_hint":
			if len(a.Args) != 1 {
				c.errorf(a, "'vec_type_hint' attribute takes one argument")
				continue
			}
			te, ok := a.Args[0].(syntax.TypeExpr)
			if !ok {
				c.errorf(a, "'vec_type_hint' attribute requires a type")
				continue
			}
			t := c.typeExpr(te).t
			if ElemKind(t) == Invalid || ElemKind(t) == Bool || ElemKind(t) == Void {
				c.errorf(a, "invalid attribute argument %s - expecting a vector or vectorizable scalar type", quote(t))
				continue
			}
			f.Attrs.VecTypeHint = t
		}
	}
}

// kernelChecks applies the restrictions on kernel signatures (OpenCL C
// 6.9).
func (c *checker) kernelChecks(f *Func, d *syntax.FuncDecl) {
	if !IsVoid(f.Sig.Result) && !IsInvalid(f.Sig.Result) {
		c.errorf(d, "kernel must have void return type")
	}
	for i, p := range f.Params {
		var at syntax.Node = d
		if i < len(d.Type.Params) {
			at = d.Type.Params[i]
		}
		t := p.Type
		if pt, ok := t.(*Pointer); ok {
			if _, ok := pt.Elem.(*Pointer); ok {
				c.errorf(at, "kernel parameter cannot be declared as a pointer to a pointer")
				continue
			}
			switch pt.Space {
			case Global, Constant, Local:
			default:
				c.errorf(at, "pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space")
			}
			continue
		}
		if b, ok := t.(*Basic); ok {
			switch {
			case b.Kind == Bool, b.Name == "size_t", b.Name == "ptrdiff_t", b.Name == "intptr_t", b.Name == "uintptr_t":
				c.errorf(at, "'%s' cannot be used as the type of a kernel parameter", b)
			case b.Kind == Half && !c.fp16():
				c.errorf(at, "declaring function parameter of type 'half' is not allowed; did you forget * ?")
			}
		}
		if s, ok := t.(*Struct); ok && structHasPointer(s, 0) {
			c.errorf(at, "%s cannot be used to declare a kernel function argument", quote(s))
		}
		if ev, ok := t.(*Event); ok {
			c.errorf(at, "'%s' cannot be used as the type of a kernel parameter", ev)
		}
	}
}

func structHasPointer(s *Struct, depth int) bool {
	if depth > 32 {
		return false
	}
	for _, f := range s.Fields {
		t := f.Type
		for {
			a, ok := t.(*Array)
			if !ok {
				break
			}
			t = a.Elem
		}
		switch ft := t.(type) {
		case *Pointer, *Basic:
			if b, ok := ft.(*Basic); ok && b.Kind != Bool {
				continue
			}
			return true
		case *Struct:
			if structHasPointer(ft, depth+1) {
				return true
			}
		case *Image, *Sampler, *Event:
			return true
		}
	}
	return false
}

func (c *checker) funcBody(f *Func, d *syntax.FuncDecl) {
	c.fn = f
	c.fnExts = map[string]bool{}
	c.loops = 0
	c.switches = nil
	c.labels, c.gotos = map[string]bool{}, nil
	f.Locals = nil
	c.pushScope()
	for i, p := range f.Params {
		var at syntax.Node = d
		if i < len(d.Type.Params) {
			at = d.Type.Params[i]
			c.info.Defs[d.Type.Params[i]] = p
		}
		p.Func = f
		if p.Name == "" {
			continue
		}
		c.declare(p.Name, p, at)
		c.noteTypeExts(p.Type)
	}
	c.noteTypeExts(f.Sig.Result)
	for _, s := range d.Body.Stmts {
		c.stmt(s)
	}
	for _, g := range c.gotos {
		if !c.labels[g.Label] {
			c.diags.Errorf(g.LabelAt, "use of undeclared label '%s'", g.Label)
		}
	}
	c.popScope()
	if !IsVoid(f.Sig.Result) && !IsInvalid(f.Sig.Result) && !f.Kernel && canFallThrough(d.Body) && f.Name != "main" {
		c.warnf(endPos(d.Body), "non-void function does not return a value in all control paths")
	}
	for e := range c.fnExts {
		f.Extensions = append(f.Extensions, e)
	}
	sort.Strings(f.Extensions)
	c.fn, c.fnExts = nil, nil
}

// endPos is a node at a block's closing brace, for diagnostics.
func endPos(b *syntax.BlockStmt) syntax.Node { return endNode{b} }

type endNode struct{ b *syntax.BlockStmt }

func (e endNode) Pos() diag.Pos { return e.b.End }

// noteTypeExts records the extensions a type needs.
func (c *checker) noteTypeExts(t Type) {
	switch ElemKind(t) {
	case Double:
		c.useExt("cl_khr_fp64")
	case Half:
		c.useExt("cl_khr_fp16")
	}
	switch t := t.(type) {
	case *Pointer:
		if ElemKind(t.Elem) == Double {
			c.noteTypeExts(t.Elem)
		}
	case *Array:
		c.noteTypeExts(t.Elem)
	}
}
