package cl

import (
	"context"
	"sync"

	"github.com/clgo/clgo/driver"
)

// rootMem is the memory of a buffer and its sub-buffers.
//
// In a context of one device it is allocated on that device at once. In a
// context of several, each device whose queues use it gets a copy (on
// first use), and the contents migrate on demand: the root is cut into
// extents, each naming the device whose copy holds its latest contents,
// and a command that uses a range on a device first copies the parts of
// that range held elsewhere to this device, which then holds the range.
// The copy happens when the command is handed to its device, after its
// wait list has ended, so a writer on another device that the application
// ordered before it (with events or clFinish, as OpenCL requires) is done.
// Disjoint ranges (sub-buffers) may so live on different devices at once.
type rootMem struct {
	size uint64 // the allocation: the buffer's size rounded up to 4 bytes
	ctx  *Context

	mu       sync.Mutex
	copies   map[*Device]driver.Buffer
	extents  []extent // in order, covering [0, size)
	initial  []byte   // the contents before any device holds them (nil: zeros)
	released bool
}

// extent is a range of a root, [previous extent's end, end), and the device
// whose copy holds its contents (nil: none yet, the initial contents).
type extent struct {
	end uint64
	dev *Device
}

// home is the device whose limits apply to the buffer outside of a
// command: the context's first.
func (r *rootMem) home() *Device { return r.ctx.devices[0] }

// alloc returns d's copy of r, allocating it if d has none.
func (r *rootMem) alloc(d *Device) (driver.Buffer, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.allocLocked(d)
}

func (r *rootMem) allocLocked(d *Device) (driver.Buffer, error) {
	if r.released {
		return nil, errorf(ErrInvalidMemObject, "buffer released")
	}
	if db := r.copies[d]; db != nil {
		return db, nil
	}
	db, err := d.dev.NewBuffer(r.size)
	if err != nil {
		return nil, wrap(err, ErrMemObjectAllocationFailure, "allocating a %d-byte buffer on %s", r.size, d)
	}
	if r.copies == nil {
		r.copies = map[*Device]driver.Buffer{}
		r.extents = []extent{{end: r.size}}
	}
	r.copies[d] = db
	return db, nil
}

// on brings [off, off+n) of r to d and returns d's copy: the parts of the
// range another device holds are copied from it, and d holds the range
// from now on (the command may write it).
func (r *rootMem) on(d *Device, off, n uint64) (driver.Buffer, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	db, err := r.allocLocked(d)
	if err != nil {
		return nil, err
	}
	end := min(off+n, r.size)
	if off >= end {
		return db, nil
	}
	start := uint64(0)
	for _, e := range r.extents {
		lo, hi := max(start, off), min(e.end, end)
		start = e.end
		if lo >= hi || e.dev == d {
			continue
		}
		if err := r.move(e.dev, d, db, lo, hi); err != nil {
			return nil, wrap(err, ErrOutOfResources, "migrating [%d,%d) of a buffer to %s", lo, hi, d)
		}
	}
	r.hold(d, off, end)
	if len(r.extents) == 1 && r.extents[0].dev == d {
		r.initial = nil // every device that comes later copies from d
	}
	return db, nil
}

// move copies [lo, hi) from src's copy (or the initial contents, for src
// nil) into dst, d's copy. The reads and writes go through the devices'
// internal queues and are waited for.
func (r *rootMem) move(src, d *Device, dst driver.Buffer, lo, hi uint64) error {
	var data []byte
	switch {
	case src != nil:
		q, err := src.internalQueue()
		if err != nil {
			return err
		}
		data = make([]byte, hi-lo)
		ev, err := q.ReadBuffer(r.copies[src], lo, data, nil)
		if err != nil {
			return err
		}
		if err := ev.Wait(context.Background()); err != nil {
			return err
		}
	case r.initial != nil:
		if lo >= uint64(len(r.initial)) {
			return nil // the padding
		}
		data = r.initial[lo:min(hi, uint64(len(r.initial)))]
	default:
		return nil // a new buffer's contents are undefined
	}
	return d.upload(dst, lo, data)
}

// hold records that d holds [lo, hi), merging neighbouring extents of one
// device.
func (r *rootMem) hold(d *Device, lo, hi uint64) {
	var out []extent
	add := func(e extent) {
		if n := len(out); n > 0 && out[n-1].dev == e.dev {
			out[n-1].end = e.end
			return
		}
		out = append(out, e)
	}
	start := uint64(0)
	for _, e := range r.extents {
		if e.end <= lo || start >= hi {
			add(e)
		} else {
			if start < lo {
				add(extent{end: lo, dev: e.dev})
			}
			add(extent{end: min(e.end, hi), dev: d})
			if e.end > hi {
				add(extent{end: e.end, dev: e.dev})
			}
		}
		start = e.end
	}
	r.extents = out
}

func (r *rootMem) release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.released {
		for _, db := range r.copies {
			db.Release()
		}
	}
	r.released, r.initial, r.copies = true, nil, nil
}

// on brings [off, off+n) of sub-buffer or buffer b to q's device and
// returns that device's copy of its root.
func (b *Buffer) on(q *Queue, off, n uint64) (driver.Buffer, error) {
	return b.root.on(q.dev, b.origin+off, n)
}

// MigrationFlags is cl_mem_migration_flags.
type MigrationFlags uint64

// Migration flags.
const (
	MigrateMemObjectHost             MigrationFlags = 1 << 0
	MigrateMemObjectContentUndefined MigrationFlags = 1 << 1
)

// EnqueueMigrateMemObjects moves mems to q's device ahead of the commands
// that use them there (clEnqueueMigrateMemObjects). With
// MigrateMemObjectContentUndefined the contents are not copied (the
// device's copy holds whatever it held); MigrateMemObjectHost leaves the
// buffers where they are (the host reaches every device's copy).
func (q *Queue) EnqueueMigrateMemObjects(mems []*Buffer, flags MigrationFlags, wait ...*Event) (*Event, error) {
	const op = "clEnqueueMigrateMemObjects"
	if len(mems) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: no memory objects", op)
	}
	if flags&^(MigrateMemObjectHost|MigrateMemObjectContentUndefined) != 0 {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	for _, b := range mems {
		if err := b.useOn(q, op); err != nil {
			return nil, err
		}
	}
	ms := append([]*Buffer(nil), mems...)
	return q.enqueue(CommandMigrateMemObjects, wait, func(dw []driver.Event) (driver.Event, error) {
		if flags&MigrateMemObjectHost == 0 {
			for _, b := range ms {
				lo, hi := b.origin, min(b.origin+padded(b.size), b.root.size)
				if flags&MigrateMemObjectContentUndefined != 0 {
					b.root.mu.Lock()
					b.root.hold(q.dev, lo, hi)
					b.root.mu.Unlock()
					continue
				}
				if _, err := b.root.on(q.dev, lo, hi-lo); err != nil {
					return nil, err
				}
			}
		}
		return q.dq.Marker(dw)
	})
}
