package cl

import (
	"cmp"
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
	mem   []byte // the allocation: the start of raw (a page, aligned for any accepted alignment), its size long
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
	i, _ := slices.BinarySearchFunc(t.allocs, addr(s.mem), func(a *SVM, p uintptr) int { return cmp.Compare(addr(a.mem), p) })
	t.allocs = slices.Insert(t.allocs, i, s)
	t.mu.Unlock()
	return s, nil
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
	i, found := slices.BinarySearchFunc(t.allocs, a, func(x *SVM, p uintptr) int { return cmp.Compare(addr(x.mem), p) })
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
