package cl

import (
	"bytes"
	"context"
	"runtime"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// MemFlags is cl_mem_flags.
type MemFlags uint64

// Memory flags.
const (
	MemReadWrite     MemFlags = 1 << 0
	MemWriteOnly     MemFlags = 1 << 1
	MemReadOnly      MemFlags = 1 << 2
	MemUseHostPtr    MemFlags = 1 << 3
	MemAllocHostPtr  MemFlags = 1 << 4
	MemCopyHostPtr   MemFlags = 1 << 5
	MemHostWriteOnly MemFlags = 1 << 7
	MemHostReadOnly  MemFlags = 1 << 8
	MemHostNoAccess  MemFlags = 1 << 9
)

const (
	memAccess     = MemReadWrite | MemWriteOnly | MemReadOnly
	memHostPtr    = MemUseHostPtr | MemAllocHostPtr | MemCopyHostPtr
	memHostAccess = MemHostWriteOnly | MemHostReadOnly | MemHostNoAccess
)

// MapFlags is cl_map_flags.
type MapFlags uint64

// Map flags.
const (
	MapRead                  MapFlags = 1 << 0
	MapWrite                 MapFlags = 1 << 1
	MapWriteInvalidateRegion MapFlags = 1 << 2
)

// Buffer is a buffer memory object, or a sub-buffer (a range of one).
//
// In a context of several devices a buffer may be used from the queues of
// all of them: each device that uses it holds a copy, and a command brings
// the range it uses to its device from the device that used that range
// last (see rootMem). Commands of different devices that use one range
// must be ordered by the application (events, clFinish), as OpenCL asks.
type Buffer struct {
	refs
	ctx    *Context
	flags  MemFlags
	size   uint64
	parent *Buffer // for sub-buffers
	origin uint64  // offset in the root buffer
	root   *rootMem
	host   []byte // the MemUseHostPtr memory
	svm    *SVM   // the SVM allocation whose memory this is, if any

	mu    sync.Mutex
	maps  map[*byte]mapping
	stage *mapStage // MemAllocHostPtr: the device memory its maps use (mapstage.go)
}

// padded is n rounded up to a whole number of 32-bit words. Allocations
// and kernel bindings are padded so: a kernel may store a byte or a short
// through the word that holds it (storage without 8/16-bit access), and
// that word must lie inside the binding even for a 255-byte buffer.
func padded(n uint64) uint64 { return (n + 3) &^ 3 }

type mapping struct {
	offset  uint64 // in this buffer
	flags   MapFlags
	mem     []byte
	release func(unmap *Event) // gives back device staging memory (mapstage.go), or nil
}

func validFlags(flags MemFlags) bool {
	n := 0
	for _, f := range []MemFlags{MemReadWrite, MemWriteOnly, MemReadOnly} {
		if flags&f != 0 {
			n++
		}
	}
	h := 0
	for _, f := range []MemFlags{MemHostWriteOnly, MemHostReadOnly, MemHostNoAccess} {
		if flags&f != 0 {
			h++
		}
	}
	return n <= 1 && h <= 1 && flags&^(memAccess|memHostPtr|memHostAccess) == 0 &&
		!(flags&MemUseHostPtr != 0 && flags&(MemAllocHostPtr|MemCopyHostPtr) != 0)
}

// CreateBuffer allocates size bytes (CreateBufferFrom makes one from a
// typed slice). With MemCopyHostPtr or MemUseHostPtr
// host gives the initial contents (len(host) >= size); with MemUseHostPtr
// mapping the buffer returns a part of host (the data is copied, not
// shared, while kernels run).
func (c *Context) CreateBuffer(flags MemFlags, size uint64, host []byte) (*Buffer, error) {
	if err := c.check("clCreateBuffer"); err != nil {
		return nil, err
	}
	if flags == 0 {
		flags = MemReadWrite
	}
	if !validFlags(flags) {
		return nil, errorf(ErrInvalidValue, "clCreateBuffer: flags %#x", uint64(flags))
	}
	dev := c.devices[0]
	if size == 0 || size > dev.info.MaxAllocSize {
		return nil, errorf(ErrInvalidBufferSize, "clCreateBuffer: size %d (the device's limit is %d)", size, dev.info.MaxAllocSize)
	}
	wantHost := flags&(MemUseHostPtr|MemCopyHostPtr) != 0
	if wantHost != (host != nil) || (wantHost && uint64(len(host)) < size) {
		return nil, errorf(ErrInvalidHostPtr, "clCreateBuffer: host memory of %d bytes with flags %#x", len(host), uint64(flags))
	}
	if flags&MemUseHostPtr != 0 {
		if s, off, ok := c.SVMAt(unsafe.Pointer(unsafe.SliceData(host)), 1); ok {
			if size > s.Size()-off {
				return nil, errorf(ErrInvalidBufferSize, "clCreateBuffer: %d bytes from offset %d of a %d-byte SVM allocation", size, off, s.Size())
			}
			return s.svmBuffer(flags, off, size), nil
		}
	}
	root := &rootMem{size: padded(size), ctx: c}
	if wantHost {
		// The initial contents are taken now (the caller may reuse
		// its memory) and uploaded where the buffer is placed.
		root.initial = bytes.Clone(host[:size])
	}
	b := &Buffer{ctx: c, flags: flags, size: size, root: root}
	if flags&MemUseHostPtr != 0 {
		b.host = host[:size]
	}
	if len(c.devices) == 1 {
		if _, err := root.on(dev, 0, root.size); err != nil {
			return nil, wrap(err, ErrMemObjectAllocationFailure, "clCreateBuffer(%d bytes)", size)
		}
	}
	if flags&MemAllocHostPtr != 0 {
		b.stage = newMapStage(c, size)
	}
	b.init()
	b.cleanup = runtime.AddCleanup(b, func(r *rootMem) { r.release() }, root)
	return b, nil
}

// upload writes data into a driver buffer at offset through the device's
// internal queue and waits.
func (d *Device) upload(db driver.Buffer, offset uint64, data []byte) error {
	q, err := d.internalQueue()
	if err != nil {
		return err
	}
	ev, err := q.WriteBuffer(db, offset, data, nil)
	if err != nil {
		return err
	}
	return ev.Wait(context.Background())
}

var internalQueues sync.Map // *Device → driver.Queue

func (d *Device) internalQueue() (driver.Queue, error) {
	if q, ok := internalQueues.Load(d); ok {
		return q.(driver.Queue), nil
	}
	q, err := d.dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		return nil, err
	}
	if old, loaded := internalQueues.LoadOrStore(d, q); loaded {
		q.Release()
		return old.(driver.Queue), nil
	}
	return q, nil
}

