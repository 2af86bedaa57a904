package cl

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
)

// nonUniformSrc writes every work-item function of one 2-D work-item.
const nonUniformSrc = `
#define N 12
void ids(global uint *out) {
	size_t w = get_global_size(0);
	size_t x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);
	global uint *o = out + N * (y * w + x);
	o[0] = get_global_id(0);
	o[1] = get_global_id(1);
	o[2] = get_local_id(0);
	o[3] = get_local_id(1);
	o[4] = get_group_id(0);
	o[5] = get_group_id(1);
	o[6] = get_local_size(0);
	o[7] = get_local_size(1);
#if __OPENCL_C_VERSION__ >= 200
	o[8] = get_enqueued_local_size(0);
	o[9] = get_enqueued_local_size(1);
	o[10] = get_global_linear_id();
	o[11] = get_local_linear_id();
#endif
}
kernel void free_size(global uint *out) { ids(out); }
kernel __attribute__((reqd_work_group_size(4, 3, 1))) void reqd(global uint *out) { ids(out); }
`

// TestNonUniformEveryDevice runs 2-D NDRanges of 10x7 work-items in
// work-groups of 4x3 (so 2x1, 4x1 and 2x3 groups at the edges), with and
// without a global offset, on every device: a kernel without a required
// size given the local size, and one with reqd_work_group_size(4,3,1)
// given it or not (OpenCL 2.0 lets the required size leave smaller groups
// at the end too). Every work-item function must be what the OpenCL C
// specification says. Built for OpenCL C 1.2, or with
// -cl-uniform-work-group-size, the same NDRanges are
// CL_INVALID_WORK_GROUP_SIZE.
func TestNonUniformEveryDevice(t *testing.T) {
	const n = 12
	gx, gy, lx, ly := 10, 7, 4, 3
	ctx := context.Background()
	for _, d := range realDevices(t) {
		if !d.Info().NonUniformWorkGroups {
			t.Errorf("%s: no non-uniform work-groups", d)
			continue
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		q, err := c.CreateQueue(d, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer q.Release()
		for _, options := range []string{"-cl-std=CL2.0", "-cl-std=CL3.0", "-cl-std=CL1.2", "-cl-std=CL2.0 -cl-uniform-work-group-size"} {
			p, err := c.CreateProgramWithSource(nonUniformSrc)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build(options, d); err != nil {
				t.Fatalf("%s: %v\n%s", d, err, p.BuildLog(d))
			}
			uniform := options == "-cl-std=CL1.2" || options == "-cl-std=CL2.0 -cl-uniform-work-group-size"
			for _, tc := range []struct {
				kernel string
				local  []uint64
			}{{"free_size", []uint64{uint64(lx), uint64(ly)}}, {"reqd", []uint64{uint64(lx), uint64(ly)}}, {"reqd", nil}} {
				name := fmt.Sprintf("%s: %s: %s local %v", d, options, tc.kernel, tc.local)
				k, err := p.CreateKernel(tc.kernel)
				if err != nil {
					t.Fatal(err)
				}
				for _, off := range []uint64{0, 5} {
					out, err := c.CreateBuffer(0, uint64(4*n*gx*gy), nil)
					if err != nil {
						t.Fatal(err)
					}
					if err := k.SetArgs(out); err != nil {
						t.Fatal(err)
					}
					_, err = q.EnqueueNDRangeKernel(k, []uint64{off, 2 * off}, []uint64{uint64(gx), uint64(gy)}, tc.local)
					if uniform {
						if !errors.Is(err, ErrInvalidWorkGroupSize) {
							t.Errorf("%s: got %v, want CL_INVALID_WORK_GROUP_SIZE", name, err)
						}
						out.Release()
						continue
					}
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					raw := make([]byte, 4*n*gx*gy)
					if _, err := q.EnqueueReadBuffer(out, 0, raw); err != nil {
						t.Fatal(err)
					}
					if err := q.Finish(ctx); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					out.Release()
					bad := 0
					for y := range gy {
						for x := range gx {
							sx, sy := lx, ly
							if x >= gx/lx*lx {
								sx = gx % lx
							}
							if y >= gy/ly*ly {
								sy = gy % ly
							}
							want := []uint32{uint32(off) + uint32(x), uint32(2*off) + uint32(y), uint32(x % lx), uint32(y % ly),
								uint32(x / lx), uint32(y / ly), uint32(sx), uint32(sy), uint32(lx), uint32(ly),
								uint32(y*gx + x), uint32(y%ly*sx + x%lx)}
							for j, w := range want {
								i := n*(y*gx+x) + j
								if got := binary.LittleEndian.Uint32(raw[4*i:]); got != w && bad < 5 {
									bad++
									t.Errorf("%s offset %d: work-item (%d,%d) value %d: got %d, want %d", name, off, x, y, j, got, w)
								}
							}
						}
					}
				}
				k.Release()
			}
			p.Release()
		}
	}
}
