package types

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/cpp"
)

// Every builtin that __has_builtin says exists is accepted by the checker.
func TestClangBuiltinsAccepted(t *testing.T) {
	args := map[string]string{
		"__builtin_expect": "n, 1", "__builtin_expect_with_probability": "n, 1, 0.5",
		"__builtin_assume": "n > 0", "__builtin_constant_p": "n",
		"__builtin_isnan": "x", "__builtin_isinf": "x", "__builtin_isfinite": "x",
		"__builtin_isnormal": "x", "__builtin_signbit": "x",
	}
	for name, ok := range cpp.ClangBuiltins {
		if !ok {
			continue
		}
		a := args[name]
		if strings.HasPrefix(name, "__builtin_nan") {
			a = `""`
		}
		pre := ""
		if strings.HasSuffix(name, "f16") {
			pre = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		}
		src := pre + "kernel void k(global int *o, int n, float x) { (void)" + name + "(" + a + "); }"
		_, _, diags, _ := checkSource("x.cl", src, &Config{Extensions: []string{"cl_khr_fp16", "cl_khr_fp64"}})
		if diags.HasErrors() {
			t.Errorf("%s: %v", name, diags.Error())
		}
	}
}
