package vulkan

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/config"
)

// Block sizes: the first blocks are small so that a few buffers do not
// take 256 MiB; each new block doubles the total up to maxBlock. A buffer
// larger than the next block gets a block of its own size.
const (
	minBlock = 4 << 20
	maxBlock = 256 << 20
	keepMax  = 4 << 30 // the most bytes of freed blocks kept for reuse (and a 16th of the heap)
)

// block is one VkDeviceMemory allocation with one VkBuffer over all of it.
// Buffers are ranges of blocks; a descriptor names (block buffer, offset).
type block struct {
	mem, buf uint64
	size     uint64
	alloc    *rangeAlloc
	mapped   unsafe.Pointer // the host's view, when the memory is host-visible
	own      bool           // made for one large buffer
	addr     uint64         // buf's device address (0 without bufferDeviceAddress)
}

// memory is the device's buffer memory.
type memory struct {
	l          *logical
	typeIndex  uint32
	hostMapped bool   // blocks are host-visible and coherent: map them
	align      uint64 // offset alignment of every buffer (descriptor offsets)
	usage      uint32

	mu        sync.Mutex
	blocks    []*block
	allocated uint64 // bytes of VkDeviceMemory in blocks
	inUse     uint64 // bytes of live buffers
	zero      []zeroRange

	dummy *Buffer // bound for NULL buffer arguments

	// gen counts destroyed blocks: a kept recording of another
	// generation may name a VkBuffer that no longer exists.
	gen atomic.Uint64

	// Freed blocks are kept, up to keepLimit bytes (the oldest go back
	// to the device first), and reused for the next block of about their
	// size: a program that frees and allocates the same large buffers over
	// and over (a benchmark's runs, a solver's steps) then runs on memory
	// the GPU has used before. On an NVIDIA H100, kernels on a fresh
	// VkDeviceMemory of 0.5-1 GiB ran 10-15% slower than on reused memory
	// (triad 0.654 against 0.583 ms, transpose 1.371 against 1.202 ms).
	// A failed allocation frees the kept blocks and tries again.
	// CLGO_VULKAN_KEEP=0 in the environment keeps none.
	kept      []*block
	keptBytes uint64
	keepLimit uint64
}

// zeroRange is a fresh buffer's range to clear on the device before the
// next batch runs.
type zeroRange struct {
	buf       uint64
	off, size uint64
}

func newMemory(l *logical) (*memory, error) {
	lim := &l.phys.props.limits
	m := &memory{l: l,
		// 1D buffer images view buffers from their start: texel buffer
		// offsets are aligned too.
		align: max(lim.minStorageBufferOffsetAlignment, lim.minUniformBufferOffsetAlignment, lim.minTexelBufferOffsetAlignment, 16),
		usage: bufferUsageStorage | bufferUsageUniform | bufferUsageTransferSrc | bufferUsageTransferDst |
			bufferUsageUniformTexel | bufferUsageStorageTexel,
	}
	if l.deviceAddress {
		m.usage |= bufferUsageDeviceAddress
	}
	// The memory type: device-local; on devices whose device-local memory
	// the host sees as well (CPUs, integrated GPUs), one that is also
	// host-visible and coherent, so that buffers can be mapped.
	probe, req, err := l.createBuffer(64, m.usage)
	if err != nil {
		return nil, err
	}
	call(l.vkDestroyBuffer, l.handle, uintptr(probe), 0)
	uma := (l.phys.props.deviceType == physicalDeviceTypeCPU || l.phys.props.deviceType == physicalDeviceTypeIntegratedGPU) && !l.asDiscrete
	const hv = memoryPropertyHostVisible | memoryPropertyHostCoherent
	best, bestScore := -1, -1
	for i, t := range l.phys.mem.memoryTypes[:l.phys.mem.memoryTypeCount] {
		if req.memoryTypeBits&(1<<i) == 0 {
			continue
		}
		score := 0
		if t.propertyFlags&memoryPropertyDeviceLocal != 0 {
			score += 4
		}
		if t.propertyFlags&hv == hv {
			if uma {
				score += 2
			} else {
				score-- // keep the small BAR window for others
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("vulkan: %s: no memory type for storage buffers: %w", l.info.Name, driver.ErrUnsupported)
	}
	m.typeIndex = uint32(best)
	m.hostMapped = l.phys.mem.memoryTypes[best].propertyFlags&hv == hv && !l.asDiscrete
	heap := l.phys.mem.memoryHeaps[l.phys.mem.memoryTypes[best].heapIndex].size
	m.keepLimit = min(heap/16, keepMax)
	if config.Get(config.VulkanKeep) == "0" {
		m.keepLimit = 0
	}
	return m, nil
}

// createBuffer makes a VkBuffer and returns its memory requirements.
func (l *logical) createBuffer(size uint64, usage uint32) (uint64, vkMemoryRequirements, error) {
	ci := &vkBufferCreateInfo{sType: sTypeBufferCreateInfo, size: size, usage: usage}
	var buf uint64
	var req vkMemoryRequirements
	if err := check("vkCreateBuffer", call(l.vkCreateBuffer, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&buf)))); err != nil {
		return 0, req, err
	}
	call(l.vkGetBufferMemoryRequirements, l.handle, uintptr(buf), uintptr(unsafe.Pointer(&req)))
	return buf, req, nil
}

