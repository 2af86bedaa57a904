package cl

// OpenCL C 2.0's C11 atomics and work-group collective functions as every
// clgo device reports them (the compiler lowers both the same way for
// every driver: compiler/lower/c11atomics.go and collective.go).

// The bits of CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES and
// CL_DEVICE_ATOMIC_FENCE_CAPABILITIES (cl_device_atomic_capabilities).
const (
	AtomicOrderRelaxed    = 1 << 0
	AtomicOrderAcqRel     = 1 << 1
	AtomicOrderSeqCst     = 1 << 2
	AtomicScopeWorkItem   = 1 << 3
	AtomicScopeWorkGroup  = 1 << 4
	AtomicScopeDevice     = 1 << 5
	AtomicScopeAllDevices = 1 << 6
)

// AtomicMemoryCapabilities is CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: every
// order and the work-group, device and all-devices scopes. seq_cst is
// lowered as acquire-release, all Vulkan has without its memory model.
func (d *Device) AtomicMemoryCapabilities() uint64 {
	return AtomicOrderRelaxed | AtomicOrderAcqRel | AtomicOrderSeqCst |
		AtomicScopeWorkGroup | AtomicScopeDevice | AtomicScopeAllDevices
}

// AtomicFenceCapabilities is CL_DEVICE_ATOMIC_FENCE_CAPABILITIES: every
// order and every scope (a work-item-scope fence orders nothing beyond
// what one work-item sees anyway).
func (d *Device) AtomicFenceCapabilities() uint64 {
	return AtomicOrderRelaxed | AtomicOrderAcqRel | AtomicOrderSeqCst |
		AtomicScopeWorkItem | AtomicScopeWorkGroup | AtomicScopeDevice | AtomicScopeAllDevices
}

// WorkGroupCollectiveFunctions is CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT.
func (d *Device) WorkGroupCollectiveFunctions() bool { return true }
