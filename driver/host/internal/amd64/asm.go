package amd64

import (
	"encoding/binary"
	"fmt"
)

// Label names a position in the code. Labels come from NewLabel, are bound
// once with Bind and may be jumped to before they are bound.
type Label int32

// Assembler accumulates machine code. The zero value is ready to use.
type Assembler struct {
	buf    []byte
	labels []int // label -> offset, -1 while unbound
	fixups []fixup
	pool   []byte // the constant pool, placed after the code by Finish
	poolL  Label  // the label of the pool's start
	// the first offset of each 4-byte word at a multiple of 4 and of each
	// 32 bytes at a multiple of 32 in the pool (constBytes), indexed up
	// to pool4N and pool32N
	pool4   map[uint32]int
	pool32  map[[32]byte]int
	pool4N  int
	pool32N int
	hasPL   bool
	start   int  // offset of the instruction being encoded, for errors
	done    bool // Finish has run
	err     error
	yUsed   uint16    // vector registers named since ResetYUsed (yused.go)
	cold    coldState // cold sections (cold.go)
}

// fixup is a rel32 field at pos that must hold target - end, where end is
// the offset just after the instruction (pos+4+tail).
type fixup struct {
	pos   int
	tail  int // bytes of the instruction after the rel32 field
	label Label
	disp  int32 // added to the label's offset
}

// errorf records the first encoding error, at the current offset.
func (a *Assembler) errorf(format string, args ...any) { a.errorAt(len(a.buf), format, args...) }

// errorAt records the first encoding error, at offset off.
func (a *Assembler) errorAt(off int, format string, args ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("amd64: at code offset %d: "+format, append([]any{off}, args...)...)
	}
}

// Len is the number of code bytes emitted so far.
func (a *Assembler) Len() int { return len(a.buf) }

// NewLabel makes an unbound label.
func (a *Assembler) NewLabel() Label {
	a.labels = append(a.labels, -1)
	return Label(len(a.labels) - 1)
}

// Bind binds l to the current position.
func (a *Assembler) Bind(l Label) {
	if int(l) < 0 || int(l) >= len(a.labels) {
		a.errorf("Bind of unknown label %d", l)
		return
	}
	if a.labels[l] >= 0 {
		a.errorf("label %d bound twice (first at %d)", l, a.labels[l])
		return
	}
	a.labels[l] = len(a.buf)
	a.noteBind(l)
}

// LabelOffset is the offset of a bound label from the start of the code
// (valid after Bind; add it to (*Code).Addr for an absolute address), or -1.
func (a *Assembler) LabelOffset(l Label) int {
	if int(l) < 0 || int(l) >= len(a.labels) {
		return -1
	}
	return a.labels[l]
}

