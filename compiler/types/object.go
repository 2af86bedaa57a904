package types

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// Object is what a name denotes: *Var, *Func, *Builtin, *EnumConst or
// *TypeName.
type Object interface {
	Pos() diag.Pos
	object()
}

// VarKind says where a variable lives and how it came to be.
type VarKind uint8

const (
	GlobalVar   VarKind = iota // program scope (__constant in OpenCL C 1.2, or a static at function scope)
	ParamVar                   // a function parameter
	LocalVar                   // an automatic variable of a function body (private)
	KernelLocal                // a __local variable declared in a kernel's body (one per work-group)
)

// Var is a variable or a parameter.
type Var struct {
	At    diag.Pos
	Name  string
	Type  Type
	Quals Quals
	Space AddrSpace
	Kind  VarKind
	// Decl is the *syntax.VarDecl or *syntax.Param that declares it.
	Decl syntax.Node
	// Init is the initializer (nil if none); an *syntax.InitList's
	// normalised form is in Info.Inits.
	Init syntax.Expr
	// Func is the function whose body or parameter list declares it (nil
	// at program scope).
	Func *Func
	// Static is set for a function-scope static variable.
	Static bool
}

// Func is a user function.
type Func struct {
	At   diag.Pos
	Name string
	Sig  *Signature
	// Params are the parameters of the definition (or of the first
	// declaration if there is no definition).
	Params []*Var
	Decl   *syntax.FuncDecl // the definition, or the first declaration
	Kernel bool
	Inline bool
	Attrs  KernelAttrs
	// Callees lists the user functions called by the body, in first-call
	// order. Recursion is an error, so the call graph is acyclic.
	Callees []*Func
	// Locals lists a kernel's __local variables (KernelLocal), which live
	// once per work-group.
	Locals []*Var
	// Extensions lists, sorted, the extensions the function's body and
	// signature use (cl_khr_fp64, cl_khr_fp16, cl_khr_int64_base_atomics, ...).
	Extensions []string
	// Overloadable: declared __attribute__((overloadable)). The function
	// the name resolves to in its scope lists every overload of the name
	// (itself first) in Overloads; calls pick one by argument types.
	Overloadable bool
	Overloads    []*Func
}

// KernelAttrs are a kernel's attributes; a zero array means absent.
type KernelAttrs struct {
	ReqdWorkGroupSize [3]uint64
	WorkGroupSizeHint [3]uint64
	VecTypeHint       Type // nil if absent
}

// Builtin is a builtin function's name, with all its overloads; a call's
// chosen overload is in Info.Calls.
type Builtin struct {
	Name string
}

// Rounding is the rounding mode of a convert_T or vstore_half builtin.
type Rounding uint8

const (
	RoundDefault Rounding = iota // rte for integers and floats to float, rtz for float to integer
	RTE
	RTZ
	RTP
	RTN
)

// Overload is one declaration of a builtin, with every generic type
// replaced: the exact parameter and result types of a call.
type Overload struct {
	Name     string
	Params   []Type
	Result   Type
	Variadic bool   // printf
	Ext      string // the extension that declares it, "" for core
	// Convert is set for convert_<type>[_sat][_<rounding>], AsType for
	// as_<type>; for them Params[0] is the argument's own type.
	Convert  bool
	Sat      bool
	Rounding Rounding
	AsType   bool
}

// EnumConst is an enumerator.
type EnumConst struct {
	At    diag.Pos
	Name  string
	Type  Type // int (or the enum's underlying type when it does not fit)
	Value Value
	Enum  *Enum
}

// TypeName is a typedef name (or a struct/union/enum tag, in Defs).
type TypeName struct {
	At    diag.Pos
	Name  string
	Type  Type
	Quals Quals // const/volatile written in the typedef
}

func (o *Var) Pos() diag.Pos       { return o.At }
func (o *Func) Pos() diag.Pos      { return o.At }
func (o *Builtin) Pos() diag.Pos   { return diag.Pos{} }
func (o *EnumConst) Pos() diag.Pos { return o.At }
func (o *TypeName) Pos() diag.Pos  { return o.At }

func (*Var) object()       {}
func (*Func) object()      {}
func (*Builtin) object()   {}
func (*EnumConst) object() {}
func (*TypeName) object()  {}
