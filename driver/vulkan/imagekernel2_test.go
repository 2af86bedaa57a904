package vulkan

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// write_imagef(img, (int2)(x, y), (float4)(0.2x, 0.2y, 0.6, 1)) on a
// write_only image2d_t of 4x3 CL_RGBA/CL_UNORM_INT8, from 5x4 work-items:
// the writes at x = 4 or y = 3 are out of range and must be dropped.
func TestWriteImageKernel(t *testing.T) {
	d := testDevice(t)
	const annots = `
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
`
	const globals = `
%imgT = OpTypeImage %float 2D 0 0 0 2 Unknown
%pimg = OpTypePointer UniformConstant %imgT
%img = OpVariable %pimg UniformConstant
%uint_5 = OpConstant %uint 5
%float_02 = OpConstant %float 0.2
%float_06 = OpConstant %float 0.6
%float_1 = OpConstant %float 1
`
	const body = `
%x = OpUMod %uint %i %uint_5
%y = OpUDiv %uint %i %uint_5
%xi = OpBitcast %int %x
%yi = OpBitcast %int %y
%c = OpCompositeConstruct %v2int %xi %yi
%xf = OpConvertUToF %float %x
%yf = OpConvertUToF %float %y
%r = OpFMul %float %xf %float_02
%gg = OpFMul %float %yf %float_02
%col = OpCompositeConstruct %v4float %r %gg %float_06 %float_1
%im = OpLoad %imgT %img
OpImageWrite %im %c %col
`
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{{Name: "img", Kind: spirv.ArgWOImage}}}}}
	spv := imageModule(t, "OpCapability StorageImageWriteWithoutFormat\n", annots, globals, body, refl)
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 4, Height: 3, Depth: 1, ArraySize: 1})
	if err := imageRun(t, d, spv, 20, []driver.Arg{{Kind: driver.ArgImage, Image: im}}, nil); err != nil {
		t.Fatal(err)
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	got := make([]byte, 4*4*3)
	ev, err := q.(driver.ImageQueue).ReadImage(im, [3]uint64{}, [3]uint64{4, 3, 1}, got, nil)
	wait(t, ev, err)
	var want []byte
	for y := range 3 {
		for x := range 4 {
			want = append(want, byte(51*x), byte(51*y), 153, 255)
		}
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

// read_imageui(img, (int2)(x, y)) of a read_only image (OpImageFetch) of
// CL_RGBA/CL_UNSIGNED_INT16, and get_image_channel_order/_data_type
// through the push constants the reflection names.
func TestFetchImageKernel(t *testing.T) {
	d := testDevice(t)
	const annots = `
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
OpDecorate %info DescriptorSet 0
OpDecorate %info Binding 2
OpDecorate %pcS Block
OpMemberDecorate %pcS 0 Offset 0
OpMemberDecorate %pcS 1 Offset 4
`
	const globals = `
%imgT = OpTypeImage %uint 2D 0 0 0 1 Unknown
%pimg = OpTypePointer UniformConstant %imgT
%img = OpVariable %pimg UniformConstant
%out = OpVariable %pv4uS StorageBuffer
%info = OpVariable %puS StorageBuffer
%pcS = OpTypeStruct %uint %uint
%ppcS = OpTypePointer PushConstant %pcS
%ppcu = OpTypePointer PushConstant %uint
%pc = OpVariable %ppcS PushConstant
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
`
	const body = `
%x = OpUMod %uint %i %uint_3
%y = OpUDiv %uint %i %uint_3
%xi = OpBitcast %int %x
%yi = OpBitcast %int %y
%c = OpCompositeConstruct %v2int %xi %yi
%im = OpLoad %imgT %img
%v = OpImageFetch %v4uint %im %c Lod %int_0
%po = OpAccessChain %pv4u %out %uint_0 %i
OpStore %po %v
%p0 = OpAccessChain %ppcu %pc %uint_0
%order = OpLoad %uint %p0
%p1 = OpAccessChain %ppcu %pc %uint_1
%typ = OpLoad %uint %p1
%q0 = OpAccessChain %pu %info %uint_0 %uint_0
OpStore %q0 %order
%q1 = OpAccessChain %pu %info %uint_0 %uint_1
OpStore %q1 %typ
`
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k",
		Args:             []spirv.Arg{{Name: "img", Kind: spirv.ArgROImage}, {Name: "out", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1}, {Name: "info", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2}},
		ImageChannelInfo: []spirv.ImageChannelInfo{{Ordinal: 0, PushConstant: true, Offset: 0, Size: 4}, {Ordinal: 0, PushConstant: true, DataType: true, Offset: 4, Size: 4}},
	}}}
	spv := imageModule(t, "", annots, globals, body, refl)
	format := driver.ImageFormat{Order: clRGBA, DataType: clUnsignedInt16}
	im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: format, Width: 3, Height: 2, Depth: 1, ArraySize: 1})
	var pixels []byte
	for i := range 6 * 4 {
		pixels = binary.LittleEndian.AppendUint16(pixels, uint16(i*1000+7))
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{3, 2, 1}, pixels, nil)
	wait(t, ev, err)
	// Work-items 6 and 7 fetch row 2, out of range: zeros where the
	// device has robustImageAccess2 (lavapipe).
	out, info := make([]byte, 8*16), make([]byte, 8)
	if err := imageRun(t, d, spv, 8, []driver.Arg{{Kind: driver.ArgImage, Image: im}, {}, {}}, map[int][]byte{1: out, 2: info}); err != nil {
		t.Fatal(err)
	}
	for i := range 6 * 4 {
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != uint32(i*1000+7) {
			t.Fatalf("component %d: got %d, want %d", i, got, i*1000+7)
		}
	}
	if d.phys.fRobust2.b[1] != 0 && d.Robustness() == RobustBufferAccess2 {
		for i := 6 * 4; i < 8*4; i++ {
			if got := binary.LittleEndian.Uint32(out[4*i:]); got != 0 {
				t.Fatalf("out-of-range fetch, component %d: %d", i, got)
			}
		}
		t.Log("out-of-range fetches read zeros (robustImageAccess2)")
	}
	if o, ty := binary.LittleEndian.Uint32(info), binary.LittleEndian.Uint32(info[4:]); o != clRGBA || ty != clUnsignedInt16 {
		t.Fatalf("channel order %#x, type %#x", o, ty)
	}
}

