package host

import (
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// physTrapError is the driver's error for a lane program's access through
// a PhysicalStorageBuffer pointer outside every live buffer, named by the
// access's instruction.
func (k *Kernel) physTrapError(t *lanes.Trap) error {
	a, size := t.Addr, t.Size
	e := &AccessError{Kernel: k.name, Memory: fmt.Sprintf("physical address %#x, in no buffer", a), Set: -1, Binding: -1, Size: size}
	if m, lo := liveBuffers.find(a); m != nil {
		e = &AccessError{Kernel: k.name, Memory: fmt.Sprintf("the buffer at physical address %#x", lo),
			Set: -1, Binding: -1, Offset: int64(a - lo), Size: size, Len: len(m)}
	}
	if p := k.tier.prog; t.Op >= 0 && t.Op < len(p.Ops) {
		switch o := p.Ops[t.Op]; o.Code {
		case lanes.PhysLoad:
			e.Op = "OpLoad"
		case lanes.PhysStore:
			e.Op = "OpStore"
		case lanes.PhysAtomic:
			e.Op = spelling(spirv.Op(o.Imm))
		}
	}
	return e
}
