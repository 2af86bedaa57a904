package cl

import (
	"context"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"testing"
)

// subgroupSrc writes, per work-item, the sub-group functions of
// cl_khr_subgroups and the cl_khr_subgroup_* extensions on x = the
// work-item's global linear id * 7 % 11 (so that min, max and scans see
// unsorted values).
const subgroupSrc = `
#define N 20
kernel void k(global uint *out) {
	uint i = get_global_id(0);
	global uint *o = out + N * i;
	int x = (int)(i * 7 % 11);
	uint sl = get_sub_group_local_id();
	o[0] = get_sub_group_size();
	o[1] = get_max_sub_group_size();
	o[2] = get_num_sub_groups();
	o[3] = get_sub_group_id();
	o[4] = sl;
	o[5] = sub_group_reduce_add(x);
	o[6] = sub_group_scan_inclusive_add(x);
	o[7] = sub_group_scan_exclusive_max(x);
	o[8] = sub_group_broadcast(x, 1);
	o[9] = sub_group_all(x < 10) + 2 * sub_group_any(x == 10);
	o[10] = sub_group_ballot_bit_count(sub_group_ballot(x & 1));
	int v = sub_group_shuffle_xor(x, 1);
	o[11] = (sl ^ 1) < get_sub_group_size() ? v : 12345; // else undefined
	o[12] = sub_group_elect();
#ifdef cl_khr_subgroup_clustered_reduce
	o[13] = sub_group_clustered_reduce_add(x, 4);
#else
	o[13] = 0xC1;
#endif
	o[14] = 99;
	if (sl % 3 == 0)
		o[14] = sub_group_non_uniform_reduce_add(x);
	o[15] = sub_group_scan_inclusive_min(x);
	v = sub_group_shuffle_down(x, 1);
	o[16] = sl + 1 < get_sub_group_size() ? v : 12345;
	o[17] = sub_group_broadcast(x, get_sub_group_size() - 1);
	o[18] = sub_group_ballot_exclusive_scan(sub_group_ballot(x & 1));
	o[19] = get_enqueued_num_sub_groups();
}`

