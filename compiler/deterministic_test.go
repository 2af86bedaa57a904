package compiler

import (
	"bytes"
	"os"
	"testing"
)

// TestDeterministicOutput: the same source and options give the same
// module, byte for byte, every time (Go's map order is random on every
// range, so a pass that numbers new ids in map order shows up here). It
// compiles kernels whose optimization creates OpUndefs and phis.
func TestDeterministicOutput(t *testing.T) {
	for _, f := range []string{
		"../testdata/kernels/aggregate/struct_arg.cl",
		"../testdata/kernels/builtin_math/trig.cl",
		"../testdata/kernels/crypto/sha512.cl",
		// struct copies split by sroa into element loads and stores
		"../testdata/kernels/aggregate/struct_nested.cl",
		"../testdata/kernels/idioms/ptr_containers.cl",
		"../testdata/kernels/constant/struct_table.cl",
	} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var first []byte
		for i := range 8 {
			r, err := CompileFile(f, string(src), DefaultOptions())
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if i == 0 {
				first = r.SPIRV
			} else if !bytes.Equal(first, r.SPIRV) {
				t.Fatalf("%s: compilation %d gave a different module than the first", f, i+1)
			}
		}
	}
}
