package vulkan

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Device is one Vulkan physical device. Its VkDevice is created on first
// use, so that listing devices stays cheap.
type Device struct {
	phys *physical
	info driver.DeviceInfo

	// noPushDescriptors makes the device use descriptor pools even where
	// VK_KHR_push_descriptor exists (tests cover both paths with it).
	noPushDescriptors bool
	// noRobust leaves robust buffer access off (benchmarks of its cost;
	// CLGO_VULKAN_ROBUST=0 does the same for a process).
	noRobust bool
	// asDiscrete manages memory as on a discrete GPU (buffers not
	// host-mapped, transfers as device copies through staging): tests run
	// those paths, the ones NVIDIA and AMD GPUs take, on lavapipe.
	asDiscrete bool

	once sync.Once
	err  error
	*logical
}

// Info describes the device.
func (d *Device) Info() driver.DeviceInfo { return d.info }

// open creates the logical device on first use.
func (d *Device) open() error {
	d.once.Do(func() {
		noRobust := d.noRobust || !robustWanted()
		d.logical, d.err = newLogical(d.phys, d.info, d.noPushDescriptors, noRobust, d.asDiscrete)
	})
	return d.err
}

// fns are the device-level entry points, fetched with vkGetDeviceProcAddr
// so that calls skip the loader's trampoline.
type fns struct {
	vkGetDeviceQueue, vkDeviceWaitIdle                                                     uintptr
	vkAllocateMemory, vkFreeMemory, vkMapMemory                                            uintptr
	vkCreateBuffer, vkDestroyBuffer, vkGetBufferMemoryRequirements, vkBindBufferMemory     uintptr
	vkCreateShaderModule, vkDestroyShaderModule                                            uintptr
	vkCreatePipelineCache, vkGetPipelineCacheData                                          uintptr
	vkCreateComputePipelines, vkDestroyPipeline                                            uintptr
	vkCreatePipelineLayout, vkCreateDescriptorSetLayout                                    uintptr
	vkCreateDescriptorPool, vkResetDescriptorPool, vkAllocateDescriptorSets                uintptr
	vkUpdateDescriptorSets                                                                 uintptr
	vkCreateCommandPool, vkAllocateCommandBuffers, vkResetCommandBuffer                    uintptr
	vkBeginCommandBuffer, vkEndCommandBuffer                                               uintptr
	vkCmdBindPipeline, vkCmdBindDescriptorSets, vkCmdPushConstants, vkCmdPushDescriptorSet uintptr
	vkCmdDispatch, vkCmdDispatchBase, vkCmdPipelineBarrier                                 uintptr
	vkCmdCopyBuffer, vkCmdFillBuffer, vkCmdWriteTimestamp, vkCmdResetQueryPool             uintptr
	vkCreateQueryPool, vkGetQueryPoolResults                                               uintptr
	vkQueueSubmit, vkCreateFence, vkWaitForFences, vkResetFences, vkGetFenceStatus         uintptr
	// images (image.go, imagequeue.go, sampler.go)
	vkCreateImage, vkDestroyImage, vkGetImageMemoryRequirements, vkBindImageMemory uintptr
	vkCreateImageView, vkDestroyImageView, vkCreateBufferView, vkDestroyBufferView uintptr
	vkCreateSampler, vkDestroySampler                                              uintptr
	vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer, vkCmdCopyImage                 uintptr
	vkCmdClearColorImage                                                           uintptr
	// physical addressing (address.go): 0 without bufferDeviceAddress
	vkGetBufferDeviceAddress uintptr
}

