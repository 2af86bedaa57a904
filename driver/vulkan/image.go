package vulkan

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Images. Each image is a VkImage of optimal tiling in device-local memory
// of its own (one VkDeviceMemory per image: images are few and large, and
// their memory requirements differ from the buffer blocks'), one mip
// level, array types as layers. It is made in layout UNDEFINED and moved
// to GENERAL, where it stays, by the first command of the stream that
// follows NewImage, which also clears it to zero: GENERAL serves sampling,
// storage access and transfers alike, so no command ever changes a layout
// and the global memory barriers between dependent commands (record.go)
// order image accesses as they order buffer ones. On the GPUs clgo targets
// GENERAL costs little for compute; it is the simplest correct choice.
//
// Views are made with the image: the sampled view carries the format's
// component mapping (alpha ONE for formats without alpha, the swizzles of
// CL_A, CL_INTENSITY, CL_LUMINANCE and CL_RA); the storage view, for
// formats that are storage-capable, has the identity mapping Vulkan
// requires of storage image descriptors.
//
// A 1D buffer image is a VkBufferView over its buffer's range; it holds a
// reference to the buffer.
type Image struct {
	l    *logical
	desc driver.ImageDesc
	fmt  vkImageFormat

	image, mem               uint64
	sampledView, storageView uint64
	storage                  bool // made with STORAGE usage

	buf      *Buffer // Image1DBuffer: the buffer it views
	bufView  uint64  // Image1DBuffer: VkBufferView
	bufAlias uint64  // Image1DBuffer: the VkBuffer bufView is made on, when not the block's (newBufferImage)
	counted  int64   // bytes of memory counted in logical.imageBytes, plus one image

	refs atomic.Int32
}

// Desc describes the image.
func (im *Image) Desc() driver.ImageDesc { return im.desc }

// Release drops the user's reference; the image is destroyed once no
// pending command uses it.
func (im *Image) Release() { im.unref() }

func (im *Image) ref() { im.refs.Add(1) }

func (im *Image) unref() {
	if im.refs.Add(-1) != 0 {
		return
	}
	l := im.l
	for _, v := range []uint64{im.sampledView, im.storageView} {
		if v != 0 {
			call(l.vkDestroyImageView, l.handle, uintptr(v), 0)
		}
	}
	if im.image != 0 {
		call(l.vkDestroyImage, l.handle, uintptr(im.image), 0)
	}
	if im.mem != 0 {
		call(l.vkFreeMemory, l.handle, uintptr(im.mem), 0)
	}
	if im.bufView != 0 {
		call(l.vkDestroyBufferView, l.handle, uintptr(im.bufView), 0)
	}
	if im.bufAlias != 0 {
		call(l.vkDestroyBuffer, l.handle, uintptr(im.bufAlias), 0)
	}
	if im.buf != nil {
		im.buf.unref()
	}
	if im.counted > 0 {
		l.images.Add(-1)
		l.imageBytes.Add(1 - im.counted)
	}
}

// imageOf returns the driver image behind i.
func imageOf(i driver.Image, l *logical) (*Image, error) {
	im, ok := i.(*Image)
	if !ok || im == nil || im.l != l {
		return nil, fmt.Errorf("vulkan: image of another device: %w", driver.ErrInvalidMemObject)
	}
	return im, nil
}

// checkRegion validates a region of the image.
func (im *Image) checkRegion(origin, region [3]uint64) error {
	dims := im.desc.Extent()
	for i := range 3 {
		if region[i] == 0 || origin[i] > dims[i] || region[i] > dims[i]-origin[i] {
			return fmt.Errorf("vulkan: region %v at %v out of an image of %v pixels: %w", region, origin, dims, driver.ErrInvalidValue)
		}
	}
	return nil
}

// bytes is the byte size of a tightly packed region.
func (im *Image) bytes(region [3]uint64) uint64 {
	return region[0] * region[1] * region[2] * uint64(im.fmt.size)
}

