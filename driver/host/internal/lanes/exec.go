package lanes

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Exec is the Go executor of a Program: a Runner for one goroutine. A
// work-group runs as chunks of Program.Chunk lanes (at most 64), each
// with a frame of its own (the values' slots); each chunk runs until its
// next Barrier, then the next chunk, until every chunk has exited.
//
// Varying Mask values are kept as bitmaps (lane l: bit l) in the first
// word of their slot, not as rows of 32-bit lanes: mask arithmetic is
// then one word operation, and memory ops visit the set bits. Uniform
// masks are 0 or 0xffffffff as ir.go says.
type Exec struct {
	p      *Program
	C      int
	code   []xop
	nLanes int
	frames [][]uint64 // per chunk
	pcs    []int
	done   []bool
	lid    [][4][]uint32 // per chunk: local ids x, y, z and the linear id
	live   []uint64      // per chunk: LiveLanes as a bitmap
	full   uint64        // the bitmap of all C lanes
	wg     [][]byte      // per region: Workgroup memory
	priv   [][][]byte    // per chunk, per region: Private memory, C lanes
	// scratch rows for broadcast Uniform operands, 64-bit lanes.
	scratch [3][]uint64
	mem     [][]byte // the group's memories, per region
	g       *Group
	imgRegs imageRegs // imageexec.go
	phys    physCache // the buffer a Phys op reached last (physexec.go)
	// Sub-groups across chunks (subgroupexec.go): the program has
	// SubgroupSync ops; the chunks to run and where each stopped.
	syncs     bool
	sgRun     []bool
	sgStops   []int
	sgChunks  []int
	sgRows    [4][]uint64 // operand and result rows of a Subgroup op
	sgScratch SubgroupScratch
}

// xop is an Op decoded for the executor: slots as word indices into the
// frame (-1: none), shapes as flags.
type xop struct {
	code          Code
	kind, dk      Kind
	ka, kb, kc    Kind // the operands' kinds
	d, a, b, c, m int32
	ua, ub, uc    bool
	um, ud        bool
	imm, imm2     int64
	jump          int
	fn            loopFunc // the op's lane loop (execbind.go), or nil
	mem           memFunc  // a Load's or Store's loop (execmem.go), or nil
	// contig: a Load's or Store's Varying offset is affine in the lane
	// with the access size as stride (Forms), in a region not Private.
	contig bool
}

// NewExec makes an executor of p. p must come from Build, with chunks of
// at most 64 lanes.
func NewExec(p *Program) *Exec {
	C := p.Chunk
	if C > 64 {
		panic("lanes: the Go executor runs chunks of at most 64 lanes")
	}
	e := &Exec{p: p, C: C}
	e.full = ^uint64(0) >> (64 - C)
	e.nLanes = p.Local[0] * p.Local[1] * p.Local[2]
	n := (e.nLanes + C - 1) / C
	e.code = decodeOps(p)
	words := (p.FrameSize + 7) / 8
	e.frames = make([][]uint64, n)
	e.pcs = make([]int, n)
	e.done = make([]bool, n)
	e.lid = make([][4][]uint32, n)
	e.live = make([]uint64, n)
	e.priv = make([][][]byte, n)
	for c := range n {
		f := make([]uint64, words+4) // +4: 32-byte alignment slack not needed; rows stay inside
		for _, vi := range p.Values {
			if vi.Const {
				f[vi.Slot/8] = vi.Bits
			}
		}
		e.frames[c] = f
		e.lid[c], e.live[c] = chunkIDs(p, C, c)
		e.priv[c] = make([][]byte, len(p.Regions))
		for r, rg := range p.Regions {
			if rg.Kind == RegionPrivate {
				e.priv[c][r] = make([]byte, rg.Size*C)
			}
		}
	}
	e.wg = make([][]byte, len(p.Regions))
	for r, rg := range p.Regions {
		if rg.Kind == RegionWorkgroup {
			e.wg[r] = make([]byte, rg.Size)
		}
	}
	for i := range e.scratch {
		e.scratch[i] = make([]uint64, C)
	}
	e.mem = make([][]byte, len(p.Regions))
	e.syncs = SubgroupSyncs(p)
	for i := range e.sgRows {
		e.sgRows[i] = make([]uint64, C)
	}
	return e
}

