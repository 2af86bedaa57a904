package vulkan

import (
	"testing"
	"unsafe"
)

// The sizes of structures the C headers fix; a wrong Go declaration shows
// here before it corrupts a Vulkan call.
func TestStructLayout(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"VkPhysicalDeviceLimits", unsafe.Sizeof(vkPhysicalDeviceLimits{}), 504},
		{"VkPhysicalDeviceProperties", unsafe.Sizeof(vkPhysicalDeviceProperties{}), 824},
		{"VkPhysicalDeviceMemoryProperties", unsafe.Sizeof(vkPhysicalDeviceMemoryProperties{}), 520},
		{"VkPhysicalDeviceFeatures2", unsafe.Sizeof(vkPhysicalDeviceFeatures2{}), 16 + 220 + 4},
		{"VkQueueFamilyProperties", unsafe.Sizeof(vkQueueFamilyProperties{}), 24},
		{"VkExtensionProperties", unsafe.Sizeof(vkExtensionProperties{}), 260},
		{"VkDeviceQueueCreateInfo", unsafe.Sizeof(vkDeviceQueueCreateInfo{}), 40},
		{"VkDeviceCreateInfo", unsafe.Sizeof(vkDeviceCreateInfo{}), 72},
		{"VkBufferCreateInfo", unsafe.Sizeof(vkBufferCreateInfo{}), 56},
		{"VkMemoryRequirements", unsafe.Sizeof(vkMemoryRequirements{}), 24},
		{"VkSpecializationMapEntry", unsafe.Sizeof(vkSpecializationMapEntry{}), 16},
		{"VkPipelineShaderStageCreateInfo", unsafe.Sizeof(vkPipelineShaderStageCreateInfo{}), 48},
		{"VkComputePipelineCreateInfo", unsafe.Sizeof(vkComputePipelineCreateInfo{}), 96},
		{"VkWriteDescriptorSet", unsafe.Sizeof(vkWriteDescriptorSet{}), 64},
		{"VkSubmitInfo", unsafe.Sizeof(vkSubmitInfo{}), 72},
		{"VkDescriptorSetLayoutBinding", unsafe.Sizeof(vkDescriptorSetLayoutBinding{}), 24},
		{"VkPhysicalDeviceIDProperties", unsafe.Sizeof(vkPhysicalDeviceIDProperties{}), 64},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, c.got, c.want)
		}
	}
}
