package vulkan

import "unsafe"

// Vulkan structures, declared with the C layout of the 64-bit ABIs (Go lays
// out uint32/uint64/pointer fields as C does there). Handles of dispatchable
// objects and non-dispatchable ones are both uintptr/uint64 wide.

// VkStructureType values.
const (
	sTypeApplicationInfo               = 0
	sTypeInstanceCreateInfo            = 1
	sTypeDeviceQueueCreateInfo         = 2
	sTypeDeviceCreateInfo              = 3
	sTypeSubmitInfo                    = 4
	sTypeMemoryAllocateInfo            = 5
	sTypeFenceCreateInfo               = 8
	sTypeQueryPoolCreateInfo           = 11
	sTypeBufferCreateInfo              = 12
	sTypeShaderModuleCreateInfo        = 16
	sTypePipelineCacheCreateInfo       = 17
	sTypePipelineShaderStageCreateInfo = 18
	sTypeComputePipelineCreateInfo     = 29
	sTypePipelineLayoutCreateInfo      = 30
	sTypeDescriptorSetLayoutCreateInfo = 32
	sTypeDescriptorPoolCreateInfo      = 33
	sTypeDescriptorSetAllocateInfo     = 34
	sTypeWriteDescriptorSet            = 35
	sTypeCommandPoolCreateInfo         = 39
	sTypeCommandBufferAllocateInfo     = 40
	sTypeCommandBufferBeginInfo        = 42
	sTypeMemoryBarrier                 = 46
	sTypePhysicalDeviceFeatures2       = 1000059000
	sTypePhysicalDeviceProperties2     = 1000059001
	sTypeMemoryAllocateFlagsInfo       = 1000060000
	sTypePhysicalDeviceIDProperties    = 1000071004
	sTypePushDescriptorProperties      = 1000080000
	sTypeShaderFloat16Int8Features     = 1000082000
	sType16BitStorageFeatures          = 1000083000
	sTypeSubgroupProperties            = 1000094000
	sTypeVariablePointersFeatures      = 1000120000
	sTypeMaintenance3Properties        = 1000168000
	sType8BitStorageFeatures           = 1000177000
	sTypeShaderAtomicInt64Features     = 1000180000
	sTypeSubgroupExtendedTypesFeatures = 1000175000
	sTypeDriverProperties              = 1000196000
	sTypeFloatControlsProperties       = 1000197000
	sTypeTimelineSemaphoreFeatures     = 1000207000
	sTypeBufferDeviceAddressFeatures   = 1000257000
	sTypeBufferDeviceAddressInfo       = 1000244001
	sTypeRobustness2Features           = 1000286000
)

// Enumerants and flag bits.
const (
	physicalDeviceTypeIntegratedGPU = 1
	physicalDeviceTypeDiscreteGPU   = 2
	physicalDeviceTypeVirtualGPU    = 3
	physicalDeviceTypeCPU           = 4

	queueCompute = 0x2

	memoryPropertyDeviceLocal  = 0x1
	memoryPropertyHostVisible  = 0x2
	memoryPropertyHostCoherent = 0x4
	memoryPropertyHostCached   = 0x8
	memoryHeapDeviceLocal      = 0x1

	bufferUsageTransferSrc   = 0x1
	bufferUsageTransferDst   = 0x2
	bufferUsageUniform       = 0x10
	bufferUsageStorage       = 0x20
	bufferUsageDeviceAddress = 0x20000
	memoryAllocateDeviceAddr = 0x2

	descriptorTypeSampler       = 0
	descriptorTypeSampledImage  = 2
	descriptorTypeStorageImage  = 3
	descriptorTypeUniformBuffer = 6
	descriptorTypeStorageBuffer = 7

	shaderStageCompute         = 0x20
	pipelineBindPointCompute   = 1
	pipelineCreateDispatchBase = 0x10
	descriptorSetLayoutPush    = 0x1

	pipelineStageTopOfPipe     = 0x1
	pipelineStageComputeShader = 0x800
	pipelineStageTransfer      = 0x1000
	pipelineStageBottomOfPipe  = 0x2000
	pipelineStageHost          = 0x4000

	accessUniformRead   = 0x8
	accessShaderRead    = 0x20
	accessShaderWrite   = 0x40
	accessTransferRead  = 0x800
	accessTransferWrite = 0x1000
	accessHostRead      = 0x2000
	accessHostWrite     = 0x4000

	commandPoolResetCommandBuffer = 0x2
	commandBufferOneTimeSubmit    = 0x1

	queryTypeTimestamp = 2
	queryResult64      = 0x1
)

type vkApplicationInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	pApplicationName   *byte
	applicationVersion uint32
	pEngineName        *byte
	engineVersion      uint32
	apiVersion         uint32
}

type vkInstanceCreateInfo struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	flags                   uint32
	pApplicationInfo        *vkApplicationInfo
	enabledLayerCount       uint32
	ppEnabledLayerNames     **byte
	enabledExtensionCount   uint32
	ppEnabledExtensionNames **byte
}

type vkPhysicalDeviceLimits struct {
	maxImageDimension1D                             uint32
	maxImageDimension2D                             uint32
	maxImageDimension3D                             uint32
	maxImageDimensionCube                           uint32
	maxImageArrayLayers                             uint32
	maxTexelBufferElements                          uint32
	maxUniformBufferRange                           uint32
	maxStorageBufferRange                           uint32
	maxPushConstantsSize                            uint32
	maxMemoryAllocationCount                        uint32
	maxSamplerAllocationCount                       uint32
	bufferImageGranularity                          uint64
	sparseAddressSpaceSize                          uint64
	maxBoundDescriptorSets                          uint32
	maxPerStageDescriptorSamplers                   uint32
	maxPerStageDescriptorUniformBuffers             uint32
	maxPerStageDescriptorStorageBuffers             uint32
	maxPerStageDescriptorSampledImages              uint32
	maxPerStageDescriptorStorageImages              uint32
	maxPerStageDescriptorInputAttachments           uint32
	maxPerStageResources                            uint32
	maxDescriptorSetSamplers                        uint32
	maxDescriptorSetUniformBuffers                  uint32
	maxDescriptorSetUniformBuffersDynamic           uint32
	maxDescriptorSetStorageBuffers                  uint32
	maxDescriptorSetStorageBuffersDynamic           uint32
	maxDescriptorSetSampledImages                   uint32
	maxDescriptorSetStorageImages                   uint32
	maxDescriptorSetInputAttachments                uint32
	maxVertexInputAttributes                        uint32
	maxVertexInputBindings                          uint32
	maxVertexInputAttributeOffset                   uint32
	maxVertexInputBindingStride                     uint32
	maxVertexOutputComponents                       uint32
	maxTessellationGenerationLevel                  uint32
	maxTessellationPatchSize                        uint32
	maxTessellationControlPerVertexInputComponents  uint32
	maxTessellationControlPerVertexOutputComponents uint32
	maxTessellationControlPerPatchOutputComponents  uint32
	maxTessellationControlTotalOutputComponents     uint32
	maxTessellationEvaluationInputComponents        uint32
	maxTessellationEvaluationOutputComponents       uint32
	maxGeometryShaderInvocations                    uint32
	maxGeometryInputComponents                      uint32
	maxGeometryOutputComponents                     uint32
	maxGeometryOutputVertices                       uint32
	maxGeometryTotalOutputComponents                uint32
	maxFragmentInputComponents                      uint32
	maxFragmentOutputAttachments                    uint32
	maxFragmentDualSrcAttachments                   uint32
	maxFragmentCombinedOutputResources              uint32
	maxComputeSharedMemorySize                      uint32
	maxComputeWorkGroupCount                        [3]uint32
	maxComputeWorkGroupInvocations                  uint32
	maxComputeWorkGroupSize                         [3]uint32
	subPixelPrecisionBits                           uint32
	subTexelPrecisionBits                           uint32
	mipmapPrecisionBits                             uint32
	maxDrawIndexedIndexValue                        uint32
	maxDrawIndirectCount                            uint32
	maxSamplerLodBias                               float32
	maxSamplerAnisotropy                            float32
	maxViewports                                    uint32
	maxViewportDimensions                           [2]uint32
	viewportBoundsRange                             [2]float32
	viewportSubPixelBits                            uint32
	minMemoryMapAlignment                           uintptr
	minTexelBufferOffsetAlignment                   uint64
	minUniformBufferOffsetAlignment                 uint64
	minStorageBufferOffsetAlignment                 uint64
	minTexelOffset                                  int32
	maxTexelOffset                                  uint32
	minTexelGatherOffset                            int32
	maxTexelGatherOffset                            uint32
	minInterpolationOffset                          float32
	maxInterpolationOffset                          float32
	subPixelInterpolationOffsetBits                 uint32
	maxFramebufferWidth                             uint32
	maxFramebufferHeight                            uint32
	maxFramebufferLayers                            uint32
	framebufferColorSampleCounts                    uint32
	framebufferDepthSampleCounts                    uint32
	framebufferStencilSampleCounts                  uint32
	framebufferNoAttachmentsSampleCounts            uint32
	maxColorAttachments                             uint32
	sampledImageColorSampleCounts                   uint32
	sampledImageIntegerSampleCounts                 uint32
	sampledImageDepthSampleCounts                   uint32
	sampledImageStencilSampleCounts                 uint32
	storageImageSampleCounts                        uint32
	maxSampleMaskWords                              uint32
	timestampComputeAndGraphics                     uint32
	timestampPeriod                                 float32
	maxClipDistances                                uint32
	maxCullDistances                                uint32
	maxCombinedClipAndCullDistances                 uint32
	discreteQueuePriorities                         uint32
	pointSizeRange                                  [2]float32
	lineWidthRange                                  [2]float32
	pointSizeGranularity                            float32
	lineWidthGranularity                            float32
	strictLines                                     uint32
	standardSampleLocations                         uint32
	optimalBufferCopyOffsetAlignment                uint64
	optimalBufferCopyRowPitchAlignment              uint64
	nonCoherentAtomSize                             uint64
}