// allocate makes VkDeviceMemory of the type and binds buf to it, mapping
// it when mapped is set.
func (l *logical) allocate(buf uint64, size uint64, typeIndex uint32, mapped bool) (mem uint64, view unsafe.Pointer, err error) {
	ai := &vkMemoryAllocateInfo{sType: sTypeMemoryAllocateInfo, allocationSize: size, memoryTypeIndex: typeIndex}
	if l.deviceAddress {
		ai.pNext = unsafe.Pointer(&vkMemoryAllocateFlagsInfo{sType: sTypeMemoryAllocateFlagsInfo, flags: memoryAllocateDeviceAddr})
	}
	if err := check("vkAllocateMemory", call(l.vkAllocateMemory, l.handle, uintptr(unsafe.Pointer(ai)), 0, uintptr(unsafe.Pointer(&mem)))); err != nil {
		return 0, nil, err
	}
	if err := check("vkBindBufferMemory", call(l.vkBindBufferMemory, l.handle, uintptr(buf), uintptr(mem), 0)); err != nil {
		call(l.vkFreeMemory, l.handle, uintptr(mem), 0)
		return 0, nil, err
	}
	if mapped {
		var p uintptr
		if err := check("vkMapMemory", call(l.vkMapMemory, l.handle, uintptr(mem), 0, ^uintptr(0), 0, uintptr(unsafe.Pointer(&p)))); err != nil {
			call(l.vkFreeMemory, l.handle, uintptr(mem), 0)
			return 0, nil, err
		}
		view = *(*unsafe.Pointer)(unsafe.Pointer(&p)) // a C address, not Go memory
	}
	return mem, view, nil
}

// newBlock allocates a block of at least need bytes. m.mu is held.
func (m *memory) newBlock(need uint64) (*block, error) {
	size := min(maxBlock, max(minBlock, m.allocated))
	own := need > size
	if own {
		size = (need + 1<<16 - 1) &^ (1<<16 - 1)
	}
	if b := m.reuse(size); b != nil {
		b.own = own
		return b, nil
	}
	for {
		b, err := m.tryBlock(size)
		if err == nil {
			b.own = own
			return b, nil
		}
		if len(m.kept) > 0 {
			m.dropKept() // and try the same size again
			continue
		}
		if size == need {
			return nil, err
		}
		size, own = need, true // the heap may still hold the buffer itself
	}
}

func (m *memory) tryBlock(size uint64) (*block, error) {
	l := m.l
	buf, req, err := l.createBuffer(size, m.usage)
	if err != nil {
		return nil, err
	}
	// The memory holds the buffer's requirement, which a driver may round
	// up past size (binding less is invalid usage).
	mem, view, err := l.allocate(buf, max(size, req.size), m.typeIndex, m.hostMapped)
	if err != nil {
		call(l.vkDestroyBuffer, l.handle, uintptr(buf), 0)
		return nil, err
	}
	b := &block{mem: mem, buf: buf, size: size, alloc: newRangeAlloc(size), mapped: view, addr: l.bufferAddress(buf)}
	m.blocks = append(m.blocks, b)
	m.allocated += size
	return b, nil
}

