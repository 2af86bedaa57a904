package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// binary maps SPIR-V's element-wise binary operations to ops: the code,
// whether the operands are swapped (greater-than as less-than), whether
// narrow integers are sign-extended first, and whether the result is a
// mask.
type binaryOp struct {
	code   Code
	swap   bool
	signed bool
	mask   bool
}

var binaryOps = map[spirv.Op]binaryOp{
	spirv.OpIAdd: {code: Add}, spirv.OpISub: {code: Sub}, spirv.OpIMul: {code: Mul},
	spirv.OpUDiv: {code: UDiv}, spirv.OpSDiv: {code: SDiv, signed: true}, spirv.OpUMod: {code: UMod},
	spirv.OpSRem: {code: SRem, signed: true}, spirv.OpSMod: {code: SMod, signed: true},
	spirv.OpBitwiseAnd: {code: And}, spirv.OpBitwiseOr: {code: Or}, spirv.OpBitwiseXor: {code: Xor},
	spirv.OpShiftLeftLogical: {code: Shl}, spirv.OpShiftRightLogical: {code: ShrU},
	spirv.OpShiftRightArithmetic: {code: ShrS, signed: true},
	spirv.OpIEqual:               {code: Eq, mask: true}, spirv.OpINotEqual: {code: Ne, mask: true},
	spirv.OpULessThan: {code: ULt, mask: true}, spirv.OpULessThanEqual: {code: ULe, mask: true},
	spirv.OpUGreaterThan: {code: ULt, swap: true, mask: true}, spirv.OpUGreaterThanEqual: {code: ULe, swap: true, mask: true},
	spirv.OpSLessThan: {code: SLt, signed: true, mask: true}, spirv.OpSLessThanEqual: {code: SLe, signed: true, mask: true},
	spirv.OpSGreaterThan:      {code: SLt, swap: true, signed: true, mask: true},
	spirv.OpSGreaterThanEqual: {code: SLe, swap: true, signed: true, mask: true},
	spirv.OpFAdd:              {code: FAdd}, spirv.OpFSub: {code: FSub}, spirv.OpFMul: {code: FMul}, spirv.OpFDiv: {code: FDiv},
	spirv.OpFRem: {code: FRem}, spirv.OpFMod: {code: FMod},
	spirv.OpFOrdEqual: {code: FOrdEq, mask: true}, spirv.OpFOrdNotEqual: {code: FOrdNe, mask: true},
	spirv.OpFOrdLessThan: {code: FOrdLt, mask: true}, spirv.OpFOrdLessThanEqual: {code: FOrdLe, mask: true},
	spirv.OpFOrdGreaterThan: {code: FOrdLt, swap: true, mask: true}, spirv.OpFOrdGreaterThanEqual: {code: FOrdLe, swap: true, mask: true},
	spirv.OpFUnordEqual: {code: FUnordEq, mask: true}, spirv.OpFUnordNotEqual: {code: FUnordNe, mask: true},
	spirv.OpFUnordLessThan: {code: FUnordLt, mask: true}, spirv.OpFUnordLessThanEqual: {code: FUnordLe, mask: true},
	spirv.OpFUnordGreaterThan:      {code: FUnordLt, swap: true, mask: true},
	spirv.OpFUnordGreaterThanEqual: {code: FUnordLe, swap: true, mask: true},
	spirv.OpLogicalAnd:             {code: MaskAnd}, spirv.OpLogicalOr: {code: MaskOr}, spirv.OpLogicalNotEqual: {code: MaskXor},
	spirv.OpOrdered: {code: IsOrdered, mask: true},
}

// narrowWrap: results of these on 8- and 16-bit integers may set bits
// above the width, which Zext clears.
var narrowWrap = map[Code]bool{Add: true, Sub: true, Mul: true, Shl: true, Not: true, Neg: true,
	SDiv: true, SRem: true, SMod: true, ShrS: true, SMin: true, SMax: true, SAbs: true}

