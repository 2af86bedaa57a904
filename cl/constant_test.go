package cl

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestLargeConstantTable: a program-scope __constant array too large for
// the host driver's register rows (4095 float2, 8190 scalars) failed every
// kernel that used it at run time, after a successful enqueue. It must
// run, read directly and through a helper function.
func TestLargeConstantTable(t *testing.T) {
	const n = 4095
	var src strings.Builder
	src.WriteString("constant float2 table[4095] = {")
	for i := range n {
		if i > 0 {
			src.WriteString(",")
		}
		fmt.Fprintf(&src, "(float2)(%d.0f, %d.5f)", i, i)
	}
	src.WriteString("};\n")
	src.WriteString(`float2 get(constant float2 *t, int i) { return t[i]; }
kernel void direct(global float2 *o, global const int *idx) { size_t i = get_global_id(0); o[i] = table[idx[i]]; }
kernel void helper(global float2 *o, global const int *idx) { size_t i = get_global_id(0); o[i] = get(table, idx[i]) * 2.0f; }
`)
	ps, _ := Platforms()
	devs, _ := ps[0].Devices(DeviceTypeAll)
	for _, dev := range devs {
		if dev.DriverName() != "host" {
			// lavapipe did not finish the direct kernel in 10 minutes
			// (vkWaitForFences): a Vulkan issue of its own, not run here.
			continue
		}
		for _, tc := range []struct {
			name  string
			scale float32
		}{{"direct", 1}, {"helper", 2}} {
			t.Run(dev.DriverName()+"/"+tc.name, func(t *testing.T) {
				ctx := context.Background()
				c, q, k := deviceKernel(t, dev, src.String(), tc.name)
				const items = 256
				idx := make([]byte, 4*items)
				for i := range items {
					binary.LittleEndian.PutUint32(idx[4*i:], uint32((i*2654435761)%n))
				}
				ib, err := c.CreateBuffer(MemCopyHostPtr, uint64(len(idx)), idx)
				if err != nil {
					t.Fatal(err)
				}
				defer ib.Release()
				ob, err := c.CreateBuffer(0, 8*items, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer ob.Release()
				k.SetArgs(ob, ib)
				if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{items}, []uint64{64}); err != nil {
					t.Fatal(err)
				}
				got := make([]byte, 8*items)
				ev, err := q.EnqueueReadBuffer(ob, 0, got)
				if err != nil {
					t.Fatal(err)
				}
				if err := ev.Wait(ctx); err != nil {
					t.Fatalf("kernel with a %d-entry constant table: %v", n, err)
				}
				for i := range items {
					j := (i * 2654435761) % n
					x := math.Float32frombits(binary.LittleEndian.Uint32(got[8*i:]))
					y := math.Float32frombits(binary.LittleEndian.Uint32(got[8*i+4:]))
					if x != float32(j)*tc.scale || y != (float32(j)+0.5)*tc.scale {
						t.Fatalf("o[%d] = (%v, %v), want table[%d]*%v = (%v, %v)", i, x, y, j, tc.scale, j, float32(j)+0.5)
					}
				}
			})
		}
	}
}

// deviceKernel builds src for dev and returns a context, an in-order queue
// and the named kernel, released at the end of the test.
func deviceKernel(t *testing.T, dev *Device, src, name string) (*Context, *Queue, *Kernel) {
	t.Helper()
	c, q, p := deviceProgram(t, dev, src)
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return c, q, k
}

// deviceProgram builds src for dev and returns a context, an in-order
// queue and the program, released at the end of the test.
func deviceProgram(t *testing.T, dev *Device, src string) (*Context, *Queue, *Program) {
	t.Helper()
	c, err := CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Release() })
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Release() })
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatalf("build: %v\n%s", err, p.BuildLog(dev))
	}
	return c, q, p
}
