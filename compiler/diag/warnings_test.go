package diag

import "testing"

// Warnings recorded without a flag get clang's name for them.
func TestFlagOf(t *testing.T) {
	for msg, want := range map[string]string{
		"'N' macro redefined":                                                                                       "macro-redefined",
		"extra tokens at end of #endif directive":                                                                   "extra-tokens",
		"unsupported OpenCL extension 'cl_khr_fp16' - ignoring":                                                     "ignored-pragmas",
		"implicit conversion from 'int' to 'char' changes value from 300 to 44":                                     "constant-conversion",
		"implicit conversion from 'float' to 'int' changes value from 1.5 to 1":                                     "literal-conversion",
		"initializing '__constant char *' with an expression of type 'const __constant char *' discards qualifiers": "incompatible-pointer-types-discards-qualifiers",
		"division by zero is undefined":                                                                             "division-by-zero",
		"non-void function does not return a value in all control paths":                                            "return-type",
		"vector index 5 is out of bounds":                                                                           "array-bounds",
		"left operand of comma operator has no effect":                                                              "unused-value",
		"no such warning": "",
	} {
		if got := flagOf(msg); got != want {
			t.Errorf("%q: flag %q, want %q", msg, got, want)
		}
	}
}

func TestWarningControl(t *testing.T) {
	l := &List{}
	l.SetWarningFlags([]string{"all", "no-unused-variable", "error=format", "extra", "no-extra"})
	for flag, want := range map[string][2]bool{
		"unused-variable":  {false, false},
		"unused-parameter": {false, false},
		"format":           {true, true},
		"parentheses":      {true, false},
	} {
		on, asErr := l.Warnings.state(flag)
		if on != want[0] || asErr != want[1] {
			t.Errorf("%s: on %v error %v, want %v", flag, on, asErr, want)
		}
	}
	l.Warn(Pos{File: "k.cl", Line: 1, Col: 1}, "format", "bad format")
	l.Warn(Pos{File: "k.cl", Line: 2, Col: 1}, "unused-variable", "unused variable 'x'")
	l.Notef(Pos{File: "k.cl", Line: 2, Col: 1}, "dropped with its warning")
	if len(l.Diags) != 1 || l.Diags[0].Line() != "k.cl:1:1: error: bad format [-Werror,-Wformat]" {
		t.Fatalf("%+v", l.Diags)
	}
}

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		w, e int
		want string
	}{{0, 0, ""}, {1, 0, "1 warning generated.\n"}, {2, 0, "2 warnings generated.\n"}, {0, 1, "1 error generated.\n"}, {1, 3, "1 warning and 3 errors generated.\n"}} {
		l := &List{}
		for range tc.w {
			l.Warn(Pos{}, "format", "w")
		}
		for range tc.e {
			l.Errorf(Pos{}, "e")
		}
		if got := l.Summary(); got != tc.want {
			t.Errorf("%d warnings %d errors: %q", tc.w, tc.e, got)
		}
	}
}