// inst emits one non-terminator instruction under mask cur.
func (b *builder) inst(in *instance, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	if bo, ok := binaryOps[x.Op]; ok {
		return b.binary(in, x, bo)
	}
	if x.Op >= spirv.OpGroupNonUniformElect && x.Op <= spirv.OpGroupNonUniformLogicalXor {
		return b.subgroup(in, x, cur) // subgroup.go
	}
	switch x.Op {
	case spirv.OpVariable:
		return b.localVar(in, x, cur)
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain:
		return b.chain(in, x)
	case spirv.OpLoad:
		p, err := b.get(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		t, err := b.types.get(x.ResultType)
		if err != nil {
			return err
		}
		if p.sel != nil {
			return b.selLoad(in, x, p.sel, t, cur) // selptr.go
		}
		if p.ptr == nil {
			return unsupported("OpLoad", "through a value that is not a pointer")
		}
		if v, ok := b.handleLoad(p.ptr, t); ok { // image.go
			in.env[x.Result] = v
			return nil
		}
		v, err := b.load(p.ptr, t, cur)
		if err != nil {
			return err
		}
		in.env[x.Result] = v
		return nil
	case spirv.OpStore:
		p, err := b.get(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		if b.zeroStore(in, p, spirv.ID(a[1])) { // zero.go
			return nil
		}
		v, err := b.get(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		if p.sel != nil {
			return b.selStore(p.sel, v, cur) // selptr.go
		}
		if p.ptr == nil {
			return unsupported("OpStore", "through a value that is not a pointer")
		}
		return b.store(p.ptr, v, cur)
	case spirv.OpCopyMemory:
		dst, err := b.get(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		src, err := b.get(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		if dst.ptr == nil || src.ptr == nil {
			return unsupported("OpCopyMemory", "not pointers")
		}
		if src.ptr.t.big() {
			return b.copyMem(dst.ptr, src.ptr, src.ptr.t, cur, "OpCopyMemory") // bigval.go
		}
		v, err := b.load(src.ptr, src.ptr.t, cur)
		if err != nil {
			return err
		}
		return b.store(dst.ptr, v, cur)
	case spirv.OpControlBarrier:
		if b.packedSingles() {
			b.forget() // a group of one lane: nothing to wait for (pack.go)
			return nil
		}
		if b.pack > 1 {
			return groupWide("OpControlBarrier") // pack.go
		}
		if len(a) > 0 && b.subgroupScope(a[0]) {
			b.subgroupBarrier() // subgroup.go
			return nil
		}
		b.forget()
		b.p.Barriers++
		b.emit(Op{Code: Barrier, Dst: NoValue, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: int64(b.p.Barriers - 1)})
		return nil
	case spirv.OpMemoryBarrier:
		return nil // lanes run in order on one goroutine; buffers are coherent
	case spirv.OpAtomicLoad, spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicCompareExchange,
		spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpAtomicIAdd, spirv.OpAtomicISub,
		spirv.OpAtomicSMin, spirv.OpAtomicUMin, spirv.OpAtomicSMax, spirv.OpAtomicUMax,
		spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor,
		spirv.OpAtomicFAddEXT, spirv.OpAtomicFMinEXT, spirv.OpAtomicFMaxEXT:
		return b.atomic(in, x, cur)
	case spirv.OpCopyObject, spirv.OpCopyLogical:
		v, err := b.get(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		in.env[x.Result] = v
		return nil
	case spirv.OpUndef:
		v, err := b.get(in, x.Result)
		if err != nil {
			return err
		}
		in.env[x.Result] = v
		return nil
	case spirv.OpExtInst:
		if len(x.Operands) > 1 && isFrexpModf(spirv.GLSLstd450(x.Operands[1])) && b.isGLSL(x) {
			return b.frexpModf(in, x, cur) // frexp.go
		}
		return b.extInst(in, x)
	case spirv.OpArrayLength:
		return b.arrayLength(in, x)
	case spirv.OpSampledImage, spirv.OpImage, spirv.OpImageSampleExplicitLod, spirv.OpImageFetch,
		spirv.OpImageRead, spirv.OpImageWrite, spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		return b.image(in, x, cur) // image.go
	case spirv.OpConvertUToPtr, spirv.OpConvertPtrToU:
		return b.physConvert(in, x) // physical.go
	}
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	set := func(vs ...Value) error {
		in.env[x.Result] = &sval{t: t, leaves: vs}
		return nil
	}
	if ok, err := b.bigComposite(in, x, t, cur); ok || err != nil { // bigval.go
		return err
	}
	switch x.Op {
	case spirv.OpCompositeConstruct:
		var vs []Value
		for _, w := range a {
			l, _, err := b.scalars(in, spirv.ID(w))
			if err != nil {
				return err
			}
			vs = append(vs, l...)
		}
		if len(vs) != len(t.leaves) {
			return unsupported(x.Op.String(), "a value too large to scalarize")
		}
		return set(vs...)
	case spirv.OpCompositeExtract:
		l, ct, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		lo, n, err := leafRange(ct, a[1:])
		if err != nil {
			return err
		}
		return set(l[lo : lo+n]...)
	case spirv.OpCompositeInsert:
		obj, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		l, ct, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		lo, n, err := leafRange(ct, a[2:])
		if err != nil || n != len(obj) {
			return unsupported(x.Op.String(), "indices")
		}
		out := append([]Value(nil), l...)
		copy(out[lo:], obj)
		return set(out...)
	case spirv.OpVectorShuffle:
		v1, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		v2, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		all := append(append([]Value(nil), v1...), v2...)
		var out []Value
		for _, w := range a[2:] {
			if w == 0xffffffff {
				out = append(out, b.konst(t.leaves[len(out)].kind, 0))
				continue
			}
			if int(w) >= len(all) {
				return unsupported(x.Op.String(), "component %d", w)
			}
			out = append(out, all[w])
		}
		return set(out...)
	case spirv.OpVectorExtractDynamic:
		v, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		iv, it, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		if vi := b.p.Values[iv[0]]; vi.Const {
			if vi.Bits < uint64(len(v)) {
				return set(v[vi.Bits])
			}
			return set(b.konst(t.leaves[0].kind, 0))
		}
		// An index out of range gives component 0, like the first Select's
		// default: the result is undefined in SPIR-V.
		r := v[0]
		for n := 1; n < len(v); n++ {
			eq := b.op(Eq, it.kind(), Mask, iv[0], b.konst(it.kind(), uint64(n)))
			r = b.op(Select, t.leaves[0].kind, t.leaves[0].kind, eq, v[n], r)
		}
		return set(r)
	case spirv.OpVectorInsertDynamic:
		v, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		c, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		iv, it, err := b.scalars(in, spirv.ID(a[2]))
		if err != nil {
			return err
		}
		out := make([]Value, len(v))
		for n := range v {
			eq := b.op(Eq, it.kind(), Mask, iv[0], b.konst(it.kind(), uint64(n)))
			out[n] = b.op(Select, t.leaves[n].kind, t.leaves[n].kind, eq, c[0], v[n])
		}
		return set(out...)
	case spirv.OpSelect:
		if t.op == spirv.OpTypePointer {
			return b.selectPointer(in, x, t)
		}
		if t.big() {
			return b.bigSelect(in, x, t, cur) // bigval.go
		}
		c, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		v1, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		v2, _, err := b.scalars(in, spirv.ID(a[2]))
		if err != nil {
			return err
		}
		out := make([]Value, len(v1))
		for n := range v1 {
			cn := c[0]
			if len(c) == len(v1) {
				cn = c[n]
			}
			out[n] = b.op(Select, t.leaves[n].kind, t.leaves[n].kind, cn, v1[n], v2[n])
		}
		return set(out...)
	case spirv.OpVectorTimesScalar:
		v, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		s, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		out := make([]Value, len(v))
		for n := range v {
			if isHalf(t) {
				out[n] = b.halfOut(b.op(FMul, F32, F32, b.halfIn(v[n]), b.halfIn(s[0])), F32)
				continue
			}
			out[n] = b.op(FMul, t.leaves[n].kind, t.leaves[n].kind, v[n], s[0])
		}
		return set(out...)
	case spirv.OpSNegate, spirv.OpNot, spirv.OpFNegate, spirv.OpLogicalNot, spirv.OpIsNan, spirv.OpIsInf,
		spirv.OpIsFinite, spirv.OpSignBitSet, spirv.OpBitCount:
		return b.unary(in, x, t)
	case spirv.OpLogicalEqual:
		v1, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		v2, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		out := make([]Value, len(v1))
		for n := range v1 {
			out[n] = b.op(MaskNot, Mask, Mask, b.op(MaskXor, Mask, Mask, v1[n], v2[n]))
		}
		return set(out...)
	case spirv.OpUnordered:
		v1, st, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		v2, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		k := st.scalarOf().kind()
		if isHalf(st) {
			k, v1, v2 = F32, b.halfIns(v1), b.halfIns(v2)
		}
		out := make([]Value, len(v1))
		for n := range v1 {
			out[n] = b.op(MaskNot, Mask, Mask, b.op(IsOrdered, k, Mask, v1[n], v2[n]))
		}
		return set(out...)
	case spirv.OpDot:
		// The order: +0, then each product added in turn.
		v1, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		v2, _, err := b.scalars(in, spirv.ID(a[1]))
		if err != nil {
			return err
		}
		if isHalf(t) {
			return set(b.halfDot(v1, v2))
		}
		k := t.kind()
		r := b.konst(k, 0)
		for n := range v1 {
			r = b.op(FAdd, k, k, r, b.op(FMul, k, k, v1[n], v2[n]))
		}
		return set(r)
	case spirv.OpAny, spirv.OpAll:
		v, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		code := MaskOr
		if x.Op == spirv.OpAll {
			code = MaskAnd
		}
		r := v[0]
		for _, e := range v[1:] {
			r = b.op(code, Mask, Mask, r, e)
		}
		return set(r)
	case spirv.OpUMulExtended, spirv.OpSMulExtended, spirv.OpIAddCarry, spirv.OpISubBorrow:
		return b.extended(in, x, t)
	case spirv.OpConvertFToU, spirv.OpConvertFToS, spirv.OpConvertSToF, spirv.OpConvertUToF,
		spirv.OpUConvert, spirv.OpSConvert, spirv.OpFConvert:
		return b.convert(in, x, t)
	case spirv.OpBitcast:
		return b.bitcast(in, x, t)
	}
	return unsupported(x.Op.String(), "instruction")
}

// leafRange is the leaves [lo, lo+n) that composite indices select.
func leafRange(t *typ, idx []uint32) (int, int, error) {
	lo := 0
	for _, w := range idx {
		i := int(w)
		switch t.op {
		case spirv.OpTypeStruct:
			if i >= len(t.fields) {
				return 0, 0, unsupported("OpCompositeExtract", "member %d", i)
			}
			for _, f := range t.fields[:i] {
				lo += len(f.leaves)
			}
			t = t.fields[i]
		case spirv.OpTypeVector, spirv.OpTypeArray:
			if i >= t.count {
				return 0, 0, unsupported("OpCompositeExtract", "element %d", i)
			}
			lo += i * len(t.elem.leaves)
			t = t.elem
		default:
			return 0, 0, unsupported("OpCompositeExtract", "into %s", t)
		}
	}
	return lo, len(t.leaves), nil
}

// narrowBits is the width of a narrow (8- or 16-bit) integer type, or 0.
func narrowBits(t *typ) int {
	s := t.scalarOf()
	if s.op == spirv.OpTypeInt && s.width < 32 {
		return s.width
	}
	return 0
}

func (b *builder) sext(v Value, bits int) Value {
	if bits == 0 {
		return v
	}
	return b.opImm(Sext, I32, I32, int64(bits), v)
}

func (b *builder) zext(v Value, bits int) Value {
	if bits == 0 {
		return v
	}
	return b.opImm(Zext, I32, I32, int64(bits), v)
}

func (b *builder) binary(in *instance, x *spirv.Instruction, bo binaryOp) error {
	v1, st, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	v2, st2, err := b.scalars(in, spirv.ID(x.Operands[1]))
	if err != nil {
		return err
	}
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	if len(v1) != len(v2) || len(v1) != len(t.leaves) {
		return unsupported(x.Op.String(), "operands of different sizes")
	}
	k := st.scalarOf().kind()
	if st.scalarOf().op == spirv.OpTypeBool {
		k = Mask
	}
	nb := narrowBits(st)
	if nb != 0 && narrowBits(st2) != nb && (bo.code == Shl || bo.code == ShrU || bo.code == ShrS) {
		return unsupported(x.Op.String(), "a shift count of another width")
	}
	half := isHalf(st)
	if half {
		k, v1, v2 = F32, b.halfIns(v1), b.halfIns(v2)
	}
	dk := k
	if bo.mask {
		dk = Mask
	}
	out := make([]Value, len(v1))
	for n := range v1 {
		p, q := v1[n], v2[n]
		if bo.signed && nb != 0 {
			p = b.sext(p, nb)
			if bo.code != ShrS {
				q = b.sext(q, nb)
			}
		}
		if bo.swap {
			p, q = q, p
		}
		r := b.op(bo.code, k, dk, p, q)
		if nb != 0 && !bo.mask && narrowWrap[bo.code] {
			r = b.zext(r, nb)
		}
		if half && !bo.mask {
			r = b.halfOut(r, F32)
		}
		out[n] = r
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

func (b *builder) unary(in *instance, x *spirv.Instruction, t *typ) error {
	v, st, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	k := st.scalarOf().kind()
	nb := narrowBits(st)
	half := isHalf(st)
	if half {
		k, v = F32, b.halfIns(v)
	}
	out := make([]Value, len(v))
	for n, e := range v {
		var r Value
		switch x.Op {
		case spirv.OpSNegate:
			r = b.zext(b.op(Neg, k, k, e), nb)
		case spirv.OpNot:
			r = b.zext(b.op(Not, k, k, e), nb)
		case spirv.OpFNegate:
			r = b.op(FNeg, k, k, e)
			if half {
				r = b.halfOut(r, F32)
			}
		case spirv.OpLogicalNot:
			r = b.op(MaskNot, Mask, Mask, e)
		case spirv.OpIsNan:
			r = b.op(IsNan, k, Mask, e)
		case spirv.OpIsInf:
			r = b.op(IsInf, k, Mask, e)
		case spirv.OpIsFinite:
			r = b.op(MaskNot, Mask, Mask, b.op(MaskOr, Mask, Mask, b.op(IsNan, k, Mask, e), b.op(IsInf, k, Mask, e)))
		case spirv.OpSignBitSet:
			r = b.op(SignBit, k, Mask, e)
		case spirv.OpBitCount:
			if t.scalarOf().width != st.scalarOf().width {
				return unsupported(x.Op.String(), "a result of another width")
			}
			r = b.op(BitCount, k, k, e)
		}
		out[n] = r
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

// extended compiles the instructions with a two-member struct result.
func (b *builder) extended(in *instance, x *spirv.Instruction, t *typ) error {
	v1, st, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	v2, _, err := b.scalars(in, spirv.ID(x.Operands[1]))
	if err != nil {
		return err
	}
	if narrowBits(st) != 0 {
		return unsupported(x.Op.String(), "on narrow integers")
	}
	k := st.scalarOf().kind()
	lo := make([]Value, len(v1))
	hi := make([]Value, len(v1))
	for n := range v1 {
		switch x.Op {
		case spirv.OpUMulExtended:
			lo[n], hi[n] = b.op(Mul, k, k, v1[n], v2[n]), b.op(UMulHi, k, k, v1[n], v2[n])
		case spirv.OpSMulExtended:
			lo[n], hi[n] = b.op(Mul, k, k, v1[n], v2[n]), b.op(SMulHi, k, k, v1[n], v2[n])
		case spirv.OpIAddCarry:
			lo[n] = b.op(Add, k, k, v1[n], v2[n])
			hi[n] = b.op(Select, k, k, b.op(ULt, k, Mask, lo[n], v1[n]), b.konst(k, 1), b.konst(k, 0))
		case spirv.OpISubBorrow:
			lo[n] = b.op(Sub, k, k, v1[n], v2[n])
			hi[n] = b.op(Select, k, k, b.op(ULt, k, Mask, v1[n], v2[n]), b.konst(k, 1), b.konst(k, 0))
		}
	}
	in.env[x.Result] = &sval{t: t, leaves: append(lo, hi...)}
	return nil
}

func (b *builder) convert(in *instance, x *spirv.Instruction, t *typ) error {
	v, st, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	s, d := st.scalarOf(), t.scalarOf()
	if isHalf(s) || isHalf(d) {
		return b.convertHalf(in, x, t, v, st)
	}
	sk, dk := s.kind(), d.kind()
	out := make([]Value, len(v))
	for n, e := range v {
		var r Value
		switch x.Op {
		case spirv.OpConvertSToF:
			r = b.op(SToF, sk, dk, b.sext(e, narrowBits(st)))
		case spirv.OpConvertUToF:
			r = b.op(UToF, sk, dk, e)
		case spirv.OpConvertFToS:
			r = b.opImm(FToS, sk, dk, int64(d.width), e)
		case spirv.OpConvertFToU:
			r = b.opImm(FToU, sk, dk, int64(d.width), e)
		case spirv.OpFConvert:
			r = e
			if sk != dk {
				r = b.op(FConvert, sk, dk, e)
			}
		case spirv.OpSConvert, spirv.OpUConvert:
			signed := x.Op == spirv.OpSConvert
			r = e
			switch {
			case s.width == d.width:
			case s.width == 64:
				r = b.zext(b.op(Trunc64, I64, I32, e), narrowBits(t))
			case d.width == 64:
				if signed {
					r = b.op(SextTo64, I32, I64, b.sext(e, narrowBits(st)))
				} else {
					r = b.op(ZextTo64, I32, I64, e)
				}
			case signed:
				r = b.zext(b.sext(e, narrowBits(st)), narrowBits(t))
			default:
				r = b.zext(e, narrowBits(t))
			}
		}
		out[n] = r
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

// bitcast reinterprets bits: same-width scalars one to one, or 64-bit
// scalars from and to pairs of 32-bit ones.
func (b *builder) bitcast(in *instance, x *spirv.Instruction, t *typ) error {
	sv, err := b.get(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if sv.ptr != nil || t.op == spirv.OpTypePointer {
		return unsupported(x.Op.String(), "of pointers")
	}
	v, st := sv.leaves, sv.t
	s, d := st.scalarOf(), t.scalarOf()
	var out []Value
	switch {
	case s.width == d.width && len(v) == len(t.leaves) && (s.width >= 32 || isHalf(s) || isHalf(d)):
		for _, e := range v {
			if s.kind() == d.kind() {
				out = append(out, e)
			} else {
				out = append(out, b.op(Bitcast, s.kind(), d.kind(), e))
			}
		}
	case s.width == 16 && d.width >= 32 || s.width >= 32 && d.width == 16:
		var ok bool
		if out, ok = b.bitcast16(v, s, d, len(t.leaves)); !ok {
			return unsupported(x.Op.String(), "from %d×%d bits to %d×%d bits", len(v), s.width, len(t.leaves), d.width)
		}
	case s.width == 32 && d.width == 64 && len(v) == 2*len(t.leaves):
		for n := range t.leaves {
			lo, hi := v[2*n], v[2*n+1]
			if s.kind() != I32 {
				lo, hi = b.op(Bitcast, s.kind(), I32, lo), b.op(Bitcast, s.kind(), I32, hi)
			}
			out = append(out, b.op(Pack64, I32, d.kind(), lo, hi))
		}
	case s.width == 64 && d.width == 32 && 2*len(v) == len(t.leaves):
		for _, e := range v {
			lo := b.op(Trunc64, I64, I32, e)
			hi := b.op(Hi32, s.kind(), I32, e)
			if s.kind() == F64 {
				lo = b.op(Trunc64, I64, I32, b.op(Bitcast, F64, I64, e))
			}
			if d.kind() != I32 {
				lo, hi = b.op(Bitcast, I32, d.kind(), lo), b.op(Bitcast, I32, d.kind(), hi)
			}
			out = append(out, lo, hi)
		}
	default:
		return unsupported(x.Op.String(), "from %d×%d bits to %d×%d bits", len(v), s.width, len(t.leaves), d.width)
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

// extInst compiles GLSL.std.450 instructions; NonSemantic ones do nothing.
func (b *builder) extInst(in *instance, x *spirv.Instruction) error {
	set := b.x.Defs[spirv.ID(x.Operands[0])]
	if set == nil {
		return unsupported("OpExtInst", "an unknown set")
	}
	name, _, _ := spirv.DecodeString(set.Operands)
	if len(name) >= 12 && name[:12] == "NonSemantic." {
		return nil
	}
	if name != "GLSL.std.450" {
		return unsupported("OpExtInst", "set %s", name)
	}
	num := spirv.GLSLstd450(x.Operands[1])
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	var args [][]Value
	var at *typ
	var halves []bool // which operands are halves
	for _, w := range x.Operands[2:] {
		v, vt, err := b.scalars(in, spirv.ID(w))
		if err != nil {
			return err
		}
		if at == nil {
			at = vt
		}
		args = append(args, v)
		halves = append(halves, isHalf(vt))
	}
	if at == nil || len(t.leaves) == 0 {
		return unsupported("OpExtInst", "GLSL.std.450 %s", num)
	}
	if at.scalarOf().op == spirv.OpTypeFloat {
		if out, ok := b.geometric(num, at.scalarOf().kind(), args, t); ok { // geometric.go
			in.env[x.Result] = &sval{t: t, leaves: out}
			return nil
		}
	}
	for _, v := range args {
		if len(v) != len(t.leaves) {
			return unsupported("OpExtInst", "GLSL.std.450 %s on mixed sizes", num)
		}
	}
	sc := at.scalarOf()
	k := sc.kind()
	isFloat := sc.op == spirv.OpTypeFloat
	half := isFloat && isHalf(sc)
	if half {
		// On F32 (Fma on F64: half.go), the result rounded to half.
		k = F32
		for i := range args {
			if halves[i] {
				args[i] = b.halfIns(args[i])
			}
		}
	}
	nb := narrowBits(at)
	out := make([]Value, len(t.leaves))
	for n := range out {
		arg := func(i int) Value { return args[i][n] }
		sarg := func(i int) Value { return b.sext(args[i][n], nb) }
		var r Value
		switch {
		case half && num == spirv.GLSLstd450Fma && len(args) == 3:
			r = b.halfFma(arg(0), arg(1), arg(2))
		case isFloat && num == spirv.GLSLstd450FAbs && len(args) == 1:
			r = b.op(FAbs, k, k, arg(0))
		case isFloat && num == spirv.GLSLstd450Sqrt && len(args) == 1:
			r = b.op(Sqrt, k, k, arg(0))
		case isFloat && num == spirv.GLSLstd450Floor && len(args) == 1:
			r = b.op(Floor, k, k, arg(0))
		case isFloat && num == spirv.GLSLstd450Ceil && len(args) == 1:
			r = b.op(Ceil, k, k, arg(0))
		case isFloat && num == spirv.GLSLstd450Trunc && len(args) == 1:
			r = b.op(Trunc, k, k, arg(0))
		case isFloat && num == spirv.GLSLstd450RoundEven && len(args) == 1:
			r = b.op(RoundEven, k, k, arg(0))
		case isFloat && (num == spirv.GLSLstd450FMin || num == spirv.GLSLstd450NMin) && len(args) == 2:
			r = b.op(FMin, k, k, arg(0), arg(1))
		case isFloat && (num == spirv.GLSLstd450FMax || num == spirv.GLSLstd450NMax) && len(args) == 2:
			r = b.op(FMax, k, k, arg(0), arg(1))
		case isFloat && (num == spirv.GLSLstd450FClamp || num == spirv.GLSLstd450NClamp) && len(args) == 3:
			r = b.op(FMin, k, k, b.op(FMax, k, k, arg(0), arg(1)), arg(2))
		case isFloat && num == spirv.GLSLstd450Fma && len(args) == 3:
			r = b.op(Fma, k, k, arg(0), arg(1), arg(2))
		case isFloat && mathOps[num] == len(args):
			r = b.opImm(Math, k, k, int64(num), args0(args, n)...)
		case !isFloat && num == spirv.GLSLstd450UMin && len(args) == 2:
			r = b.op(UMin, k, k, arg(0), arg(1))
		case !isFloat && num == spirv.GLSLstd450UMax && len(args) == 2:
			r = b.op(UMax, k, k, arg(0), arg(1))
		case !isFloat && num == spirv.GLSLstd450SMin && len(args) == 2:
			r = b.zext(b.op(SMin, k, k, sarg(0), sarg(1)), nb)
		case !isFloat && num == spirv.GLSLstd450SMax && len(args) == 2:
			r = b.zext(b.op(SMax, k, k, sarg(0), sarg(1)), nb)
		case !isFloat && num == spirv.GLSLstd450UClamp && len(args) == 3:
			r = b.op(UMin, k, k, b.op(UMax, k, k, arg(0), arg(1)), arg(2))
		case !isFloat && num == spirv.GLSLstd450SClamp && len(args) == 3:
			r = b.zext(b.op(SMin, k, k, b.op(SMax, k, k, sarg(0), sarg(1)), sarg(2)), nb)
		case !isFloat && num == spirv.GLSLstd450SAbs && len(args) == 1:
			r = b.zext(b.op(SAbs, k, k, sarg(0)), nb)
		case !isFloat && nb == 0 && num == spirv.GLSLstd450FindILsb && len(args) == 1:
			r = b.op(FindILsb, k, k, arg(0))
		case !isFloat && nb == 0 && num == spirv.GLSLstd450FindUMsb && len(args) == 1:
			r = b.op(FindUMsb, k, k, arg(0))
		default:
			return unsupported("OpExtInst", "GLSL.std.450 %s", num)
		}
		if half {
			r = b.halfOut(r, F32)
		}
		out[n] = r
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

func args0(args [][]Value, n int) []Value {
	out := make([]Value, len(args))
	for i := range args {
		out[i] = args[i][n]
	}
	return out
}

// mathOps are the GLSL.std.450 float instructions the Math op computes
// (in float64), by operand count.
var mathOps = map[spirv.GLSLstd450]int{
	spirv.GLSLstd450Round: 1, spirv.GLSLstd450FSign: 1, spirv.GLSLstd450Fract: 1,
	spirv.GLSLstd450Radians: 1, spirv.GLSLstd450Degrees: 1,
	spirv.GLSLstd450Sin: 1, spirv.GLSLstd450Cos: 1, spirv.GLSLstd450Tan: 1, spirv.GLSLstd450Asin: 1,
	spirv.GLSLstd450Acos: 1, spirv.GLSLstd450Atan: 1, spirv.GLSLstd450Sinh: 1, spirv.GLSLstd450Cosh: 1,
	spirv.GLSLstd450Tanh: 1, spirv.GLSLstd450Asinh: 1, spirv.GLSLstd450Acosh: 1, spirv.GLSLstd450Atanh: 1,
	spirv.GLSLstd450Exp: 1, spirv.GLSLstd450Log: 1, spirv.GLSLstd450Exp2: 1, spirv.GLSLstd450Log2: 1,
	spirv.GLSLstd450InverseSqrt: 1, spirv.GLSLstd450Atan2: 2, spirv.GLSLstd450Pow: 2,
	spirv.GLSLstd450Step: 2, spirv.GLSLstd450FMix: 3, spirv.GLSLstd450SmoothStep: 3,
}

// arrayLength compiles OpArrayLength: the
// elements of the runtime array member that fit in the bound buffer.
func (b *builder) arrayLength(in *instance, x *spirv.Instruction) error {
	pv, err := b.get(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if pv.ptr == nil || pv.ptr.region < 0 || b.p.Regions[pv.ptr.region].Kind != RegionBuffer ||
		!b.p.Values[pv.ptr.off].Const || pv.ptr.t.op != spirv.OpTypeStruct || int(x.Operands[1]) >= len(pv.ptr.t.fields) {
		return unsupported("OpArrayLength", "not of a buffer's struct")
	}
	st := pv.ptr.t
	m := int(x.Operands[1])
	start := b.p.Values[pv.ptr.off].Bits + uint64(st.offs[m])
	stride := uint64(max(st.fields[m].stride, 1))
	n := b.newValue(I32, Uniform)
	b.forget()
	b.emit(Op{Code: RegionLength, Kind: I32, Dst: n, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: int64(pv.ptr.region)})
	short := b.op(ULt, I32, Mask, n, b.konst(I32, start))
	q := b.op(UDiv, I32, I32, b.op(Sub, I32, I32, n, b.konst(I32, start)), b.konst(I32, stride))
	r := b.op(Select, I32, I32, short, b.konst(I32, 0), q)
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	in.env[x.Result] = &sval{t: t, leaves: []Value{r}}
	return nil
}

// selectPointer compiles OpSelect of two pointers: into the same memory
// (a variable's region, or physical addresses) a select of their
// offsets, into two memories a ptrSel.
func (b *builder) selectPointer(in *instance, x *spirv.Instruction, t *typ) error {
	c, _, err := b.scalars(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	p, err := b.get(in, spirv.ID(x.Operands[1]))
	if err != nil {
		return err
	}
	q, err := b.get(in, spirv.ID(x.Operands[2]))
	if err != nil {
		return err
	}
	if len(c) != 1 || p.ptr == nil || q.ptr == nil || p.ptr.region < 0 && p.ptr.region != physRegion ||
		q.ptr.region < 0 && q.ptr.region != physRegion || p.ptr.comp >= 0 || q.ptr.comp >= 0 {
		return unsupported(x.Op.String(), "of pointers that are not into memory")
	}
	if p.ptr.region != q.ptr.region {
		// Into two memories: each lane's access goes to its own (selptr.go).
		in.env[x.Result] = &sval{t: t, sel: &ptrSel{c: c[0], a: *p.ptr, b: *q.ptr}}
		return nil
	}
	k := b.kindOf(p.ptr.off)
	r := *p.ptr
	r.off = b.op(Select, k, k, c[0], p.ptr.off, q.ptr.off)
	in.env[x.Result] = &sval{t: t, ptr: &r}
	return nil
}