// CreateSubBuffer makes a buffer of the byte range [origin, origin+size)
// of b (CL_BUFFER_CREATE_TYPE_REGION). origin must be a multiple of the device's
// CL_DEVICE_MEM_BASE_ADDR_ALIGN.
func (b *Buffer) CreateSubBuffer(flags MemFlags, origin, size uint64) (*Buffer, error) {
	if err := b.check("clCreateSubBuffer"); err != nil {
		return nil, err
	}
	if b.parent != nil {
		return nil, errorf(ErrInvalidMemObject, "clCreateSubBuffer: a sub-buffer of a sub-buffer")
	}
	if !validFlags(flags) || flags&memHostPtr != 0 {
		return nil, errorf(ErrInvalidValue, "clCreateSubBuffer: flags %#x", uint64(flags))
	}
	// Access flags are inherited unless given, and may not widen the
	// parent's.
	if flags&memAccess == 0 {
		flags |= b.flags & memAccess
	} else if (b.flags&MemWriteOnly != 0 && flags&(MemReadWrite|MemReadOnly) != 0) ||
		(b.flags&MemReadOnly != 0 && flags&(MemReadWrite|MemWriteOnly) != 0) {
		return nil, errorf(ErrInvalidValue, "clCreateSubBuffer: flags %#x widen the buffer's %#x", uint64(flags), uint64(b.flags))
	}
	if flags&memHostAccess == 0 {
		flags |= b.flags & memHostAccess
	}
	flags |= b.flags & MemUseHostPtr
	if size == 0 {
		return nil, errorf(ErrInvalidBufferSize, "clCreateSubBuffer: size 0")
	}
	if origin > b.size || size > b.size-origin {
		return nil, errorf(ErrInvalidValue, "clCreateSubBuffer: region [%d,+%d) of a %d-byte buffer", origin, size, b.size)
	}
	// The origin must suit one device of the context at least (a queue
	// of a device it does not suit refuses the sub-buffer: useOn).
	align := uint64(0)
	for _, d := range b.ctx.devices {
		if a := uint64(d.info.MemBaseAddrAlign / 8); align == 0 || a < align {
			align = a
		}
	}
	if align > 1 && origin%align != 0 {
		return nil, errorf(ErrMisalignedSubBufferOffset, "clCreateSubBuffer: origin %d is not a multiple of %d", origin, align)
	}
	if err := b.Retain(); err != nil {
		return nil, err
	}
	s := &Buffer{ctx: b.ctx, flags: flags, size: size, parent: b, origin: b.origin + origin, root: b.root}
	if b.host != nil {
		s.host = b.host[origin : origin+size]
	}
	s.init()
	s.cleanup = runtime.AddCleanup(s, func(p *Buffer) { p.Release() }, b)
	return s, nil
}