// freeBlock returns an empty block's memory to the device, keeping the
// last block of shared use to avoid churn. m.mu is held.
func (m *memory) freeBlock(b *block) {
	if len(m.blocks) <= 1 && !b.own {
		return
	}
	for i, x := range m.blocks {
		if x == b {
			m.blocks = append(m.blocks[:i], m.blocks[i+1:]...)
			break
		}
	}
	m.allocated -= b.size
	// Clears still pending in it are moot (a reused block gets its own
	// when its next buffers are made), and a destroyed VkBuffer must not
	// reach vkCmdFillBuffer.
	z := m.zero[:0]
	for _, r := range m.zero {
		if r.buf != b.buf {
			z = append(z, r)
		}
	}
	m.zero = z
	if b.size <= m.keepLimit {
		// The blocks freed longest ago make room: they are the least
		// likely to be asked for again.
		for m.keptBytes+b.size > m.keepLimit {
			m.destroyBlock(m.kept[0])
			m.keptBytes -= m.kept[0].size
			m.kept = m.kept[1:]
		}
		m.kept = append(m.kept, b)
		m.keptBytes += b.size
		return
	}
	m.destroyBlock(b)
}

// destroyBlock gives a block's memory back to the device.
func (m *memory) destroyBlock(b *block) {
	m.gen.Add(1) // recordings that name its VkBuffer are dropped (reuse.go)
	call(m.l.vkDestroyBuffer, m.l.handle, uintptr(b.buf), 0)
	call(m.l.vkFreeMemory, m.l.handle, uintptr(b.mem), 0)
}

// reuse takes a kept block of size bytes (rounded as newBlock rounds;
// up to an eighth more), or returns nil. m.mu is held.
func (m *memory) reuse(size uint64) *block {
	best := -1
	for i, b := range m.kept {
		if b.size >= size && b.size <= size+size/8 && (best < 0 || b.size < m.kept[best].size) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	b := m.kept[best]
	m.kept = append(m.kept[:best], m.kept[best+1:]...)
	m.keptBytes -= b.size
	m.blocks = append(m.blocks, b)
	m.allocated += b.size
	return b
}

// dropKept frees every kept block. m.mu is held.
func (m *memory) dropKept() {
	for _, b := range m.kept {
		m.destroyBlock(b)
	}
	m.kept, m.keptBytes = nil, 0
}

// Buffer is a range of a block. Commands that use it hold a reference, so
// that memory released by the user stays allocated until they complete.
type Buffer struct {
	l         *logical
	blk       *block
	off, size uint64
	alloced   uint64 // size rounded up for fills
	refs      atomic.Int32
}

// mappedBuffer is a Buffer in host-visible memory: a driver.HostMapper.
type mappedBuffer struct{ *Buffer }

// HostBytes is the buffer's memory as the host sees it.
func (b mappedBuffer) HostBytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Add(b.blk.mapped, b.off)), b.size)
}

func (b *Buffer) Size() uint64 { return b.size }

// Release drops the user's reference; the memory is reused once no pending
// command uses the buffer.
func (b *Buffer) Release() { b.unref() }

func (b *Buffer) ref() { b.refs.Add(1) }

func (b *Buffer) unref() {
	if b.refs.Add(-1) == 0 {
		m := b.l.mem
		m.mu.Lock()
		b.blk.alloc.release(b.off, b.alloced)
		m.inUse -= b.alloced
		if b.blk.alloc.empty() {
			m.freeBlock(b.blk)
		}
		m.mu.Unlock()
	}
}

// NewBuffer allocates size bytes of device-local memory, zero-filled.
func (d *Device) NewBuffer(size uint64) (driver.Buffer, error) {
	if size == 0 || size > d.info.MaxAllocSize {
		return nil, fmt.Errorf("vulkan: buffer of %d bytes (at most %d): %w", size, d.info.MaxAllocSize, driver.ErrInvalidBufferSize)
	}
	if err := d.open(); err != nil {
		return nil, err
	}
	b, err := d.mem.newBuffer(size)
	if err != nil {
		return nil, err
	}
	if b.blk.mapped != nil {
		return mappedBuffer{b}, nil
	}
	return b, nil
}

