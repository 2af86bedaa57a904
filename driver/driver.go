// Package driver is the interface between the OpenCL runtime (package cl,
// the C ABI in cmd/libclgo) and the devices that run kernels: the pure-Go
// executor in driver/host and the Vulkan executor in driver/vulkan.
//
// # The contract
//
// A Driver lists Devices. A Device makes Buffers, Programs (from SPIR-V in
// the Vulkan flavour that package compiler emits) and Queues. Work reaches a
// device only through a Queue: every command (Dispatch, ReadBuffer,
// WriteBuffer, CopyBuffer, FillBuffer, Marker) is enqueued and returns at
// once with an Event; nothing runs until... whenever the driver likes, and at
// the latest after Flush. A driver may batch commands (a Vulkan driver records
// them into one command buffer and submits on Flush, on a full batch, or when
// someone waits on one of their events). Waiting is the only thing that
// blocks: Event.Wait and Queue.Finish.
//
// Ordering. A driver Queue is in order: a command starts after every earlier
// command of the same queue has completed and its memory effects are visible.
// A wait list adds dependencies on Events of other queues of the same device.
// The runtime implements OpenCL's out-of-order queues and user events above
// this interface (a command whose wait list holds an unfinished user event is
// not handed to the driver until the user event completes), so drivers never
// see user events and never wait on events of another device.
//
// Memory ownership. A Buffer belongs to the driver; its bytes are reached
// only through queue commands (or, for buffers that implement HostMapper, a
// direct view). Host slices passed to WriteBuffer and ReadBuffer belong to the
// caller but are lent to the driver until the command's Event completes: the
// caller must not touch a ReadBuffer destination, nor change a WriteBuffer
// source, before then. Argument values passed to Dispatch (POD bytes, the
// Args slice) are copied or consumed before Dispatch returns. Releasing an
// object with commands still pending is allowed; the driver keeps it alive
// until they complete.
//
// Kernels. Dispatch is always given a local (work-group) size and runs a
// region made of whole work-groups: the runtime picks a local size when the
// user gives none and splits non-uniform NDRanges into uniform regions (see
// NDRange for what the kernel's work-item functions return). The global
// offset is passed as given (it is a push constant in the clgo mapping). Each argument is an Arg whose Kind matches the
// ArgInfo the driver reported for that position.
//
// Cancellation. The context given to Dispatch bounds that command's
// execution: when it is cancelled the driver stops the kernel as soon as it
// can (the host driver checks between work-groups and on loop back-edges) and
// the Event completes with an error wrapping ErrCanceled and the context's
// cause. Memory the kernel wrote before it stopped stays written. A device
// that cannot stop a running kernel (Vulkan) abandons it instead: the Event
// fails at once with that error, which says so, while the device may go on
// running it; later commands still run after it, in order, and what it uses
// stays alive until it has really ended. Commands waiting for a cancelled
// command fail (ErrWaitListFailed); Finish reports neither.
//
// Errors. Drivers return errors that wrap the sentinel errors below, so that
// the runtime can map them onto OpenCL error codes with errors.Is; the text
// says what failed and where (a KernelError names the kernel and argument of
// an out-of-bounds access).
package driver

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
)

