package cl

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Shared virtual memory (OpenCL 2.0 §5.6).
//
// An SVM allocation is host memory outside the Go heap (an anonymous
// mapping: a C caller may hold pointers into it, and it stays where it is
// until Free) backed by a buffer on the devices. Coarse-grained sharing is
// the buffer's CL_MEM_USE_HOST_PTR behaviour: kernels and SVM commands work
// on the devices' copies, and EnqueueSVMMap brings a region into the host
// memory, EnqueueSVMUnmap writes a region mapped for writing back. A
// pointer anywhere inside the allocation reaches a kernel as its backing
// buffer viewed from the pointer's offset.
//
// On devices that can use the host memory in place (the host driver:
// driver.HostMemoryWrapper) the device's buffer is the allocation's memory
// itself, for coarse- and fine-grained allocations alike: no second copy,
// and maps copy nothing (inPlace). That makes fine-grained buffers: host
// and kernels see each other's writes without maps. A context may mix such
// devices with others (a fine-grained allocation needs one device with
// fine-grained buffers, as clSVMAlloc says): the others hold copies, kept
// coherent at commands as for any buffer, so that on them the allocation
// behaves as a coarse-grained one.

// SVM memory flags (cl_svm_mem_flags), beside MemReadWrite, MemWriteOnly
// and MemReadOnly.
const (
	MemSVMFineGrainBuffer MemFlags = 1 << 10
	MemSVMAtomics         MemFlags = 1 << 11
)

// SVMCapabilities is cl_device_svm_capabilities.
type SVMCapabilities uint64

// SVM capabilities.
const (
	SVMCoarseGrainBuffer SVMCapabilities = 1 << 0
	SVMFineGrainBuffer   SVMCapabilities = 1 << 1
	SVMFineGrainSystem   SVMCapabilities = 1 << 2
	SVMAtomics           SVMCapabilities = 1 << 3
)

// SVMCapabilities is CL_DEVICE_SVM_CAPABILITIES: coarse-grained buffers on
// every device, fine-grained buffers where the device's buffers can be the
// host memory itself.
func (d *Device) SVMCapabilities() SVMCapabilities {
	c := SVMCoarseGrainBuffer
	if _, ok := d.dev.(driver.HostMemoryWrapper); ok {
		c |= SVMFineGrainBuffer
	}
	return c
}

