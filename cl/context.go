package cl

import (
	"runtime"
	"slices"
	"sync/atomic"
)

// refs is an OpenCL reference count: objects start at 1, Retain adds one,
// Release takes one and frees at zero. A finalizer (runtime cleanup) frees
// objects the program forgets to release.
type refs struct {
	n       atomic.Int32
	cleanup runtime.Cleanup
}

func (r *refs) init() { r.n.Store(1) }

func (r *refs) retain(code ErrorCode, what string) error {
	for {
		n := r.n.Load()
		if n <= 0 {
			return errorf(code, "%s: already released", what)
		}
		if r.n.CompareAndSwap(n, n+1) {
			return nil
		}
	}
}

// release drops a reference; last is true when it was the last one.
func (r *refs) release(code ErrorCode, what string) (last bool, err error) {
	for {
		n := r.n.Load()
		if n <= 0 {
			return false, errorf(code, "%s: already released", what)
		}
		if r.n.CompareAndSwap(n, n-1) {
			if n == 1 {
				r.cleanup.Stop()
			}
			return n == 1, nil
		}
	}
}

// RefCount is the current reference count (CL_*_REFERENCE_COUNT).
func (r *refs) RefCount() int { return int(r.n.Load()) }

func (r *refs) alive() bool { return r.n.Load() > 0 }

// Context is an OpenCL context: it groups devices with the memory objects
// and programs they share. It is not a Go context.Context, which the
// methods that wait or run take for deadlines and cancellation; by this
// package's convention a variable named ctx is a context.Context and one
// named clctx a *Context. Default makes one with a queue.
type Context struct {
	refs
	devices []*Device
	svm     svmTable // the live SVM allocations (svm.go)
}

// CreateContext makes a context on devices (at least one, all of the clgo
// platform, no repeats).
func CreateContext(devices ...*Device) (*Context, error) {
	if len(devices) == 0 {
		return nil, errorf(ErrInvalidValue, "clCreateContext: no device")
	}
	for i, d := range devices {
		if d == nil || d.dev == nil {
			return nil, errorf(ErrInvalidDevice, "clCreateContext: device %d is nil", i)
		}
		if slices.Index(devices, d) != i {
			return nil, errorf(ErrInvalidDevice, "clCreateContext: device %s given twice", d)
		}
	}
	c := &Context{devices: slices.Clone(devices)}
	c.init()
	return c, nil
}

// CreateContextFromType makes a context on every device of type typ.
func CreateContextFromType(typ DeviceType) (*Context, error) {
	ps, _ := Platforms()
	devs, err := ps[0].Devices(typ)
	if err != nil {
		return nil, err
	}
	return CreateContext(devs...)
}

// Devices returns the context's devices.
func (c *Context) Devices() []*Device { return slices.Clone(c.devices) }

// Retain adds a reference.
func (c *Context) Retain() error { return c.retain(ErrInvalidContext, "clRetainContext") }

// Release drops a reference. Objects made from the context keep working
// until they are released themselves.
func (c *Context) Release() error {
	_, err := c.release(ErrInvalidContext, "clReleaseContext")
	return err
}

func (c *Context) has(d *Device) bool { return slices.Contains(c.devices, d) }

func (c *Context) check(op string) error {
	if c == nil || !c.alive() {
		return errorf(ErrInvalidContext, "%s: invalid context", op)
	}
	return nil
}

// maxConstantBuffer is the largest CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE of
// the context's devices.
func (c *Context) maxConstantBuffer() uint64 {
	var n uint64
	for _, d := range c.devices {
		n = max(n, d.info.MaxConstantBuffer)
	}
	return n
}