// Size returns the size in bytes.
func (b *Buffer) Size() uint64 { return b.size }

// Flags returns the buffer's flags.
func (b *Buffer) Flags() MemFlags { return b.flags }

// Parent returns the buffer of a sub-buffer, else nil.
func (b *Buffer) Parent() *Buffer { return b.parent }

// Offset returns a sub-buffer's origin in its parent (0 for buffers).
func (b *Buffer) Offset() uint64 {
	if b.parent != nil {
		return b.origin - b.parent.origin // a buffer of SVM memory has an origin
	}
	return 0
}

// Context returns the buffer's context.
func (b *Buffer) Context() *Context { return b.ctx }

// Retain adds a reference.
func (b *Buffer) Retain() error { return b.retain(ErrInvalidMemObject, "clRetainMemObject") }

// Release drops a reference; the memory is freed when the buffer and its
// sub-buffers are all released (commands still using it finish first).
func (b *Buffer) Release() error {
	last, err := b.release(ErrInvalidMemObject, "clReleaseMemObject")
	if last {
		if b.parent != nil {
			b.parent.Release()
		} else if b.svm == nil {
			b.root.release()
			b.stage.free()
		}
	}
	return err
}

func (b *Buffer) check(op string) error {
	if b == nil || !b.alive() {
		return errorf(ErrInvalidMemObject, "%s: invalid memory object", op)
	}
	return nil
}

// useOn checks that q may use b.
func (b *Buffer) useOn(q *Queue, op string) error {
	if err := b.check(op); err != nil {
		return err
	}
	if b.ctx != q.ctx {
		return errorf(ErrInvalidContext, "%s: buffer and queue of different contexts", op)
	}
	if align := uint64(q.dev.info.MemBaseAddrAlign / 8); b.parent != nil && align > 1 && b.origin%align != 0 {
		return errorf(ErrMisalignedSubBufferOffset, "%s: sub-buffer origin %d is not a multiple of %s's alignment %d", op, b.origin, q.dev, align)
	}
	// The copy on the queue's device is allocated now, so that a lack of
	// memory fails the enqueue; the contents move when the command is
	// handed to the device.
	if _, err := b.root.alloc(q.dev); err != nil {
		return wrap(err, ErrMemObjectAllocationFailure, "%s", op)
	}
	return nil
}

func (b *Buffer) inRange(op string, offset, size uint64) error {
	if offset > b.size || size > b.size-offset {
		return errorf(ErrInvalidValue, "%s: range [%d,+%d) of a %d-byte buffer", op, offset, size, b.size)
	}
	return nil
}

// EnqueueReadBuffer copies len(dst) bytes at byte offset offset into dst.
// dst must not be touched until the event completes. ReadElems reads
// typed elements and waits.
func (q *Queue) EnqueueReadBuffer(b *Buffer, offset uint64, dst []byte, wait ...*Event) (*Event, error) {
	return q.readBuffer("clEnqueueReadBuffer", CommandReadBuffer, b, offset, dst, wait)
}

func (q *Queue) readBuffer(op string, typ CommandType, b *Buffer, offset uint64, dst []byte, wait []*Event) (*Event, error) {
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	if err := b.inRange(op, offset, uint64(len(dst))); err != nil {
		return nil, err
	}
	if b.flags&(MemHostWriteOnly|MemHostNoAccess) != 0 {
		return nil, errorf(ErrInvalidOperation, "%s: buffer made with host write-only or no-access", op)
	}
	if len(dst) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: empty destination", op)
	}
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, offset, uint64(len(dst)))
		if err != nil {
			return nil, err
		}
		return q.dq.ReadBuffer(db, b.origin+offset, dst, dw)
	})
}

// EnqueueReadForMap copies len(dst) bytes at offset into dst for a map
// whose memory the caller owns (the C API's clEnqueueMapBuffer): as
// EnqueueReadBuffer, but a CL_MAP_WRITE map of a CL_MEM_HOST_WRITE_ONLY
// buffer reads too. The host-access flags limit the application's reads;
// the mapped region must still hold the buffer's bytes, or unmapping would
// write back whatever the memory held before.
func (q *Queue) EnqueueReadForMap(b *Buffer, offset uint64, dst []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueMapBuffer"
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	if len(dst) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: size 0", op)
	}
	if err := b.inRange(op, offset, uint64(len(dst))); err != nil {
		return nil, err
	}
	return q.enqueue(CommandMapBuffer, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, offset, uint64(len(dst)))
		if err != nil {
			return nil, err
		}
		if inPlace(db, b.origin+offset, dst) {
			return q.dq.Marker(dw) // svm.go
		}
		return q.dq.ReadBuffer(db, b.origin+offset, dst, dw)
	})
}