// Sentinel errors. The runtime maps each to the OpenCL error code in the
// comment.
var (
	ErrInvalidValue           = errors.New("invalid value")                    // CL_INVALID_VALUE
	ErrInvalidBufferSize      = errors.New("invalid buffer size")              // CL_INVALID_BUFFER_SIZE
	ErrMemAllocationFailure   = errors.New("memory object allocation failure") // CL_MEM_OBJECT_ALLOCATION_FAILURE
	ErrOutOfResources         = errors.New("out of device resources")          // CL_OUT_OF_RESOURCES
	ErrOutOfHostMemory        = errors.New("out of host memory")               // CL_OUT_OF_HOST_MEMORY
	ErrInvalidBinary          = errors.New("invalid SPIR-V binary")            // CL_INVALID_BINARY
	ErrBuildProgramFailure    = errors.New("program build failure")            // CL_BUILD_PROGRAM_FAILURE
	ErrInvalidKernelName      = errors.New("no kernel of that name")           // CL_INVALID_KERNEL_NAME
	ErrInvalidKernelArgs      = errors.New("invalid kernel arguments")         // CL_INVALID_KERNEL_ARGS
	ErrInvalidArgValue        = errors.New("invalid argument value")           // CL_INVALID_ARG_VALUE
	ErrInvalidWorkGroupSize   = errors.New("invalid work-group size")          // CL_INVALID_WORK_GROUP_SIZE
	ErrInvalidWorkItemSize    = errors.New("invalid work-item size")           // CL_INVALID_WORK_ITEM_SIZE
	ErrInvalidGlobalWorkSize  = errors.New("invalid global work size")         // CL_INVALID_GLOBAL_WORK_SIZE
	ErrInvalidOperation       = errors.New("invalid operation")                // CL_INVALID_OPERATION
	ErrUnsupported            = errors.New("not supported by this device")     // CL_INVALID_OPERATION
	ErrOutOfBounds            = errors.New("out-of-bounds memory access")      // CL_OUT_OF_RESOURCES (execution error)
	ErrExecution              = errors.New("kernel execution failed")          // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST for dependents
	ErrCanceled               = errors.New("command canceled")                 // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST for dependents
	ErrDeviceLost             = errors.New("device lost")                      // CL_OUT_OF_RESOURCES
	ErrReleased               = errors.New("object already released")          // CL_INVALID_* of the object kind
	ErrWaitListFailed         = errors.New("an event in the wait list failed") // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	ErrMisalignedSubBuffer    = errors.New("misaligned sub-buffer offset")     // CL_MISALIGNED_SUB_BUFFER_OFFSET
	ErrCompilerNotAvailable   = errors.New("compiler not available")           // CL_COMPILER_NOT_AVAILABLE
	ErrInvalidDevice          = errors.New("invalid device")                   // CL_INVALID_DEVICE
	ErrProfilingInfoNotAvail  = errors.New("profiling information not available")
	ErrDeviceNotAvailable     = errors.New("device not available") // CL_DEVICE_NOT_AVAILABLE
	ErrInvalidCommandQueue    = errors.New("invalid command queue")
	ErrInvalidEventWaitList   = errors.New("invalid event wait list")
	ErrInvalidMemObject       = errors.New("invalid memory object")
	ErrInvalidProgramExecable = errors.New("program has no executable for this device")
)

// KernelError reports a failure inside a running kernel, such as an access
// out of the bounds of a buffer argument. It wraps Err (for example
// ErrOutOfBounds) for errors.Is.
type KernelError struct {
	Kernel string // the kernel's name
	Arg    int    // the argument index involved, or -1
	Name   string // the argument's name, when known
	Detail string // what happened: "load of 4 bytes at offset 4096 of 4096"
	Err    error
}

