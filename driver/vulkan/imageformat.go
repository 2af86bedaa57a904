package vulkan

import (
	"sort"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
	"github.com/clgo/clgo/spirv"
)

// OpenCL image formats (cl_channel_order x cl_channel_type) and the
// VkFormat each maps to. A format whose OpenCL channel order Vulkan has no
// format for (CL_A, CL_INTENSITY, CL_LUMINANCE, CL_RA) is a one- or
// two-channel VkFormat read through a VkComponentMapping on its sampled
// view; storage images and texel buffers take no mapping, so those formats
// are read-only and not offered for 1D buffer images.

// OpenCL channel orders and types (cl.h).
const (
	clR         = 0x10B0
	clA         = 0x10B1
	clRG        = 0x10B2
	clRA        = 0x10B3
	clRGB       = 0x10B4
	clRGBA      = 0x10B5
	clBGRA      = 0x10B6
	clINTENSITY = 0x10B8
	clLUMINANCE = 0x10B9
	clRGBx      = 0x10BC
	clSRGBA     = 0x10C1
	clSBGRA     = 0x10C2

	clSnormInt8      = 0x10D0
	clSnormInt16     = 0x10D1
	clUnormInt8      = 0x10D2
	clUnormInt16     = 0x10D3
	clUnormShort565  = 0x10D4
	clUnormInt101010 = 0x10D6
	clSignedInt8     = 0x10D7
	clSignedInt16    = 0x10D8
	clSignedInt32    = 0x10D9
	clUnsignedInt8   = 0x10DA
	clUnsignedInt16  = 0x10DB
	clUnsignedInt32  = 0x10DC
	clHalfFloat      = 0x10DD
	clFloat          = 0x10DE
)

// sampledKind is the SPIR-V sampled type an image of a format is read and
// written with: float (float, half, normalized), int or uint.
type sampledKind uint8

const (
	kindFloat sampledKind = iota
	kindInt
	kindUint
)

// vkImageFormat is how an OpenCL format lives on the device.
type vkImageFormat struct {
	vk      uint32    // VkFormat
	size    uint32    // bytes per pixel
	swizzle [4]uint32 // the sampled view's VkComponentMapping
	// readOnly: the format needs its swizzle (or, for sRGB, a
	// conversion storage images do not do): no storage images, no
	// texel buffers.
	readOnly bool
	kind     sampledKind
}

// channelType is one cl_channel_type: its component size and the VkFormats
// of 1, 2 and 4 channels (RGBA order) and of BGRA (0 where Vulkan has none).
type channelType struct {
	size          uint32
	kind          sampledKind
	r, rg, rgba   uint32
	bgra          uint32
	normalizedOrF bool // CL_A, CL_INTENSITY and CL_LUMINANCE take these types only
}

var channelTypes = map[uint32]channelType{
	clUnormInt8:     {1, kindFloat, 9, 16, 37, 44, true},
	clSnormInt8:     {1, kindFloat, 10, 17, 38, 45, true},
	clUnsignedInt8:  {1, kindUint, 13, 20, 41, 48, false},
	clSignedInt8:    {1, kindInt, 14, 21, 42, 49, false},
	clUnormInt16:    {2, kindFloat, 70, 77, 91, 0, true},
	clSnormInt16:    {2, kindFloat, 71, 78, 92, 0, true},
	clUnsignedInt16: {2, kindUint, 74, 81, 95, 0, false},
	clSignedInt16:   {2, kindInt, 75, 82, 96, 0, false},
	clHalfFloat:     {2, kindFloat, 76, 83, 97, 0, true},
	clUnsignedInt32: {4, kindUint, 98, 101, 107, 0, false},
	clSignedInt32:   {4, kindInt, 99, 102, 108, 0, false},
	clFloat:         {4, kindFloat, 100, 103, 109, 0, true},
}

const (
	vkFormatR5G6B5Unorm      = 4
	vkFormatA2R10G10B10Unorm = 58
	vkFormatR8G8B8A8SRGB     = 43
	vkFormatB8G8R8A8SRGB     = 50
)

var (
	identity  = [4]uint32{swizzleIdentity, swizzleIdentity, swizzleIdentity, swizzleIdentity}
	alphaOne  = [4]uint32{swizzleIdentity, swizzleIdentity, swizzleIdentity, swizzleOne}
	alphaOnly = [4]uint32{swizzleZero, swizzleZero, swizzleZero, swizzleR}
	intensity = [4]uint32{swizzleR, swizzleR, swizzleR, swizzleR}
	luminance = [4]uint32{swizzleR, swizzleR, swizzleR, swizzleOne}
	redAlpha  = [4]uint32{swizzleR, swizzleZero, swizzleZero, swizzleG}
)