type vkPhysicalDeviceProperties struct {
	apiVersion        uint32
	driverVersion     uint32
	vendorID          uint32
	deviceID          uint32
	deviceType        uint32
	deviceName        [256]byte
	pipelineCacheUUID [16]byte
	limits            vkPhysicalDeviceLimits
	sparseProperties  [5]uint32
}

type vkPhysicalDeviceProperties2 struct {
	sType      uint32
	pNext      unsafe.Pointer
	properties vkPhysicalDeviceProperties
}

// Indices of VkPhysicalDeviceFeatures members (55 VkBool32s).
const (
	featRobustBufferAccess                   = 0
	featShaderStorageImageExtendedFormats    = 29
	featShaderStorageImageReadWithoutFormat  = 31
	featShaderStorageImageWriteWithoutFormat = 32
	featShaderStorageBufferArrayDynamicIndex = 35
	featShaderFloat64                        = 39
	featShaderInt64                          = 40
	featShaderInt16                          = 41
	numFeatures                              = 55
)

type vkPhysicalDeviceFeatures2 struct {
	sType    uint32
	pNext    unsafe.Pointer
	features [numFeatures]uint32
}

// vkFeatureStruct is any of the small feature structs that hold only
// VkBool32 members after sType and pNext (16-bit storage, variable
// pointers, ...); the driver reads and writes only its own members.
type vkFeatureStruct struct {
	sType uint32
	pNext unsafe.Pointer
	b     [4]uint32
}

type vkPhysicalDeviceIDProperties struct {
	sType           uint32
	pNext           unsafe.Pointer
	deviceUUID      [16]byte
	driverUUID      [16]byte
	deviceLUID      [8]byte
	deviceNodeMask  uint32
	deviceLUIDValid uint32
}