func (c SVMCapabilities) String() string {
	var parts []string
	for _, f := range []struct {
		bit  SVMCapabilities
		name string
	}{{SVMCoarseGrainBuffer, "coarse-grain buffer"}, {SVMFineGrainBuffer, "fine-grain buffer"},
		{SVMFineGrainSystem, "fine-grain system"}, {SVMAtomics, "atomics"}} {
		if c&f.bit != 0 {
			parts = append(parts, f.name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// svmMaxAlign is the largest alignment clSVMAlloc accepts, and its default:
// the size of long16, the largest OpenCL C type.
const svmMaxAlign = 128

// SVM is a shared virtual memory allocation (clSVMAlloc).
type SVM struct {
	ctx   *Context
	flags MemFlags
	raw   []byte // the whole mapping
	mem   []byte // the allocation: raw at the asked alignment, its size long
	buf   *Buffer
	freed atomic.Bool
}

// svmTable is a context's live SVM allocations, by address.
type svmTable struct {
	mu     sync.Mutex
	allocs []*SVM // sorted by start address
}

func (c *Context) svms() *svmTable { return &c.svm }

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// SVMAlloc allocates size bytes of shared virtual memory aligned to
// alignment bytes (a power of two up to 128; 0 means 128). flags holds at
// most one of MemReadWrite, MemWriteOnly and MemReadOnly, and
// MemSVMFineGrainBuffer when a device of the context has fine-grained
// buffers (MemSVMAtomics is not supported).
func (c *Context) SVMAlloc(flags MemFlags, size uint64, alignment uint32) (*SVM, error) {
	const op = "clSVMAlloc"
	if err := c.check(op); err != nil {
		return nil, err
	}
	if flags&^(memAccess|MemSVMFineGrainBuffer|MemSVMAtomics) != 0 || !validFlags(flags&memAccess) {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	if flags&MemSVMAtomics != 0 {
		if flags&MemSVMFineGrainBuffer == 0 {
			return nil, errorf(ErrInvalidValue, "%s: CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER", op)
		}
		return nil, errorf(ErrInvalidValue, "%s: CL_MEM_SVM_ATOMICS: no device has SVM atomics", op)
	}
	fine := flags&MemSVMFineGrainBuffer != 0
	var wrappers []*Device // the devices that use the memory in place
	for _, d := range c.devices {
		if d.SVMCapabilities()&SVMFineGrainBuffer != 0 {
			wrappers = append(wrappers, d)
		}
		if size > d.info.MaxAllocSize {
			return nil, errorf(ErrInvalidBufferSize, "%s: %d bytes (%s's CL_DEVICE_MAX_MEM_ALLOC_SIZE is %d)", op, size, d, d.info.MaxAllocSize)
		}
	}
	if fine && len(wrappers) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: CL_MEM_SVM_FINE_GRAIN_BUFFER: no device of the context has fine-grained SVM buffers", op)
	}
	if size == 0 {
		return nil, errorf(ErrInvalidBufferSize, "%s: size 0", op)
	}
	if alignment == 0 {
		alignment = svmMaxAlign
	}
	if alignment&(alignment-1) != 0 || alignment > svmMaxAlign {
		return nil, errorf(ErrInvalidValue, "%s: alignment %d (a power of two up to %d)", op, alignment, svmMaxAlign)
	}
	// The mapping starts at a page, which every accepted alignment
	// divides; it is padded as buffers are (whole words).
	raw, err := mapHost(int(padded(size)))
	if err != nil {
		return nil, wrap(err, ErrOutOfHostMemory, "%s: %d bytes", op, size)
	}
	s := &SVM{ctx: c, flags: flags, raw: raw, mem: raw[:size:size]}
	access := flags & memAccess
	if access == 0 {
		access = MemReadWrite
	}
	root := &rootMem{size: padded(size), ctx: c}
	s.buf = &Buffer{ctx: c, flags: access | MemUseHostPtr, size: size, root: root, host: s.mem, svm: s}
	s.buf.init()
	if len(wrappers) > 0 {
		// These devices' buffers are the host memory itself.
		root.copies = map[*Device]driver.Buffer{}
		for _, d := range wrappers {
			db, err := d.dev.(driver.HostMemoryWrapper).WrapHostMemory(raw[:root.size])
			if err != nil {
				root.release()
				unmapHost(raw)
				return nil, wrap(err, ErrMemObjectAllocationFailure, "%s: %d bytes on %s", op, size, d)
			}
			root.copies[d] = db
		}
		root.extents = []extent{{end: root.size, dev: wrappers[0]}}
	} else if len(c.devices) == 1 {
		if _, err := root.alloc(c.devices[0]); err != nil {
			unmapHost(raw)
			return nil, wrap(err, ErrMemObjectAllocationFailure, "%s: %d bytes", op, size)
		}
	}
	t := c.svms()
	t.mu.Lock()
	i, _ := slices.BinarySearchFunc(t.allocs, addr(s.mem), func(a *SVM, p uintptr) int { return cmpAddr(addr(a.mem), p) })
	t.allocs = slices.Insert(t.allocs, i, s)
	t.mu.Unlock()
	return s, nil
}

func cmpAddr(a, b uintptr) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Bytes is the allocation's memory. With a coarse-grained allocation the
// host may touch it only inside a region mapped with EnqueueSVMMap.
func (s *SVM) Bytes() []byte { return s.mem }

// Pointer is the allocation's address, as clSVMAlloc returns it.
func (s *SVM) Pointer() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s.mem)) }

// Size is the allocation's size in bytes.
func (s *SVM) Size() uint64 { return uint64(len(s.mem)) }

// Flags are the flags the allocation was made with.
func (s *SVM) Flags() MemFlags { return s.flags }

// Context returns the allocation's context.
func (s *SVM) Context() *Context { return s.ctx }

// FineGrained reports whether the allocation is a fine-grained buffer.
func (s *SVM) FineGrained() bool { return s.flags&MemSVMFineGrainBuffer != 0 }

// Free frees the allocation (clSVMFree). As in OpenCL, it does not wait
// for commands that use it: the application must have waited for them.
// Buffers made from its memory must have been released first.
func (s *SVM) Free() {
	if s == nil || s.freed.Swap(true) {
		return
	}
	t := s.ctx.svms()
	t.mu.Lock()
	if i := slices.Index(t.allocs, s); i >= 0 {
		t.allocs = slices.Delete(t.allocs, i, i+1)
	}
	t.mu.Unlock()
	s.buf.root.release()
	unmapHost(s.raw)
}

// SVMAt returns the live allocation of c that holds the n bytes at p and
// p's offset in it; ok is false when no allocation holds all of them.
func (c *Context) SVMAt(p unsafe.Pointer, n uint64) (s *SVM, offset uint64, ok bool) {
	if p == nil {
		return nil, 0, false
	}
	a := uintptr(p)
	t := c.svms()
	t.mu.Lock()
	defer t.mu.Unlock()
	i, found := slices.BinarySearchFunc(t.allocs, a, func(x *SVM, p uintptr) int { return cmpAddr(addr(x.mem), p) })
	if !found {
		i--
	}
	if i < 0 {
		return nil, 0, false
	}
	s = t.allocs[i]
	off := uint64(a - addr(s.mem))
	if off >= s.Size() || n > s.Size()-off {
		return nil, 0, false
	}
	return s, off, true
}

// svmRegion resolves a region given as a slice of SVM memory.
func (q *Queue) svmRegion(op string, region []byte) (*SVM, uint64, error) {
	if len(region) == 0 {
		return nil, 0, errorf(ErrInvalidValue, "%s: empty SVM region", op)
	}
	s, off, ok := q.ctx.SVMAt(unsafe.Pointer(unsafe.SliceData(region)), uint64(len(region)))
	if !ok {
		return nil, 0, errorf(ErrInvalidValue, "%s: %d bytes at %p are not inside an SVM allocation of the queue's context", op, len(region), unsafe.SliceData(region))
	}
	return s, off, nil
}

// SVM command types, as CL_COMMAND_SVM_*.
const (
	CommandSVMFree    CommandType = 0x1209
	CommandSVMMemcpy  CommandType = 0x120A
	CommandSVMMemFill CommandType = 0x120B
	CommandSVMMap     CommandType = 0x120C
	CommandSVMUnmap   CommandType = 0x120D
	CommandSVMMigrate CommandType = 0x120E
)

func init() {
	commandNames[CommandSVMFree] = "clEnqueueSVMFree"
	commandNames[CommandSVMMemcpy] = "clEnqueueSVMMemcpy"
	commandNames[CommandSVMMemFill] = "clEnqueueSVMMemFill"
	commandNames[CommandSVMMap] = "clEnqueueSVMMap"
	commandNames[CommandSVMUnmap] = "clEnqueueSVMUnmap"
	commandNames[CommandSVMMigrate] = "clEnqueueSVMMigrateMem"
}

// EnqueueSVMMap maps region, a part of an SVM allocation's Bytes, for the
// host: once the event completes the region holds the allocation's
// contents (unless flags is MapWriteInvalidateRegion) and the host may
// read and write it until EnqueueSVMUnmap.
func (q *Queue) EnqueueSVMMap(flags MapFlags, region []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMMap"
	if err := q.check(op); err != nil {
		return nil, err
	}
	s, off, err := q.svmRegion(op, region)
	if err != nil {
		return nil, err
	}
	_, ev, err := q.mapBuffer(op, CommandSVMMap, s.buf, flags, off, uint64(len(region)), wait)
	return ev, err
}

// EnqueueSVMUnmap ends the mapping that EnqueueSVMMap made at p (the
// start of the mapped region), writing the region back to the devices
// when it was mapped for writing.
func (q *Queue) EnqueueSVMUnmap(p unsafe.Pointer, wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMUnmap"
	if err := q.check(op); err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errorf(ErrInvalidValue, "%s: NULL pointer", op)
	}
	s, off, ok := q.ctx.SVMAt(p, 1)
	if !ok {
		return nil, errorf(ErrInvalidValue, "%s: %p is not inside an SVM allocation of the queue's context", op, p)
	}
	return q.unmapBuffer(op, CommandSVMUnmap, s.buf, &s.mem[off], wait)
}