// lookupFormat returns the VkFormat of an OpenCL format, or ok false.
// Formats without alpha get alpha ONE in their sampled view: OpenCL's
// CLK_ADDRESS_CLAMP border is (0,0,0,1) for them and (0,0,0,0) for the
// rest, and Vulkan swizzles the border texel like any other, so one
// transparent-black border serves both.
func lookupFormat(f driver.ImageFormat) (vkImageFormat, bool) {
	switch {
	case f.DataType == clUnormShort565 && (f.Order == clRGB || f.Order == clRGBx):
		return vkImageFormat{vk: vkFormatR5G6B5Unorm, size: 2, swizzle: alphaOne}, true
	case f.DataType == clUnormInt101010 && (f.Order == clRGB || f.Order == clRGBx):
		// Bits 31:30 are undefined in OpenCL and alpha in Vulkan.
		return vkImageFormat{vk: vkFormatA2R10G10B10Unorm, size: 4, swizzle: alphaOne, readOnly: true}, true
	case f.DataType == clUnormInt8 && f.Order == clSRGBA:
		return vkImageFormat{vk: vkFormatR8G8B8A8SRGB, size: 4, swizzle: identity, readOnly: true}, true
	case f.DataType == clUnormInt8 && f.Order == clSBGRA:
		return vkImageFormat{vk: vkFormatB8G8R8A8SRGB, size: 4, swizzle: identity, readOnly: true}, true
	}
	ct, ok := channelTypes[f.DataType]
	if !ok {
		return vkImageFormat{}, false
	}
	v := vkImageFormat{kind: ct.kind, swizzle: identity}
	switch f.Order {
	case clR:
		v.vk, v.size, v.swizzle = ct.r, ct.size, alphaOne
	case clRG:
		v.vk, v.size, v.swizzle = ct.rg, 2*ct.size, alphaOne
	case clRGBA:
		v.vk, v.size = ct.rgba, 4*ct.size
	case clBGRA:
		v.vk, v.size = ct.bgra, 4*ct.size
	case clRA:
		v.vk, v.size, v.swizzle, v.readOnly = ct.rg, 2*ct.size, redAlpha, true
	case clA, clINTENSITY, clLUMINANCE:
		if !ct.normalizedOrF {
			return vkImageFormat{}, false
		}
		v.vk, v.size, v.readOnly = ct.r, ct.size, true
		v.swizzle = map[uint32][4]uint32{clA: alphaOnly, clINTENSITY: intensity, clLUMINANCE: luminance}[f.Order]
	}
	return v, v.vk != 0
}

