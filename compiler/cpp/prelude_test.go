package cpp

import (
	"go/format"
	"os"
	"reflect"
	"testing"

	"github.com/clgo/clgo/compiler/diag"
)

// TestPreludeGenerated checks that prelude_gen.go is what go generate
// writes from today's opencl.h.
func TestPreludeGenerated(t *testing.T) {
	src, err := PreludeSource()
	if err != nil {
		t.Fatal(err)
	}
	want, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("prelude_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("prelude_gen.go is stale: run go generate ./compiler/cpp")
	}
}

// TestPreludeTable checks that a run sees exactly the macros that
// preprocessing opencl.h defines, with and without cl_khr_fp16.
func TestPreludeTable(t *testing.T) {
	for _, fp16 := range []bool{false, true} {
		want, _ := buildPrelude(fp16)
		opts := Options{}
		if fp16 {
			opts.Extensions = []string{"cl_khr_fp16"}
		}
		p := newPP(opts, nil)
		p.usePrelude()
		n := 0
		for i := range preludeTable {
			if p.macro(preludeTable[i].name) != nil {
				n++
			}
		}
		if n != len(want) {
			t.Errorf("fp16=%v: %d prelude macros defined, opencl.h defines %d", fp16, n, len(want))
		}
		for name, m := range want {
			if got := p.macro(name); !reflect.DeepEqual(got, m) {
				t.Errorf("fp16=%v: macro %s = %+v, opencl.h defines %+v", fp16, name, got, m)
			}
		}
	}
}

// TestPreludeUndefRedefine checks that a run's #undef and #define of a
// prelude macro act as on a macro the run defined, and that other runs
// still see opencl.h's definition.
func TestPreludeUndefRedefine(t *testing.T) {
	cases := []struct{ src, want, diags string }{
		{"#undef FLT_MAX\nFLT_MAX\n#ifdef FLT_MAX\ndefined\n#endif\n#if defined(FLT_MAX) || defined FLT_MAX\ndefined\n#endif\n", "FLT_MAX\n", ""},
		{"#undef CHAR_BIT\n#define CHAR_BIT 9\nCHAR_BIT\n", "9\n", ""},
		{"#define CHAR_BIT 9\nCHAR_BIT\n", "9\n", "t.cl:1:9: warning: 'CHAR_BIT' macro redefined"},
		{"#define CHAR_BIT 8\nCHAR_BIT CHAR_MAX\n", "8 127\n", ""},
		{"#ifndef CLK_R\nmissing\n#endif\n#if CLK_R == 0x10B0\nCLK_R\n#endif\n", "0x10B0\n", ""},
		{"#undef HALF_DIG\nHALF_DIG M_PI_H\n", "HALF_DIG M_PI_H\n", ""},
		{"CHAR_BIT\n", "8\n", ""}, // after the runs above
	}
	for _, c := range cases {
		var d diag.List
		got := Format(Preprocess("t.cl", c.src, Options{}, &d))
		if got != c.want || d.Error() != c.diags {
			t.Errorf("%q: got %q (%q), want %q (%q)", c.src, got, d.Error(), c.want, c.diags)
		}
	}
	var d diag.List
	if got := Format(Preprocess("t.cl", "CHAR_BIT HALF_DIG\n", Options{NoPrelude: true}, &d)); got != "CHAR_BIT HALF_DIG\n" {
		t.Errorf("NoPrelude: got %q", got)
	}
	if got := Format(Preprocess("t.cl", "#undef M_PI_H\nHALF_DIG M_PI_H\n", Options{Extensions: []string{"cl_khr_fp16"}}, &d)); got != "3 M_PI_H\n" || d.Error() != "" {
		t.Errorf("cl_khr_fp16: got %q (%s)", got, d.Error())
	}
}
