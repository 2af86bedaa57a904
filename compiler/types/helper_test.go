package types

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
)

// checkSourceAlways is checkSource that checks even a tree with parse
// errors (as the fuzz target does).
func checkSourceAlways(name, src string, conf *Config) (*Package, *Info, *diag.List, *syntax.File) {
	diags := &diag.List{}
	toks := cpp.Preprocess(name, src, cpp.Options{Std: conf.Std, Extensions: conf.Extensions}, diags)
	f := syntax.Parse(name, toks, diags)
	pkg, info := Check([]*syntax.File{f}, conf, diags)
	return pkg, info, diags, f
}

// checkSource preprocesses, parses and checks src as file name.
func checkSource(name, src string, conf *Config) (*Package, *Info, *diag.List, *syntax.File) {
	if conf == nil {
		conf = &Config{}
	}
	diags := &diag.List{}
	toks := cpp.Preprocess(name, src, cpp.Options{Std: conf.Std, Extensions: conf.Extensions, FastRelaxedMath: conf.FastRelaxedMath}, diags)
	f := syntax.Parse(name, toks, diags)
	if diags.HasErrors() {
		return nil, nil, diags, f
	}
	pkg, info := Check([]*syntax.File{f}, conf, diags)
	return pkg, info, diags, f
}

func diagLines(l *diag.List) string {
	var b strings.Builder
	for _, d := range l.Diags {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func mustCheck(t *testing.T, src string, conf *Config) (*Package, *Info, *syntax.File) {
	t.Helper()
	pkg, info, diags, f := checkSource("t.cl", src, conf)
	if diags.HasErrors() {
		t.Fatalf("unexpected errors:\n%s\nsource:\n%s", diagLines(diags), src)
	}
	return pkg, info, f
}
