package vulkan

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// stagingSize bounds the host-visible memory the driver holds for
// transfers and argument data; larger transfers go through it in chunks.
const stagingSize = 64 << 20

// chunkSize is the largest piece of one transfer in the ring, so that a
// chunk always fits once the ring has drained.
const chunkSize = stagingSize / 4

// ring is a host-visible, coherent buffer allocated first-in first-out:
// each batch takes what it needs, and the space comes back when the batch
// completes. Batches are recorded and complete in one order (the device's
// single submission stream), so positions only grow.
type ring struct {
	buf, mem  uint64
	size      uint64
	base      unsafe.Pointer
	typeIndex uint32 // its memory type (host-visible, coherent)
	addr      uint64 // buf's device address, when the device has them

	mu         sync.Mutex
	cond       *sync.Cond
	head, tail uint64 // bytes ever allocated / ever released
}

func newRing(l *logical, size uint64) (*ring, error) {
	usage := uint32(bufferUsageTransferSrc | bufferUsageTransferDst | bufferUsageStorage | bufferUsageUniform)
	if l.deviceAddress {
		usage |= bufferUsageDeviceAddress // SVM tables live in the ring (address.go)
	}
	buf, req, err := l.createBuffer(size, usage)
	if err != nil {
		return nil, err
	}
	// Host-visible and coherent; cached helps read-backs; on a discrete
	// GPU prefer system memory (the device-local BAR window is small).
	const hv = memoryPropertyHostVisible | memoryPropertyHostCoherent
	discrete := l.discrete()
	best, bestScore := -1, -1
	for i, t := range l.phys.mem.memoryTypes[:l.phys.mem.memoryTypeCount] {
		if req.memoryTypeBits&(1<<i) == 0 || t.propertyFlags&hv != hv {
			continue
		}
		score := 0
		if t.propertyFlags&memoryPropertyHostCached != 0 {
			score += 2
		}
		if discrete && t.propertyFlags&memoryPropertyDeviceLocal == 0 {
			score++
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return nil, fmt.Errorf("vulkan: %s: no host-visible coherent memory: %w", l.info.Name, driver.ErrUnsupported)
	}
	mem, view, err := l.allocate(buf, max(size, req.size), uint32(best), true)
	if err != nil {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return nil, err
	}
	r := &ring{buf: buf, mem: mem, size: size, base: view, typeIndex: uint32(best), addr: l.bufferAddress(buf)}
	r.cond = sync.NewCond(&r.mu)
	return r, nil
}

// alloc takes n bytes aligned to align, contiguous in the ring; ok is
// false when they are not free yet.
func (r *ring) alloc(n, align uint64) (pos uint64, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := (r.head + align - 1) &^ (align - 1)
	if start%r.size+n > r.size {
		start = (start/r.size + 1) * r.size // do not wrap inside an allocation
	}
	if start+n-r.tail > r.size {
		return 0, false
	}
	r.head = start + n
	return start, true
}

// bytes is the host view of n bytes at position pos.
func (r *ring) bytes(pos, n uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(r.base, pos%r.size)), n)
}

// offset is the buffer offset of position pos.
func (r *ring) offset(pos uint64) uint64 { return pos % r.size }

// mark is the position a batch releases up to when it completes.
func (r *ring) mark() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.head
}

// release frees everything before pos.
func (r *ring) release(pos uint64) {
	r.mu.Lock()
	if pos > r.tail {
		r.tail = pos
	}
	r.cond.Broadcast()
	r.mu.Unlock()
}

// waitProgress blocks until some space comes back or the ring is idle.
func (r *ring) waitProgress() {
	r.mu.Lock()
	for t := r.tail; r.tail == t && r.head != r.tail; {
		r.cond.Wait()
	}
	r.mu.Unlock()
}
