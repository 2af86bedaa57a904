package vulkan

import (
	"slices"
	"testing"

	"github.com/clgo/clgo/driver"
)

// OpenCL 1.2's minimum list (§5.3.2.1) of formats for read_only and
// write_only images: lavapipe has them all.
func TestImageFormatsMinimum(t *testing.T) {
	d := testDevice(t)
	if !d.Info().Caps.Images {
		t.Fatal("no Caps.Images on lavapipe")
	}
	want := []driver.ImageFormat{{Order: clBGRA, DataType: clUnormInt8}}
	for _, typ := range []uint32{clUnormInt8, clUnormInt16, clSignedInt8, clSignedInt16, clSignedInt32,
		clUnsignedInt8, clUnsignedInt16, clUnsignedInt32, clHalfFloat, clFloat} {
		want = append(want, driver.ImageFormat{Order: clRGBA, DataType: typ})
	}
	for _, typ := range []driver.ImageType{driver.Image1D, driver.Image2D, driver.Image3D, driver.Image1DArray, driver.Image2DArray, driver.Image1DBuffer} {
		for _, u := range []driver.ImageUsage{driver.ImageRead, driver.ImageWrite, driver.ImageRead | driver.ImageWrite} {
			got := d.ImageFormats(typ, u)
			for _, f := range want {
				if !slices.Contains(got, f) {
					t.Errorf("type %#x usage %d: %#x/%#x missing from %x", typ, u, f.Order, f.DataType, got)
				}
			}
			for _, f := range got {
				v, ok := lookupFormat(f)
				if !ok || v.readOnly && u != driver.ImageRead {
					t.Errorf("type %#x usage %d: %#x/%#x reported", typ, u, f.Order, f.DataType)
				}
			}
		}
	}
	// Read-only formats through a swizzle: offered for reading only.
	lum := driver.ImageFormat{Order: clLUMINANCE, DataType: clUnormInt8}
	if !slices.Contains(d.ImageFormats(driver.Image2D, driver.ImageRead), lum) {
		t.Error("CL_LUMINANCE/CL_UNORM_INT8 not readable")
	}
	if slices.Contains(d.ImageFormats(driver.Image2D, driver.ImageWrite), lum) || slices.Contains(d.ImageFormats(driver.Image1DBuffer, driver.ImageRead), lum) {
		t.Error("CL_LUMINANCE/CL_UNORM_INT8 offered for writing or for buffer images")
	}
	lim := d.ImageLimits()
	if lim.MaxWidth2D < 8192 || lim.MaxWidth3D < 2048 || lim.MaxArraySize < 256 || lim.MaxReadArgs < 8 || lim.MaxWriteArgs < 8 || lim.MaxSamplers < 16 || lim.MaxBufferSize < 65536 {
		t.Errorf("limits below OpenCL's minimum: %+v", lim)
	}
	t.Logf("2D read formats: %d, write: %d; limits %+v", len(d.ImageFormats(driver.Image2D, driver.ImageRead)), len(d.ImageFormats(driver.Image2D, driver.ImageWrite)), lim)
}
