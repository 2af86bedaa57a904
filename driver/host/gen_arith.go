//go:build ignore

// gen_arith writes arith_gen.go: the lane loops of the element-wise numeric
// operations, one function per operation and numeric kind, so that the hot
// loops are straight-line Go with no call per lane.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"slices"
	"strings"
)

// An op is an element-wise operation. kinds: "i" integers (any width, the
// value zero-extended in its 64-bit slot, w the width), "f" floats in their
// own precision (f16 computed in float32), "F" floats computed in float64.
// raw: expr already yields the uint64 slot (booleans, integers).
type op struct {
	name  string
	ext   bool
	kinds string
	arity int
	expr  string
	raw   bool
}

var ops = []op{
	{"IAdd", false, "i", 2, "(A + B) & w.m", true},
	{"ISub", false, "i", 2, "(A - B) & w.m", true},
	{"IMul", false, "i", 2, "(A * B) & w.m", true},
	{"UDiv", false, "i", 2, "udiv(A, B)", true},
	{"SDiv", false, "i", 2, "uint64(sdiv(sx(A, w), sx(B, w))) & w.m", true},
	{"UMod", false, "i", 2, "umod(A, B)", true},
	{"SRem", false, "i", 2, "uint64(srem(sx(A, w), sx(B, w))) & w.m", true},
	{"SMod", false, "i", 2, "uint64(smod(sx(A, w), sx(B, w))) & w.m", true},
	{"ShiftLeftLogical", false, "i", 2, "(A << B) & w.m", true},
	{"ShiftRightLogical", false, "i", 2, "A >> B", true},
	{"ShiftRightArithmetic", false, "i", 2, "uint64(sx(A, w)>>min(B, 63)) & w.m", true},
	{"BitwiseOr", false, "i", 2, "A | B", true},
	{"BitwiseXor", false, "i", 2, "A ^ B", true},
	{"BitwiseAnd", false, "i", 2, "A & B", true},
	{"IEqual", false, "i", 2, "b2u(A == B)", true},
	{"INotEqual", false, "i", 2, "b2u(A != B)", true},
	{"UGreaterThan", false, "i", 2, "b2u(A > B)", true},
	{"SGreaterThan", false, "i", 2, "b2u(sx(A, w) > sx(B, w))", true},
	{"UGreaterThanEqual", false, "i", 2, "b2u(A >= B)", true},
	{"SGreaterThanEqual", false, "i", 2, "b2u(sx(A, w) >= sx(B, w))", true},
	{"ULessThan", false, "i", 2, "b2u(A < B)", true},
	{"SLessThan", false, "i", 2, "b2u(sx(A, w) < sx(B, w))", true},
	{"ULessThanEqual", false, "i", 2, "b2u(A <= B)", true},
	{"SLessThanEqual", false, "i", 2, "b2u(sx(A, w) <= sx(B, w))", true},
	{"LogicalEqual", false, "i", 2, "b2u(A == B)", true},
	{"LogicalNotEqual", false, "i", 2, "b2u(A != B)", true},
	{"LogicalOr", false, "i", 2, "A | B", true},
	{"LogicalAnd", false, "i", 2, "A & B", true},
	{"SNegate", false, "i", 1, "(-A) & w.m", true},
	{"Not", false, "i", 1, "^A & w.m", true},
	{"LogicalNot", false, "i", 1, "A ^ 1", true},
	{"BitCount", false, "i", 1, "uint64(bits.OnesCount64(A))", true},
	{"BitReverse", false, "i", 1, "bits.Reverse64(A) >> w.sh", true},

	{"FAdd", false, "f", 2, "A + B", false},
	{"FSub", false, "f", 2, "A - B", false},
	{"FMul", false, "f", 2, "A * B", false},
	{"FDiv", false, "f", 2, "A / B", false},
	{"FRem", false, "F", 2, "math.Mod(A, B)", false},
	{"FMod", false, "F", 2, "fmod(A, B)", false},
	{"FNegate", false, "f", 1, "-A", false},
	{"FOrdEqual", false, "f", 2, "b2u(A == B)", true},
	{"FUnordEqual", false, "f", 2, "b2u(!(A < B || A > B))", true},
	{"FOrdNotEqual", false, "f", 2, "b2u(A < B || A > B)", true},
	{"FUnordNotEqual", false, "f", 2, "b2u(A != B)", true},
	{"FOrdLessThan", false, "f", 2, "b2u(A < B)", true},
	{"FUnordLessThan", false, "f", 2, "b2u(!(A >= B))", true},
	{"FOrdGreaterThan", false, "f", 2, "b2u(A > B)", true},
	{"FUnordGreaterThan", false, "f", 2, "b2u(!(A <= B))", true},
	{"FOrdLessThanEqual", false, "f", 2, "b2u(A <= B)", true},
	{"FUnordLessThanEqual", false, "f", 2, "b2u(!(A > B))", true},
	{"FOrdGreaterThanEqual", false, "f", 2, "b2u(A >= B)", true},
	{"FUnordGreaterThanEqual", false, "f", 2, "b2u(!(A < B))", true},
	{"IsNan", false, "f", 1, "b2u(A != A)", true},
	{"IsInf", false, "F", 1, "b2u(math.IsInf(A, 0))", true},
	{"IsFinite", false, "F", 1, "b2u(!math.IsInf(A, 0) && A == A)", true},
	{"IsNormal", false, "F", 1, "isNormal(A, w)", true},
	{"SignBitSet", false, "F", 1, "b2u(math.Signbit(A))", true},
	{"Ordered", false, "f", 2, "b2u(A == A && B == B)", true},
	{"Unordered", false, "f", 2, "b2u(A != A || B != B)", true},

	{"Round", true, "F", 1, "math.Round(A)", false},
	{"RoundEven", true, "F", 1, "math.RoundToEven(A)", false},
	{"Trunc", true, "F", 1, "math.Trunc(A)", false},
	{"FAbs", true, "F", 1, "math.Abs(A)", false},
	{"FSign", true, "F", 1, "fsign(A)", false},
	{"Floor", true, "F", 1, "math.Floor(A)", false},
	{"Ceil", true, "F", 1, "math.Ceil(A)", false},
	{"Fract", true, "F", 1, "fract(A)", false},
	{"Radians", true, "F", 1, "A * (math.Pi / 180)", false},
	{"Degrees", true, "F", 1, "A * (180 / math.Pi)", false},
	{"Sin", true, "F", 1, "fmath.Sin(A)", false},
	{"Cos", true, "F", 1, "fmath.Cos(A)", false},
	{"Tan", true, "F", 1, "math.Tan(A)", false},
	{"Asin", true, "F", 1, "math.Asin(A)", false},
	{"Acos", true, "F", 1, "math.Acos(A)", false},
	{"Atan", true, "F", 1, "math.Atan(A)", false},
	{"Sinh", true, "F", 1, "math.Sinh(A)", false},
	{"Cosh", true, "F", 1, "math.Cosh(A)", false},
	{"Tanh", true, "F", 1, "math.Tanh(A)", false},
	{"Asinh", true, "F", 1, "math.Asinh(A)", false},
	{"Acosh", true, "F", 1, "math.Acosh(A)", false},
	{"Atanh", true, "F", 1, "math.Atanh(A)", false},
	{"Exp", true, "F", 1, "fmath.Exp(A)", false},
	{"Log", true, "F", 1, "fmath.Log(A)", false},
	{"Exp2", true, "F", 1, "fmath.Exp2(A)", false},
	{"Log2", true, "F", 1, "fmath.Log2(A)", false},
	{"Sqrt", true, "F", 1, "math.Sqrt(A)", false},
	{"InverseSqrt", true, "F", 1, "1 / math.Sqrt(A)", false},
	{"Atan2", true, "F", 2, "math.Atan2(A, B)", false},
	{"Pow", true, "F", 2, "math.Pow(A, B)", false},
	{"FMin", true, "f", 2, "fmath.Min(A, B)", false},
	{"FMax", true, "f", 2, "fmath.Max(A, B)", false},
	{"NMin", true, "f", 2, "fmath.Min(A, B)", false},
	{"NMax", true, "f", 2, "fmath.Max(A, B)", false},
	{"Step", true, "F", 2, "step(A, B)", false},
	{"FClamp", true, "f", 3, "fmath.Min(fmath.Max(A, B), C)", false},
	{"NClamp", true, "f", 3, "fmath.Min(fmath.Max(A, B), C)", false},
	{"FMix", true, "F", 3, "A + (B-A)*C", false},
	{"SmoothStep", true, "F", 3, "smoothstep(A, B, C)", false},
	{"Fma", true, "F", 3, "fmath.FMA(A, B, C, w.bits)", false},
	{"SAbs", true, "i", 1, "uint64(abs(sx(A, w))) & w.m", true},
	{"SSign", true, "i", 1, "uint64(sign(sx(A, w))) & w.m", true},
	{"UMin", true, "i", 2, "min(A, B)", true},
	{"UMax", true, "i", 2, "max(A, B)", true},
	{"SMin", true, "i", 2, "uint64(min(sx(A, w), sx(B, w))) & w.m", true},
	{"SMax", true, "i", 2, "uint64(max(sx(A, w), sx(B, w))) & w.m", true},
	{"UClamp", true, "i", 3, "min(max(A, B), C)", true},
	{"SClamp", true, "i", 3, "uint64(min(max(sx(A, w), sx(B, w)), sx(C, w))) & w.m", true},
	{"FindILsb", true, "i", 1, "findILsb(A, w)", true},
	{"FindUMsb", true, "i", 1, "findUMsb(A, w)", true},
	{"FindSMsb", true, "i", 1, "findSMsb(A, w)", true},
}

