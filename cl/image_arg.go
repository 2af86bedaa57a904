package cl

import (
	"strings"

	"github.com/clgo/clgo/driver"
)

// imageTypes maps the OpenCL C image types to the image object types
// clSetKernelArg accepts for them.
var imageTypes = map[string]ImageType{
	"image1d_t": driver.Image1D, "image1d_array_t": driver.Image1DArray,
	"image1d_buffer_t": driver.Image1DBuffer, "image2d_t": driver.Image2D,
	"image2d_array_t": driver.Image2DArray, "image3d_t": driver.Image3D,
	"image2d_depth_t": driver.Image2D, "image2d_array_depth_t": driver.Image2DArray,
}

// imageArg checks v as the value of image argument i: an image of the
// kernel's context, of the argument's image type (when the reflection
// names it), whose flags allow the argument's access qualifier.
func (k *Kernel) imageArg(i int, ai ArgInfo, v any) (*Image, error) {
	const op = "clSetKernelArg"
	img, ok := v.(*Image)
	switch {
	case v == nil:
		return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): image argument %s given no image", op, k.name, i, argName(ai))
	case !ok:
		if _, isBuf := v.(*Buffer); isBuf {
			return nil, errorf(ErrInvalidMemObject, "%s(%s, %d): image argument %s given a buffer", op, k.name, i, argName(ai))
		}
		return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): image argument %s wants an *Image, not %T", op, k.name, i, argName(ai), v)
	}
	if err := img.check(op); err != nil {
		return nil, err
	}
	if img.ctx != k.prog.ctx {
		return nil, errorf(ErrInvalidMemObject, "%s(%s, %d): image of another context", op, k.name, i)
	}
	f := strings.Fields(ai.TypeName)
	if len(f) > 0 {
		if want, known := imageTypes[f[len(f)-1]]; known && want != img.desc.Type {
			return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): argument %s is %s, given an %s", op, k.name, i, argName(ai), f[len(f)-1], imageTypeName(img.desc.Type))
		}
		if strings.Contains(f[len(f)-1], "depth") && img.format.Order != Depth {
			return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): argument %s is %s, given an image of channel order %#x", op, k.name, i, argName(ai), f[len(f)-1], img.format.Order)
		}
	}
	switch {
	case ai.AccessQualifier == driver.AccessReadOnly && img.flags&MemWriteOnly != 0:
		return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): read_only argument %s given a CL_MEM_WRITE_ONLY image", op, k.name, i, argName(ai))
	case ai.AccessQualifier == driver.AccessWriteOnly && img.flags&MemReadOnly != 0:
		return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): write_only argument %s given a CL_MEM_READ_ONLY image", op, k.name, i, argName(ai))
	case ai.AccessQualifier == driver.AccessReadWrite && img.flags&(MemReadOnly|MemWriteOnly) != 0:
		return nil, errorf(ErrInvalidArgValue, "%s(%s, %d): read_write argument %s given an image made read-only or write-only", op, k.name, i, argName(ai))
	}
	return img, nil
}

// imageTypeName names an image type as OpenCL C does ("image2d_t").
func imageTypeName(t ImageType) string {
	for n, v := range imageTypes {
		if v == t && !strings.Contains(n, "depth") {
			return n
		}
	}
	return "image"
}
