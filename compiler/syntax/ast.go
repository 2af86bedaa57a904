// Package syntax turns preprocessed OpenCL C tokens into an abstract syntax
// tree. The tree is plain: nodes carry positions and what was written, no
// types; the checker (package types) keeps its results in side tables keyed
// by these nodes, as Go's types2 does.
package syntax

import "github.com/clgo/clgo/compiler/diag"

// Node is any node of the tree.
type Node interface {
	Pos() diag.Pos
}

// File is one translation unit.
type File struct {
	Name  string
	Decls []Decl
	// Pragmas lists the #pragma lines in source order (OPENCL EXTENSION,
	// OPENCL FP_CONTRACT, unroll, ...). Each is also in Decls or a block's
	// statements as a PragmaDecl/PragmaStmt where it appeared, since
	// extension pragmas take effect from their position on.
	Pragmas []*Pragma
}

// Pos is the start of the file, so that a *File is a Node (for Fprint).
func (f *File) Pos() diag.Pos { return diag.Pos{File: f.Name, Line: 1, Col: 1} }

// Pragma is a #pragma line; Text is what follows "#pragma".
type Pragma struct {
	At   diag.Pos
	Text string
}

func (p *Pragma) Pos() diag.Pos { return p.At }

// ---------------------------------------------------------------------------
// Declarations

// Decl is a declaration at file or block scope.
type Decl interface {
	Node
	declNode()
}

// StorageClass is the storage-class specifier of a declaration.
type StorageClass uint8

const (
	NoStorage StorageClass = iota
	Static
	Extern
	Typedef
)

// VarDecl declares one variable (or one field-less object). C's
// `int a = 1, *b;` gives two VarDecls whose types share the specifier
// subtree: the checker must evaluate a TypeExpr once per node, not once per
// declaration.
type VarDecl struct {
	At      diag.Pos // of the name
	Name    string
	Type    TypeExpr
	Storage StorageClass
	Init    Expr // nil, an expression, or *InitList
	Attrs   []*Attr
}

// FuncDecl is a function prototype (Body == nil) or definition.
type FuncDecl struct {
	At      diag.Pos // of the name
	Name    string
	Type    *FuncType
	Storage StorageClass
	Kernel  bool // __kernel / kernel
	Inline  bool
	Attrs   []*Attr
	Body    *BlockStmt
}

// TypedefDecl is `typedef T Name;`.
type TypedefDecl struct {
	At    diag.Pos // of the name
	Name  string
	Type  TypeExpr
	Attrs []*Attr
}

// TagDecl is a declaration whose only effect is to declare a struct, union
// or enum tag: `struct S { ... };` or `enum E { A, B };`.
type TagDecl struct {
	Type TypeExpr // *StructType or *EnumType
}

// PragmaDecl places a #pragma among file-scope declarations.
type PragmaDecl struct{ Pragma *Pragma }

// BadDecl stands for a declaration that failed to parse (an error has been
// reported); later stages skip it.
type BadDecl struct{ At diag.Pos }

// StaticAssertDecl is `_Static_assert(Cond, Msg);` (C11, which clang
// accepts in OpenCL C); HasMsg is false for the one-argument form.
type StaticAssertDecl struct {
	At     diag.Pos
	Cond   Expr
	Msg    string
	HasMsg bool
}

func (d *VarDecl) Pos() diag.Pos          { return d.At }
func (d *FuncDecl) Pos() diag.Pos         { return d.At }
func (d *TypedefDecl) Pos() diag.Pos      { return d.At }
func (d *TagDecl) Pos() diag.Pos          { return d.Type.Pos() }
func (d *PragmaDecl) Pos() diag.Pos       { return d.Pragma.At }
func (d *BadDecl) Pos() diag.Pos          { return d.At }
func (d *StaticAssertDecl) Pos() diag.Pos { return d.At }

func (*VarDecl) declNode()          {}
func (*FuncDecl) declNode()         {}
func (*TypedefDecl) declNode()      {}
func (*TagDecl) declNode()          {}
func (*PragmaDecl) declNode()       {}
func (*BadDecl) declNode()          {}
func (*StaticAssertDecl) declNode() {}