// sub is a region in Vulkan's terms: offset, extent, first layer and
// layer count.
func (im *Image) sub(origin, region [3]uint64) (vkOffset3D, vkExtent3D, uint32, uint32) {
	o := vkOffset3D{int32(origin[0]), int32(origin[1]), int32(origin[2])}
	e := vkExtent3D{uint32(region[0]), uint32(region[1]), uint32(region[2])}
	switch im.desc.Type {
	case driver.Image1DArray:
		return vkOffset3D{o.x, 0, 0}, vkExtent3D{e.width, 1, 1}, uint32(origin[1]), uint32(region[1])
	case driver.Image2DArray:
		return vkOffset3D{o.x, o.y, 0}, vkExtent3D{e.width, e.height, 1}, uint32(origin[2]), uint32(region[2])
	case driver.Image3D:
		return o, e, 0, 1
	case driver.Image2D:
		return vkOffset3D{o.x, o.y, 0}, vkExtent3D{e.width, e.height, 1}, 0, 1
	}
	return vkOffset3D{o.x, 0, 0}, vkExtent3D{e.width, 1, 1}, 0, 1
}

// NewImage allocates an image, zero-filled; an Image1DBuffer views its
// buffer.
func (d *Device) NewImage(desc driver.ImageDesc) (driver.Image, error) {
	if !d.info.Caps.Images {
		return nil, fmt.Errorf("vulkan: %s has no image support: %w", d.info.Name, driver.ErrInvalidOperation)
	}
	v, ok := lookupFormat(desc.Format)
	if !ok || !d.phys.supports(desc.Type, v, driver.ImageRead) && !d.phys.supports(desc.Type, v, driver.ImageWrite) {
		return nil, fmt.Errorf("vulkan: image format %#x/%#x for image type %#x: not supported by %s: %w", desc.Format.Order, desc.Format.DataType, uint32(desc.Type), d.info.Name, driver.ErrInvalidValue)
	}
	if err := d.checkImageSize(&desc); err != nil {
		return nil, err
	}
	if err := d.open(); err != nil {
		return nil, err
	}
	im := &Image{l: d.logical, desc: desc, fmt: v}
	im.refs.Store(1)
	if desc.Type == driver.Image1DBuffer {
		if err := d.newBufferImage(im); err != nil {
			im.unref()
			return nil, err
		}
		return im, nil
	}
	if err := d.newDeviceImage(im); err != nil {
		im.unref()
		return nil, err
	}
	// Layout GENERAL and zeros, before any later command.
	im.ref()
	d.sub.enqueue(&command{kind: cmdImageInit, ev: d.sub.newEvent(nil), img: &imageCmd{dst: im}})
	return im, nil
}

// checkImageSize checks the dimensions against the device's limits.
func (d *Device) checkImageSize(desc *driver.ImageDesc) error {
	lim := d.ImageLimits()
	var w, h, dep, layers uint64 = desc.Width, 1, 1, 1
	var maxW, maxH, maxD uint64
	switch desc.Type {
	case driver.Image1D, driver.Image1DArray:
		maxW, maxH, maxD = uint64(d.phys.props.limits.maxImageDimension1D), 1, 1
	case driver.Image2D, driver.Image2DArray:
		h, maxW, maxH, maxD = desc.Height, lim.MaxWidth2D, lim.MaxHeight2D, 1
	case driver.Image3D:
		h, dep, maxW, maxH, maxD = desc.Height, desc.Depth, lim.MaxWidth3D, lim.MaxHeight3D, lim.MaxDepth3D
	case driver.Image1DBuffer:
		maxW, maxH, maxD = lim.MaxBufferSize, 1, 1
	default:
		return fmt.Errorf("vulkan: image type %#x: %w", uint32(desc.Type), driver.ErrInvalidValue)
	}
	if desc.Type == driver.Image1DArray || desc.Type == driver.Image2DArray {
		layers = desc.ArraySize
		if layers == 0 || layers > lim.MaxArraySize {
			return fmt.Errorf("vulkan: image array of %d layers (at most %d): %w", layers, lim.MaxArraySize, driver.ErrInvalidValue)
		}
	}
	if w == 0 || h == 0 || dep == 0 || w > maxW || h > maxH || dep > maxD {
		return fmt.Errorf("vulkan: image of %dx%dx%d pixels (at most %dx%dx%d): %w", w, h, dep, maxW, maxH, maxD, driver.ErrInvalidValue)
	}
	return nil
}

