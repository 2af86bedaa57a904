package types

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// Check type-checks a program made of files. It reports problems to diags
// and always returns a usable Package and Info (erroneous expressions have
// the Invalid type); it never panics on any input.
func Check(files []*syntax.File, conf *Config, diags *diag.List) (pkg *Package, info *Info) {
	c := newChecker(conf, diags)
	defer func() {
		if r := recover(); r != nil {
			c.internalError(r)
			pkg, info = c.pkg, c.info
		}
	}()
	for _, f := range files {
		c.file(f)
	}
	c.finish()
	c.unusedVars()
	return c.pkg, c.info
}
