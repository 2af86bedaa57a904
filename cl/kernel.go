package cl

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Kernel is a kernel object: an entry point of a built program with its
// argument values.
type Kernel struct {
	refs
	prog *Program
	name string
	info driver.KernelInfo
	dk   map[*Device]driver.Kernel

	mu   sync.Mutex
	args []driver.Arg
	set  []bool
	bufs []*Buffer // the cl buffers behind buffer arguments (for checks at enqueue)
	imgs []*Image  // the cl images behind image arguments

	execSVM         []unsafe.Pointer // CL_KERNEL_EXEC_INFO_SVM_PTRS
	fineGrainSystem bool             // CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM
}

// ArgInfo describes a kernel argument (clGetKernelArgInfo).
type ArgInfo = driver.ArgInfo

// Argument kinds.
const (
	ArgBuffer  = driver.ArgBuffer
	ArgPOD     = driver.ArgPOD
	ArgLocal   = driver.ArgLocal
	ArgImage   = driver.ArgImage
	ArgSampler = driver.ArgSampler
)

// Local is the value of a __local pointer argument: its size in bytes.
type Local uint64

// CreateKernel makes a kernel object for the named kernel of a built
// program.
func (p *Program) CreateKernel(name string) (*Kernel, error) {
	const op = "clCreateKernel"
	if err := p.check(op); err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	devs := p.built()
	if len(devs) == 0 {
		return nil, errorf(ErrInvalidProgramExecutable, "%s: program not built", op)
	}
	k := &Kernel{prog: p, name: name, dk: map[*Device]driver.Kernel{}}
	for _, d := range devs {
		dk, err := p.builds[d].kernel(name)
		if err != nil {
			return nil, wrap(err, ErrInvalidKernelName, "%s(%q)", op, name)
		}
		if len(k.dk) == 0 {
			k.info = dk.Info()
		}
		k.dk[d] = dk
	}
	n := len(k.info.Args)
	k.args, k.set, k.bufs, k.imgs = make([]driver.Arg, n), make([]bool, n), make([]*Buffer, n), make([]*Image, n)
	p.kernels++
	p.Retain()
	k.init()
	return k, nil
}

