package opt_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// mathHeavy inlines much of the math library (tgamma, lgamma, erf, pow on
// 16-wide vectors): megabytes of SPIR-V in one function, where a pass that
// is quadratic in the function's size shows.
const mathHeavy = `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void k(global double16 *a, global float16 *b) {
	size_t i = get_global_id(0);
	a[i] = tgamma(a[i]) + lgamma(a[i]) + erf(a[i]) + pow(a[i], a[i]);
	b[i] = tgamma(b[i]) + sin(b[i]) + exp(b[i]) + log(b[i]) + pow(b[i], b[i]);
}`

func lowered(tb testing.TB, src string) []uint32 {
	tb.Helper()
	opts, err := compiler.ParseOptions("-cl-opt-disable")
	if err != nil {
		tb.Fatal(err)
	}
	res, err := compiler.Compile(src, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return res.Module.Words()
}

func BenchmarkRunMathHeavy(b *testing.B) {
	words := lowered(b, mathHeavy)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		m, err := spirv.DecodeWords(words)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := opt.Run(m); err != nil {
			b.Fatal(err)
		}
	}
}

// The math library's inlined code stays valid through every pass.
func TestRunMathHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	m, err := spirv.DecodeWords(lowered(t, mathHeavy))
	if err != nil {
		t.Fatal(err)
	}
	before := size(m)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if after := size(m); after >= before {
		t.Errorf("%d instructions after the passes, %d before", after, before)
	}
}
