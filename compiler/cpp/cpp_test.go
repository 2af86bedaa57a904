package cpp

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/diag"
)

// run preprocesses src as "t.cl" without the OpenCL prelude and returns
// the formatted output and the diagnostics, one per line.
func run(src string, opts Options) (string, string) {
	opts.NoPrelude = true
	if opts.FS == nil {
		opts.FS = MapFS{}
	}
	var d diag.List
	toks := Preprocess("t.cl", src, opts, &d)
	return Format(toks), d.Error()
}

type testCase struct {
	name, src, want, diags string
}

func check(t *testing.T, cases []testCase, opts Options) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, diags := run(c.src, opts)
			if got != c.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, c.want)
			}
			if diags != c.diags {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", diags, c.diags)
			}
		})
	}
}

// The examples of C99 6.10.3.5, with the standard's results.
func TestStandardExamples(t *testing.T) {
	check(t, []testCase{
		{"example3", `#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
`, `f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };
`, ""},
		{"example4", `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
`, `printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
"vers2.h"
"hello";
"hello" ", world"
`, ""},
		{"example5", `#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,), t(10,,), t(,11,), t(,,12), t(,,) };
`, "int j[] = { 123, 45, 67, 89, 10, 11, 12, };\n", ""},
		{"example6", `#define OBJ_LIKE (1-1)
#define OBJ_LIKE /* white space */ (1-1) /* other */
#define FUNC_LIKE(a) ( a )
#define FUNC_LIKE( a )( /* note the white space */ \
 a /* other stuff on this line
 */ )
#define OBJ_LIKE (0) // different token sequence
#define OBJ_LIKE (1 - 1) // different white space
#define FUNC_LIKE(b) ( a ) // different parameter usage
#define FUNC_LIKE(b) ( b ) // different parameter spelling
`, "", `t.cl:7:9: warning: 'OBJ_LIKE' macro redefined
t.cl:2:9: note: previous definition is here
t.cl:8:9: warning: 'OBJ_LIKE' macro redefined
t.cl:7:9: note: previous definition is here
t.cl:9:9: warning: 'FUNC_LIKE' macro redefined
t.cl:4:9: note: previous definition is here
t.cl:10:9: warning: 'FUNC_LIKE' macro redefined
t.cl:9:9: note: previous definition is here`},
		{"example7", `#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
`, `fprintf(stderr, "Flag");
fprintf(stderr, "X = %d\n", x);
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
`, ""},
		{"placemarker", `#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
`, "char p[] = \"x ## y\";\n", ""},
		{"6.10.3.4 example", `#define f(a) a*g
#define g(a) f(a)
f(2)(9)
`, "2*9*g\n", ""},
	}, Options{})
}

