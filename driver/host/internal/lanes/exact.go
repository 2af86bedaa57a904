package lanes

import (
	"encoding/binary"
	"unsafe"

	"github.com/clgo/clgo/spirv"
)

// Exact offsets for access errors. A lane program's offsets are 32-bit:
// an index that leaves [0, 2^32-2] (a negative one) gives the poison
// offset, and the access traps with Offset 0xffffffff. To say where it
// was, the driver runs the group again by a program of BuildExact on the
// Go executor, where every value keeps its own slot, and ExactOffset
// computes the trapping access's offset from the Index ops that made it,
// in 64 bits, from their operands as the frame holds them at the trap.

// BuildExact is Build with no frame slot shared between values.
func BuildExact(x *spirv.Index, entry string, spec map[uint32]uint64, chunk int) (*Program, error) {
	return buildProgram(x, entry, spec, chunk, true, 1)
}

// ExactOffset returns the byte offset the access that trapped with t
// computed, where e runs a program of BuildExact and t is its trap.
func (e *Exec) ExactOffset(t *Trap) (int64, bool) {
	p := e.p
	if t == nil || t.Op < 0 || t.Op >= len(p.Ops) || e.C <= 0 {
		return 0, false
	}
	c, l := t.Lane/e.C, t.Lane%e.C
	if c < 0 || c >= len(e.frames) {
		return 0, false
	}
	frame := e.frames[c]
	// The op that last set each value before the trap.
	def := map[Value]int{}
	for i := 0; i < t.Op; i++ {
		if d := p.Ops[i].Dst; d != NoValue {
			def[d] = i
		}
	}
	var b []byte
	if len(frame) > 0 {
		b = unsafe.Slice((*byte)(unsafe.Pointer(&frame[0])), 8*len(frame))
	}
	read := func(v Value) (uint64, bool) {
		if v == NoValue || int(v) >= len(p.Values) {
			return 0, false
		}
		vi := p.Values[v]
		if vi.Const {
			return vi.Bits, true
		}
		off, n := int(vi.Slot), vi.Kind.Bytes()
		if vi.Shape == Varying {
			off += l * n
		}
		if off < 0 || off+n > len(b) {
			return 0, false
		}
		if n == 8 {
			return binary.LittleEndian.Uint64(b[off:]), true
		}
		return uint64(binary.LittleEndian.Uint32(b[off:])), true
	}
	var exact func(v Value, depth int) (int64, bool)
	exact = func(v Value, depth int) (int64, bool) {
		if i, ok := def[v]; ok && depth < 64 && p.Ops[i].Code == Index {
			o := &p.Ops[i]
			a, ok := exact(o.A, depth+1)
			if !ok {
				return 0, false
			}
			x, ok := read(o.B)
			if !ok {
				return 0, false
			}
			idx := int64(x)
			if p.Values[o.B].Kind == I32 {
				idx = int64(int32(uint32(x)))
			}
			return a + idx*o.Imm, true
		}
		x, ok := read(v)
		if !ok || uint32(x) == 0xffffffff {
			return 0, false
		}
		return int64(uint32(x)), true
	}
	return exact(p.Ops[t.Op].A, 0)
}
