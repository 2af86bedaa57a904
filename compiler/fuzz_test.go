package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzCompile runs the whole compiler on arbitrary input: it must never
// report an internal compiler error (a recovered panic) nor take more than
// a few seconds, and what it compiles must encode as well-formed SPIR-V
// instructions (no word count that overflows 16 bits).
func FuzzCompile(f *testing.F) {
	f.Add("kernel void k(global float *o, float4 v) { *o = (v + v)[1]; }")
	f.Add("void f(int x) {}")
	f.Add("enum E { A = 0x8000000000000000UL }; kernel void k(global ulong *o) { *o = A; }")
	files, _ := filepath.Glob("../testdata/kernels/idioms/*.cl")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		opts := DefaultOptions()
		opts.FS = MapFS{}
		start := time.Now()
		res, err := Compile(src, opts)
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("compiling took %v\n--- source:\n%s", d, src)
		}
		if err != nil {
			if s := err.Error(); strings.Contains(s, "internal compiler error") {
				t.Fatalf("%s\n--- source:\n%s", s, src)
			}
			return
		}
		words := res.Module.Words()
		for i := 5; i < len(words); {
			n := int(words[i] >> 16)
			if n == 0 || i+n > len(words) {
				t.Fatalf("malformed instruction at word %d (word count %d)\n--- source:\n%s", i, n, src)
			}
			i += n
		}
	})
}
