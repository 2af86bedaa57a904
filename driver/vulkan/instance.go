package vulkan

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

func init() { driver.Register(Driver{}) }

// Driver is the Vulkan driver: one clgo device per Vulkan physical device.
type Driver struct{}

// Name returns "vulkan".
func (Driver) Name() string { return "vulkan" }

var (
	devicesOnce sync.Once
	devicesList []driver.Device
	devicesErr  error
)

// Devices lists the physical devices that support Vulkan 1.1. The instance
// is made once and lives as long as the process.
func (Driver) Devices() ([]driver.Device, error) {
	devicesOnce.Do(func() { devicesList, devicesErr = enumerate() })
	return devicesList, devicesErr
}

// instance holds the VkInstance and its entry points.
type instance struct {
	handle  uintptr
	version uint32

	vkEnumeratePhysicalDevices               uintptr
	vkGetPhysicalDeviceProperties2           uintptr
	vkGetPhysicalDeviceFeatures2             uintptr
	vkGetPhysicalDeviceMemoryProperties      uintptr
	vkGetPhysicalDeviceFormatProperties      uintptr
	vkGetPhysicalDeviceImageFormatProperties uintptr
	vkGetPhysicalDeviceQueueFamilyProperties uintptr
	vkEnumerateDeviceExtensionProperties     uintptr
	vkCreateDevice                           uintptr
	vkGetDeviceProcAddr                      uintptr
}

func vkMakeAPIVersion(major, minor, patch uint32) uint32 { return major<<22 | minor<<12 | patch }

func versionString(v uint32) string {
	return fmt.Sprintf("%d.%d.%d", v>>22&0x7f, v>>12&0x3ff, v&0xfff)
}

func newInstance() (*instance, error) {
	if err := loadLibrary(); err != nil {
		return nil, err
	}
	// vkEnumerateInstanceVersion is absent from 1.0 loaders.
	version := vkMakeAPIVersion(1, 0, 0)
	if f := instanceProc(0, "vkEnumerateInstanceVersion"); f != 0 {
		if err := check("vkEnumerateInstanceVersion", call(f, uintptr(unsafe.Pointer(&version)))); err != nil {
			return nil, err
		}
	}
	if version < vkMakeAPIVersion(1, 1, 0) {
		return nil, fmt.Errorf("%w: the loader supports Vulkan %s only", ErrNoDevice, versionString(version))
	}
	api := min(version, vkMakeAPIVersion(1, 3, 0))
	app := &vkApplicationInfo{sType: sTypeApplicationInfo, pApplicationName: cstr("clgo"), pEngineName: cstr("clgo"), apiVersion: api}
	ci := &vkInstanceCreateInfo{sType: sTypeInstanceCreateInfo, pApplicationInfo: app}
	inst := &instance{version: api}
	create := instanceProc(0, "vkCreateInstance")
	if create == 0 {
		return nil, fmt.Errorf("%w: no vkCreateInstance", ErrNoLoader)
	}
	if err := check("vkCreateInstance", call(create, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&inst.handle)))); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	err := procTable(func(n string) uintptr { return instanceProc(inst.handle, n) }, map[string]*uintptr{
		"vkEnumeratePhysicalDevices":               &inst.vkEnumeratePhysicalDevices,
		"vkGetPhysicalDeviceProperties2":           &inst.vkGetPhysicalDeviceProperties2,
		"vkGetPhysicalDeviceFeatures2":             &inst.vkGetPhysicalDeviceFeatures2,
		"vkGetPhysicalDeviceMemoryProperties":      &inst.vkGetPhysicalDeviceMemoryProperties,
		"vkGetPhysicalDeviceFormatProperties":      &inst.vkGetPhysicalDeviceFormatProperties,
		"vkGetPhysicalDeviceImageFormatProperties": &inst.vkGetPhysicalDeviceImageFormatProperties,
		"vkGetPhysicalDeviceQueueFamilyProperties": &inst.vkGetPhysicalDeviceQueueFamilyProperties,
		"vkEnumerateDeviceExtensionProperties":     &inst.vkEnumerateDeviceExtensionProperties,
		"vkCreateDevice":                           &inst.vkCreateDevice,
		"vkGetDeviceProcAddr":                      &inst.vkGetDeviceProcAddr,
	}, nil)
	if err != nil {
		return nil, err
	}
	return inst, nil
}

