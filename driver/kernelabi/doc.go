// Package kernelabi is the clgo kernel ABI: how a driver feeds a kernel
// that package compiler made its specialization constants, its push
// constants and its NDRange regions. It mirrors the conventions of clspv's
// NonSemantic.ClspvReflection (which the module carries and package spirv
// reads into a spirv.Reflection), so that every driver computes the same
// values from the same driver.NDRange and no driver knows OpenCL C.
//
// Specialization constants (AppendSpecConstants): the work-group size
// (three ids, when the module takes it as spec constants rather than a
// fixed LocalSize), the global offset and work dimension when the module
// takes them that way, the largest sub-group size, and for each __local
// pointer argument its element count (the argument's byte size over its
// element size).
//
// Push constants (PutWorkItemPushConstants): the module-wide work-item
// values the reflection lists, each a uint3 (or fewer words, as its size
// says) at its offset: global offset, enqueued local size, global size,
// number of work-groups, region offset and region group offset. The
// region offset carries the global offset: it is Offset + RegionOffset,
// so that get_global_id is the invocation's id in the dispatch plus it.
// The region group offset is RegionOffset / EnqueuedLocal, added to the
// dispatch's work-group id to give get_group_id. POD arguments passed as
// push constants sit after these (PushConstantsEnd covers both).
// A kernel whose push constants exceed the device's limit reads the same
// bytes from a storage buffer (spirv.Kernel's PushConstantBuffer): the
// driver writes them there instead of pushing them, a copy per chunk
// where the region push constants differ between chunks.
//
// Regions: a region of whole work-groups (driver.NDRange) may hold more
// groups than a device dispatches at once. SplitGroups cuts it into chunks
// within the device's limits; a module with region push constants
// (HasRegionPushConstants) runs each chunk as its own region (SubRegion:
// the same NDRange, the region moved by the chunk's first group, with the
// push constants rewritten), one without runs the chunks with a base
// work-group id (vkCmdDispatchBase) since its ids come from the built-ins.
//
// POD arguments in a buffer (a cluster) get PODSlack bytes after the last
// field so that vector loads of it stay in range.
//
// Pointers (pointers.go, docs/physical.md §4): in a physical module a
// __global pointer argument is the device address of the byte it points
// at (PointerValue: the buffer's address from the driver's AddressFunc
// plus the argument's offset, 0 for NULL); PutPointerPushConstants writes
// those passed as push constants, the program-scope variables' address
// and the SVM table's. SplitArgs separates the trailing
// driver.ArgSVMResident entries of a dispatch from the kernel's own
// arguments.
//
// Images (images.go, docs/images.md): image and sampler arguments are
// descriptors (driver.ArgImage, driver.ArgSampler); the module's literal
// samplers (LiteralSamplers) are bound by the driver at their own set and
// binding; get_image_channel_order/data_type read 32-bit push constants
// that PutImageChannelPushConstants fills from the dispatch's images.
package kernelabi
