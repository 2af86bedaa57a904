package host

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
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

// entryReach returns the ids named as operands by the instructions of
// the functions the entry point reaches through OpFunctionCall. A
// module of several kernels declares every kernel's __local arrays at
// module scope; only those its own code names are the kernel's local
// memory (the lane tier makes regions of those alone). An operand that
// is a literal may name an id by chance: that only keeps a variable.
func (m *Module) entryReach(entry uint32) map[uint32]bool {
	names := map[uint32][]uint32{} // function → the operands of its body
	var cur uint32
	for i := range m.insts {
		in := &m.insts[i]
		switch in.op {
		case spirv.OpFunction:
			cur = in.id
		case spirv.OpFunctionEnd:
			cur = 0
		default:
			if cur != 0 {
				names[cur] = append(names[cur], in.args...)
			}
		}
	}
	reach := map[uint32]bool{entry: true}
	work := []uint32{entry}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, id := range names[f] {
			if reach[id] {
				continue
			}
			reach[id] = true
			if _, isFn := names[id]; isFn {
				work = append(work, id)
			}
		}
	}
	return reach
}

// dropUnreached empties the Workgroup variables the entry point's code
// never names (entryReach), so that another kernel's __local arrays of
// the same module are neither allocated nor counted against
// CL_DEVICE_LOCAL_MEM_SIZE. It runs after the functions are prepared:
// code of functions the entry does not call still names the region.
func (p *prep) dropUnreached() {
	reach := p.m.entryReach(p.entryID)
	for id, r := range p.region {
		rg := &p.k.regions[r]
		if rg.kind == regionWorkgroup && !rg.shared && !reach[id] {
			rg.size, rg.init, rg.image = 0, nil, nil
		}
	}
}
