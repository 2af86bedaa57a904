package lanes

import (
	"fmt"
	"strings"
)

var codeNames = [...]string{
	Nop: "Nop", Label: "Label", Jump: "Jump", JumpIfNone: "JumpIfNone", JumpIfAny: "JumpIfAny",
	Barrier: "Barrier", Exit: "Exit", Unreachable: "Unreachable", Copy: "Copy", Select: "Select",
	LocalID: "LocalID", LocalIndex: "LocalIndex", GroupID: "GroupID", GlobalID: "GlobalID",
	NumGroups: "NumGroups", WorkgroupSize: "WorkgroupSize",
	Add: "Add", Sub: "Sub", Mul: "Mul", UMulHi: "UMulHi", SMulHi: "SMulHi", UDiv: "UDiv", SDiv: "SDiv",
	UMod: "UMod", SRem: "SRem", SMod: "SMod", And: "And", Or: "Or", Xor: "Xor", Not: "Not", Neg: "Neg",
	Shl: "Shl", ShrU: "ShrU", ShrS: "ShrS", UMin: "UMin", UMax: "UMax", SMin: "SMin", SMax: "SMax",
	SAbs: "SAbs", BitCount: "BitCount", BitReverse: "BitReverse", FindILsb: "FindILsb", FindUMsb: "FindUMsb",
	Zext: "Zext", Sext: "Sext", Eq: "Eq", Ne: "Ne", ULt: "ULt", ULe: "ULe", SLt: "SLt", SLe: "SLe",
	MaskAnd: "MaskAnd", MaskOr: "MaskOr", MaskAndNot: "MaskAndNot", MaskNot: "MaskNot", MaskXor: "MaskXor",
	FAdd: "FAdd", FSub: "FSub", FMul: "FMul", FDiv: "FDiv", FNeg: "FNeg", FMin: "FMin", FMax: "FMax",
	Fma: "Fma", FAbs: "FAbs", Sqrt: "Sqrt", Floor: "Floor", Ceil: "Ceil", Trunc: "Trunc", RoundEven: "RoundEven",
	Math: "Math", FOrdEq: "FOrdEq", FOrdNe: "FOrdNe", FOrdLt: "FOrdLt", FOrdLe: "FOrdLe",
	FUnordEq: "FUnordEq", FUnordNe: "FUnordNe", FUnordLt: "FUnordLt", FUnordLe: "FUnordLe",
	IsNan: "IsNan", IsInf: "IsInf", SignBit: "SignBit", IsOrdered: "IsOrdered",
	SToF: "SToF", UToF: "UToF", FToS: "FToS", FToU: "FToU", FConvert: "FConvert",
	ZextTo64: "ZextTo64", SextTo64: "SextTo64", Trunc64: "Trunc64", Hi32: "Hi32", Pack64: "Pack64",
	Bitcast: "Bitcast", Index: "Index", Load: "Load", Store: "Store", Atomic: "Atomic",
	LiveLanes: "LiveLanes", FRem: "FRem", FMod: "FMod", RegionLength: "RegionLength",
	ImageFetch: "ImageFetch", ImageSample: "ImageSample", ImagePart: "ImagePart", ImageTexel: "ImageTexel",
	ImageWrite: "ImageWrite", ImageSize: "ImageSize",
	HalfToF: "HalfToF", FToHalf: "FToHalf",
	PhysLoad: "PhysLoad", PhysStore: "PhysStore", PhysAtomic: "PhysAtomic",
	SubgroupSync: "SubgroupSync", Subgroup: "Subgroup",
}

func (c Code) String() string {
	if int(c) < len(codeNames) && codeNames[c] != "" {
		return codeNames[c]
	}
	return fmt.Sprintf("Code(%d)", c)
}

// String prints an op for debugging: "v3 = Add.i32 v1 v2 #imm".
func (p *Program) String() string {
	var s strings.Builder
	for i, o := range p.Ops {
		fmt.Fprintf(&s, "%4d ", i)
		if o.Dst != NoValue {
			fmt.Fprintf(&s, "v%d = ", o.Dst)
		}
		fmt.Fprintf(&s, "%s.%s", o.Code, o.Kind)
		for _, a := range []Value{o.A, o.B, o.C} {
			if a != NoValue {
				if p.Values[a].Const {
					fmt.Fprintf(&s, " #%#x", p.Values[a].Bits)
				} else {
					fmt.Fprintf(&s, " v%d", a)
				}
			}
		}
		if o.M != NoValue {
			fmt.Fprintf(&s, " [m v%d]", o.M)
		}
		if o.Imm != 0 || o.Imm2 != 0 {
			fmt.Fprintf(&s, " imm=%d,%d", o.Imm, o.Imm2)
		}
		s.WriteByte('\n')
	}
	return s.String()
}
