package types

import "github.com/clgo/clgo/compiler/syntax"

// The address space qualifier functions of OpenCL C 2.0 (section 6.13.9):
// to_global, to_local and to_private convert a pointer to a named address
// space (NULL when it points elsewhere); get_fence gives the memory fence
// flags of the memory it points to. Their argument is a pointer to any
// type, so they are checked here rather than from the builtin table.

// toGeneric reports whether a pointer into address space from converts
// implicitly to one into to: the same space, or generic from any space
// but __constant (OpenCL C 2.0 section 6.5.5).
func toGeneric(from, to AddrSpace) bool {
	return from == to || to == Generic && from != Constant
}

// overlap reports whether pointers into spaces a and b may be compared or
// cast to each other: one converts to the other.
func overlap(a, b AddrSpace) bool { return toGeneric(a, b) || toGeneric(b, a) }

// addrSpaceFuncs maps each to_ function to the address space it converts to.
var addrSpaceFuncs = map[string]AddrSpace{"to_global": Global, "to_local": Local, "to_private": Private}

// isAddrSpaceBuiltin reports whether name is one of the address space
// qualifier functions.
func isAddrSpaceBuiltin(name string) bool {
	_, ok := addrSpaceFuncs[name]
	return ok || name == "get_fence"
}

// addrSpaceCall checks a call of an address space qualifier function.
func (c *checker) addrSpaceCall(e *syntax.CallExpr, name string, args []operand) TypeAndValue {
	if c.conf.Std < 200 {
		c.errorf(e, "'%s' requires OpenCL C 2.0 or later (-cl-std=CL3.0)", name)
		return c.bad(e)
	}
	if len(args) != 1 {
		c.argCountError(e, 1)
		return c.bad(e)
	}
	pt, ok := Underlying(args[0].tv.Type).(*Pointer)
	if !ok {
		c.errorf(args[0].e, "invalid argument %s to function '%s', expecting a generic pointer argument", quote(args[0].tv.Type), name)
		return c.bad(e)
	}
	if pt.Space == Constant {
		c.errorf(args[0].e, "invalid address space '__constant' of the argument to function '%s', expecting a generic pointer argument", name)
		return c.bad(e)
	}
	var rt Type = &Basic{Kind: UInt, Name: "cl_mem_fence_flags"}
	if space, ok := addrSpaceFuncs[name]; ok {
		rt = &Pointer{Elem: pt.Elem, Space: space, Quals: pt.Quals}
	}
	c.info.Calls[e] = Callee{Builtin: &Overload{Name: name, Params: []Type{args[0].tv.Type}, Result: rt}}
	return c.record(e, rv(rt))
}