// logical is the VkDevice with everything made on it.
type logical struct {
	phys   *physical
	info   driver.DeviceInfo
	handle uintptr // VkDevice
	queue  uintptr // VkQueue
	fns

	// enabled features the modules may use
	enabled         capabilitySet
	pushDescriptors bool
	nonSemanticInfo bool // VK_KHR_shader_non_semantic_info (or 1.3)
	deviceAddress   bool
	robust          Robustness
	asDiscrete      bool // Device.asDiscrete

	mem     *memory
	staging *ring
	clock   *deviceClock // device timestamps onto the host clock (calibrate.go)
	// host memory handed out for mapped buffers (hoststage.go)
	hostAreas *hostAreas
	sub       *submitter
	pcache    *pipelineCache

	samplers samplerCache // VkSamplers by state (sampler.go)
	// live images (VkImages and buffer views) and their VkDeviceMemory
	images, imageBytes atomic.Int64
}

func newLogical(p *physical, info driver.DeviceInfo, noPush, noRobust, asDiscrete bool) (*logical, error) {
	inst := p.inst
	var exts []string
	want := func(name string, core12 bool) bool {
		if p.exts[name] && !(core12 && p.props.apiVersion >= vkMakeAPIVersion(1, 2, 0)) {
			exts = append(exts, name)
			return true
		}
		return p.hasExt(name, core12)
	}
	// Vulkan 1.1 has 16-bit storage, variable pointers and the
	// StorageBuffer class in core; the rest are 1.2 core or extensions.
	has8bit := want("VK_KHR_8bit_storage", true)
	hasF16I8 := want("VK_KHR_shader_float16_int8", true)
	hasAtom64 := want("VK_KHR_shader_atomic_int64", true)
	hasTimeline := want("VK_KHR_timeline_semaphore", true)
	hasBDA := want("VK_KHR_buffer_device_address", true)
	hasSgTypes := p.fSgTypes.b[0] != 0 && want("VK_KHR_shader_subgroup_extended_types", true)
	want("VK_KHR_shader_float_controls", true)
	nonSemantic := p.props.apiVersion >= vkMakeAPIVersion(1, 3, 0)
	if !nonSemantic && p.exts["VK_KHR_shader_non_semantic_info"] {
		exts = append(exts, "VK_KHR_shader_non_semantic_info")
		nonSemantic = true
	}
	push := p.exts["VK_KHR_push_descriptor"] && !noPush
	if push {
		exts = append(exts, "VK_KHR_push_descriptor")
	}
	calExt := calibratedTimestampsExt(p)
	if calExt != "" && p.timestampBits > 0 {
		exts = append(exts, calExt)
	} else {
		calExt = ""
	}
	if p.exts["VK_KHR_portability_subset"] {
		exts = append(exts, "VK_KHR_portability_subset")
	}

	// Enable exactly what the device has of what kernels may need, and
	// robust buffer access (see Robustness).
	sup := &p.features.features
	var f2 vkPhysicalDeviceFeatures2
	f2.sType = sTypePhysicalDeviceFeatures2
	for _, i := range []int{featShaderInt16, featShaderInt64, featShaderFloat64, featShaderStorageImageExtendedFormats,
		featShaderStorageImageReadWithoutFormat, featShaderStorageImageWriteWithoutFormat, featShaderStorageBufferArrayDynamicIndex} {
		f2.features[i] = sup[i]
	}
	robust := RobustNone
	var frb vkFeatureStruct
	if !noRobust && sup[featRobustBufferAccess] != 0 {
		f2.features[featRobustBufferAccess] = 1
		robust = RobustBufferAccess
		if p.exts["VK_EXT_robustness2"] && p.fRobust2.b[0] != 0 {
			exts = append(exts, "VK_EXT_robustness2")
			frb.sType, frb.b[0] = sTypeRobustness2Features, 1
			// Out-of-range image fetches and reads return zeros (alpha
			// one without alpha), writes are dropped (docs/images.md).
			frb.b[1] = p.fRobust2.b[1]
			robust = RobustBufferAccess2
		}
	}
	f16, fvp, f8, ff16, fa64, ftl, fbda, fsg := p.f16bit, p.fVarPtr, p.f8bit, p.fF16I8, p.fAtom64, p.fTimel, p.fBDA, p.fSgTypes
	f16.b[3] = 0  // storageInputOutput16: graphics only
	fbda.b[1] = 0 // capture/replay
	fbda.b[2] = 0 // multi-device
	chain := []*vkFeatureStruct{&f16, &fvp}
	for _, c := range []struct {
		f  *vkFeatureStruct
		ok bool
	}{{&f8, has8bit}, {&ff16, hasF16I8}, {&fa64, hasAtom64}, {&ftl, hasTimeline}, {&fbda, hasBDA}, {&fsg, hasSgTypes}, {&frb, robust == RobustBufferAccess2}} {
		if c.ok {
			chain = append(chain, c.f)
		}
	}
	linkFeatures(&f2, chain)

	prio := float32(1)
	qci := &vkDeviceQueueCreateInfo{sType: sTypeDeviceQueueCreateInfo, queueFamilyIndex: uint32(p.family), queueCount: 1, pQueuePriorities: &prio}
	names := make([]*byte, len(exts)+1)
	for i, e := range exts {
		names[i] = cstr(e)
	}
	dci := &vkDeviceCreateInfo{
		sType: sTypeDeviceCreateInfo, pNext: unsafe.Pointer(&f2),
		queueCreateInfoCount: 1, pQueueCreateInfos: qci,
		enabledExtensionCount: uint32(len(exts)), ppEnabledExtensionNames: &names[0],
	}
	l := &logical{phys: p, info: info, pushDescriptors: push, nonSemanticInfo: nonSemantic, deviceAddress: hasBDA && fbda.b[0] != 0, robust: robust, asDiscrete: asDiscrete}
	if err := check("vkCreateDevice", call(inst.vkCreateDevice, p.handle, uintptr(unsafe.Pointer(dci)), 0, uintptr(unsafe.Pointer(&l.handle)))); err != nil {
		return nil, fmt.Errorf("%s: %w", info.Name, err)
	}
	get := func(name string) uintptr {
		return call(inst.vkGetDeviceProcAddr, l.handle, uintptr(unsafe.Pointer(cstr(name))))
	}
	f := &l.fns
	err := procTable(get, map[string]*uintptr{
		"vkGetDeviceQueue": &f.vkGetDeviceQueue, "vkDeviceWaitIdle": &f.vkDeviceWaitIdle,
		"vkAllocateMemory": &f.vkAllocateMemory, "vkFreeMemory": &f.vkFreeMemory, "vkMapMemory": &f.vkMapMemory,
		"vkCreateBuffer": &f.vkCreateBuffer, "vkDestroyBuffer": &f.vkDestroyBuffer,
		"vkGetBufferMemoryRequirements": &f.vkGetBufferMemoryRequirements, "vkBindBufferMemory": &f.vkBindBufferMemory,
		"vkCreateShaderModule": &f.vkCreateShaderModule, "vkDestroyShaderModule": &f.vkDestroyShaderModule,
		"vkCreatePipelineCache": &f.vkCreatePipelineCache, "vkGetPipelineCacheData": &f.vkGetPipelineCacheData,
		"vkCreateComputePipelines": &f.vkCreateComputePipelines, "vkDestroyPipeline": &f.vkDestroyPipeline,
		"vkCreatePipelineLayout": &f.vkCreatePipelineLayout, "vkCreateDescriptorSetLayout": &f.vkCreateDescriptorSetLayout,
		"vkCreateDescriptorPool": &f.vkCreateDescriptorPool, "vkResetDescriptorPool": &f.vkResetDescriptorPool,
		"vkAllocateDescriptorSets": &f.vkAllocateDescriptorSets, "vkUpdateDescriptorSets": &f.vkUpdateDescriptorSets,
		"vkCreateCommandPool": &f.vkCreateCommandPool, "vkAllocateCommandBuffers": &f.vkAllocateCommandBuffers,
		"vkResetCommandBuffer": &f.vkResetCommandBuffer, "vkBeginCommandBuffer": &f.vkBeginCommandBuffer,
		"vkEndCommandBuffer": &f.vkEndCommandBuffer, "vkCmdBindPipeline": &f.vkCmdBindPipeline,
		"vkCmdBindDescriptorSets": &f.vkCmdBindDescriptorSets, "vkCmdPushConstants": &f.vkCmdPushConstants,
		"vkCmdPushDescriptorSetKHR": &f.vkCmdPushDescriptorSet,
		"vkCmdDispatch":             &f.vkCmdDispatch, "vkCmdDispatchBase": &f.vkCmdDispatchBase,
		"vkCmdPipelineBarrier": &f.vkCmdPipelineBarrier, "vkCmdCopyBuffer": &f.vkCmdCopyBuffer,
		"vkCmdFillBuffer": &f.vkCmdFillBuffer, "vkCmdWriteTimestamp": &f.vkCmdWriteTimestamp,
		"vkCmdResetQueryPool": &f.vkCmdResetQueryPool, "vkCreateQueryPool": &f.vkCreateQueryPool,
		"vkGetQueryPoolResults": &f.vkGetQueryPoolResults, "vkQueueSubmit": &f.vkQueueSubmit,
		"vkCreateFence": &f.vkCreateFence, "vkWaitForFences": &f.vkWaitForFences,
		"vkResetFences": &f.vkResetFences, "vkGetFenceStatus": &f.vkGetFenceStatus,
		"vkCreateImage": &f.vkCreateImage, "vkDestroyImage": &f.vkDestroyImage,
		"vkGetImageMemoryRequirements": &f.vkGetImageMemoryRequirements, "vkBindImageMemory": &f.vkBindImageMemory,
		"vkCreateImageView": &f.vkCreateImageView, "vkDestroyImageView": &f.vkDestroyImageView,
		"vkCreateBufferView": &f.vkCreateBufferView, "vkDestroyBufferView": &f.vkDestroyBufferView,
		"vkCreateSampler": &f.vkCreateSampler, "vkDestroySampler": &f.vkDestroySampler,
		"vkCmdCopyBufferToImage": &f.vkCmdCopyBufferToImage, "vkCmdCopyImageToBuffer": &f.vkCmdCopyImageToBuffer,
		"vkCmdCopyImage": &f.vkCmdCopyImage, "vkCmdClearColorImage": &f.vkCmdClearColorImage,
	}, map[string]bool{"vkCmdPushDescriptorSetKHR": !push})
	if err != nil {
		return nil, err
	}
	if l.deviceAddress {
		// Core in 1.2, the extension's name before.
		if f.vkGetBufferDeviceAddress = get("vkGetBufferDeviceAddress"); f.vkGetBufferDeviceAddress == 0 {
			f.vkGetBufferDeviceAddress = get("vkGetBufferDeviceAddressKHR")
		}
		l.deviceAddress = f.vkGetBufferDeviceAddress != 0
	}
	call(f.vkGetDeviceQueue, l.handle, uintptr(p.family), 0, uintptr(unsafe.Pointer(&l.queue)))

	l.enabled = enabledCapabilities(p, &f2, &f16, &fvp, &f8, &ff16, &fa64, &fbda, has8bit, hasF16I8, hasAtom64, hasBDA)
	l.clock = newDeviceClock(l, calExt, get)
	if l.mem, err = newMemory(l); err != nil {
		return nil, err
	}
	if l.staging, err = newRing(l, stagingSize); err != nil {
		return nil, err
	}
	l.hostAreas = newHostAreas(l)
	if l.sub, err = newSubmitter(l); err != nil {
		return nil, err
	}
	l.pcache = openPipelineCache(l)
	return l, nil
}

// discrete reports whether the device's memory is managed as a discrete
// GPU's: its own memory, which the host reaches only through a small
// window or staging copies.
func (l *logical) discrete() bool {
	return l.phys.props.deviceType == physicalDeviceTypeDiscreteGPU || l.asDiscrete
}
