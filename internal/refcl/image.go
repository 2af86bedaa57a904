package refcl

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Images and samplers on the reference platform, for kernel specs with
// image arguments: images are read-write, written and read whole and
// tightly packed, blocking.

// imageFormat and imageDesc are cl_image_format and cl_image_desc (LP64).
type imageFormat struct {
	Order, DataType uint32
}

type imageDesc struct {
	Type                                                  uint32
	_                                                     uint32
	Width, Height, Depth, ArraySize, RowPitch, SlicePitch uintptr
	NumMipLevels, NumSamples                              uint32
	Buffer                                                handle
}

// ImageSpec describes an image as cl_image_desc does: Height, Depth and
// ArraySize are 0 where the type has none.
type ImageSpec struct {
	Type, Order, DataType           uint32
	Width, Height, Depth, ArraySize uint64
}

const image1DBuffer = 0x10F6

// Image is a read-write image (with the buffer it views, for a 1D buffer
// image).
type Image struct {
	c      *Context
	id     handle
	buffer *Buffer
	region [3]uintptr
	Size   uint64 // bytes, tightly packed
}

// NewImage creates an image of s whose pixels are elemSize bytes.
func (c *Context) NewImage(s ImageSpec, elemSize uint64) (*Image, error) {
	im := &Image{c: c}
	im.region = [3]uintptr{uintptr(s.Width), 1, 1}
	switch s.Type {
	case 0x10F5: // 1D array
		im.region[1] = uintptr(s.ArraySize)
	case 0x10F1: // 2D
		im.region[1] = uintptr(s.Height)
	case 0x10F3: // 2D array
		im.region[1], im.region[2] = uintptr(s.Height), uintptr(s.ArraySize)
	case 0x10F2: // 3D
		im.region[1], im.region[2] = uintptr(s.Height), uintptr(s.Depth)
	}
	im.Size = uint64(im.region[0]*im.region[1]*im.region[2]) * elemSize
	desc := imageDesc{Type: s.Type, Width: uintptr(s.Width), Height: uintptr(s.Height), Depth: uintptr(s.Depth), ArraySize: uintptr(s.ArraySize)}
	if s.Type == image1DBuffer {
		b, err := c.NewBuffer(im.Size)
		if err != nil {
			return nil, err
		}
		im.buffer, desc.Buffer = b, b.id
	}
	format := imageFormat{s.Order, s.DataType}
	var errc int32
	im.id = api.CreateImage(c.ctx, memReadWrite, &format, &desc, nil, &errc)
	if err := check("clCreateImage", errc); err != nil {
		im.Release()
		return nil, err
	}
	return im, nil
}

// Release frees the image.
func (im *Image) Release() {
	if im.id != 0 {
		api.ReleaseMemObject(im.id)
		im.id = 0
	}
	if im.buffer != nil {
		im.buffer.Release()
		im.buffer = nil
	}
}

// Write replaces every pixel from data (tightly packed), blocking.
func (im *Image) Write(data []byte) error {
	if uint64(len(data)) != im.Size {
		return fmt.Errorf("clEnqueueWriteImage: %d bytes for an image of %d", len(data), im.Size)
	}
	var origin [3]uintptr
	c := api.EnqueueWriteImage(im.c.queue, im.id, 1, &origin[0], &im.region[0], 0, 0, unsafe.Pointer(&data[0]), 0, nil, nil)
	runtime.KeepAlive(data)
	return check("clEnqueueWriteImage", c)
}

// Read copies every pixel into dst (tightly packed), blocking.
func (im *Image) Read(dst []byte) error {
	if uint64(len(dst)) != im.Size {
		return fmt.Errorf("clEnqueueReadImage: %d bytes for an image of %d", len(dst), im.Size)
	}
	var origin [3]uintptr
	c := api.EnqueueReadImage(im.c.queue, im.id, 1, &origin[0], &im.region[0], 0, 0, unsafe.Pointer(&dst[0]), 0, nil, nil)
	runtime.KeepAlive(dst)
	return check("clEnqueueReadImage", c)
}

// SetImage sets argument i to im.
func (k *Kernel) SetImage(i int, im *Image) error {
	id := im.id
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), unsafe.Sizeof(id), unsafe.Pointer(&id)))
}

// Sampler is a sampler object.
type Sampler struct {
	id handle
}

// NewSampler creates a sampler (clCreateSampler).
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

// SetSampler sets argument i to s.
func (k *Kernel) SetSampler(i int, s *Sampler) error {
	id := s.id
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), unsafe.Sizeof(id), unsafe.Pointer(&id)))
}
