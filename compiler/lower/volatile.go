package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Accesses to volatile objects keep the Volatile memory operand on their
// OpLoad and OpStore (a spin loop on a volatile global must read memory on
// every iteration). The places that lower an lvalue know nothing of
// qualifiers, so the expression that reads or writes a volatile lvalue marks
// the loads and stores emitted for that access.

// isVolatile reports whether the lvalue e is volatile-qualified.
func (fs *fnState) isVolatile(e syntax.Expr) bool {
	return fs.info.Types[e].Quals&types.Volatile != 0
}

// codeMark is a position in the code of the current function: the block
// current then, its length, and how many blocks the function had.
type codeMark struct {
	blk           *spirv.Block
	insts, blocks int
}

func (fs *fnState) mark() codeMark {
	fn, blk := fs.b.Current()
	m := codeMark{blk: blk}
	if blk != nil {
		m.insts = len(blk.Insts)
	}
	if fn != nil {
		m.blocks = len(fn.Blocks)
	}
	return m
}

// volatileSince adds the Volatile memory operand to every OpLoad and
// OpStore emitted since m: in the block current at m and in the blocks
// started after it.
func (fs *fnState) volatileSince(m codeMark) {
	if m.blk != nil {
		for _, in := range m.blk.Insts[m.insts:] {
			markVolatile(in)
		}
	}
	fn, _ := fs.b.Current()
	if fn == nil || m.blocks > len(fn.Blocks) {
		return
	}
	for _, b := range fn.Blocks[m.blocks:] {
		if b == m.blk {
			continue
		}
		for _, in := range b.Insts {
			markVolatile(in)
		}
	}
}

func markVolatile(in *spirv.Instruction) {
	n := 1 // operands before the memory access mask
	switch in.Op {
	case spirv.OpLoad:
	case spirv.OpStore:
		n = 2
	default:
		return
	}
	if len(in.Operands) > n {
		in.Operands[n] |= uint32(spirv.MemoryAccessVolatile)
		return
	}
	in.Operands = append(in.Operands, uint32(spirv.MemoryAccessVolatile))
}

// loadVolatile loads the volatile lvalue e.
func (fs *fnState) loadVolatile(e syntax.Expr) value {
	p := fs.lvalue(e)
	m := fs.mark()
	v := fs.loadValue(p)
	fs.volatileSince(m)
	return v
}

// storeMarked stores v into p, as a volatile access when vol.
func (fs *fnState) storeMarked(p *place, v spirv.ID, vol bool) {
	if !vol {
		fs.store(p, v)
		return
	}
	m := fs.mark()
	fs.store(p, v)
	fs.volatileSince(m)
}
