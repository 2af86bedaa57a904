package types

import (
	"fmt"
	"sort"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/internal/config"
)

// checker holds the state of one Check.
type checker struct {
	conf  *Config
	diags *diag.List
	// at is the declaration or statement being checked: where an internal
	// error (a panic, a bug) is reported.
	at   diag.Pos
	pkg  *Package
	info *Info

	files     *scope // the program scope, shared by all files
	scope     *scope // the innermost scope
	typeMemo  map[syntax.TypeExpr]qtype
	typedefQ  map[*TypeName]qtype
	supported map[string]bool // extensions the target supports
	enabled   map[string]bool // extensions enabled by #pragma OPENCL EXTENSION
	features  map[string]bool // OpenCL C 3.0 optional features the target has
	builtins  map[string]*Builtin
	overloads map[string][]*Overload // parsed builtin declarations, by name
	progExts  map[string]bool

	// The function being checked, and its state.
	fn       *Func
	fnExts   map[string]bool
	loops    int
	switches []*switchState
	// labels and gotos of the function being checked: every goto names a
	// label of its function (C99 6.8.6.1).
	labels map[string]bool
	gotos  []*syntax.GotoStmt
	calls  map[*Func][]callSite
	warned map[string]bool // one-time warnings

	link *linkState // CheckUnits: what the units share; nil for Check
}

type switchState struct {
	tag        Type
	seen       map[int64]diag.Pos
	defaultAt  diag.Pos
	hasDefault bool
}

type callSite struct {
	callee *Func
	at     diag.Pos
}

func newChecker(conf *Config, diags *diag.List) *checker {
	if conf == nil {
		conf = &Config{}
	}
	cc := *conf
	if cc.AddressBits != 64 {
		cc.AddressBits = 32
	}
	if cc.Std == 0 {
		cc.Std = 120
	}
	if diags == nil {
		diags = &diag.List{}
	}
	c := &checker{
		conf:  &cc,
		diags: diags,
		pkg:   &Package{Config: cc},
		info: &Info{
			Types:      map[syntax.Expr]TypeAndValue{},
			TypeExprs:  map[syntax.TypeExpr]Type{},
			Defs:       map[syntax.Node]Object{},
			Uses:       map[*syntax.Ident]Object{},
			Implicit:   map[syntax.Expr]Type{},
			Calls:      map[*syntax.CallExpr]Callee{},
			Swizzles:   map[*syntax.SelectorExpr][]int{},
			Members:    map[*syntax.SelectorExpr]Member{},
			VecLits:    map[*syntax.CastExpr][]syntax.Expr{},
			Inits:      map[*syntax.InitList]*Init{},
			CompoundOp: map[syntax.Expr]Type{},
		},
		typeMemo:  map[syntax.TypeExpr]qtype{},
		typedefQ:  map[*TypeName]qtype{},
		supported: map[string]bool{},
		enabled:   map[string]bool{},
		features:  map[string]bool{},
		builtins:  map[string]*Builtin{},
		overloads: map[string][]*Overload{},
		progExts:  map[string]bool{},
		calls:     map[*Func][]callSite{},
		warned:    map[string]bool{},
	}
	for _, e := range cc.Extensions {
		c.supported[e] = true
	}
	for _, f := range cc.Features {
		c.features[f] = true
	}
	if cc.Std >= 300 {
		// OpenCL C 3.0 features are on whenever the target has them.
		for e := range c.supported {
			c.enabled[e] = true
		}
	}
	c.files = newScope(c.predeclared())
	c.scope = c.files
	return c
}

func (c *checker) file(f *syntax.File) {
	if f == nil {
		return
	}
	// Extension pragmas act from their position on, per file.
	c.enabled = map[string]bool{}
	if c.conf.Std >= 300 {
		for e := range c.supported {
			c.enabled[e] = true
		}
	}
	for _, d := range f.Decls {
		c.fileDecl(d)
	}
}

func (c *checker) finish() {
	c.checkRecursion()
	for _, f := range c.pkg.Funcs {
		if f.Decl != nil && f.Decl.Body == nil && c.calls[f] == nil {
			// Declared, never defined: fine unless called (reported at link).
		}
	}
	for e := range c.progExts {
		c.pkg.Extensions = append(c.pkg.Extensions, e)
	}
	sort.Strings(c.pkg.Extensions)
}

func (c *checker) errorf(at syntax.Node, format string, args ...any) {
	c.diags.Errorf(posOf(at), format, args...)
}

func (c *checker) warnf(at syntax.Node, format string, args ...any) {
	c.diags.Warnf(posOf(at), format, args...)
}

func (c *checker) notef(pos diag.Pos, format string, args ...any) {
	c.diags.Notef(pos, format, args...)
}

// posOf is at.Pos() for a node that may be nil or hold a nil pointer.
func posOf(at syntax.Node) (p diag.Pos) {
	if at == nil {
		return diag.Pos{}
	}
	defer func() {
		if recover() != nil {
			p = diag.Pos{}
		}
	}()
	return at.Pos()
}

// useExt notes that the current function (or the program) uses an extension.
func (c *checker) useExt(name string) {
	c.progExts[name] = true
	if c.fnExts != nil {
		c.fnExts[name] = true
	}
}

// fp64 reports whether double may be used.
func (c *checker) fp64() bool {
	if !c.supported["cl_khr_fp64"] {
		return false
	}
	return c.conf.Std >= 120 || c.enabled["cl_khr_fp64"]
}

// fp16 reports whether half values may be used.
func (c *checker) fp16() bool {
	return c.supported["cl_khr_fp16"] && c.enabled["cl_khr_fp16"]
}

func (c *checker) pushScope() { c.scope = newScope(c.scope) }
func (c *checker) popScope()  { c.scope = c.scope.parent }

// declare adds obj to the innermost scope, reporting a redefinition.
func (c *checker) declare(name string, obj Object, at syntax.Node) {
	if name == "" {
		return
	}
	if old, ok := c.scope.names[name]; ok {
		c.errorf(at, "redefinition of '%s'", name)
		if old.Pos().IsValid() {
			c.notef(old.Pos(), "previous definition is here")
		}
		return
	}
	c.scope.names[name] = obj
}

func quote(t Type) string { return fmt.Sprintf("'%s'", t) }

// at wraps a bare position as a node, for diagnostics.
type at diag.Pos

func (p at) Pos() diag.Pos { return diag.Pos(p) }

// internalError reports a panic r of the checker (a bug), recovered by
// Check and CheckUnits, as an internal compiler error at the declaration or
// statement being checked, so that it never takes the process down.
func (c *checker) internalError(r any) {
	if config.Get(config.CompilerPanic) != "" {
		panic(r)
	}
	c.diags.Errorf(c.at, "internal compiler error: %v", r)
}
