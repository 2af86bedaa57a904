package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// Values too large to scalarize: a struct or array of more than maxLeaves
// scalars (`Big x = *p;`, a function returning such a struct, an array
// built by OpCompositeConstruct, a big constant). Such a value lives in
// memory: its sval's mem points at bytes laid out as its type is in
// memory, in a Private region of its own that only the instruction making
// the value writes (under the current mask, so that lanes which do not
// run it keep their bytes), or in a constant table (consttable.go) for a
// constant. Loads and stores of the whole value, OpCopyMemory,
// OpCompositeConstruct, OpCompositeExtract and OpCompositeInsert, and
// OpReturnValue copy the bytes; an extracted part small enough is loaded
// as scalars.

// maxBigValue bounds the bytes of such a value: each copy is that many
// bytes of loads and stores in the program (an op per 8 bytes), and each
// value that many bytes of Private memory per lane.
const maxBigValue = 256 << 10

// big reports whether t is a value type too large to scalarize.
func (t *typ) big() bool {
	return t != nil && t.leaves == nil && t.size > 0 && t.op != spirv.OpTypePointer
}

// bigTemp makes the Private region a big value of type t lives in.
func (b *builder) bigTemp(t *typ, what string) (*ptr, error) {
	if t.size > maxBigValue {
		return nil, unsupported(what, "a value of %d bytes (at most %d)", t.size, maxBigValue)
	}
	b.p.Regions = append(b.p.Regions, Region{Kind: RegionPrivate, Set: -1, Binding: -1, Size: t.size,
		Name: what + " value"})
	return &ptr{region: len(b.p.Regions) - 1, comp: -1, t: t, off: b.konst(I32, 0)}, nil
}

// at is p moved by o bytes, pointing at a t.
func (b *builder) at(p *ptr, o int, t *typ) *ptr {
	q := *p
	q.t = t
	if o != 0 {
		if p.region == physRegion {
			q.off = b.op(Add, I64, I64, p.off, b.konst(I64, uint64(o)))
		} else {
			q.off = b.plus(p.off, o)
		}
	}
	return &q
}

// copyMem copies the t.size bytes of src's pointee to dst for the lanes
// of cur, in runs of up to 16 words of 8 bytes (then 4, 2, 1).
func (b *builder) copyMem(dst, src *ptr, t *typ, cur Value, what string) error {
	if t.size > maxBigValue {
		return unsupported(what, "a value of %d bytes (at most %d)", t.size, maxBigValue)
	}
	if dst.region < 0 && dst.region != physRegion || src.region < 0 && src.region != physRegion {
		return unsupported(what, "a value too large to scalarize with a built-in")
	}
	for o := 0; o < t.size; {
		run := &typ{op: spirv.OpTypeStruct}
		n := 0
		for len(run.leaves) < 16 && o+n < t.size {
			sz := 8
			for o+n+sz > t.size {
				sz /= 2
			}
			k := I32
			if sz == 8 {
				k = I64
			}
			run.leaves = append(run.leaves, leaf{off: n, kind: k, size: sz, bits: sz * 8})
			n += sz
		}
		run.size = n
		v, err := b.load(b.at(src, o, run), run, cur)
		if err != nil {
			return err
		}
		if err := b.store(b.at(dst, o, run), v, cur); err != nil {
			return err
		}
		o += n
	}
	return nil
}

// loadBig copies a big value of type t from p into a region of its own.
func (b *builder) loadBig(p *ptr, t *typ, cur Value) (*sval, error) {
	m, err := b.bigTemp(t, "OpLoad")
	if err != nil {
		return nil, err
	}
	if err := b.copyMem(m, p, t, cur, "OpLoad"); err != nil {
		return nil, err
	}
	return &sval{t: t, mem: m}, nil
}

// putPart stores v, a part of type t of a value being made, at p.
func (b *builder) putPart(p *ptr, v *sval, t *typ, cur Value, what string) error {
	if v.mem != nil {
		return b.copyMem(p, v.mem, t, cur, what)
	}
	if v.ptr != nil || v.sel != nil || len(v.leaves) != len(t.leaves) {
		return unsupported(what, "a constituent that is not a value of its type")
	}
	return b.store(b.at(p, 0, t), v, cur)
}

// partAt is the type and byte offset of the part of t that the literal
// indices idx select.
func partAt(t *typ, idx []uint32, what string) (*typ, int, error) {
	off := 0
	for _, w := range idx {
		i := int(w)
		switch t.op {
		case spirv.OpTypeStruct:
			if i >= len(t.fields) {
				return nil, 0, unsupported(what, "member %d", i)
			}
			off += t.offs[i]
			t = t.fields[i]
		case spirv.OpTypeVector, spirv.OpTypeArray:
			if i >= t.count {
				return nil, 0, unsupported(what, "element %d", i)
			}
			off += i * t.stride
			t = t.elem
		default:
			return nil, 0, unsupported(what, "into %s", t)
		}
	}
	return t, off, nil
}

