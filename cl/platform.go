package cl

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
)

// DeviceType is cl_device_type.
type DeviceType = driver.DeviceType

// Device types, with the bits of cl_device_type.
const (
	DeviceTypeDefault     = driver.TypeDefault
	DeviceTypeCPU         = driver.TypeCPU
	DeviceTypeGPU         = driver.TypeGPU
	DeviceTypeAccelerator = driver.TypeAccelerator
	DeviceTypeCustom      = driver.TypeCustom
	DeviceTypeAll         = DeviceType(0xFFFFFFFF)
)

// PlatformInfo is what clGetPlatformInfo reports.
type PlatformInfo struct {
	Profile, Version, Name, Vendor, Extensions string
}

// Platform is the clgo platform: every device of every registered driver.
type Platform struct {
	info    PlatformInfo
	devices []*Device
	errs    []error // drivers that could not list their devices
}

// Device is one device of a driver.
type Device struct {
	platform *Platform
	drv      string
	dev      driver.Device
	info     DeviceInfo
}

// DeviceInfo is what clGetDeviceInfo reports: the driver's description and
// the OpenCL version strings.
type DeviceInfo struct {
	driver.DeviceInfo
	Driver         string // the clgo driver's name: "host", "vulkan"
	Version        string // "OpenCL 3.0 clgo"
	OpenCLCVersion string // "OpenCL C 1.2 clgo"
	Extensions     string
	Profile        string
	Available      bool
	// NonUniformWorkGroups: the device runs NDRanges whose global size is
	// not a multiple of the local size (CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT)
	// for programs built with -cl-std=CL2.0 or later. Kernels say it one by
	// one (driver.KernelInfo.NonUniform): both drivers' do, where the
	// work-group size is a specialization constant.
	NonUniformWorkGroups bool
	// AddressBits is the width of size_t and of pointers in the kernels
	// clgo compiles (CL_DEVICE_ADDRESS_BITS): 32 under Vulkan's logical
	// addressing, 64 where programs are built for physical addressing
	// (physical.go). NDRanges whose ids it cannot hold are refused.
	AddressBits int
	// ImageSupport: the device runs image and sampler arguments
	// (CL_DEVICE_IMAGE_SUPPORT): its driver implements driver.ImageDevice
	// and reports Caps.Images. Images holds its limits then.
	ImageSupport bool
	Images       driver.ImageLimits
}

const (
	platformVersion = "OpenCL 3.0 clgo"
	cVersion        = "OpenCL C 1.2 clgo"
)

var (
	platformOnce sync.Once
	thePlatform  *Platform
)

// Platforms returns the one clgo platform. Its devices are listed once, on
// the first call.
func Platforms() ([]*Platform, error) {
	platformOnce.Do(func() { thePlatform = newPlatform(driver.Drivers()) })
	return []*Platform{thePlatform}, nil
}

func newPlatform(drivers []driver.Driver) *Platform {
	p := &Platform{info: PlatformInfo{
		Profile: "FULL_PROFILE", Version: platformVersion, Name: "clgo", Vendor: "clgo",
	}}
	for _, d := range drivers {
		devs, err := d.Devices()
		if err != nil {
			p.errs = append(p.errs, fmt.Errorf("driver %s: %w", d.Name(), err))
			continue
		}
		for _, dd := range devs {
			p.devices = append(p.devices, newDevice(p, d.Name(), dd))
		}
	}
	// The platform's extensions are those of all its devices.
	for i, d := range p.devices {
		ext := strings.Fields(d.info.Extensions)
		if i > 0 {
			common := strings.Fields(p.info.Extensions)
			ext = slices.DeleteFunc(common, func(e string) bool { return !slices.Contains(ext, e) })
		}
		p.info.Extensions = strings.Join(ext, " ")
	}
	return p
}

// NewPlatformForTest builds a platform over the given drivers instead of
// the registered ones, for tests of code above this package.
func NewPlatformForTest(drivers ...driver.Driver) *Platform { return newPlatform(drivers) }

