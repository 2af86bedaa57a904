package lanes

import "github.com/clgo/clgo/spirv"

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
	regs   []Value
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

// uniPhiOf is the key of the uniform phi whose register v is.
func (b *builder) uniPhiOf(v Value) phiKey {
	for i := range b.uniPhis {
		u := &b.uniPhis[i]
		for _, r := range u.in.phis[u.key.id].leaves {
			if r == v {
				return u.key
			}
		}
		if p := u.in.phis[u.key.id].ptr; p != nil && p.off == v {
			return u.key
		}
	}
	return phiKey{}
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
	for _, l := range in.loops {
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
	for _, u := range b.uniLoops {
		for i := u.lo; i < u.hi; i++ {
			if u.in.varyingBranch[i] {
				b.shadowed[u.key] = true
				b.failed = true
				break
			}
		}
	}
	for _, u := range b.uniPhis {
		for i := u.lo; i < u.hi; i++ {
			if u.in.varyingBranch[i] {
				b.varying[u.key] = true
				b.failed = true
				break
			}
		}
	}
	return b.failed
}
