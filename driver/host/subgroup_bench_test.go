package host

import (
	"context"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
)

// BenchmarkSubgroupTiers times a kernel of three sub-group operations
// (a reduction, a scan, a shuffle) over 64K work-items in groups of 256 on
// each tier: wall and process CPU ns per work-item (go test -bench
// SubgroupTiers; the CPU time counts every worker).
func BenchmarkSubgroupTiers(b *testing.B) {
	const src = `kernel void sg_sum(global const float *in, global float *out) {
  uint g = get_global_id(0);
  float x = in[g];
  out[g] = sub_group_reduce_add(x) + sub_group_scan_inclusive_max(x) + sub_group_shuffle_xor(x, 1);
}`
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		b.Fatal(err)
	}
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes = 0x7f, true
	res, err := compiler.CompileFile("sg_sum.cl", src, opts)
	if err != nil {
		b.Fatal(err)
	}
	const n, local = 1 << 16, 256
	for _, tier := range []string{"lanes", "native"} {
		b.Run(tier, func(b *testing.B) {
			setTierIn(b, tier)
			dev := NewDevice()
			p, err := dev.BuildProgram(res.SPIRV)
			if err != nil {
				b.Fatal(err)
			}
			k, err := p.Kernel("sg_sum")
			if err != nil {
				b.Fatal(err)
			}
			q, _ := dev.NewQueue(driver.QueueOptions{})
			defer q.Release()
			var args []driver.Arg
			for range 2 {
				hb, _ := dev.NewBuffer(4 * n)
				args = append(args, driver.Arg{Kind: driver.ArgBuffer, Buffer: hb})
			}
			nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{local, 1, 1})
			b.ResetTimer()
			cpu := cpuTime()
			for range b.N {
				ev, err := q.Dispatch(context.Background(), k, args, nd, nil)
				if err != nil {
					b.Fatal(err)
				}
				if err := ev.Wait(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/item")
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/n, "cpu-ns/item")
		})
	}
}
