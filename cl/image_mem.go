package cl

import (
	"context"
	"sync"

	"github.com/clgo/clgo/driver"
)

// imageMem is the device memory of an image.
type imageMem struct {
	ctx  *Context
	desc driver.ImageDesc // Buffer unset: each device's copy views its own
	size uint64           // bytes, tightly packed
	buf  *Buffer          // the buffer of a 1D buffer image

	mu       sync.Mutex
	copies   map[*Device]driver.Image
	holder   *Device // the device whose copy has the latest contents
	initial  []byte  // tightly packed contents before any device holds them
	released bool
}

// on returns d's copy of the image with the latest contents, allocating and
// filling it as needed; d holds the image from now on.
func (m *imageMem) on(d *Device) (driver.Image, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.released {
		return nil, errorf(ErrInvalidMemObject, "image released")
	}
	id := d.imageDevice()
	if id == nil {
		return nil, errorf(ErrInvalidOperation, "%s does not support images", d)
	}
	if m.buf != nil {
		// A 1D buffer image views the buffer's bytes on d.
		b := m.buf
		db, err := b.root.on(d, b.origin, m.size)
		if err != nil {
			return nil, err
		}
		if di := m.copies[d]; di != nil {
			return di, nil
		}
		desc := m.desc
		desc.Buffer, desc.BufferOffset = db, b.origin
		di, err := id.NewImage(desc)
		if err != nil {
			return nil, wrap(err, ErrMemObjectAllocationFailure, "a 1D buffer image of %d pixels on %s", desc.Width, d)
		}
		m.keep(d, di)
		return di, nil
	}
	di := m.copies[d]
	if di == nil {
		var err error
		di, err = id.NewImage(m.desc)
		if err != nil {
			return nil, wrap(err, ErrMemObjectAllocationFailure, "an %s of %v pixels on %s", imageTypeName(m.desc.Type), m.desc.Extent(), d)
		}
		m.keep(d, di)
	}
	if m.holder == d {
		return di, nil
	}
	data := m.initial
	if m.holder != nil {
		// The latest pixels are on another device: read them back
		// through the host.
		data = make([]byte, m.size)
		if err := m.transfer(m.holder, m.copies[m.holder], data, false); err != nil {
			return nil, wrap(err, ErrOutOfResources, "migrating an image from %s", m.holder)
		}
	}
	if data != nil {
		if err := m.transfer(d, di, data, true); err != nil {
			return nil, wrap(err, ErrOutOfResources, "migrating an image to %s", d)
		}
	}
	m.holder, m.initial = d, nil
	return di, nil
}

func (m *imageMem) keep(d *Device, di driver.Image) {
	if m.copies == nil {
		m.copies = map[*Device]driver.Image{}
	}
	m.copies[d] = di
}

// transfer writes data into (or reads the image into data), the whole
// image, through d's internal queue, and waits.
func (m *imageMem) transfer(d *Device, di driver.Image, data []byte, write bool) error {
	q, err := d.internalQueue()
	if err != nil {
		return err
	}
	iq, ok := q.(driver.ImageQueue)
	if !ok {
		return errorf(ErrInvalidOperation, "%s's queues do not copy images", d)
	}
	var ev driver.Event
	if write {
		ev, err = iq.WriteImage(di, [3]uint64{}, m.desc.Extent(), data, nil)
	} else {
		ev, err = iq.ReadImage(di, [3]uint64{}, m.desc.Extent(), data, nil)
	}
	if err != nil {
		return err
	}
	return ev.Wait(context.Background())
}

func (m *imageMem) release() {
	m.mu.Lock()
	if m.released {
		m.mu.Unlock()
		return
	}
	m.released = true
	copies := m.copies
	m.copies = nil
	buf := m.buf
	m.mu.Unlock()
	for _, di := range copies {
		di.Release()
	}
	if buf != nil {
		buf.Release()
	}
}

// claim makes d hold the image without copying its contents (a migration
// with MigrateMemObjectContentUndefined).
func (m *imageMem) claim(d *Device) error {
	if m.buf != nil {
		_, err := m.on(d)
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.released {
		return errorf(ErrInvalidMemObject, "image released")
	}
	if m.copies[d] == nil {
		id := d.imageDevice()
		if id == nil {
			return errorf(ErrInvalidOperation, "%s does not support images", d)
		}
		di, err := id.NewImage(m.desc)
		if err != nil {
			return wrap(err, ErrMemObjectAllocationFailure, "an %s on %s", imageTypeName(m.desc.Type), d)
		}
		m.keep(d, di)
	}
	m.holder, m.initial = d, nil
	return nil
}
