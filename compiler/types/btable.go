package types

import (
	"strings"

	"github.com/clgo/clgo/compiler/builtins"
)

// lookupOverloads returns the parsed declarations of builtin name (all of
// them, whatever the extensions), parsing them on first use.
func (c *checker) lookupOverloads(name string) []*Overload {
	if os, ok := c.overloads[name]; ok {
		return os
	}
	var os []*Overload
	for _, d := range builtins.Lookup(name) {
		if d.MinStd > c.conf.Std {
			continue
		}
		o := &Overload{Name: d.Name, Variadic: d.Variadic, Ext: d.Ext}
		o.Result = c.parseBuiltinType(d.Result)
		ok := o.Result != nil
		for _, p := range d.Params {
			t := c.parseBuiltinType(p)
			if t == nil {
				ok = false
				break
			}
			o.Params = append(o.Params, t)
		}
		if ok {
			os = append(os, o)
		}
	}
	c.overloads[name] = os
	return os
}

// availableOverloads filters the overloads by the extensions in effect.
func (c *checker) availableOverloads(name string) []*Overload {
	var out []*Overload
	for _, o := range c.lookupOverloads(name) {
		if c.extAvailable(o.Ext) {
			out = append(out, o)
		}
	}
	return out
}

func (c *checker) extAvailable(ext string) bool {
	switch ext {
	case "":
		return true
	case "cl_khr_fp64":
		return c.fp64()
	case "cl_khr_fp16":
		return c.fp16()
	}
	if strings.HasPrefix(ext, "__opencl_c_") {
		return c.features[ext]
	}
	return c.supported[ext]
}

// parseBuiltinType parses a type as the builtins table spells it:
// qualifiers, an address space or access qualifier, a type name, and '*'s
// ("const __global float *", "__write_only image2d_t").
func (c *checker) parseBuiltinType(s string) Type {
	if t, ok := c.parseBuiltinTypeName(s); ok {
		return t
	}
	s = strings.ReplaceAll(s, "*", " * ")
	var t Type
	var q Quals
	sp, hasSp := Private, false
	acc := ReadOnly
	for _, w := range strings.Fields(s) {
		switch w {
		case "const":
			q |= Const
		case "volatile":
			q |= Volatile
		case "restrict":
			q |= Restrict
		case "__global":
			sp, hasSp = Global, true
		case "__local":
			sp, hasSp = Local, true
		case "__constant":
			sp, hasSp = Constant, true
		case "__private":
			sp, hasSp = Private, true
		case "__generic":
			sp, hasSp = Generic, true
		case "__read_only":
			acc = ReadOnly
		case "__write_only":
			acc = WriteOnly
		case "__read_write":
			acc = ReadWrite
		case "*":
			if t == nil {
				return nil
			}
			if !hasSp {
				sp = c.defaultPointeeSpace()
			}
			t = &Pointer{Elem: t, Space: sp, Quals: q}
			q, sp, hasSp = 0, Private, false
		default:
			if t != nil {
				return nil
			}
			t = c.builtinType(w)
			if t == nil {
				return nil
			}
			if im, ok := t.(*Image); ok {
				im.Access = acc
			}
		}
	}
	return t
}

// parseBuiltinTypeName is parseBuiltinType for the common one-word type
// ("float4", "int", "image2d_t"), without splitting the string: a compile
// parses every overload of each builtin it calls (exp alone has dozens).
// ok is false where s is more than a type name.
func (c *checker) parseBuiltinTypeName(s string) (Type, bool) {
	if s == "" || strings.ContainsAny(s, "* \t\n\v\f\r") {
		return nil, false
	}
	switch s {
	case "const", "volatile", "restrict", "__global", "__local", "__constant", "__private",
		"__generic", "__read_only", "__write_only", "__read_write":
		return nil, false
	}
	t := c.builtinType(s)
	if im, ok := t.(*Image); ok {
		im.Access = ReadOnly
	}
	return t, true
}
