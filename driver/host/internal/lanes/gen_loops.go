//go:build ignore

// gen_loops writes loops_gen.go: the Go executor's lane loops of the
// common pure ops, one function per op, kind and operand shapes (both
// operands Varying, or one of them Uniform, read once, not broadcast).
// Each expression is eval's computation of that op and kind (eval.go),
// written on the rows' own element types; TestLoopsMatchEval checks them
// against eval. Run: go generate (exec.go).
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
)

// row is how a kind's Varying rows are read: the element type, the row
// view and the Uniform reader.
// bits: a value's bits in a Uniform slot.
type row struct{ elem, view, uni, bits string }

var (
	u32 = row{"uint32", "row32", "uni32", "uint64(%s)"}
	f32 = row{"float32", "rowF32", "uniF32", "uint64(math.Float32bits(%s))"}
	u64 = row{"uint64", "row64", "uni64", "%s"}
	f64 = row{"float64", "rowF64", "uniF64", "math.Float64bits(%s)"}
)

// bin is a two-operand op of kind on rows r; expr computes lane x, y.
// cmp: expr is a condition, the result a Mask bitmap. pre: statements
// run once before the loop (o is the xop).
type bin struct {
	code, kind string
	r          row
	expr, pre  string
	cmp        bool
	vu         string // the VU loop, where it differs (a, y, d)
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
	add := func(code, kind string, r row, expr string) {
		bs = append(bs, bin{code: code, kind: kind, r: r, expr: expr})
	}
	cmp := func(code, kind string, r row, expr string) {
		bs = append(bs, bin{code: code, kind: kind, r: r, expr: expr, cmp: true})
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
		shift := func(code, expr, big, vu string) {
			add(code, k.kind, k.r, expr)
			bs[len(bs)-1].vu = "if y >= " + k.w + " {\n" + big + "\n}\ns := y & (" + m + ")\nfor l := range d {\nd[l] = " + vu + "\n}\n"
		}
		shift("Shl", "x << y", "clear(d)\nreturn", "a[l] << s")
		shift("ShrU", "x >> y", "clear(d)\nreturn", "a[l] >> s")
		shift("ShrS", k.r.elem+"("+k.s+"(x) >> y)", "y = "+m, k.r.elem+"("+k.s+"(a[l]) >> s)")
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
	for _, o := range bins() {
		name := "x" + o.code + o.kind
		if o.cmp {
			for _, sh := range []string{"VV", "VU", "UV"} {
				p("func %s%s(e *Exec, f []uint64, o *xop) {\n", name, sh)
				if o.pre != "" {
					p("%s\n", o.pre)
				}
				// The bitmap shifted in from the last lane: no shifts by l.
				switch sh {
				case "VV":
					p("a := %s(f, o.a, e.C)\nb := %s(f, o.b, e.C)[:len(a)]\n", o.r.view, o.r.view)
					p("var r uint64\nfor l := len(a) - 1; l >= 0; l-- {\nx, y := a[l], b[l]\nr = r<<1 | b2bit(%s)\n}\n", o.expr)
				case "VU":
					p("a := %s(f, o.a, e.C)\ny := %s(f, o.b)\n", o.r.view, o.r.uni)
					p("var r uint64\nfor l := len(a) - 1; l >= 0; l-- {\nx := a[l]\nr = r<<1 | b2bit(%s)\n}\n", o.expr)
				case "UV":
					p("x := %s(f, o.a)\nb := %s(f, o.b, e.C)\n", o.r.uni, o.r.view)
					p("var r uint64\nfor l := len(b) - 1; l >= 0; l-- {\ny := b[l]\nr = r<<1 | b2bit(%s)\n}\n", o.expr)
				}
				p("f[o.d] = r\n}\n\n")
			}
			p("func %sUU(e *Exec, f []uint64, o *xop) {\n", name)
			if o.pre != "" {
				p("%s\n", o.pre)
			}
			p("x, y := %s(f, o.a), %s(f, o.b)\nf[o.d] = m32(%s)\n}\n\n", o.r.uni, o.r.uni, o.expr)
			fmt.Fprintf(&ctab, "{%s, %s}: {%sVV, %sVU, %sUV, %sUU},\n", o.code, o.kind, name, name, name, name)
			continue
		}
		for _, sh := range []string{"VV", "VU", "UV"} {
			p("func %s%s(e *Exec, f []uint64, o *xop) {\n", name, sh)
			if o.pre != "" {
				p("%s\n", o.pre)
			}
			if o.wide != "" {
				// Two lanes to a word where the row is whole words.
				p("if e.C%%2 == 0 {\nd := row64(f, o.d, e.C/2)\n")
				switch sh {
				case "VV":
					p("a, b := row64(f, o.a, e.C/2)[:len(d)], row64(f, o.b, e.C/2)[:len(d)]\nfor l := range d {\nd[l] = a[l] %s b[l]\n}\n", o.wide)
				case "VU":
					p("a, y := row64(f, o.a, e.C/2)[:len(d)], (f[o.b]&0xffffffff)*0x100000001\nfor l := range d {\nd[l] = a[l] %s y\n}\n", o.wide)
				case "UV":
					p("x, b := (f[o.a]&0xffffffff)*0x100000001, row64(f, o.b, e.C/2)[:len(d)]\nfor l := range d {\nd[l] = x %s b[l]\n}\n", o.wide)
				}
				p("return\n}\n")
			}
			p("d := %s(f, o.d, e.C)\n", o.r.view)
			switch sh {
			case "VV":
				p("a, b := %s(f, o.a, e.C)[:len(d)], %s(f, o.b, e.C)[:len(d)]\n", o.r.view, o.r.view)
				p("for l := range d {\nx, y := a[l], b[l]\nd[l] = %s\n}\n", o.expr)
			case "VU":
				p("a, y := %s(f, o.a, e.C)[:len(d)], %s(f, o.b)\n", o.r.view, o.r.uni)
				if o.vu != "" {
					p("%s", o.vu)
					break
				}
				p("for l := range d {\nx := a[l]\nd[l] = %s\n}\n", o.expr)
			case "UV":
				p("x, b := %s(f, o.a), %s(f, o.b, e.C)[:len(d)]\n", o.r.uni, o.r.view)
				p("for l := range d {\ny := b[l]\nd[l] = %s\n}\n", o.expr)
			}
			p("}\n\n")
		}
		p("func %sUU(e *Exec, f []uint64, o *xop) {\n", name)
		if o.pre != "" {
			p("%s\n", o.pre)
		}
		p("x, y := %s(f, o.a), %s(f, o.b)\nf[o.d] = %s\n}\n\n", o.r.uni, o.r.uni, fmt.Sprintf(o.r.bits, o.expr))
		fmt.Fprintf(&tab, "{%s, %s}: {%sVV, %sVU, %sUV, %sUU},\n", o.code, o.kind, name, name, name, name)
	}
	for _, o := range uns() {
		name := "x" + o.code + o.ka + "to" + o.dk
		p("func %s(e *Exec, f []uint64, o *xop) {\n", name)
		if o.pre != "" {
			p("%s\n", o.pre)
		}
		p("d := %s(f, o.d, e.C)\na := %s(f, o.a, e.C)[:len(d)]\n", o.rd.view, o.ra.view)
		fmt.Fprintf(&utab, "{%s, %s, %s}: %s,\n", o.code, o.ka, o.dk, name)
		if o.expr == "x" && o.ra == o.rd {
			p("copy(d, a)\n}\n\n") // Copy, Bitcast
			continue
		}
		p("for l := range d {\nx := a[l]\nd[l] = %s\n}\n}\n\n", o.expr)
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