// Attr is one attribute of __attribute__((...)), e.g.
// reqd_work_group_size(16,16,1) or vec_type_hint(float4). An argument is an
// Expr, or a TypeExpr where the attribute takes a type.
type Attr struct {
	At   diag.Pos
	Name string // without surrounding underscores: "aligned" for __aligned__
	Args []Node
}

func (a *Attr) Pos() diag.Pos { return a.At }

// ---------------------------------------------------------------------------
// Type expressions: what the declaration specifiers and declarators say,
// before the checker gives them meaning.

// TypeExpr is a written type.
type TypeExpr interface {
	Node
	typeNode()
}

// Qual is a set of type qualifiers, address spaces and access qualifiers.
type Qual uint16

const (
	Const Qual = 1 << iota
	Volatile
	Restrict
	Global   // __global / global
	Local    // __local / local
	Constant // __constant / constant
	Private  // __private / private
	Generic  // __generic (OpenCL C 2.0)
	ReadOnly // __read_only / read_only (images)
	WriteOnly
	ReadWrite
)

// AddressSpaces is the mask of the address-space qualifiers.
const AddressSpaces = Global | Local | Constant | Private | Generic

// AccessQuals is the mask of the image access qualifiers.
const AccessQuals = ReadOnly | WriteOnly | ReadWrite

// NamedType is a type written by name: a builtin type keyword sequence
// normalised to one name ("int", "uint", "unsigned long" → "ulong",
// "float4", "image2d_t", "size_t", "void") or a typedef name. Quals
// applies to the named type itself.
type NamedType struct {
	At      diag.Pos
	Name    string
	Typedef bool // Name is a typedef name, not a builtin type
	Quals   Qual
}

// PointerType is `Elem *Quals`; the address space of the pointee is in the
// element's Quals (`global float *` is Pointer{Elem: Named{float, Global}}).
type PointerType struct {
	At    diag.Pos // of the '*'
	Elem  TypeExpr
	Quals Qual // qualifiers of the pointer itself (`float * const p`)
}

// ArrayType is `Elem[Len]`; Len is nil for `[]`.
type ArrayType struct {
	At   diag.Pos // of the '['
	Elem TypeExpr
	Len  Expr
}

// FuncType is a function's signature as written.
type FuncType struct {
	At       diag.Pos // of the '('
	Result   TypeExpr
	Params   []*Param
	Variadic bool // `...` (only printf has it, as a builtin)
	// NoProto is set for `f()` in a declaration: OpenCL C (unlike C89)
	// reads it as `f(void)`, but the parser keeps what was written.
	NoProto bool
}

// Param is one parameter; Name is "" in a prototype that omits it.
type Param struct {
	At    diag.Pos
	Name  string
	Type  TypeExpr
	Attrs []*Attr
}

// StructType is a struct or union specifier. Fields == nil && !Defined is
// a reference to a tag declared elsewhere (`struct S *p`).
type StructType struct {
	At      diag.Pos // of the struct/union keyword
	Union   bool
	Tag     string // "" for an anonymous struct
	Defined bool   // has a { ... } body (possibly empty)
	Fields  []*Field
	Attrs   []*Attr // packed, aligned
	Quals   Qual
}

// Field is one member. Bit-fields are not part of OpenCL C; the parser
// reports them.
type Field struct {
	At    diag.Pos
	Name  string // "" for an anonymous struct/union member
	Type  TypeExpr
	Attrs []*Attr
}

// EnumType is an enum specifier; Enumerators == nil && !Defined is a
// reference.
type EnumType struct {
	At          diag.Pos
	Tag         string
	Defined     bool
	Enumerators []*Enumerator
	Quals       Qual
}

// Enumerator is `Name` or `Name = Value` in an enum.
type Enumerator struct {
	At    diag.Pos
	Name  string
	Value Expr
}

// TypeofType is __typeof__(expr) (a GNU extension some kernels use).
type TypeofType struct {
	At    diag.Pos
	X     Expr
	Quals Qual
}

// BadType stands for a type that failed to parse.
type BadType struct{ At diag.Pos }