// newDeviceImage makes the VkImage, its memory and its views.
func (d *Device) newDeviceImage(im *Image) error {
	l := d.logical
	desc := &im.desc
	ci := &vkImageCreateInfo{sType: sTypeImageCreateInfo, format: im.fmt.vk, mipLevels: 1, arrayLayers: 1, samples: 1,
		tiling: imageTilingOpt, usage: imageUsageTransferSrc | imageUsageTransferDst | imageUsageSampled,
		initialLayout: imageLayoutUndefined, extent: vkExtent3D{uint32(desc.Width), 1, 1}}
	viewType := uint32(imageViewType1D)
	switch desc.Type {
	case driver.Image1D:
		ci.imageType = imageType1D
	case driver.Image1DArray:
		ci.imageType, ci.arrayLayers, viewType = imageType1D, uint32(desc.ArraySize), imageViewType1DArray
	case driver.Image2D:
		ci.imageType, ci.extent.height, viewType = imageType2D, uint32(desc.Height), imageViewType2D
	case driver.Image2DArray:
		ci.imageType, ci.extent.height, ci.arrayLayers, viewType = imageType2D, uint32(desc.Height), uint32(desc.ArraySize), imageViewType2DArray
	case driver.Image3D:
		ci.imageType, ci.extent.height, ci.extent.depth, viewType = imageType3D, uint32(desc.Height), uint32(desc.Depth), imageViewType3D
	}
	im.storage = !im.fmt.readOnly && d.phys.formatProps(im.fmt.vk).optimalTilingFeatures&formatFeatureStorageImage != 0
	if im.storage {
		if _, ok := d.phys.imageProps(im.fmt.vk, ci.imageType, imageUsage(true)); !ok {
			im.storage = false // sampled only, for this image type
		}
	}
	ci.usage = imageUsage(im.storage)
	name := fmt.Sprintf("image of %dx%dx%d pixels (%d layers)", desc.Width, ci.extent.height, ci.extent.depth, ci.arrayLayers)
	if props, ok := d.phys.imageProps(im.fmt.vk, ci.imageType, ci.usage); !ok || ci.extent.width > props.maxExtent.width ||
		ci.extent.height > props.maxExtent.height || ci.extent.depth > props.maxExtent.depth || ci.arrayLayers > props.maxArrayLayers {
		return fmt.Errorf("vulkan: %s of format %#x/%#x: %s makes at most %dx%dx%d pixels, %d layers: %w", name, desc.Format.Order, desc.Format.DataType,
			d.info.Name, props.maxExtent.width, props.maxExtent.height, props.maxExtent.depth, props.maxArrayLayers, driver.ErrInvalidValue)
	}
	if err := check("vkCreateImage", call(l.vkCreateImage, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&im.image)))); err != nil {
		return fmt.Errorf("vulkan: %s: %w", name, err)
	}
	var req vkMemoryRequirements
	call(l.vkGetImageMemoryRequirements, l.handle, uintptr(im.image), uintptr(unsafe.Pointer(&req)))
	typ, ok := l.imageMemoryType(req.memoryTypeBits)
	if !ok {
		return fmt.Errorf("vulkan: %s: no memory type for images: %w", name, driver.ErrMemAllocationFailure)
	}
	ai := &vkMemoryAllocateInfo{sType: sTypeMemoryAllocateInfo, allocationSize: req.size, memoryTypeIndex: typ}
	if err := check("vkAllocateMemory", call(l.vkAllocateMemory, l.handle, uintptr(unsafe.Pointer(ai)), 0, uintptr(unsafe.Pointer(&im.mem)))); err != nil {
		return fmt.Errorf("vulkan: %s: %w", name, err)
	}
	im.counted = int64(req.size) + 1
	l.images.Add(1)
	l.imageBytes.Add(int64(req.size))
	if err := check("vkBindImageMemory", call(l.vkBindImageMemory, l.handle, uintptr(im.image), uintptr(im.mem), 0)); err != nil {
		return fmt.Errorf("vulkan: %s: %w", name, err)
	}
	vci := &vkImageViewCreateInfo{sType: sTypeImageViewCreateInfo, image: im.image, viewType: viewType, format: im.fmt.vk,
		components:       im.fmt.swizzle,
		subresourceRange: vkImageSubresourceRange{aspectMask: imageAspectColor, levelCount: 1, layerCount: ci.arrayLayers}}
	if err := check("vkCreateImageView", call(l.vkCreateImageView, l.handle, uintptr(unsafe.Pointer(vci)), 0, uintptr(unsafe.Pointer(&im.sampledView)))); err != nil {
		return fmt.Errorf("vulkan: %s: %w", name, err)
	}
	if im.storage {
		vci.components = identity
		if err := check("vkCreateImageView", call(l.vkCreateImageView, l.handle, uintptr(unsafe.Pointer(vci)), 0, uintptr(unsafe.Pointer(&im.storageView)))); err != nil {
			return fmt.Errorf("vulkan: %s: %w", name, err)
		}
	}
	return nil
}

