package vulkan

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Host staging areas (driver.HostStager): host-visible memory handed to
// the runtime for mapped buffers. A read into one or a write from one is
// a single device copy between the buffer and the area, with no trip
// through the staging ring and no memcpy on the host: clEnqueueMapBuffer
// copied into malloc'd memory through the ring before, at 1.3 GB/s on an
// H100 (NVIDIA's OpenCL: 23.9).
//
// Areas live in one of two memory types: host-cached system memory, which
// the host reads at memory speed (every map that reads), and, for maps the
// host only writes, a device-local host-visible type whose heap is large
// (a resizable BAR): the host's writes go over the bus as it makes them,
// and the copies to and from the buffer stay in device memory. Freed
// areas are kept for the next map of about their size, up to
// hostKeepLimit bytes: allocating and pinning host memory costs
// milliseconds per call.

// hostKeepLimit bounds the bytes of freed areas kept for reuse.
const hostKeepLimit = 4 << 30

// hostArea is one VkBuffer over host-visible memory, mapped for its life.
type hostArea struct {
	buf, mem  uint64
	size      uint64
	view      unsafe.Pointer
	typeIndex uint32
	// refs: the runtime's hold (until FreeStaging) and each pending
	// command that copies to or from it.
	refs atomic.Int32
}

// hostAreas is the device's set of areas.
type hostAreas struct {
	l         *logical
	readType  uint32 // host-visible, coherent, cached where possible
	writeType int32  // device-local and host-visible on a large heap, or -1

	mu        sync.Mutex
	live      []*hostArea
	kept      []*hostArea // freed, oldest first
	keptBytes uint64
}

func newHostAreas(l *logical) *hostAreas {
	h := &hostAreas{l: l, readType: l.staging.typeIndex, writeType: -1}
	if !l.discrete() {
		return h // system memory is the device's memory
	}
	const want = memoryPropertyDeviceLocal | memoryPropertyHostVisible | memoryPropertyHostCoherent
	mp := &l.phys.mem
	for i, t := range mp.memoryTypes[:mp.memoryTypeCount] {
		// A heap of 256 MiB is the classic BAR window, which drivers use
		// themselves; a resizable BAR shows the whole device memory.
		if t.propertyFlags&want == want && mp.memoryHeaps[t.heapIndex].size > 1<<30 {
			h.writeType = int32(i)
			break
		}
	}
	return h
}

// AllocStaging implements driver.HostStager.
func (d *Device) AllocStaging(n uint64, hostReads bool) ([]byte, error) {
	if err := d.open(); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("vulkan: staging of 0 bytes: %w", driver.ErrInvalidValue)
	}
	h := d.hostAreas
	types := []uint32{h.readType}
	if !hostReads && h.writeType >= 0 && uint64(d.phys.mem.memoryHeaps[d.phys.mem.memoryTypes[h.writeType].heapIndex].size) >= 4*n {
		types = []uint32{uint32(h.writeType), h.readType}
	}
	var err error
	for _, ti := range types {
		var a *hostArea
		if a, err = h.take(n, ti); err == nil {
			return unsafe.Slice((*byte)(a.view), n), nil
		}
	}
	return nil, err
}

// take returns a live area of at least n bytes of memory type ti.
func (h *hostAreas) take(n uint64, ti uint32) (*hostArea, error) {
	size := (n + 1<<16 - 1) &^ (1<<16 - 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	best := -1
	for i, a := range h.kept {
		if a.typeIndex == ti && a.size >= size && a.size <= 2*size && (best < 0 || a.size < h.kept[best].size) {
			best = i
		}
	}
	var a *hostArea
	if best >= 0 {
		a = h.kept[best]
		h.kept = append(h.kept[:best], h.kept[best+1:]...)
		h.keptBytes -= a.size
	} else {
		var err error
		if a, err = h.make(size, ti); err != nil && len(h.kept) > 0 {
			h.dropKept()
			a, err = h.make(size, ti)
		}
		if err != nil {
			return nil, err
		}
	}
	a.refs.Store(1)
	h.live = append(h.live, a)
	return a, nil
}

// make allocates an area. h.mu is held.
func (h *hostAreas) make(size uint64, ti uint32) (*hostArea, error) {
	l := h.l
	buf, req, err := l.createBuffer(size, bufferUsageTransferSrc|bufferUsageTransferDst)
	if err != nil {
		return nil, err
	}
	if req.memoryTypeBits&(1<<ti) == 0 {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return nil, fmt.Errorf("vulkan: staging buffers cannot live in memory type %d: %w", ti, driver.ErrMemAllocationFailure)
	}
	mem, view, err := l.allocate(buf, req.size, ti, true)
	if err != nil {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return nil, err
	}
	return &hostArea{buf: buf, mem: mem, size: size, view: view, typeIndex: ti}, nil
}

// FreeStaging implements driver.HostStager.
func (d *Device) FreeStaging(mem []byte) {
	if len(mem) == 0 || d.open() != nil {
		return
	}
	h := d.hostAreas
	p := unsafe.Pointer(unsafe.SliceData(mem))
	h.mu.Lock()
	var a *hostArea
	for i, x := range h.live {
		if x.view == p {
			a = x
			h.live = append(h.live[:i], h.live[i+1:]...)
			break
		}
	}
	h.mu.Unlock()
	if a != nil {
		h.unref(a)
	}
}

// find returns the live area that holds all of b and b's offset in it,
// with a reference for a command, or nil.
func (h *hostAreas) find(b []byte) (*hostArea, uint64) {
	if len(b) == 0 {
		return nil, 0
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, a := range h.live {
		start := uintptr(a.view)
		if p >= start && p-start+uintptr(len(b)) <= uintptr(a.size) {
			a.refs.Add(1)
			return a, uint64(p - start)
		}
	}
	return nil, 0
}

// unref drops a reference; the last one keeps the area for reuse or
// gives it back.
func (h *hostAreas) unref(a *hostArea) {
	if a.refs.Add(-1) != 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if a.size > hostKeepLimit {
		h.destroy(a)
		return
	}
	for h.keptBytes+a.size > hostKeepLimit {
		h.destroy(h.kept[0])
		h.keptBytes -= h.kept[0].size
		h.kept = h.kept[1:]
	}
	h.kept = append(h.kept, a)
	h.keptBytes += a.size
}

// dropKept frees every kept area. h.mu is held.
func (h *hostAreas) dropKept() {
	for _, a := range h.kept {
		h.destroy(a)
	}
	h.kept, h.keptBytes = nil, 0
}

func (h *hostAreas) destroy(a *hostArea) {
	call(h.l.vkDestroyBuffer, h.l.handle, uintptr(a.buf), 0)
	call(h.l.vkFreeMemory, h.l.handle, uintptr(a.mem), 0)
}
