package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

// Config configures the checker for a target.
type Config struct {
	// AddressBits is the size of size_t and of pointers: 32 (the default,
	// as clspv: size_t is uint) or 64 (physical addressing).
	AddressBits int
	// Std is the OpenCL C version ×100 (100, 110, 120, 200, 300); 0 means 120.
	Std int
	// Extensions are the extensions the target supports (cl_khr_fp64,
	// cl_khr_fp16, cl_khr_int64_base_atomics, ...). double needs
	// cl_khr_fp64 here and, before OpenCL C 1.2, enabled by
	// `#pragma OPENCL EXTENSION cl_khr_fp64 : enable`; half values need
	// cl_khr_fp16 here and enabled by its pragma (half pointers are always
	// allowed, for vload_half/vstore_half).
	Extensions []string
	// Features are the OpenCL C 3.0 optional features the target has
	// (__opencl_c_subgroups, ...). A builtin declared for a feature is
	// available under every -cl-std where the target has it, as clang
	// declares the sub-group functions for cl_khr_subgroups or
	// __opencl_c_subgroups.
	Features []string
	// FastRelaxedMath is -cl-fast-relaxed-math.
	FastRelaxedMath bool
	// SinglePrecisionConstants is -cl-single-precision-constant: a
	// floating literal without a suffix is float, not double.
	SinglePrecisionConstants bool
}

// Mode says what kind of value an expression has.
type Mode uint8

const (
	NoValue Mode = iota // a void call or an erroneous expression
	RValue
	LValue // designates an object (may be a vector component selection, which has no address)
)

// TypeAndValue is what the checker knows about one expression.
type TypeAndValue struct {
	// Type is the expression's type before any implicit conversion (see
	// Info.Implicit): an array-typed variable has its array type here.
	Type Type
	Mode Mode
	// Value is the value of a constant expression (Kind != NoConst).
	Value Value
	// Quals and Space are those of the object an lvalue designates.
	Quals Quals
	Space AddrSpace
}

// IsConst reports whether the expression is a constant expression with a
// known value.
func (tv TypeAndValue) IsConst() bool { return tv.Value.Kind != NoConst }

// Member is a resolved struct or union member selection. Path holds the
// field indices from the selected struct down to Field, through anonymous
// struct/union members; len(Path) == 1 for an ordinary member.
type Member struct {
	Field *Field
	Path  []int
}

// Callee is what a call calls: a user function or a builtin overload.
type Callee struct {
	Func    *Func     // a user function, or nil
	Builtin *Overload // the chosen overload of a builtin, or nil
}

// Init is a normalised initializer: an aggregate node with one entry per
// element or field, or a leaf holding an expression converted to Type (the
// conversion is in Info.Implicit as for any other operand).
type Init struct {
	Type Type
	// Expr is the leaf expression; nil for an aggregate or for zero.
	// A string literal initializing a char array is a leaf whose Type is
	// the array.
	Expr syntax.Expr
	// Elems is set for an aggregate (array, struct, union, vector written
	// with braces): one entry per array element, struct field, union
	// field or vector component, in order; a nil entry is zero.
	Elems []*Init
}

// Info holds the results of type checking. Every map is filled.
type Info struct {
	// Types maps every expression (InitLists excepted) to its type, mode and
	// constant value. A ParenExpr has the type of what it encloses.
	Types map[syntax.Expr]TypeAndValue
	// TypeExprs maps every type expression to the type it denotes,
	// including the inner nodes of declarators.
	TypeExprs map[syntax.TypeExpr]Type
	// Defs maps declaring nodes to their objects: *syntax.VarDecl and
	// *syntax.Param → *Var, *syntax.FuncDecl → *Func, *syntax.TypedefDecl
	// → *TypeName, *syntax.Enumerator → *EnumConst.
	Defs map[syntax.Node]Object
	// Uses maps every identifier that names something to it.
	Uses map[*syntax.Ident]Object
	// Implicit maps an expression to the type its value is converted to
	// where it is used: usual arithmetic conversions and integer
	// promotions, a scalar widened to a vector (splat, after converting to
	// the element type), assignment, argument, initializer and return
	// conversions, array-to-pointer and function-to-pointer decay, adding
	// pointee qualifiers, void* conversions, and the null pointer constant
	// to a pointer. Absent means no conversion. Conditions (if, loops, ?:,
	// &&, ||, !) are not converted: they test a scalar or pointer against
	// zero. The array operand of [] does not decay: it is indexed.
	Implicit map[syntax.Expr]Type
	// Calls maps every call to its callee.
	Calls map[*syntax.CallExpr]Callee
	// Swizzles maps a vector component selection (.x, .xyzw, .s0123, .lo,
	// .hi, .even, .odd, .rgba) to the component indices it selects; a
	// selection of one component has a scalar type. `.hi` of a 3-vector
	// selects {2, 3}: index 3 is the undefined fourth component.
	Swizzles map[*syntax.SelectorExpr][]int
	// Members maps a struct or union member selection to its member.
	Members map[*syntax.SelectorExpr]Member
	// VecLits maps a vector literal `(float4)(a, b, c)` to its elements:
	// scalars (converted to the element type, in Implicit) and vectors of
	// the same element type, whose components are concatenated; a single
	// scalar element is splat.
	VecLits map[*syntax.CastExpr][]syntax.Expr
	// Inits maps every initializer list (of a variable or a compound
	// literal) to its normalised form.
	Inits map[*syntax.InitList]*Init
	// CompoundOp maps a compound assignment `x op= y` (*syntax.AssignExpr
	// with Op != 0) to the type the operation is computed in: x's value
	// is converted to it, combined with y (converted as Implicit says),
	// and the result converted back to x's type. For a pointer x (`p +=
	// n`) it is x's pointer type and y is an integer.
	CompoundOp map[syntax.Expr]Type
}

// Package is a checked program.
type Package struct {
	Funcs   []*Func // user functions, in declaration order
	Kernels []*Func // the kernels, in declaration order
	Globals []*Var  // program-scope variables (and function-scope statics)
	// Extensions lists, sorted, the extensions the program uses.
	Extensions []string
	Config     Config
}
