package host_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// BenchmarkHostBuffers times the kernels as clgo bench runs them: new
// buffers for every run, filled with the spec's data, released after it,
// alternating run by run between buffers placed on huge pages
// (hostalloc_linux.go: "huge") and buffers with the advice alone
// ("advice"). It reports each one's fastest kernel run and fastest
// buffer setup (make and fill) per work-item.
// go test ./driver/host -run '^$' -bench 'HostBuffers/triad' -benchtime 20x
func BenchmarkHostBuffers(b *testing.B) {
	dev := host.NewDevice()
	for _, k := range abKernels {
		b.Run(k.name, func(b *testing.B) {
			s, src := loadSpec(b, filepath.Join(sharedDir(), k.name+".cl"))
			s = s.Scaled(k.factor)
			r := newHostRun(b, s, src)
			data := make([][]byte, len(s.Args))
			for i := range s.Args {
				if r.bufs[i] != nil {
					data[i] = s.Data(i)
				}
			}
			defer host.SetHostBuffers(host.SetHostBuffers(true))
			best := [2]time.Duration{1<<63 - 1, 1<<63 - 1}
			setup := best
			i := 0
			for b.Loop() {
				v := i % 2
				host.SetHostBuffers(v == 0)
				t := time.Now()
				for j, d := range data {
					if d == nil {
						continue
					}
					r.bufs[j].Release()
					nb, err := dev.NewBuffer(uint64(len(d)))
					if err != nil {
						b.Fatal(err)
					}
					copy(nb.(interface{ HostBytes() []byte }).HostBytes(), d)
					r.bufs[j] = nb
					r.args[j] = driver.Arg{Kind: driver.ArgBuffer, Buffer: nb}
				}
				setup[v] = min(setup[v], time.Since(t))
				t = time.Now()
				r.run(b)
				best[v] = min(best[v], time.Since(t))
				i++
			}
			n := float64(s.GlobalCount())
			b.ReportMetric(float64(best[0].Nanoseconds())/n, "huge-best-ns/item")
			b.ReportMetric(float64(best[1].Nanoseconds())/n, "advice-best-ns/item")
			b.ReportMetric(float64(setup[0].Nanoseconds())/n, "huge-setup-ns/item")
			b.ReportMetric(float64(setup[1].Nanoseconds())/n, "advice-setup-ns/item")
		})
	}
}

// BenchmarkHugePages times each kernel on buffers backed by huge pages
// (hostalloc_linux.go) and on the same sizes backed by 4 KB pages only,
// alternating run by run: the fastest run of each per work-item.
// go test ./driver/host -run '^$' -bench 'HugePages/triad' -benchtime 40x
func BenchmarkHugePages(b *testing.B) {
	for _, k := range abKernels {
		b.Run(k.name, func(b *testing.B) {
			s, src := loadSpec(b, filepath.Join(sharedDir(), k.name+".cl"))
			s = s.Scaled(k.factor)
			huge, small := newHostRun(b, s, src), newHostRun(b, s, src)
			for i, buf := range small.bufs {
				if buf == nil {
					continue
				}
				m := buf.(interface{ HostBytes() []byte }).HostBytes()
				if err := host.SmallPages(m); err != nil {
					b.Fatal(err)
				}
				copy(m, s.Data(i))
			}
			huge.run(b)
			small.run(b)
			best := [2]time.Duration{1<<63 - 1, 1<<63 - 1}
			i := 0
			for b.Loop() {
				v := i % 2
				r := huge
				if v == 1 {
					r = small
				}
				t := time.Now()
				r.run(b)
				best[v] = min(best[v], time.Since(t))
				i++
			}
			n := float64(s.GlobalCount())
			b.ReportMetric(float64(best[0].Nanoseconds())/n, "huge-best-ns/item")
			b.ReportMetric(float64(best[1].Nanoseconds())/n, "4k-best-ns/item")
		})
	}
}