func TestMacros(t *testing.T) {
	check(t, []testCase{
		{"object", "#define N 4\nint a[N];\n", "int a[4];\n", ""},
		{"recursive", "#define a a b\n#define b a\na\n", "a a\n", ""},
		{"mutual", "#define x y\n#define y x\nx y\n", "x y\n", ""},
		{"not invoked", "#define f(x) x\nint f; f\n(1)\n", "int f; 1\n", ""},
		{"empty args", "#define f(x, y) [x|y]\nf(,) f( , )\n", "[|] [|]\n", ""},
		{"nested parens", "#define f(x) <x>\nf((a,b))\n", "<(a,b)>\n", ""},
		{"args span lines", "#define f(x) <x>\nf(a\nb)\nc\n", "<a b>\nc\n", ""},
		{"empty expansion keeps line", "#define E\nint a;\nE int b;\n", "int a;\nint b;\n", ""},
		{"no accidental paste", "#define m -\n-m m-\n", "- - - -\n", ""},
		// Blanks between a backslash and its newline still splice, with
		// clang's warning (clBLAS's GEMM kernels have trailing tabs).
		{"spaced splice", "#define S(a) (a) + \\\t \n  1\nS(2) \\ \n+ 3\n", "(2) + 1 + 3\n", "t.cl:1:21: warning: backslash and newline separated by space\nt.cl:3:7: warning: backslash and newline separated by space"},
		{"stringize spacing", "#define s(x) #x\ns(  a  +   b  ) s(\"\\n\" '\\'')\n", "\"a + b\" \"\\\"\\\\n\\\" '\\\\''\"\n", ""},
		{"paste forms string", "#define w(x) L ## x\nw(\"a\")\n", "L\"a\"\n", ""},
		{"paste operators", "#define cat(a, b) a ## b\ncat(<, <=) cat(-, >) cat(1, e+)\n", "<<= -> 1e +\n", ""},
		{"bad paste", "#define cat(a, b) a ## b\ncat(+, /)\n", "+ /\n", "t.cl:2:5: error: pasting formed '+/', an invalid preprocessing token"},
		{"variadic empty", "#define v(a, ...) f(a, __VA_ARGS__)\nv(1) v(1,) v(1, 2, 3)\n", "f(1,) f(1,) f(1, 2, 3)\n", ""},
		{"gnu comma", "#define e(fmt, ...) pr(fmt, ## __VA_ARGS__)\ne(\"a\") e(\"b\", 1, 2)\n", "pr(\"a\") pr(\"b\", 1, 2)\n", ""},
		{"gnu named variadic", "#define e(fmt, args...) pr(fmt, args)\ne(a, 1, 2)\n", "pr(a, 1, 2)\n", ""},
		{"too many", "#define f(x) x\nf(1, 2)\n", "", "t.cl:2:6: error: too many arguments provided to function-like macro invocation\nt.cl:1:9: note: macro 'f' defined here"},
		{"too few", "#define f(x, y) x\nf(1)\n", "", "t.cl:2:4: error: too few arguments provided to function-like macro invocation\nt.cl:1:9: note: macro 'f' defined here"},
		{"unterminated call", "#define f(x) x\nf(1\n", "", "t.cl:2:1: error: unterminated function-like macro invocation\nt.cl:1:9: note: macro 'f' defined here"},
		{"zero params", "#define f() x\nf() f ()\n", "x x\n", ""},
		{"redefine same", "#define A 1 /* c */ + 2\n#define A 1 + 2\nA\n", "1 + 2\n", ""},
		{"undef", "#define A 1\n#undef A\nA\n", "A\n", ""},
		{"hash in object", "#define H # x ## y\nH\n", "# xy\n", ""},
		{"kernel_exec", "__kernel_exec(64, float4) void k() {}\n", "__kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4))) void k() {}\n", ""},
		{"digraphs", "%:define A <: :>\nA <% %>\n", "[ ] { }\n", ""},
		{"directive in args", "#define f(x) x\nf(1\n#undef f\n2)\nf(3)\n", "1 2\nf(3)\n", ""},
	}, Options{})
}

