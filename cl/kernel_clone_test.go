package cl

import (
	"context"
	"slices"
	"testing"
)

// TestCloneKernelImageArgs: a clone keeps its source's image and sampler
// arguments (the CTS's test_api clone_kernel_with_buf_image_kernels: the
// clone's enqueue found no image when Clone copied buffers only).
func TestCloneKernelImageArgs(t *testing.T) {
	src := `kernel void write_it(write_only image2d_t img, global uint4 *src) {
	write_imageui(img, (int2)(0, 0), src[0]);
}
kernel void read_it(read_only image2d_t img, sampler_t s, global uint4 *dst) {
	dst[0] = read_imageui(img, s, (int2)(0, 0));
}
`
	format := ImageFormat{Order: RGBA, DataType: UnsignedInt8}
	for _, d := range realDevices(t) {
		if !d.Info().ImageSupport {
			continue
		}
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
			defer p.Release()
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			w := physicalKernel(t, p, "write_it")
			r := physicalKernel(t, p, "read_it")
			img, err := c.CreateImage2D(MemReadWrite, format, 1, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer img.Release()
			s, err := c.CreateSampler(false, AddressClampToEdge, FilterNearest)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Release()
			in, _ := CreateBufferFrom(c, MemReadOnly, []uint32{7, 100, 200, 255})
			out, _ := CreateBufferFrom(c, MemReadWrite, []uint32{0, 0, 0, 0})
			defer in.Release()
			defer out.Release()
			if err := w.SetArgs(img, in); err != nil {
				t.Fatal(err)
			}
			if err := r.SetArgs(img, s, out); err != nil {
				t.Fatal(err)
			}
			clone, err := r.Clone()
			if err != nil {
				t.Fatal(err)
			}
			defer clone.Release()
			for _, k := range []*Kernel{w, clone} {
				if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
					t.Fatal(err)
				}
			}
			got, err := ReadAll[uint32](context.Background(), q, out)
			if err != nil {
				t.Fatal(err)
			}
			if want := []uint32{7, 100, 200, 255}; !slices.Equal(got, want) {
				t.Errorf("the clone read %v, want %v", got, want)
			}
		})
	}
}
