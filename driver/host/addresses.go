package host

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// The device's address space (docs/physical.md). Modules with the
// PhysicalStorageBuffer64 memory model reach global memory through 64-bit
// addresses. On the host device a buffer's address is the process address
// of its first byte: Go's heap does not move objects, and wrapped host
// memory is the caller's, mapped for the buffer's life. Every access
// through an address is resolved against the live buffers below
// (physical.go), so an address in no buffer, or an access running past a
// buffer's end, is an out-of-bounds access like any other: the process
// never touches memory that is not a buffer.

// liveBuffer is the address range [lo, hi) of a buffer and its bytes.
// The entry holds the bytes, not the buffer: a buffer nobody holds is
// still collected, and its cleanup removes the entry (b names it).
type liveBuffer struct {
	lo, hi uintptr
	data   []byte
	b      weak.Pointer[buffer]
}

// addressSpace is the set of the device's live buffers, sorted by address
// and disjoint. Accesses read it on every physical load and store from
// every worker, so readers never lock: a change replaces the whole slice.
type addressSpace struct {
	mu   sync.Mutex // serializes changes
	live atomic.Pointer[[]liveBuffer]
}

// liveBuffers is the host device's address space (the driver has one
// device).
var liveBuffers addressSpace

// addr is the address of a buffer's first byte.
func (b *buffer) addr() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b.data))) }

// DeviceAddress is the address of the buffer's first byte
// (driver.AddressedBuffer): kernels use host addresses as they are.
func (b *buffer) DeviceAddress() uint64 { return uint64(b.addr()) }

// add registers b until it is released, or collected unreleased.
func (as *addressSpace) add(b *buffer) {
	lo := b.addr()
	e := liveBuffer{lo: lo, hi: lo + uintptr(len(b.data)), data: b.data, b: weak.Make(b)}
	as.change(func(old []liveBuffer) []liveBuffer {
		// Buffers never overlap while their entries hold their bytes,
		// but wrapped memory is the caller's: an entry it overlaps is
		// stale (memory unmapped without a Release).
		out := make([]liveBuffer, 0, len(old)+1)
		for _, o := range old {
			if o.hi <= e.lo || o.lo >= e.hi {
				out = append(out, o)
			}
		}
		i, _ := slices.BinarySearchFunc(out, e.lo, func(o liveBuffer, lo uintptr) int { return cmp.Compare(o.lo, lo) })
		return slices.Insert(out, i, e)
	})
	runtime.AddCleanup(b, as.remove, e.b)
}

// remove unregisters the buffer w points to, if it is still registered.
func (as *addressSpace) remove(w weak.Pointer[buffer]) {
	as.change(func(old []liveBuffer) []liveBuffer {
		i := slices.IndexFunc(old, func(o liveBuffer) bool { return o.b == w })
		if i < 0 {
			return old
		}
		return slices.Delete(slices.Clone(old), i, i+1)
	})
}

func (as *addressSpace) change(f func([]liveBuffer) []liveBuffer) {
	as.mu.Lock()
	defer as.mu.Unlock()
	var old []liveBuffer
	if p := as.live.Load(); p != nil {
		old = *p
	}
	n := f(old)
	as.live.Store(&n)
}

// find returns the bytes of the live buffer holding address a and the
// buffer's address, or nil.
func (as *addressSpace) find(a uint64) ([]byte, uint64) {
	p := as.live.Load()
	if p == nil || uint64(uintptr(a)) != a {
		return nil, 0 // (no buffer is above a 32-bit process's addresses)
	}
	live := *p
	i, found := slices.BinarySearchFunc(live, uintptr(a), func(o liveBuffer, a uintptr) int { return cmp.Compare(o.lo, a) })
	if !found {
		i-- // the last range starting below a
	}
	if i < 0 || uint64(live[i].hi) <= a {
		return nil, 0
	}
	return live[i].data, uint64(live[i].lo)
}
