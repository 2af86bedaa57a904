package types

import (
	"sort"

	"github.com/clgo/clgo/compiler/syntax"
)

// unusedVars gives clang's -Wunused-variable (a local variable never
// named after its declaration; on with -Wall) and -Wunused-parameter (a
// named parameter of a function definition never named in its body; on
// with -Wextra) warnings. The diagnostic list decides whether they show;
// a variable or parameter declared __attribute__((unused)) is exempt. An
// assignment names the variable, so `int x; x = 1;` is not reported here
// (clang reports it as set but not used).
func (c *checker) unusedVars() {
	used := map[*Var]bool{}
	for _, obj := range c.info.Uses {
		if v, ok := obj.(*Var); ok {
			used[v] = true
		}
	}
	var unused []*Var
	for node, obj := range c.info.Defs {
		v, ok := obj.(*Var)
		if !ok || used[v] || v.Name == "" || v.Func == nil || hasUnusedAttr(node) {
			continue
		}
		if v.Kind == ParamVar && (v.Func.Decl == nil || v.Func.Decl.Body == nil) {
			continue // a prototype's parameter
		}
		unused = append(unused, v)
	}
	// clang's order: function by function, its variables, then its
	// parameters.
	sort.Slice(unused, func(i, j int) bool {
		a, b := unused[i], unused[j]
		if a.Func != b.Func {
			return a.Func.At.Before(b.Func.At)
		}
		if (a.Kind == ParamVar) != (b.Kind == ParamVar) {
			return b.Kind == ParamVar
		}
		return a.At.Before(b.At)
	})
	for _, v := range unused {
		if v.Kind == ParamVar {
			c.diags.Warn(v.At, "unused-parameter", "unused parameter '%s'", v.Name)
		} else {
			c.diags.Warn(v.At, "unused-variable", "unused variable '%s'", v.Name)
		}
	}
}

func hasUnusedAttr(n syntax.Node) bool {
	var attrs []*syntax.Attr
	switch d := n.(type) {
	case *syntax.VarDecl:
		attrs = d.Attrs
	case *syntax.Param:
		attrs = d.Attrs
	}
	for _, a := range attrs {
		if a.Name == "unused" || a.Name == "maybe_unused" {
			return true
		}
	}
	return false
}
