package driver

// Images, as OpenCL's image objects reach a device. The SPIR-V side of the
// contract (which types and instructions the compiler emits for image and
// sampler arguments, literal samplers and the channel queries) is written
// in docs/images.md; this file is the runtime side.
//
// A device with Caps.Images implements ImageDevice, and its queues
// implement ImageQueue. Every pixel of host data crossing this interface is
// tightly packed: a row is Region[0] pixels of Format.ElementSize() bytes,
// a slice Region[1] rows, with no padding; package cl converts the user's
// row and slice pitches.

// ImageType is the type of an image object, as cl_mem_object_type.
type ImageType uint32

// Image types, with OpenCL's values.
const (
	Image2D       ImageType = 0x10F1 // CL_MEM_OBJECT_IMAGE2D
	Image3D       ImageType = 0x10F2 // CL_MEM_OBJECT_IMAGE3D
	Image2DArray  ImageType = 0x10F3 // CL_MEM_OBJECT_IMAGE2D_ARRAY
	Image1D       ImageType = 0x10F4 // CL_MEM_OBJECT_IMAGE1D
	Image1DArray  ImageType = 0x10F5 // CL_MEM_OBJECT_IMAGE1D_ARRAY
	Image1DBuffer ImageType = 0x10F6 // CL_MEM_OBJECT_IMAGE1D_BUFFER
)

// ImageFormat is an OpenCL image format: cl_channel_order and
// cl_channel_type values (CL_RGBA = 0x10B5, CL_UNORM_INT8 = 0x10D2, ...).
type ImageFormat struct {
	Order    uint32
	DataType uint32
}

// ImageDesc describes an image object. Unused dimensions are 1 (Height of
// a 1D image, Depth of a 2D one); ArraySize is 1 except for array types,
// where it is the number of layers.
type ImageDesc struct {
	Type      ImageType
	Format    ImageFormat
	Width     uint64
	Height    uint64
	Depth     uint64
	ArraySize uint64
	// Buffer is the buffer an Image1DBuffer views (its first
	// Width*ElementSize bytes, at BufferOffset); nil for other types.
	Buffer       Buffer
	BufferOffset uint64
}

// Extent is the image's size in pixels along the (x, y, z) of
// ImageQueue's origins and regions, which is also its tightly packed
// layout: width, then height or the layers of a 1D array, then depth or
// the layers of a 2D array.
func (d ImageDesc) Extent() [3]uint64 {
	switch d.Type {
	case Image1DArray:
		return [3]uint64{d.Width, d.ArraySize, 1}
	case Image2D:
		return [3]uint64{d.Width, d.Height, 1}
	case Image2DArray:
		return [3]uint64{d.Width, d.Height, d.ArraySize}
	case Image3D:
		return [3]uint64{d.Width, d.Height, d.Depth}
	}
	return [3]uint64{d.Width, 1, 1}
}

// ImageUsage says what a format is asked for, as the cl_mem_flags given to
// clGetSupportedImageFormats.
type ImageUsage uint8

// Image usages.
const (
	ImageRead      ImageUsage = 1 << iota // read_only image arguments
	ImageWrite                            // write_only image arguments
	ImageReadWrite                        // read_write image arguments (OpenCL 2.0)
)

// ImageLimits are the device's image limits, as the CL_DEVICE_IMAGE* queries
// report them. Zero values mean no image support.
type ImageLimits struct {
	MaxWidth2D, MaxHeight2D             uint64
	MaxWidth3D, MaxHeight3D, MaxDepth3D uint64
	MaxBufferSize                       uint64 // pixels of an Image1DBuffer
	MaxArraySize                        uint64
	MaxReadArgs, MaxWriteArgs           uint32 // image arguments of one kernel
	MaxReadWriteArgs                    uint32
	MaxSamplers                         uint32
	PitchAlignment                      uint32 // CL_DEVICE_IMAGE_PITCH_ALIGNMENT, in pixels
	BaseAddressAlignment                uint32 // CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, in pixels
}

// Image is device image memory. Release it when done; the driver keeps it
// alive until every command using it has completed. An Image1DBuffer
// shares its Buffer's memory.
type Image interface {
	Desc() ImageDesc
	Release()
}

// ImageDevice is a Device with image support (Caps.Images).
type ImageDevice interface {
	// ImageFormats lists the formats the device supports for every image
	// type in usage u (all bits of u must be supported).
	ImageFormats(t ImageType, u ImageUsage) []ImageFormat
	// ImageLimits reports the device's image limits.
	ImageLimits() ImageLimits
	// NewImage allocates an image, zero-filled (an Image1DBuffer allocates
	// nothing). Errors wrap ErrInvalidValue for a format or size the device
	// does not support, or ErrMemAllocationFailure.
	NewImage(desc ImageDesc) (Image, error)
}

