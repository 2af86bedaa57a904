package host_test

import (
	"context"
	"testing"

	"github.com/clgo/clgo/cl"
)

// TestNonUniform runs a kernel compiled by clgo over an NDRange whose global
// size is not a multiple of the work-group size (global 10, local 4: groups
// of 4, 4 and 2), with and without a global offset, through the cl runtime,
// and checks every work-item function.
func TestNonUniform(t *testing.T) {
	const src = `
kernel void ids(global uint *out) {
	size_t i = get_global_id(0) - get_global_offset(0);
	global uint *o = out + 8 * i;
	o[0] = get_global_id(0);
	o[1] = get_local_id(0);
	o[2] = get_group_id(0);
	o[3] = get_local_size(0);
	o[4] = get_num_groups(0);
	o[5] = get_enqueued_local_size(0);
	o[6] = get_global_size(0);
	o[7] = get_global_linear_id();
}`
	ctx := context.Background()
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
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build("-cl-std=CL3.0"); err != nil {
		t.Fatalf("%v\n%s", err, p.BuildLog(dev))
	}
	k, err := p.CreateKernel("ids")
	if err != nil {
		t.Fatal(err)
	}
	const global, local = 10, 4
	for _, off := range []uint64{0, 3} {
		b, err := cl.CreateBufferFrom(c, 0, make([]uint32, 8*global))
		if err != nil {
			t.Fatal(err)
		}
		if err := k.SetArgs(b); err != nil {
			t.Fatal(err)
		}
		ev, err := q.EnqueueNDRangeKernel(k, []uint64{off}, []uint64{global}, []uint64{local})
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		out, err := cl.ReadAll[uint32](ctx, q, b)
		if err != nil {
			t.Fatal(err)
		}
		for i := range uint32(global) {
			size := uint32(local)
			if i >= global/local*local {
				size = global % local
			}
			want := []uint32{uint32(off) + i, i % local, i / local, size, (global + local - 1) / local, local, global, i}
			got := out[8*i : 8*i+8]
			for j := range want {
				if got[j] != want[j] {
					t.Fatalf("offset %d, work-item %d: got %v, want %v (id, local id, group, local size, groups, enqueued size, global size, linear id)", off, i, got, want)
				}
			}
		}
		b.Release()
	}
}
