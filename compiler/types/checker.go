package types

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// checker holds the state of one Check.
type checker struct {
	conf  *Config
	diags *diag.List
	pkg   *Package
	info  *Info
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
	return &checker{
		conf:  &cc,
		diags: diags,
		pkg:   &Package{Config: cc},
		info: &Info{
			Types:     map[syntax.Expr]TypeAndValue{},
			TypeExprs: map[syntax.TypeExpr]Type{},
			Defs:      map[syntax.Node]Object{},
			Uses:      map[*syntax.Ident]Object{},
			Implicit:  map[syntax.Expr]Type{},
			Calls:     map[*syntax.CallExpr]Callee{},
			Swizzles:  map[*syntax.SelectorExpr][]int{},
			Members:   map[*syntax.SelectorExpr]Member{},
			VecLits:   map[*syntax.CastExpr][]syntax.Expr{},
			Inits:     map[*syntax.InitList]*Init{},
		},
	}
}

func (c *checker) file(f *syntax.File) {}

func (c *checker) finish() {}
