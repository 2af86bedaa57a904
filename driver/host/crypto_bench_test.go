package host_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/driver/host"
)

// cryptoKernels are the integer-heavy corpus files of issue 16 (hash
// rounds, a PBKDF2 loop, a T-table cipher), in testdata/kernels/crypto.
var cryptoKernels = []string{"md5", "sha1", "sha256", "sha512", "pbkdf2", "aes_ttable"}

// BenchmarkCrypto times the crypto corpus on the host driver at the sizes
// in the files, reporting CPU and wall time per work-item; for profiles:
// go test ./driver/host -run '^$' -bench 'Crypto/sha256' -cpuprofile cpu.out
func BenchmarkCrypto(b *testing.B) {
	for _, name := range cryptoKernels {
		b.Run(name, func(b *testing.B) {
			s, src := loadSpec(b, filepath.Join("..", "..", "testdata", "kernels", "crypto", name+".cl"))
			r := newHostRun(b, s, src)
			r.run(b)
			c0, t0 := host.CPUTime(), time.Now()
			n := 0
			for b.Loop() {
				r.run(b)
				n++
			}
			items := float64(n) * float64(s.GlobalCount())
			b.ReportMetric(float64(host.CPUTime()-c0)/items, "cpu-ns/item")
			b.ReportMetric(float64(time.Since(t0).Nanoseconds())/items, "ns/item")
		})
	}
}

// BenchmarkCryptoPoCL times the same on the reference: the fastest kernel
// run (profiling start to end) per work-item.
func BenchmarkCryptoPoCL(b *testing.B) {
	for _, name := range cryptoKernels {
		b.Run(name, func(b *testing.B) {
			s, src := loadSpec(b, filepath.Join("..", "..", "testdata", "kernels", "crypto", name+".cl"))
			best := ^uint64(0)
			for b.Loop() {
				_, t := reference(b, s, src)
				best = min(best, t)
			}
			b.ReportMetric(float64(best)/float64(s.GlobalCount()), "ns/item")
		})
	}
}
