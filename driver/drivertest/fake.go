// Package drivertest provides a small in-memory device for testing the
// runtime without a compiler: its "programs" are lists of kernel names whose
// bodies are Go functions registered on the device.
package drivertest

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/clgo/clgo/driver"
)

// Item is what a fake kernel sees of one work-item.
type Item struct {
	Global, Local, Group [3]uint64
	NDRange              driver.NDRange // the region being run
	// Args are the argument values: for a buffer, Mem is the buffer's bytes
	// in the argument's range (nil for NULL); for a POD, Mem is its bytes;
	// for a local, Mem is the work-group's local memory (shared by the
	// group's items, which run one after the other).
	Args []ArgMem
}

// ArgMem is one argument as a fake kernel sees it.
type ArgMem struct {
	Mem []byte
	// Image is the image of an image argument (Mem is its pixels, tightly
	// packed); Sampler the state of a sampler argument.
	Image   *Image
	Sampler driver.Sampler
}

// Kernel is a fake kernel: Info describes it and Run runs one work-item.
type Kernel struct {
	Info driver.KernelInfo
	Run  func(ctx context.Context, it *Item) error
}

// Driver is a driver with one fake device.
type Driver struct {
	Dev *Device
	N   string
}

func (d *Driver) Name() string                      { return d.N }
func (d *Driver) Devices() ([]driver.Device, error) { return []driver.Device{d.Dev}, nil }

// Device is an in-memory device.
type Device struct {
	DevInfo driver.DeviceInfo
	mu      sync.Mutex
	kernels map[string]Kernel
	// Live counts buffers not yet released (tests check for leaks);
	// LiveImages the images.
	Live, LiveImages int
}

// New returns a fake device with plausible limits.
func New() *Device {
	return &Device{
		DevInfo: driver.DeviceInfo{
			Name: "fake", Vendor: "clgo", DriverVersion: "0", Type: driver.TypeCPU,
			ComputeUnits: 1, MaxWorkGroupSize: 256, MaxWorkItemSizes: [3]uint64{256, 256, 64},
			MaxWorkGroupCount: [3]uint64{1 << 31, 1 << 16, 1 << 16},
			LocalMemSize:      32 << 10, GlobalMemSize: 1 << 30, MaxAllocSize: 256 << 20,
			MaxConstantBuffer: 64 << 10, MaxPODArgsSize: 1024, MemBaseAddrAlign: 1024,
			UnifiedMemory: true, PreferredWGMultiple: 4, TimerResolution: 1,
			Caps: driver.Caps{Int8: true, Int16: true, Int64: true},
		},
		kernels: map[string]Kernel{},
	}
}

// AddKernel registers a kernel under k.Info.Name.
func (d *Device) AddKernel(k Kernel) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.kernels[k.Info.Name] = k
}

// Code returns the "binary" of a program holding the named kernels.
func Code(names ...string) []byte { return []byte("fake:" + strings.Join(names, ",")) }

func (d *Device) Info() driver.DeviceInfo { return d.DevInfo }

func (d *Device) NewBuffer(size uint64) (driver.Buffer, error) {
	if size == 0 || size > d.DevInfo.MaxAllocSize {
		return nil, fmt.Errorf("fake: %d bytes: %w", size, driver.ErrInvalidBufferSize)
	}
	d.mu.Lock()
	d.Live++
	d.mu.Unlock()
	return &Buffer{dev: d, mem: make([]byte, size)}, nil
}

func (d *Device) BuildProgram(code []byte) (driver.Program, error) {
	s, ok := strings.CutPrefix(string(code), "fake:")
	if !ok {
		return nil, fmt.Errorf("fake: not a fake program: %w", driver.ErrInvalidBinary)
	}
	p := &Program{}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, n := range strings.Split(s, ",") {
		if n == "" {
			continue
		}
		k, ok := d.kernels[n]
		if !ok {
			return nil, fmt.Errorf("fake: kernel %q not registered: %w", n, driver.ErrInvalidBinary)
		}
		if k.Info.MaxWorkGroupSize == 0 {
			k.Info.MaxWorkGroupSize = d.DevInfo.MaxWorkGroupSize
		}
		p.kernels = append(p.kernels, &fakeKernel{k})
	}
	return p, nil
}

func (d *Device) NewQueue(opts driver.QueueOptions) (driver.Queue, error) {
	return &Queue{dev: d, prof: opts.Profiling}, nil
}