func enumerate() ([]driver.Device, error) {
	inst, err := newInstance()
	if err != nil {
		return nil, err
	}
	var n uint32
	if err := check("vkEnumeratePhysicalDevices", call(inst.vkEnumeratePhysicalDevices, inst.handle, uintptr(unsafe.Pointer(&n)), 0)); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	if n == 0 {
		return nil, ErrNoDevice
	}
	handles := make([]uintptr, n)
	if err := check("vkEnumeratePhysicalDevices", call(inst.vkEnumeratePhysicalDevices, inst.handle, uintptr(unsafe.Pointer(&n)), uintptr(unsafe.Pointer(&handles[0])))); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	var devs []driver.Device
	var skipped []string
	for _, h := range handles[:n] {
		pd := newPhysical(inst, h)
		if pd.props.apiVersion < vkMakeAPIVersion(1, 1, 0) || pd.family < 0 {
			skipped = append(skipped, gostr(pd.props.deviceName[:]))
			continue
		}
		devs = append(devs, &Device{phys: pd, info: pd.deviceInfo()})
	}
	if len(devs) == 0 {
		return nil, fmt.Errorf("%w (found %v without Vulkan 1.1 compute)", ErrNoDevice, skipped)
	}
	return devs, nil
}

// physical is what the driver knows of a VkPhysicalDevice.
type physical struct {
	inst    *instance
	handle  uintptr
	props   vkPhysicalDeviceProperties
	id      vkPhysicalDeviceIDProperties
	sub     vkPhysicalDeviceSubgroupProperties
	maint3  vkPhysicalDeviceMaintenance3Properties
	drv     vkPhysicalDeviceDriverProperties
	pushDsc vkPhysicalDevicePushDescriptorProperties
	floatCt vkPhysicalDeviceFloatControlsProperties
	cores   coreProps
	pci     vkPCIBusInfoProperties // clock.go; sType 0 without the extension
	mem     vkPhysicalDeviceMemoryProperties
	exts    map[string]bool

	features vkPhysicalDeviceFeatures2
	f16bit   vkFeatureStruct // storageBuffer16BitAccess, uniformAndStorageBuffer16BitAccess, storagePushConstant16, storageInputOutput16
	fVarPtr  vkFeatureStruct // variablePointersStorageBuffer, variablePointers
	f8bit    vkFeatureStruct // storageBuffer8BitAccess, uniformAndStorageBuffer8BitAccess, storagePushConstant8
	fF16I8   vkFeatureStruct // shaderFloat16, shaderInt8
	fAtom64  vkFeatureStruct // shaderBufferInt64Atomics, shaderSharedInt64Atomics
	fSgTypes vkFeatureStruct // shaderSubgroupExtendedTypes
	fTimel   vkFeatureStruct // timelineSemaphore
	fBDA     vkFeatureStruct // bufferDeviceAddress, ...Capture..., ...MultiDevice
	fRobust2 vkFeatureStruct // robustBufferAccess2, robustImageAccess2, nullDescriptor

	formatCache // VkFormatProperties, asked for on first use

	family          int // compute queue family, or -1
	timestampBits   uint32
	hasPushDescSets bool
}

// hasExt reports whether the device offers extension name, or has it in
// core from Vulkan 1.2 (core12).
func (p *physical) hasExt(name string, core12 bool) bool {
	return p.exts[name] || core12 && p.props.apiVersion >= vkMakeAPIVersion(1, 2, 0)
}

