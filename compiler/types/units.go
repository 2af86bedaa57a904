package types

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// CheckUnits type-checks a program made of separately compiled units
// (C99 translation units, 6.2.2): each file has its own file scope, so
// two units may each define the same struct tag, typedef, static function
// or static variable. Functions and program-scope variables with external
// linkage (not static) are one object across the units: a declaration in
// one unit and the definition in another denote the same *Func or *Var,
// so calls and uses resolve across units. Their types must agree; a
// function or variable defined in two units is an error.
//
// Struct, union and enum types that two units define alike (same tag,
// same members, C99 6.2.7) are one type, so that a struct can cross a
// unit boundary as a parameter or an external variable.
func CheckUnits(files []*syntax.File, conf *Config, diags *diag.List) (pkg *Package, info *Info) {
	c := newChecker(conf, diags)
	defer func() {
		if r := recover(); r != nil {
			c.internalError(r)
			pkg, info = c.pkg, c.info
		}
	}()
	c.link = &linkState{externs: map[string]linked{}, tags: map[string][]linkedTag{}}
	for i, f := range files {
		c.link.unit = i
		c.files = newScope(nil)
		c.scope = c.files
		c.file(f)
	}
	c.undefinedExterns()
	c.finish()
	c.unusedVars()
	return c.pkg, c.info
}

// linkState is what CheckUnits keeps across units; nil for Check.
type linkState struct {
	unit    int               // the unit being checked
	externs map[string]linked // objects with external linkage, by name
	tags    map[string][]linkedTag
	vars    []*Var // variables with external linkage, in declaration order
}

type linked struct {
	obj  Object
	unit int
}

type linkedTag struct {
	t    Type // *Struct or *Enum
	unit int
}

// externFunc returns the function that another unit declared with
// external linkage under d's name, for d, a declaration of a name this
// unit has not declared. It reports a disagreement (and returns nil).
func (c *checker) externFunc(d *syntax.FuncDecl, sig *Signature) *Func {
	if c.link == nil || d.Storage == syntax.Static {
		return nil
	}
	l, ok := c.link.externs[d.Name]
	if !ok || l.unit == c.link.unit {
		return nil
	}
	of, ok := l.obj.(*Func)
	switch {
	case !ok:
		c.errorf(d, "redefinition of '%s' as different kind of symbol", d.Name)
		c.notef(l.obj.Pos(), "previous definition is here")
	case !Identical(of.Sig, sig):
		c.conflict(d, d.Name, sig, of.Sig, of.At)
	case of.Decl != nil && of.Decl.Body != nil && d.Body != nil:
		what := "function"
		if of.Kernel || d.Kernel {
			what = "kernel"
		}
		c.errorf(d, "%s '%s' is defined in two units: here and in %s", what, d.Name, of.At.File)
		c.notef(of.At, "previous definition is here")
	default:
		return of
	}
	return nil
}

// externVar is externFunc for a program-scope variable: v, declared by d.
func (c *checker) externVar(d *syntax.VarDecl, v *Var) *Var {
	if c.link == nil || d.Storage == syntax.Static {
		return nil
	}
	l, ok := c.link.externs[d.Name]
	if !ok || l.unit == c.link.unit {
		return nil
	}
	old, ok := l.obj.(*Var)
	switch {
	case !ok:
		c.errorf(d, "redefinition of '%s' as different kind of symbol", d.Name)
		c.notef(l.obj.Pos(), "previous definition is here")
	case old.Space != v.Space || old.Quals != v.Quals || !sameObjectType(old.Type, v.Type):
		c.conflict(d, d.Name, v.Type, old.Type, old.At)
	case isVarDefinition(old) && isVarDefinition(v):
		c.errorf(d, "variable '%s' is defined in two units: here and in %s", d.Name, old.At.File)
		c.notef(old.At, "previous definition is here")
	default:
		if isVarDefinition(v) {
			old.At, old.Decl, old.Init = v.At, d, v.Init
			if a, ok := old.Type.(*Array); ok && a.Len < 0 {
				old.Type = v.Type
			}
		}
		return old
	}
	return nil
}

