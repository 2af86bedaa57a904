package host_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/kspec"
)

// BenchmarkNative times the crypto corpus and the shared kernels at the
// sizes in their files on each tier of the host driver, reporting CPU and
// wall time per work-item and the fastest run's wall time per work-item,
// and on the reference OpenCL (pocl: the fastest kernel run, profiling
// start to end, per work-item):
// go test ./driver/host -run '^$' -bench 'Native/sha256' -benchtime 20x
//
// CLGO_BENCH_KERNELS adds kernel files (a list of globs, separated by the
// OS's path list separator) to time, at their own sizes, beside them.
func BenchmarkNative(b *testing.B) {
	var files []string
	for _, g := range filepath.SplitList(os.Getenv("CLGO_BENCH_KERNELS")) {
		more, _ := filepath.Glob(g)
		files = append(files, more...)
	}
	for _, name := range cryptoKernels {
		files = append(files, filepath.Join("..", "..", "testdata", "kernels", "crypto", name+".cl"))
	}
	shared, _ := filepath.Glob(filepath.Join(sharedDir(), "*.cl"))
	for _, f := range append(files, shared...) {
		name := filepath.Base(f)
		name = name[:len(name)-len(".cl")]
		b.Run(name+"/pocl", func(b *testing.B) { benchPoCL(b, f, "ns/item") })
		for _, tier := range []string{"lanes", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) { benchTier(b, f, tier) })
		}
	}
}

// benchPoCL times the kernel file f on PoCL: its fastest run's
// nanoseconds per work-item, reported as metric.
func benchPoCL(b *testing.B, f, metric string) {
	s, src := loadSpec(b, f)
	best := ^uint64(0)
	for b.Loop() {
		_, t := reference(b, s, src)
		best = min(best, t)
	}
	b.ReportMetric(float64(best)/float64(s.GlobalCount()), metric)
}

// benchTier times the kernel file f on the host tier tier ("": the one
// CLGO_HOST_TIER or the default picks) after one untimed run (timeRuns).
func benchTier(b *testing.B, f, tier string) {
	if tier != "" {
		setTier(b, tier)
	}
	s, src := loadSpec(b, f)
	r := newHostRun(b, s, src)
	r.run(b)
	timeRuns(b, r, s)
}

// timeRuns times runs of r: CPU and wall nanoseconds per work-item, and
// the fastest run's.
func timeRuns(b *testing.B, r *hostRun, s *kspec.Spec) {
	c0, t0 := host.CPUTime(), time.Now()
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
	b.ReportMetric(float64(time.Since(t0).Nanoseconds())/items, "ns/item")
	// The fastest run: the least disturbed by other work on a shared
	// machine, as PoCL's column is.
	b.ReportMetric(float64(best.Nanoseconds())/float64(s.GlobalCount()), "best-ns/item")
}
