package syntax

import (
	"os"
	"testing"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
)

// FuzzParse runs the preprocessor and the parser on arbitrary input: they
// must never panic, and Format of what parsed must not panic either.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"int x = (float4)(1, 2);",
		"kernel void k(global int *p) { for (int i = 0; i < 4; i++) p[i] = i; }",
		"typedef int T; T * x; struct S { int a : 3; } s = {.a = 1};",
		"void f() { switch (x) { case 1: L: goto L; default: ; } }",
		"int (*(*f)(int))[3]; __attribute__((aligned(16))) int y;",
	} {
		f.Add(s)
	}
	if files, err := os.ReadDir("../../../shared/kernels"); err == nil {
		for _, e := range files {
			if b, err := os.ReadFile("../../../shared/kernels/" + e.Name()); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		var dl diag.List
		toks := cpp.Preprocess("f.cl", src, cpp.Options{NoPrelude: true}, &dl)
		file := Parse("f.cl", toks, &dl)
		out := Format(file)
		Dump(file)
		if dl.HasErrors() {
			return
		}
		// What parsed cleanly must print as source that parses the same.
		var dl2 diag.List
		g := Parse("f.cl", cpp.Preprocess("f.cl", out, cpp.Options{NoPrelude: true}, &dl2), &dl2)
		if dl2.HasErrors() {
			t.Fatalf("formatted source does not parse: %v\n%s", dl2.Error(), out)
		}
		if a, b := dumpDecls(file), dumpDecls(g); a != b {
			t.Fatalf("round trip differs:\n%s\n---\n%s\n---\n%s", out, a, b)
		}
	})
}