type kind struct {
	name, nk  string
	i32       bool   // 32-bit integers: no width mask or variable shifts
	dec, enc  string // decode a slot into the computing type; encode back
	rowDec    string // decode a row element (addressable), if not dec
	float     bool
	inF64     bool
	domainF64 bool
}

func main() {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen_arith.go; DO NOT EDIT.\n\npackage host\n\nimport (\n\t\"math\"\n\t\"math/bits\"\n\n\t\"github.com/clgo/clgo/driver/host/internal/fmath\"\n\t\"github.com/clgo/clgo/spirv\"\n)\n\n")
	regs := map[string][]string{}
	var asm []asmFunc
	for _, o := range ops {
		var ks []kind
		switch o.kinds {
		case "i":
			ks = []kind{{name: "i", nk: "nkInt", dec: "%s", enc: "%s"}, {name: "i32", nk: "nkI32", dec: "%s", enc: "%s", i32: true}}
		case "f":
			ks = []kind{
				{name: "f16", nk: "nkF16", dec: "h2f(uint16(%s))", enc: "uint64(f2h(%s))", float: true},
				{name: "f32", nk: "nkF32", dec: "math.Float32frombits(uint32(%s))", rowDec: "f32row(&%s)", enc: "uint64(math.Float32bits(%s))", float: true},
				{name: "f64", nk: "nkF64", dec: "math.Float64frombits(%s)", enc: "math.Float64bits(%s)", float: true},
			}
		case "F":
			ks = []kind{
				{name: "f16", nk: "nkF16", dec: "float64(h2f(uint16(%s)))", enc: "uint64(f2h(float32(%s)))", float: true},
				{name: "f32", nk: "nkF32", dec: "float64(math.Float32frombits(uint32(%s)))", rowDec: "float64(f32row(&%s))", enc: "uint64(math.Float32bits(float32(%s)))", float: true},
				{name: "f64", nk: "nkF64", dec: "math.Float64frombits(%s)", enc: "math.Float64bits(%s)", float: true},
			}
		}
		for _, k := range ks {
			set := "false"
			if o.ext {
				set = "true"
			}
			name := "uint32(spirv.Op" + o.name + ")"
			if o.ext {
				name = "uint32(spirv.GLSLstd450" + o.name + ")"
			}
			for _, sh := range shapes[o.arity] {
				fn := fmt.Sprintf("loop%s_%s%s", o.name, k.name, sh.suffix)
				if o.ext {
					fn = "glsl" + fn
				}
				var simd []simdCall // the fastest first
				for _, suffix := range []string{sh.suffix + "k", sh.suffix} {
					if so := simdOpFor(o, k, suffix); so != nil {
						name := "simd" + o.name + "_" + k.name + suffix
						simd = append(simd, simdCall{name, simdGuards[[3]string{o.name, k.name, suffix}]})
						asm = append(asm, asmFunc{name: name, params: []string{"a", "b", "c"}[:o.arity], uniform: sh.uniform, body: so.tmpl})
					}
				}
				writeLoop(&b, fn, o, k, sh.uniform, simd)
				regs[sh.table] = append(regs[sh.table], fmt.Sprintf("\t{%s, %s, %s}: %s,\n", name, k.nk, set, fn))
			}
		}
	}
	for _, t := range tables {
		fmt.Fprintf(&b, "var %s = map[loopKey]%s{\n", t.name, t.typ)
		for _, s := range regs[t.name] {
			b.WriteString(s)
		}
		b.WriteString("}\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		os.WriteFile("arith_gen.go", b.Bytes(), 0o644)
		log.Fatal(err)
	}
	if err := os.WriteFile("arith_gen.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
	writeSIMD(append(asm, extraAsm()...))
}

// A shape says which operands of a loop are one value for every lane (a
// lane-uniform operand is passed as a scalar slot).
type shape struct {
	suffix, table string
	uniform       []bool
}

var shapes = [4][]shape{
	1: {{"", "loops1", []bool{false}}},
	2: {{"", "loops2", []bool{false, false}}, {"_vs", "loops2vs", []bool{false, true}}, {"_sv", "loops2sv", []bool{true, false}}},
	3: {{"", "loops3", []bool{false, false, false}}, {"_vss", "loops3vss", []bool{false, true, true}}},
}

var tables = []struct{ name, typ string }{
	{"loops1", "loop1"}, {"loops2", "loop2"}, {"loops2vs", "loop2vs"}, {"loops2sv", "loop2sv"},
	{"loops3", "loop3"}, {"loops3vss", "loop3vss"},
}

// writeLoop writes one lane loop; uniform operands are decoded once.
// simdCall is a SIMD loop a Go loop may call, and the condition on its
// operands for calling it.
type simdCall struct{ name, guard string }

func writeLoop(b *bytes.Buffer, fn string, o op, k kind, uniform []bool, simd []simdCall) {
	vars := []string{"a", "b", "c"}[:o.arity]
	var params []string
	for i, v := range vars {
		if uniform[i] {
			params = append(params, v+" uint64")
		} else {
			params = append(params, v+" []uint64")
		}
	}
	fmt.Fprintf(b, "func %s(d []uint64, %s, w intw) {\n", fn, strings.Join(params, ", "))
	for i, v := range vars {
		if uniform[i] {
			fmt.Fprintf(b, "\t%s := %s\n", strings.ToUpper(v), fmt.Sprintf(k.dec, v))
		} else {
			fmt.Fprintf(b, "\t%s = %s[:len(d)]\n", v, v)
		}
	}
	if len(simd) > 0 {
		// A SIMD loop takes the first n lanes, a multiple of 8.
		args, rest := []string{"&d[0]"}, []string{"d"}
		for i, v := range vars {
			if uniform[i] {
				args = append(args, v)
			} else {
				args = append(args, "&"+v+"[0]")
				rest = append(rest, v)
			}
		}
		slices := make([]string, len(rest))
		for i, v := range rest {
			slices[i] = v + "[n:]"
		}
		b.WriteString("\tif n := simdLen(len(d)); ")
		for i, c := range simd {
			guard := ""
			if c.guard != "" {
				guard = " && " + c.guard
			}
			if i > 0 {
				b.WriteString(" else if ")
			}
			fmt.Fprintf(b, "n > 0%s {\n\t\t%s(%s, n)\n", guard, c.name, strings.Join(args, ", "))
			fmt.Fprintf(b, "\t\t%s = %s\n\t}", strings.Join(rest, ", "), strings.Join(slices, ", "))
		}
		b.WriteString("\n")
	}
	b.WriteString("\tfor i := range d {\n")
	rowDec := k.rowDec
	if rowDec == "" {
		rowDec = k.dec
	}
	for i, v := range vars {
		if !uniform[i] {
			fmt.Fprintf(b, "\t\t%s := %s\n", strings.ToUpper(v), fmt.Sprintf(rowDec, v+"[i]"))
		}
	}
	expr := o.expr
	if k.name == "f64" {
		// fmath's transcendental functions are for float32 values
		// (half and float widen exactly); double keeps Go's math.
		for _, f := range []string{"Sin", "Cos", "Exp", "Exp2", "Log", "Log2"} {
			expr = strings.ReplaceAll(expr, "fmath."+f+"(", "math."+f+"(")
		}
	}
	if k.i32 {
		// Slots hold the value zero-extended: truncating conversions
		// sign-extend and mask for free.
		for _, v := range []string{"A", "B", "C"} {
			expr = strings.ReplaceAll(expr, "sx("+v+", w)", "int64(int32("+v+"))")
		}
		expr = strings.ReplaceAll(expr, "w.m", "0xffffffff")
		expr = strings.ReplaceAll(expr, "w.sh", "32")
	}
	if !o.raw {
		expr = fmt.Sprintf(k.enc, expr)
	}
	fmt.Fprintf(b, "\t\td[i] = %s\n\t}\n", expr)
	b.WriteString("}\n\n")
}

// SIMD. On amd64 with AVX2 the hottest loops (32-bit floats and integers,
// most of the shared kernels' work) run four slots to a ymm register: the
// slot's low word holds the value and its high word stays zero, so most
// operations work on the whole slot and mask off the high word. The Go loop
// handles what is left over (fewer than 8 lanes) and every other machine.
// Each template computes {d} from {a}, {b} (and {c}); {t}, {u} and {v} are
// scratch; Y15 holds 0xffffffff in each slot, Y14 holds 1, Y13 zero.
type simdOp struct {
	op, kind string // as in ops; kind f32 or i32
	shapes   string // which of "", "_vs", "_sv" have a SIMD loop
	tmpl     string
}

// simdGuards are Go conditions on the operands for using a SIMD loop.
var simdGuards = map[[3]string]string{
	{"IAdd", "i", ""}:                "w.bits == 64",
	{"IAdd", "i", "_vs"}:             "w.bits == 64",
	{"IAdd", "i", "_sv"}:             "w.bits == 64",
	{"ISub", "i", ""}:                "w.bits == 64",
	{"ISub", "i", "_vs"}:             "w.bits == 64",
	{"ISub", "i", "_sv"}:             "w.bits == 64",
	{"ShiftLeftLogical", "i", ""}:    "w.bits == 64",
	{"ShiftLeftLogical", "i", "_vs"}: "w.bits == 64",
	{"ShiftLeftLogical", "i", "_sv"}: "w.bits == 64",
	{"Not", "i", ""}:                 "w.bits == 64",
	{"FClamp", "f32", "_vss"}:        "!isNaN32(b) && !isNaN32(c)",
	{"NClamp", "f32", "_vss"}:        "!isNaN32(b) && !isNaN32(c)",
	{"FClamp", "f32", "_vssk"}:       "!isNaN32(b) && !isNaN32(c) && uint32(b) != 0x80000000 && uint32(c) != 0",
	{"NClamp", "f32", "_vssk"}:       "!isNaN32(b) && !isNaN32(c) && uint32(b) != 0x80000000 && uint32(c) != 0",
}

const (
	mask32 = "\n\tVPAND Y15, {d}, {d}"
	bool1  = "\n\tVPAND Y14, {d}, {d}"  // all-ones slot or low word to 1
	not1   = "\n\tVPADDQ Y14, {d}, {d}" // all-ones slot to 0, zero to 1
	sx32   = "\tVPSLLQ $32, {a}, {t}\n\tVPSLLQ $32, {b}, {u}\n"
)

// fcmp compares floats with a VCMPPS predicate.
func fcmp(pred int) string { return fmt.Sprintf("\tVCMPPS $%d, {b}, {a}, {d}", pred) + bool1 }

var simdOps = []simdOp{
	{"FAdd", "f32", ",_vs,_sv", "\tVADDPS {b}, {a}, {d}" + mask32},
	{"FSub", "f32", ",_vs,_sv", "\tVSUBPS {b}, {a}, {d}" + mask32},
	{"FMul", "f32", ",_vs,_sv", "\tVMULPS {b}, {a}, {d}" + mask32},
	{"FDiv", "f32", ",_vs,_sv", "\tVDIVPS {b}, {a}, {d}" + mask32},
	{"FOrdEqual", "f32", ",_vs,_sv", fcmp(0x00)},
	{"FUnordEqual", "f32", ",_vs,_sv", fcmp(0x08)},
	{"FOrdNotEqual", "f32", ",_vs,_sv", fcmp(0x0c)},
	{"FUnordNotEqual", "f32", ",_vs,_sv", fcmp(0x04)},
	{"FOrdLessThan", "f32", ",_vs,_sv", fcmp(0x11)},
	{"FUnordLessThan", "f32", ",_vs,_sv", fcmp(0x19)},
	{"FOrdGreaterThan", "f32", ",_vs,_sv", fcmp(0x1e)},
	{"FUnordGreaterThan", "f32", ",_vs,_sv", fcmp(0x16)},
	{"FOrdLessThanEqual", "f32", ",_vs,_sv", fcmp(0x12)},
	{"FUnordLessThanEqual", "f32", ",_vs,_sv", fcmp(0x1a)},
	{"FOrdGreaterThanEqual", "f32", ",_vs,_sv", fcmp(0x1d)},
	{"FUnordGreaterThanEqual", "f32", ",_vs,_sv", fcmp(0x15)},
	// fmath.Min and fmath.Max: a NaN operand yields the other, equal operands (±0)
	// the bits of both or'ed (min) or and'ed (max), as fmath.Min and fmath.Max do.
	{"NMin", "f32", ",_vs,_sv", nminmax("VMINPS", "VORPS")},
	{"NMax", "f32", ",_vs,_sv", nminmax("VMAXPS", "VANDPS")},
	{"FMin", "f32", ",_vs,_sv", nminmax("VMINPS", "VORPS")},
	{"FMax", "f32", ",_vs,_sv", nminmax("VMAXPS", "VANDPS")},

	// Clamps between bounds that are numbers: the maximum of x and lo is lo
	// when x is NaN, as vmaxps gives; equal operands (±0) need their bits
	// and'ed (max) or or'ed (min).
	{"FClamp", "f32", "_vss", clampK},
	{"NClamp", "f32", "_vss", clampK},
	// And when no equal pair needs the fix: vmaxps gives its second
	// operand, lo, for x equal to lo (right unless lo is -0 and x +0);
	// vminps gives hi for equal operands (right unless hi is +0).
	{"FClamp", "f32", "_vssk", clampKK},
	{"NClamp", "f32", "_vssk", clampKK},
	{"FClamp", "f32", "", fclamp()},
	{"NClamp", "f32", "", fclamp()},

	{"IAdd", "i32", ",_vs,_sv", "\tVPADDQ {b}, {a}, {d}" + mask32},
	// Signed and unsigned minima and maxima of the low words; the high
	// words stay zero.
	{"SMin", "i32", ",_vs,_sv", "\tVPMINSD {b}, {a}, {d}"},
	{"SMax", "i32", ",_vs,_sv", "\tVPMAXSD {b}, {a}, {d}"},
	{"UMin", "i32", ",_vs,_sv", "\tVPMINUD {b}, {a}, {d}"},
	{"UMax", "i32", ",_vs,_sv", "\tVPMAXUD {b}, {a}, {d}"},
	{"SClamp", "i32", ",_vss", "\tVPMAXSD {b}, {a}, {t}\n\tVPMINSD {c}, {t}, {d}"},
	{"UClamp", "i32", ",_vss", "\tVPMAXUD {b}, {a}, {t}\n\tVPMINUD {c}, {t}, {d}"},
	{"ISub", "i32", ",_vs,_sv", "\tVPSUBQ {b}, {a}, {d}" + mask32},
	{"IMul", "i32", ",_vs,_sv", "\tVPMULUDQ {b}, {a}, {d}" + mask32},
	{"BitwiseAnd", "i32", ",_vs,_sv", "\tVPAND {b}, {a}, {d}"},
	{"BitwiseOr", "i32", ",_vs,_sv", "\tVPOR {b}, {a}, {d}"},
	{"BitwiseXor", "i32", ",_vs,_sv", "\tVPXOR {b}, {a}, {d}"},
	{"Not", "i32", "", "\tVPXOR Y15, {a}, {d}"}, // the low word's bits flipped, the high word stays zero
	{"LogicalAnd", "i32", ",_vs,_sv", "\tVPAND {b}, {a}, {d}"},
	{"LogicalOr", "i32", ",_vs,_sv", "\tVPOR {b}, {a}, {d}"},
	// Integers of any width (zero-extended in their slots) and booleans.
	{"BitwiseAnd", "i", ",_vs,_sv", "\tVPAND {b}, {a}, {d}"},
	{"BitwiseOr", "i", ",_vs,_sv", "\tVPOR {b}, {a}, {d}"},
	{"BitwiseXor", "i", ",_vs,_sv", "\tVPXOR {b}, {a}, {d}"},
	{"LogicalAnd", "i", ",_vs,_sv", "\tVPAND {b}, {a}, {d}"},
	{"LogicalOr", "i", ",_vs,_sv", "\tVPOR {b}, {a}, {d}"},
	{"IEqual", "i", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + bool1},
	{"INotEqual", "i", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + not1},
	{"LogicalEqual", "i", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + bool1},
	{"LogicalNotEqual", "i", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + not1},
	// 64-bit integers (long, ulong, the hash rounds of SHA-512): whole
	// slots, no mask (simdGuards limit them to 64-bit widths). Logical
	// right shifts of zero-extended values need no mask at any width;
	// counts of 64 or more give 0, as the Go loop does.
	{"IAdd", "i", ",_vs,_sv", "\tVPADDQ {b}, {a}, {d}"},
	{"ISub", "i", ",_vs,_sv", "\tVPSUBQ {b}, {a}, {d}"},
	{"ShiftLeftLogical", "i", ",_vs,_sv", "\tVPSLLVQ {b}, {a}, {d}"},
	{"ShiftRightLogical", "i", ",_vs,_sv", "\tVPSRLVQ {b}, {a}, {d}"},
	{"Not", "i", "", "\tVPCMPEQQ {t}, {t}, {t}\n\tVPXOR {t}, {a}, {d}"},
	// Shifts: counts of 64 or more give 0 (and the sign for arithmetic
	// shifts, which shift the low word, the high one staying zero).
	{"ShiftLeftLogical", "i32", ",_vs,_sv", "\tVPSLLVQ {b}, {a}, {d}" + mask32},
	{"ShiftRightLogical", "i32", ",_vs,_sv", "\tVPSRLVQ {b}, {a}, {d}"},
	{"ShiftRightArithmetic", "i32", ",_vs,_sv", "\tVPSRAVD {b}, {a}, {d}"},
	// Unsigned 32-bit values zero-extended compare as signed 64-bit ones;
	// signed ones shifted into the high word.
	{"IEqual", "i32", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + bool1},
	{"INotEqual", "i32", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + not1},
	{"LogicalEqual", "i32", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + bool1},
	{"LogicalNotEqual", "i32", ",_vs,_sv", "\tVPCMPEQQ {b}, {a}, {d}" + not1},
	{"UGreaterThan", "i32", ",_vs,_sv", "\tVPCMPGTQ {b}, {a}, {d}" + bool1},
	{"ULessThan", "i32", ",_vs,_sv", "\tVPCMPGTQ {a}, {b}, {d}" + bool1},
	{"UGreaterThanEqual", "i32", ",_vs,_sv", "\tVPCMPGTQ {a}, {b}, {d}" + not1},
	{"ULessThanEqual", "i32", ",_vs,_sv", "\tVPCMPGTQ {b}, {a}, {d}" + not1},
	{"SGreaterThan", "i32", ",_vs,_sv", sx32 + "\tVPCMPGTQ {u}, {t}, {d}" + bool1},
	{"SLessThan", "i32", ",_vs,_sv", sx32 + "\tVPCMPGTQ {t}, {u}, {d}" + bool1},
	{"SGreaterThanEqual", "i32", ",_vs,_sv", sx32 + "\tVPCMPGTQ {t}, {u}, {d}" + not1},
	{"SLessThanEqual", "i32", ",_vs,_sv", sx32 + "\tVPCMPGTQ {u}, {t}, {d}" + not1},
}

// nminmax is fmath.Min or fmath.Max (see simdOps).
func nminmax(op, eq string) string {
	return "\t" + op + " {b}, {a}, {t}\n" +
		"\tVCMPPS $0, {b}, {a}, {u}\n" +
		"\t" + eq + " {b}, {a}, {v}\n" +
		"\tVBLENDVPS {u}, {v}, {t}, {t}\n" +
		"\tVCMPPS $3, {b}, {b}, {u}\n" +
		"\tVBLENDVPS {u}, {a}, {t}, {t}\n" +
		"\tVCMPPS $3, {a}, {a}, {u}\n" +
		"\tVBLENDVPS {u}, {b}, {t}, {d}" + mask32
}

// clampKK is fmath.Min(fmath.Max(a, b), c) for b and c not NaN, b not -0, c not +0.
const clampKK = "\tVMAXPS {b}, {a}, {t}\n\tVMINPS {c}, {t}, {d}" + mask32

// clampK is fmath.Min(fmath.Max(a, b), c) for b and c not NaN.
const clampK = "\tVMAXPS {b}, {a}, {t}\n\tVCMPPS $0, {b}, {a}, {u}\n\tVANDPS {b}, {a}, {v}\n\tVBLENDVPS {u}, {v}, {t}, {t}\n" +
	"\tVMINPS {c}, {t}, {w}\n\tVCMPPS $0, {c}, {t}, {u}\n\tVORPS {c}, {t}, {v}\n\tVBLENDVPS {u}, {v}, {w}, {d}" + mask32

// fclamp is fmath.Min(fmath.Max(a, b), c), the maximum in {w}.
func fclamp() string {
	hi := strings.ReplaceAll(nminmax("VMAXPS", "VANDPS"), "{d}", "{w}")
	lo := strings.NewReplacer("{a}", "{w}", "{b}", "{c}").Replace(nminmax("VMINPS", "VORPS"))
	return hi + "\n" + lo
}

// simdOpFor returns the SIMD loop of an operation's shape, or nil.
func simdOpFor(o op, k kind, suffix string) *simdOp {
	for i, s := range simdOps {
		if s.op == o.name && s.kind == k.name && slices.Contains(strings.Split(s.shapes, ","), suffix) {
			return &simdOps[i]
		}
	}
	return nil
}

// An asmFunc is one generated assembly loop: operand i is a row (a
// pointer) or, where uniform[i], one slot broadcast to every lane.
type asmFunc struct {
	name    string
	params  []string
	uniform []bool
	body    string
	raw     string // the whole body, for loops that are not templates
	result  string // the result type, if any
	setup   string // instructions before the loop
}

var ptrRegs = []string{"SI", "DX", "R8", "R9"}

// writeAsm writes the loop: 8 lanes an iteration, two halves of four.
func writeAsm(b *bytes.Buffer, f asmFunc) {
	b.WriteString("// " + f.name + "\n")
	frame := 8 * (len(f.params) + 2)
	fmt.Fprintf(b, "TEXT ·%s(SB), NOSPLIT, $0-%d\n", f.name, frame)
	b.WriteString("\tMOVQ d+0(FP), DI\n")
	regs := map[string]string{"{d}": "Y3", "{t}": "Y4", "{u}": "Y5", "{v}": "Y6", "{w}": "Y7"}
	names := []string{"{a}", "{b}", "{c}", "{e}"}
	inReg := []int{0, 1, 2, 12} // Y3 is {d}
	for i, p := range f.params {
		name := strings.Fields(p)[0]
		if f.uniform[i] {
			fmt.Fprintf(b, "\tMOVQ %s+%d(FP), AX\n\tMOVQ AX, X%d\n\tVPBROADCASTQ X%d, Y%d\n", name, 8*(i+1), 8+i, 8+i, 8+i)
			regs[names[i]] = fmt.Sprintf("Y%d", 8+i)
		} else {
			fmt.Fprintf(b, "\tMOVQ %s+%d(FP), %s\n", name, 8*(i+1), ptrRegs[i])
			regs[names[i]] = fmt.Sprintf("Y%d", inReg[i])
		}
	}
	fmt.Fprintf(b, "\tMOVQ n+%d(FP), CX\n", 8*(len(f.params)+1))
	b.WriteString("\tVPCMPEQQ Y15, Y15, Y15\n\tVPSRLQ $63, Y15, Y14\n\tVPSRLQ $32, Y15, Y15\n\tVPXOR Y13, Y13, Y13\n")
	b.WriteString(f.setup)
	body := f.body
	for k, v := range regs {
		body = strings.ReplaceAll(body, k, v)
	}
	b.WriteString("loop:\n")
	for h := range 2 {
		for i := range f.params {
			if !f.uniform[i] {
				fmt.Fprintf(b, "\tVMOVDQU %d(%s), Y%d\n", 32*h, ptrRegs[i], inReg[i])
			}
		}
		b.WriteString(body + "\n")
		fmt.Fprintf(b, "\tVMOVDQU Y3, %d(DI)\n", 32*h)
	}
	for i := range f.params {
		if !f.uniform[i] {
			fmt.Fprintf(b, "\tADDQ $64, %s\n", ptrRegs[i])
		}
	}
	b.WriteString("\tADDQ $64, DI\n\tSUBQ $8, CX\n\tJNZ loop\n\tVZEROUPPER\n\tRET\n\n")
}

// extraAsm lists the SIMD loops that are not element-wise operations:
// OpSelect, the multiply-adds of mad.go and the 32-bit affine loads and
// stores of affine.go.
func extraAsm() []asmFunc {
	fs := []asmFunc{{name: "simdSelect", params: []string{"c", "x", "y"}, uniform: []bool{false, false, false},
		// A zero condition takes y.
		body: "\tVPCMPEQQ Y13, {a}, {u}\n\tVPBLENDVB {u}, {c}, {b}, {d}"}}
	fs = append(fs,
		asmFunc{name: "simdSToF32", params: []string{"a"}, uniform: []bool{false}, body: "\tVCVTDQ2PS {a}, {d}" + mask32},
		// An unsigned word as two exact halves, summed with one rounding.
		asmFunc{name: "simdUToF32", params: []string{"a"}, uniform: []bool{false},
			setup: "\tMOVL $0x47800000, AX\n\tMOVQ AX, X12\n\tVPBROADCASTD X12, Y12\n",
			body: "\tVPSRLD $16, {a}, {t}\n\tVPSLLD $16, {a}, {u}\n\tVPSRLD $16, {u}, {u}\n" +
				"\tVCVTDQ2PS {t}, {t}\n\tVCVTDQ2PS {u}, {u}\n\tVMULPS Y12, {t}, {t}\n\tVADDPS {u}, {t}, {d}" + mask32})
	fs = append(fs, asmFunc{name: "simdDot32", params: []string{"x *uint64", "y *uint64", "stride int", "comps int"}, raw: dot32},
		asmFunc{name: "simdWiden32", params: []string{"w *uint32"}, raw: widen32},
		asmFunc{name: "simdZeros", params: []string{}, raw: zeros, result: "int"},
		asmFunc{name: "simdGather32", params: []string{"p *byte", "step int64"}, raw: gather32},
		asmFunc{name: "simdNarrow32", params: []string{"w *uint32"}, raw: narrow32})
	return fs
}

// dot32 sets the slots at d to the float32 dot products of comps rows at
// x and y, stride bytes apart: the sum from +0, in order, each product
// rounded, as OpDot's Go loop does.
const dot32 = `	MOVQ d+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DX
	MOVQ stride+24(FP), BX
	MOVQ n+40(FP), CX
	VPCMPEQQ Y15, Y15, Y15
	VPSRLQ $32, Y15, Y15
loop:
	VXORPS Y0, Y0, Y0
	MOVQ SI, R10
	MOVQ DX, R11
	MOVQ comps+32(FP), R12
comp:
	VMOVDQU (R10), Y1
	VMULPS (R11), Y1, Y1
	VADDPS Y1, Y0, Y0
	ADDQ BX, R10
	ADDQ BX, R11
	DECQ R12
	JNZ comp
	VPAND Y15, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	SUBQ $4, CX
	JNZ loop
	VZEROUPPER
	RET
`

// zeros counts the zero slots of n at d.
const zeros = `	MOVQ d+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX
	VPXOR Y0, Y0, Y0
loop:
	VPCMPEQQ (SI), Y0, Y1
	VPCMPEQQ 32(SI), Y0, Y2
	VMOVMSKPD Y1, BX
	POPCNTL BX, BX
	ADDQ BX, AX
	VMOVMSKPD Y2, BX
	POPCNTL BX, BX
	ADDQ BX, AX
	ADDQ $64, SI
	SUBQ $8, CX
	JNZ loop
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET
`

// widen32 zero-extends n 32-bit words at w into the slots at d.
const widen32 = `	MOVQ d+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
loop:
	VPMOVZXDQ (SI), Y0
	VPMOVZXDQ 16(SI), Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ loop
	VZEROUPPER
	RET
`

// gather32 zero-extends n 32-bit words at p, p+step, p+2*step, ... into
// the slots at d; n*step must fit in an int32 (the gather's indices).
const gather32 = `	MOVQ d+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ step+16(FP), AX
	MOVQ n+24(FP), CX
	MOVQ AX, X2
	VPBROADCASTD X2, Y2
	VPMULLD ·iota8<>(SB), Y2, Y1
	VPSLLD $3, Y2, Y3
loop:
	VPCMPEQD Y4, Y4, Y4
	VPGATHERDD Y4, (SI)(Y1*1), Y0
	VEXTRACTI128 $1, Y0, X5
	VPMOVZXDQ X0, Y6
	VPMOVZXDQ X5, Y7
	VMOVDQU Y6, (DI)
	VMOVDQU Y7, 32(DI)
	VPADDD Y3, Y1, Y1
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ loop
	VZEROUPPER
	RET
`

// narrow32 stores the low words of n slots at d to w: the even words of
// two registers, then their 64-bit quarters back in order.
const narrow32 = `	MOVQ d+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
loop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VSHUFPS $0x88, Y1, Y0, Y2
	VPERMQ $0xd8, Y2, Y2
	VMOVDQU Y2, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JNZ loop
	VZEROUPPER
	RET
`

// writeSIMD writes the assembly loops, their Go declarations for amd64
// and stubs for other machines (where simdLen is always 0).
func writeSIMD(fs []asmFunc) {
	var s, decl, stub bytes.Buffer
	s.WriteString("// Code generated by gen_arith.go; DO NOT EDIT.\n\n//go:build amd64 && !purego\n\n#include \"textflag.h\"\n\n")
	for i := range 8 {
		fmt.Fprintf(&s, "DATA ·iota8<>+%d(SB)/4, $%d\n", 4*i, i)
	}
	s.WriteString("GLOBL ·iota8<>(SB), RODATA|NOPTR, $32\n\n")
	decl.WriteString("// Code generated by gen_arith.go; DO NOT EDIT.\n\n//go:build amd64 && !purego\n\npackage host\n\n")
	stub.WriteString("// Code generated by gen_arith.go; DO NOT EDIT.\n\n//go:build !amd64 || purego\n\npackage host\n\n")
	for _, f := range fs {
		params := []string{"d *uint64"}
		for i, p := range f.params {
			if strings.Contains(p, " ") {
				params = append(params, p)
			} else if f.uniform[i] {
				params = append(params, p+" uint64")
			} else {
				params = append(params, p+" *uint64")
			}
		}
		params = append(params, "n int")
		sig := fmt.Sprintf("func %s(%s)", f.name, strings.Join(params, ", "))
		stubBody := `panic("no SIMD")`
		frame := 8 * len(params)
		if f.result != "" {
			sig += " " + f.result
			frame += 8
		}
		fmt.Fprintf(&decl, "//go:noescape\n%s\n\n", sig)
		fmt.Fprintf(&stub, "%s { %s }\n\n", sig, stubBody)
		if f.raw != "" {
			fmt.Fprintf(&s, "// %s\nTEXT ·%s(SB), NOSPLIT, $0-%d\n%s\n", f.name, f.name, frame, f.raw)
			continue
		}
		writeAsm(&s, f)
	}
	if err := os.WriteFile("simd_amd64.s", s.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	for name, b := range map[string]*bytes.Buffer{"simd_gen_amd64.go": &decl, "simd_gen_other.go": &stub} {
		src, err := format.Source(b.Bytes())
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