// EnqueueSVMMemcpy copies src to dst (of equal lengths); either may be
// SVM memory (a part of an allocation's Bytes) or other host memory,
// which must not be touched until the event completes.
func (q *Queue) EnqueueSVMMemcpy(dst, src []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMMemcpy"
	if err := q.check(op); err != nil {
		return nil, err
	}
	if dst == nil || src == nil {
		return nil, errorf(ErrInvalidValue, "%s: NULL pointer", op)
	}
	if len(dst) != len(src) {
		return nil, errorf(ErrInvalidValue, "%s: %d bytes to %d", op, len(src), len(dst))
	}
	n := uint64(len(dst))
	if n == 0 {
		return q.enqueue(CommandSVMMemcpy, wait, func(dw []driver.Event) (driver.Event, error) { return q.dq.Marker(dw) })
	}
	if d, s := addr(dst), addr(src); d < s+uintptr(n) && s < d+uintptr(n) {
		return nil, errorf(ErrMemCopyOverlap, "%s: [%#x,+%d) and [%#x,+%d) overlap", op, s, n, d, n)
	}
	ds, doff, dsvm := q.ctx.SVMAt(unsafe.Pointer(unsafe.SliceData(dst)), n)
	ss, soff, ssvm := q.ctx.SVMAt(unsafe.Pointer(unsafe.SliceData(src)), n)
	// A range that starts in an allocation must end in it: it is not
	// host memory the copy could run over.
	for _, r := range []struct {
		name string
		b    []byte
		in   bool
	}{{"destination", dst, dsvm}, {"source", src, ssvm}} {
		if s, off, ok := q.ctx.SVMAt(unsafe.Pointer(unsafe.SliceData(r.b)), 1); ok && !r.in {
			return nil, errorf(ErrInvalidValue, "%s: the %s, %d bytes at offset %d, runs past its %d-byte SVM allocation", op, r.name, n, off, s.Size())
		}
	}
	switch {
	case dsvm && ssvm:
		return q.copyBuffer(op, CommandSVMMemcpy, ss.buf, ds.buf, soff, doff, n, wait)
	case dsvm:
		return q.writeBuffer(op, CommandSVMMemcpy, ds.buf, doff, src, wait)
	case ssvm:
		return q.readBuffer(op, CommandSVMMemcpy, ss.buf, soff, dst, wait)
	}
	// Host memory on both sides: the copy runs on the host, in the
	// queue's order (the call waits for the commands before it).
	return q.enqueue(CommandSVMMemcpy, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.onHost(dw, func() { copy(dst, src) })
	})
}

