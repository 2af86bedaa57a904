// Package refcl drives a reference OpenCL implementation (PoCL, or a GPU
// vendor's OpenCL) through the system's libOpenCL.so.1, loaded at run time
// without cgo. It has just enough of the C API to build a kernel from
// source, run it on buffers and time it: the oracle for clgo's tests and the
// other columns of `clgo bench`.
//
// Calls are synchronous: reads and writes block, Run waits for the kernel.
// Host memory is only lent to the library for the duration of a call.
package refcl

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

// ErrNoOpenCL says that the OpenCL loader or any platform is missing.
var ErrNoOpenCL = errors.New("no OpenCL implementation")

// Error is a failed OpenCL call.
type Error struct {
	Func string
	Code cl.ErrorCode
	Log  string // the build log, for clBuildProgram
}

func (e *Error) Error() string {
	code := e.Code.Error()
	if e.Code == cl.ErrCanceled {
		// clgo's private code is a vendor's here: NVIDIA's OpenCL
		// answers -9999 after an illegal memory access.
		code = "error -9999 (a vendor's code; NVIDIA's for an illegal memory access)"
	}
	s := fmt.Sprintf("%s: %s", e.Func, code)
	if e.Log != "" {
		s += "\n" + e.Log
	}
	return s
}

func (e *Error) Unwrap() error { return e.Code }

func check(fn string, code int32) error {
	if code == 0 {
		return nil
	}
	return &Error{Func: fn, Code: cl.ErrorCode(code)}
}

type handle = uintptr

var api struct {
	GetPlatformIDs        func(n uint32, p *handle, num *uint32) int32
	GetPlatformInfo       func(p handle, param uint32, size uintptr, val unsafe.Pointer, ret *uintptr) int32
	GetDeviceIDs          func(p handle, typ uint64, n uint32, d *handle, num *uint32) int32
	GetDeviceInfo         func(d handle, param uint32, size uintptr, val unsafe.Pointer, ret *uintptr) int32
	CreateContext         func(props unsafe.Pointer, n uint32, d *handle, cb, user uintptr, errc *int32) handle
	CreateCommandQueue    func(c, d handle, props uint64, errc *int32) handle
	CreateProgramWithSrc  func(c handle, n uint32, strs **byte, lens *uintptr, errc *int32) handle
	BuildProgram          func(p handle, n uint32, d *handle, opts *byte, cb, user uintptr) int32
	CompileProgram        func(p handle, n uint32, d *handle, opts *byte, nh uint32, h *handle, names **byte, cb, user uintptr) int32
	LinkProgram           func(c handle, n uint32, d *handle, opts *byte, np uint32, ps *handle, cb, user uintptr, errc *int32) handle
	GetProgramBuildInfo   func(p, d handle, param uint32, size uintptr, val unsafe.Pointer, ret *uintptr) int32
	CreateKernel          func(p handle, name *byte, errc *int32) handle
	SetKernelArg          func(k handle, i uint32, size uintptr, val unsafe.Pointer) int32
	GetKernelWGInfo       func(k, d handle, param uint32, size uintptr, val unsafe.Pointer, ret *uintptr) int32
	CreateBuffer          func(c handle, flags uint64, size uintptr, host unsafe.Pointer, errc *int32) handle
	CreateSubBuffer       func(b handle, flags uint64, typ uint32, info unsafe.Pointer, errc *int32) handle
	EnqueueWriteBuffer    func(q, b handle, blocking uint32, off, size uintptr, ptr unsafe.Pointer, nw uint32, w *handle, ev *handle) int32
	EnqueueReadBuffer     func(q, b handle, blocking uint32, off, size uintptr, ptr unsafe.Pointer, nw uint32, w *handle, ev *handle) int32
	EnqueueNDRangeKernel  func(q, k handle, dim uint32, off, global, local *uintptr, nw uint32, w *handle, ev *handle) int32
	Finish                func(q handle) int32
	WaitForEvents         func(n uint32, list *handle) int32
	GetEventProfilingInfo func(e handle, param uint32, size uintptr, val unsafe.Pointer, ret *uintptr) int32
	ReleaseMemObject      func(h handle) int32
	ReleaseKernel         func(h handle) int32
	ReleaseProgram        func(h handle) int32
	ReleaseCommandQueue   func(h handle) int32
	ReleaseContext        func(h handle) int32
	ReleaseEvent          func(h handle) int32
	CreateImage           func(c handle, flags uint64, format *imageFormat, desc *imageDesc, host unsafe.Pointer, errc *int32) handle
	EnqueueWriteImage     func(q, im handle, blocking uint32, origin, region *uintptr, row, slice uintptr, ptr unsafe.Pointer, nw uint32, w *handle, ev *handle) int32
	EnqueueReadImage      func(q, im handle, blocking uint32, origin, region *uintptr, row, slice uintptr, ptr unsafe.Pointer, nw uint32, w *handle, ev *handle) int32
	CreateSampler         func(c handle, normalized uint32, addressing, filter uint32, errc *int32) handle
	ReleaseSampler        func(h handle) int32
}

