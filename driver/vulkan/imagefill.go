package vulkan

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// packPixel converts a clEnqueueFillImage color to one pixel of format f,
// as write_image{f,i,ui} would store it (OpenCL C §8.3), with the
// conversions the host driver's image unit uses (driver/imageformat):
// color holds float32 bits for float and normalized formats, int32 for
// signed integer ones and uint32 for unsigned ones. The pixel is the
// OpenCL format's memory layout, which is the VkFormat's for every format
// of lookupFormat (one-channel A, INTENSITY and LUMINANCE images store
// their one channel; the sampled view's mapping spreads it).
func packPixel(f driver.ImageFormat, color [4]uint32) ([]byte, error) {
	if _, ok := lookupFormat(f); !ok || !imageformat.Valid(f) {
		return nil, fmt.Errorf("vulkan: image format %#x/%#x: %w", f.Order, f.DataType, driver.ErrInvalidValue)
	}
	px := make([]byte, imageformat.ElementSize(f))
	imageformat.Write(f, px, color)
	return px, nil
}