func newDevice(p *Platform, drv string, d driver.Device) *Device {
	di := d.Info()
	// The FULL profile asks CL_DEVICE_MAX_MEM_ALLOC_SIZE to be at least
	// max(min(1 GiB, CL_DEVICE_GLOBAL_MEM_SIZE / 4), 32 MiB). A device
	// whose largest buffer is smaller (lavapipe binds at most its
	// maxStorageBufferRange, 128 MiB, of 2 GiB) reports the global memory
	// that makes its largest buffer conformant: 4 times that buffer.
	if minAlloc := max(min(1<<30, di.GlobalMemSize/4), 32<<20); di.MaxAllocSize < minAlloc && di.MaxAllocSize >= 32<<20 {
		di.GlobalMemSize = 4 * di.MaxAllocSize
	}
	// The extensions are those the compiler predefines for the device
	// (compilerOptions tells it the same caps): what CL_DEVICE_EXTENSIONS,
	// `clgo info` and OpenCL C's macros all say; and three that concern
	// OpenCL-flavoured SPIR-V, which compiler/fromspirv translates on
	// every device (no OpenCL C macro: the CTS counts them API
	// extensions): cl_khr_spirv_no_integer_wrap_decoration (NoSignedWrap
	// and NoUnsignedWrap only allow optimizations, so they are dropped),
	// cl_khr_expect_assume (OpExpectKHR, OpAssumeTrueKHR; the compiler
	// has __builtin_expect and __builtin_assume) and
	// cl_khr_spirv_linkonce_odr (a link keeps one definition of each
	// LinkOnceODR function: Program.LinkUnits). Not claimed:
	// cl_khr_il_program (IL programs come through the core
	// clCreateProgramWithIL; clCreateProgramWithILKHR is not exported).
	// cl_khr_fp16 where the device has Float16 arithmetic and 16-bit
	// storage (Caps.Float16, docs/fp16.md).
	ext := []string{"cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
		"cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
		"cl_khr_byte_addressable_store", "cl_khr_spirv_no_integer_wrap_decoration", "cl_khr_expect_assume",
		"cl_khr_spirv_linkonce_odr"}
	if di.Caps.Float64 {
		ext = append(ext, "cl_khr_fp64")
	}
	if di.Caps.Float16 {
		ext = append(ext, "cl_khr_fp16")
	}
	if di.Caps.Atomics64 {
		ext = append(ext, "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics")
	}
	ext = append(ext, compiler.SubgroupExtensions(compiler.SubgroupOps(di.Caps.SubgroupOps), di.Caps.SubgroupExtendedTypes, di.Caps.SubgroupIndependentForwardProgress)...)
	dev := &Device{platform: p, drv: drv, dev: d, info: DeviceInfo{
		DeviceInfo: di, Driver: drv, Version: platformVersion, OpenCLCVersion: cVersion,
		Profile: "FULL_PROFILE", Available: true,
		NonUniformWorkGroups: true, AddressBits: 32,
	}}
	if dev.physicalAddressing() {
		dev.info.AddressBits = 64 // physical.go
	}
	if id, ok := d.(driver.ImageDevice); ok && di.Caps.Images {
		dev.info.ImageSupport, dev.info.Images = true, id.ImageLimits()
		// The pitch and base address alignments are those of a 2D image
		// created from a buffer, which clgo does not do: OpenCL asks 0
		// for both then (cl_khr_image2d_from_buffer is not claimed).
		dev.info.Images.PitchAlignment, dev.info.Images.BaseAddressAlignment = 0, 0
		ext = append(ext, compiler.ImageExtensions(dev.compileFeatures())...)
	}
	dev.info.Extensions = strings.Join(ext, " ")
	return dev
}

// Info returns the platform's description.
func (p *Platform) Info() PlatformInfo { return p.info }

// DriverErrors lists drivers that are registered but found no usable
// device (a missing libvulkan, say); their devices are absent.
func (p *Platform) DriverErrors() []error { return p.errs }

// Devices returns the devices whose type matches typ (DeviceTypeAll for
// all); ErrDeviceNotFound when none does. DeviceTypeDefault gives the first
// device.
func (p *Platform) Devices(typ DeviceType) ([]*Device, error) {
	if typ == 0 || (typ != DeviceTypeAll && typ&^0x1F != 0) {
		return nil, errorf(ErrInvalidDeviceType, "clGetDeviceIDs: device type %#x", uint32(typ))
	}
	var out []*Device
	for _, d := range p.devices {
		if typ == DeviceTypeAll || d.info.Type&typ != 0 || (typ&DeviceTypeDefault != 0 && len(out) == 0) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		if len(p.devices) == 0 {
			return nil, errorf(ErrDeviceNotFound, "clGetDeviceIDs: no clgo driver has a device")
		}
		return nil, errorf(ErrDeviceNotFound, "clGetDeviceIDs: no device of type %v", typ)
	}
	return out, nil
}

// Devices returns every device of the clgo platform, the host device first.
func Devices() ([]*Device, error) {
	ps, _ := Platforms()
	return ps[0].Devices(DeviceTypeAll)
}

// Info returns the device's description.
func (d *Device) Info() DeviceInfo { return d.info }

// Name is the device's name.
func (d *Device) Name() string { return d.info.Name }

// DriverName is the clgo driver of the device ("host", "vulkan").
func (d *Device) DriverName() string { return d.drv }

// Platform returns the device's platform.
func (d *Device) Platform() *Platform { return d.platform }

// Driver returns the underlying driver device.
func (d *Device) Driver() driver.Device { return d.dev }

func (d *Device) String() string { return d.drv + ": " + d.info.Name }
