package lanes

import (
	"fmt"
	"slices"

	"github.com/clgo/clgo/spirv"
)

// Uniform phis. A loop counter is a phi at the loop's header; where the
// values flowing in are Uniform, every lane still in the loop holds the
// same value in each iteration (lanes that leave keep theirs in the
// loop's shadows), so the phi is Uniform too, and so are the indices and
// conditions computed from it. A phi at a construct's merge is Uniform
// where its incoming values are and every branch in the construct is:
// then all lanes come in by the same edge. Build assumes phis Uniform,
// records what each assumption needs, and checks it after the round.

// phiKey names a phi of an inlined function copy across rounds (the
// copies are numbered in build order, the same in every round).
type phiKey struct {
	inst int
	id   spirv.ID
}

// uniPhi is a phi assumed Uniform: its registers and, for a merge, the
// construct's blocks whose branches must all be Uniform.
type uniPhi struct {
	key    phiKey
	in     *instance
	lo, hi int // blocks [lo, hi) of the construct; hi == lo: none
}

func (b *builder) newInstance(fn *spirv.Function) *instance {
	b.nInst++
	return &instance{fn: fn, env: map[spirv.ID]*sval{}, seq: b.nInst}
}

// phiShape decides the shape of phi x of block j, whose first incoming
// value is vs (nil: not known).
func (b *builder) phiShape(in *instance, j int, x *spirv.Instruction, vs []Value) Shape {
	key := phiKey{in.seq, x.Result}
	if vs == nil || b.varying[key] || b.join(vs...) == Varying {
		return Varying
	}
	u := uniPhi{key: key, in: in}
	if in.sealAt != nil && in.sealAt[j] >= 0 {
		return Varying // the merge of a Varying construct
	}
	if in.direct[j] {
		// A direct block: its lanes come in together by one edge; its
		// construct's check (uniflow.go) stands for this assumption, and
		// the next round decides again if it fails.
		b.uniPhis = append(b.uniPhis, u)
		return Uniform
	}
	if in.loops[j] == nil {
		h, ok := in.mergeHead[j]
		if !ok {
			return Varying // neither a header nor a merge
		}
		u.lo, u.hi = h, j
	}
	b.uniPhis = append(b.uniPhis, u)
	return Uniform
}

// uniPhiOf is the key of the uniform phi whose register v is: the first
// in b.uniPhis holding it. An index by register, extended with the phis
// made since the last call, stands for a scan of every uniform phi per
// failed assumption (a few hundred thousand phis on hashcat's kernels).
// A phi's registers are made with it and never change.
func (b *builder) uniPhiOf(v Value) phiKey {
	if b.uniPhiRegs == nil {
		b.uniPhiRegs = map[Value]phiKey{}
	}
	note := func(r Value, k phiKey) {
		if _, ok := b.uniPhiRegs[r]; !ok {
			b.uniPhiRegs[r] = k
		}
	}
	for ; b.uniPhisIndexed < len(b.uniPhis); b.uniPhisIndexed++ {
		u := &b.uniPhis[b.uniPhisIndexed]
		ph := u.in.phis[u.key.id]
		for _, r := range ph.leaves {
			note(r, u.key)
		}
		if ph.ptr != nil {
			note(ph.ptr.off, u.key)
		}
	}
	return b.uniPhiRegs[v]
}

// A loop whose branches are all uniform is left by every lane in the
// same iteration by the same edge: the values it defines need no shadows
// (their registers hold each lane's last value). Build assumes so for
// every loop and checks it with the phis.

// loopKey names a loop of an inlined function copy across rounds.
type loopKey struct {
	inst, head int
}

// uniLoop is a loop assumed to have uniform exits: blocks [lo, hi).
type uniLoop struct {
	key    loopKey
	in     *instance
	lo, hi int
}

// assumeUniformExits drops the shadows of the instance's loops not yet
// found to need them.
func (b *builder) assumeUniformExits(in *instance) {
	for _, l := range in.loopList {
		key := loopKey{in.seq, l.head}
		if b.shadowed[key] || len(l.order) == 0 {
			continue
		}
		l.order = nil
		b.uniLoops = append(b.uniLoops, uniLoop{key: key, in: in, lo: l.head, hi: l.merge})
	}
}

// check verifies the round's assumptions; it reports whether another
// round is needed (and has marked the phis to make Varying and the loops
// to shadow).
func (b *builder) check() bool {
	if b.checkConverged() {
		b.failed = true
	}
	// A sealed construct's lanes all leave it together (sealed.go): its
	// Varying branches split no loop's exits or merge's edges outside it.
	for _, u := range b.uniLoops {
		if u.in.varyingIn(u.lo, u.hi) {
			b.shadowed[u.key] = true
			b.failed = true
		}
	}
	for _, u := range b.uniPhis {
		if u.in.varyingIn(u.lo, u.hi) {
			b.varying[u.key] = true
			b.failed = true
		}
	}
	return b.failed
}

