package cl

import (
	"context"
	"slices"
	"testing"
)

// TestImageKindsAtOneBinding: two kernels of one program take argument 0
// as a write_only and as a read_only image2d_t, so their modules declare
// a storage image and a sampled image at the same binding (the CTS's
// test_api negative_set_read_write_image_arg). On Vulkan each kernel was
// checked against the image variable the module declared last at that
// binding, and clCreateKernel of the first failed with
// CL_INVALID_BINARY. Both kernels must be created and run: the first
// writes a texel, the second reads it back.
func TestImageKindsAtOneBinding(t *testing.T) {
	src := `kernel void write_it(write_only image2d_t img, global uint4 *src) {
	write_imageui(img, (int2)(get_global_id(0), get_global_id(1)), src[0]);
}
kernel void read_it(read_only image2d_t img, global uint4 *dst) {
	dst[0] = read_imageui(img, (int2)(get_global_id(0), get_global_id(1)));
}
`
	format := ImageFormat{Order: RGBA, DataType: UnsignedInt8}
	for _, d := range realDevices(t) {
		if !d.Info().ImageSupport {
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
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Build("-cl-std=CL3.0", d); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		w, err := p.CreateKernel("write_it")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		r, err := p.CreateKernel("read_it")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		img, err := c.CreateImage2D(MemReadWrite, format, 1, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		in, err := CreateBufferFrom(c, MemReadOnly, []uint32{7, 100, 200, 255})
		if err != nil {
			t.Fatal(err)
		}
		out, err := CreateBufferFrom(c, MemReadWrite, []uint32{0, 0, 0, 0})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.SetArgs(img, in); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if err := r.SetArgs(img, out); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for _, k := range []*Kernel{w, r} {
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1, 1}, nil); err != nil {
				t.Fatalf("%s: %v", d, err)
			}
		}
		got, err := ReadAll[uint32](context.Background(), q, out)
		if err != nil {
			t.Fatal(err)
		}
		if want := []uint32{7, 100, 200, 255}; !slices.Equal(got, want) {
			t.Errorf("%s: read back %v, want %v", d, got, want)
		}
	}
}