func TestDirectives(t *testing.T) {
	check(t, []testCase{
		{"if else", "#if 1\na\n#else\nb\n#endif\n", "a\n", ""},
		{"elif chain", "#if 0\na\n#elif 2 > 1\nb\n#elif 1/0\nc\n#else\nd\n#endif\n", "b\n", ""},
		{"ifdef", "#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#endif\n", "a\n", ""},
		{"defined forms", "#define X\n#if defined X && defined(X) && !defined Y\nyes\n#endif\n", "yes\n", ""},
		{"defined from macro", "#define D defined(X)\n#define X\n#if D\nyes\n#endif\n", "yes\n", ""},
		{"nested skipped", "#if 0\n#if 1/0\n#error no\n#else\n#endif\n#foo\n#else\nok\n#endif\n", "ok\n", ""},
		{"unsigned arithmetic", "#if -1 > 0u\nu\n#endif\n#if -1 < 0\ns\n#endif\n", "u\ns\n", ""},
		{"shifts and ops", "#if (1 << 62) * 2 < 0 && (7 % 3 == 1) && (~0 == -1) && (0x10 | 010) == 24 && 'a' == 97 && '\\377' == -1\nok\n#endif\n", "ok\n", "t.cl:1:15: warning: integer overflow in preprocessor expression"},
		{"ternary", "#if (0 ? 1/0 : 2) == 2 && (1 ? -1 : 0u) > 0\nok\n#endif\n", "ok\n", ""},
		{"true and false", "#if true && !false\nok\n#endif\n#define true 0\n#if true\nno\n#endif\n", "ok\n", ""},
		{"short circuit", "#if 0 && 1/0\n#elif 1 || 1%0\nok\n#endif\n", "ok\n", ""},
		{"identifiers are zero", "#if false || foo\nno\n#else\nyes\n#endif\n", "yes\n", ""},
		{"division by zero", "#if 1 / 0\n#endif\n", "", "t.cl:1:7: error: division by zero in preprocessor expression"},
		{"remainder by zero", "#if 1 % (2 - 2)\n#endif\n", "", "t.cl:1:7: error: remainder by zero in preprocessor expression"},
		{"float in if", "#if 1.0\n#endif\n", "", "t.cl:1:5: error: floating point literal in preprocessor expression"},
		{"no expression", "#if\n#endif\n", "", "t.cl:1:4: error: #if with no expression"},
		{"missing paren", "#if (1\n#endif\n", "", "t.cl:1:7: error: expected ')' in preprocessor expression"},
		{"missing operator", "#if 1 2\n#endif\n", "", "t.cl:1:7: error: missing binary operator before token \"2\""},
		{"bad token", "#if \"s\"\n#endif\n", "", "t.cl:1:5: error: invalid token at start of a preprocessor expression"},
		{"bad suffix", "#if 1x\n#endif\n", "", "t.cl:1:5: error: invalid suffix 'x' on integer constant"},
		{"too large", "#if 99999999999999999999\n#endif\n", "", "t.cl:1:5: error: integer literal is too large to be represented in any integer type"},
		{"large decimal", "#if 18446744073709551615 == -1\nok\n#endif\n", "ok\n", "t.cl:1:5: warning: integer literal is too large to be represented in a signed integer type, interpreting as unsigned"},
		{"unterminated if", "#if 1\na\n", "a\n", "t.cl:1:1: error: unterminated conditional directive"},
		{"endif without if", "#endif\n", "", "t.cl:1:2: error: #endif without #if"},
		{"else after else", "#if 0\n#else\na\n#else\nb\n#endif\n", "a\n", "t.cl:4:2: error: #else after #else"},
		{"elif after else", "#if 0\n#else\na\n#elif 1\nb\n#endif\n", "a\n", "t.cl:4:2: error: #elif after #else"},
		{"extra tokens", "#ifdef A B\n#endif C\n", "", "t.cl:1:10: warning: extra tokens at end of #ifdef directive\nt.cl:2:8: warning: extra tokens at end of #endif directive"},
		{"error", "#error bad \"thing\"  here\n", "", "t.cl:1:2: error: bad \"thing\" here"},
		{"warning", "#warning don't\n", "", "t.cl:1:2: warning: don't"},
		{"unknown directive", "#foo\n#if 0\n#bar\n#endif\n", "", "t.cl:1:2: error: invalid preprocessing directive"},
		{"null directive", "#\n# /* c */\na\n", "a\n", ""},
		{"line", "#line 10\n__LINE__\n#line 20 \"x.cl\"\n__LINE__ __FILE__\n# 5 \"y.cl\" 1\n__LINE__ __FILE__\n", "10\n20 \"x.cl\"\n5 \"y.cl\"\n", ""},
		{"line macro", "#define L 7\n#line L\n__LINE__\n", "7\n", ""},
		{"bad line", "#line x\n", "", "t.cl:1:7: error: #line directive requires a simple digit sequence"},
		{"line positions", "a\n#line 100 \"z.cl\"\n#error here\n", "a\n", "z.cl:100:2: error: here"},
		{"file and line", "__FILE__ __LINE__\n#define L __LINE__\nL\n", "\"t.cl\" 1\n3\n", ""},
		{"counter", "__COUNTER__ __COUNTER__ __COUNTER__\n", "0 1 2\n", ""},
		{"define errors", "#define\n#define 3\n#define defined\n#define f(x x\n#define g(x, x)\n#define h(1)\n#define i(x) #y\n#define j ## x\n#define k x ##\n",
			"", `t.cl:1:8: error: macro name missing
t.cl:2:9: error: macro name must be an identifier
t.cl:3:9: error: 'defined' cannot be used as a macro name
t.cl:4:13: error: expected comma in macro parameter list
t.cl:5:14: error: duplicate macro parameter name 'x'
t.cl:6:11: error: invalid token in macro parameter list
t.cl:7:14: error: '#' is not followed by a macro parameter
t.cl:8:11: error: '##' cannot appear at either end of a macro expansion
t.cl:9:13: error: '##' cannot appear at either end of a macro expansion`},
		{"missing paren params", "#define f(x\n", "", "t.cl:1:12: error: missing ')' in macro parameter list"},
		{"no space after name", "#define A+1\nA\n", "+1\n", "t.cl:1:10: warning: ISO C99 requires whitespace after the macro name"},
		{"pragma", "#pragma unroll 4\nx\n#pragma STDC FP_CONTRACT ON\n", "#pragma unroll 4\nx\n#pragma STDC FP_CONTRACT ON\n", ""},
		{"pragma not expanded", "#define N 4\n#pragma unroll N\n", "#pragma unroll N\n", ""},
		{"Pragma operator", "#define P(x) _Pragma(#x) y\na P(unroll 2) b\n", "a\n#pragma unroll 2\ny b\n", ""},
		{"Pragma escapes", "_Pragma(\"message(\\\"hi\\\")\")\n", "#pragma message(\"hi\")\n", ""},
		{"bad Pragma", "_Pragma(x)\n", "(x)\n", "t.cl:1:1: error: _Pragma takes a parenthesized string literal"},
		{"unterminated comment", "a /* b\n", "a\n", "t.cl:1:3: error: unterminated /* comment"},
		{"unterminated string", "a \"b\n'c\n#if 0\n'\n#endif\n", "a \"b\n'c\n", "t.cl:1:3: error: missing terminating \" character\nt.cl:2:1: error: missing terminating ' character"},
		{"stray", "a @ ` \\ b\n", "a @ ` \\ b\n", ""},
	}, Options{})
}

