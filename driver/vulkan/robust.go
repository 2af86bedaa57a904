package vulkan

import "github.com/clgo/clgo/internal/config"

// Robustness is how far a device protects memory from out-of-bounds
// accesses of kernels.
//
// The guarantee: clgo binds every buffer argument (and the POD and
// constant buffers it makes) as a storage-buffer descriptor whose range is
// exactly that buffer, and enables robust buffer access on every device
// that has it (Vulkan requires robustBufferAccess of every conformant
// implementation). Then an access through such a descriptor outside its
// range never touches memory outside clgo's own allocations and never
// faults the device:
//
//   - With VK_EXT_robustness2 (RobustBufferAccess2): an out-of-bounds load
//     returns zero, an out-of-bounds store or atomic is discarded: other
//     buffers, even those sharing its VkDeviceMemory block, are untouched.
//     Its robustImageAccess2 is enabled too where the device has it:
//     out-of-range image reads return zeros, writes are dropped.
//   - With robustBufferAccess alone (RobustBufferAccess): a load returns a
//     value from within the memory bound to the VkBuffer, or zero; a store
//     may land anywhere in that VkBuffer (one of clgo's large blocks, which
//     holds other clgo buffers of the same device) but nowhere else. Most
//     implementations clamp to the descriptor's range or drop the store.
//
// __local (Workgroup) arrays, which robustness does not reach (lavapipe
// keeps them in the process's memory: a store far past one killed the
// process), are bounded in the emitted code instead: with robustness on,
// the device reports driver.Caps.BoundWorkgroupAccess and the compiler
// clamps every __local index that is not provably in range to the array's
// last element (an out-of-range load reads that element, an out-of-range
// store or atomic writes it; compiler/lower/boundlocal.go).
//
// Not covered: __private arrays (an out-of-bounds index there is
// undefined behaviour, as in OpenCL), and global memory reached through
// physical addresses (PhysicalStorageBuffer64 modules). The host driver,
// by contrast, checks every access and reports the first one out of range
// as an error.
//
// CLGO_VULKAN_ROBUST=0 in the environment turns robustness off, to measure
// what it costs.
type Robustness uint8

const (
	RobustNone          Robustness = iota // turned off, or the device lacks it
	RobustBufferAccess                    // robustBufferAccess
	RobustBufferAccess2                   // robustBufferAccess + VK_EXT_robustness2's robustBufferAccess2
)

func (r Robustness) String() string {
	switch r {
	case RobustBufferAccess:
		return "robustBufferAccess"
	case RobustBufferAccess2:
		return "robustBufferAccess2"
	}
	return "none"
}

// robustWanted reports whether the process lets devices run robustly
// (CLGO_VULKAN_ROBUST is not 0).
func robustWanted() bool { return config.Get(config.VulkanRobust) != "0" }

// Robustness reports the device's out-of-bounds protection (opening the
// device if needed).
func (d *Device) Robustness() Robustness {
	if d.open() != nil {
		return RobustNone
	}
	return d.robust
}