// EnqueueSVMMemFill repeats pattern (1, 2, 4, ..., 128 bytes) over region,
// a part of an SVM allocation aligned to and a multiple of the pattern's
// size.
func (q *Queue) EnqueueSVMMemFill(region, pattern []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMMemFill"
	if err := q.check(op); err != nil {
		return nil, err
	}
	if region == nil {
		return nil, errorf(ErrInvalidValue, "%s: NULL pointer", op)
	}
	p := uint64(len(pattern))
	if p == 0 || p > 128 || p&(p-1) != 0 {
		return nil, errorf(ErrInvalidValue, "%s: pattern of %d bytes", op, p)
	}
	if uint64(addr(region))%p != 0 || uint64(len(region))%p != 0 {
		return nil, errorf(ErrInvalidValue, "%s: %d bytes at %p are not aligned to and a multiple of the %d-byte pattern", op, len(region), unsafe.SliceData(region), p)
	}
	if len(region) == 0 {
		return q.enqueue(CommandSVMMemFill, wait, func(dw []driver.Event) (driver.Event, error) { return q.dq.Marker(dw) })
	}
	s, off, err := q.svmRegion(op, region)
	if err != nil {
		return nil, err
	}
	return q.fillBuffer(op, CommandSVMMemFill, s.buf, pattern, off, uint64(len(region)), wait)
}

