package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

// varDecl checks a variable declaration at program scope (top) or in a
// function body.
func (c *checker) varDecl(d *syntax.VarDecl, top bool) {
	qt := c.typeExpr(d.Type)
	for _, a := range d.Attrs {
		if a.Name == "aligned" {
			c.alignedAttr(a)
		}
	}
	v := &Var{At: d.At, Name: d.Name, Type: qt.t, Quals: qt.q, Decl: d, Init: d.Init, Func: c.fn}
	if _, ok := qt.t.(*Signature); ok {
		// A block-scope function prototype.
		c.errorf(d, "function declarations are only supported at program scope")
		return
	}
	static := d.Storage == syntax.Static
	switch {
	case top || static:
		v.Kind, v.Static = GlobalVar, static && !top
		v.Space = Constant
		misplaced := false
		switch {
		case qt.hasSpace && qt.space == Constant:
		case qt.hasSpace && qt.space == Global && c.conf.Std >= 200:
			v.Space = Global
		case !qt.hasSpace && c.conf.Std >= 200:
			v.Space = Global
		case isSampler(qt.t) && !qt.hasSpace:
			// A program-scope sampler is a constant.
		case top:
			misplaced = true
			if c.conf.Std >= 200 {
				c.errorf(d, "program scope variable must reside in global or constant address space")
			} else {
				c.errorf(d, "program scope variable must reside in constant address space")
			}
		default:
			misplaced = true
			c.errorf(d, "static local variable must reside in constant address space")
		}
		// A misplaced variable was not written __constant: asking for an
		// initializer would only mislead.
		if v.Space == Constant && !misplaced && d.Init == nil && d.Storage != syntax.Extern {
			c.errorf(d, "variable in constant address space must be initialized")
		}
	default:
		v.Kind, v.Space = LocalVar, Private
		if qt.hasSpace {
			switch qt.space {
			case Local:
				if c.fn == nil || !c.fn.Kernel {
					c.errorf(d, "non-kernel function variable cannot be declared in local address space")
				}
				v.Kind, v.Space = KernelLocal, Local
				if d.Init != nil {
					c.errorf(d.Init, "'__local' variable cannot have an initializer")
				}
			case Constant:
				if c.fn == nil || !c.fn.Kernel {
					c.errorf(d, "non-kernel function variable cannot be declared in constant address space")
				}
				v.Kind, v.Space = GlobalVar, Constant
				if d.Init == nil {
					c.errorf(d, "variable in constant address space must be initialized")
				}
			case Global:
				c.errorf(d, "function scope variable cannot be declared in global address space")
			case Generic:
				c.errorf(d, "automatic variable qualified with an invalid address space")
			}
		}
	}
	c.objectType(v, d)
	if d.Init != nil {
		t := c.initializer(v.Type, d.Init, v.Kind == GlobalVar)
		if a, ok := v.Type.(*Array); ok && a.Len < 0 {
			v.Type = t
		}
	} else if a, ok := v.Type.(*Array); ok && a.Len < 0 && d.Storage != syntax.Extern {
		c.errorf(d, "definition of variable with array type needs an explicit size or an initializer")
		v.Type = &Array{Elem: a.Elem, Len: 1}
	}
	if top {
		if old, ok := c.scope.names[d.Name].(*Var); ok && old.Kind == GlobalVar && (old.Init == nil || d.Init == nil) && Identical(old.Type, v.Type) {
			// A tentative or extern redeclaration.
			if d.Init != nil {
				old.Init, old.Decl = d.Init, d
			}
			c.info.Defs[d] = old
			return
		}
		if c.scope.names[d.Name] == nil {
			if old := c.externVar(d, v); old != nil {
				c.scope.names[d.Name] = old
				c.info.Defs[d] = old
				return
			}
		}
	}
	c.declare(d.Name, v, d)
	if top {
		c.noteExtern(d.Name, d.Storage, v)
	}
	c.info.Defs[d] = v
	if v.Kind == GlobalVar {
		c.pkg.Globals = append(c.pkg.Globals, v)
	}
	if v.Kind == KernelLocal && c.fn != nil {
		c.fn.Locals = append(c.fn.Locals, v)
	}
	c.noteTypeExts(v.Type)
}

func isSampler(t Type) bool { _, ok := t.(*Sampler); return ok }

// objectType reports types that no variable may have.
func (c *checker) objectType(v *Var, d *syntax.VarDecl) {
	t := v.Type
	switch tt := t.(type) {
	case *Basic:
		switch {
		case tt.Kind == Void:
			c.errorf(d, "variable has incomplete type 'void'")
			v.Type = Typ[Invalid]
		case tt.Kind == Half && !c.fp16():
			c.errorf(d, "declaring variable of type 'half' is not allowed")
			v.Type = Typ[Invalid] // its uses are not errors again
		}
	case *Vector:
		if tt.Elem.Kind == Half && !c.fp16() {
			c.errorf(d, "declaring variable of type '%s' is not allowed", tt)
			v.Type = Typ[Invalid]
		}
	case *Struct:
		// An extern declaration need not know the type's members (C99
		// 6.7p7 asks completeness of definitions only).
		if !tt.Complete && d.Storage != syntax.Extern {
			c.errorf(d, "variable has incomplete type '%s'", tt)
			v.Type = Typ[Invalid]
		}
	case *Image:
		c.errorf(d, "'%s' can only be used as a function parameter", tt)
	case *Event:
		if v.Kind == GlobalVar {
			c.errorf(d, "the 'event_t' type cannot be used to declare a program scope variable")
		}
	case *Sampler:
		if v.Kind == KernelLocal {
			c.errorf(d, "sampler type cannot be used with the __local and __global address space qualifiers")
		}
	}
}
