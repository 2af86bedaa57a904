// Package imageformat knows OpenCL's image formats (cl_image_format: a
// channel order and a channel data type): which pairs exist, how many
// bytes a pixel takes, and how a pixel converts to and from the float4,
// int4 or uint4 that read_image{f,i,ui} return and write_image{f,i,ui}
// take, as OpenCL C §8.3 ("Conversion Rules") defines it. Drivers that
// keep images in host memory and the runtime (clEnqueueFillImage) share it.
package imageformat

import "github.com/clgo/clgo/driver"

// Channel orders, as cl_channel_order.
const (
	R            = 0x10B0
	A            = 0x10B1
	RG           = 0x10B2
	RA           = 0x10B3
	RGB          = 0x10B4
	RGBA         = 0x10B5
	BGRA         = 0x10B6
	ARGB         = 0x10B7
	Intensity    = 0x10B8
	Luminance    = 0x10B9
	Rx           = 0x10BA
	RGx          = 0x10BB
	RGBx         = 0x10BC
	Depth        = 0x10BD
	DepthStencil = 0x10BE
	SRGB         = 0x10BF
	SRGBx        = 0x10C0
	SRGBA        = 0x10C1
	SBGRA        = 0x10C2
	ABGR         = 0x10C3
)

// Channel data types, as cl_channel_type.
const (
	SnormInt8      = 0x10D0
	SnormInt16     = 0x10D1
	UnormInt8      = 0x10D2
	UnormInt16     = 0x10D3
	UnormShort565  = 0x10D4
	UnormShort555  = 0x10D5
	UnormInt101010 = 0x10D6
	SignedInt8     = 0x10D7
	SignedInt16    = 0x10D8
	SignedInt32    = 0x10D9
	UnsignedInt8   = 0x10DA
	UnsignedInt16  = 0x10DB
	UnsignedInt32  = 0x10DC
	HalfFloat      = 0x10DD
	Float          = 0x10DE
)

// Kind is what read_image and write_image exchange with an image of a
// format: float4 (float and normalized types), int4 or uint4.
type Kind uint8

// Kinds of texel values.
const (
	KindFloat Kind = iota
	KindInt
	KindUint
)

// KindOf is the kind of values of a channel data type.
func KindOf(dataType uint32) Kind {
	switch dataType {
	case SignedInt8, SignedInt16, SignedInt32:
		return KindInt
	case UnsignedInt8, UnsignedInt16, UnsignedInt32:
		return KindUint
	}
	return KindFloat
}

// channels is the number of channels a pixel of the order stores, or 0 for
// an order this package does not support: CL_Rx and CL_RGx, optional in
// OpenCL 3.0, whose padded layout the specification leaves open.
func channels(order uint32) int {
	switch order {
	case R, A, Intensity, Luminance, Depth:
		return 1
	case RG, RA:
		return 2
	case RGB, RGBx, SRGB:
		return 3
	case RGBA, BGRA, ARGB, ABGR, SRGBA, SBGRA, SRGBx:
		return 4
	}
	return 0
}

// typeBytes is the bytes of one channel of a data type, or for the packed
// types (565, 555, 101010) of the whole pixel; 0 for an unknown type.
func typeBytes(dataType uint32) int {
	switch dataType {
	case SnormInt8, UnormInt8, SignedInt8, UnsignedInt8:
		return 1
	case SnormInt16, UnormInt16, SignedInt16, UnsignedInt16, HalfFloat, UnormShort565, UnormShort555:
		return 2
	case SignedInt32, UnsignedInt32, Float, UnormInt101010:
		return 4
	}
	return 0
}

func packed(dataType uint32) bool {
	return dataType == UnormShort565 || dataType == UnormShort555 || dataType == UnormInt101010
}

// Valid says whether the pair is an image format OpenCL defines (OpenCL
// 3.0 API §5.3.1.1: the packed types only with RGB and RGBx, the
// three-channel orders only with them or (sRGB) UNORM_INT8, INTENSITY and
// LUMINANCE only with float and normalized 8/16-bit types, the
// reordered four-channel orders only with 8-bit types, sRGB orders only
// with UNORM_INT8, DEPTH only with UNORM_INT16 and FLOAT). CL_Rx and
// CL_RGx are not supported.
func Valid(f driver.ImageFormat) bool {
	if channels(f.Order) == 0 || typeBytes(f.DataType) == 0 {
		return false
	}
	t := f.DataType
	switch f.Order {
	case RGB, RGBx:
		return packed(t)
	case SRGB, SRGBx, SRGBA, SBGRA:
		return t == UnormInt8
	case Intensity, Luminance:
		switch t {
		case UnormInt8, UnormInt16, SnormInt8, SnormInt16, HalfFloat, Float:
			return true
		}
		return false
	case BGRA, ARGB, ABGR:
		switch t {
		case UnormInt8, SnormInt8, SignedInt8, UnsignedInt8:
			return true
		}
		return false
	case Depth:
		return t == UnormInt16 || t == Float
	}
	return !packed(t)
}

// ElementSize is the bytes of one pixel of a format, or 0 when the format
// is not Valid.
func ElementSize(f driver.ImageFormat) int {
	if !Valid(f) {
		return 0
	}
	if packed(f.DataType) {
		return typeBytes(f.DataType)
	}
	return channels(f.Order) * typeBytes(f.DataType)
}

// HasAlpha says whether the order's border color (CLK_ADDRESS_CLAMP) is
// (0,0,0,0) rather than (0,0,0,1) (OpenCL C, numerical compliance §3:
// "Determining the border color").
func HasAlpha(order uint32) bool {
	switch order {
	case R, RG, RGB, Luminance, SRGB, Depth:
		return false
	}
	return true
}

// IsSRGB says whether the order stores sRGB-encoded color.
func IsSRGB(order uint32) bool {
	switch order {
	case SRGB, SRGBx, SRGBA, SBGRA:
		return true
	}
	return false
}

// slots maps each stored channel, in memory order, to the RGBA component
// it is (0..3); -1 marks a padding channel (the x of sRGBx).
// INTENSITY and LUMINANCE store one channel read as several; see spread.
func slots(order uint32) []int {
	switch order {
	case R, Depth, Intensity, Luminance:
		return []int{0}
	case A:
		return []int{3}
	case RG:
		return []int{0, 1}
	case RA:
		return []int{0, 3}
	case RGB, RGBx, SRGB:
		return []int{0, 1, 2}
	case SRGBx:
		return []int{0, 1, 2, -1}
	case RGBA, SRGBA:
		return []int{0, 1, 2, 3}
	case BGRA, SBGRA:
		return []int{2, 1, 0, 3}
	case ARGB:
		return []int{3, 0, 1, 2}
	case ABGR:
		return []int{3, 2, 1, 0}
	}
	return nil
}
