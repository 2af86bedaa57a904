package types

import "strings"

// checkRecursion reports cycles in the call graph: OpenCL C forbids
// recursion (6.9.m? "recursion is not supported").
func (c *checker) checkRecursion() {
	const (
		white = iota
		grey
		black
	)
	color := map[*Func]int{}
	var stack []*Func
	var visit func(f *Func)
	visit = func(f *Func) {
		color[f] = grey
		stack = append(stack, f)
		for _, cs := range c.calls[f] {
			switch color[cs.callee] {
			case white:
				visit(cs.callee)
			case grey:
				var names []string
				start := 0
				for i, g := range stack {
					if g == cs.callee {
						start = i
					}
				}
				for _, g := range stack[start:] {
					names = append(names, "'"+g.Name+"'")
				}
				names = append(names, "'"+cs.callee.Name+"'")
				if len(names) == 2 {
					c.diags.Errorf(cs.at, "recursion is not supported in OpenCL C: '%s' calls itself", cs.callee.Name)
				} else {
					c.diags.Errorf(cs.at, "recursion is not supported in OpenCL C: %s", strings.Join(names, " calls "))
				}
			}
		}
		stack = stack[:len(stack)-1]
		color[f] = black
	}
	for _, f := range c.pkg.Funcs {
		if color[f] == white {
			visit(f)
		}
	}
}