// A literal CLK_ADDRESS_CLAMP sampler outside a CL_R image reads the
// border (0,0,0,1), outside a CL_RGBA one (0,0,0,0); inside, CL_R reads
// (r,0,0,1) and CL_LUMINANCE (l,l,l,1).
func TestSampleBorderAndSwizzle(t *testing.T) {
	d := testDevice(t)
	mask := uint32(0x4 | 0x10) // CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST, unnormalized
	spv := sampleModule(t, &mask)
	q := mustQueue(t, d, false)
	defer q.Release()
	for _, c := range []struct {
		order uint32
		in    [4]float32 // at texel (0, 0), which holds byte 51
		out   [4]float32 // outside
	}{
		{clR, [4]float32{0.2, 0, 0, 1}, [4]float32{0, 0, 0, 1}},
		{clLUMINANCE, [4]float32{0.2, 0.2, 0.2, 1}, [4]float32{0, 0, 0, 1}},
		{clINTENSITY, [4]float32{0.2, 0.2, 0.2, 0.2}, [4]float32{0, 0, 0, 0}},
		{clA, [4]float32{0, 0, 0, 0.2}, [4]float32{0, 0, 0, 0}},
		{clRGBA, [4]float32{0.2, 0.2, 0.2, 0.2}, [4]float32{0, 0, 0, 0}},
	} {
		f := driver.ImageFormat{Order: c.order, DataType: clUnormInt8}
		im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: f, Width: 2, Height: 2, Depth: 1, ArraySize: 1})
		v, _ := lookupFormat(f)
		ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{2, 2, 1}, bytes.Repeat([]byte{51}, 4*int(v.size)), nil)
		wait(t, ev, err)
		out := make([]byte, 32)
		crd := floatBytes(0.5, 0.5, -3, 0.5)
		if err := imageRun(t, d, spv, 2, []driver.Arg{{Kind: driver.ArgImage, Image: im}, {}, {}}, map[int][]byte{1: out, 2: crd}); err != nil {
			t.Fatal(err)
		}
		got := floats(out)
		near := func(a []float32, b [4]float32) bool {
			for i := range b {
				if d := a[i] - b[i]; d > 1e-6 || d < -1e-6 {
					return false
				}
			}
			return true
		}
		if !near(got[:4], c.in) || !near(got[4:], c.out) {
			t.Errorf("order %#x: inside %v (want %v), outside %v (want %v)", c.order, got[:4], c.in, got[4:], c.out)
		}
	}
}

