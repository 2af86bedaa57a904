package jit

import (
	"math"
	"testing"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/driver/imageformat"
)

// TestDescribeImage checks the descriptors native image code tests
// (imagemem.go), worked out by hand: the kinds it has code for, the
// strides and bounds of the packed layout, the aligned base of 8-bit R
// images, and kind 0 (the call-out) for everything else.
func TestDescribeImage(t *testing.T) {
	f := func(order, dt uint32) driver.ImageFormat { return driver.ImageFormat{Order: order, DataType: dt} }
	rgbaF := &texel.Image{Type: driver.Image2D, Format: f(imageformat.RGBA, imageformat.Float), Data: make([]byte, 5*3*16), Elem: 16, Ext: [3]int{5, 3, 1}}
	d := describeImage(rgbaF)
	want := imageMem{base: uint64(uintptr(unsafe.Pointer(&rgbaF.Data[0]))), kind: texRGBA32, geom: 2, ncoord: 2,
		extM1: [3]uint32{4, 2, 0}, stride: [3]int32{16, 80, 240}, ext: [3]uint32{5, 3, 1}, one: math.Float32bits(1)}
	if d != want {
		t.Errorf("RGBA float 5x3: %+v, want %+v", d, want)
	}
	buf := make([]byte, 64)
	r8 := &texel.Image{Type: driver.Image2DArray, Format: f(imageformat.R, imageformat.UnsignedInt8), Data: buf[1 : 1+7*3*2], Elem: 1, Ext: [3]int{7, 3, 2}}
	d = describeImage(r8)
	base := uint64(uintptr(unsafe.Pointer(&buf[1])))
	if d.kind != texRUint8 || d.base != base&^3 || uint64(d.bias) != base&3 || d.geom != 2|4 || d.ncoord != 3 ||
		d.stride != [3]int32{1, 7, 21} || d.one != 1 {
		t.Errorf("R uint8 array 7x3x2 at an odd address: %+v", d)
	}
	for _, im := range []*texel.Image{
		{Type: driver.Image2D, Format: f(imageformat.RGBA, imageformat.UnsignedInt16), Data: make([]byte, 8), Elem: 8, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.RG, imageformat.UnormInt8), Data: make([]byte, 2), Elem: 2, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.BGRA, imageformat.SignedInt8), Data: make([]byte, 4), Elem: 4, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.RGBA, imageformat.Float), Data: make([]byte, 15), Elem: 16, Ext: [3]int{1, 1, 1}}, // short
	} {
		if d := describeImage(im); d.kind != texNone || d.ncoord != 2 || d.ext != [3]uint32{1, 1, 1} {
			t.Errorf("%+v: %+v, want kind 0 (bound: ncoord and ext set)", im.Format, d)
		}
	}
	bgra := &texel.Image{Type: driver.Image1D, Format: f(imageformat.BGRA, imageformat.UnormInt8), Data: make([]byte, 12), Elem: 4, Ext: [3]int{3, 1, 1}}
	if d := describeImage(bgra); d.kind != texBGRAUnorm8 || d.geom != 1 || d.ncoord != 1 || d.stride != [3]int32{4, 12, 12} {
		t.Errorf("BGRA unorm8 1D: %+v", d)
	}
	if d := describeImage(nil); d != (imageMem{}) {
		t.Errorf("unbound: %+v", d)
	}
}

// TestDescribeSampling checks the sampling descriptors: nearest for the
// clamping modes (REPEAT without normalized coordinates is CLAMP_TO_EDGE,
// as texel has it), linear for float and normalized formats only, the
// call-out for normalized REPEAT and MIRRORED_REPEAT.
func TestDescribeSampling(t *testing.T) {
	im := &texel.Image{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		Data: make([]byte, 5*3*4), Elem: 4, Ext: [3]int{5, 3, 1}}
	ui := *im
	ui.Format.DataType = imageformat.UnsignedInt8
	for _, c := range []struct {
		im   *texel.Image
		smp  driver.Sampler
		want samplerMem
	}{
		{im, driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}}},
		{im, driver.Sampler{Addressing: driver.AddressRepeat, Filter: driver.FilterNearest},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClamp, Filter: driver.FilterLinear},
			samplerMem{mode: sampleLinear, scale: [3]float32{5, 3, 1}, lo: [3]int32{-1, -1, -1}, hi: [3]int32{5, 3, 1}}},
		{&ui, driver.Sampler{Addressing: driver.AddressNone, Filter: driver.FilterLinear},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterNearest}, samplerMem{}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressMirroredRepeat, Filter: driver.FilterLinear}, samplerMem{}},
	} {
		if got := describeSampling(c.im, &c.smp); got != c.want {
			t.Errorf("%+v on %+v: %+v, want %+v", c.smp, c.im.Format, got, c.want)
		}
	}
	if got := describeSampling(im, nil); got != (samplerMem{}) {
		t.Errorf("no sampler: %+v", got)
	}
}