// bigComposite compiles OpCompositeConstruct, OpCompositeExtract and
// OpCompositeInsert where the composite is big; ok says whether it is.
func (b *builder) bigComposite(in *instance, x *spirv.Instruction, t *typ, cur Value) (ok bool, err error) {
	a := x.Operands
	what := x.Op.String()
	switch x.Op {
	case spirv.OpCompositeConstruct:
		if !t.big() {
			return false, nil
		}
		m, err := b.bigTemp(t, what)
		if err != nil {
			return true, err
		}
		for i, w := range a {
			pt, off, err := partAt(t, []uint32{uint32(i)}, what)
			if err != nil {
				return true, err
			}
			v, err := b.get(in, spirv.ID(w))
			if err != nil {
				return true, err
			}
			if err := b.putPart(b.at(m, off, pt), v, pt, cur, what); err != nil {
				return true, err
			}
		}
		in.env[x.Result] = &sval{t: t, mem: m}
		return true, nil
	case spirv.OpCompositeExtract:
		c, err := b.get(in, spirv.ID(a[0]))
		if err != nil || c.mem == nil {
			return c != nil && c.mem != nil, err
		}
		pt, off, err := partAt(c.t, a[1:], what)
		if err != nil {
			return true, err
		}
		p := b.at(c.mem, off, pt)
		if pt.big() {
			in.env[x.Result] = &sval{t: t, mem: p} // the same bytes: nothing writes them
			return true, nil
		}
		v, err := b.load(p, pt, cur)
		if err != nil {
			return true, err
		}
		in.env[x.Result] = &sval{t: t, leaves: v.leaves}
		return true, nil
	case spirv.OpCompositeInsert:
		if !t.big() {
			return false, nil
		}
		obj, err := b.get(in, spirv.ID(a[0]))
		if err != nil {
			return true, err
		}
		c, err := b.get(in, spirv.ID(a[1]))
		if err != nil {
			return true, err
		}
		pt, off, err := partAt(t, a[2:], what)
		if err != nil {
			return true, err
		}
		m, err := b.bigTemp(t, what)
		if err != nil {
			return true, err
		}
		if err := b.putPart(m, c, t, cur, what); err != nil {
			return true, err
		}
		if err := b.putPart(b.at(m, off, pt), obj, pt, cur, what); err != nil {
			return true, err
		}
		in.env[x.Result] = &sval{t: t, mem: m}
		return true, nil
	}
	return false, nil
}

// bigConst is a big constant (OpConstantComposite, OpConstantNull,
// OpUndef, ...) as a constant table, one per constant.
func (b *builder) bigConst(id spirv.ID, t *typ) (*sval, error) {
	if p, ok := b.bigConsts[id]; ok {
		return &sval{t: t, mem: p}, nil
	}
	if t.size > maxConstTable {
		return nil, unsupported("constant", "%%%d of %d bytes (at most %d)", id, t.size, maxConstTable)
	}
	img := make([]byte, t.size)
	if err := b.constBytes(id, t, img); err != nil {
		return nil, err
	}
	b.p.Regions = append(b.p.Regions, Region{Kind: RegionBuffer, Set: -1, Binding: -1, Init: img, Name: "constant " + b.x.Name(id)})
	p := &ptr{region: len(b.p.Regions) - 1, comp: -1, t: t, off: b.konst(I32, 0)}
	if b.bigConsts == nil {
		b.bigConsts = map[spirv.ID]*ptr{}
	}
	b.bigConsts[id] = p
	return &sval{t: t, mem: p}, nil
}

// bigMove is what an edge gives a phi of a big value: its bytes.
type bigMove struct {
	dst, src *ptr
	t        *typ
}

// bigMoves copies the values an edge gives big phis, for the lanes of e,
// as a parallel copy: a value that is itself one of the phis set is
// copied aside first, and a phi given its own value is left as it is.
func (b *builder) bigMoves(moves []bigMove, e Value) error {
	if bits, ok := b.constBits(e); ok && bits == 0 {
		return nil
	}
	dsts := map[int]bool{}
	for _, mv := range moves {
		dsts[mv.dst.region] = true
	}
	for n, mv := range moves {
		if mv.src.region == mv.dst.region || !dsts[mv.src.region] {
			continue
		}
		tmp, err := b.bigTemp(mv.t, "OpPhi")
		if err != nil {
			return err
		}
		if err := b.copyMem(tmp, mv.src, mv.t, e, "OpPhi"); err != nil {
			return err
		}
		moves[n].src = tmp
	}
	for _, mv := range moves {
		if mv.src.region == mv.dst.region {
			continue // the phi's own value (a phi's region is only its own)
		}
		if err := b.copyMem(mv.dst, mv.src, mv.t, e, "OpPhi"); err != nil {
			return err
		}
	}
	return nil
}

// bigSelect compiles OpSelect of big values: the bytes of the first for
// the lanes of cur whose condition holds, of the second for the others.
func (b *builder) bigSelect(in *instance, x *spirv.Instruction, t *typ, cur Value) error {
	c, ct, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if len(c) != 1 || ct.op != spirv.OpTypeBool {
		return unsupported("OpSelect", "a condition of %s for a %s", ct, t)
	}
	m, err := b.bigTemp(t, "OpSelect")
	if err != nil {
		return err
	}
	for n, mask := range []Value{b.op(MaskAnd, Mask, Mask, cur, c[0]), b.op(MaskAndNot, Mask, Mask, cur, c[0])} {
		v, err := b.get(in, spirv.ID(x.Operands[1+n]))
		if err != nil {
			return err
		}
		if err := b.putPart(m, v, t, mask, "OpSelect"); err != nil {
			return err
		}
	}
	in.env[x.Result] = &sval{t: t, mem: m}
	return nil
}