// EnqueueWriteBuffer copies src into the buffer at byte offset offset.
// src must not change until the event completes. WriteElems writes typed
// elements and waits.
func (q *Queue) EnqueueWriteBuffer(b *Buffer, offset uint64, src []byte, wait ...*Event) (*Event, error) {
	return q.writeBuffer("clEnqueueWriteBuffer", CommandWriteBuffer, b, offset, src, wait)
}

func (q *Queue) writeBuffer(op string, typ CommandType, b *Buffer, offset uint64, src []byte, wait []*Event) (*Event, error) {
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	if err := b.inRange(op, offset, uint64(len(src))); err != nil {
		return nil, err
	}
	if b.flags&(MemHostReadOnly|MemHostNoAccess) != 0 {
		return nil, errorf(ErrInvalidOperation, "%s: buffer made with host read-only or no-access", op)
	}
	if len(src) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: empty source", op)
	}
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, offset, uint64(len(src)))
		if err != nil {
			return nil, err
		}
		return q.dq.WriteBuffer(db, b.origin+offset, src, dw)
	})
}

// EnqueueCopyBuffer copies size bytes from src at byte offset srcOffset
// to dst at byte offset dstOffset. Overlapping ranges of one memory give ErrMemCopyOverlap.
func (q *Queue) EnqueueCopyBuffer(src, dst *Buffer, srcOffset, dstOffset, size uint64, wait ...*Event) (*Event, error) {
	return q.copyBuffer("clEnqueueCopyBuffer", CommandCopyBuffer, src, dst, srcOffset, dstOffset, size, wait)
}

func (q *Queue) copyBuffer(op string, typ CommandType, src, dst *Buffer, srcOffset, dstOffset, size uint64, wait []*Event) (*Event, error) {
	if err := src.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.useOn(q, op); err != nil {
		return nil, err
	}
	if size == 0 {
		return nil, errorf(ErrInvalidValue, "%s: size 0", op)
	}
	if err := src.inRange(op, srcOffset, size); err != nil {
		return nil, err
	}
	if err := dst.inRange(op, dstOffset, size); err != nil {
		return nil, err
	}
	s, d := src.origin+srcOffset, dst.origin+dstOffset
	if src.root == dst.root && s < d+size && d < s+size {
		return nil, errorf(ErrMemCopyOverlap, "%s: [%d,+%d) and [%d,+%d) overlap", op, s, size, d, size)
	}
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		sb, err := src.on(q, srcOffset, size)
		if err != nil {
			return nil, err
		}
		db, err := dst.on(q, dstOffset, size)
		if err != nil {
			return nil, err
		}
		return q.dq.CopyBuffer(sb, s, db, d, size, dw)
	})
}

// EnqueueFillBuffer repeats pattern (1, 2, 4, ..., 128 bytes) over the
// byte range [offset, offset+size); offset and size are multiples of
// len(pattern).
func (q *Queue) EnqueueFillBuffer(b *Buffer, pattern []byte, offset, size uint64, wait ...*Event) (*Event, error) {
	return q.fillBuffer("clEnqueueFillBuffer", CommandFillBuffer, b, pattern, offset, size, wait)
}

func (q *Queue) fillBuffer(op string, typ CommandType, b *Buffer, pattern []byte, offset, size uint64, wait []*Event) (*Event, error) {
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	n := uint64(len(pattern))
	if n == 0 || n > 128 || n&(n-1) != 0 {
		return nil, errorf(ErrInvalidValue, "%s: pattern of %d bytes", op, n)
	}
	if offset%n != 0 || size%n != 0 {
		return nil, errorf(ErrInvalidValue, "%s: offset %d and size %d must be multiples of the pattern size %d", op, offset, size, n)
	}
	if err := b.inRange(op, offset, size); err != nil {
		return nil, err
	}
	if size == 0 {
		// Nothing to fill (the spec does not refuse it); drivers get no
		// empty command (vkCmdFillBuffer refuses a size of 0).
		return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
			return q.dq.Marker(dw)
		})
	}
	p := append([]byte(nil), pattern...)
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, offset, size)
		if err != nil {
			return nil, err
		}
		return q.dq.FillBuffer(db, b.origin+offset, size, p, dw)
	})
}

