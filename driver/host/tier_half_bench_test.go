package host_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/driver/host"
)

// halfKernels are the corpus kernels with half floats (cl_khr_fp16 and
// vload_half/vstore_half), timed by BenchmarkHalf.
var halfKernels = []string{"fp16/arith", "fp16/convert", "fp16/vector", "fp16/edges",
	"scalar/half_vec", "vload/vload_half_n", "vload/vstorea_half"}

// BenchmarkHalf times the half-float corpus kernels on PoCL (which runs
// their float fallback: it has no cl_khr_fp16), the interpreter, the lane
// tier's Go executor and native code (CPU ns per work-item, and the
// fastest run's ns per work-item).
func BenchmarkHalf(b *testing.B) {
	for _, name := range halfKernels {
		f := filepath.Join("..", "..", "testdata", "kernels", name+".cl")
		b.Run(name+"/pocl", func(b *testing.B) {
			s, src := loadSpec(b, f)
			best := ^uint64(0)
			for b.Loop() {
				_, t := reference(b, s, src)
				best = min(best, t)
			}
			b.ReportMetric(float64(best)/float64(s.GlobalCount()), "best-ns/item")
		})
		for _, tier := range []string{"interp", "lanes", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) {
				setTier(b, tier)
				s, src := loadSpec(b, f)
				r := newHostRun(b, s, src)
				r.run(b)
				c0 := host.CPUTime()
				n := 0
				best := time.Duration(1<<63 - 1)
				for b.Loop() {
					t := time.Now()
					r.run(b)
					best = min(best, time.Since(t))
					n++
				}
				items := float64(n) * float64(s.GlobalCount())
				b.ReportMetric(float64(host.CPUTime()-c0)/items, "cpu-ns/item")
				b.ReportMetric(float64(best.Nanoseconds())/float64(s.GlobalCount()), "best-ns/item")
			})
		}
	}
}
