package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// Sub-groups in the lane IR (docs/hosttier.md, "Sub-groups on the lane
// tier"). A work-group's lanes are cut into sub-groups of SubgroupSize consecutive linear local ids; an
// OpGroupNonUniform* instruction works on the lanes of each sub-group that
// are active at it. Build emits one Subgroup op per component under the
// block's mask; the sub-group built-ins are arithmetic on LocalIndex.
// Where a chunk is smaller than a sub-group, syncs.go adds the SubgroupSync
// ops at which a sub-group's chunks meet.

// SubgroupSize is the host device's sub-group size: driver/host's
// SubgroupWidth, which its tests check against this.
const SubgroupSize = 32

// subgroupBuiltin reports whether b is a sub-group built-in Build knows.
func subgroupBuiltin(bi spirv.BuiltIn) bool {
	switch bi {
	case spirv.BuiltInSubgroupSize, spirv.BuiltInSubgroupMaxSize, spirv.BuiltInNumSubgroups,
		spirv.BuiltInSubgroupId, spirv.BuiltInSubgroupLocalInvocationId,
		spirv.BuiltInSubgroupEqMask, spirv.BuiltInSubgroupGeMask, spirv.BuiltInSubgroupGtMask,
		spirv.BuiltInSubgroupLeMask, spirv.BuiltInSubgroupLtMask:
		return true
	}
	return false
}