func (m *memory) newBuffer(size uint64) (*Buffer, error) {
	n := (size + 3) &^ 3
	m.mu.Lock()
	defer m.mu.Unlock()
	var blk *block
	var off uint64
	for _, b := range m.blocks {
		if o, ok := b.alloc.alloc(n, m.align); ok {
			blk, off = b, o
			break
		}
	}
	if blk == nil {
		b, err := m.newBlock(n)
		if err != nil {
			return nil, fmt.Errorf("vulkan: buffer of %d bytes: %w", size, err)
		}
		o, ok := b.alloc.alloc(n, m.align)
		if !ok {
			return nil, fmt.Errorf("vulkan: buffer of %d bytes: %w", size, driver.ErrMemAllocationFailure)
		}
		blk, off = b, o
	}
	m.inUse += n
	buf := &Buffer{l: m.l, blk: blk, off: off, size: size, alloced: n}
	buf.refs.Store(1)
	if blk.mapped != nil {
		// Nothing on the device uses freed memory any more: clear it here.
		clear(unsafe.Slice((*byte)(unsafe.Add(blk.mapped, off)), n))
		return buf, nil
	}
	// Clear it on the device, at the start of the next batch; ranges
	// allocated one after the other merge into one fill.
	if k := len(m.zero) - 1; k >= 0 && m.zero[k].buf == blk.buf && m.zero[k].off+m.zero[k].size == off {
		m.zero[k].size += n
	} else {
		m.zero = append(m.zero, zeroRange{blk.buf, off, n})
	}
	return buf, nil
}

// generation is the number of blocks destroyed so far.
func (m *memory) generation() uint64 { return m.gen.Load() }

// hasZero reports whether fresh buffers wait to be cleared.
func (m *memory) hasZero() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.zero) > 0
}

// takeZero returns the ranges waiting to be cleared.
func (m *memory) takeZero() []zeroRange {
	m.mu.Lock()
	defer m.mu.Unlock()
	z := m.zero
	m.zero = nil
	return z
}

// MemoryStats describes a device's memory use.
type MemoryStats struct {
	Blocks         int    // VkDeviceMemory blocks holding buffers
	DeviceMemory   uint64 // their bytes
	BufferBytes    uint64 // bytes of live buffers (rounded to 4)
	StagingBytes   uint64 // the host-visible staging ring
	KeptBytes      uint64 // freed blocks kept for reuse (bounded)
	Alignment      uint64 // buffers start at multiples of this
	HostMappedBufs bool   // buffers are host-visible (HostMapper)
	Images         int    // live images (VkImages and 1D buffer images' VkBufferViews)
	ImageBytes     uint64 // the VkDeviceMemory of images
}

// MemoryStats reports the device memory the driver holds.
func (d *Device) MemoryStats() MemoryStats {
	if d.open() != nil {
		return MemoryStats{}
	}
	m := d.mem
	m.mu.Lock()
	defer m.mu.Unlock()
	return MemoryStats{Blocks: len(m.blocks), DeviceMemory: m.allocated, BufferBytes: m.inUse,
		StagingBytes: d.staging.size, KeptBytes: m.keptBytes, Alignment: m.align, HostMappedBufs: m.hostMapped,
		Images: int(d.images.Load()), ImageBytes: uint64(d.imageBytes.Load())}
}

// bufferOf returns the driver buffer behind b.
func bufferOf(b driver.Buffer, l *logical) (*Buffer, error) {
	var vb *Buffer
	switch x := b.(type) {
	case *Buffer:
		vb = x
	case mappedBuffer:
		vb = x.Buffer
	}
	if vb == nil || vb.l != l {
		return nil, fmt.Errorf("vulkan: buffer of another device: %w", driver.ErrInvalidMemObject)
	}
	return vb, nil
}

// checkRange validates [off, off+n) of b.
func checkRange(b *Buffer, off, n uint64) error {
	if off > b.size || n > b.size-off {
		return fmt.Errorf("vulkan: range [%d, %d) out of a buffer of %d bytes: %w", off, off+n, b.size, driver.ErrInvalidValue)
	}
	return nil
}