func (t *NamedType) Pos() diag.Pos   { return t.At }
func (t *PointerType) Pos() diag.Pos { return t.At }
func (t *ArrayType) Pos() diag.Pos   { return t.At }
func (t *FuncType) Pos() diag.Pos    { return t.At }
func (t *StructType) Pos() diag.Pos  { return t.At }
func (t *EnumType) Pos() diag.Pos    { return t.At }
func (t *TypeofType) Pos() diag.Pos  { return t.At }
func (t *BadType) Pos() diag.Pos     { return t.At }
func (p *Param) Pos() diag.Pos       { return p.At }
func (f *Field) Pos() diag.Pos       { return f.At }
func (e *Enumerator) Pos() diag.Pos  { return e.At }

func (*NamedType) typeNode()   {}
func (*PointerType) typeNode() {}
func (*ArrayType) typeNode()   {}
func (*FuncType) typeNode()    {}
func (*StructType) typeNode()  {}
func (*EnumType) typeNode()    {}
func (*TypeofType) typeNode()  {}
func (*BadType) typeNode()     {}

// ---------------------------------------------------------------------------
// Statements

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

type (
	// BlockStmt is `{ ... }`; End is the position of the closing brace.
	BlockStmt struct {
		At    diag.Pos
		Stmts []Stmt
		End   diag.Pos
	}
	// DeclStmt holds the declarations of one block-scope declaration
	// statement (VarDecl, TypedefDecl, TagDecl, or a FuncDecl prototype).
	DeclStmt struct {
		At    diag.Pos
		Decls []Decl
	}
	ExprStmt struct {
		X Expr
	}
	// EmptyStmt is a lone `;`.
	EmptyStmt struct{ At diag.Pos }
	IfStmt    struct {
		At   diag.Pos
		Cond Expr
		Then Stmt
		Else Stmt // nil if absent
	}
	// ForStmt: Init is nil, an *ExprStmt or a *DeclStmt; Cond and Post may
	// be nil.
	ForStmt struct {
		At    diag.Pos
		Init  Stmt
		Cond  Expr
		Post  Expr
		Body  Stmt
		Attrs []*Attr // __attribute__((opencl_unroll_hint(N)))
	}
	WhileStmt struct {
		At    diag.Pos
		Cond  Expr
		Body  Stmt
		Attrs []*Attr // __attribute__((opencl_unroll_hint(N)))
	}
	DoStmt struct {
		At    diag.Pos
		Body  Stmt
		Cond  Expr
		Attrs []*Attr // __attribute__((opencl_unroll_hint(N)))
	}
	// SwitchStmt: the case labels are CaseStmt markers among Body's
	// statements (C allows them at any depth; lowering supports them at
	// the top level of the body and reports the rest).
	SwitchStmt struct {
		At   diag.Pos
		Tag  Expr
		Body Stmt
	}
	// CaseStmt marks `case Value:` (Value == nil means `default:`). It
	// labels the statements that follow it in the same list.
	CaseStmt struct {
		At    diag.Pos
		Value Expr
	}
	// LabelStmt marks `Name:` (a goto target).
	LabelStmt struct {
		At   diag.Pos
		Name string
	}
	BreakStmt    struct{ At diag.Pos }
	ContinueStmt struct{ At diag.Pos }
	ReturnStmt   struct {
		At     diag.Pos
		Result Expr // nil for `return;`
	}
	GotoStmt struct {
		At      diag.Pos
		Label   string
		LabelAt diag.Pos // the label's name, where clang reports an undeclared one
	}
	// PragmaStmt places a #pragma among a block's statements.
	PragmaStmt struct{ Pragma *Pragma }
	// BadStmt stands for a statement that failed to parse.
	BadStmt struct{ At diag.Pos }
)

func (s *BlockStmt) Pos() diag.Pos    { return s.At }
func (s *DeclStmt) Pos() diag.Pos     { return s.At }
func (s *ExprStmt) Pos() diag.Pos     { return s.X.Pos() }
func (s *EmptyStmt) Pos() diag.Pos    { return s.At }
func (s *IfStmt) Pos() diag.Pos       { return s.At }
func (s *ForStmt) Pos() diag.Pos      { return s.At }
func (s *WhileStmt) Pos() diag.Pos    { return s.At }
func (s *DoStmt) Pos() diag.Pos       { return s.At }
func (s *SwitchStmt) Pos() diag.Pos   { return s.At }
func (s *CaseStmt) Pos() diag.Pos     { return s.At }
func (s *LabelStmt) Pos() diag.Pos    { return s.At }
func (s *BreakStmt) Pos() diag.Pos    { return s.At }
func (s *ContinueStmt) Pos() diag.Pos { return s.At }
func (s *ReturnStmt) Pos() diag.Pos   { return s.At }
func (s *GotoStmt) Pos() diag.Pos     { return s.At }
func (s *PragmaStmt) Pos() diag.Pos   { return s.Pragma.At }
func (s *BadStmt) Pos() diag.Pos      { return s.At }