func TestExtensionPragma(t *testing.T) {
	opts := Options{Extensions: []string{"cl_khr_fp64"}}
	check(t, []testCase{
		{"enable", "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n", "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n", ""},
		{"all disable", "#pragma OPENCL EXTENSION all : disable\n", "#pragma OPENCL EXTENSION all : disable\n", ""},
		{"all enable", "#pragma OPENCL EXTENSION all : enable\n", "", "t.cl:1:32: warning: expected 'disable' after 'all' in '#pragma OPENCL EXTENSION' - ignoring"},
		{"unsupported", "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n", "", "t.cl:1:26: warning: unsupported OpenCL extension 'cl_khr_fp16' - ignoring"},
		{"no colon", "#pragma OPENCL EXTENSION cl_khr_fp64 enable\n", "", "t.cl:1:38: warning: expected ':' in '#pragma OPENCL EXTENSION' - ignoring"},
		{"bad state", "#pragma OPENCL EXTENSION cl_khr_fp64 : on\n", "", "t.cl:1:40: warning: expected 'enable' or 'disable' in '#pragma OPENCL EXTENSION' - ignoring"},
		{"no name", "#pragma OPENCL EXTENSION\n", "", "t.cl:1:25: warning: expected extension name in '#pragma OPENCL EXTENSION' - ignoring"},
		{"extension macro", "#ifdef cl_khr_fp64\nyes\n#endif\n", "yes\n", ""},
	}, opts)
}

func TestInclude(t *testing.T) {
	fs := MapFS{
		"t.cl":    "",
		"a.h":     "#pragma once\nint a;\n",
		"inc/b.h": "#ifndef B_H\n#define B_H\nint b;\n#include \"c.h\"\n#endif\n",
		"inc/c.h": "int c = __LINE__; const char *f = __FILE__;\n",
		"sys/s.h": "int s;\n",
		"self.h":  "#include \"self.h\"\n",
		"cond.h":  "#if 1\n",
		"m.h":     "#define F(x) x\nF\n",
	}
	opts := Options{FS: fs, IncludeDirs: []string{"inc", "sys"}}
	check(t, []testCase{
		{"once", "#include \"a.h\"\n#include \"a.h\"\n", "int a;\n", ""},
		{"guard", "#include <b.h>\n#include \"b.h\"\n", "int b;\nint c = 1; const char *f = \"inc/c.h\";\n", ""},
		{"angle", "#include <s.h>\n", "int s;\n", ""},
		{"macro name", "#define H <s.h>\n#define Q \"a.h\"\n#include H\n#include Q\n", "int s;\nint a;\n", ""},
		{"not found", "#include \"nope.h\"\n#include <a.h>\n", "", "t.cl:1:10: error: 'nope.h' file not found\nt.cl:2:10: error: 'a.h' file not found"},
		{"bad form", "#include nope\n#include\n", "", "t.cl:1:10: error: expected \"FILENAME\" or <FILENAME>\nt.cl:2:9: error: expected \"FILENAME\" or <FILENAME>"},
		{"too deep", "#include \"self.h\"\n", "", "self.h:1:10: error: #include nested depth 200 exceeds maximum of 200"},
		{"conditional per file", "#include \"cond.h\"\nx\n", "x\n", "cond.h:1:1: error: unterminated conditional directive"},
		{"call does not cross file end", "#include \"m.h\"\n(1)\n", "F\n(1)\n", ""},
	}, opts)
}

