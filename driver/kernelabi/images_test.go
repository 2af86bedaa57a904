package kernelabi

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

type fakeImage struct{ desc driver.ImageDesc }

func (f *fakeImage) Desc() driver.ImageDesc { return f.desc }
func (f *fakeImage) Release()               {}

func TestImageArgInfos(t *testing.T) {
	k := &spirv.Kernel{NumArgs: 4, Args: []spirv.Arg{
		{Ordinal: 0, Kind: spirv.ArgROImage, Name: "src", TypeName: "image2d_t",
			AddressQualifier: spirv.ArgAddressGlobal, AccessQualifier: spirv.ArgAccessReadOnly},
		{Ordinal: 1, Kind: spirv.ArgWOImage, Name: "rw", TypeName: "image2d_t",
			AddressQualifier: spirv.ArgAddressGlobal, AccessQualifier: spirv.ArgAccessReadWrite},
		{Ordinal: 2, Kind: spirv.ArgSampler},
		{Ordinal: 3, Kind: spirv.ArgStorageTexelBuffer}, // no argument info, as clspv may write
	}}
	got := ArgInfos(k)
	want := []driver.ArgInfo{
		{Kind: driver.ArgImage, Size: 8, Name: "src", TypeName: "image2d_t", AddressQualifier: driver.AddressGlobal, AccessQualifier: driver.AccessReadOnly},
		{Kind: driver.ArgImage, Size: 8, Name: "rw", TypeName: "image2d_t", AddressQualifier: driver.AddressGlobal, AccessQualifier: driver.AccessReadWrite},
		{Kind: driver.ArgSampler, Size: 8},
		{Kind: driver.ArgImage, Size: 8, AddressQualifier: driver.AddressGlobal, AccessQualifier: driver.AccessWriteOnly},
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("arg %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestLiteralSamplers(t *testing.T) {
	refl := &spirv.Reflection{LiteralSamplers: []spirv.LiteralSampler{
		{DescriptorSet: 0, Binding: 3, Mask: 0x12}, // unnormalized, clamp to edge, nearest
		{DescriptorSet: 0, Binding: 4, Mask: 0x27}, // normalized, repeat, linear
	}}
	got := LiteralSamplers(refl)
	want := []LiteralSampler{
		{0, 3, driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}},
		{0, 4, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterLinear}},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
}

func TestImageChannelPushConstants(t *testing.T) {
	k := &spirv.Kernel{Name: "q", ImageChannelInfo: []spirv.ImageChannelInfo{
		{Ordinal: 0, PushConstant: true, Offset: 16, Size: 4},
		{Ordinal: 0, DataType: true, PushConstant: true, Offset: 20, Size: 4},
		{Ordinal: 2, DataType: true, PushConstant: true, Offset: 24, Size: 4},
	}}
	if end := PushConstantsEnd(&spirv.Reflection{}, k); end != 28 {
		t.Fatalf("PushConstantsEnd %d, want 28", end)
	}
	rgba8 := &fakeImage{driver.ImageDesc{Format: driver.ImageFormat{Order: 0x10B5, DataType: 0x10D2}}} // CL_RGBA, CL_UNORM_INT8
	rf := &fakeImage{driver.ImageDesc{Format: driver.ImageFormat{Order: 0x10B0, DataType: 0x10DE}}}    // CL_R, CL_FLOAT
	args := []driver.Arg{{Kind: driver.ArgImage, Image: rgba8}, {Kind: driver.ArgBuffer}, {Kind: driver.ArgImage, Image: rf}}
	push := make([]byte, 28)
	if err := PutImageChannelPushConstants(push, k, args); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]uint32{{16, 0x10B5}, {20, 0x10D2}, {24, 0x10DE}} {
		if got := binary.LittleEndian.Uint32(push[c[0]:]); got != c[1] {
			t.Errorf("word at %d = %#x, want %#x", c[0], got, c[1])
		}
	}
	args[2].Image = nil
	err := PutImageChannelPushConstants(push, k, args)
	if err == nil || !strings.Contains(err.Error(), "argument 2 needs an image for get_image_channel_data_type") {
		t.Fatalf("missing image: %v", err)
	}
}

// TestSamplerPushConstants: a sampler argument's state is written as its
// OpenCL C mask (CLK_NORMALIZED_COORDS_TRUE 1, CLK_ADDRESS_REPEAT 6,
// CLK_FILTER_LINEAR 0x20), which decodes back to the same state.
func TestSamplerPushConstants(t *testing.T) {
	k := &spirv.Kernel{Name: "k", SamplerMasks: []spirv.SamplerMask{{Ordinal: 1, Offset: 4, Size: 4}}}
	smp := driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterLinear}
	args := []driver.Arg{{Kind: driver.ArgImage}, {Kind: driver.ArgSampler, Sampler: smp}}
	push := make([]byte, PushConstantsEnd(&spirv.Reflection{}, k))
	if len(push) != 8 {
		t.Fatalf("push constants end at %d, want 8", len(push))
	}
	if err := PutSamplerPushConstants(push, k, args); err != nil {
		t.Fatal(err)
	}
	if m := binary.LittleEndian.Uint32(push[4:]); m != 0x27 || driver.SamplerFromMask(m) != smp {
		t.Errorf("mask %#x, want 0x27", m)
	}
	for _, s := range []driver.Sampler{
		{Addressing: driver.AddressNone, Filter: driver.FilterNearest},
		{Addressing: driver.AddressClamp, Filter: driver.FilterNearest},
		{NormalizedCoords: true, Addressing: driver.AddressMirroredRepeat, Filter: driver.FilterNearest},
		{Addressing: driver.AddressClampToEdge, Filter: driver.FilterLinear},
	} {
		if back := driver.SamplerFromMask(s.Mask()); back != s {
			t.Errorf("%+v: mask %#x decodes to %+v", s, s.Mask(), back)
		}
	}
	args[1] = driver.Arg{Kind: driver.ArgImage}
	if err := PutSamplerPushConstants(push, k, args); err == nil || !strings.Contains(err.Error(), "needs a sampler") {
		t.Errorf("an image for the sampler: %v, want an error", err)
	}
}
