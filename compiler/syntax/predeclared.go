package syntax

// PredeclaredTypedefs are the type names OpenCL C 2.0 adds (§6.13.11: the
// atomic types and the memory_order and memory_scope enumerations). They
// are typedef names of a scope outside the file's, not keywords, so that
// OpenCL C 1.2 code may still declare variables and typedefs of these
// names; the checker gives them types from -cl-std=CL2.0 on and reports
// them as unknown type names before.
var PredeclaredTypedefs = []string{
	"atomic_int", "atomic_uint", "atomic_long", "atomic_ulong", "atomic_float",
	"atomic_double", "atomic_intptr_t", "atomic_uintptr_t", "atomic_size_t",
	"atomic_ptrdiff_t", "atomic_flag", "memory_order", "memory_scope",
}

func predeclaredTypedefs() map[string]bool {
	m := make(map[string]bool, len(PredeclaredTypedefs))
	for _, n := range PredeclaredTypedefs {
		m[n] = true
	}
	return m
}
