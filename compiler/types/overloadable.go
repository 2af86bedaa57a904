package types

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
)

// __attribute__((overloadable)) functions (clang's C extension, which
// OpenCL libraries use for their own type-generic helpers): several
// functions of one name, told apart by their parameter types; a call picks
// the best by the argument conversions, as for the builtins.

func isOverloadable(d *syntax.FuncDecl) bool {
	for _, a := range d.Attrs {
		if a.Name == "overloadable" {
			return true
		}
	}
	return false
}

// overloadDecl declares f (from d) as an overload of head, the function
// the name resolves to; it returns the function d declares (an earlier
// declaration of the same signature, or f), or nil after an error.
func (c *checker) overloadDecl(d *syntax.FuncDecl, head, f *Func, ovl bool) *Func {
	if !ovl || !head.Overloadable {
		if ovl {
			c.errorf(d, "redeclaration of '%s' must not have the 'overloadable' attribute", d.Name)
		} else {
			c.errorf(d, "redeclaration of '%s' must have the 'overloadable' attribute", d.Name)
		}
		c.notef(head.At, "previous declaration is here")
		return nil
	}
	for _, g := range head.Overloads {
		if !Identical(g.Sig, f.Sig) {
			continue
		}
		if g.Decl != nil && g.Decl.Body != nil && d.Body != nil {
			c.errorf(d, "redefinition of '%s'", d.Name)
			c.notef(g.At, "previous definition is here")
			return nil
		}
		if d.Body != nil {
			g.At, g.Params, g.Decl = f.At, f.Params, d
		}
		g.Kernel = g.Kernel || d.Kernel
		return g
	}
	if d.Kernel || head.Kernel {
		c.errorf(d, "kernel functions cannot be overloaded")
		return nil
	}
	f.Overloadable = true
	head.Overloads = append(head.Overloads, f)
	c.pkg.Funcs = append(c.pkg.Funcs, f)
	return f
}

// resolveOverload picks the overload of head that a call with args
// reaches, or reports why none does and returns nil.
func (c *checker) resolveOverload(e *syntax.CallExpr, head *Func, args []TypeAndValue) *Func {
	var viable []*Func
	var ranks [][]int
	for _, g := range head.Overloads {
		if len(g.Sig.Params) != len(args) {
			continue
		}
		rk := make([]int, len(args))
		ok := true
		for i, p := range g.Sig.Params {
			if rk[i] = c.argRank(args[i], p); rk[i] < 0 || rk[i] == rankIncompatible {
				ok = false
				break
			}
		}
		if ok {
			viable, ranks = append(viable, g), append(ranks, rk)
		}
	}
	best := bestViable(ranks)
	if best >= 0 {
		return viable[best]
	}
	if len(viable) == 0 {
		var ts []string
		for _, a := range args {
			ts = append(ts, quote(a.Type))
		}
		c.errorf(e, "no matching function for call to '%s' with arguments (%s)", head.Name, strings.Join(ts, ", "))
		for _, g := range head.Overloads {
			c.notef(g.At, "candidate function: %s", sigString(g))
		}
		return nil
	}
	c.errorf(e, "call to '%s' is ambiguous", head.Name)
	for _, g := range viable {
		c.notef(g.At, "candidate function: %s", sigString(g))
	}
	return nil
}

func sigString(f *Func) string {
	var ps []string
	for _, p := range f.Sig.Params {
		ps = append(ps, p.String())
	}
	return f.Sig.Result.String() + " " + f.Name + "(" + strings.Join(ps, ", ") + ")"
}
