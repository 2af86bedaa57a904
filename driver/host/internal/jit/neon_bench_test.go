package jit

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// tierBenchKernels are kernels of (global float *out, global const int
// *in) for BenchmarkTiers: streaming arithmetic, a loop of integer and
// float work, sines (the compiler's polynomial, unrolled: 6000 ops), a
// reduction through local memory with barriers, and a loop of buffer
// atomics, also with the atomics forced to be call-outs ("callout":
// compiled past loopCallout, which refuses such a program, to measure
// what it avoids).
var tierBenchKernels = []struct{ name, src string }{
	{"stream", `kernel void k(global float *out, global const int *in) {
		int i = get_global_id(0);
		float x = (float)in[i];
		out[i] = x * 0.5f + (float)(in[i] >> 3) * 1.25f - sqrt(fabs(x));
	}`},
	{"loop", `kernel void k(global float *out, global const int *in) {
		int i = get_global_id(0);
		float x = 0.0f, y = 0.0f, c = (float)(in[i] & 255) / 256.0f;
		int it = 0;
		while (x * x + y * y <= 4.0f && it < 64) {
			float xt = x * x - y * y + c;
			y = 2.0f * x * y + 0.25f;
			x = xt;
			++it;
		}
		out[i] = (float)it + x;
	}`},
	{"sines", `kernel void k(global float *out, global const int *in) {
		int i = get_global_id(0);
		float s = 0.0f;
		for (int j = 0; j < 16; j++) s += sin((float)(in[i] + j));
		out[i] = s;
	}`},
	{"reduce", `kernel void k(global float *out, global const int *in) {
		local float t[64];
		int l = get_local_id(0);
		t[l] = (float)in[get_global_id(0)];
		for (int s = 32; s > 0; s >>= 1) {
			barrier(CLK_LOCAL_MEM_FENCE);
			if (l < s) t[l] += t[l + s];
		}
		if (l == 0) out[get_group_id(0)] = t[0];
	}`},
	{"atomic-loop", `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		for (int j = 0; j < (in[i] & 7) + 4; j++) atomic_add(&out[(in[i] + j) & 63], j);
	}`},
}

// BenchmarkTiers runs each of tierBenchKernels on native code (chunks of
// 8; NEON on arm64) and on the Go executor (chunks of 64, as the host
// runs it), 16 groups of 64 lanes, and reports CPU time per work-item.
func BenchmarkTiers(b *testing.B) {
	if !Available() {
		b.Skip("no native code here")
	}
	const local, groups = 64, 16
	for _, kk := range tierBenchKernels {
		res, err := compiler.Compile(kk.src, compiler.DefaultOptions())
		if err != nil {
			b.Fatal(err)
		}
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			b.Fatal(err)
		}
		tiers := []string{"native", "go"}
		if kk.name == "atomic-loop" {
			tiers = append(tiers, "callout")
		}
		for _, tier := range tiers {
			b.Run(kk.name+"/"+tier, func(b *testing.B) {
				c := chunk
				if tier == "go" {
					c = 64
				}
				p, err := lanes.Build(spirv.NewIndex(m), "k", map[uint32]uint64{0: local, 1: 1, 2: 1}, c)
				if err != nil {
					b.Fatal(err)
				}
				var r lanes.Runner
				if tier == "go" {
					r = lanes.NewExec(p)
				} else {
					old := SetForceCallout(func(o lanes.Op) bool { return tier == "callout" && o.Code == lanes.Atomic }) // and no loopCallout
					k, err := Compile(p)
					SetForceCallout(old)
					if err != nil {
						b.Fatal(err)
					}
					r = k.NewRunner()
				}
				in := make([]byte, 4*local*groups)
				for i := range local * groups {
					binary.LittleEndian.PutUint32(in[4*i:], uint32(i*2654435761)>>7)
				}
				mem := make([][]byte, len(p.Regions))
				for i, rg := range p.Regions {
					if rg.Kind == lanes.RegionPush {
						mem[i] = make([]byte, max(rg.Size, 64)) // no global offset
					}
					if rg.Kind == lanes.RegionBuffer {
						mem[i] = make([]byte, 4*local*groups)
						if rg.Binding == 1 {
							mem[i] = in
						}
					}
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cpu0 := threadCPU()
				for b.Loop() {
					for gi := range groups {
						g := &lanes.Group{ID: [3]uint32{uint32(gi), 0, 0}, NumGroups: [3]uint32{groups, 1, 1}, Memory: mem}
						if t := r.RunGroup(g); t != nil {
							b.Fatal(t)
						}
					}
				}
				b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N*local*groups), "cpu-ns/item")
			})
		}
	}
}