type vkPhysicalDeviceSubgroupProperties struct {
	sType                     uint32
	pNext                     unsafe.Pointer
	subgroupSize              uint32
	supportedStages           uint32
	supportedOperations       uint32
	quadOperationsInAllStages uint32
}

type vkPhysicalDeviceMaintenance3Properties struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	maxPerSetDescriptors    uint32
	maxMemoryAllocationSize uint64
}

type vkPhysicalDeviceDriverProperties struct {
	sType              uint32
	pNext              unsafe.Pointer
	driverID           uint32
	driverName         [256]byte
	driverInfo         [256]byte
	conformanceVersion [4]byte
}

// vkPhysicalDeviceFloatControlsProperties (Vulkan 1.2,
// VK_KHR_shader_float_controls): two enums, then 15 booleans, of which
// shaderSignedZeroInfNanPreserveFloat16/32/64 come first, then
// shaderDenormPreserveFloat16/32/64.
type vkPhysicalDeviceFloatControlsProperties struct {
	sType                      uint32
	pNext                      unsafe.Pointer
	denormBehaviorIndependence uint32
	roundingModeIndependence   uint32
	b                          [15]uint32
}

const (
	fcSignedZeroInfNanPreserveFloat16 = 0
	fcSignedZeroInfNanPreserveFloat32 = 1
	fcSignedZeroInfNanPreserveFloat64 = 2
	fcDenormPreserveFloat16           = 3
	fcDenormPreserveFloat32           = 4
	fcDenormPreserveFloat64           = 5
	fcRoundingModeRTEFloat16          = 9

	// denormBehaviorIndependence values.
	fcIndependence32BitOnly = 0
	fcIndependenceAll       = 1
)

type vkPhysicalDevicePushDescriptorProperties struct {
	sType              uint32
	pNext              unsafe.Pointer
	maxPushDescriptors uint32
}

type vkMemoryType struct {
	propertyFlags uint32
	heapIndex     uint32
}

type vkMemoryHeap struct {
	size  uint64
	flags uint32
}

type vkPhysicalDeviceMemoryProperties struct {
	memoryTypeCount uint32
	memoryTypes     [32]vkMemoryType
	memoryHeapCount uint32
	memoryHeaps     [16]vkMemoryHeap
}

type vkQueueFamilyProperties struct {
	queueFlags                  uint32
	queueCount                  uint32
	timestampValidBits          uint32
	minImageTransferGranularity [3]uint32
}

type vkExtensionProperties struct {
	extensionName [256]byte
	specVersion   uint32
}

type vkDeviceQueueCreateInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	queueFamilyIndex uint32
	queueCount       uint32
	pQueuePriorities *float32
}

type vkDeviceCreateInfo struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	flags                   uint32
	queueCreateInfoCount    uint32
	pQueueCreateInfos       *vkDeviceQueueCreateInfo
	enabledLayerCount       uint32
	ppEnabledLayerNames     **byte
	enabledExtensionCount   uint32
	ppEnabledExtensionNames **byte
	pEnabledFeatures        unsafe.Pointer
}

type vkBufferCreateInfo struct {
	sType                 uint32
	pNext                 unsafe.Pointer
	flags                 uint32
	size                  uint64
	usage                 uint32
	sharingMode           uint32
	queueFamilyIndexCount uint32
	pQueueFamilyIndices   *uint32
}

type vkMemoryRequirements struct {
	size           uint64
	alignment      uint64
	memoryTypeBits uint32
}

type vkMemoryAllocateInfo struct {
	sType           uint32
	pNext           unsafe.Pointer
	allocationSize  uint64
	memoryTypeIndex uint32
}

type vkMemoryAllocateFlagsInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	deviceMask uint32
}

type vkShaderModuleCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	codeSize uintptr
	pCode    *uint32
}

