package refcl

import (
	"bytes"
	"testing"
)

// TestImage runs an image kernel on the reference platform: a sampler-read
// of a 2D RGBA8 image at integer coordinates, written to a second image
// inverted, and a 1D buffer image copied.
func TestImage(t *testing.T) {
	d := device(t)
	c, err := NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	p, err := c.Build(`
kernel void invert(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {
	int2 xy = (int2)(get_global_id(0), get_global_id(1));
	write_imagef(dst, xy, 1.0f - read_imagef(src, s, xy));
}
kernel void copy1d(read_only image1d_buffer_t src, write_only image1d_buffer_t dst) {
	int x = get_global_id(0);
	write_imageui(dst, x, read_imageui(src, x));
}`, "")
	if err != nil {
		t.Skipf("the reference platform builds no image kernel: %v", err)
	}
	defer p.Release()
	k, err := p.Kernel("invert")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	spec := ImageSpec{Type: 0x10F1, Order: 0x10B5, DataType: 0x10D2, Width: 4, Height: 3}
	src, err := c.NewImage(spec, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Release()
	dst, err := c.NewImage(spec, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Release()
	in := make([]byte, src.Size)
	for i := range in {
		in[i] = byte(i * 5)
	}
	if err := src.Write(in); err != nil {
		t.Fatal(err)
	}
	s, err := c.NewSampler(false, 0x1131, 0x1140) // unnormalized, clamp to edge, nearest
	if err != nil {
		t.Fatal(err)
	}
	defer s.Release()
	if err := k.SetImage(0, src); err != nil {
		t.Fatal(err)
	}
	if err := k.SetImage(1, dst); err != nil {
		t.Fatal(err)
	}
	if err := k.SetSampler(2, s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Run(k, []uint64{4, 3}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, dst.Size)
	if err := dst.Read(out); err != nil {
		t.Fatal(err)
	}
	for i := range out {
		if out[i] != 255-in[i] {
			t.Fatalf("pixel byte %d = %d, want %d", i, out[i], 255-in[i])
		}
	}

	k1, err := p.Kernel("copy1d")
	if err != nil {
		t.Fatal(err)
	}
	defer k1.Release()
	bs := ImageSpec{Type: 0x10F6, Order: 0x10B0, DataType: 0x10DC, Width: 8} // CL_R CL_UNSIGNED_INT32
	a, err := c.NewImage(bs, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	b, err := c.NewImage(bs, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	data := bytes.Repeat([]byte{1, 2, 3, 4}, 8)
	if err := a.Write(data); err != nil {
		t.Fatal(err)
	}
	k1.SetImage(0, a)
	k1.SetImage(1, b)
	if _, err := c.Run(k1, []uint64{8}, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 32)
	if err := b.Read(got); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("1D buffer image copy = %v, %v", got, err)
	}
}
