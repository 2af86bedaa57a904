// Package vulkan is the clgo driver for Vulkan 1.1+ devices: NVIDIA, AMD and
// Intel GPUs, and CPUs through lavapipe. It loads libvulkan.so.1 at run time
// with purego (no cgo, no C headers) and runs the Vulkan-flavoured SPIR-V
// that package compiler emits, reading the kernel interface from the
// module's NonSemantic.ClspvReflection instructions.
//
// How the driver interface maps onto Vulkan:
//
//   - Every physical device is a clgo device; its VkDevice (one compute
//     VkQueue) is created on first use.
//   - Buffers are ranges of large device-local VkDeviceMemory blocks, each
//     bound to one VkBuffer; a buffer argument is a descriptor of (block
//     VkBuffer, offset, range). Reads and writes go through a bounded
//     host-visible staging ring, in pieces that overlap the host's copies
//     with the device's; a buffer in memory the host can see (lavapipe,
//     unified memory) is also a driver.HostMapper. Freed blocks are kept for
//     reuse, up to a bound. Mapped buffers use pinned staging areas the
//     device copies to and from directly (driver.HostStager, hoststage.go).
//   - Images are VkImages in device-local memory of their own, kept in
//     layout GENERAL, with a sampled and a storage view; 1D buffer images
//     are VkBufferViews; samplers are cached VkSamplers by state
//     (docs/images.md, "The Vulkan driver").
//   - Programs are VkShaderModules; a kernel's VkPipeline is made per set of
//     specialization constants (work-group size, __local sizes) and cached,
//     in memory and in a VkPipelineCache on disk. A dispatch that binds
//     overlapping memory to two buffer arguments, one written, runs a
//     variant of the module with those buffers decorated Aliased, made on
//     first need (alias.go).
//   - Queue commands are kept as Go values and recorded into one command
//     buffer per batch on Flush, on a full batch or on a Wait; a fence per
//     submission completes the batch's events. All clgo queues of a device
//     share its VkQueue; each batch starts with a memory barrier, so that it
//     is ordered after every earlier submission, which is how wait lists
//     across queues are honoured. A batch of one dispatch keeps its
//     recording, submitted again for the next identical launch (reuse.go).
//     Profiling times are device timestamps put on the host clock through
//     calibrated timestamps where the device has them (calibrate.go).
package vulkan
