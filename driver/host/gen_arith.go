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
	written := map[string]string{} // a loop's code: its function
	vs := map[string]string{}      // "op/kind": its _vs loop
	var swapped [][2]string        // an _sv key, the "op/kind" mirrored
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
				key := fmt.Sprintf("{%s, %s, %s}", name, k.nk, set)
				if sh.suffix != "" && costly(o, k) {
					continue
				}
				if m, ok := mirrors[o.name]; ok && sh.suffix == "_sv" {
					// A uniform first operand: the mirrored operation's
					// loop with the operands swapped (resolved below).
					swapped = append(swapped, [2]string{key, fmt.Sprintf("%s/%s", m, k.name)})
					continue
				}
				fn := fmt.Sprintf("loop%s_%s%s", o.name, k.name, sh.suffix)
				if o.ext {
					fn = "glsl" + fn
				}
				var body bytes.Buffer
				writeLoop(&body, o, k, sh.uniform)
				// Loops that compile to the same code are written once:
				// an operation with no width in it (BitwiseAnd) serves
				// nkI32 with nkInt's loop, LogicalOr is BitwiseOr.
				if f, ok := written[body.String()]; ok {
					fn = f
				} else {
					written[body.String()] = fn
					fmt.Fprintf(&b, "func %s%s\n", fn, body.Bytes())
				}
				if sh.suffix == "_vs" {
					vs[o.name+"/"+k.name] = fn
				}
				regs[sh.table] = append(regs[sh.table], fmt.Sprintf("\t%s: %s,\n", key, fn))
			}
		}
	}
	for _, sw := range swapped {
		fn, ok := vs[sw[1]]
		if !ok {
			log.Fatalf("no loop %s_vs to mirror", sw[1])
		}
		regs["loops2sv"] = append(regs["loops2sv"], fmt.Sprintf("\t%s: swapped(%s),\n", sw[0], fn))
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

// costly says an operation's lanes cost a call or a division each: half
// floats convert through float32 and back (branches), "F" operations call
// package math or widen to float64. It has no loops with uniform operands:
// reading such an operand's row instead of one slot adds nothing
// measurable, and the row loop runs instead (uniform.go).
func costly(o op, k kind) bool {
	return k.name == "f16" || o.kinds == "F" || slices.Contains([]string{"UDiv", "SDiv", "UMod", "SRem", "SMod"}, o.name)
}

// mirrors are the two-operand operations whose operands may be swapped:
// op(x, y) is mirror(y, x) bit for bit. Float addition and product are
// left out (which NaN's payload comes out depends on the order), and so
// are fmin and fmax (signed zeros).
var mirrors = map[string]string{
	"IAdd": "IAdd", "IMul": "IMul", "BitwiseOr": "BitwiseOr", "BitwiseXor": "BitwiseXor", "BitwiseAnd": "BitwiseAnd",
	"IEqual": "IEqual", "INotEqual": "INotEqual", "LogicalEqual": "LogicalEqual", "LogicalNotEqual": "LogicalNotEqual",
	"LogicalOr": "LogicalOr", "LogicalAnd": "LogicalAnd", "UMin": "UMin", "UMax": "UMax", "SMin": "SMin", "SMax": "SMax",
	"UGreaterThan": "ULessThan", "ULessThan": "UGreaterThan", "SGreaterThan": "SLessThan", "SLessThan": "SGreaterThan",
	"UGreaterThanEqual": "ULessThanEqual", "ULessThanEqual": "UGreaterThanEqual",
	"SGreaterThanEqual": "SLessThanEqual", "SLessThanEqual": "SGreaterThanEqual",
	"FOrdEqual": "FOrdEqual", "FUnordEqual": "FUnordEqual", "FOrdNotEqual": "FOrdNotEqual", "FUnordNotEqual": "FUnordNotEqual",
	"Ordered": "Ordered", "Unordered": "Unordered",
	"FOrdLessThan": "FOrdGreaterThan", "FOrdGreaterThan": "FOrdLessThan",
	"FUnordLessThan": "FUnordGreaterThan", "FUnordGreaterThan": "FUnordLessThan",
	"FOrdLessThanEqual": "FOrdGreaterThanEqual", "FOrdGreaterThanEqual": "FOrdLessThanEqual",
	"FUnordLessThanEqual": "FUnordGreaterThanEqual", "FUnordGreaterThanEqual": "FUnordLessThanEqual",
}

// writeLoop writes a lane loop's signature (without its name) and body;
// uniform operands are decoded once.
func writeLoop(b *bytes.Buffer, o op, k kind, uniform []bool) {
	vars := []string{"a", "b", "c"}[:o.arity]
	var params, rows, rowVars, dec, decVars []string
	for i, v := range vars {
		if uniform[i] {
			params = append(params, v+" uint64")
		} else {
			params = append(params, v+" []uint64")
			rows = append(rows, v+"[:len(d)]")
			rowVars = append(rowVars, v)
		}
	}
	fmt.Fprintf(b, "(d []uint64, %s, w intw) {\n", strings.Join(params, ", "))
	if len(rows) > 0 {
		fmt.Fprintf(b, "\t%s = %s\n", strings.Join(rowVars, ", "), strings.Join(rows, ", "))
	}
	for i, v := range vars {
		if uniform[i] {
			decVars = append(decVars, strings.ToUpper(v))
			dec = append(dec, fmt.Sprintf(k.dec, v))
		}
	}
	if len(dec) > 0 {
		fmt.Fprintf(b, "\t%s := %s\n", strings.Join(decVars, ", "), strings.Join(dec, ", "))
	}
	b.WriteString("\tfor i := range d {\n")
	rowDec := k.rowDec
	if rowDec == "" {
		rowDec = k.dec
	}
	dec, decVars = nil, nil
	for i, v := range vars {
		if !uniform[i] {
			decVars = append(decVars, strings.ToUpper(v))
			dec = append(dec, fmt.Sprintf(rowDec, v+"[i]"))
		}
	}
	fmt.Fprintf(b, "\t\t%s := %s\n", strings.Join(decVars, ", "), strings.Join(dec, ", "))
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
