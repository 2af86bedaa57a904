package refcl

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Images and samplers on the reference platform, to compare image
// kernels with.

type imageFormat struct{ order, dataType uint32 }

// imageDesc is cl_image_desc.
type imageDesc struct {
	imageType                                 uint32
	width, height, depth, arraySize, rowPitch uintptr
	slicePitch                                uintptr
	numMipLevels, numSamples                  uint32
	buffer                                    handle
}

const memCopyHostPtr = 1 << 5

// Image is a read-write image.
type Image struct {
	c      *Context
	id     handle
	region [3]uintptr // width, height (or layers), depth (or layers)
	elem   int
}

// NewImage makes an image of the given cl_mem_object_type, channel order
// and data type and size, filled with the tightly packed pixels (elem
// bytes each): width, height (1 or the layers of a 1D array), depth (1 or
// the layers of a 2D array).
func (c *Context) NewImage(imageType, order, dataType uint32, width, height, depth uint64, elem int, pixels []byte) (*Image, error) {
	d := imageDesc{imageType: imageType, width: uintptr(width), height: uintptr(height), depth: uintptr(depth), arraySize: 1}
	switch imageType {
	case 0x10F5: // CL_MEM_OBJECT_IMAGE1D_ARRAY
		d.height, d.arraySize = 0, uintptr(height)
	case 0x10F3: // CL_MEM_OBJECT_IMAGE2D_ARRAY
		d.depth, d.arraySize = 0, uintptr(depth)
	}
	if n := int(width*height*depth) * elem; len(pixels) != n {
		return nil, fmt.Errorf("refcl: %d bytes of pixels for an image of %d", len(pixels), n)
	}
	f := imageFormat{order, dataType}
	var errc int32
	id := api.CreateImage(c.ctx, memReadWrite|memCopyHostPtr, &f, &d, unsafe.Pointer(&pixels[0]), &errc)
	runtime.KeepAlive(pixels)
	if err := check("clCreateImage", errc); err != nil {
		return nil, err
	}
	return &Image{c: c, id: id, region: [3]uintptr{uintptr(width), uintptr(height), uintptr(depth)}, elem: elem}, nil
}

// Read copies the whole image, tightly packed, blocking.
func (im *Image) Read() ([]byte, error) {
	dst := make([]byte, int(im.region[0]*im.region[1]*im.region[2])*im.elem)
	var origin [3]uintptr
	c := api.EnqueueReadImage(im.c.queue, im.id, 1, &origin, &im.region, 0, 0, unsafe.Pointer(&dst[0]), 0, nil, nil)
	return dst, check("clEnqueueReadImage", c)
}

// Release frees the image.
func (im *Image) Release() {
	if im.id != 0 {
		api.ReleaseMemObject(im.id)
		im.id = 0
	}
}

// Sampler is a sampler object.
type Sampler struct{ id handle }

// NewSampler makes a sampler (CL_ADDRESS_* and CL_FILTER_* values).
func (c *Context) NewSampler(normalized bool, addressing, filter uint32) (*Sampler, error) {
	var errc int32
	n := uint32(0)
	if normalized {
		n = 1
	}
	id := api.CreateSampler(c.ctx, n, addressing, filter, &errc)
	if err := check("clCreateSampler", errc); err != nil {
		return nil, err
	}
	return &Sampler{id: id}, nil
}

// Release frees the sampler.
func (s *Sampler) Release() {
	if s.id != 0 {
		api.ReleaseSampler(s.id)
		s.id = 0
	}
}

// SetImage sets argument i to im.
func (k *Kernel) SetImage(i int, im *Image) error {
	id := im.id
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), unsafe.Sizeof(id), unsafe.Pointer(&id)))
}

// SetSampler sets argument i to s.
func (k *Kernel) SetSampler(i int, s *Sampler) error {
	id := s.id
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), unsafe.Sizeof(id), unsafe.Pointer(&id)))
}
