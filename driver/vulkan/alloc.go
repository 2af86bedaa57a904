package vulkan

import "sort"

// span is a free range of a block.
type span struct{ off, size uint64 }

// rangeAlloc sub-allocates one block: a first-fit free list kept sorted by
// offset, coalescing neighbours on free. Buffers are allocated and freed in
// roughly the same order in practice, so the list stays short and both
// operations are near O(log n); B bytes of buffers then take B bytes of the
// block plus alignment padding.
type rangeAlloc struct {
	size uint64
	free []span
	used uint64
}

func newRangeAlloc(size uint64) *rangeAlloc {
	return &rangeAlloc{size: size, free: []span{{0, size}}}
}

// alloc returns the offset of size bytes aligned to align (a power of two),
// or false when no free range fits.
func (a *rangeAlloc) alloc(size, align uint64) (uint64, bool) {
	for i, s := range a.free {
		off := (s.off + align - 1) &^ (align - 1)
		if off+size > s.off+s.size {
			continue
		}
		// Split s into the padding before, the allocation, the rest after.
		before := span{s.off, off - s.off}
		after := span{off + size, s.off + s.size - off - size}
		switch {
		case before.size == 0 && after.size == 0:
			a.free = append(a.free[:i], a.free[i+1:]...)
		case before.size == 0:
			a.free[i] = after
		case after.size == 0:
			a.free[i] = before
		default:
			a.free[i] = before
			a.free = append(a.free, span{})
			copy(a.free[i+2:], a.free[i+1:])
			a.free[i+1] = after
		}
		a.used += size
		return off, true
	}
	return 0, false
}

// release returns [off, off+size) to the free list.
func (a *rangeAlloc) release(off, size uint64) {
	a.used -= size
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].off > off })
	mergePrev := i > 0 && a.free[i-1].off+a.free[i-1].size == off
	mergeNext := i < len(a.free) && off+size == a.free[i].off
	switch {
	case mergePrev && mergeNext:
		a.free[i-1].size += size + a.free[i].size
		a.free = append(a.free[:i], a.free[i+1:]...)
	case mergePrev:
		a.free[i-1].size += size
	case mergeNext:
		a.free[i].off = off
		a.free[i].size += size
	default:
		a.free = append(a.free, span{})
		copy(a.free[i+1:], a.free[i:])
		a.free[i] = span{off, size}
	}
}

// empty reports whether nothing is allocated.
func (a *rangeAlloc) empty() bool { return len(a.free) == 1 && a.free[0].size == a.size }