// EnqueueSVMFree frees allocations once the wait list has completed: with
// free nil each allocation's Free, else free is called (in its place) from
// the command.
func (q *Queue) EnqueueSVMFree(svms []*SVM, free func(), wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMFree"
	if err := q.check(op); err != nil {
		return nil, err
	}
	for i, s := range svms {
		if free == nil && (s == nil || s.ctx != q.ctx) {
			return nil, errorf(ErrInvalidValue, "%s: pointer %d is not an SVM allocation of the queue's context", op, i)
		}
	}
	ss := slices.Clone(svms)
	if free == nil {
		free = func() {
			for _, s := range ss {
				s.Free()
			}
		}
	}
	return q.enqueue(CommandSVMFree, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.onHost(dw, free)
	})
}

// EnqueueSVMMigrateMem moves regions of SVM allocations to q's device
// (an empty region: its whole allocation). With MigrateMemObjectHost it
// only orders the command; with MigrateMemObjectContentUndefined the
// contents are not copied.
func (q *Queue) EnqueueSVMMigrateMem(regions [][]byte, flags MigrationFlags, wait ...*Event) (*Event, error) {
	const op = "clEnqueueSVMMigrateMem"
	if err := q.check(op); err != nil {
		return nil, err
	}
	if len(regions) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: no pointers", op)
	}
	if flags&^(MigrateMemObjectHost|MigrateMemObjectContentUndefined) != 0 {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	type rng struct {
		s       *SVM
		off, sz uint64
	}
	var rs []rng
	for i, r := range regions {
		n := uint64(len(r))
		s, off, ok := q.ctx.SVMAt(unsafe.Pointer(unsafe.SliceData(r)), max(n, 1))
		if !ok {
			return nil, errorf(ErrInvalidValue, "%s: range %d (%d bytes at %p) is not inside an SVM allocation of the queue's context", op, i, n, unsafe.SliceData(r))
		}
		if n == 0 {
			off, n = 0, s.Size()
		}
		if err := s.buf.useOn(q, op); err != nil {
			return nil, err
		}
		rs = append(rs, rng{s, off, n})
	}
	return q.enqueue(CommandSVMMigrate, wait, func(dw []driver.Event) (driver.Event, error) {
		if flags&MigrateMemObjectHost == 0 {
			for _, r := range rs {
				root := r.s.buf.root
				if flags&MigrateMemObjectContentUndefined != 0 {
					root.mu.Lock()
					root.hold(q.dev, r.off, min(r.off+r.sz, root.size))
					root.mu.Unlock()
					continue
				}
				if _, err := root.on(q.dev, r.off, r.sz); err != nil {
					return nil, err
				}
			}
		}
		return q.dq.Marker(dw)
	})
}

// SetArgSVMPointer sets buffer argument i to p, a pointer into an SVM
// allocation of the kernel's context (or nil, a NULL pointer). The kernel
// sees a __global pointer to p: the allocation's buffer from p's offset.
func (k *Kernel) SetArgSVMPointer(i int, p unsafe.Pointer) error {
	const op = "clSetKernelArgSVMPointer"
	if err := k.check(op); err != nil {
		return err
	}
	if i < 0 || i >= len(k.info.Args) {
		return errorf(ErrInvalidArgIndex, "%s(%s): index %d of %d", op, k.name, i, len(k.info.Args))
	}
	ai := k.info.Args[i]
	if ai.Kind != driver.ArgBuffer {
		return errorf(ErrInvalidArgValue, "%s(%s, %d): argument %s is not a __global or __constant pointer", op, k.name, i, argName(ai))
	}
	a := driver.Arg{Kind: driver.ArgBuffer}
	var buf *Buffer
	if p != nil {
		s, off, ok := k.prog.ctx.SVMAt(p, 1)
		if !ok {
			return errorf(ErrInvalidArgValue, "%s(%s, %d): %p is not inside an SVM allocation of the kernel's context", op, k.name, i, p)
		}
		buf = s.buf
		a.Offset, a.Size = off, s.buf.root.size-off
	}
	k.mu.Lock()
	k.args[i], k.set[i], k.bufs[i] = a, true, buf
	k.mu.Unlock()
	return nil
}

// onHost runs work on the host as a command of q: after the commands
// before it (a marker of the driver queue, waited for), before the ones
// after it (the command is handed to the driver only when work is done).
// The driver knows nothing of host work, so a driver event that completes
// after it could not be given to later commands' wait lists: the work is
// done before the marker's event is handed over.
func (q *Queue) onHost(dw []driver.Event, work func()) (driver.Event, error) {
	m, err := q.dq.Marker(dw)
	if err != nil {
		return nil, err
	}
	if m.Wait(context.Background()) == nil {
		work()
	}
	return m, nil
}

