package host_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/internal/refcl"
)

// streamKernels are the shared kernels that stream through memory, with
// the factor clgo bench scales them by on the 2-core machine (triad: 16M
// floats, 192 MB of traffic; vector_mix: 2M items).
var streamKernels = []struct {
	name   string
	factor uint64
}{{"triad", 16}, {"vector_mix", 32}}

// BenchmarkStream times the streaming kernels at clgo bench's sizes on
// PoCL and on the host driver's default tier, buffers made once (as
// timeRuns): the fastest run's ns per work-item (best-ns/item) is what
// clgo bench compares.
// go test ./driver/host -run '^$' -bench 'Stream/triad' -benchtime 8x
func BenchmarkStream(b *testing.B) {
	for _, k := range streamKernels {
		f := filepath.Join(sharedDir(), k.name+".cl")
		b.Run(k.name+"/pocl", func(b *testing.B) {
			s, src := loadSpec(b, f)
			benchPoCLOnce(b, s.Scaled(k.factor), src)
		})
		b.Run(k.name+"/native", func(b *testing.B) {
			s, src := loadSpec(b, f)
			s = s.Scaled(k.factor)
			r := newHostRun(b, s, src)
			r.run(b)
			timeRuns(b, r, s)
			b.ReportMetric(anonHugeMB(), "thp-MB")
		})
	}
}

// benchPoCLOnce times s on PoCL with its buffers made and written once:
// the fastest run's ns per work-item.
func benchPoCLOnce(b *testing.B, s *kspec.Spec, src string) {
	ctx := refContext(b)
	defer ctx.Release()
	p, err := ctx.Build(src, s.Options)
	if err != nil {
		b.Fatal(err)
	}
	k, err := p.Kernel(s.Kernel)
	if err != nil {
		b.Fatal(err)
	}
	defer k.Release()
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			buf, err := ctx.NewBuffer(a.Bytes())
			if err != nil {
				b.Fatal(err)
			}
			defer buf.Release()
			if err := buf.Write(0, s.Data(i)); err != nil {
				b.Fatal(err)
			}
			err = k.SetBuffer(i, buf)
		case kspec.ArgScalar:
			err = k.SetBytes(i, s.Data(i))
		case kspec.ArgLocal:
			err = k.SetLocal(i, a.Bytes())
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	run := func() refcl.Timing {
		tm, err := ctx.Run(k, s.Global, s.Local)
		if err != nil {
			b.Fatal(err)
		}
		return tm
	}
	run()
	c0, t0 := host.CPUTime(), time.Now()
	best := ^uint64(0)
	n := 0
	for b.Loop() {
		best = min(best, run().Kernel())
		n++
	}
	items := float64(n) * float64(s.GlobalCount())
	b.ReportMetric(float64(host.CPUTime()-c0)/items, "cpu-ns/item")
	b.ReportMetric(float64(time.Since(t0).Nanoseconds())/items, "ns/item")
	b.ReportMetric(float64(best)/float64(s.GlobalCount()), "best-ns/item")
	b.ReportMetric(anonHugeMB(), "thp-MB")
}

func anonHugeMB() float64 {
	d, _ := os.ReadFile("/proc/self/smaps_rollup")
	for _, l := range strings.Split(string(d), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "AnonHugePages:" {
			v, _ := strconv.Atoi(f[1])
			return float64(v) / 1024
		}
	}
	return -1
}

// abKernels are the shared kernels the A/B benchmarks time, with the
// factor their sizes are scaled by (near clgo bench's on 2 cores).
var abKernels = []struct {
	name   string
	factor uint64
}{{"triad", 16}, {"vector_mix", 32}, {"transpose", 4}, {"stencil2d", 4}, {"reduce_sum", 8}, {"bitonic", 4}}

// BenchmarkClaims times the kernels with the workers' spans of claims
// (claim.go) and with the one shared counter before them, alternating
// run by run in one process so that both see the same load: the fastest
// run's ns per work-item of each (split-, shared-best-ns/item).
// go test ./driver/host -run '^$' -bench 'Claims/triad' -benchtime 20x
func BenchmarkClaims(b *testing.B) {
	for _, k := range abKernels {
		b.Run(k.name, func(b *testing.B) {
			s, src := loadSpec(b, filepath.Join(sharedDir(), k.name+".cl"))
			s = s.Scaled(k.factor)
			r := newHostRun(b, s, src)
			defer host.SetClaimSplit(host.SetClaimSplit(true))
			abRuns(b, r, s, "split", "shared", func(a bool) { host.SetClaimSplit(a) })
		})
	}
}

// abRuns runs r alternately in setting a and b (set(true), set(false))
// and reports each one's fastest run per work-item.
func abRuns(b *testing.B, r *hostRun, s *kspec.Spec, a, bName string, set func(bool)) {
	set(true)
	r.run(b)
	set(false)
	r.run(b)
	best := [2]time.Duration{1<<63 - 1, 1<<63 - 1}
	cpu := [2]int64{1<<63 - 1, 1<<63 - 1}
	i := 0
	for b.Loop() {
		v := i % 2
		set(v == 0)
		c, t := host.CPUTime(), time.Now()
		r.run(b)
		best[v] = min(best[v], time.Since(t))
		cpu[v] = min(cpu[v], host.CPUTime()-c)
		i++
	}
	n := float64(s.GlobalCount())
	b.ReportMetric(float64(best[0].Nanoseconds())/n, a+"-best-ns/item")
	b.ReportMetric(float64(best[1].Nanoseconds())/n, bName+"-best-ns/item")
	b.ReportMetric(float64(cpu[0])/n, a+"-cpu-ns/item")
	b.ReportMetric(float64(cpu[1])/n, bName+"-cpu-ns/item")
}
