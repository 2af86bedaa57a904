package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// barrierKernels pass from chunk to chunk at barriers and exits
// (compile.go's dispatch over a group's chunks): a tree reduction (one
// barrier in a loop, most chunks' `if (lid < s)` empty), a Hillis-Steele
// scan (two barriers a round, so the chunk after one resumes elsewhere
// than where the last stopped), barriers in sequence outside loops with
// work-items that return after the last barrier (chunks done while the
// pass goes on), and a histogram in Workgroup memory (local atomics
// whose old value no op reads, atomicrmw.go, between barriers).
var barrierKernels = []struct{ name, src string }{
	{"reduce", `kernel void k(global uint *out, global const uint *in) {
		local uint t[64];
		uint l = get_local_id(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
			if (l < s)
				t[l] += t[l + s];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		if (l == 0)
			out[get_group_id(0)] = t[0];
		out[get_global_id(0) + 128] = t[l];
	}`},
	{"scan", `kernel void k(global int *out, global const int *in) {
		local int t[64];
		int l = get_local_id(0), n = get_local_size(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int off = 1; off < n; off <<= 1) {
			int v = l >= off ? t[l - off] : 0;
			barrier(CLK_LOCAL_MEM_FENCE);
			t[l] += v;
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		out[get_global_id(0)] = t[l];
	}`},
	{"sequence-early-return", `kernel void k(global int *out, global const int *in) {
		local int t[64];
		int l = get_local_id(0), n = get_local_size(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		int a = t[(l + 1) % n];
		barrier(CLK_LOCAL_MEM_FENCE);
		t[l] = a * 3;
		barrier(CLK_LOCAL_MEM_FENCE);
		if ((in[get_global_id(0)] & 3) == 0)
			return;
		out[get_global_id(0)] = t[(l + 5) % n] + a;
	}`},
	{"histogram", `kernel void k(global uint *out, global const uint *in) {
		local uint bins[64];
		int l = get_local_id(0), n = get_local_size(0);
		for (int b = l; b < 64; b += n)
			bins[b] = 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int i = 0; i < 8; i++)
			atomic_inc(&bins[in[(get_global_id(0) * 8 + i) & 511] & 63]);
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int b = l; b < 64; b += n)
			out[get_group_id(0) * 64 + b] = bins[b];
	}`},
}

// TestBarrierPasses runs barrierKernels as native code and on the Go
// executor, bit for bit, with full and partial last chunks and two
// groups (the second starts from the first's resume points, reset).
func TestBarrierPasses(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, kc := range barrierKernels {
		for _, local := range []int{64, 45, 8} {
			p := buildCL(t, kc.src, local)
			if p.Barriers == 0 {
				t.Fatalf("%s: no barrier in the lane program", kc.name)
			}
			for trial := range 3 {
				mem := make([][]byte, len(p.Regions))
				for r, rg := range p.Regions {
					switch rg.Kind {
					case lanes.RegionPush:
						mem[r] = make([]byte, max(rg.Size, 64))
					case lanes.RegionBuffer:
						b := make([]byte, 4*512)
						if rg.Binding == 1 {
							for w := 0; w < len(b); w += 4 {
								binary.LittleEndian.PutUint32(b[w:], rng.Uint32()>>uint(8*trial))
							}
						}
						mem[r] = b
					}
				}
				agree(t, fmt.Sprintf("%s local %d trial %d", kc.name, local, trial), p, mem, 2)
			}
		}
	}
}

// BenchmarkBarrierGroups times RunGroup of the tree reduction, the scan
// and the histogram in groups of 64 on one goroutine: the cost of passing from chunk
// to chunk at barriers, without the dispatch around it.
func BenchmarkBarrierGroups(b *testing.B) {
	if testing.Short() {
		b.Skip("short")
	}
	for _, kc := range []int{0, 1, 3} {
		kc := barrierKernels[kc]
		b.Run(kc.name, func(b *testing.B) {
			p := buildCL(b, kc.src, 64)
			k, err := Compile(p)
			if err != nil {
				b.Fatal(err)
			}
			mem := make([][]byte, len(p.Regions))
			for r, rg := range p.Regions {
				switch rg.Kind {
				case lanes.RegionPush:
					mem[r] = make([]byte, max(rg.Size, 64))
				case lanes.RegionBuffer:
					mem[r] = make([]byte, 4*512)
				}
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			run := k.NewRunner()
			g := &lanes.Group{NumGroups: [3]uint32{1, 1, 1}, Memory: mem}
			// CPU time, not wall time: the machine is shared.
			cpu0 := threadCPU()
			for b.Loop() {
				if tr := run.RunGroup(g); tr != nil {
					b.Fatal(tr)
				}
			}
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N*64), "cpu-ns/item")
		})
	}
}