// decodeOps decodes p's ops for the executor.
func decodeOps(p *Program) []xop {
	var code []xop
	labelAt := make([]int, p.Labels)
	for i, o := range p.Ops {
		if o.Code == Label {
			labelAt[o.Imm] = i
		}
	}
	slot := func(v Value) (int32, bool) {
		if v == NoValue {
			return -1, true
		}
		vi := p.Values[v]
		return vi.Slot / 8, vi.Shape == Uniform
	}
	var forms []Form
	for _, o := range p.Ops {
		x := xop{code: o.Code, kind: o.Kind, imm: o.Imm, imm2: o.Imm2, dk: o.Kind}
		if (o.Code == Load || o.Code == Store) && p.Values[o.A].Shape == Varying && p.Regions[o.Imm].Kind != RegionPrivate {
			if forms == nil {
				forms = Forms(p)
			}
			x.contig = forms[o.A].Known && forms[o.A].Stride == o.Imm2
		}
		x.d, x.ud = slot(o.Dst)
		x.a, x.ua = slot(o.A)
		x.b, x.ub = slot(o.B)
		x.c, x.uc = slot(o.C)
		x.m, x.um = slot(o.M)
		if o.Dst != NoValue {
			x.dk = p.Values[o.Dst].Kind
		}
		x.ka, x.kb, x.kc = o.Kind, o.Kind, o.Kind
		if o.A != NoValue {
			x.ka = p.Values[o.A].Kind
		}
		if o.B != NoValue {
			x.kb = p.Values[o.B].Kind
		}
		if o.C != NoValue {
			x.kc = p.Values[o.C].Kind
		}
		switch o.Code {
		case Jump, JumpIfAny, JumpIfNone:
			x.jump = labelAt[o.Imm]
		}
		x.fn = bindOp(&x, &o)
		x.mem = bindMem(&x)
		code = append(code, x)
	}
	return code
}

// chunkIDs are the local ids x, y, z and the linear id of chunk c's C
// lanes, and its live lanes as a bitmap.
func chunkIDs(p *Program, C, c int) (ids [4][]uint32, live uint64) {
	n := p.Local[0] * p.Local[1] * p.Local[2]
	for d := range ids {
		ids[d] = make([]uint32, C)
	}
	for l := range C {
		li := c*C + l
		ids[0][l] = uint32(li % p.Local[0])
		ids[1][l] = uint32(li / p.Local[0] % p.Local[1])
		ids[2][l] = uint32(li / (p.Local[0] * p.Local[1]))
		ids[3][l] = uint32(li)
		if li < n {
			live |= 1 << l
		}
	}
	return ids, live
}

// RunGroup runs one work-group.
func (e *Exec) RunGroup(g *Group) *Trap {
	p := e.p
	e.g = g
	e.phys = physCache{} // buffers may have gone since the last group
	for r, rg := range p.Regions {
		switch rg.Kind {
		case RegionBuffer, RegionPush:
			if r < len(g.Memory) {
				e.mem[r] = g.Memory[r]
			} else {
				e.mem[r] = nil
			}
		case RegionWorkgroup:
			e.mem[r] = e.wg[r]
			if rg.Init != nil {
				copy(e.wg[r], rg.Init)
			}
		case RegionPrivate:
			if rg.Init != nil {
				for c := range e.priv {
					for l := range e.C {
						copy(e.priv[c][r][l*rg.Size:], rg.Init)
					}
				}
			} else if rg.Zero {
				for c := range e.priv {
					clear(e.priv[c][r])
				}
			}
		}
	}
	for c := range e.pcs {
		e.pcs[c], e.done[c] = 0, false
	}
	if e.syncs {
		return e.runSubgroups() // subgroupexec.go
	}
	for {
		running := false
		for c := range e.pcs {
			if e.done[c] {
				continue
			}
			running = true
			if t := e.run(c); t != nil {
				return t
			}
		}
		if !running {
			return nil
		}
	}
}

// Row views of a frame. Slots are 8-byte aligned word indices.
func row32(f []uint64, w int32, n int) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(&f[w])), n)
}

// in32 is a 32-bit operand's row: its slot, or a scratch row holding a
// Uniform operand's value in every lane.
func (e *Exec) in32(f []uint64, w int32, uni bool, s int) []uint32 {
	if !uni {
		return row32(f, w, e.C)
	}
	r := row32(e.scratch[s], 0, e.C)
	v := uint32(f[w])
	for l := range r {
		r[l] = v
	}
	return r
}

func (e *Exec) in64(f []uint64, w int32, uni bool, s int) []uint64 {
	if !uni {
		return f[w : int(w)+e.C]
	}
	r := e.scratch[s]
	v := f[w]
	for l := range r {
		r[l] = v
	}
	return r
}

