package lanes

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// Single ops for native code. Native code (package jit) has no code of its
// own for some ops (the transcendental GLSL.std.450 functions, new ops
// that have only a Go definition so far); for those it leaves the chunk's
// run, and its runner evaluates the one op here, with the Go executor's
// definition, over the chunk's frame, then goes on with the native code.
//
// The frame is as native code keeps it: every value at its slot, laid out
// as the Go executor's frame, but a Varying Mask is a row of 32-bit lanes
// (0 or 0xffffffff), not a bitmap. OpEval copies the op's operands (and
// its Dst, which an op under a mask writes lane by lane) into a frame of
// its own, turning mask rows into bitmaps, runs the op there through
// Exec.run, and copies Dst back, turning a bitmap into a row; an op that
// reads and writes no Varying Mask runs on the native frame itself.

// OpEval evaluates single ops of one Program; one per goroutine.
type OpEval struct {
	e     *Exec
	code  []xop
	frame []uint64 // the executor's frame: the op's values, as Exec keeps them
	bytes []byte   // frame's bytes
	// inPlace[i]: op i reads and writes no Varying Mask, so it runs on the
	// native frame itself (the layouts agree but for masks).
	inPlace []bool
}

// NewOpEval makes an evaluator of p's ops (p from Build, chunks of at most
// 64 lanes).
func NewOpEval(p *Program) (*OpEval, error) {
	C := p.Chunk
	if C < 1 || C > 64 {
		return nil, fmt.Errorf("lanes: single ops run chunks of 1 to 64 lanes, not %d: %w", C, ErrUnsupported)
	}
	e := &Exec{p: p, C: C}
	e.full = ^uint64(0) >> (64 - C)
	e.nLanes = p.Local[0] * p.Local[1] * p.Local[2]
	n := (e.nLanes + C - 1) / C
	e.frames = make([][]uint64, n)
	e.pcs = make([]int, n)
	e.done = make([]bool, n)
	e.lid = make([][4][]uint32, n)
	e.live = make([]uint64, n)
	e.priv = make([][][]byte, n)
	for c := range n {
		e.lid[c], e.live[c] = chunkIDs(p, C, c)
	}
	for i := range e.scratch {
		e.scratch[i] = make([]uint64, C)
	}
	x := &OpEval{e: e, code: decodeOps(p)}
	x.frame = make([]uint64, (p.FrameSize+7)/8+1)
	x.bytes = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x.frame))), 8*len(x.frame))
	x.inPlace = make([]bool, len(p.Ops))
	for i, o := range p.Ops {
		x.inPlace[i] = true
		for _, v := range [5]Value{o.Dst, o.A, o.B, o.C, o.M} {
			if v != NoValue && p.Values[v].Kind == Mask && p.Values[v].Shape == Varying {
				x.inPlace[i] = false
			}
		}
	}
	return x, nil
}

// Eval runs op i of the program for chunk c of group g over frame (the
// chunk's frame as native code keeps it, see above), with mem the
// memory of each region: the group's buffers, push constants and
// Workgroup memory, and for a Private region the chunk's lanes' bytes,
// lane l's at l*Size (only the op's own region is read). Ops that
// change control flow (labels, jumps, barriers, Exit) are not single
// ops. It returns the op's trap, if any, as the Go executor reports it.
func (x *OpEval) Eval(i int, frame []byte, c int, g *Group, mem [][]byte) *Trap {
	e := x.e
	o := &e.p.Ops[i]
	switch o.Code {
	case Label, Jump, JumpIfNone, JumpIfAny, Barrier, Exit:
		panic(fmt.Sprintf("lanes: Eval of control-flow op %d (%v)", i, o.Code))
	}
	f := x.frame
	inPlace := x.inPlace[i] && len(frame) >= 8 && uintptr(unsafe.Pointer(unsafe.SliceData(frame)))%8 == 0
	if inPlace {
		f = unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(frame))), len(frame)/8)
	} else {
		// Dst first: where an operand shares its slot (slots are shared
		// by liveness), the operand's value is the one the op reads.
		x.in(frame, o.Dst)
		for _, v := range [4]Value{o.A, o.B, o.C, o.M} {
			x.in(frame, v)
		}
	}
	e.code = x.code[i : i+1]
	e.frames[c] = f
	e.pcs[c], e.done[c] = 0, false
	e.g, e.mem, e.priv[c] = g, mem, mem
	t := e.run(c)
	e.g, e.mem, e.priv[c], e.frames[c] = nil, nil, nil, nil
	if t != nil {
		t.Op = i
		return t
	}
	if !inPlace {
		x.out(frame, o.Dst)
	}
	return nil
}

// span is the bytes of the slot of a value vi describes, and whether it
// is a Varying Mask (a row in native frames, a bitmap in the executor's).
func (x *OpEval) span(vi *ValueInfo) (off, n int, mask bool) {
	off = int(vi.Slot)
	switch {
	case vi.Shape == Uniform:
		return off, 8, false
	case vi.Kind == Mask:
		return off, 4 * x.e.C, true
	case vi.Kind.Bytes() == 8:
		return off, 8 * x.e.C, false
	}
	return off, 4 * x.e.C, false
}

// in copies v from frame into the executor's frame.
func (x *OpEval) in(frame []byte, v Value) {
	if v == NoValue {
		return
	}
	off, n, mask := x.span(&x.e.p.Values[v])
	if mask {
		var bits uint64
		row := frame[off : off+n]
		for l := range x.e.C {
			if binary.LittleEndian.Uint32(row[4*l:]) != 0 {
				bits |= 1 << l
			}
		}
		x.frame[off/8] = bits
		return
	}
	copy(x.bytes[off:off+n], frame[off:off+n])
}

// out copies v from the executor's frame into frame.
func (x *OpEval) out(frame []byte, v Value) {
	if v == NoValue {
		return
	}
	off, n, mask := x.span(&x.e.p.Values[v])
	if mask {
		bits := x.frame[off/8]
		row := frame[off : off+n]
		for l := range x.e.C {
			m := uint32(0)
			if bits>>l&1 != 0 {
				m = 0xffffffff
			}
			binary.LittleEndian.PutUint32(row[4*l:], m)
		}
		return
	}
	copy(frame[off:off+n], x.bytes[off:off+n])
}
