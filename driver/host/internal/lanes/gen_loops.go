//go:build ignore

// gen_loops writes loops_gen.go: the Go executor's lane loops of the
// common pure ops, one function per op, kind and operand shapes (both
// operands Varying, or one of them Uniform, read once, not broadcast).
// Each expression is eval's computation of that op and kind (eval.go),
// written on the rows' own element types, as a function literal given to
// the loop helpers of execbind.go, which the compiler inlines with it;
// TestLoopsMatchEval checks them against eval. Run: go generate
// (execbind.go).
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
)

// row is how a kind's values are read: the rows' element type and the
// Uniform reader; bits: a value's bits in a Uniform slot.
type row struct{ elem, uni, bits string }

var (
	u32 = row{"uint32", "uni32", "uint64(%s)"}
	f32 = row{"float32", "uniF32", "uint64(math.Float32bits(%s))"}
	u64 = row{"uint64", "uni64", "%s"}
	f64 = row{"float64", "uniF64", "math.Float64bits(%s)"}
)

// bin is a two-operand op of kind on rows r; expr computes lane x, y.
// cmp: expr is a condition, the result a Mask bitmap. pre: statements
// run once before the loop (o is the xop).
type bin struct {
	code, kind string
	r          row
	expr, pre  string
	cmp        bool
	vu         string // statements before the VU loop (d, a, y)
	comm       bool   // commutative: no UV loop (bindOp swaps the operands)
	wide       string // a bitwise op: its Go operator, run two I32 lanes to a word
}

// un is a one-operand op from kind ka (rows ra) to kind dk (rows rd).
type un struct {
	code, ka, dk string
	ra, rd       row
	expr, pre    string
}

func bins() []bin {
	var bs []bin
	// Commutative ops exactly (a float add or product is not: which NaN
	// it gives may follow the operands' order).
	comm := map[string]bool{"Add": true, "Mul": true, "And": true, "Or": true, "Xor": true,
		"UMin": true, "UMax": true, "SMin": true, "SMax": true, "UMulHi": true, "SMulHi": true,
		"Eq": true, "Ne": true, "FOrdEq": true, "FOrdNe": true, "FUnordEq": true, "FUnordNe": true}
	add := func(code, kind string, r row, expr string) {
		bs = append(bs, bin{code: code, kind: kind, r: r, expr: expr, comm: comm[code]})
	}
	cmp := func(code, kind string, r row, expr string) {
		bs = append(bs, bin{code: code, kind: kind, r: r, expr: expr, cmp: true, comm: comm[code]})
	}
	for _, k := range []struct {
		kind, s, w string
		r          row
	}{{"I32", "int32", "32", u32}, {"I64", "int64", "64", u64}} {
		add("Add", k.kind, k.r, "x + y")
		add("Sub", k.kind, k.r, "x - y")
		add("Mul", k.kind, k.r, "x * y")
		for _, op := range []struct{ code, op string }{{"And", "&"}, {"Or", "|"}, {"Xor", "^"}} {
			add(op.code, k.kind, k.r, "x "+op.op+" y")
			if k.kind == "I32" {
				bs[len(bs)-1].wide = op.op
			}
		}
		// Go's shifts give 0 (sign bits) for counts >= w, as ir.go says;
		// a Uniform count is tested once.
		m := k.w + " - 1"
		shift := func(code, expr, big string) {
			add(code, k.kind, k.r, expr)
			bs[len(bs)-1].vu = "if y >= " + k.w + " {\n" + big + "\n}\ny &= " + m + "\n"
		}
		shift("Shl", "x << y", "clear(d)\nreturn")
		shift("ShrU", "x >> y", "clear(d)\nreturn")
		shift("ShrS", k.r.elem+"("+k.s+"(x) >> y)", "y = "+m)
		add("UMin", k.kind, k.r, "min(x, y)")
		add("UMax", k.kind, k.r, "max(x, y)")
		add("SMin", k.kind, k.r, k.r.elem+"(min("+k.s+"(x), "+k.s+"(y)))")
		add("SMax", k.kind, k.r, k.r.elem+"(max("+k.s+"(x), "+k.s+"(y)))")
		add("UDiv", k.kind, k.r, "udiv"+k.w+"(x, y)")
		add("UMod", k.kind, k.r, "umod"+k.w+"(x, y)")
		add("SDiv", k.kind, k.r, "sdiv"+k.w+"(x, y)")
		add("SRem", k.kind, k.r, "srem"+k.w+"(x, y, false)")
		add("SMod", k.kind, k.r, "srem"+k.w+"(x, y, true)")
		add("UMulHi", k.kind, k.r, "umulhi"+k.w+"(x, y)")
		cmp("Eq", k.kind, k.r, "x == y")
		cmp("Ne", k.kind, k.r, "x != y")
		cmp("ULt", k.kind, k.r, "x < y")
		cmp("ULe", k.kind, k.r, "x <= y")
		cmp("SLt", k.kind, k.r, k.s+"(x) < "+k.s+"(y)")
		cmp("SLe", k.kind, k.r, k.s+"(x) <= "+k.s+"(y)")
	}
	add("SMulHi", "I32", u32, "uint32(uint64(int64(int32(x))*int64(int32(y))) >> 32)")
	for _, k := range []struct {
		kind string
		r    row
	}{{"F32", f32}, {"F64", f64}} {
		add("FAdd", k.kind, k.r, "x + y")
		add("FSub", k.kind, k.r, "x - y")
		add("FMul", k.kind, k.r, "x * y")
		add("FDiv", k.kind, k.r, "x / y")
		add("FMin", k.kind, k.r, "fmath.Min(x, y)")
		add("FMax", k.kind, k.r, "fmath.Max(x, y)")
		cmp("FOrdEq", k.kind, k.r, "x == y")
		cmp("FOrdNe", k.kind, k.r, "x < y || x > y")
		cmp("FOrdLt", k.kind, k.r, "x < y")
		cmp("FOrdLe", k.kind, k.r, "x <= y")
		cmp("FUnordEq", k.kind, k.r, "!(x < y || x > y)")
		cmp("FUnordNe", k.kind, k.r, "x != y")
		cmp("FUnordLt", k.kind, k.r, "!(x >= y)")
		cmp("FUnordLe", k.kind, k.r, "!(x > y)")
	}
	bs = append(bs,
		bin{code: "Math", kind: "F32", r: f32, pre: "num := spirv.GLSLstd450(o.imm)",
			expr: "float32(mathOpF32(num, float64(x), float64(y), 0))"},
		bin{code: "Math", kind: "F64", r: f64, pre: "num := spirv.GLSLstd450(o.imm)",
			expr: "mathOp(num, x, y, 0)"})
	return bs
}

