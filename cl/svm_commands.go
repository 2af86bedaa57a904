package cl

// The SVM commands of a queue (clEnqueueSVM*).

import (
	"context"
	"slices"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

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
	// queue's order (onHost).
	return q.enqueueAs(CommandSVMMemcpy, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.onHost(dw, func() { copy(dst, src) })
	}, true)
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
	return q.enqueueAs(CommandSVMFree, wait, func(dw []driver.Event) (driver.Event, error) {
		return q.onHost(dw, free)
	}, true)
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

// onHost runs work on the host as a command of q: after the commands
// before it (a marker of the driver queue, waited for), before the ones
// after it (the command's event is handed over only when work is done,
// and later commands wait in the backlog until then). The driver knows
// nothing of host work, so a driver event that completes after it could
// not be given to later commands' wait lists. Such commands are enqueued
// deferred (enqueueAs): onHost runs on the backlog's goroutine, so the
// enqueue does not block, and work (an application's clEnqueueSVMFree
// callback) may enqueue on q itself.
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
