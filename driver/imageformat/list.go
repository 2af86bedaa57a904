package imageformat

import "github.com/clgo/clgo/driver"

// orders and dataTypes are every channel order and data type this package
// knows, in OpenCL's enum order.
var (
	orders    = []uint32{R, A, RG, RA, RGB, RGBA, BGRA, ARGB, Intensity, Luminance, RGBx, Depth, SRGB, SRGBx, SRGBA, SBGRA, ABGR}
	dataTypes = []uint32{SnormInt8, SnormInt16, UnormInt8, UnormInt16, UnormShort565, UnormShort555, UnormInt101010,
		SignedInt8, SignedInt16, SignedInt32, UnsignedInt8, UnsignedInt16, UnsignedInt32, HalfFloat, Float}
)

// All lists every Valid and Reported format an image of type t may have:
// DEPTH only for 2D images and 2D image arrays (cl_khr_depth_images). It
// holds the OpenCL 3.0 minimum list (API §5.3.2.1: R, RG and RGBA with
// every normalized, integer, half and float type, BGRA and sRGBA with
// UNORM_INT8, DEPTH with UNORM_INT16 and FLOAT) and more.
func All(t driver.ImageType) []driver.ImageFormat {
	var out []driver.ImageFormat
	for _, o := range orders {
		if o == Depth && t != driver.Image2D && t != driver.Image2DArray || !Reported(o) {
			continue
		}
		for _, dt := range dataTypes {
			if f := (driver.ImageFormat{Order: o, DataType: dt}); Valid(f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// Reported says whether devices list formats of channel order o in
// clGetSupportedImageFormats. The padded orders CL_Rx, CL_RGx, CL_RGBx and
// CL_sRGBx are optional and are not: OpenCL C §8.3.1 gives them the
// border colour (0,0,0,0) under CLK_ADDRESS_CLAMP, the CTS expects
// (0,0,0,1), and no other implementation here reports them
// (docs/images.md). Read, Write and Border still handle CL_RGBx and
// CL_sRGBx.
func Reported(o uint32) bool {
	switch o {
	case Rx, RGx, RGBx, SRGBx:
		return false
	}
	return true
}
