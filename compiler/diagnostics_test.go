package compiler

import "testing"

// The rendered diagnostics as `clgo compile` prints them, compared in full
// with what clang-15 prints for the same files (clang's "./m.h" is "m.h"
// here: clgo names an included file by the path it was found at).
func TestRenderedDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		opts      string
		fs        MapFS
		want      string
	}{{
		name: "macro expansion notes, outermost first",
		src: `#define INNER (x + y)
#define OUTER(a) ((a) * INNER)
kernel void k(global int *p) {
  int x = 1;
  p[0] = OUTER(2);
}
`,
		want: `k.cl:5:10: error: use of undeclared identifier 'y'
  p[0] = OUTER(2);
         ^
k.cl:2:25: note: expanded from macro 'OUTER'
#define OUTER(a) ((a) * INNER)
                        ^
k.cl:1:20: note: expanded from macro 'INNER'
#define INNER (x + y)
                   ^
1 error generated.
`,
	}, {
		name: "include stack",
		src:  "#include \"m.h\"\nkernel void k(global int *p) { p[0] = h(1); }\n",
		fs:   MapFS{"m.h": "#include \"n.h\"\n", "n.h": "int h(int a) {\n  return a +;\n}\n"},
		want: `In file included from k.cl:1:
In file included from m.h:1:
n.h:2:13: error: expected expression
  return a +;
            ^
1 error generated.
`,
	}, {
		name: "fix-it for a missing semicolon",
		src:  "kernel void k(global int *p) {\n  int x = 1\n  p[0] = x;\n}\n",
		want: `k.cl:2:12: error: expected ';' at end of declaration
  int x = 1
           ^
           ;
1 error generated.
`,
	}, {
		name: "-Wall and -Wextra",
		src:  "int f(int a, int b) { int t; return a; }\nkernel void k(global int *p, int n) {\n  int x = 1;\n  int y;\n  y = 2;\n  __attribute__((unused)) int z;\n  p[0] = f(1, 2);\n}\n",
		opts: "-Wall -Wextra",
		want: `k.cl:1:27: warning: unused variable 't' [-Wunused-variable]
int f(int a, int b) { int t; return a; }
                          ^
k.cl:1:18: warning: unused parameter 'b' [-Wunused-parameter]
int f(int a, int b) { int t; return a; }
                 ^
k.cl:3:7: warning: unused variable 'x' [-Wunused-variable]
  int x = 1;
      ^
k.cl:2:34: warning: unused parameter 'n' [-Wunused-parameter]
kernel void k(global int *p, int n) {
                                 ^
4 warnings generated.
`,
	}, {
		name: "no unused warnings by default",
		src:  "kernel void k(global int *p) { int x; p[0] = 1; }\n",
		want: "",
	}, {
		// clang also underlines the assignment (~~^~~) and offers
		// "(    )" under the first note: clgo has no ranges yet. With an
		// error, clgo sorts the diagnostics by position; clang prints the
		// unused parameter last, at the end of the function.
		name: "-Werror=NAME, -Wno-NAME, an unknown -W",
		src:  "kernel void k(global int *p, int n, int m) { int x; if (n = 2) p[0] = 1; }\n",
		opts: "-Wall -Wextra -Wno-unused-variable -Werror=unused-parameter -Wbogus",
		want: `warning: unknown warning option '-Wbogus' [-Wunknown-warning-option]
k.cl:1:41: error: unused parameter 'm' [-Werror,-Wunused-parameter]
kernel void k(global int *p, int n, int m) { int x; if (n = 2) p[0] = 1; }
                                        ^
k.cl:1:59: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]
kernel void k(global int *p, int n, int m) { int x; if (n = 2) p[0] = 1; }
                                                          ^
k.cl:1:59: note: place parentheses around the assignment to silence this warning
kernel void k(global int *p, int n, int m) { int x; if (n = 2) p[0] = 1; }
                                                          ^
k.cl:1:59: note: use '==' to turn this assignment into an equality comparison
kernel void k(global int *p, int n, int m) { int x; if (n = 2) p[0] = 1; }
                                                          ^
                                                          ==
2 warnings and 1 error generated.
`,
	}, {
		name: "-Wno-NAME drops the warning and its notes",
		src:  "kernel void k(global int *p, int n) { if (n = 2) p[0] = 1; }\n",
		opts: "-Wno-parentheses",
		want: "",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ParseOptions(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			o.FS = tc.fs
			if o.FS == nil {
				o.FS = MapFS{}
			}
			res, _ := CompileFile("k.cl", tc.src, o)
			src := func(name string) (string, bool) {
				if name == "k.cl" {
					return tc.src, true
				}
				s, ok := tc.fs[name]
				return s, ok
			}
			got := res.Diagnostics.Render(src) + res.Diagnostics.Summary()
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
