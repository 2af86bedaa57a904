package host

import (
	"runtime"
)

// Kernel is an entry point prepared for execution with its specialization
// constants fixed: its lane program, run as native code or by the lane
// tier's Go executor (tier.go). It is safe for concurrent use.
type Kernel struct {
	name  string
	local [3]int
	tier  *tierKernel
}

// Name returns the entry point's name.
func (k *Kernel) Name() string { return k.name }

// LocalSize returns the work-group size the kernel was prepared with.
func (k *Kernel) LocalSize() [3]int { return k.local }

// Prepare binds an entry point with the given specialization constants
// (SpecId → value bits, zero-extended; unset ones keep their defaults).
func (m *Module) Prepare(entry string, spec map[uint32]uint64) (*Kernel, error) {
	tk, err := m.prepareTier(entry, spec)
	if err != nil {
		return nil, &PrepareError{Kernel: entry, Msg: err.Error(), Err: err}
	}
	return &Kernel{name: entry, local: tk.prog.Local, tier: tk}, nil
}

// workers is the goroutines a dispatch runs on by default.
func workers() int { return runtime.GOMAXPROCS(0) }