// EnqueueMapBuffer maps the byte range [offset, offset+size) of b for
// host access. The
// returned slice is valid once the event completes (its contents are the
// buffer's when MapRead or MapWrite is given) and until
// EnqueueUnmapMemObject; with MapWrite or MapWriteInvalidateRegion its
// contents are written back at unmap.
func (q *Queue) EnqueueMapBuffer(b *Buffer, flags MapFlags, offset, size uint64, wait ...*Event) ([]byte, *Event, error) {
	return q.mapBuffer("clEnqueueMapBuffer", CommandMapBuffer, b, flags, offset, size, wait)
}

func (q *Queue) mapBuffer(op string, typ CommandType, b *Buffer, flags MapFlags, offset, size uint64, wait []*Event) ([]byte, *Event, error) {
	if err := b.useOn(q, op); err != nil {
		return nil, nil, err
	}
	if flags&^(MapRead|MapWrite|MapWriteInvalidateRegion) != 0 ||
		(flags&MapWriteInvalidateRegion != 0 && flags&(MapRead|MapWrite) != 0) {
		return nil, nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	if size == 0 {
		return nil, nil, errorf(ErrInvalidValue, "%s: size 0", op)
	}
	if err := b.inRange(op, offset, size); err != nil {
		return nil, nil, err
	}
	if (flags&MapRead != 0 && b.flags&(MemHostWriteOnly|MemHostNoAccess) != 0) ||
		(flags&(MapWrite|MapWriteInvalidateRegion) != 0 && b.flags&(MemHostReadOnly|MemHostNoAccess) != 0) {
		return nil, nil, errorf(ErrInvalidOperation, "%s: flags %#x against the buffer's host access", op, uint64(flags))
	}
	var mem []byte
	var release func(*Event)
	if b.host != nil {
		mem = b.host[offset : offset+size : offset+size]
	} else if m, rel, ok := q.MapMemory(b, offset, size, flags&MapRead != 0); ok {
		mem, release = m, rel
	} else {
		mem = make([]byte, size)
	}
	var ev *Event
	var err error
	if flags&MapWriteInvalidateRegion == 0 {
		ev, err = q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
			db, err := b.on(q, offset, size)
			if err != nil {
				return nil, err
			}
			if inPlace(db, b.origin+offset, mem) {
				return q.dq.Marker(dw) // svm.go
			}
			return q.dq.ReadBuffer(db, b.origin+offset, mem, dw)
		})
	} else {
		ev, err = q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
			return q.dq.Marker(dw)
		})
	}
	if err != nil {
		if release != nil {
			release(nil)
		}
		return nil, nil, err
	}
	b.mu.Lock()
	if b.maps == nil {
		b.maps = map[*byte]mapping{}
	}
	b.maps[&mem[0]] = mapping{offset: offset, flags: flags, mem: mem, release: release}
	b.mu.Unlock()
	return mem, ev, nil
}

// EnqueueUnmapMemObject ends a mapping made by EnqueueMapBuffer, writing
// the mapped bytes back when it was mapped for writing.
func (q *Queue) EnqueueUnmapMemObject(b *Buffer, mapped []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueUnmapMemObject"
	if len(mapped) == 0 {
		if err := b.useOn(q, op); err != nil {
			return nil, err
		}
		return nil, errorf(ErrInvalidValue, "%s: empty mapping", op)
	}
	return q.unmapBuffer(op, CommandUnmapMemObject, b, unsafe.SliceData(mapped), wait)
}

// unmapBuffer ends the mapping of b that starts at key.
func (q *Queue) unmapBuffer(op string, typ CommandType, b *Buffer, key *byte, wait []*Event) (*Event, error) {
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	b.mu.Lock()
	m, ok := b.maps[key]
	if ok {
		delete(b.maps, key)
	}
	b.mu.Unlock()
	if !ok {
		return nil, errorf(ErrInvalidValue, "%s: not a mapping of this buffer", op)
	}
	var ev *Event
	var err error
	if m.flags&(MapWrite|MapWriteInvalidateRegion) == 0 {
		ev, err = q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
			return q.dq.Marker(dw)
		})
	} else {
		ev, err = q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
			db, err := b.on(q, m.offset, uint64(len(m.mem)))
			if err != nil {
				return nil, err
			}
			if inPlace(db, b.origin+m.offset, m.mem) {
				return q.dq.Marker(dw) // svm.go
			}
			return q.dq.WriteBuffer(db, b.origin+m.offset, m.mem, dw)
		})
	}
	if m.release != nil {
		m.release(ev) // nil when the unmap failed: the memory is free now
	}
	return ev, err
}

// MapCount is the number of live mappings (CL_MEM_MAP_COUNT).
func (b *Buffer) MapCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.maps)
}