// ConstYMM places eight 32-bit words in the constant pool (32-byte aligned,
// after the code; equal constants are shared) and returns a RIP-relative
// operand for them.
func (a *Assembler) ConstYMM(v [8]uint32) Mem {
	var b [32]byte
	for i, w := range v {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return a.constBytes(b[:], 32)
}

// ConstYMM64 is ConstYMM for four 64-bit words.
func (a *Assembler) ConstYMM64(v [4]uint64) Mem {
	var b [32]byte
	for i, w := range v {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return a.constBytes(b[:], 32)
}

// Const32 places one 32-bit word in the pool (for VPBROADCASTD and
// VBROADCASTSS from memory).
func (a *Assembler) Const32(v uint32) Mem {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	return a.constBytes(b[:], 4)
}

// constBytes places b, aligned to align, in the pool, reusing an equal
// entry at a suitable alignment (the first such). Const32's and
// ConstYMM's shapes are found through an index: a kernel whose bounds
// checks name thousands of offsets made the linear search quadratic (a
// copy of a 20 KB struct took 20 s to compile).
func (a *Assembler) constBytes(b []byte, align int) Mem {
	if !a.hasPL {
		a.poolL = a.NewLabel()
		a.hasPL = true
		a.pool4 = map[uint32]int{}
		a.pool32 = map[[32]byte]int{}
	}
	off := -1
	switch {
	case len(b) == 4 && align == 4:
		if o, ok := a.pool4[binary.LittleEndian.Uint32(b)]; ok {
			off = o
		}
	case len(b) == 32 && align == 32:
		if o, ok := a.pool32[[32]byte(b)]; ok {
			off = o
		}
	default:
		for o := 0; o+len(b) <= len(a.pool); o += align {
			if string(a.pool[o:o+len(b)]) == string(b) {
				off = o
				break
			}
		}
	}
	if off < 0 {
		for len(a.pool)%align != 0 {
			a.pool = append(a.pool, 0)
		}
		off = len(a.pool)
		a.pool = append(a.pool, b...)
		a.indexPool()
	}
	return Mem{rip: true, label: a.poolL, Disp: int32(off)}
}

// indexPool adds the pool's words (at multiples of 4) and 32-byte runs
// (at multiples of 32) completed since the last call to the index,
// keeping each one's first offset.
func (a *Assembler) indexPool() {
	for ; a.pool4N+4 <= len(a.pool); a.pool4N += 4 {
		w := binary.LittleEndian.Uint32(a.pool[a.pool4N:])
		if _, ok := a.pool4[w]; !ok {
			a.pool4[w] = a.pool4N
		}
	}
	for ; a.pool32N+32 <= len(a.pool); a.pool32N += 32 {
		k := [32]byte(a.pool[a.pool32N:])
		if _, ok := a.pool32[k]; !ok {
			a.pool32[k] = a.pool32N
		}
	}
}

// Finish resolves the jumps and RIP-relative operands, appends the constant
// pool (32-byte aligned, padded with INT3) and returns the code, or the
// first encoding error.
// Call it once.
func (a *Assembler) Finish() ([]byte, error) {
	if a.done {
		return nil, fmt.Errorf("amd64: Finish called twice")
	}
	a.done = true
	a.placeCold()
	if a.err != nil {
		return nil, a.err
	}
	if a.hasPL && a.labels[a.poolL] < 0 {
		for len(a.buf)%32 != 0 {
			a.buf = append(a.buf, 0xcc)
		}
		a.labels[a.poolL] = len(a.buf)
		a.buf = append(a.buf, a.pool...)
	}
	for _, f := range a.fixups {
		t := a.labels[f.label]
		if t < 0 {
			return nil, fmt.Errorf("amd64: label %d is used (at code offset %d) but never bound", f.label, f.pos)
		}
		rel := int64(t) + int64(f.disp) - int64(f.pos+4+f.tail)
		if rel != int64(int32(rel)) {
			return nil, fmt.Errorf("amd64: jump at code offset %d out of rel32 range", f.pos)
		}
		binary.LittleEndian.PutUint32(a.buf[f.pos:], uint32(int32(rel)))
	}
	a.fixups = nil
	return a.buf, nil
}

func (a *Assembler) byte1(b byte) { a.buf = append(a.buf, b) }

func (a *Assembler) imm8(v byte) { a.buf = append(a.buf, v) }

func (a *Assembler) imm32(v int32) { a.buf = binary.LittleEndian.AppendUint32(a.buf, uint32(v)) }

func (a *Assembler) imm64(v int64) { a.buf = binary.LittleEndian.AppendUint64(a.buf, uint64(v)) }

// rel32 emits a rel32 field to l; tail bytes of the instruction follow it.
func (a *Assembler) rel32(l Label, disp int32, tail int) {
	if int(l) < 0 || int(l) >= len(a.labels) {
		a.errorf("reference to unknown label %d", l)
	}
	a.fixups = append(a.fixups, fixup{pos: len(a.buf), tail: tail, label: l, disp: disp})
	a.imm32(0)
}