// texelBuffer returns the VkBuffer to make a buffer view of format on
// over blk's memory. A view's format must have the texel-buffer features
// of every texel usage its buffer was made with (VUID-
// VkBufferViewCreateInfo-buffer-00933, -00934), and blocks are made with
// both uniform and storage texel usage: for a format that lacks one (one
// NVIDIA cannot write through a storage texel buffer, say), the view goes
// on a new VkBuffer bound to the block's memory with only the usages the
// format has, which the caller destroys with the view.
func (l *logical) texelBuffer(blk *block, format uint32) (uint64, error) {
	has := l.phys.formatProps(format).bufferFeatures
	usage := l.mem.usage & (bufferUsageUniformTexel | bufferUsageStorageTexel)
	if has&formatFeatureUniformTexelBuffer == 0 {
		usage &^= bufferUsageUniformTexel
	}
	if has&formatFeatureStorageTexelBuffer == 0 {
		usage &^= bufferUsageStorageTexel
	}
	if usage == l.mem.usage&(bufferUsageUniformTexel|bufferUsageStorageTexel) {
		return blk.buf, nil
	}
	if usage == 0 {
		return 0, fmt.Errorf("format %d is not usable in a texel buffer on %s: %w", format, l.info.Name, driver.ErrInvalidValue)
	}
	buf, req, err := l.createBuffer(blk.size, usage)
	if err != nil {
		return 0, err
	}
	if req.size > blk.size || req.memoryTypeBits&(1<<l.mem.typeIndex) == 0 {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return 0, fmt.Errorf("a texel buffer of format %d cannot alias buffer memory on %s: %w", format, l.info.Name, driver.ErrUnsupported)
	}
	if err := check("vkBindBufferMemory", call(l.vkBindBufferMemory, l.handle, uintptr(buf), uintptr(blk.mem), 0)); err != nil {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return 0, err
	}
	return buf, nil
}

// imageMemoryType picks a device-local memory type among bits, or any.
func (l *logical) imageMemoryType(bits uint32) (uint32, bool) {
	best := -1
	for i, t := range l.phys.mem.memoryTypes[:l.phys.mem.memoryTypeCount] {
		if bits&(1<<i) == 0 {
			continue
		}
		if best < 0 || t.propertyFlags&memoryPropertyDeviceLocal != 0 && l.phys.mem.memoryTypes[best].propertyFlags&memoryPropertyDeviceLocal == 0 {
			best = i
		}
	}
	return uint32(best), best >= 0
}

// newBufferImage makes the VkBufferView of a 1D buffer image.
func (d *Device) newBufferImage(im *Image) error {
	l := d.logical
	desc := &im.desc
	if desc.Buffer == nil {
		return fmt.Errorf("vulkan: 1D buffer image without a buffer: %w", driver.ErrInvalidValue)
	}
	b, err := bufferOf(desc.Buffer, l)
	if err != nil {
		return err
	}
	size := desc.Width * uint64(im.fmt.size)
	if err := checkRange(b, desc.BufferOffset, size); err != nil {
		return err
	}
	off := b.off + desc.BufferOffset
	if a := l.phys.props.limits.minTexelBufferOffsetAlignment; a > 1 && off%a != 0 {
		return fmt.Errorf("vulkan: 1D buffer image at offset %d of its buffer, not a multiple of %d bytes: %w", desc.BufferOffset, a, driver.ErrInvalidValue)
	}
	b.ref()
	im.buf = b
	view, err := l.texelBuffer(b.blk, im.fmt.vk)
	if err != nil {
		return fmt.Errorf("vulkan: 1D buffer image of %d pixels: %w", desc.Width, err)
	}
	if view != b.blk.buf {
		im.bufAlias = view
	}
	ci := &vkBufferViewCreateInfo{sType: sTypeBufferViewCreateInfo, buffer: view, format: im.fmt.vk, offset: off, rng: size}
	if err := check("vkCreateBufferView", call(l.vkCreateBufferView, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&im.bufView)))); err != nil {
		return fmt.Errorf("vulkan: 1D buffer image of %d pixels: %w", desc.Width, err)
	}
	im.counted = 1
	l.images.Add(1)
	return nil
}

var (
	_ driver.ImageDevice = (*Device)(nil)
	_ driver.ImageQueue  = (*queue)(nil)
)