func (*BlockStmt) stmtNode()    {}
func (*DeclStmt) stmtNode()     {}
func (*ExprStmt) stmtNode()     {}
func (*EmptyStmt) stmtNode()    {}
func (*IfStmt) stmtNode()       {}
func (*ForStmt) stmtNode()      {}
func (*WhileStmt) stmtNode()    {}
func (*DoStmt) stmtNode()       {}
func (*SwitchStmt) stmtNode()   {}
func (*CaseStmt) stmtNode()     {}
func (*LabelStmt) stmtNode()    {}
func (*BreakStmt) stmtNode()    {}
func (*ContinueStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()   {}
func (*GotoStmt) stmtNode()     {}
func (*PragmaStmt) stmtNode()   {}
func (*BadStmt) stmtNode()      {}

// ---------------------------------------------------------------------------
// Expressions

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// LitKind says what a BasicLit is.
type LitKind uint8

const (
	IntLit LitKind = iota
	FloatLit
	CharLit
	StringLit
)

// Op is an operator.
type Op uint8

const (
	_ Op = iota
	// binary arithmetic and bitwise
	Add    // +
	Sub    // -
	Mul    // *
	Div    // /
	Rem    // %
	Shl    // <<
	Shr    // >>
	And    // &
	Or     // |
	Xor    // ^
	LogAnd // &&
	LogOr  // ||
	// comparisons
	Eql // ==
	Neq // !=
	Lss // <
	Leq // <=
	Gtr // >
	Geq // >=
	// unary only
	Plus   // +x
	Neg    // -x
	Not    // !x
	Compl  // ~x
	Deref  // *x
	Addr   // &x
	PreInc // ++x
	PreDec // --x
	PostInc
	PostDec
)

var opNames = [...]string{
	Add: "+", Sub: "-", Mul: "*", Div: "/", Rem: "%", Shl: "<<", Shr: ">>",
	And: "&", Or: "|", Xor: "^", LogAnd: "&&", LogOr: "||",
	Eql: "==", Neq: "!=", Lss: "<", Leq: "<=", Gtr: ">", Geq: ">=",
	Plus: "+", Neg: "-", Not: "!", Compl: "~", Deref: "*", Addr: "&",
	PreInc: "++", PreDec: "--", PostInc: "++", PostDec: "--",
}

func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return "?"
}

