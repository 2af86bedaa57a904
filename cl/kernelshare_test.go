package cl

import (
	"context"
	"slices"
	"testing"
)

// TestKernelObjectsShareDriverKernel: kernel objects of one name share the
// program's driver kernel (build.kernel), each with its own arguments. Two
// live at once with different arguments, one released while the other
// runs, one made after the program's last application reference is gone
// (the kernel keeps the program), and a hundred made and released in turn
// (a library's pattern around each call) all compute their own results.
func TestKernelObjectsShareDriverKernel(t *testing.T) {
	const src = `kernel void scale(global float *x, float s) { x[get_global_id(0)] *= s; }`
	bg := context.Background()
	for _, d := range realDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
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
			p, err := c.CreateProgramWithSource(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			x, _ := CreateBufferFrom(c, MemReadWrite, []float32{1, 2, 3, 4})
			y, _ := CreateBufferFrom(c, MemReadWrite, []float32{1, 2, 3, 4})
			defer x.Release()
			defer y.Release()
			run := func(k *Kernel) {
				t.Helper()
				if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4}, nil); err != nil {
					t.Fatal(err)
				}
			}
			a, err := p.CreateKernel("scale")
			if err != nil {
				t.Fatal(err)
			}
			b, err := p.CreateKernel("scale")
			if err != nil {
				t.Fatal(err)
			}
			if err := a.SetArgs(x, float32(2)); err != nil {
				t.Fatal(err)
			}
			if err := b.SetArgs(y, float32(10)); err != nil {
				t.Fatal(err)
			}
			run(a)
			run(b)
			a.Release()
			run(b) // y *= 100 in all
			// The program's last application reference goes; the kernel
			// keeps it, and new kernels come from kernels' Program.
			p.Release()
			for i := range 100 {
				k, err := b.Program().CreateKernel("scale")
				if err != nil {
					t.Fatal(err)
				}
				if err := k.SetArgs(x, float32(1+i%2)); err != nil {
					t.Fatal(err)
				}
				run(k) // x *= 2 fifty times in all
				k.Release()
			}
			b.Release()
			gx, err := ReadAll[float32](bg, q, x)
			if err != nil {
				t.Fatal(err)
			}
			gy, err := ReadAll[float32](bg, q, y)
			if err != nil {
				t.Fatal(err)
			}
			const p50 = float32(1 << 50)
			if want := []float32{2 * p50, 4 * p50, 6 * p50, 8 * p50}; !slices.Equal(gx, want) {
				t.Errorf("x = %v, want %v", gx, want)
			}
			if want := []float32{100, 200, 300, 400}; !slices.Equal(gy, want) {
				t.Errorf("y = %v, want %v", gy, want)
			}
		})
	}
}