// allFormats lists every OpenCL format lookupFormat maps, in order.
func allFormats() []driver.ImageFormat {
	var out []driver.ImageFormat
	for order := uint32(clR); order <= clSBGRA; order++ {
		for typ := uint32(clSnormInt8); typ <= clFloat; typ++ {
			f := driver.ImageFormat{Order: order, DataType: typ}
			if _, ok := lookupFormat(f); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// formatProps returns the device's VkFormatProperties of format vk,
// queried once.
func (p *physical) formatProps(vk uint32) vkFormatProperties {
	p.fmtMu.Lock()
	defer p.fmtMu.Unlock()
	if fp, ok := p.fmtProps[vk]; ok {
		return fp
	}
	var fp vkFormatProperties
	call(p.inst.vkGetPhysicalDeviceFormatProperties, p.handle, uintptr(vk), uintptr(unsafe.Pointer(&fp)))
	if p.fmtProps == nil {
		p.fmtProps = map[uint32]vkFormatProperties{}
	}
	p.fmtProps[vk] = fp
	return fp
}

// formatCache guards the per-device format properties.
type formatCache struct {
	fmtMu    sync.Mutex
	fmtProps map[uint32]vkFormatProperties
	imgProps map[imageQuery]imageAnswer
}

type imageQuery struct{ vk, imageType, usage uint32 }

type imageAnswer struct {
	ok    bool
	props vkImageFormatProperties
}

// imageProps asks vkGetPhysicalDeviceImageFormatProperties whether images
// of format vk, VkImageType imageType and usage can be made (optimal
// tiling, no flags), and their largest size; asked once.
func (p *physical) imageProps(vk, imageType, usage uint32) (vkImageFormatProperties, bool) {
	p.fmtMu.Lock()
	defer p.fmtMu.Unlock()
	key := imageQuery{vk, imageType, usage}
	if a, ok := p.imgProps[key]; ok {
		return a.props, a.ok
	}
	var a imageAnswer
	r := call(p.inst.vkGetPhysicalDeviceImageFormatProperties, p.handle, uintptr(vk), uintptr(imageType), imageTilingOpt, uintptr(usage), 0, uintptr(unsafe.Pointer(&a.props)))
	a.ok = vkResult(int32(r)) == vkSuccess
	if p.imgProps == nil {
		p.imgProps = map[imageQuery]imageAnswer{}
	}
	p.imgProps[key] = a
	return a.props, a.ok
}

// vkImageType is the VkImageType of an OpenCL image type.
func vkImageType(t driver.ImageType) uint32 {
	switch t {
	case driver.Image2D, driver.Image2DArray:
		return imageType2D
	case driver.Image3D:
		return imageType3D
	}
	return imageType1D
}

// imageUsage is the VkImageUsageFlags of an image: sampled and both
// transfers, and storage where asked.
func imageUsage(storage bool) uint32 {
	u := uint32(imageUsageTransferSrc | imageUsageTransferDst | imageUsageSampled)
	if storage {
		u |= imageUsageStorage
	}
	return u
}

// supports reports whether the device can make images of type t in format
// v for usage u: SAMPLED_IMAGE for reading, STORAGE_IMAGE for writing
// (and, with shaderStorageImageReadWithoutFormat, for read_write), with
// transfers both ways for the queue's copies; UNIFORM_/STORAGE_TEXEL_BUFFER
// for 1D buffer images.
func (p *physical) supports(t driver.ImageType, v vkImageFormat, u driver.ImageUsage) bool {
	f := &p.features.features
	if u&driver.ImageWrite != 0 && f[featShaderStorageImageWriteWithoutFormat] == 0 ||
		u&driver.ImageReadWrite != 0 && !(f[featShaderStorageImageReadWithoutFormat] != 0 && f[featShaderStorageImageWriteWithoutFormat] != 0 ||
			p.readByFormat() && spirvFormats[v.vk] != spirv.ImageFormatUnknown) {
		return false
	}
	if v.readOnly && u&(driver.ImageWrite|driver.ImageReadWrite) != 0 {
		return false
	}
	fp := p.formatProps(v.vk)
	if t == driver.Image1DBuffer {
		if v.readOnly {
			return false
		}
		var need uint32
		if u&driver.ImageRead != 0 {
			need |= formatFeatureUniformTexelBuffer
		}
		if u&(driver.ImageWrite|driver.ImageReadWrite) != 0 {
			need |= formatFeatureStorageTexelBuffer
		}
		return fp.bufferFeatures&need == need
	}
	need := uint32(formatFeatureSampledImage | formatFeatureTransferSrc | formatFeatureTransferDst)
	storage := u&(driver.ImageWrite|driver.ImageReadWrite) != 0
	if storage {
		need |= formatFeatureStorageImage
	}
	if fp.optimalTilingFeatures&need != need {
		return false
	}
	// The features are the format's; the image type may still be refused
	// (3D storage images of some formats, say).
	_, ok := p.imageProps(v.vk, vkImageType(t), imageUsage(storage))
	return ok
}

// ImageFormats lists the OpenCL formats the device supports for images of
// type t in usage u, as clGetSupportedImageFormats reports them.
func (d *Device) ImageFormats(t driver.ImageType, u driver.ImageUsage) []driver.ImageFormat {
	if !d.info.Caps.Images {
		return nil
	}
	var out []driver.ImageFormat
	for _, f := range allFormats() {
		if !imageformat.Reported(f.Order) {
			continue
		}
		v, _ := lookupFormat(f)
		if d.phys.supports(t, v, u) {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Order < out[j].Order || out[i].Order == out[j].Order && out[i].DataType < out[j].DataType
	})
	return out
}

// LinearFilter reports whether the device filters images of format f
// linearly (SAMPLED_IMAGE_FILTER_LINEAR). OpenCL wants CLK_FILTER_LINEAR
// for every float and normalized format; where a device lacks it (32-bit
// float formats on some GPUs), Vulkan leaves the result undefined.
func (d *Device) LinearFilter(f driver.ImageFormat) bool {
	v, ok := lookupFormat(f)
	return ok && d.phys.formatProps(v.vk).optimalTilingFeatures&formatFeatureSampledLinear != 0
}

// ImageLimits reports the device's image limits from VkPhysicalDeviceLimits.
// Pitch and base address alignments are in pixels; the texel-buffer offset
// alignment, in bytes, is reported as pixels, which is at least as strict.
func (d *Device) ImageLimits() driver.ImageLimits {
	if !d.info.Caps.Images {
		return driver.ImageLimits{}
	}
	l := &d.phys.props.limits
	f := &d.phys.features.features
	lim := driver.ImageLimits{
		MaxWidth2D: uint64(l.maxImageDimension2D), MaxHeight2D: uint64(l.maxImageDimension2D),
		MaxWidth3D: uint64(l.maxImageDimension3D), MaxHeight3D: uint64(l.maxImageDimension3D), MaxDepth3D: uint64(l.maxImageDimension3D),
		MaxBufferSize: uint64(l.maxTexelBufferElements),
		MaxArraySize:  uint64(l.maxImageArrayLayers),
		MaxReadArgs:   l.maxPerStageDescriptorSampledImages,
		MaxWriteArgs:  l.maxPerStageDescriptorStorageImages,
		MaxSamplers:   l.maxPerStageDescriptorSamplers,
		// Images from buffers are 1D buffer images only: no 2D pitch.
		BaseAddressAlignment: uint32(max(l.minTexelBufferOffsetAlignment, 1)),
	}
	if f[featShaderStorageImageReadWithoutFormat] != 0 || d.phys.readByFormat() {
		lim.MaxReadWriteArgs = l.maxPerStageDescriptorStorageImages
	}
	return lim
}

// imagesSupported decides Caps.Images: write_only images are storage
// images of Format Unknown, which need shaderStorageImageWriteWithoutFormat;
// read_write ones need shaderStorageImageReadWithoutFormat too, and a
// device without it has images but no read_write formats.
func (p *physical) imagesSupported() bool {
	return p.features.features[featShaderStorageImageWriteWithoutFormat] != 0
}