// CreateKernelsInProgram makes a kernel object for every kernel.
func (p *Program) CreateKernelsInProgram() ([]*Kernel, error) {
	names, err := p.KernelNames()
	if err != nil {
		return nil, err
	}
	var out []*Kernel
	for _, n := range names {
		k, err := p.CreateKernel(n)
		if err != nil {
			for _, k := range out {
				k.Release()
			}
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

// Name is the kernel's function name.
func (k *Kernel) Name() string { return k.name }

// Program returns the kernel's program.
func (k *Kernel) Program() *Program { return k.prog }

// NumArgs is the number of arguments.
func (k *Kernel) NumArgs() int { return len(k.info.Args) }

// Attributes is CL_KERNEL_ATTRIBUTES.
func (k *Kernel) Attributes() string { return k.info.Attributes }

// ArgInfo describes argument i.
func (k *Kernel) ArgInfo(i int) (ArgInfo, error) {
	if i < 0 || i >= len(k.info.Args) {
		return ArgInfo{}, errorf(ErrInvalidArgIndex, "clGetKernelArgInfo(%s): index %d of %d", k.name, i, len(k.info.Args))
	}
	return k.info.Args[i], nil
}

// WorkGroupInfo is what clGetKernelWorkGroupInfo reports.
type WorkGroupInfo struct {
	WorkGroupSize                  uint64
	CompileWorkGroupSize           [3]uint64
	LocalMemSize                   uint64 // declared in the kernel plus __local arguments set so far
	PreferredWorkGroupSizeMultiple uint64
	PrivateMemSize                 uint64
}

// WorkGroupInfo describes the kernel on dev.
func (k *Kernel) WorkGroupInfo(dev *Device) (WorkGroupInfo, error) {
	dk, ok := k.dk[dev]
	if !ok {
		return WorkGroupInfo{}, errorf(ErrInvalidDevice, "clGetKernelWorkGroupInfo(%s): not built for %v", k.name, dev)
	}
	info := dk.Info()
	w := WorkGroupInfo{WorkGroupSize: info.MaxWorkGroupSize, CompileWorkGroupSize: info.ReqdWorkGroupSize,
		LocalMemSize: info.LocalMemSize, PreferredWorkGroupSizeMultiple: info.PreferredWGMultiple,
		PrivateMemSize: info.PrivateMemSize}
	if w.WorkGroupSize == 0 {
		w.WorkGroupSize = dev.info.MaxWorkGroupSize
	}
	if w.PreferredWorkGroupSizeMultiple == 0 {
		w.PreferredWorkGroupSizeMultiple = max(1, dev.info.PreferredWGMultiple)
	}
	k.mu.Lock()
	for i, a := range k.args {
		if k.set[i] && a.Kind == driver.ArgLocal {
			w.LocalMemSize += a.LocalSize
		}
	}
	k.mu.Unlock()
	return w, nil
}

// SetArg sets argument i. v is a *Buffer (or nil, a NULL pointer) for a
// buffer argument, a Local size for a __local one, and for a value argument
// a fixed-size value (int32, float32, [4]float32, a struct of such fields)
// or its bytes as a []byte; its size must be the argument's.
func (k *Kernel) SetArg(i int, v any) error {
	const op = "clSetKernelArg"
	if err := k.check(op); err != nil {
		return err
	}
	if i < 0 || i >= len(k.info.Args) {
		return errorf(ErrInvalidArgIndex, "%s(%s): index %d of %d", op, k.name, i, len(k.info.Args))
	}
	ai := k.info.Args[i]
	var a driver.Arg
	var buf *Buffer
	var img *Image
	switch ai.Kind {
	case driver.ArgBuffer:
		a.Kind = driver.ArgBuffer
		switch b := v.(type) {
		case nil:
		case *Buffer:
			if b == nil {
				break
			}
			if err := b.check(op); err != nil {
				return err
			}
			if b.ctx != k.prog.ctx {
				return errorf(ErrInvalidMemObject, "%s(%s, %d): buffer of another context", op, k.name, i)
			}
			// The kernel may run on any device of the context: the
			// largest __constant limit applies here, the queue's
			// device's at enqueue.
			if limit := k.prog.ctx.maxConstantBuffer(); ai.AddressQualifier == driver.AddressConstant && b.size > limit && limit > 0 {
				return errorf(ErrInvalidArgSize, "%s(%s, %d): %d-byte __constant buffer exceeds the device's %d", op, k.name, i, b.size, limit)
			}
			buf = b
			// The driver's buffer is filled in at enqueue, where the
			// buffer is placed on the queue's device.
			a.Offset, a.Size = b.origin, min(padded(b.size), b.root.size-b.origin)
		case *Image:
			return errorf(ErrInvalidMemObject, "%s(%s, %d): argument %s is a pointer, given an image", op, k.name, i, argName(ai))
		default:
			return errorf(ErrInvalidArgValue, "%s(%s, %d): argument %s wants a *Buffer, not %T", op, k.name, i, argName(ai), v)
		}
	case driver.ArgLocal:
		n, ok := v.(Local)
		if !ok {
			return errorf(ErrInvalidArgValue, "%s(%s, %d): __local argument %s wants a cl.Local size, not %T", op, k.name, i, argName(ai), v)
		}
		if n == 0 {
			return errorf(ErrInvalidArgSize, "%s(%s, %d): __local size 0", op, k.name, i)
		}
		a.Kind, a.LocalSize = driver.ArgLocal, uint64(n)
	case driver.ArgPOD:
		b, err := podBytes(v)
		if err != nil {
			return errorf(ErrInvalidArgValue, "%s(%s, %d): %v", op, k.name, i, err)
		}
		if uint64(len(b)) != ai.Size {
			return errorf(ErrInvalidArgSize, "%s(%s, %d): argument %s is %d bytes, given %d (%T)", op, k.name, i, argName(ai), ai.Size, len(b), v)
		}
		a.Kind, a.Bytes = driver.ArgPOD, b
	case driver.ArgImage:
		im, err := k.imageArg(i, ai, v)
		if err != nil {
			return err
		}
		a.Kind, img = driver.ArgImage, im
	case driver.ArgSampler:
		s, ok := v.(*Sampler)
		if !ok {
			return errorf(ErrInvalidSampler, "%s(%s, %d): sampler_t argument %s wants a *Sampler, not %T", op, k.name, i, argName(ai), v)
		}
		if err := s.check(op); err != nil {
			return err
		}
		if s.ctx != k.prog.ctx {
			return errorf(ErrInvalidSampler, "%s(%s, %d): sampler of another context", op, k.name, i)
		}
		a.Kind, a.Sampler = driver.ArgSampler, s.state
	default:
		return errorf(ErrInvalidArgValue, "%s(%s, %d): %v arguments are not supported yet", op, k.name, i, ai.Kind)
	}
	k.mu.Lock()
	k.args[i], k.set[i], k.bufs[i], k.imgs[i] = a, true, buf, img
	k.mu.Unlock()
	return nil
}

func argName(ai ArgInfo) string {
	if ai.Name != "" {
		return fmt.Sprintf("%q", ai.Name)
	}
	return "(unnamed)"
}

// SetArgs sets arguments 0, 1, ... to vs.
func (k *Kernel) SetArgs(vs ...any) error {
	if len(vs) != len(k.info.Args) {
		return errorf(ErrInvalidArgIndex, "SetArgs(%s): %d values for %d arguments", k.name, len(vs), len(k.info.Args))
	}
	for i, v := range vs {
		if err := k.SetArg(i, v); err != nil {
			return err
		}
	}
	return nil
}

// podBytes encodes a value argument little-endian, as kernels see it.
func podBytes(v any) ([]byte, error) {
	switch x := v.(type) {
	case []byte:
		return append([]byte(nil), x...), nil
	case int:
		return nil, fmt.Errorf("int has no OpenCL size: use int32 or int64")
	case uint:
		return nil, fmt.Errorf("uint has no OpenCL size: use uint32 or uint64")
	case nil:
		return nil, fmt.Errorf("nil value")
	}
	if binary.Size(v) < 0 {
		return nil, fmt.Errorf("%T is not a fixed-size value", v)
	}
	// Structs are laid out as C lays them out: binary would drop padding,
	// so copy the value's memory instead when the sizes differ.
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Struct && int(rv.Type().Size()) != binary.Size(v) {
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		return bytesOf(p.UnsafePointer(), rv.Type().Size()), nil
	}
	return binary.Append(nil, binary.LittleEndian, v)
}

// Retain adds a reference.
func (k *Kernel) Retain() error { return k.retain(ErrInvalidKernel, "clRetainKernel") }

// Release drops a reference.
func (k *Kernel) Release() error {
	last, err := k.release(ErrInvalidKernel, "clReleaseKernel")
	if last {
		// The driver kernels stay with the program's build (kernel).
		k.prog.mu.Lock()
		k.prog.kernels--
		k.prog.mu.Unlock()
		k.prog.Release()
	}
	return err
}

func (k *Kernel) check(op string) error {
	if k == nil || !k.alive() {
		return errorf(ErrInvalidKernel, "%s: invalid kernel", op)
	}
	return nil
}

// NDRange is the shape of an enqueue: Global has 1 to 3 sizes; Offset is
// nil or as long; Local is nil (the runtime chooses) or as long.
type NDRange struct {
	Offset, Global, Local []uint64
}

// EnqueueNDRangeKernel runs k over global (with an optional global offset
// and local size, nil for none).
func (q *Queue) EnqueueNDRangeKernel(k *Kernel, offset, global, local []uint64, wait ...*Event) (*Event, error) {
	return q.Run(context.Background(), k, NDRange{Offset: offset, Global: global, Local: local}, wait...)
}

// EnqueueTask runs k as one work-item.
func (q *Queue) EnqueueTask(k *Kernel, wait ...*Event) (*Event, error) {
	return q.Run(context.Background(), k, NDRange{Global: []uint64{1}, Local: []uint64{1}}, wait...)
}

// Run enqueues k over nd. ctx bounds the kernel's execution: when ctx is
// cancelled or its deadline passes, the kernel's event fails at once with
// an error wrapping ErrCanceled and ctx's cause (errors.Is(err,
// context.DeadlineExceeded) holds), and so do commands already enqueued
// that wait for it, such as a read-back on an in-order queue. The host
// device stops the kernel; a Vulkan device cannot interrupt it and
// abandons it (the error says so): it may go on running, and later
// commands run after it. Memory the kernel wrote stays written. Finish
// does not report the cancellation again, and commands enqueued after
// the failure was seen run normally.
func (q *Queue) Run(ctx context.Context, k *Kernel, nd NDRange, wait ...*Event) (*Event, error) {
	const op = "clEnqueueNDRangeKernel"
	if err := q.check(op); err != nil {
		return nil, err
	}
	if err := k.check(op); err != nil {
		return nil, err
	}
	if k.prog.ctx != q.ctx {
		return nil, errorf(ErrInvalidContext, "%s(%s): kernel and queue of different contexts", op, k.name)
	}
	dk, ok := k.dk[q.dev]
	if !ok {
		return nil, errorf(ErrInvalidProgramExecutable, "%s(%s): program not built for %v", op, k.name, q.dev)
	}
	dims := len(nd.Global)
	if dims < 1 || dims > 3 {
		return nil, errorf(ErrInvalidWorkDimension, "%s(%s): %d dimensions", op, k.name, dims)
	}
	if (nd.Offset != nil && len(nd.Offset) != dims) || (nd.Local != nil && len(nd.Local) != dims) {
		return nil, errorf(ErrInvalidValue, "%s(%s): offset, global and local of different dimensions", op, k.name)
	}
	var off, glob, loc [3]uint64
	glob, loc = [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1}
	// Work-item ids are size_t on the device: a global size, or offset
	// plus size, past its largest value would wrap the ids, and a range of
	// more items than it can count would wrap get_global_linear_id.
	maxSize := uint64(math.MaxUint64)
	if b := q.dev.info.AddressBits; b > 0 && b < 64 {
		maxSize = 1<<b - 1
	}
	items := uint64(1)
	for i := range dims {
		glob[i] = nd.Global[i]
		if glob[i] == 0 {
			return nil, errorf(ErrInvalidGlobalWorkSize, "%s(%s): global size %v", op, k.name, nd.Global)
		}
		if glob[i] > maxSize {
			return nil, errorf(ErrInvalidGlobalWorkSize, "%s(%s): global size %v exceeds the device's %d-bit size_t", op, k.name, nd.Global, q.dev.info.AddressBits)
		}
		if nd.Offset != nil {
			off[i] = nd.Offset[i]
		}
		if off[i] > maxSize-glob[i] {
			return nil, errorf(ErrInvalidGlobalOffset, "%s(%s): offset %v + global size %v exceeds the device's size_t (%d)", op, k.name, nd.Offset, nd.Global, maxSize)
		}
		n, ok := mulOK(items, glob[i])
		if !ok || n-1 > maxSize {
			return nil, errorf(ErrInvalidGlobalWorkSize, "%s(%s): global size %v has more work-items than the device's %d-bit size_t counts", op, k.name, nd.Global, q.dev.info.AddressBits)
		}
		items = n
	}
	info := dk.Info()
	maxWG := info.MaxWorkGroupSize
	if maxWG == 0 || maxWG > q.dev.info.MaxWorkGroupSize {
		maxWG = q.dev.info.MaxWorkGroupSize
	}
	reqd := info.ReqdWorkGroupSize
	if nd.Local != nil {
		// The spec lists the work-group's total before each dimension's
		// limit; a zero size makes no work-group either.
		n := uint64(1)
		for i := range dims {
			loc[i] = nd.Local[i]
			m, ok := mulOK(n, loc[i])
			if loc[i] == 0 || !ok {
				return nil, errorf(ErrInvalidWorkGroupSize, "%s(%s): local size %v", op, k.name, nd.Local)
			}
			n = m
		}
		if n > maxWG {
			return nil, errorf(ErrInvalidWorkGroupSize, "%s(%s): work-group of %d items (the kernel's limit is %d)", op, k.name, n, maxWG)
		}
		for i := range dims {
			if loc[i] > q.dev.info.MaxWorkItemSizes[i] {
				return nil, errorf(ErrInvalidWorkItemSize, "%s(%s): local size %v (the device's limits are %v)", op, k.name, nd.Local, q.dev.info.MaxWorkItemSizes)
			}
		}
		if reqd != [3]uint64{} && loc != reqd {
			return nil, errorf(ErrInvalidWorkGroupSize, "%s(%s): local size %v, the kernel requires %v", op, k.name, loc, reqd)
		}
	} else if reqd != [3]uint64{} {
		loc = reqd
	} else {
		loc = chooseLocal(dims, glob, maxWG, q.dev.info.MaxWorkItemSizes)
	}
	// A given or required local size that does not divide the global
	// size makes smaller work-groups at the end, where the program and
	// the kernel allow them.
	if !info.NonUniform || uniformOnly(k.prog.BuildOptions(q.dev), k.prog.source != "") {
		for i := range dims {
			if glob[i]%loc[i] != 0 {
				return nil, errorf(ErrInvalidWorkGroupSize, "%s(%s): global size %v is not a multiple of local size %v (the kernel runs only uniform work-groups)", op, k.name, nd.Global, loc[:dims])
			}
		}
	}

	k.mu.Lock()
	for i, s := range k.set {
		if !s {
			k.mu.Unlock()
			return nil, errorf(ErrInvalidKernelArgs, "%s(%s): argument %d %s is not set", op, k.name, i, argName(k.info.Args[i]))
		}
		if b := k.bufs[i]; b != nil {
			if err := b.useOn(q, op); err != nil {
				k.mu.Unlock()
				return nil, err
			}
			if limit := q.dev.info.MaxConstantBuffer; k.info.Args[i].AddressQualifier == driver.AddressConstant && b.size > limit && limit > 0 {
				k.mu.Unlock()
				return nil, errorf(ErrOutOfResources, "%s(%s): argument %d, a %d-byte __constant buffer, exceeds %s's %d", op, k.name, i, b.size, q.dev, limit)
			}
		}
	}
	for _, img := range k.imgs {
		if img != nil {
			if err := img.useOn(q, op); err != nil {
				k.mu.Unlock()
				return nil, err
			}
		}
	}
	args := append([]driver.Arg(nil), k.args...)
	bufs := append([]*Buffer(nil), k.bufs...)
	imgs := append([]*Image(nil), k.imgs...)
	var svms []*SVM
	if info.PhysicalAddressing {
		svms = k.svmResidents(bufs, k.execSVM) // svm_residents.go
	}
	k.mu.Unlock()
	var local uint64
	for _, a := range args {
		if a.Kind == driver.ArgLocal {
			local += a.LocalSize
		}
	}
	if local+info.LocalMemSize > q.dev.info.LocalMemSize {
		return nil, errorf(ErrOutOfResources, "%s(%s): %d bytes of __local memory (the device has %d)", op, k.name, local+info.LocalMemSize, q.dev.info.LocalMemSize)
	}
	regions := splitRegions(dims, off, glob, loc)
	return q.enqueue(CommandNDRangeKernel, wait, func(dw []driver.Event) (driver.Event, error) {
		// The buffers' bound ranges come to this device now, when
		// the wait list has ended (the last writer elsewhere is done).
		for i, b := range bufs {
			if b != nil {
				db, err := b.root.on(q.dev, args[i].Offset, args[i].Size)
				if err != nil {
					return nil, err
				}
				args[i].Buffer = db
			}
		}
		for i, img := range imgs {
			if img != nil {
				di, err := img.mem.on(q.dev)
				if err != nil {
					return nil, err
				}
				args[i].Image = di
			}
		}
		// A physical kernel takes pointers at any offset and may reach
		// the SVM allocations through pointers in memory.
		var staged []stagedArg
		var evs []driver.Event
		dargs := args
		if info.PhysicalAddressing {
			var err error
			if dargs, err = q.appendSVMResidents(args[:len(args):len(args)], svms); err != nil {
				return nil, err
			}
		} else {
			var err error
			if staged, evs, err = q.stageSVMArgs(args, bufs, dw); err != nil { // svm_args.go
				return nil, err
			}
		}
		for _, r := range regions {
			ev, err := q.dq.Dispatch(ctx, dk, dargs, r, dw)
			if err != nil {
				return nil, err
			}
			evs = append(evs, ev)
		}
		return q.unstageSVMArgs(staged, evs)
	})
}

// uniformOnly reports whether a program's build options ask for OpenCL
// 1.x's uniform work-groups: -cl-uniform-work-group-size or, for OpenCL C
// source, no -cl-std of 2.0 or later (without -cl-std the language is
// OpenCL C 1.2).
func uniformOnly(options string, source bool) bool {
	uniform := source
	for _, o := range strings.Fields(options) {
		switch {
		case o == "-cl-uniform-work-group-size":
			return true
		case strings.HasPrefix(o, "-cl-std=CL"):
			uniform = strings.HasPrefix(o, "-cl-std=CL1.")
		}
	}
	return uniform
}

// chooseLocal picks a work-group size that divides the global size: up to
// 256 work-items, at most 16 wide in X for 2-D and 8 for 3-D, so that
// multi-dimensional groups stay square-ish.
func chooseLocal(dims int, glob [3]uint64, maxWG uint64, maxItems [3]uint64) [3]uint64 {
	loc := [3]uint64{1, 1, 1}
	budget := min(maxWG, 256)
	caps := [3]uint64{budget, budget, budget}
	switch dims {
	case 2:
		caps[0] = 16
	case 3:
		caps[0], caps[1] = 8, 8
	}
	for i := range dims {
		limit := min(budget, caps[i], max(maxItems[i], 1))
		loc[i] = largestDivisor(glob[i], limit)
		budget /= loc[i]
	}
	return loc
}

func largestDivisor(n, limit uint64) uint64 {
	for d := min(n, limit); d > 1; d-- {
		if n%d == 0 {
			return d
		}
	}
	return 1
}

// splitRegions cuts an NDRange whose global size is not a multiple of the
// local size into uniform regions: per dimension, the whole groups and the
// remainder.
func splitRegions(dims int, off, glob, loc [3]uint64) []driver.NDRange {
	type piece struct{ start, size, local uint64 }
	var per [3][]piece
	for i := range 3 {
		whole := glob[i] / loc[i] * loc[i]
		if whole > 0 {
			per[i] = append(per[i], piece{0, whole, loc[i]})
		}
		if r := glob[i] - whole; r > 0 {
			per[i] = append(per[i], piece{whole, r, r})
		}
	}
	var out []driver.NDRange
	for _, z := range per[2] {
		for _, y := range per[1] {
			for _, x := range per[0] {
				out = append(out, driver.NDRange{
					Dims: dims, Offset: off, Global: glob, EnqueuedLocal: loc,
					Local:        [3]uint64{x.local, y.local, z.local},
					RegionOffset: [3]uint64{x.start, y.start, z.start},
					Region:       [3]uint64{x.size, y.size, z.size},
				})
			}
		}
	}
	return out
}
