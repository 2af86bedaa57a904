package cl

import (
	"sync"

	"github.com/clgo/clgo/driver"
)

// Mapped buffers in device staging memory. A device that implements
// driver.HostStager hands out pinned host memory that its copies reach in
// one transfer: a map reads the buffer straight into it and an unmap
// writes it back from there, instead of through the driver's staging ring
// and a host memcpy. A buffer made with MemAllocHostPtr ("allocate from
// host-accessible memory") gets such memory when it is made, and its maps
// use it; other maps of 64 KiB or more take some from the device for the
// life of the mapping (the driver keeps freed staging for reuse).

// minStagedMap is the smallest map given device staging memory: a
// smaller one costs little to copy, and each staging area is a device
// allocation (of which devices allow a few thousand).
const minStagedMap = 64 << 10

// mapStage is the staging memory of a MemAllocHostPtr buffer on the one
// device of its context.
type mapStage struct {
	dev *Device
	hs  driver.HostStager
	mem []byte // the buffer's size

	mu    sync.Mutex
	inUse bool   // a mapping uses it
	last  *Event // the unmap that ended the last mapping
}

// newMapStage makes the staging memory of a MemAllocHostPtr buffer, or
// returns nil (no such device, several devices, no memory: maps then copy
// as for other buffers).
func newMapStage(c *Context, size uint64) *mapStage {
	if len(c.devices) != 1 {
		return nil
	}
	dev := c.devices[0]
	hs, ok := dev.dev.(driver.HostStager)
	if !ok || size < minStagedMap {
		return nil
	}
	mem, err := hs.AllocStaging(size, true)
	if err != nil {
		return nil
	}
	return &mapStage{dev: dev, hs: hs, mem: mem}
}

// free gives the memory back to the device (the buffer's last release).
func (s *mapStage) free() {
	if s != nil {
		s.hs.FreeStaging(s.mem)
	}
}

// MapMemory returns host memory for a mapping of [offset, offset+size) of
// b made through q that the device's copies reach directly, or false when
// there is none (the caller uses its own). release gives it back: call it
// with the event of the unmap that ends the mapping (the memory is reused
// once that completes), or with nil when no command uses it any more. The
// memory is not Go memory: C code may keep pointers into it.
func (q *Queue) MapMemory(b *Buffer, offset, size uint64, hostReads bool) (mem []byte, release func(unmap *Event), ok bool) {
	if s := b.stage; s != nil && s.dev == q.dev {
		s.mu.Lock()
		free := !s.inUse && (s.last == nil || s.last.Status() <= Complete)
		if free {
			s.inUse, s.last = true, nil
		}
		s.mu.Unlock()
		if free {
			return s.mem[offset : offset+size : offset+size], func(unmap *Event) {
				s.mu.Lock()
				s.inUse, s.last = false, unmap
				s.mu.Unlock()
			}, true
		}
	}
	hs, ok := q.dev.dev.(driver.HostStager)
	if !ok || size < minStagedMap {
		return nil, nil, false
	}
	mem, err := hs.AllocStaging(size, hostReads)
	if err != nil {
		return nil, nil, false
	}
	return mem, func(unmap *Event) {
		if unmap == nil {
			hs.FreeStaging(mem)
			return
		}
		unmap.SetCallback(Complete, func(*Event, ExecStatus) { hs.FreeStaging(mem) })
	}, true
}
