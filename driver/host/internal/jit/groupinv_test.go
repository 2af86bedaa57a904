package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// groupKernels read values that are the same for every chunk of a group
// (arguments by value, group ids and counts, sizes, 64-bit and float
// arithmetic on them), in straight-line code, in loops and across
// barriers (one frame per chunk).
var groupKernels = []struct{ name, src string }{
	{"args", `kernel void k(global int *out, int a, int b, float s) {
		int i = get_global_id(0);
		long w = (long)get_group_id(0) * 1000003 + a;
		out[i] = (int)(w >> 3) + b * (int)get_num_groups(0) + (int)(s * (float)get_local_size(0)) + i;
	}`},
	{"loop", `kernel void k(global float *out, int n, float s) {
		int i = get_global_id(0);
		float acc = 0.0f;
		float g = (float)(get_group_id(0) + 1) * s;
		for (int j = 0; j < (n & 7) + 3; j++)
			acc = acc * 0.5f + g * (float)j;
		out[i] = acc + (float)i;
	}`},
	{"barrier", `kernel void k(global int *out, int a) {
		local int t[64];
		int l = get_local_id(0);
		int base = (int)get_group_id(0) * a + 7;
		t[l] = base + l;
		barrier(CLK_LOCAL_MEM_FENCE);
		int s = t[(l + 1) & 63] + base;
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = s * a + (int)get_num_groups(0);
	}`},
}

// TestGroupValues runs groupKernels as native code and on the Go executor,
// bit for bit, over several groups, and checks that each has values
// computed once per group.
func TestGroupValues(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, kc := range groupKernels {
		p := buildCL(t, kc.src, 64)
		g, _, err := generate(p)
		if err != nil {
			t.Fatalf("%s: %v", kc.name, err)
		}
		if len(g.group.slot) == 0 {
			t.Errorf("%s: no group values\n%s", kc.name, p)
		}
		for trial := range 3 {
			mem := make([][]byte, len(p.Regions))
			for r, rg := range p.Regions {
				switch rg.Kind {
				case lanes.RegionPush:
					// Small words: the global offset (if any) stays small.
					b := make([]byte, max(rg.Size, 64))
					for w := 0; w+4 <= len(b); w += 4 {
						binary.LittleEndian.PutUint32(b[w:], uint32(1+rng.IntN(5)))
					}
					mem[r] = b
				case lanes.RegionBuffer:
					mem[r] = make([]byte, 4*64*8)
				}
			}
			agree(t, fmt.Sprintf("%s trial %d", kc.name, trial), p, mem, 3)
		}
	}
}
