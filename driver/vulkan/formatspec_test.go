package vulkan

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestSpecializeFormats: the module specialized for one kernel's storage
// image formats declares every storage image with a format (the other
// kernel's with the 32-bit format of its sampled type), no longer needs
// StorageImageReadWithoutFormat, and is valid for Vulkan.
func TestSpecializeFormats(t *testing.T) {
	src := `kernel void k(read_write image2d_t a, read_write image2d_t b, read_write image1d_buffer_t c) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(a, p, read_imagef(a, p) + read_imagef(b, p));
  write_imageui(c, p.x, read_imageui(c, p.x));
}
kernel void other(read_write image2d_t x) {
  int2 p = (int2)(get_global_id(0), 0);
  write_imagei(x, p, read_imagei(x, p) + 1);
}`
	opts := compiler.DefaultOptions()
	opts.Std = 200
	res, err := compiler.Compile(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	k := res.Reflection.Kernel("k")
	at := map[[2]uint32]spirv.ImageFormat{}
	for _, a := range k.Args {
		at[[2]uint32{a.DescriptorSet, a.Binding}] = []spirv.ImageFormat{spirv.ImageFormatR32f, spirv.ImageFormatRgba8, spirv.ImageFormatRg16ui}[a.Ordinal]
	}
	code, err := specializeFormats(res.SPIRV, spirv.StaticUses(m)(k.Function), at)
	if err != nil {
		t.Fatal(err)
	}
	out, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, out, "vulkan1.1")
	text := spirv.Disassemble(out, spirv.DisOptions{})
	if strings.Contains(text, "StorageImageReadWithoutFormat") || !strings.Contains(text, "StorageImageExtendedFormats") {
		t.Errorf("capabilities not replaced:\n%s", text)
	}
	for _, f := range []string{"R32f", "Rgba8", "Rg16ui", "Rgba32i"} {
		if !strings.Contains(text, " "+f+"\n") {
			t.Errorf("no image of format %s:\n%s", f, text)
		}
	}
	// The Unknown-format types stay declared, unused.
}
