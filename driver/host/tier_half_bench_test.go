package host_test

import (
	"path/filepath"
	"testing"
)

// halfKernels are the corpus kernels with half floats (cl_khr_fp16 and
// vload_half/vstore_half), timed by BenchmarkHalf.
var halfKernels = []string{"fp16/arith", "fp16/convert", "fp16/vector", "fp16/edges",
	"scalar/half_vec", "vload/vload_half_n", "vload/vstorea_half"}

// BenchmarkHalf times the half-float corpus kernels on PoCL (which runs
// their float fallback: it has no cl_khr_fp16), the Go executor, the lane
// tier's Go executor and native code (CPU ns per work-item, and the
// fastest run's ns per work-item).
func BenchmarkHalf(b *testing.B) {
	for _, name := range halfKernels {
		f := filepath.Join("..", "..", "testdata", "kernels", name+".cl")
		b.Run(name+"/pocl", func(b *testing.B) { benchPoCL(b, f, "best-ns/item") })
		for _, tier := range []string{"lanes", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) { benchTier(b, f, tier) })
		}
	}
}