// The OS file system includes only regular files of at most
// MaxIncludeSize bytes: devices (unbounded or blocking reads), FIFOs and
// directories are refused without being read.
func TestIncludeOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.h")
	big := filepath.Join(dir, "big.h")
	if err := os.WriteFile(ok, []byte("int ok;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxIncludeSize + 1) // sparse: no disk used
	f.Close()
	cases := []testCase{
		{"regular", "#include \"" + ok + "\"\n", "int ok;\n", ""},
		{"directory", "#include \"" + dir + "\"\n", "", "t.cl:1:10: error: cannot include '" + dir + "': not a regular file"},
		{"too large", "#include \"" + big + "\"\n", "", "t.cl:1:10: error: cannot include '" + big + "': larger than 16 MiB"},
	}
	for _, dev := range []string{"/dev/zero", "/dev/stdin", "/dev/null"} {
		if _, err := os.Stat(dev); err == nil {
			cases = append(cases, testCase{dev, "#include <" + dev + ">\n", "", "t.cl:1:10: error: cannot include '" + dev + "': not a regular file"})
		}
	}
	if fifo := filepath.Join(dir, "fifo.h"); syscallMkfifo(fifo) == nil {
		cases = append(cases, testCase{"fifo", "#include \"" + fifo + "\"\n", "", "t.cl:1:10: error: cannot include '" + fifo + "': not a regular file"})
	}
	check(t, cases, Options{FS: OSFileSystem{}})
}

// clang's feature tests: in #if (and __has_builtin & co. elsewhere), known
// to `defined` and #ifdef, so the usual fallback definitions are skipped.
func TestHasOperators(t *testing.T) {
	fs := MapFS{"there.h": "", "inc/sys.h": ""}
	check(t, []testCase{
		{"builtin", "#if __has_builtin(__builtin_expect) && !__has_builtin(__builtin_nope)\nyes\n#endif\n", "yes\n", ""},
		{"attribute", "#if __has_attribute(aligned) && __has_attribute(__packed__) && !__has_attribute(nope)\nyes\n#endif\n", "yes\n", ""},
		{"feature", "#if __has_extension(c_static_assert) && !__has_feature(c_static_assert) && __has_feature(attribute_overloadable)\nyes\n#endif\n", "yes\n", ""},
		{"include", "#if __has_include(\"there.h\") && __has_include(<sys.h>) && !__has_include(\"gone.h\")\nyes\n#endif\n", "yes\n", ""},
		{"defined", "#if defined(__has_builtin) && defined __has_include\nyes\n#endif\n#ifndef __has_feature\n#define __has_feature(x) 0\n#endif\n__has_feature(attribute_overloadable)\n", "yes\n1\n", ""},
		{"outside #if", "int a = __has_builtin(__builtin_assume);\n", "int a = 1;\n", ""},
		{"include outside #if", "__has_include(\"there.h\")\n", "0\n", "t.cl:1:1: error: '__has_include' must be used within a preprocessing directive"},
		{"not an identifier", "#if __has_builtin(1)\n#endif\n", "", "t.cl:1:5: error: '__has_builtin' requires an identifier"},
	}, Options{FS: fs, IncludeDirs: []string{"inc"}})
}

func TestCommandLine(t *testing.T) {
	opts := Options{Defines: []string{"N=4", "FLAG", "F(x)=(x+1)", "GONE", "S=a\\", "T=b"}, Undefs: []string{"GONE"}, Std: 200, FastRelaxedMath: true, Images: true}
	check(t, []testCase{
		{"defines", "N FLAG F(2) GONE S T\n", "4 1 (2+1) GONE a b\n", ""},
		{"versions", "__OPENCL_VERSION__ __OPENCL_C_VERSION__ CL_VERSION_1_0 CL_VERSION_3_0 __FAST_RELAXED_MATH__ VULKAN __ENDIAN_LITTLE__ __IMAGE_SUPPORT__\n", "300 200 100 300 1 100 1 1\n", ""},
	}, opts)
	// Without image support the macro is not defined.
	opts.Images = false
	check(t, []testCase{{"no images", "__IMAGE_SUPPORT__\n", "__IMAGE_SUPPORT__\n", ""}}, opts)
}

// TestVersionMacros: __OPENCL_C_VERSION__ follows -cl-std,
// __OPENCL_VERSION__ is the device's version (3.0 unless told), and the
// OpenCL C 3.0 feature macros exist under -cl-std=CL2.0 (as clang's
// headers define them for 2.0) and CL3.0.
func TestVersionMacros(t *testing.T) {
	const src = "__OPENCL_VERSION__ __OPENCL_C_VERSION__ __opencl_c_fp64 __opencl_c_int64\n"
	feats := []string{"__opencl_c_fp64", "__opencl_c_int64"}
	for _, c := range []struct {
		std, version int
		want         string
	}{
		{0, 0, "300 120 __opencl_c_fp64 __opencl_c_int64\n"},
		{100, 0, "300 100 __opencl_c_fp64 __opencl_c_int64\n"},
		{110, 0, "300 110 __opencl_c_fp64 __opencl_c_int64\n"},
		{120, 0, "300 120 __opencl_c_fp64 __opencl_c_int64\n"},
		{200, 0, "300 200 1 1\n"},
		{300, 0, "300 300 1 1\n"},
		{120, 120, "120 120 __opencl_c_fp64 __opencl_c_int64\n"},
	} {
		got, diags := run(src, Options{Std: c.std, OpenCLVersion: c.version, Features: feats})
		if got != c.want || diags != "" {
			t.Errorf("Std %d, OpenCLVersion %d: got %q (%s), want %q", c.std, c.version, got, diags, c.want)
		}
	}
}

func TestPrelude(t *testing.T) {
	var d diag.List
	src := "CHAR_BIT INT_MIN FLT_MAX M_PI_F M_PI NAN INFINITY HUGE_VALF CLK_LOCAL_MEM_FENCE CLK_ADDRESS_CLAMP CLK_FILTER_LINEAR CLK_sRGBA CLK_FLOAT __OPENCL_VERSION__ __OPENCL_C_VERSION__ HALF_MAX\n"
	got := Format(Preprocess("t.cl", src, Options{}, &d))
	want := "8 (-2147483647-1) 0x1.fffffep127f 3.14159265358979323846264338327950288f 0x1.921fb54442d18p+1 (__builtin_nanf(\"\")) (__builtin_inff()) (__builtin_huge_valf()) 0x01 4 0x20 0x10C1 0x10DE 300 120 HALF_MAX\n"
	if got != want || d.Error() != "" {
		t.Errorf("got %q (%s), want %q", got, d.Error(), want)
	}
	got = Format(Preprocess("t.cl", "HALF_MAX\n", Options{Extensions: []string{"cl_khr_fp16"}}, &d))
	if got != "((0x1.ffcp15h))\n" {
		t.Errorf("HALF_MAX with cl_khr_fp16: %q", got)
	}
}

func TestDate(t *testing.T) {
	got, _ := run("__DATE__ __TIME__\n", Options{})
	if !regexp.MustCompile(`^"[A-Z][a-z]{2} [ 1-3][0-9] [0-9]{4}" "[0-9]{2}:[0-9]{2}:[0-9]{2}"\n$`).MatchString(got) {
		t.Errorf("got %q", got)
	}
}

func TestPositions(t *testing.T) {
	var d diag.List
	src := "#define TWICE(x) (x + x)\nint a = TWICE(b);\n#pragma OPENCL EXTENSION all : disable\nc \\\n d"
	toks := Preprocess("t.cl", src, Options{NoPrelude: true}, &d)
	var got []string
	for _, tk := range toks {
		got = append(got, tk.Kind.String()+" "+tk.Text+" "+tk.Pos.String())
	}
	want := []string{
		"Ident int t.cl:2:1", "Ident a t.cl:2:5", "Punct = t.cl:2:7",
		"Punct ( t.cl:2:9", "Ident b t.cl:2:15", "Punct + t.cl:2:9", "Ident b t.cl:2:15", "Punct ) t.cl:2:9",
		"Punct ; t.cl:2:17",
		"Pragma OPENCL EXTENSION all : disable t.cl:3:1",
		"Ident c t.cl:4:1", "Ident d t.cl:5:2", "EOF  t.cl:5:3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLimits(t *testing.T) {
	// Exponential growth: each level doubles.
	var b strings.Builder
	b.WriteString("#define a0 x\n")
	for i := 1; i < 40; i++ {
		b.WriteString("#define a" + itoa(i) + " a" + itoa(i-1) + " a" + itoa(i-1) + "\n")
	}
	b.WriteString("a39\n")
	_, diags := run(b.String(), Options{})
	if !strings.Contains(diags, "macro expansion produces more than") {
		t.Errorf("no limit error: %q", diags)
	}
	deep := strings.Repeat("f(", 1000) + strings.Repeat(")", 1000)
	_, diags = run("#define f(x) x\n"+deep+"\n", Options{})
	if !strings.Contains(diags, "macro invocations nested too deeply") {
		t.Errorf("no nesting error: %q", diags)
	}
	_, diags = run("#if "+strings.Repeat("(", 1000)+"1"+strings.Repeat(")", 1000)+"\n#endif\n", Options{})
	if !strings.Contains(diags, "nested too deeply") {
		t.Errorf("no expression depth error: %q", diags)
	}
	// A chain of macros each expanding to the next: hidesets are searched
	// linearly, so the chain is bounded (200,000 links took minutes).
	b.Reset()
	b.WriteString("#define m0 1\n")
	for i := 1; i <= 5000; i++ {
		b.WriteString("#define m" + strconv.Itoa(i) + " m" + strconv.Itoa(i-1) + "\n")
	}
	out, diags := run(b.String()+"m4000 m5000\n", Options{})
	if want := "t.cl:5002:7: error: macro expansion nested too deeply (through more than 4096 macros)"; diags != want || !strings.HasPrefix(out, "1 ") {
		t.Errorf("macro chain: got %q, %q; want %q", out, diags, want)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestKernels(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var d diag.List
		toks := Preprocess(f, string(src), Options{Extensions: []string{"cl_khr_fp64"}}, &d)
		if d.HasErrors() || toks[len(toks)-1].Kind != EOF {
			t.Errorf("%s: %s", f, d.Error())
		}
	}
}

func BenchmarkPreprocess(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	var srcs []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, string(src))
	}
	if len(srcs) == 0 {
		b.Skip("no kernels")
	}
	b.ResetTimer()
	for b.Loop() {
		for i, s := range srcs {
			var d diag.List
			Preprocess(files[i], s, Options{}, &d)
		}
	}
}

func FuzzPreprocess(f *testing.F) {
	seeds := []string{
		"#define f(x, ...) #x x ## __VA_ARGS__\nf(a, b, c)\n",
		"#if defined(X) || 1 ? 2 : 3 << 4\n#elif\n#else\n#endif\n",
		"#include \"a.h\"\n#line 4 \"x\"\n_Pragma(\"once\")\n",
		"#define a a b\n#define b a\na\n'\"\\\n/*",
		"%:define x <: %:%: :>\n",
		"#pragma OPENCL EXTENSION all : disable\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	fs := MapFS{"a.h": "#include \"a.h\"\n#define A __LINE__\n", "b.h": "#pragma once\nB\n"}
	maxExpandTokens = 1 << 16
	f.Fuzz(func(t *testing.T, src string) {
		var d diag.List
		toks := Preprocess("f.cl", src, Options{FS: fs, NoPrelude: true, Extensions: []string{"cl_khr_fp64"}}, &d)
		if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
			t.Fatal("no EOF token")
		}
		Format(toks)
	})
}
