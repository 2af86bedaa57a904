package imageformat

import "github.com/clgo/clgo/driver"

// orders and dataTypes are every channel order and data type this package
// knows, in OpenCL's enum order.
var (
	orders    = []uint32{R, A, RG, RA, RGB, RGBA, BGRA, ARGB, Intensity, Luminance, RGBx, Depth, SRGB, SRGBx, SRGBA, SBGRA, ABGR}
	dataTypes = []uint32{SnormInt8, SnormInt16, UnormInt8, UnormInt16, UnormShort565, UnormShort555, UnormInt101010,
		SignedInt8, SignedInt16, SignedInt32, UnsignedInt8, UnsignedInt16, UnsignedInt32, HalfFloat, Float}
)

// All lists every Valid format an image of type t may have: DEPTH only for
// 2D images and 2D image arrays (cl_khr_depth_images). It holds the
// OpenCL 3.0 minimum list (API §5.3.2.1: R, RG and RGBA with every
// normalized, integer, half and float type, BGRA and sRGBA with
// UNORM_INT8, DEPTH with UNORM_INT16 and FLOAT) and more.
func All(t driver.ImageType) []driver.ImageFormat {
	var out []driver.ImageFormat
	for _, o := range orders {
		if o == Depth && t != driver.Image2D && t != driver.Image2DArray {
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