func newPhysical(inst *instance, h uintptr) *physical {
	p := &physical{inst: inst, handle: h, exts: map[string]bool{}, family: -1}

	var n uint32
	call(inst.vkEnumerateDeviceExtensionProperties, h, 0, uintptr(unsafe.Pointer(&n)), 0)
	if n > 0 {
		list := make([]vkExtensionProperties, n)
		call(inst.vkEnumerateDeviceExtensionProperties, h, 0, uintptr(unsafe.Pointer(&n)), uintptr(unsafe.Pointer(&list[0])))
		for _, e := range list[:n] {
			p.exts[gostr(e.extensionName[:])] = true
		}
	}

	// Properties: the Vulkan 1.1 core structs, then those of 1.2 or of
	// extensions when the device has them.
	var props2 vkPhysicalDeviceProperties2
	props2.sType = sTypePhysicalDeviceProperties2
	p.id.sType = sTypePhysicalDeviceIDProperties
	p.sub.sType = sTypeSubgroupProperties
	p.maint3.sType = sTypeMaintenance3Properties
	props2.pNext = unsafe.Pointer(&p.id)
	p.id.pNext = unsafe.Pointer(&p.sub)
	p.sub.pNext = unsafe.Pointer(&p.maint3)
	tail := &p.maint3.pNext
	// First ask for the core properties alone to learn the API version.
	var probe vkPhysicalDeviceProperties2
	probe.sType = sTypePhysicalDeviceProperties2
	call(inst.vkGetPhysicalDeviceProperties2, h, uintptr(unsafe.Pointer(&probe)))
	p.props = probe.properties
	if p.hasExt("VK_KHR_driver_properties", true) {
		p.drv.sType = sTypeDriverProperties
		*tail = unsafe.Pointer(&p.drv)
		tail = &p.drv.pNext
	}
	if p.exts["VK_KHR_push_descriptor"] {
		p.pushDsc.sType = sTypePushDescriptorProperties
		*tail = unsafe.Pointer(&p.pushDsc)
		tail = &p.pushDsc.pNext
		p.hasPushDescSets = true
	}
	if p.hasExt("VK_KHR_shader_float_controls", true) {
		p.floatCt.sType = sTypeFloatControlsProperties
		*tail = unsafe.Pointer(&p.floatCt)
		tail = &p.floatCt.pNext
	}
	tail = p.cores.chain(p, tail)
	p.pci.chain(p, tail)
	call(inst.vkGetPhysicalDeviceProperties2, h, uintptr(unsafe.Pointer(&props2)))
	p.props = props2.properties

	// Features, chained the same way.
	p.features.sType = sTypePhysicalDeviceFeatures2
	chain := []*vkFeatureStruct{}
	add := func(f *vkFeatureStruct, sType uint32, ok bool) {
		if ok {
			f.sType = sType
			chain = append(chain, f)
		}
	}
	add(&p.f16bit, sType16BitStorageFeatures, true)
	add(&p.fVarPtr, sTypeVariablePointersFeatures, true)
	add(&p.f8bit, sType8BitStorageFeatures, p.hasExt("VK_KHR_8bit_storage", true))
	add(&p.fF16I8, sTypeShaderFloat16Int8Features, p.hasExt("VK_KHR_shader_float16_int8", true))
	add(&p.fAtom64, sTypeShaderAtomicInt64Features, p.hasExt("VK_KHR_shader_atomic_int64", true))
	add(&p.fSgTypes, sTypeSubgroupExtendedTypesFeatures, p.hasExt("VK_KHR_shader_subgroup_extended_types", true))
	add(&p.fTimel, sTypeTimelineSemaphoreFeatures, p.hasExt("VK_KHR_timeline_semaphore", true))
	add(&p.fBDA, sTypeBufferDeviceAddressFeatures, p.hasExt("VK_KHR_buffer_device_address", true))
	add(&p.fRobust2, sTypeRobustness2Features, p.exts["VK_EXT_robustness2"])
	linkFeatures(&p.features, chain)
	call(inst.vkGetPhysicalDeviceFeatures2, h, uintptr(unsafe.Pointer(&p.features)))

	call(inst.vkGetPhysicalDeviceMemoryProperties, h, uintptr(unsafe.Pointer(&p.mem)))

	var nf uint32
	call(inst.vkGetPhysicalDeviceQueueFamilyProperties, h, uintptr(unsafe.Pointer(&nf)), 0)
	if nf > 0 {
		fams := make([]vkQueueFamilyProperties, nf)
		call(inst.vkGetPhysicalDeviceQueueFamilyProperties, h, uintptr(unsafe.Pointer(&nf)), uintptr(unsafe.Pointer(&fams[0])))
		// Prefer a family with graphics too (the "universal" queue: it has
		// timestamps everywhere); any compute family will do.
		for i, f := range fams[:nf] {
			if f.queueFlags&queueCompute != 0 && (p.family < 0 || f.queueFlags&1 != 0 && fams[p.family].queueFlags&1 == 0) {
				p.family, p.timestampBits = i, f.timestampValidBits
			}
		}
	}
	return p
}

