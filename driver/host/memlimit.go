package host

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Sizes read from a module (array lengths, spec-constant-sized __local
// arrays, __local argument sizes) decide how much memory a dispatch
// allocates: each worker holds one copy of the Workgroup variables and
// one copy per lane of the Private and Function ones. A kernel such as
// `int a[1 << 28];` asks for 1 GiB per work-item; allocating that for a
// group of 256 lanes kills the process (Go's out-of-memory is fatal), so
// every such size is bounded before anything is allocated, and a kernel
// over the bound fails with CL_OUT_OF_RESOURCES instead.

// stateBudget is the memory all the workers' states of a dispatch may
// hold together: half of the device's global memory (itself half of the
// machine's), which no real kernel's private and local memory comes near.
func stateBudget() uint64 {
	global, _ := memSizes()
	return global / 2
}

// fitWorkers returns how many of nw workers' runners (frames, private
// and local memory) fit in stateBudget, or an error when not even one
// does or a group's local memory passes the device's.
func (k *Kernel) fitWorkers(nw int) (int, error) {
	tk := k.tier
	var local, priv uint64
	for _, rg := range tk.prog.Regions {
		switch rg.Kind {
		case lanes.RegionWorkgroup:
			local += uint64(rg.Size)
		case lanes.RegionPrivate:
			priv += uint64(rg.Size)
		}
	}
	if local > maxLocalMem {
		return 0, fmt.Errorf("kernel %s: %d bytes of local (Workgroup) memory per work-group: more than the device's %d (CL_DEVICE_LOCAL_MEM_SIZE): %w",
			k.name, local, maxLocalMem, driver.ErrOutOfResources)
	}
	per, budget := tk.workerBytes(), stateBudget()
	if per > budget {
		// The kernel's own memory in the message (every tier says the
		// same), the runner's (its frames besides) against the budget.
		l := k.local
		items := uint64(l[0] * l[1] * l[2])
		return 0, fmt.Errorf("kernel %s: a work-group of %d work-items needs %d bytes of private and local memory (%d per work-item): more than the host's limit of %d: %w",
			k.name, items, priv*items+local, priv, budget, driver.ErrOutOfResources)
	}
	return max(1, min(nw, int(budget/max(per, 1)))), nil
}