// lane reads lane l of an operand as bits.
func lane(f []uint64, w int32, uni bool, k Kind, l int) uint64 {
	if uni {
		if k.Bytes() == 4 {
			return f[w] & 0xffffffff
		}
		return f[w]
	}
	if k.Bytes() == 4 {
		return uint64(*(*uint32)(unsafe.Add(unsafe.Pointer(&f[w]), 4*l)))
	}
	return f[int(w)+l]
}

// maskOf is the bitmap of a mask operand.
func (e *Exec) maskOf(f []uint64, w int32, uni bool) uint64 {
	if uni {
		if uint32(f[w]) != 0 {
			return e.full
		}
		return 0
	}
	return f[w]
}

// run runs chunk c from its resume point to its next Barrier or Exit.
func (e *Exec) run(c int) *Trap {
	f := e.frames[c]
	C := e.C
	code := e.code
	pc := e.pcs[c]
	for pc < len(code) {
		o := &code[pc]
		pc++
		if o.fn != nil {
			o.fn(e, f, o)
			continue
		}
		switch o.code {
		case Nop, Label:
		case Jump:
			if o.jump < pc && e.g.Cancel != nil && e.g.Cancel.Load() {
				return &Trap{Code: TrapCancelled, Op: pc - 1, Region: -1}
			}
			pc = o.jump
		case JumpIfNone:
			if e.maskOf(f, o.a, o.ua) == 0 {
				pc = o.jump
			}
		case JumpIfAny:
			if e.maskOf(f, o.a, o.ua) != 0 {
				if o.jump < pc && e.g.Cancel != nil && e.g.Cancel.Load() {
					return &Trap{Code: TrapCancelled, Op: pc - 1, Region: -1}
				}
				pc = o.jump
			}
		case Barrier, SubgroupSync:
			e.pcs[c] = pc
			return nil
		case Subgroup:
			e.subgroupOp(c, pc-1) // subgroupexec.go: whole sub-groups in the chunk
		case Exit:
			e.done[c] = true
			return nil
		case Unreachable:
			if m := e.maskOf(f, o.m, o.um); m != 0 {
				return &Trap{Code: TrapUnreachable, Op: pc - 1, Lane: c*C + bits.TrailingZeros64(m), Region: -1}
			}
		case LiveLanes:
			f[o.d] = e.live[c]
		case LocalID:
			if o.ud { // one row per chunk (Build's rowUniform)
				f[o.d] = uint64(e.lid[c][o.imm][0])
				break
			}
			copy(row32(f, o.d, C), e.lid[c][o.imm])
		case LocalIndex:
			copy(row32(f, o.d, C), e.lid[c][3])
		case GlobalID:
			base := e.g.ID[o.imm]*uint32(e.p.Local[o.imm]) + e.g.Shift[o.imm]
			if o.ud {
				f[o.d] = uint64(base + e.lid[c][o.imm][0])
				break
			}
			d := row32(f, o.d, C)
			for l, v := range e.lid[c][o.imm] {
				d[l] = base + v
			}
		case GroupID:
			f[o.d] = uint64(e.g.ID[o.imm])
		case NumGroups:
			f[o.d] = uint64(e.g.NumGroups[o.imm])
		case WorkgroupSize:
			f[o.d] = uint64(e.p.Local[o.imm])
		case RegionLength:
			f[o.d] = min(uint64(len(e.mem[o.imm])), 0xffffffff) // no int constant: 32-bit ints
		case Load, Store:
			if o.mem != nil {
				if t := o.mem(e, c, f, o, pc-1); t != nil {
					return t
				}
				continue
			}
			if o.code == Store {
				if t := e.store(c, f, o, pc-1); t != nil {
					return t
				}
				continue
			}
			if t := e.load(c, f, o, pc-1); t != nil {
				return t
			}
		case Atomic:
			if o.kind.Bytes() == 4 {
				if t := e.atomic32(c, f, o, pc-1); t != nil { // execatomic.go
					return t
				}
				continue
			}
			if t := e.atomic(c, f, o, pc-1); t != nil {
				return t
			}
		case ImageFetch, ImageSample, ImagePart, ImageTexel, ImageWrite, ImageSize:
			if t := e.image(c, f, o, pc-1); t != nil { // imageexec.go
				return t
			}
		case PhysLoad, PhysStore, PhysAtomic:
			if t := e.physical(c, f, o, pc-1); t != nil { // physexec.go
				return t
			}
		default:
			// Pure ops are bound at decode (execbind.go); this is the
			// general path bindOp would give.
			switch {
			case o.ud:
				xUniform(e, f, o)
			case o.dk == Mask || o.ka == Mask:
				e.maskOp(f, o)
			default:
				e.generic(f, o)
			}
		}
	}
	e.done[c] = true
	return nil
}

