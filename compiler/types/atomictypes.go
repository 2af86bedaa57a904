package types

import "github.com/clgo/clgo/compiler/syntax"

// The atomic types of OpenCL C 2.0 §6.13.11.6 and the memory_order and
// memory_scope enumerations of §6.13.11.4-5. An atomic type is its value
// type under another name (atomic_int is a *Basic of kind Int whose String
// is "atomic_int"): the builtins' overloads tell atomic_int from
// atomic_uint by their kinds, and the lowering gives an atomic object the
// layout of its value type, as the specification requires. The checker
// does not forbid operators on atomic objects (clang does).

// atomicKinds maps each atomic type name to its value kind. The pointer-
// sized ones follow the checker's 32-bit address model.
var atomicKinds = map[string]Kind{
	"atomic_int": Int, "atomic_uint": UInt, "atomic_long": Long, "atomic_ulong": ULong,
	"atomic_float": Float, "atomic_double": Double, "atomic_flag": Int,
	"atomic_intptr_t": Int, "atomic_uintptr_t": UInt, "atomic_size_t": UInt, "atomic_ptrdiff_t": Int,
}

// atomicType returns the type an atomic type name or memory_order or
// memory_scope denotes, nil where the name is none of them or the
// language version or the device lacks it: they exist from OpenCL C 2.0
// on, and atomic_long, atomic_ulong and atomic_double only with
// cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics (§6.13.11.6).
func (c *checker) atomicType(name string) Type {
	if c.conf.Std < 200 {
		return nil
	}
	switch name {
	case "memory_order", "memory_scope":
		return &Basic{Kind: Int, Name: name}
	}
	k, ok := atomicKinds[name]
	if !ok {
		return nil
	}
	if k.Size() == 8 || c.conf.AddressBits == 64 && (name == "atomic_intptr_t" || name == "atomic_uintptr_t" || name == "atomic_size_t" || name == "atomic_ptrdiff_t") {
		if !c.supported["cl_khr_int64_base_atomics"] || !c.supported["cl_khr_int64_extended_atomics"] {
			return nil
		}
		if c.conf.AddressBits == 64 {
			switch name {
			case "atomic_intptr_t", "atomic_ptrdiff_t":
				k = Long
			case "atomic_uintptr_t", "atomic_size_t":
				k = ULong
			}
		}
	}
	return &Basic{Kind: k, Name: name}
}

// predeclared is the scope outside the files': the type names of
// syntax.PredeclaredTypedefs that this language version and device have
// (the parser takes them as typedef names whatever the version, so that
// 1.2 code may redeclare them).
func (c *checker) predeclared() *scope {
	s := newScope(nil)
	for _, name := range syntax.PredeclaredTypedefs {
		if t := c.atomicType(name); t != nil {
			s.names[name] = &TypeName{Name: name, Type: t}
		}
	}
	return s
}