// image1d_buffer_t: read_imagef of a read_only one (UniformTexelBuffer,
// OpImageFetch) plus 1 written to a write_only one (StorageTexelBuffer,
// OpImageWrite), both CL_RGBA/CL_FLOAT views of buffers.
func TestBufferImageKernel(t *testing.T) {
	d := testDevice(t)
	const annots = `
OpDecorate %src DescriptorSet 0
OpDecorate %src Binding 0
OpDecorate %dst DescriptorSet 0
OpDecorate %dst Binding 1
`
	const globals = `
%srcT = OpTypeImage %float Buffer 0 0 0 1 Unknown
%dstT = OpTypeImage %float Buffer 0 0 0 2 Unknown
%psrc = OpTypePointer UniformConstant %srcT
%pdst = OpTypePointer UniformConstant %dstT
%src = OpVariable %psrc UniformConstant
%dst = OpVariable %pdst UniformConstant
%float_1 = OpConstant %float 1
%one4 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
`
	const body = `
%ii = OpBitcast %int %i
%s = OpLoad %srcT %src
%v = OpImageFetch %v4float %s %ii
%w = OpFAdd %v4float %v %one4
%dd = OpLoad %dstT %dst
OpImageWrite %dd %ii %w
`
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{
		{Name: "src", Kind: spirv.ArgUniformTexelBuffer}, {Name: "dst", Ordinal: 1, Kind: spirv.ArgStorageTexelBuffer, Binding: 1}}}}}
	spv := imageModule(t, "OpCapability SampledBuffer\nOpCapability ImageBuffer\nOpCapability StorageImageWriteWithoutFormat\n", annots, globals, body, refl)
	f := driver.ImageFormat{Order: clRGBA, DataType: clFloat}
	var in []float32
	for i := range 40 {
		in = append(in, float32(i)*0.5)
	}
	sb, db := mustBuffer(t, d, 1024), mustBuffer(t, d, 1024)
	q := mustQueue(t, d, false)
	defer q.Release()
	ev, err := q.WriteBuffer(sb, 0, floatBytes(in...), nil)
	wait(t, ev, err)
	si := mustImage(t, d, driver.ImageDesc{Type: driver.Image1DBuffer, Format: f, Width: 10, Height: 1, Depth: 1, ArraySize: 1, Buffer: sb})
	di := mustImage(t, d, driver.ImageDesc{Type: driver.Image1DBuffer, Format: f, Width: 10, Height: 1, Depth: 1, ArraySize: 1, Buffer: db})
	if err := imageRun(t, d, spv, 10, []driver.Arg{{Kind: driver.ArgImage, Image: si}, {Kind: driver.ArgImage, Image: di}}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 160)
	ev, err = q.ReadBuffer(db, 0, out, nil)
	wait(t, ev, err)
	for i, g := range floats(out) {
		if g != in[i]+1 {
			t.Fatalf("element %d: got %v, want %v", i, g, in[i]+1)
		}
	}
}

// Image arguments that do not match what the kernel declares fail the
// dispatch with ErrInvalidArgValue, naming the kernel and the argument.
func TestImageArgErrors(t *testing.T) {
	d := testDevice(t)
	spv := sampleModule(t, nil) // float image2d_t at 0, sampler at 1
	cases := []struct {
		name string
		desc driver.ImageDesc
		smp  driver.Arg
	}{
		{"3D image", driver.ImageDesc{Type: driver.Image3D, Format: rgba8, Width: 2, Height: 2, Depth: 2, ArraySize: 1}, driver.Arg{Kind: driver.ArgSampler}},
		{"integer image", driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: clRGBA, DataType: clSignedInt8}, Width: 2, Height: 2, Depth: 1, ArraySize: 1}, driver.Arg{Kind: driver.ArgSampler}},
		{"buffer for a sampler", driver.ImageDesc{Type: driver.Image2D, Format: rgba8, Width: 2, Height: 2, Depth: 1, ArraySize: 1}, driver.Arg{Kind: driver.ArgBuffer}},
	}
	for _, c := range cases {
		im := mustImage(t, d, c.desc)
		smp := c.smp
		smp.Sampler = driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClamp, Filter: driver.FilterNearest}
		err := imageRun(t, d, spv, 1, []driver.Arg{{Kind: driver.ArgImage, Image: im}, smp, {}, {}}, map[int][]byte{2: make([]byte, 16), 3: make([]byte, 8)})
		if !errorsIs(err, driver.ErrInvalidArgValue) {
			t.Errorf("%s: %v", c.name, err)
		} else {
			t.Logf("%s: %v", c.name, err)
		}
	}
	// A read-only format bound to a write_only argument.
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{{Name: "img", Kind: spirv.ArgWOImage}}}}}
	wspv := imageModule(t, "OpCapability StorageImageWriteWithoutFormat\n", "OpDecorate %img DescriptorSet 0\nOpDecorate %img Binding 0\n",
		"%imgT = OpTypeImage %float 2D 0 0 0 2 Unknown\n%pimg = OpTypePointer UniformConstant %imgT\n%img = OpVariable %pimg UniformConstant\n%float_1 = OpConstant %float 1\n%one4 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1\n%zero2 = OpConstantComposite %v2int %int_0 %int_0\n",
		"%im = OpLoad %imgT %img\nOpImageWrite %im %zero2 %one4\n", refl)
	lum := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: clLUMINANCE, DataType: clUnormInt8}, Width: 2, Height: 2, Depth: 1, ArraySize: 1})
	if err := imageRun(t, d, wspv, 1, []driver.Arg{{Kind: driver.ArgImage, Image: lum}}, nil); !errorsIs(err, driver.ErrInvalidArgValue) {
		t.Errorf("CL_LUMINANCE written: %v", err)
	}
}