// TestSubgroups runs subgroupSrc on every device with sub-groups
// (__opencl_c_subgroups) and the extensions it uses, over a uniform and a non-uniform NDRange, and
// checks every value against what the OpenCL extension specification says
// for sub-groups of the device's size (CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE
// and the kernel's own get_max_sub_group_size agree with it), laid out by
// linear local id.
func TestSubgroups(t *testing.T) {
	const n = 20
	ctx := context.Background()
	for _, d := range realDevices(t) {
		exts := strings.Fields(d.Info().Extensions)
		need := []string{"cl_khr_subgroup_ballot", "cl_khr_subgroup_shuffle",
			"cl_khr_subgroup_shuffle_relative", "cl_khr_subgroup_non_uniform_arithmetic"}
		if d.MaxNumSubGroups() == 0 {
			t.Logf("%s: no sub-groups", d)
			continue
		}
		t.Logf("%s: sub-groups of %d, operations %#x: %v", d, d.Info().Caps.SubgroupSize, d.Info().Caps.SubgroupOps, exts)
		for _, e := range need {
			if !slices.Contains(exts, e) {
				t.Fatalf("%s: has sub-groups, not %s", d, e)
			}
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		p, err := c.CreateProgramWithSource(subgroupSrc)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Build("-cl-std=CL2.0", d); err != nil {
			t.Fatalf("%s: %v\n%s", d, err, p.BuildLog(d))
		}
		k, err := p.CreateKernel("k")
		if err != nil {
			t.Fatal(err)
		}
		q, err := c.CreateQueue(d, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]int{{140, 70}, {100, 70}, {24, 24}} {
			global, local := sz[0], sz[1]
			if uint64(local) > d.Info().MaxWorkGroupSize || global%local != 0 && !d.Info().NonUniformWorkGroups {
				continue
			}
			w := int(d.Info().Caps.SubgroupSize)
			out, err := c.CreateBuffer(0, uint64(4*n*global), nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := k.SetArgs(out); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{uint64(global)}, []uint64{uint64(local)}); err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			raw := make([]byte, 4*n*global)
			if _, err := q.EnqueueReadBuffer(out, 0, raw); err != nil {
				t.Fatal(err)
			}
			if err := q.Finish(ctx); err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			got := make([]uint32, n*global)
			for i := range got {
				got[i] = binary.LittleEndian.Uint32(raw[4*i:])
			}
			want := subgroupWant(global, local, w, n, slices.Contains(exts, "cl_khr_subgroup_clustered_reduce"))
			bad := 0
			for i := range got {
				if got[i] != want[i] && bad < 10 {
					bad++
					t.Errorf("%s: global %d local %d (sub-groups of %d): item %d value %d: got %d, want %d", d, global, local, w, i/n, i%n, got[i], want[i])
				}
			}
			out.Release()
		}
		k.Release()
		q.Release()
	}
}

// subgroupWant computes subgroupSrc's output for sub-groups of w
// consecutive work-items.
func subgroupWant(global, local, w, n int, clustered bool) []uint32 {
	want := make([]uint32, n*global)
	x := func(i int) uint32 { return uint32(i * 7 % 11) }
	for g := 0; g < global; g += local {
		size := min(local, global-g) // this work-group's size
		for s := 0; s < size; s += w {
			lo, hi := g+s, g+min(s+w, size)
			var sum, ballot uint32
			for i := lo; i < hi; i++ {
				sum += x(i)
				if x(i)&1 != 0 {
					ballot |= 1 << (i - lo)
				}
			}
			all, any := uint32(1), uint32(0)
			for i := lo; i < hi; i++ {
				if x(i) >= 10 {
					all = 0
				}
				if x(i) == 10 {
					any = 2
				}
			}
			var nuSum uint32
			for i := lo; i < hi; i += 3 {
				nuSum += x(i)
			}
			for i := lo; i < hi; i++ {
				o := want[n*i : n*i+n]
				sl := i - lo
				o[0] = uint32(hi - lo)
				o[1] = uint32(min(w, local))
				o[2] = uint32((size + w - 1) / w)
				o[3] = uint32(s / w)
				o[4] = uint32(sl)
				o[5] = sum
				var inc, exMax, incMin uint32
				exMax, incMin = 0x80000000, 0x7fffffff
				for j := lo; j <= i; j++ {
					inc += x(j)
					if j < i && (exMax == 0x80000000 || x(j) > exMax) {
						exMax = x(j)
					}
					incMin = min(incMin, x(j))
				}
				o[6], o[7], o[15] = inc, exMax, incMin
				o[8] = x(lo + 1)
				o[9] = all + any
				o[10] = uint32(bits.OnesCount32(ballot))
				o[11], o[16] = 12345, 12345
				if j := lo + (sl ^ 1); j < hi {
					o[11] = x(j)
				}
				o[12] = 0
				if i == lo {
					o[12] = 1
				}
				c0 := lo + sl/4*4
				for j := c0; j < min(c0+4, hi); j++ {
					o[13] += x(j)
				}
				if !clustered {
					o[13] = 0xC1
				}
				o[14] = 99
				if sl%3 == 0 {
					o[14] = nuSum
				}
				if i+1 < hi {
					o[16] = x(i + 1)
				}
				o[17] = x(hi - 1)
				o[18] = uint32(bits.OnesCount32(ballot & (1<<sl - 1)))
				o[19] = uint32((local + w - 1) / w)
			}
		}
	}
	return want
}

// TestSubgroupExtensionRule: a device lists cl_khr_subgroups exactly
// when it reports CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS (which
// the API specification ties to the extension), and has
// __opencl_c_subgroups exactly when CL_DEVICE_MAX_NUM_SUB_GROUPS is above
// 0; on such a device an OpenCL C 1.2 program calls the sub-group
// functions without any macro or pragma.
func TestSubgroupExtensionRule(t *testing.T) {
	const src = "kernel void k(global uint *o) { o[get_global_id(0)] = get_sub_group_id() + sub_group_reduce_add(1u); }"
	for _, d := range realDevices(t) {
		exts := strings.Fields(d.Info().Extensions)
		ifp := d.Info().Caps.SubgroupIndependentForwardProgress
		if slices.Contains(exts, "cl_khr_subgroups") != ifp {
			t.Errorf("%s: cl_khr_subgroups listed: %v, independent forward progress: %v", d, slices.Contains(exts, "cl_khr_subgroups"), ifp)
		}
		has := d.MaxNumSubGroups() > 0
		if slices.Contains(d.OpenCLCFeatures(), "__opencl_c_subgroups") != has {
			t.Errorf("%s: __opencl_c_subgroups %v, CL_DEVICE_MAX_NUM_SUB_GROUPS %d", d, d.OpenCLCFeatures(), d.MaxNumSubGroups())
		}
		if !has {
			continue
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Build("", d); err != nil {
			t.Errorf("%s: OpenCL C 1.2 with sub-group functions: %v\n%s", d, err, p.BuildLog(d))
		}
	}
}