func (e *KernelError) Error() string {
	s := "kernel " + e.Kernel
	if e.Arg >= 0 {
		s += fmt.Sprintf(", argument %d", e.Arg)
		if e.Name != "" {
			s += " (" + e.Name + ")"
		}
	}
	s += ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func (e *KernelError) Unwrap() error { return e.Err }

// DeviceType is the kind of a device, as CL_DEVICE_TYPE spells it.
type DeviceType uint32

// Device types, with the bit values of cl_device_type.
const (
	TypeDefault     DeviceType = 1 << 0
	TypeCPU         DeviceType = 1 << 1
	TypeGPU         DeviceType = 1 << 2
	TypeAccelerator DeviceType = 1 << 3
	TypeCustom      DeviceType = 1 << 4
)

func (t DeviceType) String() string {
	switch t {
	case TypeCPU:
		return "CPU"
	case TypeGPU:
		return "GPU"
	case TypeAccelerator:
		return "Accelerator"
	case TypeCustom:
		return "Custom"
	case TypeDefault:
		return "Default"
	}
	return fmt.Sprintf("DeviceType(%#x)", uint32(t))
}

// Caps are the optional features of a device, as the compiler and the
// runtime need to know them.
type Caps struct {
	Int8      bool // 8-bit integers in storage and arithmetic
	Int16     bool // 16-bit integers
	Int64     bool // 64-bit integers
	Float16   bool // half arithmetic (cl_khr_fp16)
	Float64   bool // double (cl_khr_fp64)
	Atomics64 bool // 64-bit atomics (cl_khr_int64_base_atomics)
	Images    bool // image and sampler arguments
	// PhysicalAddresses: global pointers as 64-bit addresses
	// (PhysicalStorageBuffer64) are supported.
	PhysicalAddresses bool
	// SubgroupSize is the sub-group width, or 0 when sub-groups are not
	// supported.
	SubgroupSize uint32
	// SubgroupOps are the sub-group operations kernels may use, as the
	// bits of Vulkan's VkSubgroupFeatureFlags (Basic 1, Vote 2,
	// Arithmetic 4, Ballot 8, Shuffle 16, ShuffleRelative 32, Clustered
	// 64, Quad 128): the SPIR-V capabilities GroupNonUniform* the device
	// runs in compute kernels. They decide the cl_khr_subgroup*
	// extensions (compiler.SubgroupExtensions).
	SubgroupOps uint32
	// SubgroupExtendedTypes: sub-group operations also work on 8-, 16-
	// and 64-bit integers and half (Vulkan's shaderSubgroupExtendedTypes).
	SubgroupExtendedTypes bool
	// SubgroupIndependentForwardProgress: a sub-group that waits for
	// another sub-group of its work-group (spinning on its store) is sure
	// to see it arrive, outside barriers too
	// (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS). Only then does
	// the device list cl_khr_subgroups (compiler.SubgroupExtensions). The
	// host driver runs a work-group's lanes in lock step and lavapipe its
	// sub-groups one after the other between barriers, so neither has it;
	// Vulkan promises it nowhere.
	SubgroupIndependentForwardProgress bool
	// SignedZeroInfNanPreserve: the device runs modules that declare
	// SPV_KHR_float_controls' SignedZeroInfNanPreserve for 32-bit floats,
	// and honours it. The compiler then declares it (Vulkan devices may
	// otherwise assume no NaN or infinity).
	SignedZeroInfNanPreserve bool
	// DenormPreserve32/64: the device keeps 32-/64-bit subnormals when a
	// module declares SPV_KHR_float_controls' DenormPreserve for that width
	// (the compiler then declares it), or always does (the host driver).
	// Without it the device may flush them, as OpenCL C §7.5.3 allows for
	// float, and must not report CL_FP_DENORM.
	DenormPreserve32, DenormPreserve64 bool
	// DenormPreserve16: modules declare DenormPreserve for 16-bit floats
	// too. A Vulkan device whose 16- and 64-bit denormal modes must agree
	// (denormBehaviorIndependence 32_BIT_ONLY or NONE) keeps double
	// subnormals only with both declared.
	DenormPreserve16 bool
	// RoundingRTE16: modules declare RoundingModeRTE for 16-bit floats.
	// Without it a device may keep half values at float precision until
	// they are stored (NVIDIA's compiler drops the rounding of
	// (float)convert_half(x)); OpenCL rounds each half result to nearest
	// even.
	RoundingRTE16 bool
	// FmaFused: GLSL.std.450 Fma is a correctly rounded fused
	// multiply-add (one rounding) for 32- and 64-bit floats. The compiler
	// then lowers fma to it; otherwise to its software fma (Vulkan lets
	// Fma round twice, and lavapipe does).
	FmaFused bool
	// LibraryTranscendentals: the device's GLSL.std.450 transcendental
	// instructions (Sin, Exp, Log, Pow, ...) are no faster than the
	// compiler's OpenCL C math library (the host driver computes them in
	// software, in double). The native_ and half_ forms of the library's
	// builtins and -cl-fast-relaxed-math then use the library's precise
	// functions too, which OpenCL's looser bounds allow.
	LibraryTranscendentals bool
	// BoundWorkgroupAccess: the device runs kernels with robust buffer
	// access and wants __local indices bounded in the emitted code too
	// (robustness does not cover Workgroup memory, and an out-of-bounds
	// __local store may fault the device or the process).
	BoundWorkgroupAccess bool
	// LoopIterationLimit: the device leaves loops after this many passes
	// per invocation and reports success (Mesa's llvmpipe and lavapipe:
	// 65535 passes, shared by every loop of a kernel); 0 when it has no
	// such limit. Known only from a probe run on the device: see Prober.
	LoopIterationLimit uint32
	// ReportOutOfBounds: the runtime wants kernels compiled with the
	// out-of-bounds check (compiler.Features.ReportOutOfBounds) and fails
	// a dispatch that reports one (printf.ErrOutOfBounds).
	ReportOutOfBounds bool
	// RelaxedCompareExchange: the device loses work-items of a
	// compare-exchange retry loop whose compare-exchange, or a fence in
	// the loop, carries a memory order (Mesa 22.3's lavapipe: only one
	// sub-group of each work-group leaves the loop). The compiler then
	// emits OpenCL C 2.0's compare-exchanges relaxed, as OpenCL 1.x's
	// atomic_cmpxchg always is. (The cause, found since: lavapipe runs the
	// barrier it puts around an ordered atomic, and every OpMemoryBarrier,
	// as a work-group control barrier; SerialWorkgroups and FenceByAtomic
	// handle fences and the other atomics.)
	RelaxedCompareExchange bool
	// SerialWorkgroups: the device runs all the invocations of a
	// work-group on one CPU thread, its sub-groups taking turns only at
	// barriers (lavapipe). Memory order within a work-group is then
	// program order, so fences and atomic orders of Subgroup or Workgroup
	// scope order nothing a kernel can observe, and the compiler leaves
	// them out (compiler.Features.SerialWorkgroups). lavapipe needs that:
	// it runs every OpMemoryBarrier, and the barrier it puts around an
	// atomic that carries memory semantics, as a work-group control
	// barrier, which loses the sub-groups that do not reach it (a fence
	// in a loop whose trip count differs between sub-groups).
	SerialWorkgroups bool
	// FenceByAtomic: an atomic read-modify-write of any order is a full
	// fence on the device (lavapipe on x86: LLVM atomicrmw and cmpxchg of
	// sequentially consistent order, locked instructions), while its
	// OpMemoryBarrier is the work-group control barrier SerialWorkgroups
	// describes. The compiler then emits Device-scope fences as an atomic
	// increment of a Workgroup word and gives Device-scope atomics no
	// order (compiler.Features.FenceByAtomic).
	FenceByAtomic bool
	// SampleNearestInCode: kernels compiled for the device compute
	// CLK_FILTER_NEAREST sampling themselves, with OpenCL's formulas, and
	// read the texel with OpImageFetch, rather than sample through the
	// device's sampler, whose coordinate rounding and format conversions
	// differ from OpenCL's (docs/images.md). SampleLinearInCode:
	// CLK_FILTER_LINEAR too, texels blended in float, for devices whose
	// hardware filtering is less precise than OpenCL asks (lavapipe).
	SampleNearestInCode, SampleLinearInCode bool
	// MaxPushConstantsSize is the most bytes of push constants a kernel
	// may have (Vulkan's maxPushConstantsSize; 0: no limit). Kernels
	// whose push constants are larger are compiled to read them from a
	// buffer (compiler.Features.MaxPushConstantsSize).
	MaxPushConstantsSize uint32
}

// Prober is a Device some of whose Caps are known only by running probe
// kernels on it (which opens the device). The runtime asks for them when
// it compiles for the device, through CompileCaps; Info().Caps leaves
// them zero so that listing devices stays cheap.
type Prober interface {
	ProbedCaps() Caps
}

// CompileCaps returns the Caps that code compiled for d must know:
// ProbedCaps where d is a Prober, Info().Caps otherwise.
func CompileCaps(d Device) Caps {
	if p, ok := d.(Prober); ok {
		return p.ProbedCaps()
	}
	return d.Info().Caps
}

// DeviceInfo describes a device. Sizes are in bytes.
type DeviceInfo struct {
	Name          string
	Vendor        string
	VendorID      uint32
	DriverVersion string
	Type          DeviceType

	ComputeUnits      uint32
	MaxClockMHz       uint32
	MaxWorkGroupSize  uint64    // work-items in one work-group
	MaxWorkItemSizes  [3]uint64 // per dimension
	MaxWorkGroupCount [3]uint64 // per dimension, for one Dispatch

	LocalMemSize        uint64 // __local memory per work-group
	GlobalMemSize       uint64
	MaxAllocSize        uint64 // largest single Buffer
	MaxConstantBuffer   uint64 // largest __constant argument
	MaxPODArgsSize      uint64 // total size of POD arguments of one kernel
	MemBaseAddrAlign    uint32 // alignment in bits of sub-buffer offsets (CL_DEVICE_MEM_BASE_ADDR_ALIGN)
	UnifiedMemory       bool   // host and device share memory (CL_DEVICE_HOST_UNIFIED_MEMORY)
	PreferredWGMultiple uint64 // preferred multiple of the work-group size (warp or SIMD width)

	// TimerResolution is the resolution of profiling timestamps in ns.
	TimerResolution uint64

	Caps Caps
}

// Driver is a family of devices (host, Vulkan).
type Driver interface {
	// Name is short and stable ("host", "vulkan"): the user picks devices
	// with it.
	Name() string
	// Devices lists the devices present. A driver whose system library is
	// missing returns an error that says so; the runtime then skips it.
	Devices() ([]Device, error)
}

// Device is one device. Its methods are safe for concurrent use.
type Device interface {
	Info() DeviceInfo
	// NewBuffer allocates size bytes of device memory, zero-filled.
	// Errors wrap ErrInvalidBufferSize or ErrMemAllocationFailure.
	NewBuffer(size uint64) (Buffer, error)
	// BuildProgram prepares a SPIR-V module (the Vulkan flavour, with its
	// NonSemantic.ClspvReflection kernel interface) for running. It reads the
	// kernel interface from the module itself. Errors wrap ErrInvalidBinary,
	// or ErrUnsupported for a capability the device lacks.
	BuildProgram(spirv []byte) (Program, error)
	// NewQueue creates an in-order command queue.
	NewQueue(opts QueueOptions) (Queue, error)
}

// QueueOptions configures a Queue.
type QueueOptions struct {
	// Profiling asks for timestamps on every Event. Without it Event.Profile
	// may return zeros.
	Profiling bool
}

// Buffer is device memory. Release it when done; the driver keeps it alive
// while commands that use it are pending.
type Buffer interface {
	Size() uint64
	Release()
}

// HostMapper is implemented by buffers whose bytes the host may touch
// directly (host memory, or unified memory on the device). The runtime uses
// it to map without copying; it must only touch the slice while no command
// that uses the buffer is pending.
type HostMapper interface {
	HostBytes() []byte
}

// HostStager is implemented by devices that hand out host memory their
// copies reach directly (pinned, host-visible memory, kept by the driver
// and reused): a ReadBuffer or WriteBuffer whose host bytes lie in such
// memory moves them with one device copy and no staging. The runtime maps
// buffers through it (clEnqueueMapBuffer).
type HostStager interface {
	// AllocStaging returns n bytes of such memory, not Go memory (a C
	// caller may keep pointers into it). hostReads asks for memory the
	// host reads fast (cached); without it the driver may pick memory the
	// host only writes fast (a device-local window). Its contents are
	// undefined.
	AllocStaging(n uint64, hostReads bool) ([]byte, error)
	// FreeStaging gives back memory from AllocStaging. Commands enqueued
	// before that still use it: it is reused once they complete.
	FreeStaging(mem []byte)
}

// Program is a built SPIR-V module.
type Program interface {
	// Kernels describes every kernel (entry point) of the module.
	Kernels() []KernelInfo
	// Kernel returns the named kernel, or an error wrapping
	// ErrInvalidKernelName.
	Kernel(name string) (Kernel, error)
	Release()
}

// Kernel is one entry point of a Program.
type Kernel interface {
	Info() KernelInfo
	Release()
}

// KernelInfo describes a kernel's interface, as the runtime needs it for
// clSetKernelArg, clGetKernelArgInfo and clGetKernelWorkGroupInfo.
type KernelInfo struct {
	Name       string
	Attributes string // the kernel's attributes, as CL_KERNEL_ATTRIBUTES
	Args       []ArgInfo
	// ReqdWorkGroupSize is reqd_work_group_size(X,Y,Z), or zeros.
	ReqdWorkGroupSize [3]uint64
	// MaxWorkGroupSize is the largest work-group this kernel may run with on
	// this device (CL_KERNEL_WORK_GROUP_SIZE).
	MaxWorkGroupSize uint64
	// PreferredWGMultiple is CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE.
	PreferredWGMultiple uint64
	// NonUniform says that the driver runs this kernel correctly on a
	// region of a non-uniform NDRange (RegionOffset not zero, Local not
	// EnqueuedLocal), as NDRange describes. Without it the runtime refuses
	// non-uniform work-groups (CL_INVALID_WORK_GROUP_SIZE). A Vulkan driver
	// sets it when the module reads the region offsets from push constants.
	NonUniform bool
	// PhysicalAddressing says that the kernel's module reaches global
	// memory through PhysicalStorageBuffer64 addresses (docs/physical.md):
	// its pointer arguments may point anywhere in a buffer (no offset
	// alignment), and the runtime passes the SVM allocations it may reach
	// as ArgSVMResident entries after its arguments.
	PhysicalAddressing bool
	LocalMemSize       uint64 // __local memory the kernel declares itself
	PrivateMemSize     uint64 // per work-item, when known
}

// ArgKind is what an argument is, as far as the driver is concerned.
type ArgKind uint8

// Argument kinds. The driver decides how each is delivered (a storage buffer
// binding, a field of the POD uniform buffer or push constants, a
// specialization constant sizing a Workgroup array).
const (
	ArgBuffer  ArgKind = iota + 1 // __global or __constant pointer
	ArgPOD                        // a value passed by copy (scalar, vector, struct)
	ArgLocal                      // __local pointer: the caller gives a size
	ArgImage                      // image2d_t, image3d_t, ...
	ArgSampler                    // sampler_t
	// ArgSVMResident follows the kernel's own arguments: an SVM allocation
	// the kernel may reach through pointers held in memory (docs/physical.md).
	ArgSVMResident
)

func (k ArgKind) String() string {
	switch k {
	case ArgBuffer:
		return "buffer"
	case ArgPOD:
		return "pod"
	case ArgLocal:
		return "local"
	case ArgImage:
		return "image"
	case ArgSampler:
		return "sampler"
	case ArgSVMResident:
		return "svm-resident"
	}
	return fmt.Sprintf("ArgKind(%d)", uint8(k))
}

// AddressQualifier values, as cl_kernel_arg_address_qualifier.
const (
	AddressGlobal   = 0x119B
	AddressLocal    = 0x119C
	AddressConstant = 0x119D
	AddressPrivate  = 0x119E
)

// AccessQualifier values, as cl_kernel_arg_access_qualifier.
const (
	AccessReadOnly  = 0x11A0
	AccessWriteOnly = 0x11A1
	AccessReadWrite = 0x11A2
	AccessNone      = 0x11A3
)

// Type qualifier bits, as cl_kernel_arg_type_qualifier.
const (
	TypeQualConst    = 1 << 0
	TypeQualRestrict = 1 << 1
	TypeQualVolatile = 1 << 2
	TypeQualPipe     = 1 << 3
)

// ArgInfo describes one kernel argument.
type ArgInfo struct {
	Kind ArgKind
	// Size is the byte size of a POD argument (what clSetKernelArg must be
	// given), or the pointer size for buffers and locals.
	Size uint64
	// ElemSize is the size of the pointee of a __local pointer, when known.
	ElemSize uint64
	// Name, TypeName and the qualifiers come from the reflection; Name and
	// TypeName may be empty when the module carries no argument info.
	Name             string
	TypeName         string
	AddressQualifier uint32
	AccessQualifier  uint32
	TypeQualifier    uint32
}

// Arg is one argument value for Dispatch.
type Arg struct {
	Kind ArgKind
	// Buffer and the byte range [Offset, Offset+Size) of it that the kernel
	// sees, for ArgBuffer; a sub-buffer is a range of its parent. A nil
	// Buffer is a NULL pointer.
	Buffer Buffer
	Offset uint64
	Size   uint64
	// Bytes is the value of an ArgPOD argument (len == ArgInfo.Size).
	Bytes []byte
	// LocalSize is the byte size of an ArgLocal argument.
	LocalSize uint64
	// Image is the image of an ArgImage argument (see image.go).
	Image Image
	// Sampler is the state of an ArgSampler argument.
	Sampler Sampler
	// HostAddress is, for ArgSVMResident, the host address of the SVM
	// allocation's first byte, which Buffer holds on the device
	// (docs/physical.md, the SVM table).
	HostAddress uint64
}

// AddressedBuffer is implemented by the buffers of devices with
// Caps.PhysicalAddresses: DeviceAddress is the address kernels of
// physical-addressing modules use for the buffer's first byte
// (docs/physical.md). It stays the same while the buffer lives.
type AddressedBuffer interface {
	Buffer
	DeviceAddress() uint64
}

// NDRange is the shape of one Dispatch: a uniform region of an NDRange.
// Dims is 1, 2 or 3; unused dimensions have Global, Local, EnqueuedLocal and
// Region 1 and offsets 0.
//
// OpenCL 2.0 allows a global size that is not a multiple of the local size;
// the runtime then splits the NDRange into up to 2^Dims regions, each made of
// equal work-groups, and dispatches each region separately. A work-item of a
// region sees:
//
//	get_global_offset(d)       = Offset[d]
//	get_global_size(d)         = Global[d]
//	get_enqueued_local_size(d) = EnqueuedLocal[d]
//	get_local_size(d)          = Local[d]
//	get_num_groups(d)          = ceil(Global[d] / EnqueuedLocal[d])
//	get_group_id(d)            = RegionOffset[d]/EnqueuedLocal[d] + the group's index in the region
//	get_global_id(d)           = Offset[d] + RegionOffset[d] + index in region*Local[d] + get_local_id(d)
//
// For a uniform NDRange there is one region: RegionOffset is 0, Region is
// Global and Local is EnqueuedLocal. Region[d] is always a multiple of
// Local[d], and RegionOffset[d] a multiple of EnqueuedLocal[d].
type NDRange struct {
	Dims          int
	Offset        [3]uint64
	Global        [3]uint64
	EnqueuedLocal [3]uint64
	Local         [3]uint64
	RegionOffset  [3]uint64
	Region        [3]uint64
}

// Uniform returns the single-region NDRange of a global size that is a
// multiple of local.
func Uniform(dims int, offset, global, local [3]uint64) NDRange {
	return NDRange{Dims: dims, Offset: offset, Global: global, EnqueuedLocal: local, Local: local, Region: global}
}

// Groups is the number of work-groups of the region in each dimension.
func (nd *NDRange) Groups() [3]uint64 {
	var g [3]uint64
	for i := range 3 {
		if nd.Local[i] != 0 {
			g[i] = nd.Region[i] / nd.Local[i]
		}
	}
	return g
}

// Queue is an in-order command queue. Every command returns an Event at once
// (or an error for an invalid request, in which case nothing was enqueued).
// wait lists Events of this device (any of its queues) that must complete
// before the command starts; if one of them failed, the command does not run
// and its Event fails with an error wrapping ErrWaitListFailed.
//
// A Queue's methods may be called from several goroutines; the order of
// commands is the order of the calls.
type Queue interface {
	Dispatch(ctx context.Context, k Kernel, args []Arg, nd NDRange, wait []Event) (Event, error)
	// WriteBuffer copies src into dst at offset.
	WriteBuffer(dst Buffer, offset uint64, src []byte, wait []Event) (Event, error)
	// ReadBuffer copies len(dst) bytes of src at offset into dst.
	ReadBuffer(src Buffer, offset uint64, dst []byte, wait []Event) (Event, error)
	// CopyBuffer copies size bytes; overlapping ranges of one buffer are an
	// error (ErrInvalidValue), as in clEnqueueCopyBuffer.
	CopyBuffer(src Buffer, srcOffset uint64, dst Buffer, dstOffset, size uint64, wait []Event) (Event, error)
	// FillBuffer repeats pattern over [offset, offset+size); size is a
	// multiple of len(pattern).
	FillBuffer(dst Buffer, offset, size uint64, pattern []byte, wait []Event) (Event, error)
	// Marker completes when every earlier command of the queue and every
	// event of wait has completed.
	Marker(wait []Event) (Event, error)
	// Flush hands every enqueued command to the device; it does not wait.
	Flush() error
	// Finish flushes and waits for every enqueued command. It returns the
	// first error of those commands, or the context's error.
	Finish(ctx context.Context) error
	// Release finishes pending work in the background and frees the queue.
	Release()
}

// Status is a command's execution status, as CL_EVENT_COMMAND_EXECUTION_STATUS.
type Status int32

// Command statuses, with OpenCL's values. An error is a negative status.
const (
	Complete  Status = 0 // CL_COMPLETE
	Running   Status = 1 // CL_RUNNING
	Submitted Status = 2 // CL_SUBMITTED
	Queued    Status = 3 // CL_QUEUED
	Failed    Status = -1
)

func (s Status) String() string {
	switch s {
	case Complete:
		return "complete"
	case Running:
		return "running"
	case Submitted:
		return "submitted"
	case Queued:
		return "queued"
	}
	return "failed"
}

// Profile holds a command's timestamps, in nanoseconds on the device's
// clock (only differences are meaningful), as CL_PROFILING_COMMAND_*.
type Profile struct {
	Queued, Submit, Start, End uint64
}

// Event tracks one command. Its methods are safe for concurrent use.
type Event interface {
	// Status is the current status; Failed once the command failed.
	Status() Status
	// Done is closed when the command has completed or failed. Waiting on
	// Done does not flush; Wait does.
	Done() <-chan struct{}
	// Wait flushes the command's queue if needed and blocks until the
	// command completes, returning its error, or until ctx is done,
	// returning ctx's error (the command goes on).
	Wait(ctx context.Context) error
	// Err is the command's error once it has failed, else nil.
	Err() error
	// Profile returns the timestamps once the command has completed on a
	// queue made with Profiling; ok is false otherwise.
	Profile() (p Profile, ok bool)
}

// The registry of drivers. Drivers register themselves in an init function;
// the runtime imports the ones it ships (the host driver always).
var (
	regMu   sync.Mutex
	drivers = map[string]Driver{}
)

// Register makes a driver available under d.Name(). Registering a second
// driver of the same name replaces the first (tests use this).
func Register(d Driver) {
	regMu.Lock()
	defer regMu.Unlock()
	drivers[d.Name()] = d
}

// Unregister removes the named driver.
func Unregister(name string) {
	regMu.Lock()
	defer regMu.Unlock()
	delete(drivers, name)
}

// Drivers returns the registered drivers, "host" first and the others in
// name order, so that device numbering is stable.
func Drivers() []Driver {
	regMu.Lock()
	defer regMu.Unlock()
	out := make([]Driver, 0, len(drivers))
	for _, d := range drivers {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Name(), out[j].Name()
		if (a == "host") != (b == "host") {
			return a == "host"
		}
		return a < b
	})
	return out
}

// Lookup returns the driver registered under name, or nil.
func Lookup(name string) Driver {
	regMu.Lock()
	defer regMu.Unlock()
	return drivers[name]
}
