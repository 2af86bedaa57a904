package host_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/config"
)

// TestPackedGroups runs kernels over work-groups narrower than a chunk
// (driver/host/pack.go) through the cl runtime on both tiers, with and
// without a global offset, over uniform and non-uniform NDRanges of one
// and two dimensions, and checks every work-item function against its
// definition, with packing on and off. A kernel with local memory and a
// barrier is packed only in groups of one work-item, one with atomics on
// local memory never; they must be right either way.
func TestPackedGroups(t *testing.T) {
	const src = `
kernel void ids(global uint *out, global const uint *in) {
	size_t i = get_global_linear_id();
	global uint *o = out + 8 * i;
	o[0] = get_global_id(0) + 1000 * get_global_id(1);
	o[1] = get_local_id(0) + 1000 * get_local_id(1);
	o[2] = get_group_id(0) + 1000 * get_group_id(1);
	o[3] = get_local_size(0) + 1000 * get_local_size(1);
	o[4] = get_num_groups(0) + 1000 * get_num_groups(1);
	o[5] = get_local_linear_id();
	uint v = in[i];
	for (uint r = 0; r < (v & 7); r++) // a trip count of each work-item's own
		v = rotate(v * 0x9E3779B9u, 7u) ^ (uint)i;
	o[6] = v;
	o[7] = get_enqueued_local_size(0);
}
kernel void shared(global uint *out, global const uint *in) {
	local uint s[8];
	size_t i = get_global_linear_id();
	s[get_local_id(0)] = in[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	global uint *o = out + 8 * i;
	o[0] = get_global_id(0) + 1000 * get_global_id(1);
	o[1] = get_local_id(0) + 1000 * get_local_id(1);
	o[2] = get_group_id(0) + 1000 * get_group_id(1);
	o[3] = get_local_size(0) + 1000 * get_local_size(1);
	o[4] = get_num_groups(0) + 1000 * get_num_groups(1);
	o[5] = get_local_linear_id();
	o[6] = s[(get_local_id(0) + 1) % get_local_size(0)];
	o[7] = get_enqueued_local_size(0);
}
kernel void counted(global uint *out, global const uint *in) {
	local uint s[8], n;
	size_t i = get_global_linear_id();
	s[get_local_id(0)] = in[i];
	if (get_local_id(0) == 0)
		n = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&n);
	global uint *o = out + 8 * i;
	o[0] = get_global_id(0) + 1000 * get_global_id(1);
	o[1] = get_local_id(0) + 1000 * get_local_id(1);
	o[2] = get_group_id(0) + 1000 * get_group_id(1);
	o[3] = get_local_size(0) + 1000 * get_local_size(1);
	o[4] = get_num_groups(0) + 1000 * get_num_groups(1);
	o[5] = get_local_linear_id();
	o[6] = s[(get_local_id(0) + 1) % get_local_size(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	o[7] = n;
}`
	// model is what work-item (x, y) writes (the loop of ids; shared
	// and counted write their group's next item's input instead, and
	// counted the count of its group's items last).
	model := func(entry string, in []uint32, x, y, gx, gy, lx, off0, off1 int) []uint32 {
		i := y*gx + x
		size := lx
		if x >= gx/lx*lx {
			size = gx % lx
		}
		v := in[i]
		if entry == "ids" {
			for r := uint32(0); r < v&7; r++ {
				v *= 0x9E3779B9
				v = (v<<7 | v>>25) ^ uint32(i)
			}
		} else {
			v = in[y*gx+x/lx*lx+(x%lx+1)%size]
		}
		last := uint32(lx)
		if entry == "counted" {
			last = uint32(size)
		}
		return []uint32{uint32(off0+x) + 1000*uint32(off1+y), uint32(x % lx), uint32(x/lx) + 1000*uint32(y),
			uint32(size) + 1000, uint32((gx+lx-1)/lx) + 1000*uint32(gy), uint32(x % lx), v, last}
	}
	for _, tier := range []string{"lanes", "native"} {
		t.Run(tier, func(t *testing.T) {
			t.Cleanup(config.Reload)
			t.Setenv(config.HostTier, tier)
			config.Reload()
			var dev *cl.Device
			ps, _ := cl.Platforms()
			devs, _ := ps[0].Devices(cl.DeviceTypeCPU)
			for _, d := range devs {
				if d.DriverName() == "host" {
					dev = d
				}
			}
			if dev == nil {
				t.Fatal("no host device")
			}
			c, err := cl.CreateContext(dev)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(dev, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			for _, pack := range []bool{true, false} {
				old := host.SetPackGroups(pack)
				p, err := c.CreateProgramWithSource(src)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Build("-cl-std=CL2.0"); err != nil {
					t.Fatalf("%v\n%s", err, p.BuildLog(dev))
				}
				for _, tc := range []struct {
					entry      string
					gx, gy, lx int
					off0, off1 int
				}{
					{"ids", 37, 3, 1, 0, 0},
					{"ids", 4, 1, 1, 0, 0}, // runs of 2 groups, one a worker
					{"ids", 5, 1, 1, 2, 0},
					{"ids", 12, 1, 2, 0, 0},
					{"ids", 37, 3, 1, 5, 2},
					{"ids", 64, 1, 2, 0, 0},
					{"ids", 40, 2, 3, 3, 0}, // groups of 3 and a last group of 1
					{"ids", 45, 1, 5, 0, 0}, // packed by the Go executor only (chunks of 64)
					{"ids", 16, 1, 16, 0, 0},
					{"shared", 37, 2, 1, 0, 0}, // groups of one: packed
					{"shared", 128, 1, 1, 1, 0},
					{"shared", 42, 1, 3, 4, 0},
					{"shared", 128, 1, 2, 0, 0},
					{"counted", 128, 1, 1, 0, 0}, // atomics on local memory: not packed
					{"counted", 42, 1, 3, 4, 0},
				} {
					name := fmt.Sprintf("pack=%v %s global %dx%d local %d offset %d,%d", pack, tc.entry, tc.gx, tc.gy, tc.lx, tc.off0, tc.off1)
					k, err := p.CreateKernel(tc.entry)
					if err != nil {
						t.Fatal(err)
					}
					n := tc.gx * tc.gy
					in := make([]uint32, n)
					for i := range in {
						in[i] = uint32(i)*0x2545F491 ^ 0x5bd1e995
					}
					bin, err := cl.CreateBufferFrom(c, 0, in)
					if err != nil {
						t.Fatal(err)
					}
					bout, err := cl.CreateBufferFrom(c, 0, make([]uint32, 8*n))
					if err != nil {
						t.Fatal(err)
					}
					if err := k.SetArgs(bout, bin); err != nil {
						t.Fatal(err)
					}
					before := host.PackedDispatches()
					ev, err := q.EnqueueNDRangeKernel(k, []uint64{uint64(tc.off0), uint64(tc.off1)},
						[]uint64{uint64(tc.gx), uint64(tc.gy)}, []uint64{uint64(tc.lx), 1})
					if err != nil {
						t.Fatal(err)
					}
					if err := ev.Wait(context.Background()); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					out, err := cl.ReadAll[uint32](context.Background(), q, bout)
					if err != nil {
						t.Fatal(err)
					}
					packed := host.PackedDispatches() > before
					chunk := 64 // the Go executor's
					if tier == "native" && host.NativeOK() {
						chunk = 8
					}
					// Runs of chunk/lx groups, where a row holds one.
					// Groups with local memory and barriers only where
					// they are of one work-item; no local atomics.
					// Runs of 2 groups at least (smaller runs where
					// the groups are few).
					want := pack && 2*tc.lx <= chunk && tc.gx/tc.lx >= 2 &&
						(tc.entry == "ids" || tc.entry == "shared" && tc.lx == 1)
					if packed != want {
						t.Errorf("%s: packed %v, want %v", name, packed, want)
					}
					for y := range tc.gy {
						for x := range tc.gx {
							w := model(tc.entry, in, x, y, tc.gx, tc.gy, tc.lx, tc.off0, tc.off1)
							i := y*tc.gx + x
							if got := out[8*i : 8*i+8]; fmt.Sprint(got) != fmt.Sprint(w) {
								t.Fatalf("%s: work-item (%d, %d): got %v, want %v (global id, local id, group, local size, groups, linear local id, value, enqueued size)", name, x, y, got, w)
							}
						}
					}
					bin.Release()
					bout.Release()
					k.Release()
				}
				p.Release()
				host.SetPackGroups(old)
			}
		})
	}
}
