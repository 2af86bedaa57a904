package host

import (
	"fmt"

	"github.com/clgo/clgo/driver"
)

// Sizes read from a module (array lengths, spec-constant-sized __local
// arrays, __local argument sizes) decide how much memory a dispatch
// allocates: each worker holds one copy of the Workgroup variables and
// one copy per lane of the Private and Function ones. A kernel such as
// `int a[1 << 28];` asks for 1 GiB per work-item; allocating that for a
// group of 256 lanes kills the process (Go's out-of-memory is fatal), so
// every such size is bounded before anything is allocated, and a kernel
// over the bound fails with CL_OUT_OF_RESOURCES instead.

const (
	// maxTypeSize bounds the size of one type: nested arrays of 2^28
	// elements overflow int otherwise, and offsets are 48-bit.
	maxTypeSize = 1 << 40
	// maxConstImage bounds the bytes of one constant kept as an image
	// (constant.go); __constant memory is 1 MiB on this device.
	maxConstImage = 64 << 20
)

// typeSize is count elements of stride bytes, or an error past maxTypeSize.
func typeSize(count, stride int) (int, error) {
	if count < 0 || stride < 0 || (stride > 0 && count > maxTypeSize/stride) {
		return 0, fmt.Errorf("%d elements of %d bytes: larger than the host's limit of %d bytes: %w", count, stride, maxTypeSize, driver.ErrOutOfResources)
	}
	return count * stride, nil
}

// stateBytes is the memory one worker's state holds (newState): the
// register rows and the Private, Function and Workgroup memory of one
// group (or batch of groups).
func (k *Kernel) stateBytes() uint64 {
	n := uint64(k.lanes)
	b := (uint64(k.rows) + uint64(max(k.tmpRows, 1))) * n * 8
	for _, rg := range k.regions {
		switch rg.kind {
		case regionWorkgroup:
			b += uint64(rg.size)
		case regionLane:
			b += uint64(rg.size) * n
		}
	}
	return b
}

// stateBudget is the memory all the workers' states of a dispatch may
// hold together: half of the device's global memory (itself half of the
// machine's), which no real kernel's private and local memory comes near.
func stateBudget() uint64 {
	global, _ := memSizes()
	return global / 2
}

// fitWorkers returns how many of nw workers the dispatch's states fit in
// stateBudget, or an error when not even one does.
func (k *Kernel) fitWorkers(nw int) (int, error) {
	if local := k.localBytes(); local > maxLocalMem {
		return 0, fmt.Errorf("kernel %s: %d bytes of local (Workgroup) memory per work-group: more than the device's %d (CL_DEVICE_LOCAL_MEM_SIZE): %w",
			k.name, local, maxLocalMem, driver.ErrOutOfResources)
	}
	per, budget := k.stateBytes(), stateBudget()
	if per > budget {
		return 0, fmt.Errorf("kernel %s: a work-group of %d work-items needs %d bytes of private and local memory (%d per work-item): more than the host's limit of %d: %w",
			k.name, k.lanes/k.batch, per/uint64(k.batch), k.privateBytes(), budget, driver.ErrOutOfResources)
	}
	return max(1, min(nw, int(budget/max(per, 1)))), nil
}

// privateBytes is the Private and Function memory of one work-item.
func (k *Kernel) privateBytes() uint64 {
	var b uint64
	for _, rg := range k.regions {
		if rg.kind == regionLane {
			b += uint64(rg.size)
		}
	}
	return b
}

// localBytes is the Workgroup memory of one work-group: its __local
// variables and arguments (a program-scope __constant table kept as one
// shared copy is not local memory).
func (k *Kernel) localBytes() uint64 {
	var b uint64
	for _, rg := range k.regions {
		if rg.kind == regionWorkgroup && !rg.shared {
			b += uint64(rg.size)
		}
	}
	return b / uint64(max(k.batch, 1))
}
