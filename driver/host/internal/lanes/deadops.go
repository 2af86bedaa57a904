package lanes

// Dead ops. Build emits an op when it meets its instruction, before it
// knows whether anything reads the result, and folds (boolfold.go) leave
// the Selects and MaskNots they looked through unread. An op without
// effects (no memory, no trap, no control flow, no texel register) whose
// result no op reads does nothing: dropDeadOps removes it, walking the
// program backwards so that the operands of a removed op may go too. An
// op read only by an op placed before it (a loop's back edge) stays, which
// errs on the side of keeping.

// pureCode reports whether ops of code only compute their Dst from their
// operands.
func pureCode(code Code) bool {
	switch code {
	case Copy, Select, LocalID, LocalIndex, GroupID, GlobalID, NumGroups, WorkgroupSize,
		Add, Sub, Mul, UMulHi, SMulHi, UDiv, SDiv, UMod, SRem, SMod, And, Or, Xor, Not, Neg,
		Shl, ShrU, ShrS, UMin, UMax, SMin, SMax, SAbs, BitCount, BitReverse, FindILsb, FindUMsb,
		Zext, Sext, Eq, Ne, ULt, ULe, SLt, SLe,
		MaskAnd, MaskOr, MaskAndNot, MaskNot, MaskXor,
		FAdd, FSub, FMul, FDiv, FNeg, FMin, FMax, Fma, FAbs, Sqrt, Floor, Ceil, Trunc, RoundEven, Math,
		FOrdEq, FOrdNe, FOrdLt, FOrdLe, FUnordEq, FUnordNe, FUnordLt, FUnordLe, IsNan, IsInf, SignBit, IsOrdered,
		SToF, UToF, FToS, FToU, FConvert, ZextTo64, SextTo64, Trunc64, Hi32, Pack64, Bitcast,
		Index, LiveLanes, FRem, FMod, HalfToF, FToHalf:
		return true
	}
	return false
}

// dropDeadOps removes the pure ops whose results no op reads.
func (b *builder) dropDeadOps() {
	ops := b.p.Ops
	reads := make([]int32, len(b.p.Values))
	for _, o := range ops {
		for _, v := range [...]Value{o.A, o.B, o.C, o.M} {
			if v >= 0 && int(v) < len(reads) {
				reads[v]++
			}
		}
	}
	dead := make([]bool, len(ops))
	n := 0
	for i := len(ops) - 1; i >= 0; i-- {
		o := &ops[i]
		if o.Dst < 0 || int(o.Dst) >= len(reads) || reads[o.Dst] > 0 || !pureCode(o.Code) {
			continue
		}
		dead[i] = true
		n++
		for _, v := range [...]Value{o.A, o.B, o.C, o.M} {
			if v >= 0 && int(v) < len(reads) {
				reads[v]--
			}
		}
	}
	if n == 0 {
		return
	}
	kept := ops[:0]
	for i, o := range ops {
		if !dead[i] {
			kept = append(kept, o)
		}
	}
	b.p.Ops = kept
}
