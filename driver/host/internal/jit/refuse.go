package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// noNative are the lane ops native code has no code for: a program with
// one is refused before any analysis looks at it (the analyses would take
// an op they do not know for a pure one), and runs elsewhere.
var noNative = map[lanes.Code]string{
	lanes.PhysLoad:   "a load through a PhysicalStorageBuffer pointer",
	lanes.PhysStore:  "a store through a PhysicalStorageBuffer pointer",
	lanes.PhysAtomic: "an atomic through a PhysicalStorageBuffer pointer",
}

// refuse returns an error wrapping lanes.ErrUnsupported for the first op
// of p that native code lacks, or nil.
func refuse(p *lanes.Program) error {
	for i, o := range p.Ops {
		if why, ok := noNative[o.Code]; ok {
			return unsupported(p, i, "%s", why)
		}
		if o.Code == lanes.Atomic && lanes.AtomicOp(o.Imm2) >= lanes.AtomicFAdd {
			return unsupported(p, i, "a float atomic")
		}
	}
	return nil
}
