//go:build unix

package lanes

import (
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// scaleKernel is a kernel of n sections, each a divergent if, a loop
// with a uniform trip count and a value carried from the section before:
// blocks, constructs, loops and values all grow with n, as in hashcat's
// unrolled kernels.
func scaleKernel(n int) string {
	var s strings.Builder
	s.WriteString("kernel void big(global int *a, global const int *b, int m) {\n")
	s.WriteString("\tint gid = get_global_id(0);\n\tif (gid >= m) return;\n\tint x = b[gid];\n")
	for i := range n {
		fmt.Fprintf(&s, "\tint y%d = x * %d;\n", i, 2*i+1)
		fmt.Fprintf(&s, "\tif (b[gid + %d] > x) { x += y%d ^ %d; }\n", i%7, i, i)
		fmt.Fprintf(&s, "\tfor (int j = 0; j < m + %d; j++) { x ^= b[j] + y%d; }\n", i%3, i)
		fmt.Fprintf(&s, "\tx += y%d;\n", i)
	}
	s.WriteString("\ta[gid] = x;\n}\n")
	return s.String()
}

// TestBuildScales fails if Build's time grows much faster than the
// kernel: 32 times the sections must build in under 160 times the time
// (near-linear Build takes 40-80 times, caches and collections growing
// with the program; the quadratic passes over values × loops and blocks
// × constructs, which took minutes on real kernels, took 300 times and
// more). The fastest of a few builds
// counts, in CPU time of the process (other work on a loaded machine
// stretches wall time, not this), after a collection.
func TestBuildScales(t *testing.T) {
	if testing.Short() {
		t.Skip("builds large kernels")
	}
	timeOf := func(n int) (time.Duration, int) {
		res, err := compiler.Compile(scaleKernel(n), compiler.DefaultOptions())
		if err != nil {
			t.Fatalf("compile: %v", err)
		}
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		x := spirv.NewIndex(m)
		best, ops := time.Duration(1<<62), 0
		for range 5 {
			runtime.GC()
			t0 := cpuTime()
			p, err := Build(x, "big", map[uint32]uint64{0: 64, 1: 1, 2: 1}, 8)
			if err != nil {
				t.Fatal(err)
			}
			best, ops = min(best, cpuTime()-t0), len(p.Ops)
		}
		return best, ops
	}
	const n, k = 50, 32
	small, opsSmall := timeOf(n)
	large, opsLarge := timeOf(k * n)
	ratio := float64(large) / float64(small)
	t.Logf("%d sections: %d ops in %v; %d sections: %d ops in %v (x%.1f)", n, opsSmall, small, k*n, opsLarge, large, ratio)
	if ratio > 5*k {
		t.Errorf("%dx the sections took %.1fx the time: Build is not near-linear", k, ratio)
	}
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		panic(err)
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