// read_imagei with a CLK_ADDRESS_CLAMP sampler on CL_R and CL_RGBA
// CL_SIGNED_INT16 images: the kernel samples integers only, so its
// sampler has the integer border; outside, CL_R reads (0,0,0,1) and
// CL_RGBA (0,0,0,0).
func TestSampleIntegerImage(t *testing.T) {
	d := testDevice(t)
	globals := `
%imgT = OpTypeImage %int 2D 0 0 0 1 Unknown
%smpT = OpTypeSampler
%siT = OpTypeSampledImage %imgT
%pimg = OpTypePointer UniformConstant %imgT
%psmp = OpTypePointer UniformConstant %smpT
%img = OpVariable %pimg UniformConstant
%smp = OpVariable %psmp UniformConstant
%out = OpVariable %pv4iS StorageBuffer
%crd = OpVariable %pv2S StorageBuffer
`
	body := `
%pc = OpAccessChain %pv2 %crd %uint_0 %i
%c = OpLoad %v2float %pc
%im = OpLoad %imgT %img
%sm = OpLoad %smpT %smp
%si = OpSampledImage %siT %im %sm
%v = OpImageSampleExplicitLod %v4int %si %c Lod %float_0
%po = OpAccessChain %pv4i %out %uint_0 %i
OpStore %po %v
`
	annots := replaceAll(replaceAll(replaceAll(sampleAnnots, "%SMP%", "3"), "%OUT%", "1"), "%CRD%", "2")
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{
		{Name: "img", Kind: spirv.ArgROImage}, {Name: "out", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1}, {Name: "coords", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2}}}},
		LiteralSamplers: []spirv.LiteralSampler{{Binding: 3, Mask: 0x4 | 0x10}}}
	spv := imageModule(t, "", annots, globals, body, refl)
	q := mustQueue(t, d, false)
	defer q.Release()
	for _, c := range []struct {
		order     uint32
		in, out   [4]int32
		pixelSize int
	}{
		{clR, [4]int32{-1234, 0, 0, 1}, [4]int32{0, 0, 0, 1}, 2},
		{clRGBA, [4]int32{-1234, -1234, -1234, -1234}, [4]int32{0, 0, 0, 0}, 8},
	} {
		f := driver.ImageFormat{Order: c.order, DataType: clSignedInt16}
		im := mustImage(t, d, driver.ImageDesc{Type: driver.Image2D, Format: f, Width: 2, Height: 2, Depth: 1, ArraySize: 1})
		var px []byte
		for range 4 * c.pixelSize / 2 {
			px = binary.LittleEndian.AppendUint16(px, uint16(0x10000-1234))
		}
		ev, err := q.(driver.ImageQueue).WriteImage(im, [3]uint64{}, [3]uint64{2, 2, 1}, px, nil)
		wait(t, ev, err)
		out := make([]byte, 32)
		if err := imageRun(t, d, spv, 2, []driver.Arg{{Kind: driver.ArgImage, Image: im}, {}, {}}, map[int][]byte{1: out, 2: floatBytes(1.5, 0.5, 5, 0.5)}); err != nil {
			t.Fatal(err)
		}
		var got [8]int32
		for i := range got {
			got[i] = int32(binary.LittleEndian.Uint32(out[4*i:]))
		}
		if [4]int32(got[:4]) != c.in || [4]int32(got[4:]) != c.out {
			t.Errorf("order %#x: inside %v (want %v), outside %v (want %v)", c.order, got[:4], c.in, got[4:], c.out)
		}
	}
}