// linkFeatures chains the feature structs behind f2.
func linkFeatures(f2 *vkPhysicalDeviceFeatures2, chain []*vkFeatureStruct) {
	f2.pNext = nil
	next := &f2.pNext
	for _, f := range chain {
		f.pNext = nil
		*next = unsafe.Pointer(f)
		next = &f.pNext
	}
}

// deviceInfo derives the clgo description from the properties.
func (p *physical) deviceInfo() driver.DeviceInfo {
	l := &p.props.limits
	info := driver.DeviceInfo{
		Name:          gostr(p.props.deviceName[:]),
		VendorID:      p.props.vendorID,
		Vendor:        vendorName(p.props.vendorID),
		DriverVersion: driverVersionString(p),
		ComputeUnits:  1,
		MaxClockMHz:   p.maxClockMHz(),
	}
	switch p.props.deviceType {
	case physicalDeviceTypeCPU:
		info.Type = driver.TypeCPU
		info.ComputeUnits = uint32(runtime.NumCPU())
	case physicalDeviceTypeDiscreteGPU, physicalDeviceTypeIntegratedGPU, physicalDeviceTypeVirtualGPU:
		info.Type = driver.TypeGPU
		info.ComputeUnits = max(p.cores.computeUnits(), 1)
	default:
		info.Type = driver.TypeAccelerator
	}
	info.MaxWorkGroupSize = uint64(l.maxComputeWorkGroupInvocations)
	for i := range 3 {
		info.MaxWorkItemSizes[i] = uint64(l.maxComputeWorkGroupSize[i])
		// Larger NDRanges are split into several dispatches.
		info.MaxWorkGroupCount[i] = 1<<32 - 1
	}
	info.LocalMemSize = uint64(l.maxComputeSharedMemorySize)
	var devLocal, total uint64
	for _, h := range p.mem.memoryHeaps[:p.mem.memoryHeapCount] {
		total += h.size
		if h.flags&memoryHeapDeviceLocal != 0 {
			devLocal = max(devLocal, h.size)
		}
	}
	if devLocal == 0 {
		devLocal = total
	}
	info.GlobalMemSize = devLocal
	info.MaxAllocSize = uint64(l.maxStorageBufferRange)
	if m := p.maint3.maxMemoryAllocationSize; m != 0 {
		info.MaxAllocSize = min(info.MaxAllocSize, m)
	}
	info.MaxAllocSize = min(info.MaxAllocSize, devLocal)
	// OpenCL wants CL_DEVICE_MAX_MEM_ALLOC_SIZE >= CL_DEVICE_GLOBAL_MEM_SIZE/4:
	// a device whose buffers are small (lavapipe: 128 MiB storage buffers
	// in a 2 GiB heap) reports as much global memory as four of them.
	info.GlobalMemSize = min(info.GlobalMemSize, 4*info.MaxAllocSize)
	info.MaxConstantBuffer = min(uint64(l.maxStorageBufferRange), info.MaxAllocSize)
	info.MaxPODArgsSize = 1024
	align := max(l.minStorageBufferOffsetAlignment, l.minUniformBufferOffsetAlignment, 16)
	info.MemBaseAddrAlign = uint32(align * 8)
	info.UnifiedMemory = p.unified()
	info.PreferredWGMultiple = uint64(max(p.sub.subgroupSize, 1))
	info.TimerResolution = max(uint64(l.timestampPeriod+0.5), 1)
	f := &p.features.features
	info.Caps = driver.Caps{
		Int8:              p.fF16I8.b[1] != 0 && p.f8bit.b[0] != 0,
		Int16:             f[featShaderInt16] != 0 && p.f16bit.b[0] != 0,
		Int64:             f[featShaderInt64] != 0,
		Float16:           p.fF16I8.b[0] != 0 && p.f16bit.b[0] != 0,
		Float64:           f[featShaderFloat64] != 0,
		Atomics64:         f[featShaderInt64] != 0 && p.fAtom64.b[0] != 0,
		PhysicalAddresses: p.fBDA.b[0] != 0 && f[featShaderInt64] != 0,
		// floatCt is zero unless the device has float controls.
		SignedZeroInfNanPreserve: p.floatCt.b[fcSignedZeroInfNanPreserveFloat32] != 0,
	}
	info.Caps.DenormPreserve16, info.Caps.DenormPreserve32, info.Caps.DenormPreserve64 = p.denormPreserve(info.Caps.Float64)
	// A 16-bit rounding mode alone is allowed only where rounding modes
	// are independent for every width.
	info.Caps.RoundingRTE16 = info.Caps.Float16 && p.floatCt.b[fcRoundingModeRTEFloat16] != 0 && p.floatCt.roundingModeIndependence == fcIndependenceAll
	// GPUs of NVIDIA, AMD and Intel run GLSL.std.450 Fma as their fused
	// instruction; lavapipe (Mesa's vendor id, a CPU device) splits it
	// into a multiply and an add, and SwiftShader or an unknown device
	// need not fuse either.
	info.Caps.FmaFused = p.props.deviceType != physicalDeviceTypeCPU &&
		(p.props.vendorID == 0x10DE || p.props.vendorID == 0x1002 || p.props.vendorID == 0x8086)
	// Robust buffer access reaches storage buffers only: where it is on,
	// the compiler bounds __local indices too (see Robustness).
	info.Caps.BoundWorkgroupAccess = robustWanted() && f[featRobustBufferAccess] != 0
	// Accesses past a buffer's end fail the dispatch (outofbounds.go).
	info.Caps.ReportOutOfBounds = reportOutOfBounds(p.props.deviceType == physicalDeviceTypeCPU)
	info.Caps.Images = p.imagesSupported()
	// Mesa's CPU device (lavapipe) loses work-items of ordered
	// compare-exchange loops (driver.Caps.RelaxedCompareExchange).
	info.Caps.RelaxedCompareExchange = p.props.deviceType == physicalDeviceTypeCPU && p.props.vendorID == 0x10005 // Mesa
	// lavapipe runs a work-group on one thread, its sub-groups as
	// coroutines, and every memory barrier as a control barrier
	// (driver.Caps.SerialWorkgroups).
	info.Caps.SerialWorkgroups = info.Caps.RelaxedCompareExchange
	// Its atomics are sequentially consistent LLVM atomics, locked
	// instructions on x86 (driver.Caps.FenceByAtomic); lavapipe runs on
	// the CPU this process runs on.
	info.Caps.FenceByAtomic = info.Caps.SerialWorkgroups && (runtime.GOARCH == "amd64" || runtime.GOARCH == "386")
	// Vulkan samplers round coordinates and convert texels their own
	// way: nearest filtering is computed in the kernel everywhere, linear
	// filtering too on CPU devices, which blend in 8-bit fixed point
	// (lavapipe); GPUs keep their filtering hardware (docs/images.md).
	info.Caps.SampleNearestInCode = info.Caps.Images
	info.Caps.SampleLinearInCode = info.Caps.Images && p.props.deviceType == physicalDeviceTypeCPU
	info.Caps.MaxPushConstantsSize = p.props.limits.maxPushConstantsSize
	// Sub-groups: basic operations in compute shaders, and the classes of
	// operations the device runs there (capabilities.go declares the
	// same ones usable); 8-, 16- and 64-bit operands where newLogical
	// enables shaderSubgroupExtendedTypes.
	if p.sub.supportedStages&shaderStageCompute != 0 && p.sub.supportedOperations&1 != 0 {
		info.Caps.SubgroupSize = p.sub.subgroupSize
		info.Caps.SubgroupOps = p.sub.supportedOperations
		info.Caps.SubgroupExtendedTypes = p.fSgTypes.b[0] != 0
	}
	return info
}

