// Package types is the type checker of clgo's OpenCL C compiler. It gives
// meaning to the plain tree of package syntax: every expression's type and
// constant value, what every name denotes, the implicit conversions C and
// OpenCL C apply, the overload of every builtin call, vector component
// selections, struct member paths and normalised initializers. As in Go's
// types2, the results live in side tables (Info) keyed by syntax nodes, so
// that lowering reads them and never re-derives C's rules.
//
// Type identity: compare types with Identical, not ==. A typedef gives a
// type a name for messages only (size_t is a *Basic of kind UInt or ULong
// whose String is "size_t"); structs, unions and enums are identical only to
// themselves.
//
// Qualifiers: const and volatile are not part of a Type except behind a
// pointer (Pointer.Quals qualifies the pointee, Pointer.Space is its
// address space). The qualifiers and address space of an object are kept on
// the object (Var.Quals, Var.Space, Field.Quals) and on lvalue expressions
// (TypeAndValue.Quals, TypeAndValue.Space); an array's element qualifiers
// are those of the array object.
package types
