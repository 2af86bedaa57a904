package cl

import (
	"fmt"

	"github.com/clgo/clgo/driver"
)

// ImageFormat is cl_image_format: a channel order and a channel data type.
type ImageFormat = driver.ImageFormat

// ImageType is cl_mem_object_type for images.
type ImageType = driver.ImageType

// Image types.
const (
	MemObjectImage1D       = driver.Image1D
	MemObjectImage1DArray  = driver.Image1DArray
	MemObjectImage1DBuffer = driver.Image1DBuffer
	MemObjectImage2D       = driver.Image2D
	MemObjectImage2DArray  = driver.Image2DArray
	MemObjectImage3D       = driver.Image3D
)

// Channel orders (cl_channel_order).
const (
	R            uint32 = 0x10B0
	A            uint32 = 0x10B1
	RG           uint32 = 0x10B2
	RA           uint32 = 0x10B3
	RGB          uint32 = 0x10B4
	RGBA         uint32 = 0x10B5
	BGRA         uint32 = 0x10B6
	ARGB         uint32 = 0x10B7
	Intensity    uint32 = 0x10B8
	Luminance    uint32 = 0x10B9
	Rx           uint32 = 0x10BA
	RGx          uint32 = 0x10BB
	RGBx         uint32 = 0x10BC
	Depth        uint32 = 0x10BD
	DepthStencil uint32 = 0x10BE
	SRGB         uint32 = 0x10BF
	SRGBx        uint32 = 0x10C0
	SRGBA        uint32 = 0x10C1
	SBGRA        uint32 = 0x10C2
	ABGR         uint32 = 0x10C3
)

// Channel data types (cl_channel_type).
const (
	SnormInt8         uint32 = 0x10D0
	SnormInt16        uint32 = 0x10D1
	UnormInt8         uint32 = 0x10D2
	UnormInt16        uint32 = 0x10D3
	UnormShort565     uint32 = 0x10D4
	UnormShort555     uint32 = 0x10D5
	UnormInt101010    uint32 = 0x10D6
	SignedInt8        uint32 = 0x10D7
	SignedInt16       uint32 = 0x10D8
	SignedInt32       uint32 = 0x10D9
	UnsignedInt8      uint32 = 0x10DA
	UnsignedInt16     uint32 = 0x10DB
	UnsignedInt32     uint32 = 0x10DC
	HalfFloat         uint32 = 0x10DD
	Float             uint32 = 0x10DE
	UnormInt24        uint32 = 0x10DF
	UnormInt101010_2  uint32 = 0x10E0
	channelTypeFirst         = SnormInt8
	channelTypeLast          = UnormInt101010_2
	channelOrderFirst        = R
	channelOrderLast         = ABGR
)

// ColorKind is how clEnqueueFillImage's color and a kernel's
// read_image/write_image see a format's channels.
type ColorKind uint8

// Color kinds.
const (
	ColorFloat ColorKind = iota // normalized, half and float formats: float4
	ColorInt                    // signed integer formats: int4
	ColorUint                   // unsigned integer formats: uint4
)

func (k ColorKind) String() string {
	switch k {
	case ColorInt:
		return "int"
	case ColorUint:
		return "uint"
	}
	return "float"
}

// channels is the number of channels of an order (the x of Rx, RGx and
// RGBx is a channel the element holds but reads ignore).
func channels(order uint32) int {
	switch order {
	case R, A, Intensity, Luminance, Depth:
		return 1
	case RG, RA, Rx:
		return 2
	case RGB, RGx, SRGB:
		return 3
	case RGBA, BGRA, ARGB, ABGR, RGBx, SRGBx, SRGBA, SBGRA:
		return 4
	}
	return 0
}

// channelBytes is the size of one channel of a data type, 0 for the packed
// types (whose element size is fixed).
func channelBytes(t uint32) uint64 {
	switch t {
	case SnormInt8, UnormInt8, SignedInt8, UnsignedInt8:
		return 1
	case SnormInt16, UnormInt16, SignedInt16, UnsignedInt16, HalfFloat:
		return 2
	case SignedInt32, UnsignedInt32, Float:
		return 4
	}
	return 0
}