// denormPreserve says for which widths the compiler declares
// DenormPreserve. Vulkan wants one denormal mode for 16- and 64-bit
// floats where denormBehaviorIndependence is 32_BIT_ONLY, and one for all
// widths where it is NONE: there 64 (doubles' CL_FP_DENORM) is declared
// with 16 (and under NONE with 32 too) where the device preserves them
// all, else not at all. 16 alone is never needed: half's config claims no
// CL_FP_DENORM.
func (p *physical) denormPreserve(fp64 bool) (d16, d32, d64 bool) {
	ind := p.floatCt.denormBehaviorIndependence
	p16 := p.floatCt.b[fcDenormPreserveFloat16] != 0
	p32 := p.floatCt.b[fcDenormPreserveFloat32] != 0
	p64 := fp64 && p.floatCt.b[fcDenormPreserveFloat64] != 0
	switch ind {
	case fcIndependenceAll:
		return false, p32, p64
	case fcIndependence32BitOnly:
		return p64 && p16, p32, p64 && p16
	default: // NONE
		all := p16 && p32 && p64
		return all, all, all
	}
}

// unified reports whether device-local memory is host-visible and coherent
// in the memory type buffers get (lavapipe, integrated GPUs).
func (p *physical) unified() bool {
	for _, t := range p.mem.memoryTypes[:p.mem.memoryTypeCount] {
		if t.propertyFlags&memoryPropertyDeviceLocal != 0 {
			return t.propertyFlags&(memoryPropertyHostVisible|memoryPropertyHostCoherent) == memoryPropertyHostVisible|memoryPropertyHostCoherent
		}
	}
	return false
}

func vendorName(id uint32) string {
	switch id {
	case 0x10DE:
		return "NVIDIA Corporation"
	case 0x1002:
		return "Advanced Micro Devices, Inc."
	case 0x8086:
		return "Intel Corporation"
	case 0x13B5:
		return "ARM"
	case 0x5143:
		return "Qualcomm"
	case 0x10005:
		return "Mesa"
	}
	return fmt.Sprintf("vendor %#x", id)
}

// driverVersionString spells the driver version the way its vendor does.
func driverVersionString(p *physical) string {
	v := p.props.driverVersion
	s := versionString(v)
	if p.props.vendorID == 0x10DE {
		s = fmt.Sprintf("%d.%d.%d", v>>22&0x3ff, v>>14&0xff, v>>6&0xff)
	}
	if name := gostr(p.drv.driverName[:]); name != "" {
		s += " (" + name
		if info := gostr(p.drv.driverInfo[:]); info != "" {
			s += " " + info
		}
		s += ")"
	}
	return s
}
