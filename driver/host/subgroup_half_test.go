package host_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/spirv"
)

// subgroupHalfSrc applies sub-group operations to halves (the CTS's
// subgroup_functions_* tests with cl_khr_subgroup_extended_types do):
// moves, a vote, and reductions and scans, whose arithmetic rounds each
// step to float32 and then to half.
const subgroupHalfSrc = `#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void sg_half(global const half *in, global half *out) {
	size_t i = get_global_id(0);
	uint l = get_sub_group_local_id();
	half x = in[i];
	out[8 * i + 0] = sub_group_broadcast(x, 3);
	out[8 * i + 1] = sub_group_shuffle(x, (l + 5) % get_sub_group_size());
	out[8 * i + 2] = sub_group_shuffle_xor(x, 1);
	out[8 * i + 3] = sub_group_reduce_add(x);
	out[8 * i + 4] = sub_group_scan_inclusive_add(x);
	out[8 * i + 5] = sub_group_scan_exclusive_max(x);
	out[8 * i + 6] = sub_group_reduce_min(x);
	out[8 * i + 7] = sub_group_non_uniform_all_equal(x) ? (half)1 : (half)0;
}`

// TestSubgroupHalves runs subgroupHalfSrc on the Go executor (chunks of
// 64 and 8) and in native code against results worked out here: sub-groups
// of host.SubgroupWidth consecutive items, sums rounded per step.
func TestSubgroupHalves(t *testing.T) {
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		t.Fatal(err)
	}
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes, opts.Features.Float16 = 0x7f, true, true
	res, err := compiler.CompileFile("sg_half.cl", subgroupHalfSrc, opts)
	if err != nil {
		t.Fatal(err)
	}
	const local, n = 64, 64
	in := make([]byte, 2*n)
	vals := make([]float32, n)
	for i := range n {
		vals[i] = float32((i*37)%23-11) * 0.375
		binary.LittleEndian.PutUint16(in[2*i:], spirv.Float16Bits(vals[i]))
	}
	h := func(f float32) uint16 { return spirv.Float16Bits(f) }
	v := func(b uint16) float32 { return spirv.Float16Value(b) }
	add := func(a, b uint16) uint16 { return h(float32(float64(v(a)) + float64(v(b)))) }
	want := make([]uint16, 8*n)
	const sw = host.SubgroupWidth
	for g := 0; g < n; g += sw {
		var sum, mn uint16 = h(0), h(float32(math.Inf(1)))
		for l := range sw {
			sum = add(sum, h(vals[g+l]))
			if v(h(vals[g+l])) < v(mn) {
				mn = h(vals[g+l])
			}
		}
		incl, excl := h(0), h(float32(math.Inf(-1)))
		for l := range sw {
			i := g + l
			x := h(vals[i])
			w := want[8*i : 8*i+8]
			w[0] = h(vals[g+3])
			w[1] = h(vals[g+(l+5)%sw])
			w[2] = h(vals[g+(l^1)])
			w[3] = sum
			incl = add(incl, x)
			w[4] = incl
			w[5] = excl
			if v(x) > v(excl) {
				excl = x
			}
			w[6] = mn
			w[7] = h(0)
		}
	}
	for _, tier := range []string{"lanes", "lanes8", "native"} {
		t.Run(tier, func(t *testing.T) {
			if tier == "lanes8" {
				defer host.SetLaneChunk(host.SetLaneChunk(8))
			}
			got := runWordsKernel(t, res.SPIRV, "sg_half", map[string]string{"lanes": "lanes", "lanes8": "lanes", "native": "native"}[tier], n, local, [][]byte{in, make([]byte, 2*8*n)})
			for i := range want {
				if g := binary.LittleEndian.Uint16(got[2*i:]); g != want[i] {
					t.Errorf("item %d, output %d: %#04x (%v), want %#04x (%v)", i/8, i%8, g, v(g), want[i], v(want[i]))
				}
			}
		})
	}
}