var (
	loadOnce sync.Once
	loadErr  error
)

// Load opens libOpenCL.so.1 once; later calls return the first result.
func Load() error {
	loadOnce.Do(func() { loadErr = load() })
	return loadErr
}

// Info parameter names (cl.h).
const (
	platformProfile    = 0x0900
	platformVersion    = 0x0901
	platformName       = 0x0902
	platformVendor     = 0x0903
	platformExtensions = 0x0904

	deviceType             = 0x1000
	deviceVendorID         = 0x1001
	deviceMaxComputeUnits  = 0x1002
	deviceMaxWorkItemDims  = 0x1003
	deviceMaxWorkGroupSize = 0x1004
	deviceMaxWorkItemSizes = 0x1005
	deviceMaxClock         = 0x100C
	deviceMaxMemAllocSize  = 0x1010
	deviceGlobalMemSize    = 0x101F
	deviceLocalMemSize     = 0x1023
	deviceName             = 0x102B
	deviceVendor           = 0x102C
	driverVersion          = 0x102D
	deviceVersion          = 0x102F
	deviceExtensions       = 0x1030
	deviceOpenCLCVersion   = 0x103D

	programBuildLog = 0x1183

	kernelWorkGroupSize = 0x11B0

	profilingQueued = 0x1280
	profilingSubmit = 0x1281
	profilingStart  = 0x1282
	profilingEnd    = 0x1283

	memReadWrite               = 1 << 0
	queueProfilingEnable       = 1 << 1
	deviceTypeAll              = 0xFFFFFFFF
	errDeviceNotFound    int32 = -1
	errPlatformNotFound        = -1001 // CL_PLATFORM_NOT_FOUND_KHR, from the ICD loader
)

// Platform is an OpenCL platform.
type Platform struct {
	id                                         handle
	Name, Vendor, Version, Profile, Extensions string
}

// Device is an OpenCL device.
type Device struct {
	id       handle
	Platform *Platform

	Name, Vendor, Version, DriverVersion, CVersion, Extensions string

	Type             uint64 // CL_DEVICE_TYPE bits (2 CPU, 4 GPU)
	VendorID         uint32
	ComputeUnits     uint32
	MaxClockMHz      uint32
	MaxWorkGroupSize uint64
	MaxWorkItemSizes []uint64
	GlobalMemSize    uint64
	LocalMemSize     uint64
	MaxAllocSize     uint64
}

// TypeName is "CPU", "GPU", "Accelerator" or "Custom".
func (d *Device) TypeName() string {
	switch {
	case d.Type&4 != 0:
		return "GPU"
	case d.Type&2 != 0:
		return "CPU"
	case d.Type&8 != 0:
		return "Accelerator"
	}
	return "Custom"
}

func infoString(get func(size uintptr, val unsafe.Pointer, ret *uintptr) int32) string {
	var n uintptr
	if get(0, nil, &n) != 0 || n == 0 {
		return ""
	}
	b := make([]byte, n)
	if get(n, unsafe.Pointer(&b[0]), nil) != 0 {
		return ""
	}
	return strings.TrimRight(string(b), "\x00 ")
}

