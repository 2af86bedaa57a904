package host

import (
	"errors"
	"runtime"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestGlobalMemoryAccounting: buffers count against the global memory the
// device reports, and one that would exceed it fails with
// ErrMemAllocationFailure (CL_MEM_OBJECT_ALLOCATION_FAILURE) instead of
// the process being killed when the memory is touched (sizes.c case 8 of
// the reliability audit: six 4 GiB buffers on a 23 GiB machine).
func TestGlobalMemoryAccounting(t *testing.T) {
	d := NewDevice()
	info := d.Info()
	if info.GlobalMemSize == 0 || info.MaxAllocSize < max(info.GlobalMemSize/4, 128<<20) || info.MaxAllocSize > info.GlobalMemSize {
		t.Errorf("global %d, max alloc %d: want max alloc in [max(global/4, 128 MiB), global]", info.GlobalMemSize, info.MaxAllocSize)
	}
	if phys := physicalMemory(); info.GlobalMemSize > phys {
		t.Errorf("global memory %d exceeds the machine's %d", info.GlobalMemSize, phys)
	}
	if _, err := d.NewBuffer(info.MaxAllocSize + 1); !errors.Is(err, driver.ErrInvalidBufferSize) {
		t.Errorf("buffer past CL_DEVICE_MAX_MEM_ALLOC_SIZE: %v", err)
	}

	// A small global memory, on top of what other tests keep alive.
	const unit = 16 << 20
	base := AllocatedBytes()
	old := SetGlobalMem(base + 4*unit)
	defer SetGlobalMem(old)
	var bufs []driver.Buffer
	for range 4 {
		b, err := d.NewBuffer(unit)
		if err != nil {
			t.Fatalf("buffer %d of 4: %v", len(bufs), err)
		}
		bufs = append(bufs, b)
	}
	if _, err := d.NewBuffer(unit); !errors.Is(err, driver.ErrMemAllocationFailure) {
		t.Fatalf("buffer past the global memory: %v, want ErrMemAllocationFailure", err)
	}
	bufs[0].Release()
	bufs[0].Release() // a second Release gives nothing back twice
	if got := AllocatedBytes() - base; got != 3*unit {
		t.Errorf("after one release %d bytes counted, want %d", got, 3*unit)
	}
	b, err := d.NewBuffer(unit)
	if err != nil {
		t.Fatalf("buffer after a release: %v", err)
	}
	bufs[0] = b
	// A buffer dropped without Release is given back by a cleanup after a
	// collection (as the cl package does): NewBuffer collects before it
	// fails.
	drop(bufs[1])
	bufs = append(bufs[:1], bufs[2:]...)
	b, err = d.NewBuffer(unit)
	if err != nil {
		t.Fatalf("buffer after one was dropped: %v", err)
	}
	bufs = append(bufs, b)
	for _, b := range bufs {
		b.Release()
	}
	if got := AllocatedBytes(); got != base {
		t.Errorf("after releasing all, %d bytes counted, want %d", got, base)
	}
}

// drop makes a holder of b that releases it when collected, and drops the
// holder.
func drop(b driver.Buffer) {
	h := &struct{ driver.Buffer }{b}
	runtime.AddCleanup(h, func(b driver.Buffer) { b.Release() }, b)
}