// conflict reports that name has type t at d and type old in another
// unit, at oldAt.
func (c *checker) conflict(d syntax.Node, name string, t, old Type, oldAt diag.Pos) {
	why := ""
	if t.String() == old.String() {
		why = " (a struct, union or enum of the same name is defined differently)"
	}
	c.errorf(d, "conflicting types for '%s': %s here, %s in %s%s", name, quote(t), quote(old), oldAt.File, why)
	c.notef(oldAt, "previous declaration is here")
}

// isVarDefinition reports whether v's declaration defines it: it has an
// initializer or is not extern (a tentative definition).
func isVarDefinition(v *Var) bool {
	d, ok := v.Decl.(*syntax.VarDecl)
	return v.Init != nil || ok && d.Storage != syntax.Extern
}

// sameObjectType is Identical, except that an array of unknown size
// matches an array of the same elements of any size.
func sameObjectType(x, y Type) bool {
	if a, ok := x.(*Array); ok {
		if b, ok := y.(*Array); ok && (a.Len < 0 || b.Len < 0) {
			return Identical(a.Elem, b.Elem)
		}
	}
	return Identical(x, y)
}

// noteExtern records obj, newly declared by this unit, if it has external
// linkage.
func (c *checker) noteExtern(name string, storage syntax.StorageClass, obj Object) {
	if c.link == nil || storage == syntax.Static || name == "" {
		return
	}
	if _, ok := c.link.externs[name]; ok {
		return // the other unit's object keeps the name (an error was given)
	}
	c.link.externs[name] = linked{obj: obj, unit: c.link.unit}
	if v, ok := obj.(*Var); ok {
		c.link.vars = append(c.link.vars, v)
	}
}

// sameTag returns the type that another unit defined alike with t's tag,
// for t, a struct, union or enum just defined at file scope; it returns t
// (and remembers it) when there is none.
func (c *checker) sameTag(tag string, t Type) Type {
	if c.link == nil || c.scope != c.files {
		return t
	}
	for _, o := range c.link.tags[tag] {
		if o.unit != c.link.unit && compatibleTags(o.t, t) {
			if tag != "" {
				c.scope.tags[tag] = o.t
			}
			return o.t
		}
	}
	c.link.tags[tag] = append(c.link.tags[tag], linkedTag{t: t, unit: c.link.unit})
	return t
}

// compatibleTags reports whether x and y, defined in two units, are
// compatible (C99 6.2.7): the same kind, members of the same names and
// types in the same order, and here also the same layout. Member types
// are compared with Identical: the structs they name have been made one
// already when they are compatible.
func compatibleTags(x, y Type) bool {
	switch x := x.(type) {
	case *Struct:
		y, ok := y.(*Struct)
		if !ok || x.Tag != y.Tag || x.Union != y.Union || x.Packed != y.Packed || x.Size != y.Size ||
			x.Align != y.Align || len(x.Fields) != len(y.Fields) {
			return false
		}
		for i, f := range x.Fields {
			g := y.Fields[i]
			if f.Name != g.Name || f.Offset != g.Offset || f.Quals != g.Quals || !Identical(f.Type, g.Type) {
				return false
			}
		}
		return true
	case *Enum:
		y, ok := y.(*Enum)
		if !ok || x.Tag != y.Tag || !Identical(x.Underlying, y.Underlying) || len(x.Consts) != len(y.Consts) {
			return false
		}
		for i, e := range x.Consts {
			if e.Name != y.Consts[i].Name || e.Value.Int != y.Consts[i].Value.Int {
				return false
			}
		}
		return true
	}
	return false
}

// undefinedExterns reports the variables with external linkage that some
// unit uses and no unit defines.
func (c *checker) undefinedExterns() {
	used := map[*Var]bool{}
	for _, o := range c.info.Uses {
		if v, ok := o.(*Var); ok && v.Kind == GlobalVar {
			used[v] = true
		}
	}
	for _, v := range c.link.vars {
		if used[v] && !isVarDefinition(v) {
			c.errorf(at(v.At), "variable '%s' is declared but never defined", v.Name)
		}
	}
}