// Trivial phis. A phi leaf whose incoming values are all one value (a
// value passed through both arms of an if, or out of a block with one
// predecessor; an array's elements that an OpCompositeInsert on one
// path leaves as they were) is that value: it needs no register and no
// copies. The value is defined in a block that dominates every
// predecessor, so it is known wherever the phi is read, and a lane reads
// the same register whichever edge it came by. Where the value is
// defined in a loop that the phi's block is outside of, lanes leaving in
// different iterations need a value each: such a leaf stays a register.

// origin is leaf k of id (k -1: a pointer id as a whole).
type origin struct {
	id spirv.ID
	k  int
}

// findTrivialPhis fills in.trivial with the phi leaves that are another
// id's leaf.
func (b *builder) findTrivialPhis(in *instance) {
	in.trivial = map[origin]origin{}
	def := in.shape.def
	for j, bl := range in.fn.Blocks {
		for _, x := range bl.Insts {
			if x.Op != spirv.OpPhi {
				break
			}
			t, err := b.types.get(x.ResultType)
			if err != nil {
				continue
			}
			n := len(t.leaves)
			if t.op == spirv.OpTypePointer {
				n = 1
			}
			for k := range n {
				if t.op == spirv.OpTypePointer {
					k = -1
				}
				self := origin{x.Result, k}
				var o origin
				for a := 0; a+1 < len(x.Operands); a += 2 {
					if p, ok := in.pos[spirv.ID(x.Operands[a+1])]; !ok || !slices.Contains(in.preds[j], p) {
						continue // no lane comes by this edge
					}
					oa := b.originOf(in, def, origin{spirv.ID(x.Operands[a]), k})
					if oa == self || oa == o {
						continue
					}
					if o.id != 0 {
						o.id = 0
						break
					}
					o = oa
				}
				if o.id != 0 && b.passes(in, def, o.id, j) {
					in.trivial[self] = o
				}
			}
		}
	}
}

// originOf follows a leaf through inserts, copies and trivial phis of
// the function to where it was made.
func (b *builder) originOf(in *instance, def map[spirv.ID]int, o origin) origin {
	for range 256 {
		if _, ok := def[o.id]; !ok {
			return o
		}
		if t, ok := in.trivial[o]; ok {
			o = t
			continue
		}
		x := b.x.Defs[o.id]
		switch {
		case x == nil:
			return o
		case x.Op == spirv.OpCopyObject:
			o.id = spirv.ID(x.Operands[0])
		case x.Op == spirv.OpCompositeInsert && o.k >= 0:
			ct, err := b.types.get(x.ResultType)
			if err != nil {
				return o
			}
			lo, n, err := leafRange(ct, x.Operands[2:])
			if err != nil {
				return o
			}
			if o.k >= lo && o.k < lo+n {
				o = origin{spirv.ID(x.Operands[0]), o.k - lo}
			} else {
				o.id = spirv.ID(x.Operands[1])
			}
		default:
			return o
		}
	}
	return o
}

// passes reports whether id v, defined at def, may stand for a phi of
// block j: not defined in j, nor in a loop that does not hold j.
func (b *builder) passes(in *instance, def map[spirv.ID]int, v spirv.ID, j int) bool {
	d, ok := def[v]
	if !ok {
		return true // a constant, a global or a parameter
	}
	if d == j {
		return false
	}
	for _, l := range in.inLoops[d] {
		if l.holds(j) {
			continue
		}
		// A loop with uniform exits is left by every lane in the same
		// iteration: its registers hold each lane's last value (an
		// assumption checked with the loops' own).
		key := loopKey{in.seq, l.head}
		if b.shadowed[key] {
			return false
		}
		b.uniLoops = append(b.uniLoops, uniLoop{key: key, in: in, lo: l.head, hi: l.merge})
	}
	return true
}

// phiValue is the sval a phi stands for in its block: its registers, and
// for its trivial leaves the values they are.
func (b *builder) phiValue(in *instance, j int, x *spirv.Instruction) (*sval, error) {
	if o, ok := in.trivial[origin{x.Result, -1}]; ok {
		return b.get(in, o.id)
	}
	r, err := b.phiReg(in, j, x, nil)
	if err != nil || r.ptr != nil || r.mem != nil {
		return r, err
	}
	out := &sval{t: r.t, leaves: append([]Value(nil), r.leaves...)}
	for k := range out.leaves {
		o, ok := in.trivial[origin{x.Result, k}]
		if !ok {
			continue
		}
		v, err := b.get(in, o.id)
		if err != nil {
			return nil, err
		}
		if v.ptr != nil || o.k >= len(v.leaves) {
			return nil, fmt.Errorf("phi %%%d: leaf %d of %%%d", x.Result, o.k, o.id)
		}
		out.leaves[k] = v.leaves[o.k]
	}
	return out, nil
}