type (
	// Ident is a name: a variable, function, enumerator or builtin.
	Ident struct {
		At   diag.Pos
		Name string
	}
	// BasicLit is a literal. For IntLit, FloatLit and CharLit, Value is
	// the spelling as written (`0x1Fu`, `1.5e3f`, `'\n'`): the checker
	// computes value and type. For StringLit, Value holds the decoded
	// bytes of all adjacent literals concatenated, without the final NUL.
	BasicLit struct {
		At    diag.Pos
		Kind  LitKind
		Value string
	}
	// ParenExpr is `(X)`.
	ParenExpr struct {
		At diag.Pos
		X  Expr
	}
	// UnaryExpr is a prefix or postfix operator (Op in Plus..PostDec).
	UnaryExpr struct {
		At diag.Pos // of the operator
		Op Op
		X  Expr
	}
	// BinaryExpr is `X Op Y` for Op in Add..Geq.
	BinaryExpr struct {
		At diag.Pos // of the operator
		Op Op
		X  Expr
		Y  Expr
	}
	// AssignExpr is `X = Y` (Op == 0) or `X op= Y`.
	AssignExpr struct {
		At diag.Pos // of the operator
		Op Op
		X  Expr
		Y  Expr
	}
	// CommaExpr is `X, Y`.
	CommaExpr struct {
		At diag.Pos
		X  Expr
		Y  Expr
	}
	// CondExpr is `Cond ? X : Y`.
	CondExpr struct {
		At   diag.Pos // of the '?'
		Cond Expr
		X    Expr
		Y    Expr
	}
	// CallExpr is `Fun(Args...)`.
	CallExpr struct {
		At   diag.Pos // of the '('
		Fun  Expr
		Args []Expr
	}
	// IndexExpr is `X[Index]`.
	IndexExpr struct {
		At    diag.Pos // of the '['
		X     Expr
		Index Expr
	}
	// SelectorExpr is `X.Sel` or `X->Sel`: a struct member, or a vector
	// component selection (`.xyzw`, `.s0123`, `.lo`, ...), which the
	// checker tells apart.
	SelectorExpr struct {
		At    diag.Pos // of the selector name
		X     Expr
		Sel   string
		Arrow bool
	}
	// CastExpr is `(Type)X`. OpenCL's vector literal `(float4)(a, b, c, d)`
	// parses as a cast whose X is a ParenExpr around a CommaExpr chain;
	// the checker recognises it by the vector target type.
	CastExpr struct {
		At   diag.Pos // of the '('
		Type TypeExpr
		X    Expr
	}
	// CompoundLit is `(Type){ ... }`.
	CompoundLit struct {
		At   diag.Pos
		Type TypeExpr
		Init *InitList
	}
	// SizeofExpr is sizeof, __alignof__/_Alignof or vec_step, applied to a
	// type (Type != nil) or an expression.
	SizeofExpr struct {
		At   diag.Pos
		Kind SizeofKind
		Type TypeExpr
		X    Expr
	}
	// InitList is `{ elems }` in an initializer.
	InitList struct {
		At    diag.Pos
		Elems []*InitElem
		End   diag.Pos
	}
	// BadExpr stands for an expression that failed to parse.
	BadExpr struct{ At diag.Pos }
)

// InitElem is one element of an initializer list, with its designators
// (`.x = 1`, `[3] = 2`, `.a[1].b = 3`).
type InitElem struct {
	Designators []Designator
	Value       Expr // an expression or *InitList
}

// Designator is `.Field` (Index == nil) or `[Index]`.
type Designator struct {
	At    diag.Pos
	Field string
	Index Expr
}

// SizeofKind tells sizeof, alignof and vec_step apart.
type SizeofKind uint8

const (
	Sizeof SizeofKind = iota
	Alignof
	VecStep
)

func (e *Ident) Pos() diag.Pos        { return e.At }
func (e *BasicLit) Pos() diag.Pos     { return e.At }
func (e *ParenExpr) Pos() diag.Pos    { return e.At }
func (e *UnaryExpr) Pos() diag.Pos    { return e.At }
func (e *BinaryExpr) Pos() diag.Pos   { return e.At }
func (e *AssignExpr) Pos() diag.Pos   { return e.At }
func (e *CommaExpr) Pos() diag.Pos    { return e.At }
func (e *CondExpr) Pos() diag.Pos     { return e.At }
func (e *CallExpr) Pos() diag.Pos     { return e.At }
func (e *IndexExpr) Pos() diag.Pos    { return e.At }
func (e *SelectorExpr) Pos() diag.Pos { return e.At }
func (e *CastExpr) Pos() diag.Pos     { return e.At }
func (e *CompoundLit) Pos() diag.Pos  { return e.At }
func (e *SizeofExpr) Pos() diag.Pos   { return e.At }
func (e *InitList) Pos() diag.Pos     { return e.At }
func (e *BadExpr) Pos() diag.Pos      { return e.At }

func (*Ident) exprNode()        {}
func (*BasicLit) exprNode()     {}
func (*ParenExpr) exprNode()    {}
func (*UnaryExpr) exprNode()    {}
func (*BinaryExpr) exprNode()   {}
func (*AssignExpr) exprNode()   {}
func (*CommaExpr) exprNode()    {}
func (*CondExpr) exprNode()     {}
func (*CallExpr) exprNode()     {}
func (*IndexExpr) exprNode()    {}
func (*SelectorExpr) exprNode() {}
func (*CastExpr) exprNode()     {}
func (*CompoundLit) exprNode()  {}
func (*SizeofExpr) exprNode()   {}
func (*InitList) exprNode()     {}
func (*BadExpr) exprNode()      {}