func infoFixed[T any](get func(size uintptr, val unsafe.Pointer, ret *uintptr) int32) T {
	var v T
	get(unsafe.Sizeof(v), unsafe.Pointer(&v), nil)
	return v
}

// Platforms lists the platforms with their devices' count; an error wrapping
// ErrNoOpenCL when the loader or every platform is missing.
func Platforms() ([]*Platform, error) {
	if err := Load(); err != nil {
		return nil, err
	}
	var n uint32
	if c := api.GetPlatformIDs(0, nil, &n); c != 0 || n == 0 {
		if c == 0 || c == errPlatformNotFound {
			return nil, fmt.Errorf("%w: the OpenCL loader finds no platform (install pocl-opencl-icd, or check /etc/OpenCL/vendors)", ErrNoOpenCL)
		}
		return nil, check("clGetPlatformIDs", c)
	}
	ids := make([]handle, n)
	if err := check("clGetPlatformIDs", api.GetPlatformIDs(n, &ids[0], nil)); err != nil {
		return nil, err
	}
	var out []*Platform
	for _, id := range ids {
		get := func(param uint32) string {
			return infoString(func(s uintptr, v unsafe.Pointer, r *uintptr) int32 {
				return api.GetPlatformInfo(id, param, s, v, r)
			})
		}
		out = append(out, &Platform{id: id, Name: get(platformName), Vendor: get(platformVendor),
			Version: get(platformVersion), Profile: get(platformProfile), Extensions: get(platformExtensions)})
	}
	return out, nil
}