type vkPipelineCacheCreateInfo struct {
	sType           uint32
	pNext           unsafe.Pointer
	flags           uint32
	initialDataSize uintptr
	pInitialData    unsafe.Pointer
}

type vkDescriptorSetLayoutBinding struct {
	binding            uint32
	descriptorType     uint32
	descriptorCount    uint32
	stageFlags         uint32
	pImmutableSamplers unsafe.Pointer
}

type vkDescriptorSetLayoutCreateInfo struct {
	sType        uint32
	pNext        unsafe.Pointer
	flags        uint32
	bindingCount uint32
	pBindings    *vkDescriptorSetLayoutBinding
}

type vkPushConstantRange struct {
	stageFlags uint32
	offset     uint32
	size       uint32
}

type vkPipelineLayoutCreateInfo struct {
	sType                  uint32
	pNext                  unsafe.Pointer
	flags                  uint32
	setLayoutCount         uint32
	pSetLayouts            *uint64
	pushConstantRangeCount uint32
	pPushConstantRanges    *vkPushConstantRange
}

type vkSpecializationMapEntry struct {
	constantID uint32
	offset     uint32
	size       uintptr
}

type vkSpecializationInfo struct {
	mapEntryCount uint32
	pMapEntries   *vkSpecializationMapEntry
	dataSize      uintptr
	pData         unsafe.Pointer
}

type vkPipelineShaderStageCreateInfo struct {
	sType               uint32
	pNext               unsafe.Pointer
	flags               uint32
	stage               uint32
	module              uint64
	pName               *byte
	pSpecializationInfo *vkSpecializationInfo
}

type vkComputePipelineCreateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	flags              uint32
	stage              vkPipelineShaderStageCreateInfo
	layout             uint64
	basePipelineHandle uint64
	basePipelineIndex  int32
}

type vkDescriptorPoolSize struct {
	typ             uint32
	descriptorCount uint32
}

type vkDescriptorPoolCreateInfo struct {
	sType         uint32
	pNext         unsafe.Pointer
	flags         uint32
	maxSets       uint32
	poolSizeCount uint32
	pPoolSizes    *vkDescriptorPoolSize
}

type vkDescriptorSetAllocateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	descriptorPool     uint64
	descriptorSetCount uint32
	pSetLayouts        *uint64
}

type vkDescriptorBufferInfo struct {
	buffer uint64
	offset uint64
	rng    uint64
}

type vkWriteDescriptorSet struct {
	sType            uint32
	pNext            unsafe.Pointer
	dstSet           uint64
	dstBinding       uint32
	dstArrayElement  uint32
	descriptorCount  uint32
	descriptorType   uint32
	pImageInfo       unsafe.Pointer
	pBufferInfo      *vkDescriptorBufferInfo
	pTexelBufferView unsafe.Pointer
}

type vkCommandPoolCreateInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	queueFamilyIndex uint32
}

type vkCommandBufferAllocateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	commandPool        uint64
	level              uint32
	commandBufferCount uint32
}

type vkCommandBufferBeginInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	pInheritanceInfo unsafe.Pointer
}

type vkSubmitInfo struct {
	sType                uint32
	pNext                unsafe.Pointer
	waitSemaphoreCount   uint32
	pWaitSemaphores      *uint64
	pWaitDstStageMask    *uint32
	commandBufferCount   uint32
	pCommandBuffers      *uintptr
	signalSemaphoreCount uint32
	pSignalSemaphores    *uint64
}

type vkFenceCreateInfo struct {
	sType uint32
	pNext unsafe.Pointer
	flags uint32
}

type vkMemoryBarrier struct {
	sType         uint32
	pNext         unsafe.Pointer
	srcAccessMask uint32
	dstAccessMask uint32
}

type vkBufferCopy struct {
	srcOffset, dstOffset, size uint64
}

type vkQueryPoolCreateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	flags              uint32
	queryType          uint32
	queryCount         uint32
	pipelineStatistics uint32
}
