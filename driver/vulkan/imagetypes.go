package vulkan

import "unsafe"

// The Vulkan structures and enumerants of images, image views, buffer
// views and samplers (C layout of the 64-bit ABIs, as in types.go).

const (
	sTypeBufferViewCreateInfo = 13
	sTypeImageCreateInfo      = 14
	sTypeImageViewCreateInfo  = 15
	sTypeSamplerCreateInfo    = 31
	sTypeImageMemoryBarrier   = 45

	imageType1D = 0
	imageType2D = 1
	imageType3D = 2

	imageViewType1D      = 0
	imageViewType2D      = 1
	imageViewType3D      = 2
	imageViewType1DArray = 4
	imageViewType2DArray = 5

	imageUsageTransferSrc = 0x1
	imageUsageTransferDst = 0x2
	imageUsageSampled     = 0x4
	imageUsageStorage     = 0x8

	bufferUsageUniformTexel = 0x4
	bufferUsageStorageTexel = 0x8

	imageLayoutUndefined = 0
	imageLayoutGeneral   = 1

	imageAspectColor = 0x1
	imageTilingOpt   = 0

	descriptorTypeUniformTexelBuffer = 4
	descriptorTypeStorageTexelBuffer = 5

	// VkFormatFeatureFlagBits
	formatFeatureSampledImage       = 0x1
	formatFeatureStorageImage       = 0x2
	formatFeatureUniformTexelBuffer = 0x8
	formatFeatureStorageTexelBuffer = 0x10
	formatFeatureSampledLinear      = 0x1000
	formatFeatureTransferSrc        = 0x4000
	formatFeatureTransferDst        = 0x8000

	// VkComponentSwizzle
	swizzleIdentity = 0
	swizzleZero     = 1
	swizzleOne      = 2
	swizzleR        = 3
	swizzleG        = 4
	swizzleB        = 5
	swizzleA        = 6

	filterNearest = 0
	filterLinear  = 1

	samplerAddressRepeat         = 0
	samplerAddressMirroredRepeat = 1
	samplerAddressClampToEdge    = 2
	samplerAddressClampToBorder  = 3

	borderFloatTransparentBlack = 0
	borderIntTransparentBlack   = 1
)

type vkFormatProperties struct {
	linearTilingFeatures  uint32
	optimalTilingFeatures uint32
	bufferFeatures        uint32
}

type vkExtent3D struct{ width, height, depth uint32 }

type vkOffset3D struct{ x, y, z int32 }

type vkImageCreateInfo struct {
	sType                 uint32
	pNext                 unsafe.Pointer
	flags                 uint32
	imageType             uint32
	format                uint32
	extent                vkExtent3D
	mipLevels             uint32
	arrayLayers           uint32
	samples               uint32
	tiling                uint32
	usage                 uint32
	sharingMode           uint32
	queueFamilyIndexCount uint32
	pQueueFamilyIndices   *uint32
	initialLayout         uint32
}

type vkImageSubresourceRange struct {
	aspectMask     uint32
	baseMipLevel   uint32
	levelCount     uint32
	baseArrayLayer uint32
	layerCount     uint32
}

type vkImageSubresourceLayers struct {
	aspectMask     uint32
	mipLevel       uint32
	baseArrayLayer uint32
	layerCount     uint32
}

type vkImageViewCreateInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	image            uint64
	viewType         uint32
	format           uint32
	components       [4]uint32
	subresourceRange vkImageSubresourceRange
}

type vkBufferViewCreateInfo struct {
	sType  uint32
	pNext  unsafe.Pointer
	flags  uint32
	buffer uint64
	format uint32
	offset uint64
	rng    uint64
}

type vkSamplerCreateInfo struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	flags                   uint32
	magFilter               uint32
	minFilter               uint32
	mipmapMode              uint32
	addressModeU            uint32
	addressModeV            uint32
	addressModeW            uint32
	mipLodBias              float32
	anisotropyEnable        uint32
	maxAnisotropy           float32
	compareEnable           uint32
	compareOp               uint32
	minLod                  float32
	maxLod                  float32
	borderColor             uint32
	unnormalizedCoordinates uint32
}

type vkImageMemoryBarrier struct {
	sType               uint32
	pNext               unsafe.Pointer
	srcAccessMask       uint32
	dstAccessMask       uint32
	oldLayout           uint32
	newLayout           uint32
	srcQueueFamilyIndex uint32
	dstQueueFamilyIndex uint32
	image               uint64
	subresourceRange    vkImageSubresourceRange
}

type vkBufferImageCopy struct {
	bufferOffset      uint64
	bufferRowLength   uint32
	bufferImageHeight uint32
	imageSubresource  vkImageSubresourceLayers
	imageOffset       vkOffset3D
	imageExtent       vkExtent3D
}

type vkImageCopy struct {
	srcSubresource vkImageSubresourceLayers
	srcOffset      vkOffset3D
	dstSubresource vkImageSubresourceLayers
	dstOffset      vkOffset3D
	extent         vkExtent3D
}

type vkDescriptorImageInfo struct {
	sampler     uint64
	imageView   uint64
	imageLayout uint32
}

type vkImageFormatProperties struct {
	maxExtent       vkExtent3D
	maxMipLevels    uint32
	maxArrayLayers  uint32
	sampleCounts    uint32
	maxResourceSize uint64
}
