package host

import (
	"fmt"
	"sync/atomic"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/driver/imageformat"
)

// Images on the host are tightly packed pixels in host memory, x fastest,
// then y (the layer of a 1D array), then z (the layer of a 2D array), as
// the data crossing driver.ImageQueue is: every copy is a row copy. Their
// bytes count against the device's global memory like buffers'. An
// Image1DBuffer views its buffer's bytes.

// The host's image limits: OpenCL 3.0's minimums for a full profile
// device with images (CL_DEVICE_IMAGE2D_MAX_WIDTH 16384, 3D 2048, ...),
// the sizes still bounded by the global memory when allocated.
var hostImageLimits = driver.ImageLimits{
	MaxWidth2D: 16384, MaxHeight2D: 16384,
	MaxWidth3D: 2048, MaxHeight3D: 2048, MaxDepth3D: 2048,
	MaxBufferSize: 65536, MaxArraySize: 2048,
	MaxReadArgs: 128, MaxWriteArgs: 64, MaxReadWriteArgs: 64, MaxSamplers: 16,
	PitchAlignment: 1, BaseAddressAlignment: 1,
}

// image is a host image: its pixels (texel.Image, what kernels read and
// write through package texel) and how they were allocated.
type image struct {
	texel.Image
	desc     driver.ImageDesc
	owned    bool // Data counts against the global memory (not a buffer's view)
	released atomic.Bool
}

func (im *image) Desc() driver.ImageDesc { return im.desc }

// Release gives an image's bytes back to the device's global memory.
func (im *image) Release() {
	if im.owned && !im.released.Swap(true) {
		unreserve(uint64(len(im.Data)))
	}
}

// ImageFormats lists every format of package imageformat: the host reads
// and writes all of them the same way.
func (*Device) ImageFormats(t driver.ImageType, u driver.ImageUsage) []driver.ImageFormat {
	switch t {
	case driver.Image1D, driver.Image1DArray, driver.Image1DBuffer, driver.Image2D, driver.Image2DArray, driver.Image3D:
		return imageformat.All(t)
	}
	return nil
}

// ImageLimits reports the host's image limits.
func (*Device) ImageLimits() driver.ImageLimits { return hostImageLimits }

// NewImage allocates a zeroed image, or views the buffer of an
// Image1DBuffer.
func (*Device) NewImage(desc driver.ImageDesc) (img driver.Image, err error) {
	elem := imageformat.ElementSize(desc.Format)
	if elem == 0 || desc.Format.Order == imageformat.Depth && desc.Type != driver.Image2D && desc.Type != driver.Image2DArray {
		return nil, fmt.Errorf("host: image format %#x/%#x: %w", desc.Format.Order, desc.Format.DataType, driver.ErrInvalidValue)
	}
	L := hostImageLimits
	var max [3]uint64
	switch desc.Type {
	case driver.Image1D:
		max = [3]uint64{L.MaxWidth2D, 1, 1}
	case driver.Image1DBuffer:
		max = [3]uint64{L.MaxBufferSize, 1, 1}
	case driver.Image1DArray:
		max = [3]uint64{L.MaxWidth2D, L.MaxArraySize, 1}
	case driver.Image2D:
		max = [3]uint64{L.MaxWidth2D, L.MaxHeight2D, 1}
	case driver.Image2DArray:
		max = [3]uint64{L.MaxWidth2D, L.MaxHeight2D, L.MaxArraySize}
	case driver.Image3D:
		max = [3]uint64{L.MaxWidth3D, L.MaxHeight3D, L.MaxDepth3D}
	default:
		return nil, fmt.Errorf("host: image type %#x: %w", uint32(desc.Type), driver.ErrInvalidValue)
	}
	ext := desc.Extent()
	for i := range 3 {
		if ext[i] == 0 || ext[i] > max[i] {
			return nil, fmt.Errorf("host: image of %d x %d x %d pixels (at most %d x %d x %d for this type): %w",
				ext[0], ext[1], ext[2], max[0], max[1], max[2], driver.ErrInvalidValue)
		}
	}
	im := &image{desc: desc, Image: texel.Image{Type: desc.Type, Format: desc.Format, Elem: elem,
		Ext: [3]int{int(ext[0]), int(ext[1]), int(ext[2])}}}
	size := ext[0] * ext[1] * ext[2] * uint64(elem)
	if desc.Type == driver.Image1DBuffer {
		data, err := bytesOf(desc.Buffer)
		if err != nil {
			return nil, err
		}
		if desc.BufferOffset > uint64(len(data)) || size > uint64(len(data))-desc.BufferOffset {
			return nil, fmt.Errorf("host: image of %d bytes at offset %d of a buffer of %d: %w", size, desc.BufferOffset, len(data), driver.ErrInvalidValue)
		}
		im.Data = data[desc.BufferOffset : desc.BufferOffset+size : desc.BufferOffset+size]
		return im, nil
	}
	global, maxAlloc := memSizes()
	if size > maxAlloc {
		return nil, fmt.Errorf("host: image of %d bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE is %d): %w", size, maxAlloc, driver.ErrInvalidValue)
	}
	if !reserveCollecting(size) {
		return nil, fmt.Errorf("host: image of %d bytes: %d of the device's %d bytes of global memory are in use: %w",
			size, allocated.Load(), global, driver.ErrMemAllocationFailure)
	}
	defer func() {
		if recover() != nil {
			unreserve(size)
			img, err = nil, fmt.Errorf("host: image of %d bytes: %w", size, driver.ErrMemAllocationFailure)
		}
	}()
	im.Data, im.owned = make([]byte, size), true
	adviseHugePages(im.Data) // hugepages_linux.go
	return im, nil
}

// imageOf returns the host image behind a driver.Image.
func imageOf(i driver.Image) (*image, error) {
	im, ok := i.(*image)
	if !ok || im == nil {
		return nil, fmt.Errorf("host: image of another device: %w", driver.ErrInvalidMemObject)
	}
	return im, nil
}