// FormatKind is the color kind of a format's data type.
func FormatKind(f ImageFormat) ColorKind {
	switch f.DataType {
	case SignedInt8, SignedInt16, SignedInt32:
		return ColorInt
	case UnsignedInt8, UnsignedInt16, UnsignedInt32:
		return ColorUint
	}
	return ColorFloat
}

// ElementSize is the size in bytes of one pixel of f, or 0 when f is not a
// valid format (checkFormat says why).
func ElementSize(f ImageFormat) uint64 {
	if checkFormat(f) != nil {
		return 0
	}
	switch f.DataType {
	case UnormShort565, UnormShort555:
		return 2
	case UnormInt101010, UnormInt101010_2:
		return 4
	case UnormInt24:
		return 4
	}
	if f.Order == DepthStencil {
		return 8 // CL_FLOAT depth and 8 bits of stencil, padded
	}
	return uint64(channels(f.Order)) * channelBytes(f.DataType)
}

// checkFormat says whether f is a format OpenCL defines (table 5.6 and 5.7
// of the API specification and their notes), whatever the devices support.
func checkFormat(f ImageFormat) error {
	if f.Order < channelOrderFirst || f.Order > channelOrderLast {
		return fmt.Errorf("channel order %#x", f.Order)
	}
	if f.DataType < channelTypeFirst || f.DataType > channelTypeLast {
		return fmt.Errorf("channel data type %#x", f.DataType)
	}
	t := f.DataType
	switch f.Order {
	case Intensity, Luminance:
		switch t {
		case UnormInt8, UnormInt16, SnormInt8, SnormInt16, HalfFloat, Float:
			return nil
		}
		return fmt.Errorf("CL_INTENSITY and CL_LUMINANCE take a normalized, half or float type, not %#x", t)
	case Depth:
		if t == UnormInt16 || t == Float {
			return nil
		}
		return fmt.Errorf("CL_DEPTH takes CL_UNORM_INT16 or CL_FLOAT, not %#x", t)
	case DepthStencil:
		if t == UnormInt24 || t == Float {
			return nil
		}
		return fmt.Errorf("CL_DEPTH_STENCIL takes CL_UNORM_INT24 or CL_FLOAT, not %#x", t)
	case SRGB, SRGBx, SRGBA, SBGRA:
		if t == UnormInt8 {
			return nil
		}
		return fmt.Errorf("sRGB orders take CL_UNORM_INT8, not %#x", t)
	case ARGB, BGRA, ABGR:
		switch t {
		case UnormInt8, SnormInt8, SignedInt8, UnsignedInt8:
			return nil
		}
		return fmt.Errorf("CL_ARGB, CL_BGRA and CL_ABGR take 8-bit types, not %#x", t)
	}
	switch t {
	case UnormShort565, UnormShort555, UnormInt101010:
		if f.Order == RGB || f.Order == RGBx {
			return nil
		}
		return fmt.Errorf("packed type %#x takes CL_RGB or CL_RGBx", t)
	case UnormInt101010_2:
		if f.Order == RGBA {
			return nil
		}
		return fmt.Errorf("CL_UNORM_INT_101010_2 takes CL_RGBA")
	case UnormInt24:
		return fmt.Errorf("CL_UNORM_INT24 is for depth orders")
	}
	if f.Order == RGB || f.Order == RGBx {
		return fmt.Errorf("CL_RGB and CL_RGBx take a packed type (CL_UNORM_SHORT_565, CL_UNORM_SHORT_555, CL_UNORM_INT_101010), not %#x", t)
	}
	// The bits of an element must be a power of two (CL_RGx of 8-bit
	// channels is 24 bits, say).
	if n := uint64(channels(f.Order)) * channelBytes(t); n&(n-1) != 0 {
		return fmt.Errorf("an element of %d bytes (%d channels of type %#x) is not a power of two", n, channels(f.Order), t)
	}
	return nil
}