// Devices lists the platform's devices.
func (p *Platform) Devices() ([]*Device, error) {
	var n uint32
	c := api.GetDeviceIDs(p.id, deviceTypeAll, 0, nil, &n)
	if c == errDeviceNotFound || (c == 0 && n == 0) {
		return nil, nil
	}
	if err := check("clGetDeviceIDs", c); err != nil {
		return nil, err
	}
	ids := make([]handle, n)
	if err := check("clGetDeviceIDs", api.GetDeviceIDs(p.id, deviceTypeAll, n, &ids[0], nil)); err != nil {
		return nil, err
	}
	var out []*Device
	for _, id := range ids {
		get := func(param uint32) func(s uintptr, v unsafe.Pointer, r *uintptr) int32 {
			return func(s uintptr, v unsafe.Pointer, r *uintptr) int32 { return api.GetDeviceInfo(id, param, s, v, r) }
		}
		d := &Device{id: id, Platform: p,
			Name: infoString(get(deviceName)), Vendor: infoString(get(deviceVendor)),
			Version: infoString(get(deviceVersion)), DriverVersion: infoString(get(driverVersion)),
			CVersion: infoString(get(deviceOpenCLCVersion)), Extensions: infoString(get(deviceExtensions)),
			Type:             infoFixed[uint64](get(deviceType)),
			VendorID:         infoFixed[uint32](get(deviceVendorID)),
			ComputeUnits:     infoFixed[uint32](get(deviceMaxComputeUnits)),
			MaxClockMHz:      infoFixed[uint32](get(deviceMaxClock)),
			MaxWorkGroupSize: uint64(infoFixed[uintptr](get(deviceMaxWorkGroupSize))),
			GlobalMemSize:    infoFixed[uint64](get(deviceGlobalMemSize)),
			LocalMemSize:     infoFixed[uint64](get(deviceLocalMemSize)),
			MaxAllocSize:     infoFixed[uint64](get(deviceMaxMemAllocSize)),
		}
		dims := infoFixed[uint32](get(deviceMaxWorkItemDims))
		if dims > 0 && dims <= 16 {
			sz := make([]uintptr, dims)
			api.GetDeviceInfo(id, deviceMaxWorkItemSizes, uintptr(dims)*unsafe.Sizeof(uintptr(0)), unsafe.Pointer(&sz[0]), nil)
			for _, s := range sz {
				d.MaxWorkItemSizes = append(d.MaxWorkItemSizes, uint64(s))
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// AllDevices lists the devices of every platform.
func AllDevices() ([]*Device, error) {
	ps, err := Platforms()
	if err != nil {
		return nil, err
	}
	var out []*Device
	for _, p := range ps {
		ds, err := p.Devices()
		if err != nil {
			return nil, fmt.Errorf("platform %s: %w", p.Name, err)
		}
		out = append(out, ds...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no OpenCL device", ErrNoOpenCL)
	}
	return out, nil
}

// Context is a context on one device with one in-order profiling queue.
type Context struct {
	Device *Device
	ctx    handle
	queue  handle
}

// NewContext creates a context and a profiling queue on d.
func NewContext(d *Device) (*Context, error) { return NewContextWith(d, true) }

// NewContextWith creates a context and a queue on d, with profiling or
// without (for timing the launch path alone).
func NewContextWith(d *Device, profiling bool) (*Context, error) {
	var errc int32
	id := d.id
	ctx := api.CreateContext(nil, 1, &id, 0, 0, &errc)
	if err := check("clCreateContext", errc); err != nil {
		return nil, err
	}
	props := uint64(0)
	if profiling {
		props = queueProfilingEnable
	}
	q := api.CreateCommandQueue(ctx, id, props, &errc)
	if err := check("clCreateCommandQueue", errc); err != nil {
		api.ReleaseContext(ctx)
		return nil, err
	}
	return &Context{Device: d, ctx: ctx, queue: q}, nil
}

// Release frees the queue and the context.
func (c *Context) Release() {
	if c.queue != 0 {
		api.Finish(c.queue)
		api.ReleaseCommandQueue(c.queue)
		api.ReleaseContext(c.ctx)
		c.queue, c.ctx = 0, 0
	}
}

func cstr(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

// Program is a built program.
type Program struct {
	c  *Context
	id handle
}

// Build compiles src with options. On failure the error is an *Error whose
// Log holds the build log.
func (c *Context) Build(src, options string) (*Program, error) {
	var errc int32
	s := cstr(src)
	n := uintptr(len(src))
	p := api.CreateProgramWithSrc(c.ctx, 1, &s, &n, &errc)
	runtime.KeepAlive(s)
	if err := check("clCreateProgramWithSource", errc); err != nil {
		return nil, err
	}
	id := c.Device.id
	o := cstr(options)
	code := api.BuildProgram(p, 1, &id, o, 0, 0)
	runtime.KeepAlive(o)
	if code != 0 {
		log := infoString(func(s uintptr, v unsafe.Pointer, r *uintptr) int32 {
			return api.GetProgramBuildInfo(p, id, programBuildLog, s, v, r)
		})
		api.ReleaseProgram(p)
		return nil, &Error{Func: "clBuildProgram", Code: cl.ErrorCode(code), Log: strings.TrimSpace(log)}
	}
	return &Program{c: c, id: p}, nil
}

// Link compiles each source as a unit of its own (clCompileProgram) and
// links the units into one program (clLinkProgram). On failure the error
// is an *Error whose Log holds the compile or link log.
func (c *Context) Link(srcs []string, options string) (*Program, error) {
	id := c.Device.id
	var units []handle
	defer func() {
		for _, u := range units {
			api.ReleaseProgram(u)
		}
	}()
	logOf := func(p handle) string {
		return strings.TrimSpace(infoString(func(s uintptr, v unsafe.Pointer, r *uintptr) int32 {
			return api.GetProgramBuildInfo(p, id, programBuildLog, s, v, r)
		}))
	}
	for _, src := range srcs {
		var errc int32
		s := cstr(src)
		n := uintptr(len(src))
		p := api.CreateProgramWithSrc(c.ctx, 1, &s, &n, &errc)
		runtime.KeepAlive(s)
		if err := check("clCreateProgramWithSource", errc); err != nil {
			return nil, err
		}
		units = append(units, p)
		o := cstr(options)
		code := api.CompileProgram(p, 1, &id, o, 0, nil, nil, 0, 0)
		runtime.KeepAlive(o)
		if code != 0 {
			return nil, &Error{Func: "clCompileProgram", Code: cl.ErrorCode(code), Log: logOf(p)}
		}
	}
	var errc int32
	p := api.LinkProgram(c.ctx, 1, &id, nil, uint32(len(units)), &units[0], 0, 0, &errc)
	if errc != 0 {
		var log string
		if p != 0 {
			log = logOf(p)
			api.ReleaseProgram(p)
		}
		return nil, &Error{Func: "clLinkProgram", Code: cl.ErrorCode(errc), Log: log}
	}
	return &Program{c: c, id: p}, nil
}

// Release frees the program.
func (p *Program) Release() {
	if p.id != 0 {
		api.ReleaseProgram(p.id)
		p.id = 0
	}
}

// Kernel is a kernel object.
type Kernel struct {
	c    *Context
	id   handle
	Name string
}

// Kernel creates the named kernel.
func (p *Program) Kernel(name string) (*Kernel, error) {
	var errc int32
	n := cstr(name)
	k := api.CreateKernel(p.id, n, &errc)
	runtime.KeepAlive(n)
	if err := check("clCreateKernel("+name+")", errc); err != nil {
		return nil, err
	}
	return &Kernel{c: p.c, id: k, Name: name}, nil
}

// Release frees the kernel.
func (k *Kernel) Release() {
	if k.id != 0 {
		api.ReleaseKernel(k.id)
		k.id = 0
	}
}

// WorkGroupSize is CL_KERNEL_WORK_GROUP_SIZE.
func (k *Kernel) WorkGroupSize() uint64 {
	var v uintptr
	api.GetKernelWGInfo(k.id, k.c.Device.id, kernelWorkGroupSize, unsafe.Sizeof(v), unsafe.Pointer(&v), nil)
	return uint64(v)
}

// SetBuffer sets argument i to b.
func (k *Kernel) SetBuffer(i int, b *Buffer) error {
	id := b.id
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), unsafe.Sizeof(id), unsafe.Pointer(&id)))
}

// SetBytes sets argument i to a value given as its bytes.
func (k *Kernel) SetBytes(i int, v []byte) error {
	if len(v) == 0 {
		return &Error{Func: "clSetKernelArg", Code: cl.ErrInvalidArgSize}
	}
	c := api.SetKernelArg(k.id, uint32(i), uintptr(len(v)), unsafe.Pointer(&v[0]))
	runtime.KeepAlive(v)
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), c)
}

// SetLocal sets __local argument i to size bytes.
func (k *Kernel) SetLocal(i int, size uint64) error {
	return check(fmt.Sprintf("clSetKernelArg(%s, %d)", k.Name, i), api.SetKernelArg(k.id, uint32(i), uintptr(size), nil))
}

// Buffer is a read-write buffer.
type Buffer struct {
	c    *Context
	id   handle
	Size uint64
}

// NewBuffer allocates size bytes.
func (c *Context) NewBuffer(size uint64) (*Buffer, error) {
	var errc int32
	b := api.CreateBuffer(c.ctx, memReadWrite, uintptr(size), nil, &errc)
	if err := check("clCreateBuffer", errc); err != nil {
		return nil, err
	}
	return &Buffer{c: c, id: b, Size: size}, nil
}

// SubBuffer makes a sub-buffer of b: its bytes [origin, origin+size).
// origin must be a multiple of the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN.
func (b *Buffer) SubBuffer(origin, size uint64) (*Buffer, error) {
	const bufferCreateTypeRegion = 0x1220
	region := [2]uintptr{uintptr(origin), uintptr(size)}
	var errc int32
	sb := api.CreateSubBuffer(b.id, memReadWrite, bufferCreateTypeRegion, unsafe.Pointer(&region), &errc)
	if err := check("clCreateSubBuffer", errc); err != nil {
		return nil, err
	}
	return &Buffer{c: b.c, id: sb, Size: size}, nil
}

// Release frees the buffer.
func (b *Buffer) Release() {
	if b.id != 0 {
		api.ReleaseMemObject(b.id)
		b.id = 0
	}
}

// Write copies data into the buffer at offset, blocking.
func (b *Buffer) Write(offset uint64, data []byte) error {
	if len(data) == 0 {
		return nil
	}
	c := api.EnqueueWriteBuffer(b.c.queue, b.id, 1, uintptr(offset), uintptr(len(data)), unsafe.Pointer(&data[0]), 0, nil, nil)
	runtime.KeepAlive(data)
	return check("clEnqueueWriteBuffer", c)
}

// Read copies len(dst) bytes at offset into dst, blocking.
func (b *Buffer) Read(offset uint64, dst []byte) error {
	if len(dst) == 0 {
		return nil
	}
	c := api.EnqueueReadBuffer(b.c.queue, b.id, 1, uintptr(offset), uintptr(len(dst)), unsafe.Pointer(&dst[0]), 0, nil, nil)
	runtime.KeepAlive(dst)
	return check("clEnqueueReadBuffer", c)
}

// Timing is a kernel run's profiling times, in ns.
type Timing struct {
	Queued, Submit, Start, End uint64
}

// Kernel time: end - start.
func (t Timing) Kernel() uint64 { return t.End - t.Start }

// Run enqueues k over global (1 to 3 dimensions) with local (nil: the
// implementation chooses) and waits for it.
func (c *Context) Run(k *Kernel, global, local []uint64) (Timing, error) {
	var t Timing
	if len(global) < 1 || len(global) > 3 || (local != nil && len(local) != len(global)) {
		return t, &Error{Func: "clEnqueueNDRangeKernel", Code: cl.ErrInvalidWorkDimension}
	}
	var g, l [3]uintptr
	for i := range global {
		g[i] = uintptr(global[i])
		if local != nil {
			l[i] = uintptr(local[i])
		}
	}
	var lp *uintptr
	if local != nil {
		lp = &l[0]
	}
	var ev handle
	if err := check("clEnqueueNDRangeKernel("+k.Name+")", api.EnqueueNDRangeKernel(c.queue, k.id, uint32(len(global)), nil, &g[0], lp, 0, nil, &ev)); err != nil {
		return t, err
	}
	defer api.ReleaseEvent(ev)
	if err := check("clWaitForEvents", api.WaitForEvents(1, &ev)); err != nil {
		return t, err
	}
	for _, p := range []struct {
		param uint32
		v     *uint64
	}{{profilingQueued, &t.Queued}, {profilingSubmit, &t.Submit}, {profilingStart, &t.Start}, {profilingEnd, &t.End}} {
		if err := check("clGetEventProfilingInfo", api.GetEventProfilingInfo(ev, p.param, 8, unsafe.Pointer(p.v), nil)); err != nil {
			return t, err
		}
	}
	return t, nil
}

// Enqueue enqueues k over global with local (nil: the implementation
// chooses) and returns without an event or waiting: the launch path of an
// application that only synchronises with Finish.
func (c *Context) Enqueue(k *Kernel, global, local []uint64) error {
	if len(global) < 1 || len(global) > 3 || (local != nil && len(local) != len(global)) {
		return &Error{Func: "clEnqueueNDRangeKernel", Code: cl.ErrInvalidWorkDimension}
	}
	var g, l [3]uintptr
	for i := range global {
		g[i] = uintptr(global[i])
		if local != nil {
			l[i] = uintptr(local[i])
		}
	}
	var lp *uintptr
	if local != nil {
		lp = &l[0]
	}
	return check("clEnqueueNDRangeKernel("+k.Name+")", api.EnqueueNDRangeKernel(c.queue, k.id, uint32(len(global)), nil, &g[0], lp, 0, nil, nil))
}

// Finish waits for the queue to drain.
func (c *Context) Finish() error { return check("clFinish", api.Finish(c.queue)) }