func uns() []un {
	var us []un
	add := func(code, ka, dk string, ra, rd row, expr, pre string) {
		us = append(us, un{code, ka, dk, ra, rd, expr, pre})
	}
	for _, k := range []struct {
		kind, s, w string
		r          row
	}{{"I32", "int32", "32", u32}, {"I64", "int64", "64", u64}} {
		add("Copy", k.kind, k.kind, k.r, k.r, "x", "")
		add("Not", k.kind, k.kind, k.r, k.r, "^x", "")
		add("Neg", k.kind, k.kind, k.r, k.r, "-x", "")
		add("SAbs", k.kind, k.kind, k.r, k.r, k.r.elem+"(sabs"+k.w+"("+k.s+"(x)))", "")
		add("BitCount", k.kind, k.kind, k.r, k.r, k.r.elem+"(bits.OnesCount"+k.w+"(x))", "")
		add("BitReverse", k.kind, k.kind, k.r, k.r, "bits.Reverse"+k.w+"(x)", "")
		add("FindILsb", k.kind, k.kind, k.r, k.r, "findILsb"+k.w+"(x)", "")
		add("FindUMsb", k.kind, k.kind, k.r, k.r, "findUMsb"+k.w+"(x)", "")
		add("Zext", k.kind, k.kind, k.r, k.r, "x & zm", "zm := "+k.r.elem+"(uint64(1)<<o.imm - 1)")
		add("Sext", k.kind, k.kind, k.r, k.r, k.r.elem+"("+k.s+"(x<<sh) >> sh)", "sh := "+k.w+" - o.imm")
		add("SToF", k.kind, "F32", k.r, f32, "float32("+k.s+"(x))", "")
		add("SToF", k.kind, "F64", k.r, f64, "float64("+k.s+"(x))", "")
		add("UToF", k.kind, "F32", k.r, f32, "float32(uint64(x))", "")
		add("UToF", k.kind, "F64", k.r, f64, "float64(uint64(x))", "")
	}
	add("ZextTo64", "I32", "I64", u32, u64, "uint64(x)", "")
	add("SextTo64", "I32", "I64", u32, u64, "uint64(int64(int32(x)))", "")
	add("Trunc64", "I64", "I32", u64, u32, "uint32(x)", "")
	add("Hi32", "I64", "I32", u64, u32, "uint32(x >> 32)", "")
	add("Hi32", "F64", "I32", u64, u32, "uint32(x >> 32)", "")
	add("Bitcast", "I32", "F32", u32, u32, "x", "")
	add("Bitcast", "F32", "I32", u32, u32, "x", "")
	add("Bitcast", "I64", "F64", u64, u64, "x", "")
	add("Bitcast", "F64", "I64", u64, u64, "x", "")
	add("Copy", "F32", "F32", u32, u32, "x", "")
	add("Copy", "F64", "F64", u64, u64, "x", "")
	add("FConvert", "F32", "F64", f32, f64, "float64(x)", "")
	add("FConvert", "F64", "F32", f64, f32, "float32(x)", "")
	cvt := "lo, m, w := -math.Ldexp(1, int(o.imm)-1), widthMask(int(o.imm)), int(o.imm)"
	cvtU := "m, w := widthMask(int(o.imm)), int(o.imm)"
	for _, a := range []struct {
		kind string
		r    row
		wide string
	}{{"F32", f32, "float64(x)"}, {"F64", f64, "x"}} {
		add("FToS", a.kind, "I32", a.r, u32, "uint32(fToSIn("+a.wide+", lo, m, w))", cvt)
		add("FToS", a.kind, "I64", a.r, u64, "fToSIn("+a.wide+", lo, m, w)", cvt)
		add("FToU", a.kind, "I32", a.r, u32, "uint32(fToUIn("+a.wide+", m, w))", cvtU)
		add("FToU", a.kind, "I64", a.r, u64, "fToUIn("+a.wide+", m, w)", cvtU)
	}
	add("FNeg", "F32", "F32", f32, f32, "-x", "")
	add("FNeg", "F64", "F64", f64, f64, "-x", "")
	for _, fn := range []struct{ code, f string }{
		{"FAbs", "math.Abs"}, {"Sqrt", "math.Sqrt"}, {"Floor", "math.Floor"},
		{"Ceil", "math.Ceil"}, {"Trunc", "math.Trunc"}, {"RoundEven", "math.RoundToEven"},
	} {
		add(fn.code, "F32", "F32", f32, f32, "float32("+fn.f+"(float64(x)))", "")
		add(fn.code, "F64", "F64", f64, f64, fn.f+"(x)", "")
	}
	add("Math", "F32", "F32", f32, f32, "float32(mathOpF32(num, float64(x), 0, 0))", "num := spirv.GLSLstd450(o.imm)")
	add("Math", "F64", "F64", f64, f64, "mathOp(num, x, 0, 0)", "num := spirv.GLSLstd450(o.imm)")
	return us
}