// Buffer is host memory.
type Buffer struct {
	dev      *Device
	mem      []byte
	released bool
}

func (b *Buffer) Size() uint64      { return uint64(len(b.mem)) }
func (b *Buffer) HostBytes() []byte { return b.mem }
func (b *Buffer) Release() {
	b.dev.mu.Lock()
	defer b.dev.mu.Unlock()
	if !b.released {
		b.released = true
		b.dev.Live--
	}
}

// Program is a list of kernels.
type Program struct{ kernels []*fakeKernel }

func (p *Program) Kernels() []driver.KernelInfo {
	var out []driver.KernelInfo
	for _, k := range p.kernels {
		out = append(out, k.k.Info)
	}
	return out
}

func (p *Program) Kernel(name string) (driver.Kernel, error) {
	for _, k := range p.kernels {
		if k.k.Info.Name == name {
			return k, nil
		}
	}
	return nil, fmt.Errorf("fake: %q: %w", name, driver.ErrInvalidKernelName)
}

func (p *Program) Release() {}

type fakeKernel struct{ k Kernel }

func (k *fakeKernel) Info() driver.KernelInfo { return k.k.Info }
func (k *fakeKernel) Release()                {}

// Queue runs each command synchronously in a goroutine chained on the
// previous command, so that the queue is in order and enqueueing never
// blocks.
type Queue struct {
	dev  *Device
	prof bool
	mu   sync.Mutex
	last driver.Event
	// Flushes counts Flush calls.
	Flushes int
}

func (q *Queue) enqueue(wait []driver.Event, run func() error) (driver.Event, error) {
	ev := driver.NewBasicEvent(q.prof)
	q.mu.Lock()
	prev := q.last
	q.last = ev
	q.mu.Unlock()
	wait = append([]driver.Event{prev}, wait...)
	go func() {
		// The previous command's failure does not stop this one (OpenCL
		// in-order queues go on); only the explicit wait list does.
		if prev != nil {
			<-prev.Done()
		}
		if err := driver.WaitAll(context.Background(), wait[1:]); err != nil {
			ev.Finish(err)
			return
		}
		ev.SetStatus(driver.Running)
		ev.Finish(run())
	}()
	return ev, nil
}

func checkRange(b driver.Buffer, off, size uint64) (*Buffer, error) {
	fb, ok := b.(*Buffer)
	if !ok || fb == nil {
		return nil, fmt.Errorf("fake: not a fake buffer: %w", driver.ErrInvalidMemObject)
	}
	if off > fb.Size() || size > fb.Size()-off {
		return nil, fmt.Errorf("fake: range [%d,+%d) of a %d-byte buffer: %w", off, size, fb.Size(), driver.ErrInvalidValue)
	}
	return fb, nil
}

