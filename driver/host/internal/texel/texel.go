// Package texel is what the host driver's image instructions compute on
// one work-item, as OpenCL C's numerical compliance §3 ("Image Addressing
// and Filtering") defines it: fetching and writing a texel at integer
// coordinates, and sampling with a sampler's addressing and filtering.
// The lane tier's Go executor and native code (packages lanes and jit)
// both call it, so that their results agree bit for bit.
//
// Texels are [4]uint32 in the kind of the image's format (package
// imageformat decodes and encodes them). Nothing here can fault: a texel
// outside the image is the border color when sampled, zeros when
// fetched, and a write there is dropped.
package texel

import (
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// Image is a host image's pixels: tightly packed, x fastest, then y (the
// layer of a 1D array), then z (the layer of a 2D array).
type Image struct {
	Type   driver.ImageType
	Format driver.ImageFormat
	Data   []byte
	Elem   int    // bytes per pixel
	Ext    [3]int // pixels in x, y, z of the packed layout
}

// Geometry is the number of spatial coordinates of an image type and
// whether a layer coordinate follows them (it then indexes Ext[dims]).
func Geometry(t driver.ImageType) (dims int, arrayed bool) {
	switch t {
	case driver.Image1DArray:
		return 1, true
	case driver.Image2D:
		return 2, false
	case driver.Image2DArray:
		return 2, true
	case driver.Image3D:
		return 3, false
	}
	return 1, false // Image1D, Image1DBuffer
}

// Pixel reads the texel at (x, y, z) of the packed layout, which is in
// range.
func (im *Image) Pixel(x, y, z int) [4]uint32 {
	off := ((z*im.Ext[1]+y)*im.Ext[0] + x) * im.Elem
	return decode(im.Format, im.Data[off:off+im.Elem])
}

// Inside says whether c (x, y, z) lies in the image.
func (im *Image) Inside(c [3]int) bool {
	return c[0] >= 0 && c[0] < im.Ext[0] && c[1] >= 0 && c[1] < im.Ext[1] && c[2] >= 0 && c[2] < im.Ext[2]
}

// coords places integer image coordinates (spatial, then the layer) in the
// packed layout; components the coordinate lacks are 0.
func (im *Image) coords(c [4]int32) [3]int {
	dims, arrayed := Geometry(im.Type)
	var p [3]int
	n := dims
	if arrayed {
		n++
	}
	for i := range n {
		p[i] = int(c[i])
	}
	return p
}

// Fetch is OpImageFetch and OpImageRead: the texel at integer
// coordinates, zeros out of range.
func (im *Image) Fetch(c [4]int32) [4]uint32 {
	p := im.coords(c)
	if !im.Inside(p) {
		return [4]uint32{}
	}
	return im.Pixel(p[0], p[1], p[2])
}

// Write is OpImageWrite: v converted to the format at integer
// coordinates, dropped out of range.
func (im *Image) Write(c [4]int32, v [4]uint32) {
	p := im.coords(c)
	if !im.Inside(p) {
		return
	}
	off := ((p[2]*im.Ext[1]+p[1])*im.Ext[0] + p[0]) * im.Elem
	imageformat.Write(im.Format, im.Data[off:off+im.Elem], v)
}