func main() {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("// Code generated by gen_loops.go; DO NOT EDIT.\n\npackage lanes\n\n")
	p("import (\n\"math\"\n\"math/bits\"\n\n\"github.com/clgo/clgo/driver/host/internal/fmath\"\n\"github.com/clgo/clgo/spirv\"\n)\n\n")
	p("var _ = fmath.Min[float32]\nvar _ = bits.Len\nvar _ = math.Abs\nvar _ spirv.GLSLstd450\n\n")
	var tab, ctab, utab bytes.Buffer
	// fn2 is expr as a function literal of x and y of elem, giving res.
	fn2 := func(elem, res, expr string) string {
		return fmt.Sprintf("func(x, y %s) %s { return %s }", elem, res, expr)
	}
	for _, o := range bins() {
		name := "x" + o.code + o.kind
		t := o.r.elem
		if o.cmp {
			op := fn2(t, "bool", o.expr)
			for _, sh := range shapes(o) {
				p("func %s%s(e *Exec, f []uint64, o *xop) {\n%s", name, sh, pre(o.pre))
				args := map[string]string{"VV": "a, b", "VU": "a, y", "UV": "x, b"}[sh]
				p("%s := ops%s[%s](f, o, e.C)\nf[o.d] = bits%s(%s, %s)\n}\n\n", args, sh, t, sh, args, op)
			}
			p("func %sUU(e *Exec, f []uint64, o *xop) {\n%s", name, pre(o.pre))
			p("x, y := %s(f, o.a), %s(f, o.b)\nf[o.d] = m32(%s)\n}\n\n", o.r.uni, o.r.uni, o.expr)
			fmt.Fprintf(&ctab, "{%s, %s}: {%sVV, %sVU, %s, %sUU},\n", o.code, o.kind, name, name, uv(o, name), name)
			continue
		}
		op := fn2(t, t, o.expr)
		for _, sh := range shapes(o) {
			p("func %s%s(e *Exec, f []uint64, o *xop) {\n%s", name, sh, pre(o.pre))
			args := map[string]string{"VV": "d, a, b", "VU": "d, a, y", "UV": "d, x, b"}[sh]
			if o.wide != "" {
				// Two lanes to a word where the row is whole words.
				y := map[string]string{"VV": "d, a, b", "VU": "d, a, y&0xffffffff*0x100000001", "UV": "d, x&0xffffffff*0x100000001, b"}[sh]
				p("if e.C%%2 == 0 {\n%s := rows%s[uint64](f, o, e.C/2)\nloop%s(%s, %s)\nreturn\n}\n", args, sh, sh, y, fn2("uint64", "uint64", "x "+o.wide+" y"))
			}
			p("%s := rows%s[%s](f, o, e.C)\n", args, sh, t)
			if sh == "VU" && o.vu != "" {
				p("%s", o.vu)
			}
			p("loop%s(%s, %s)\n}\n\n", sh, args, op)
		}
		p("func %sUU(e *Exec, f []uint64, o *xop) {\n%s", name, pre(o.pre))
		p("x, y := %s(f, o.a), %s(f, o.b)\nf[o.d] = %s\n}\n\n", o.r.uni, o.r.uni, fmt.Sprintf(o.r.bits, o.expr))
		fmt.Fprintf(&tab, "{%s, %s}: {%sVV, %sVU, %s, %sUU},\n", o.code, o.kind, name, name, uv(o, name), name)
	}
	// Ops of the same body (copies and bitcasts of rows of one element
	// type, Hi32 of I64 and F64) share the first one's loop.
	bodies := map[string]string{}
	for _, o := range uns() {
		name := "x" + o.code + o.ka + "to" + o.dk
		body := fmt.Sprintf("%sd, a := rows1[%s, %s](f, o, e.C)\n", pre(o.pre), o.ra.elem, o.rd.elem)
		if o.expr == "x" && o.ra == o.rd {
			body += "copy(d, a)\n" // Copy, Bitcast
		} else {
			body += fmt.Sprintf("loop1(d, a, func(x %s) %s { return %s })\n", o.ra.elem, o.rd.elem, o.expr)
		}
		if n, ok := bodies[body]; ok {
			name = n
		} else {
			bodies[body] = name
			p("func %s(e *Exec, f []uint64, o *xop) {\n%s}\n\n", name, body)
		}
		fmt.Fprintf(&utab, "{%s, %s, %s}: %s,\n", o.code, o.ka, o.dk, name)
	}
	p("// binLoops: [VV, VU, UV, UU] lane loops of two-operand ops by code and kind.\n")
	p("var binLoops = map[opKey][4]loopFunc{\n%s}\n\n", tab.String())
	p("// cmpLoops: [VV, VU, UV, UU] lane loops of comparisons (Mask bitmaps).\n")
	p("var cmpLoops = map[opKey][4]loopFunc{\n%s}\n\n", ctab.String())
	p("// unLoops: lane loops of one-operand ops by code, operand kind and result kind.\n")
	p("var unLoops = map[unKey]loopFunc{\n%s}\n", utab.String())
	src, err := format.Source(b.Bytes())
	if err != nil {
		os.Stdout.Write(b.Bytes())
		panic(err)
	}
	if err := os.WriteFile("loops_gen.go", src, 0o644); err != nil {
		panic(err)
	}
}

// shapes is the operand shapes o has loops of: a commutative op has no
// UV loop.
func shapes(o bin) []string {
	if o.comm {
		return []string{"VV", "VU"}
	}
	return []string{"VV", "VU", "UV"}
}

// uv is o's UV loop in a table, nil for a commutative op.
func uv(o bin, name string) string {
	if o.comm {
		return "nil"
	}
	return name + "UV"
}

// pre is statements run before the loop, on a line of their own.
func pre(s string) string {
	if s == "" {
		return ""
	}
	return s + "\n"
}