// svmBuffer makes a buffer of the n bytes at offset off of s
// (clCreateBuffer with CL_MEM_USE_HOST_PTR of an SVM pointer,
// CL_MEM_USES_SVM_POINTER): it shares the allocation's memory on every
// device, and its mappings are the allocation's memory.
func (s *SVM) svmBuffer(flags MemFlags, off, n uint64) *Buffer {
	b := &Buffer{ctx: s.ctx, flags: flags, size: n, origin: off, root: s.buf.root, host: s.mem[off : off+n : off+n], svm: s}
	b.init()
	return b
}

// UsesSVMPointer is CL_MEM_USES_SVM_POINTER: the buffer was made from
// memory of an SVM allocation.
func (b *Buffer) UsesSVMPointer() bool {
	return b.svm != nil || (b.parent != nil && b.parent.svm != nil)
}

// stageSVMArgs handles SVM pointer arguments whose offset in their
// allocation is not a multiple of the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN
// (a char * anywhere in an allocation): a Vulkan device binds a buffer only
// at aligned offsets, and under logical addressing a kernel's pointer
// argument starts at its binding. Such an argument's range is copied into
// a scratch buffer before the kernel and back after it, in the queue's
// order, and the kernel gets the scratch buffer. An allocation that
// another argument of the same launch also reaches is left as is (the two
// views would not see each other's writes), and the driver refuses the
// offset. The returned events are the copies'; unstageSVMArgs adds the
// copies back.
func (q *Queue) stageSVMArgs(args []driver.Arg, bufs []*Buffer, dw []driver.Event) ([]stagedArg, []driver.Event, error) {
	align := uint64(q.dev.info.MemBaseAddrAlign / 8)
	if _, inPlace := q.dev.dev.(driver.HostMemoryWrapper); inPlace || align <= 1 {
		return nil, nil, nil // kernels of such a device take any offset
	}
	var staged []stagedArg
	var evs []driver.Event
	for i, b := range bufs {
		if b == nil || b.svm == nil || b != b.svm.buf || args[i].Offset%align == 0 {
			continue
		}
		shared := false
		for j, o := range bufs {
			shared = shared || (j != i && o != nil && o.root == b.root)
		}
		if shared {
			continue
		}
		a := &args[i]
		scratch, err := q.dev.dev.NewBuffer(padded(a.Size))
		if err == nil {
			var ev driver.Event
			if ev, err = q.dq.CopyBuffer(a.Buffer, a.Offset, scratch, 0, a.Size, dw); err == nil {
				evs = append(evs, ev)
			} else {
				scratch.Release()
			}
		}
		if err != nil {
			for _, s := range staged {
				s.scratch.Release()
			}
			return nil, nil, err
		}
		staged = append(staged, stagedArg{scratch: scratch, dst: a.Buffer, off: a.Offset, size: a.Size})
		a.Buffer, a.Offset = scratch, 0
	}
	return staged, evs, nil
}

// stagedArg is an argument stageSVMArgs moved to a scratch buffer.
type stagedArg struct {
	scratch, dst driver.Buffer
	off, size    uint64
}

// unstageSVMArgs copies the staged arguments back after the kernel (evs:
// the launch's events so far) and returns the launch's event.
func (q *Queue) unstageSVMArgs(staged []stagedArg, evs []driver.Event) (driver.Event, error) {
	for _, s := range staged {
		ev, err := q.dq.CopyBuffer(s.scratch, 0, s.dst, s.off, s.size, nil)
		s.scratch.Release() // the driver keeps it while the copy is pending
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
	}
	return join(evs), nil
}

// inPlace reports whether mem is db's own memory at offset off (a device
// that uses SVM memory in place): a map or unmap then has nothing to copy.
func inPlace(db driver.Buffer, off uint64, mem []byte) bool {
	h, ok := db.(driver.HostMapper)
	if !ok || len(mem) == 0 {
		return false
	}
	hb := h.HostBytes()
	return off < uint64(len(hb)) && &hb[off] == &mem[0]
}