// generic runs a pure op lane by lane through eval.
func (e *Exec) generic(f []uint64, o *xop) {
	for l := range e.C {
		var a, b, c uint64
		if o.a >= 0 {
			a = lane(f, o.a, o.ua, o.ka, l)
		}
		if o.b >= 0 {
			b = lane(f, o.b, o.ub, o.kb, l)
		}
		if o.c >= 0 {
			c = lane(f, o.c, o.uc, o.kc, l)
		}
		r := eval(o, a, b, c)
		if o.dk.Bytes() == 4 {
			*(*uint32)(unsafe.Add(unsafe.Pointer(&f[o.d]), 4*l)) = uint32(r)
		} else {
			f[int(o.d)+l] = r
		}
	}
}

// uni reads a Uniform operand (0 for none).
func (e *Exec) uni(f []uint64, w int32, k Kind) uint64 {
	if w < 0 {
		return 0
	}
	return lane(f, w, true, k, 0)
}

// memOf is the bytes lane l of chunk c accesses in region r.
func (e *Exec) memOf(c, r, l int) []byte {
	rg := &e.p.Regions[r]
	if rg.Kind == RegionPrivate {
		return e.priv[c][r][l*rg.Size : (l+1)*rg.Size]
	}
	return e.mem[r]
}

func (e *Exec) trapAccess(c, l, pc int, o *xop, off uint32) *Trap {
	return &Trap{Code: TrapAccess, Op: pc, Lane: c*e.C + l, Region: int(o.imm), Offset: off, Size: int(o.imm2)}
}

func readLeaf(m []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(m[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(m))
	case 4:
		return uint64(binary.LittleEndian.Uint32(m))
	}
	return binary.LittleEndian.Uint64(m)
}

func (e *Exec) load(c int, f []uint64, o *xop, pc int) *Trap {
	size := int(o.imm2)
	r := int(o.imm)
	mask := e.maskOf(f, o.m, o.um)
	if o.ud {
		if mask == 0 {
			return nil
		}
		off := uint32(f[o.a])
		m := e.mem[r]
		if uint64(off)+uint64(size) > uint64(len(m)) {
			return e.trapAccess(c, bits.TrailingZeros64(mask), pc, o, off)
		}
		f[o.d] = readLeaf(m[off:], size)
		return nil
	}
	var bitsOut uint64
	for ; mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask)
		off := uint32(lane(f, o.a, o.ua, I32, l))
		m := e.memOf(c, r, l)
		if uint64(off)+uint64(size) > uint64(len(m)) {
			return e.trapAccess(c, l, pc, o, off)
		}
		x := readLeaf(m[off:], size)
		switch {
		case o.dk == Mask:
			if uint32(x) != 0 {
				bitsOut |= 1 << l
			}
		case o.dk.Bytes() == 8:
			f[int(o.d)+l] = x
		default:
			*(*uint32)(unsafe.Add(unsafe.Pointer(&f[o.d]), 4*l)) = uint32(x)
		}
	}
	if o.dk == Mask {
		f[o.d] = bitsOut
	}
	return nil
}

func (e *Exec) store(c int, f []uint64, o *xop, pc int) *Trap {
	size := int(o.imm2)
	r := int(o.imm)
	mask := e.maskOf(f, o.m, o.um)
	for ; mask != 0; mask &= mask - 1 {
		l := bits.TrailingZeros64(mask)
		off := uint32(lane(f, o.a, o.ua, I32, l))
		m := e.memOf(c, r, l)
		if uint64(off)+uint64(size) > uint64(len(m)) {
			return e.trapAccess(c, l, pc, o, off)
		}
		var v uint64
		if o.kind == Mask {
			v = uint64(uint32(e.maskLane(f, o.b, o.ub, l)))
		} else {
			v = lane(f, o.b, o.ub, o.kind, l)
		}
		putLeaf(m[off:], size, v)
	}
	return nil
}

// maskLane is lane l of a mask operand: 0 or 0xffffffff.
func (e *Exec) maskLane(f []uint64, w int32, uni bool, l int) uint64 {
	if e.maskOf(f, w, uni)>>l&1 != 0 {
		return 0xffffffff
	}
	return 0
}
