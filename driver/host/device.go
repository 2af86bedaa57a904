package host

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"weak"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

func init() { driver.Register(Driver{}) }

// Driver is the host driver: one CPU device that runs SPIR-V in pure Go.
type Driver struct{}

// Name returns "host".
func (Driver) Name() string { return "host" }

// Devices returns the one host device.
func (Driver) Devices() ([]driver.Device, error) { return []driver.Device{theDevice}, nil }

// Device is the host CPU.
type Device struct{}

var theDevice = &Device{}

// NewDevice returns the host device.
func NewDevice() *Device { return theDevice }

// maxLocalMem is CL_DEVICE_LOCAL_MEM_SIZE: a dispatch whose work-groups
// need more Workgroup memory fails (memlimit.go).
const maxLocalMem = 1 << 20

// maxWorkGroup bounds work-groups: per-group state grows with the lanes.
const maxWorkGroup = 1024

// Info describes the host device.
func (*Device) Info() driver.DeviceInfo {
	global, maxAlloc := memSizes()
	return driver.DeviceInfo{
		Name:                "clgo host (pure Go)",
		Vendor:              "clgo",
		DriverVersion:       "0.1",
		Type:                driver.TypeCPU,
		ComputeUnits:        uint32(runtime.GOMAXPROCS(0)),
		MaxClockMHz:         1000,
		MaxWorkGroupSize:    maxWorkGroup,
		MaxWorkItemSizes:    [3]uint64{maxWorkGroup, maxWorkGroup, maxWorkGroup},
		MaxWorkGroupCount:   [3]uint64{1<<31 - 1, 1<<31 - 1, 1<<31 - 1},
		LocalMemSize:        maxLocalMem,
		GlobalMemSize:       global,
		MaxAllocSize:        maxAlloc,
		MaxConstantBuffer:   1 << 20,
		MaxPODArgsSize:      4096,
		MemBaseAddrAlign:    1024,
		UnifiedMemory:       true,
		PreferredWGMultiple: 64,
		TimerResolution:     1,
		Caps: driver.Caps{
			Int8: true, Int16: true, Int64: true, Float16: true, Float64: true, Atomics64: true,
			DenormPreserve32: true, DenormPreserve64: true, // Go arithmetic keeps subnormals
			FmaFused: true, // fmath.FMA: math.FMA, rounded to odd for float
			// fmath computes GLSL's Sin, Exp, ... in double, four lanes a
			// register; the library's float code runs eight.
			LibraryTranscendentals: true,
			Images:                 true, // image.go, imagequeue.go, sample.go
			// Buffers have their host addresses, and every access
			// through one is checked against the live buffers
			// (addresses.go).
			PhysicalAddresses: true,
			// Sub-groups of SubgroupWidth lanes (lanes/subgroup.go):
			// every operation class but Quad, on every type.
			SubgroupSize: SubgroupWidth, SubgroupOps: 0x7f, SubgroupExtendedTypes: true,
		},
	}
}

// buffer is host memory, used in place by kernels. Its bytes count
// against the device's global memory until it is released. Its address
// is its DeviceAddress while it lives (addresses.go).
type buffer struct {
	data     []byte
	released atomic.Bool
	wrapped  bool // the caller's memory (WrapHostMemory): not counted
}

func (b *buffer) Size() uint64 { return uint64(len(b.data)) }

// Release gives the buffer's bytes back to the device's global memory (the
// garbage collector frees them once pending commands are done with them).
func (b *buffer) Release() {
	if b.released.Swap(true) {
		return
	}
	liveBuffers.remove(weak.Make(b))
	if !b.wrapped {
		unreserve(uint64(len(b.data)))
	}
}

func (b *buffer) HostBytes() []byte { return b.data }

// NewBuffer allocates zeroed host memory, within the device's global
// memory.
func (*Device) NewBuffer(size uint64) (b driver.Buffer, err error) {
	global, maxAlloc := memSizes()
	if size == 0 || size > maxAlloc {
		return nil, fmt.Errorf("host: buffer of %d bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE is %d): %w", size, maxAlloc, driver.ErrInvalidBufferSize)
	}
	if !reserveCollecting(size) {
		return nil, fmt.Errorf("host: buffer of %d bytes: %d of the device's %d bytes of global memory are in use: %w",
			size, allocated.Load(), global, driver.ErrMemAllocationFailure)
	}
	defer func() {
		if recover() != nil {
			unreserve(size)
			b, err = nil, fmt.Errorf("host: buffer of %d bytes: %w", size, driver.ErrMemAllocationFailure)
		}
	}()
	data := newHostBytes(size) // hostalloc_linux.go: on huge pages
	return newBuffer(data, false), nil
}

// newBuffer makes a buffer of data and gives it its physical address.
func newBuffer(data []byte, wrapped bool) *buffer {
	b := &buffer{data: data, wrapped: wrapped}
	liveBuffers.add(b)
	return b
}

// WrapHostMemory uses mem in place as a buffer (fine-grained shared
// virtual memory): kernels read and write mem itself.
func (*Device) WrapHostMemory(mem []byte) (driver.Buffer, error) {
	if len(mem) == 0 {
		return nil, fmt.Errorf("host: wrapping 0 bytes: %w", driver.ErrInvalidBufferSize)
	}
	return newBuffer(mem, true), nil
}

func bytesOf(b driver.Buffer) ([]byte, error) {
	hb, ok := b.(*buffer)
	if !ok || hb == nil {
		return nil, fmt.Errorf("host: buffer of another device: %w", driver.ErrInvalidMemObject)
	}
	return hb.data, nil
}

// SubgroupWidth is the host device's sub-group size: a work-group is cut
// into sub-groups of SubgroupWidth consecutive linear local ids, the last
// one holding what is left.
const SubgroupWidth = lanes.SubgroupSize
