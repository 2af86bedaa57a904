package cl

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestGlobalOutOfBoundsEveryDevice: a kernel writing past the end of a
// __global buffer, or reading past a __constant one, fails its event with
// CL_OUT_OF_RESOURCES naming the kernel and the out-of-bounds access on
// the host device and on Vulkan devices that check bounds (lavapipe by
// default: issue 14, the audit's kern.c oob_r and oob_const); the same
// kernels in bounds succeed.
func TestGlobalOutOfBoundsEveryDevice(t *testing.T) {
	src := `kernel void oob_w(global int *a, int n) { a[get_global_id(0) + n] = 0x41414141; }
kernel void oob_c(constant int *c, global int *o, int n) { o[get_global_id(0)] = c[get_global_id(0) + n]; }`
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		t.Run(d.DriverName(), func(t *testing.T) {
			if d.DriverName() != "host" && !d.Driver().Info().Caps.ReportOutOfBounds {
				t.Skip("the device does not check bounds")
			}
			ctx, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer ctx.Release()
			p, _ := ctx.CreateProgramWithSource(src)
			if err := p.Build(""); err != nil {
				t.Fatalf("%v\n%s", err, p.BuildLog(d))
			}
			a, _ := ctx.CreateBuffer(MemReadWrite, 64, nil)
			o, _ := ctx.CreateBuffer(MemReadWrite, 64, nil)
			for _, c := range []struct {
				kernel string
				n      int32
				oob    bool
			}{{"oob_w", 0, false}, {"oob_w", 100, true}, {"oob_w", 1, true}, {"oob_c", 0, false}, {"oob_c", 100, true}} {
				k, err := p.CreateKernel(c.kernel)
				if err != nil {
					t.Fatal(err)
				}
				args := []any{a, c.n}
				if c.kernel == "oob_c" {
					args = []any{a, o, c.n}
				}
				if err := k.SetArgs(args...); err != nil {
					t.Fatal(err)
				}
				q, _ := ctx.CreateQueue(d, 0)
				ev, err := q.Run(context.Background(), k, NDRange{Global: []uint64{16}, Local: []uint64{16}})
				if err != nil {
					t.Fatalf("%s(%d): enqueue: %v", c.kernel, c.n, err)
				}
				err = ev.Wait(context.Background())
				switch {
				case c.oob && (!errors.Is(err, ErrOutOfResources) || !strings.Contains(err.Error(), c.kernel) || !strings.Contains(err.Error(), "out-of-bounds")):
					t.Errorf("%s(%d): %v, want CL_OUT_OF_RESOURCES naming %s and the out-of-bounds access", c.kernel, c.n, err, c.kernel)
				case !c.oob && err != nil:
					t.Errorf("%s(%d): %v", c.kernel, c.n, err)
				}
				if err != nil {
					t.Logf("%s(%d): %v", c.kernel, c.n, err)
				}
				q.Release()
				k.Release()
			}
		})
	}
}
