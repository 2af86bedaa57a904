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
	needAMD64(t)
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
		{Type: driver.Image2D, Format: f(imageformat.SRGBA, imageformat.UnormInt8), Data: make([]byte, 4), Elem: 4, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.RGB, imageformat.UnormShort565), Data: make([]byte, 2), Elem: 2, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.RG, imageformat.Float), Data: buf[2:10], Elem: 8, Ext: [3]int{1, 1, 1}}, // not word-aligned
		{Type: driver.Image2D, Format: f(imageformat.RG, imageformat.UnormInt16), Data: buf[1:5], Elem: 4, Ext: [3]int{1, 1, 1}},
		{Type: driver.Image2D, Format: f(imageformat.RGBA, imageformat.Float), Data: make([]byte, 15), Elem: 16, Ext: [3]int{1, 1, 1}}, // short
	} {
		if d := describeImage(im); d.kind != texNone || d.ncoord != 2 || d.ext != [3]uint32{1, 1, 1} {
			t.Errorf("%+v: %+v, want kind 0 (bound: ncoord and ext set)", im.Format, d)
		}
	}
	buf8 := make([]byte, 64) // 8-aligned
	for _, c := range []struct {
		im   *texel.Image
		bias int32
		want chanMem
	}{
		{&texel.Image{Type: driver.Image2D, Format: f(imageformat.RG, imageformat.UnormInt8), Data: buf8[2:4], Elem: 2, Ext: [3]int{1, 1, 1}}, 2,
			chanMem{conv: chanNorm, elem: 2, ext: 24, rdMask: 0xff, shift: [4]uint32{0, 8}, keep: [4]int32{-1, -1},
				def: [4]uint32{3: math.Float32bits(1)}, normMax: 255, intHi: 255,
				wcomp: [4]int32{0, 1}, wshift: [4]uint32{0, 8}, wmask: [4]uint32{0xff, 0xff}}},
		{&texel.Image{Type: driver.Image2D, Format: f(imageformat.BGRA, imageformat.SignedInt8), Data: buf8[:4], Elem: 4, Ext: [3]int{1, 1, 1}}, 0,
			chanMem{conv: chanSint, elem: 4, ext: 24, rdMask: 0xffffffff, shift: [4]uint32{16, 8, 0, 24}, keep: [4]int32{-1, -1, -1, -1},
				normLo: -128, intLo: -128, intHi: 127,
				wcomp: [4]int32{2, 1, 0, 3}, wshift: [4]uint32{0, 8, 16, 24}, wmask: [4]uint32{0xff, 0xff, 0xff, 0xff}}},
		{&texel.Image{Type: driver.Image2D, Format: f(imageformat.RGBA, imageformat.UnsignedInt16), Data: buf8[:8], Elem: 8, Ext: [3]int{1, 1, 1}}, 0,
			chanMem{conv: chanUint, elem: 8, ext: 16, rdMask: 0xffff, word: [4]int32{0, 0, -1, -1}, shift: [4]uint32{0, 16, 0, 16},
				keep: [4]int32{-1, -1, -1, -1}, intHi: 65535,
				wcomp: [4]int32{0, 1, 2, 3}, wword: [4]int32{0, 0, -1, -1}, wshift: [4]uint32{0, 16, 0, 16}, wmask: [4]uint32{0xffff, 0xffff, 0xffff, 0xffff}}},
		{&texel.Image{Type: driver.Image2D, Format: f(imageformat.Luminance, imageformat.HalfFloat), Data: buf8[6:8], Elem: 2, Ext: [3]int{1, 1, 1}}, 2,
			chanMem{conv: chanHalf, elem: 2, ext: 16, rdMask: 0xffff, keep: [4]int32{-1, -1, -1}, def: [4]uint32{3: math.Float32bits(1)},
				wmask: [4]uint32{0xffff}}},
		{&texel.Image{Type: driver.Image2D, Format: f(imageformat.A, imageformat.Float), Data: buf8[4:8], Elem: 4, Ext: [3]int{1, 1, 1}}, 0,
			chanMem{conv: chanRaw, elem: 4, rdMask: 0xffffffff, keep: [4]int32{3: -1}, wcomp: [4]int32{3}, wmask: [4]uint32{0xffffffff}}},
	} {
		d := describeImage(c.im)
		if d.kind != texChannels || d.bias != c.bias || d.ch != c.want {
			t.Errorf("%+v at bias %d: kind %d, bias %d, %+v, want %+v", c.im.Format, c.bias, d.kind, d.bias, d.ch, c.want)
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
// as texel has it), linear for float and normalized formats only,
// normalized REPEAT (indices unclamped, wrapped by n) and
// MIRRORED_REPEAT (clamped to the edge after mirroring).
func TestDescribeSampling(t *testing.T) {
	im := &texel.Image{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		Data: make([]byte, 5*3*4), Elem: 4, Ext: [3]int{5, 3, 1}}
	ui := *im
	ui.Format.DataType = imageformat.UnsignedInt8
	n := [3]int32{5, 3, 1}
	for _, c := range []struct {
		im   *texel.Image
		smp  driver.Sampler
		want samplerMem
	}{
		{im, driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}, n: n}},
		{im, driver.Sampler{Addressing: driver.AddressRepeat, Filter: driver.FilterNearest},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}, n: n}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClamp, Filter: driver.FilterLinear},
			samplerMem{mode: sampleLinear, scale: [3]float32{5, 3, 1}, lo: [3]int32{-1, -1, -1}, hi: [3]int32{5, 3, 1}, n: n}},
		{&ui, driver.Sampler{Addressing: driver.AddressNone, Filter: driver.FilterLinear},
			samplerMem{mode: sampleNearest, scale: [3]float32{1, 1, 1}, hi: [3]int32{4, 2, 0}, n: n}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterNearest},
			samplerMem{mode: sampleNearest, addr: addrRepeat, scale: [3]float32{5, 3, 1}, lo: [3]int32{math.MinInt32, math.MinInt32, math.MinInt32},
				hi: [3]int32{math.MaxInt32, math.MaxInt32, math.MaxInt32}, n: n}},
		{im, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressMirroredRepeat, Filter: driver.FilterLinear},
			samplerMem{mode: sampleLinear, addr: addrMirror, scale: [3]float32{5, 3, 1}, hi: [3]int32{4, 2, 0}, n: n}},
		{&ui, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressMirroredRepeat, Filter: driver.FilterLinear},
			samplerMem{mode: sampleNearest, addr: addrMirror, scale: [3]float32{5, 3, 1}, hi: [3]int32{4, 2, 0}, n: n}},
	} {
		if got := describeSampling(c.im, &c.smp); got != c.want {
			t.Errorf("%+v on %+v: %+v, want %+v", c.smp, c.im.Format, got, c.want)
		}
	}
	if got := describeSampling(im, nil); got != (samplerMem{}) {
		t.Errorf("no sampler: %+v", got)
	}
}