func (q *Queue) Dispatch(ctx context.Context, k driver.Kernel, args []driver.Arg, nd driver.NDRange, wait []driver.Event) (driver.Event, error) {
	fk, ok := k.(*fakeKernel)
	if !ok {
		return nil, fmt.Errorf("fake: not a fake kernel: %w", driver.ErrInvalidValue)
	}
	info := fk.k.Info
	if len(args) != len(info.Args) {
		return nil, fmt.Errorf("fake: %s takes %d arguments, got %d: %w", info.Name, len(info.Args), len(args), driver.ErrInvalidKernelArgs)
	}
	for i := range 3 {
		if nd.Local[i] == 0 || nd.Region[i]%nd.Local[i] != 0 || nd.EnqueuedLocal[i] == 0 {
			return nil, fmt.Errorf("fake: region %v local %v: %w", nd.Region, nd.Local, driver.ErrInvalidWorkGroupSize)
		}
	}
	mems := make([]ArgMem, len(args))
	var locals []int
	for i, a := range args {
		if a.Kind != info.Args[i].Kind {
			return nil, fmt.Errorf("fake: argument %d is a %v, given a %v: %w", i, info.Args[i].Kind, a.Kind, driver.ErrInvalidKernelArgs)
		}
		switch a.Kind {
		case driver.ArgBuffer:
			if a.Buffer == nil {
				continue
			}
			fb, err := checkRange(a.Buffer, a.Offset, a.Size)
			if err != nil {
				return nil, err
			}
			mems[i].Mem = fb.mem[a.Offset : a.Offset+a.Size]
		case driver.ArgPOD:
			mems[i].Mem = append([]byte(nil), a.Bytes...)
		case driver.ArgLocal:
			locals = append(locals, i)
			mems[i].Mem = make([]byte, a.LocalSize)
		case driver.ArgImage:
			fi, ok := a.Image.(*Image)
			if !ok || fi == nil {
				return nil, fmt.Errorf("fake: argument %d is not a fake image: %w", i, driver.ErrInvalidKernelArgs)
			}
			mems[i].Image, mems[i].Mem = fi, fi.mem
		case driver.ArgSampler:
			mems[i].Sampler = a.Sampler
		}
	}
	return q.enqueue(wait, func() error {
		var it Item
		it.Args = mems
		it.NDRange = nd
		ng := nd.Groups()
		for gz := uint64(0); gz < ng[2]; gz++ {
			for gy := uint64(0); gy < ng[1]; gy++ {
				for gx := uint64(0); gx < ng[0]; gx++ {
					if err := ctx.Err(); err != nil {
						return fmt.Errorf("fake: %s: %w: %w", info.Name, driver.ErrCanceled, context.Cause(ctx))
					}
					for _, i := range locals {
						clear(mems[i].Mem)
					}
					g := [3]uint64{gx, gy, gz}
					for d := range 3 {
						it.Group[d] = nd.RegionOffset[d]/nd.EnqueuedLocal[d] + g[d]
					}
					for lz := uint64(0); lz < nd.Local[2]; lz++ {
						for ly := uint64(0); ly < nd.Local[1]; ly++ {
							for lx := uint64(0); lx < nd.Local[0]; lx++ {
								it.Local = [3]uint64{lx, ly, lz}
								for d := range 3 {
									it.Global[d] = nd.Offset[d] + nd.RegionOffset[d] + g[d]*nd.Local[d] + it.Local[d]
								}
								if err := fk.k.Run(ctx, &it); err != nil {
									return err
								}
							}
						}
					}
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("fake: %s: %w: %w", info.Name, driver.ErrCanceled, context.Cause(ctx))
		}
		return nil
	})
}

func (q *Queue) WriteBuffer(dst driver.Buffer, off uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	fb, err := checkRange(dst, off, uint64(len(src)))
	if err != nil {
		return nil, err
	}
	return q.enqueue(wait, func() error { copy(fb.mem[off:], src); return nil })
}

func (q *Queue) ReadBuffer(src driver.Buffer, off uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	fb, err := checkRange(src, off, uint64(len(dst)))
	if err != nil {
		return nil, err
	}
	return q.enqueue(wait, func() error { copy(dst, fb.mem[off:]); return nil })
}

func (q *Queue) CopyBuffer(src driver.Buffer, soff uint64, dst driver.Buffer, doff, size uint64, wait []driver.Event) (driver.Event, error) {
	s, err := checkRange(src, soff, size)
	if err != nil {
		return nil, err
	}
	d, err := checkRange(dst, doff, size)
	if err != nil {
		return nil, err
	}
	if s == d && soff < doff+size && doff < soff+size {
		return nil, fmt.Errorf("fake: overlapping copy: %w", driver.ErrInvalidValue)
	}
	return q.enqueue(wait, func() error { copy(d.mem[doff:doff+size], s.mem[soff:soff+size]); return nil })
}

func (q *Queue) FillBuffer(dst driver.Buffer, off, size uint64, pattern []byte, wait []driver.Event) (driver.Event, error) {
	fb, err := checkRange(dst, off, size)
	if err != nil {
		return nil, err
	}
	if len(pattern) == 0 || size%uint64(len(pattern)) != 0 {
		return nil, fmt.Errorf("fake: fill pattern: %w", driver.ErrInvalidValue)
	}
	p := append([]byte(nil), pattern...)
	return q.enqueue(wait, func() error {
		for i := off; i < off+size; i += uint64(len(p)) {
			copy(fb.mem[i:], p)
		}
		return nil
	})
}

func (q *Queue) Marker(wait []driver.Event) (driver.Event, error) {
	return q.enqueue(wait, func() error { return nil })
}

func (q *Queue) Flush() error {
	q.mu.Lock()
	q.Flushes++
	q.mu.Unlock()
	return nil
}

func (q *Queue) Finish(ctx context.Context) error {
	q.mu.Lock()
	last := q.last
	q.mu.Unlock()
	if last == nil {
		return nil
	}
	select {
	case <-last.Done():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (q *Queue) Release() {}