// A 1D buffer image whose format has uniform but not storage texel-buffer
// support (BGRA/uint8 on lavapipe) is viewed through a VkBuffer aliasing
// its buffer's memory with uniform texel usage only: a view of that format
// on the block's buffer, made with storage texel usage too, is invalid
// usage (the validation layer's VUID-VkBufferViewCreateInfo-buffer-00934,
// TestValidationLayer). The kernel reads the pixels through the view.
func TestBufferImageReadOnlyTexelFormat(t *testing.T) {
	d := testDevice(t)
	f := driver.ImageFormat{Order: clBGRA, DataType: clUnsignedInt8}
	v, ok := lookupFormat(f)
	if !ok {
		t.Fatal("no BGRA/uint8")
	}
	has := d.phys.formatProps(v.vk).bufferFeatures
	if has&formatFeatureUniformTexelBuffer == 0 || has&formatFeatureStorageTexelBuffer != 0 {
		t.Skipf("BGRA/uint8 texel-buffer features %#x: not read-only here", has)
	}
	const annots = `
OpDecorate %src DescriptorSet 0
OpDecorate %src Binding 0
OpDecorate %dst DescriptorSet 0
OpDecorate %dst Binding 1
`
	const globals = `
%srcT = OpTypeImage %uint Buffer 0 0 0 1 Unknown
%dstT = OpTypeImage %uint Buffer 0 0 0 2 Unknown
%psrc = OpTypePointer UniformConstant %srcT
%pdst = OpTypePointer UniformConstant %dstT
%src = OpVariable %psrc UniformConstant
%dst = OpVariable %pdst UniformConstant
`
	const body = `
%ii = OpBitcast %int %i
%s = OpLoad %srcT %src
%v = OpImageFetch %v4uint %s %ii
%dd = OpLoad %dstT %dst
OpImageWrite %dd %ii %v
`
	refl := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", Args: []spirv.Arg{
		{Name: "src", Kind: spirv.ArgUniformTexelBuffer}, {Name: "dst", Ordinal: 1, Kind: spirv.ArgStorageTexelBuffer, Binding: 1}}}}}
	spv := imageModule(t, "OpCapability SampledBuffer\nOpCapability ImageBuffer\nOpCapability StorageImageWriteWithoutFormat\n", annots, globals, body, refl)
	in := make([]byte, 40) // 10 BGRA pixels
	for i := range in {
		in[i] = byte(3*i + 1)
	}
	sb, db := mustBuffer(t, d, 1024), mustBuffer(t, d, 1024)
	q := mustQueue(t, d, false)
	defer q.Release()
	ev, err := q.WriteBuffer(sb, 0, in, nil)
	wait(t, ev, err)
	si := mustImage(t, d, driver.ImageDesc{Type: driver.Image1DBuffer, Format: f, Width: 10, Height: 1, Depth: 1, ArraySize: 1, Buffer: sb})
	if si.(*Image).bufAlias == 0 {
		t.Error("the view of a format without storage texel support is on the block's buffer")
	}
	di := mustImage(t, d, driver.ImageDesc{Type: driver.Image1DBuffer, Format: driver.ImageFormat{Order: clRGBA, DataType: clUnsignedInt32}, Width: 10, Height: 1, Depth: 1, ArraySize: 1, Buffer: db})
	if err := imageRun(t, d, spv, 10, []driver.Arg{{Kind: driver.ArgImage, Image: si}, {Kind: driver.ArgImage, Image: di}}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 160)
	ev, err = q.ReadBuffer(db, 0, out, nil)
	wait(t, ev, err)
	for p := range 10 {
		// read_imageui of a BGRA image gives (r, g, b, a): memory bytes 2, 1, 0, 3.
		want := []uint32{uint32(in[4*p+2]), uint32(in[4*p+1]), uint32(in[4*p]), uint32(in[4*p+3])}
		for c := range 4 {
			if got := binary.LittleEndian.Uint32(out[16*p+4*c:]); got != want[c] {
				t.Fatalf("pixel %d channel %d: %d, want %d", p, c, got, want[c])
			}
		}
	}
}