// ImageQueue is a Queue of an ImageDevice. Origins and regions are in
// pixels (x, y, z), where for a 1D array image y is the layer and for a 2D
// array image z is the layer; unused components are origin 0, region 1.
type ImageQueue interface {
	// WriteImage copies the tightly packed pixels of src into dst's region.
	WriteImage(dst Image, origin, region [3]uint64, src []byte, wait []Event) (Event, error)
	// ReadImage copies src's region into dst, tightly packed.
	ReadImage(src Image, origin, region [3]uint64, dst []byte, wait []Event) (Event, error)
	// CopyImage copies a region between images of one format.
	CopyImage(src, dst Image, srcOrigin, dstOrigin, region [3]uint64, wait []Event) (Event, error)
	// FillImage fills dst's region with one color: four float32 bit
	// patterns for float and normalized formats, four int32 for signed
	// integer formats and four uint32 for unsigned ones, as
	// clEnqueueFillImage's fill_color. The driver converts it to the
	// image's format as write_image{f,i,ui} would.
	FillImage(dst Image, color [4]uint32, origin, region [3]uint64, wait []Event) (Event, error)
	// CopyImageToBuffer copies src's region into dst at dstOffset, tightly
	// packed.
	CopyImageToBuffer(src Image, dst Buffer, srcOrigin, region [3]uint64, dstOffset uint64, wait []Event) (Event, error)
	// CopyBufferToImage copies tightly packed pixels from src at srcOffset
	// into dst's region.
	CopyBufferToImage(src Buffer, dst Image, srcOffset uint64, dstOrigin, region [3]uint64, wait []Event) (Event, error)
}

// Sampler addressing modes and filters, with OpenCL's values.
const (
	AddressNone           = 0x1130 // CL_ADDRESS_NONE
	AddressClampToEdge    = 0x1131 // CL_ADDRESS_CLAMP_TO_EDGE
	AddressClamp          = 0x1132 // CL_ADDRESS_CLAMP
	AddressRepeat         = 0x1133 // CL_ADDRESS_REPEAT
	AddressMirroredRepeat = 0x1134 // CL_ADDRESS_MIRRORED_REPEAT
	FilterNearest         = 0x1140 // CL_FILTER_NEAREST
	FilterLinear          = 0x1141 // CL_FILTER_LINEAR
)

// Sampler is a sampler's state: a sampler_t kernel argument, or a literal
// sampler of a module (decoded from its OpenCL C bit mask with
// SamplerFromMask).
type Sampler struct {
	NormalizedCoords bool
	Addressing       uint32 // Address*
	Filter           uint32 // Filter*
}

// The bits of an OpenCL C sampler_t initializer (CLK_* in opencl-c.h), as
// the LiteralSampler reflection instruction carries them.
const (
	samplerNormalizedCoords = 0x01 // CLK_NORMALIZED_COORDS_TRUE
	samplerAddressMask      = 0x0E // CLK_ADDRESS_NONE (0) .. CLK_ADDRESS_MIRRORED_REPEAT (8)
	samplerFilterLinear     = 0x20 // CLK_FILTER_LINEAR (CLK_FILTER_NEAREST is 0x10)
)

// SamplerFromMask decodes an OpenCL C sampler_t bit mask.
func SamplerFromMask(mask uint32) Sampler {
	s := Sampler{NormalizedCoords: mask&samplerNormalizedCoords != 0, Filter: FilterNearest}
	switch mask & samplerAddressMask {
	case 0x2:
		s.Addressing = AddressClampToEdge
	case 0x4:
		s.Addressing = AddressClamp
	case 0x6:
		s.Addressing = AddressRepeat
	case 0x8:
		s.Addressing = AddressMirroredRepeat
	default:
		s.Addressing = AddressNone
	}
	if mask&samplerFilterLinear != 0 {
		s.Filter = FilterLinear
	}
	return s
}

// Mask is s as an OpenCL C sampler_t bit mask, the inverse of
// SamplerFromMask: what kernels that sample in code read for a sampler
// argument (kernelabi.PutSamplerPushConstants).
func (s Sampler) Mask() uint32 {
	m := uint32(0x10) // CLK_FILTER_NEAREST
	if s.Filter == FilterLinear {
		m = samplerFilterLinear
	}
	if s.NormalizedCoords {
		m |= samplerNormalizedCoords
	}
	switch s.Addressing {
	case AddressClampToEdge:
		m |= 0x2
	case AddressClamp:
		m |= 0x4
	case AddressRepeat:
		m |= 0x6
	case AddressMirroredRepeat:
		m |= 0x8
	}
	return m
}