// loadSubgroupBuiltin reads a sub-group built-in: sizes are constants, ids come
// from the linear local id, the masks' first word from the id within the
// sub-group and their other words are zero.
func (b *builder) loadSubgroupBuiltin(p *ptr, t *typ) (*sval, error) {
	s := &sval{t: t}
	for _, lf := range t.leaves {
		if lf.kind != I32 {
			return nil, unsupported("OpLoad", "built-in %s of kind %s", p.builtin, lf.kind)
		}
	}
	n := b.p.Local[0] * b.p.Local[1] * b.p.Local[2]
	one := func(v Value) (*sval, error) {
		if len(t.leaves) != 1 {
			return nil, unsupported("OpLoad", "built-in %s of %d components", p.builtin, len(t.leaves))
		}
		s.leaves = []Value{v}
		return s, nil
	}
	index := func() Value {
		v := b.newValue(I32, Varying)
		b.emit(Op{Code: LocalIndex, Kind: I32, Dst: v, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
		return v
	}
	switch p.builtin {
	case spirv.BuiltInSubgroupSize, spirv.BuiltInSubgroupMaxSize:
		return one(b.konst(I32, SubgroupSize))
	case spirv.BuiltInNumSubgroups:
		return one(b.konst(I32, uint64((n+SubgroupSize-1)/SubgroupSize)))
	case spirv.BuiltInSubgroupId:
		return one(b.op(ShrU, I32, I32, index(), b.konst(I32, 5)))
	case spirv.BuiltInSubgroupLocalInvocationId:
		return one(b.op(And, I32, I32, index(), b.konst(I32, SubgroupSize-1)))
	}
	// The masks: a uvec4 (or one component of it).
	comps := []int{0, 1, 2, 3}
	if p.comp >= 0 {
		comps = []int{p.comp}
	}
	if len(t.leaves) != len(comps) {
		return nil, unsupported("OpLoad", "built-in %s of %d components", p.builtin, len(t.leaves))
	}
	for _, c := range comps {
		if c != 0 {
			s.leaves = append(s.leaves, b.konst(I32, 0))
			continue
		}
		id := b.op(And, I32, I32, index(), b.konst(I32, SubgroupSize-1))
		ones := b.konst(I32, 0xffffffff)
		var v Value
		switch p.builtin {
		case spirv.BuiltInSubgroupEqMask:
			v = b.op(Shl, I32, I32, b.konst(I32, 1), id)
		case spirv.BuiltInSubgroupGeMask:
			v = b.op(Shl, I32, I32, ones, id)
		case spirv.BuiltInSubgroupGtMask:
			v = b.op(Shl, I32, I32, b.op(Shl, I32, I32, ones, id), b.konst(I32, 1))
		case spirv.BuiltInSubgroupLeMask:
			v = b.op(Not, I32, I32, b.op(Shl, I32, I32, b.op(Shl, I32, I32, ones, id), b.konst(I32, 1)))
		default: // Lt
			v = b.op(Sub, I32, I32, b.op(Shl, I32, I32, b.konst(I32, 1), id), b.konst(I32, 1))
		}
		s.leaves = append(s.leaves, v)
	}
	return s, nil
}

// subgroupScope reports whether the constant id is the Subgroup scope.
func (b *builder) subgroupScope(id uint32) bool {
	c, err := b.constant(spirv.ID(id))
	return err == nil && len(c.bits) == 1 && spirv.Scope(c.bits[0]) == spirv.ScopeSubgroup
}

// subgroupBarrier compiles an OpControlBarrier of Subgroup execution
// scope: the lanes of a chunk that holds whole sub-groups run in lock
// step, so it is nothing there; smaller chunks meet at a SubgroupSync
// (numbered by syncs.go).
func (b *builder) subgroupBarrier() {
	b.forget()
	if b.p.Chunk%SubgroupSize == 0 {
		return
	}
	b.emit(Op{Code: SubgroupSync, Dst: NoValue, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: -1})
}

// Group operations of the arithmetic instructions (Imm2's low byte).
const (
	sgReduce    = int64(spirv.GroupOperationReduce)
	sgInclusive = int64(spirv.GroupOperationInclusiveScan)
	sgExclusive = int64(spirv.GroupOperationExclusiveScan)
	sgClustered = int64(spirv.GroupOperationClusteredReduce)
)

// subgroup compiles an OpGroupNonUniform* instruction of Subgroup scope
// under mask cur.
func (b *builder) subgroup(in *instance, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	name := x.Op.String()
	if b.pack > 1 {
		return groupWide(name) // pack.go
	}
	if b.p.Chunk%SubgroupSize != 0 && SubgroupSize%b.p.Chunk != 0 {
		return unsupported(name, "chunks of %d lanes, sub-groups of %d", b.p.Chunk, SubgroupSize)
	}
	if len(a) < 1 || !b.subgroupScope(a[0]) {
		return unsupported(name, "a scope other than Subgroup")
	}
	rt, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	// emit is one Subgroup op of kind k on v (id: NoValue or the lane id).
	emit := func(k, dk Kind, v, id Value, imm2 int64) Value {
		d := b.newValue(dk, Varying)
		b.emit(Op{Code: Subgroup, Kind: k, Dst: d, A: v, B: id, C: NoValue, M: cur, Imm: int64(x.Op), Imm2: imm2})
		return d
	}
	value := func(i int) ([]Value, *typ, error) {
		if len(a) <= i {
			return nil, nil, unsupported(name, "operands")
		}
		return b.scalars(in, spirv.ID(a[i]))
	}
	// width is the Imm2 width field of scalar type t. A half is its bits
	// in an I32 (half.go): moves and votes move or compare those bits,
	// arithmetic is groupop's on binary16 (each step rounded to float32,
	// then to half).
	width := func(t *typ) (int64, error) {
		st := t.scalarOf()
		w := st.width
		if st.op == spirv.OpTypeBool {
			w = 32
		}
		return int64(w) << 16, nil
	}
	var res []Value
	switch x.Op {
	case spirv.OpGroupNonUniformElect:
		res = []Value{emit(Mask, Mask, NoValue, NoValue, 0)}
	case spirv.OpGroupNonUniformAll, spirv.OpGroupNonUniformAny, spirv.OpGroupNonUniformAllEqual:
		vs, t, err := value(1)
		if err != nil {
			return err
		}
		w, err := width(t)
		if err != nil {
			return err
		}
		var r Value = NoValue
		for _, v := range vs {
			c := emit(b.kindOf(v), Mask, v, NoValue, w)
			if r == NoValue {
				r = c
			} else {
				r = b.op(MaskAnd, Mask, Mask, r, c)
			}
		}
		res = []Value{r}
	case spirv.OpGroupNonUniformBroadcast, spirv.OpGroupNonUniformShuffle, spirv.OpGroupNonUniformShuffleXor,
		spirv.OpGroupNonUniformShuffleUp, spirv.OpGroupNonUniformShuffleDown, spirv.OpGroupNonUniformBroadcastFirst:
		vs, t, err := value(1)
		if err != nil {
			return err
		}
		w, err := width(t)
		if err != nil {
			return err
		}
		id := NoValue
		if x.Op != spirv.OpGroupNonUniformBroadcastFirst {
			ids, _, err := value(2)
			if err != nil {
				return err
			}
			if id = ids[0]; b.kindOf(id) == I64 {
				id = b.op(Trunc64, I64, I32, id)
			}
		}
		for _, v := range vs {
			res = append(res, emit(b.kindOf(v), b.kindOf(v), v, id, w))
		}
	case spirv.OpGroupNonUniformBallot:
		vs, _, err := value(1)
		if err != nil {
			return err
		}
		z := b.konst(I32, 0)
		res = []Value{emit(Mask, I32, vs[0], NoValue, 32<<16), z, z, z}
	case spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformFAdd,
		spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformUMin,
		spirv.OpGroupNonUniformFMin, spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMax,
		spirv.OpGroupNonUniformFMax, spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseOr,
		spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformLogicalAnd, spirv.OpGroupNonUniformLogicalOr,
		spirv.OpGroupNonUniformLogicalXor:
		gop := int64(a[1])
		imm2 := gop
		switch gop {
		case sgReduce, sgInclusive, sgExclusive:
		case sgClustered:
			if len(a) < 4 {
				return unsupported(name, "ClusteredReduce without a ClusterSize")
			}
			c, err := b.constant(spirv.ID(a[3]))
			if err != nil || len(c.bits) != 1 || c.bits[0] == 0 || c.bits[0]&(c.bits[0]-1) != 0 {
				return unsupported(name, "a ClusterSize that is not a constant power of two")
			}
			imm2 |= int64(min(c.bits[0], SubgroupSize)) << 8
		default:
			return unsupported(name, "group operation %v", spirv.GroupOperation(gop))
		}
		vs, t, err := value(2)
		if err != nil {
			return err
		}
		w, err := width(t)
		if err != nil {
			return err
		}
		for _, v := range vs {
			res = append(res, emit(b.kindOf(v), b.kindOf(v), v, NoValue, imm2|w))
		}
	case spirv.OpGroupNonUniformInverseBallot, spirv.OpGroupNonUniformBallotBitExtract,
		spirv.OpGroupNonUniformBallotBitCount, spirv.OpGroupNonUniformBallotFindLSB,
		spirv.OpGroupNonUniformBallotFindMSB:
		r, err := b.ballotBits(in, x)
		if err != nil {
			return err
		}
		res = []Value{r}
	default:
		return unsupported(name, "instruction")
	}
	if len(res) != len(rt.leaves) {
		return unsupported(name, "a result of %d components", len(rt.leaves))
	}
	in.env[x.Result] = &sval{t: rt, leaves: res}
	return nil
}

// ballotBits compiles the ballot instructions that read a ballot value
// lane by lane, from the lane's own operands: plain ops. The bit count, scans and find LSB/MSB look only at the
// bits of the sub-group's lanes (word 0: sub-groups are 32 lanes), the
// bit extract and inverse ballot at the bit named.
func (b *builder) ballotBits(in *instance, x *spirv.Instruction) (Value, error) {
	a := x.Operands
	name := x.Op.String()
	vi := 1
	if x.Op == spirv.OpGroupNonUniformBallotBitCount {
		vi = 2
	}
	if len(a) <= vi {
		return NoValue, unsupported(name, "operands")
	}
	w, _, err := b.scalars(in, spirv.ID(a[vi]))
	if err != nil {
		return NoValue, err
	}
	if len(w) != 4 || b.kindOf(w[0]) != I32 {
		return NoValue, unsupported(name, "a ballot that is not a uvec4")
	}
	k := func(v uint64) Value { return b.konst(I32, v) }
	lid := func() Value {
		v := b.newValue(I32, Varying)
		b.emit(Op{Code: LocalIndex, Kind: I32, Dst: v, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
		return b.op(And, I32, I32, v, k(SubgroupSize-1))
	}
	bit := func(word, i Value) Value { // bit i%32 of word, as a mask
		s := b.op(ShrU, I32, I32, word, b.op(And, I32, I32, i, k(31)))
		return b.op(Ne, I32, Mask, b.op(And, I32, I32, s, k(1)), k(0))
	}
	switch x.Op {
	case spirv.OpGroupNonUniformInverseBallot:
		return bit(w[0], lid()), nil
	case spirv.OpGroupNonUniformBallotBitExtract:
		if len(a) < 3 {
			return NoValue, unsupported(name, "operands")
		}
		ids, _, err := b.scalars(in, spirv.ID(a[2]))
		if err != nil {
			return NoValue, err
		}
		i := ids[0]
		if b.kindOf(i) == I64 {
			// Ids of 2^32 and up are past 128 too.
			hi := b.op(Ne, I32, Mask, b.op(Hi32, I64, I32, i), k(0))
			i = b.op(Select, I32, I32, hi, k(0xffffffff), b.op(Trunc64, I64, I32, i))
		}
		word := b.op(Select, I32, I32, b.op(ULt, I32, Mask, i, k(96)), w[2], w[3])
		word = b.op(Select, I32, I32, b.op(ULt, I32, Mask, i, k(64)), w[1], word)
		word = b.op(Select, I32, I32, b.op(ULt, I32, Mask, i, k(32)), w[0], word)
		return b.op(MaskAnd, Mask, Mask, b.op(ULt, I32, Mask, i, k(128)), bit(word, i)), nil
	case spirv.OpGroupNonUniformBallotFindLSB:
		return b.op(FindILsb, I32, I32, w[0]), nil
	case spirv.OpGroupNonUniformBallotFindMSB:
		return b.op(FindUMsb, I32, I32, w[0]), nil
	}
	// BitCount: the lanes' bits below (exclusive scan) or up to
	// (inclusive) the lane's id, or all of them.
	v := w[0]
	switch int64(a[1]) {
	case sgReduce:
	case sgInclusive:
		n := b.op(Add, I32, I32, lid(), k(1))
		v = b.op(And, I32, I32, v, b.op(Sub, I32, I32, b.op(Shl, I32, I32, k(1), n), k(1)))
	case sgExclusive:
		v = b.op(And, I32, I32, v, b.op(Sub, I32, I32, b.op(Shl, I32, I32, k(1), lid()), k(1)))
	default:
		return NoValue, unsupported(name, "group operation %v", spirv.GroupOperation(a[1]))
	}
	return b.op(BitCount, I32, I32, v), nil
}
