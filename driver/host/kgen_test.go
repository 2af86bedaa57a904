package host_test

import (
	"fmt"
	"math/rand"
	"strings"
)

// A generator of random OpenCL C kernels for the differential test
// (opt_test.go): integer and float arithmetic (products feeding sums and
// differences, clamps, conversions), branches and switches on lane-varying
// and uniform conditions, loops with varying trip counts, breaks and
// continues, a private array, float4 and int4 vectors with swizzles, and
// __local memory between barriers and atomics on it, 64-bit integers
// (OpenMM's fixed-point forces: a float scaled by 2^32, converted), narrow
// conversions, a double, a __constant table, vector loads, and calls of helper functions with early
// returns. Every kernel is free of undefined
// behaviour: indices are masked into bounds, divisors made odd, shift
// counts masked, float-to-int conversions saturated, so any difference
// between two executions is the executor's.

// Sizes of the generated kernels' buffers (elements).
const (
	kgIn    = 256                        // ia and fa, read through indices masked to it
	kgInts  = 6                          // int variables, each written out
	kgFlts  = 6                          // float variables
	kgOutI  = kgInts + 4 + 8 + 2 + 2 + 2 // ints, int4 w0, the private array, long l0, 2 stored in place, double d0
	kgOutF  = kgFlts + 4 + 1             // floats, float4 v0, 1 stored in place
	kgGroup = 64                         // global size
)

type kgen struct {
	r       *rand.Rand
	b       strings.Builder
	ind     int
	loops   []string // loop counters in scope
	local   bool     // the kernel uses __local memory and barriers
	uflow   bool     // every branch and loop is uniform (uniflow.go)
	intOnly bool     // no float value reaches an int one (pocl_test.go)
	nloop   int
	maxStmt int
}

// kshape is a dispatch: kgGroup lanes in one dimension, or 8 by 8 in
// two, in work-groups of lx by ly (lx*ly a power of two).
type kshape struct {
	lx, ly int
	twoD   bool
}

func (k kshape) String() string {
	if k.twoD {
		return fmt.Sprintf("8x8 in %dx%d", k.lx, k.ly)
	}
	return fmt.Sprintf("%d in %d", kgGroup, k.lx)
}

// genKernel returns the source of kernel "fz" for dispatch shape ks:
// kernel void fz(global const int *ia, global const float *fa,
// global int *io, global float *fo, int n).
func genKernel(seed int64, ks kshape) string { return genKernelOf(seed, ks, false) }

// genKernelOf is genKernel; with intOnly, the int outputs depend on no
// float: other implementations then give the same bits.
func genKernelOf(seed int64, ks kshape, intOnly bool) string {
	g := &kgen{r: rand.New(rand.NewSource(seed)), maxStmt: 10 + int(seed%3)*8, intOnly: intOnly}
	g.local = g.r.Intn(3) > 0
	g.uflow = seed%4 == 3
	g.b.WriteString(fmt.Sprintf("#define LS %d\n", ks.lx*ks.ly))
	if intOnly {
		g.b.WriteString("#pragma OPENCL FP_CONTRACT OFF\n") // a*b+c rounds twice everywhere
	}
	g.b.WriteString("int hf(int a, int b) {\n  if (a > b)\n    return (int)((uint)a - (uint)b);\n  for (int k = 0; k < (b & 3); k++)\n    a = (int)((uint)a * 3u + (uint)k);\n  return a ^ b;\n}\n")
	g.b.WriteString("constant int tab[8] = {3, -7, 65537, 0x7fffffff, -1, 12, 255, -2147483647};\n")
	g.b.WriteString("float hg(float x, float y) {\n  if (x < y)\n    return y - 0.5f * x;\n  return x * y + 1.0f;\n}\n")
	g.b.WriteString("kernel void fz(global const int *ia, global const float *fa, global int *io, global float *fo, int n) {\n")
	g.ind = 1
	if ks.twoD {
		// Linear ids, so that the rest reads as in one dimension.
		g.line("int gid = get_global_id(1) * 8 + get_global_id(0), lid = get_local_id(1) * get_local_size(0) + get_local_id(0);")
		g.line("int grp = get_group_id(1) * get_num_groups(0) + get_group_id(0);")
	} else {
		g.line("int gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);")
	}
	if g.local {
		g.line("local int li[LS];")
		g.line("local float lf[LS];")
	}
	g.line("int i0 = ia[gid & 255], i1 = ia[(gid * 7 + 3) & 255], i2 = n + lid, i3 = grp, i4 = ia[n & 255], i5 = gid;")
	g.line("float f0 = fa[gid & 255], f1 = fa[(gid * 5 + 1) & 255], f2 = (float)n * 0.37f, f3 = 1.5f, f4 = fa[(n + 2) & 255], f5 = (float)lid;")
	g.line("float4 v0 = (float4)(f0, f1, f2, f3);")
	g.line("int4 w0 = (int4)(i0, i1, i2, i3);")
	g.line("long l0 = (long)i0 * 65537;")
	g.line("double d0 = (double)i1 * 0.125;")
	g.line("int pa[8];")
	g.line("for (int k = 0; k < 8; k++) pa[k] = ia[(gid + k * 3) & 255];")
	for range g.maxStmt {
		g.stmt(0, true)
	}
	for i := range kgInts {
		g.line(fmt.Sprintf("io[gid * %d + %d] = i%d;", kgOutI, i, i))
	}
	for c := range 4 {
		g.line(fmt.Sprintf("io[gid * %d + %d] = w0.s%d;", kgOutI, kgInts+c, c))
	}
	for k := range 8 {
		g.line(fmt.Sprintf("io[gid * %d + %d] = pa[%d];", kgOutI, kgInts+4+k, k))
	}
	g.line(fmt.Sprintf("io[gid * %d + %d] = (int)l0;", kgOutI, kgInts+12))
	g.line(fmt.Sprintf("io[gid * %d + %d] = (int)(l0 >> 32);", kgOutI, kgInts+13))
	g.line(fmt.Sprintf("io[gid * %d + %d] = as_int2(d0).x;", kgOutI, kgInts+16))
	g.line(fmt.Sprintf("io[gid * %d + %d] = as_int2(d0).y;", kgOutI, kgInts+17))
	for i := range kgFlts {
		g.line(fmt.Sprintf("fo[gid * %d + %d] = f%d;", kgOutF, i, i))
	}
	for c := range 4 {
		g.line(fmt.Sprintf("fo[gid * %d + %d] = v0.s%d;", kgOutF, kgFlts+c, c))
	}
	g.b.WriteString("}\n")
	return g.b.String()
}

func (g *kgen) line(s string) {
	g.b.WriteString(strings.Repeat("  ", g.ind))
	g.b.WriteString(s)
	g.b.WriteByte('\n')
}

func (g *kgen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

func (g *kgen) ivar() string { return fmt.Sprintf("i%d", g.r.Intn(kgInts)) }
func (g *kgen) fvar() string { return fmt.Sprintf("f%d", g.r.Intn(kgFlts)) }

// stmt writes one statement; top says the lanes of the group are all
// active (barriers allowed).
func (g *kgen) stmt(depth int, top bool) {
	n := 9
	if depth > 2 {
		n = 5 // no more nesting
	}
	switch k := g.r.Intn(n + 1); {
	case k == 0 || k == 1:
		g.line(fmt.Sprintf("%s = %s;", g.ivar(), g.iexpr(3)))
	case k == 2 || k == 3:
		g.line(fmt.Sprintf("%s = %s;", g.fvar(), g.fexpr(3)))
	case k == 4:
		if g.r.Intn(4) == 0 {
			g.doubleStmt()
		} else if g.r.Intn(3) == 0 {
			g.longStmt()
		} else {
			g.vecStmt()
		}
	case k == 5 && g.r.Intn(4) == 0:
		// A guarded load that would be out of bounds unguarded: hoisted
		// into a prologue it faults there, and the group runs in place
		// (hoist.go's stubs).
		if g.r.Intn(2) == 0 && !g.uflow {
			g.line(fmt.Sprintf("if (gid < n) %s = ia[gid + %d];", g.ivar(), kgIn-6))
		} else {
			g.line(fmt.Sprintf("if (n > 100) %s = fa[n * 1000 + %d];", g.fvar(), g.r.Intn(4)))
		}
	case k == 5 && g.r.Intn(3) == 0:
		// A store in place (maybe under a branch): strided, affine
		// indices; the slot may be read back.
		if g.r.Intn(2) == 0 {
			g.line(fmt.Sprintf("io[gid * %d + %d] = %s;", kgOutI, kgInts+14+g.r.Intn(2), g.iexpr(2)))
		} else if g.r.Intn(2) == 0 {
			g.line(fmt.Sprintf("fo[gid * %d + %d] = %s;", kgOutF, kgFlts+4, g.fexpr(2)))
		} else {
			g.line(fmt.Sprintf("%s = io[gid * %d + %d] ^ %s;", g.ivar(), kgOutI, kgInts+14+g.r.Intn(2), g.iexpr(1)))
		}
	case k == 5:
		if g.r.Intn(2) == 0 {
			g.line(fmt.Sprintf("pa[(%s) & 7] = %s;", g.iexpr(1), g.iexpr(2)))
		} else {
			g.line(fmt.Sprintf("%s = pa[(%s) & 7];", g.ivar(), g.iexpr(1)))
		}
	case k == 6:
		if top && g.local {
			g.localStmt()
			return
		}
		fallthrough
	case k == 7:
		g.line(fmt.Sprintf("if (%s) {", g.cond(2)))
		g.block(depth)
		if g.r.Intn(2) == 0 {
			g.line("} else {")
			g.block(depth)
		}
		g.line("}")
	case k == 8:
		g.loop(depth, top)
	default:
		sel := g.iexpr(1)
		if g.uflow {
			sel = fmt.Sprintf("n + %d", g.r.Intn(4))
		}
		g.line(fmt.Sprintf("switch ((%s) & 3) {", sel))
		for c := range 3 {
			g.line(fmt.Sprintf("case %d:", c))
			g.block(depth)
			if c != 1 || g.r.Intn(2) == 0 { // case 1 may fall through
				g.ind++
				g.line("break;")
				g.ind--
			}
		}
		g.line("default:")
		g.block(depth)
		g.line("}")
	}
}

func (g *kgen) block(depth int) {
	g.ind++
	for range 1 + g.r.Intn(3) {
		g.stmt(depth+1, false)
	}
	g.ind--
}

// loop writes a for loop, whose trip count is constant, uniform or
// varying; a uniform one at the top level may hold barriers.
func (g *kgen) loop(depth int, top bool) {
	v := fmt.Sprintf("k%d", g.nloop)
	g.nloop++
	uniform := false
	var bound string
	switch k := g.r.Intn(3); {
	case k == 0:
		bound, uniform = fmt.Sprint(g.r.Intn(6)), true
	case k == 1 || g.uflow:
		bound, uniform = "(n & 3) + 1", true
	default:
		bound = fmt.Sprintf("((%s) & 3)", g.iexpr(1))
	}
	g.line(fmt.Sprintf("for (int %s = 0; %s < %s; %s++) {", v, v, bound, v))
	g.loops = append(g.loops, v)
	g.ind++
	for range 1 + g.r.Intn(3) {
		if top && uniform && g.local && g.r.Intn(3) == 0 {
			g.localStmt()
			continue
		}
		g.stmt(depth+1, false)
	}
	if !(top && uniform && g.local) && g.r.Intn(3) == 0 {
		g.line(fmt.Sprintf("if (%s) %s;", g.cond(1), g.pick("break", "continue")))
		g.stmt(depth+1, false)
	}
	g.ind--
	g.loops = g.loops[:len(g.loops)-1]
	g.line("}")
}

// localStmt writes lanes' values to __local memory and reads other
// lanes' after a barrier.
func (g *kgen) localStmt() {
	g.line(fmt.Sprintf("li[lid] = %s;", g.iexpr(2)))
	g.line(fmt.Sprintf("lf[lid] = %s;", g.fexpr(2)))
	g.line("barrier(CLK_LOCAL_MEM_FENCE);")
	if g.r.Intn(3) == 0 { // the sum does not depend on the order
		g.line(fmt.Sprintf("atomic_add(&li[(%s) & (LS - 1)], %s);", g.iexpr(1), g.iexpr(1)))
		g.line("barrier(CLK_LOCAL_MEM_FENCE);")
	}
	g.line(fmt.Sprintf("%s = li[(lid + %d) & (LS - 1)] ^ li[(%s) & (LS - 1)];", g.ivar(), g.r.Intn(8), g.iexpr(1)))
	g.line(fmt.Sprintf("%s = lf[(LS - 1) - lid] * %s;", g.fvar(), g.fexpr(1)))
	g.line("barrier(CLK_LOCAL_MEM_FENCE);")
}

// longStmt assigns the 64-bit variable.
func (g *kgen) longStmt() {
	switch k := g.r.Intn(5); {
	case k == 0 && !g.intOnly:
		g.line(fmt.Sprintf("l0 += convert_long_sat(%s * 4294967296.0f);", g.fexpr(2)))
	case k <= 1:
		g.line(fmt.Sprintf("l0 = (long)((ulong)l0 * (ulong)(long)(%s) + (ulong)(long)%s);", g.iexpr(1), g.iexpr(1)))
	case k == 2:
		g.line(fmt.Sprintf("l0 ^= (long)((ulong)(l0 >> (%s & 63)) + (ulong)(uint)%s);", g.iexpr(1), g.iexpr(1)))
	case k == 3:
		g.line(fmt.Sprintf("%s = (int)((ulong)l0 / ((ulong)(long)%s | 1UL)) ^ (int)(l0 %% 1000L);", g.ivar(), g.iexpr(1)))
	default:
		g.line(fmt.Sprintf("%s = (float)l0 * 2.3283064e-10f + %s;", g.fvar(), g.fexpr(1)))
	}
}

// doubleStmt assigns the double variable; from ints only in the intOnly
// form, whose int outputs include its bits.
func (g *kgen) doubleStmt() {
	switch k := g.r.Intn(5); {
	case k == 0:
		g.line(fmt.Sprintf("d0 = d0 * 0.75 + (double)%s;", g.iexpr(2)))
	case k == 1:
		g.line(fmt.Sprintf("d0 = sqrt(fabs(d0)) - (double)%s / 3.0;", g.iexpr(1)))
	case k == 2:
		g.line(fmt.Sprintf("d0 = fmin(d0 * d0, 1.0e200) + (%s ? 1.0 : -0.5);", g.cond(1)))
	case k == 3 && !g.intOnly && g.r.Intn(2) == 0:
		g.line(fmt.Sprintf("d0 += (double)%s * (double)%s;", g.fexpr(1), g.fexpr(1)))
	case k == 3:
		g.line(fmt.Sprintf("%s = convert_int_sat(d0);", g.ivar()))
	default:
		g.line(fmt.Sprintf("%s = (float)d0 + %s;", g.fvar(), g.fexpr(1)))
	}
}

func (g *kgen) vecStmt() {
	switch g.r.Intn(8) {
	case 6:
		g.line(fmt.Sprintf("v0 = vload4(0, fa + ((%s) & 63) * 4) + v0;", g.iexpr(1)))
		return
	case 7:
		g.line("{")
		g.ind++
		g.line(fmt.Sprintf("int b = ((%s) * 4) & 252;", g.pick("gid", "lid", "n", g.ivar())))
		g.line("v0 = (float4)(fa[b], fa[b + 1], fa[b + 2], fa[b + 3]) * v0.wzyx;")
		g.ind--
		g.line("}")
		return
	case 0:
		g.line(fmt.Sprintf("v0 = v0 * (float4)(%s) + (float4)(%s, %s, 0.5f, -1.25f);", g.fexpr(1), g.fexpr(1), g.fexpr(1)))
	case 1:
		g.line(fmt.Sprintf("v0.%s = v0.%s * %s;", g.pick("xy", "zw", "yz", "xw"), g.pick("yx", "wz", "xx", "zy"), g.fexpr(1)))
	case 2:
		g.line(fmt.Sprintf("v0 = fmax(fmin(v0, (float4)(%s)), (float4)(-4.0f)) - v0.wzyx;", g.fexpr(1)))
	case 3:
		g.line(fmt.Sprintf("w0 = as_int4(as_uint4(w0) + (uint4)((uint)%s)) ^ w0.wzyx;", g.iexpr(1)))
	case 4:
		g.line(fmt.Sprintf("w0.%s = as_int2(as_uint2((int2)(%s, %s)) * as_uint2(w0.%s));", g.pick("xy", "zw", "yz"), g.iexpr(1), g.iexpr(1), g.pick("yx", "wz", "xx")))
	default:
		g.line(fmt.Sprintf("w0 = select(w0, w0 >> 1, w0 > (int4)(%s));", g.iexpr(1)))
	}
}

// iexpr returns an int expression of the given depth.
func (g *kgen) iexpr(d int) string {
	if d <= 0 || g.r.Intn(4) == 0 {
		return g.ileaf()
	}
	a, b := g.iexpr(d-1), g.iexpr(d-1)
	switch g.r.Intn(21) {
	case 18:
		if g.uflow { // hf branches on its operands
			return "(" + a + " ^ " + b + ")"
		}
		return "hf(" + a + ", " + b + ")"
	case 19:
		return g.pick("(int)convert_uchar_sat(", "(int)(short)(", "(int)convert_char(", "(int)(ushort)(") + a + ")"
	case 20:
		return "(int)(" + g.pick("(long)", "(ulong)(uint)") + a + " * " + b + " >> 7)"
	case 0:
		return "(int)((uint)" + a + " + (uint)" + b + ")"
	case 1:
		return "(int)((uint)" + a + " - (uint)" + b + ")"
	case 2:
		return "(int)((uint)" + a + " * (uint)" + b + ")"
	case 3:
		return "(" + a + " & " + b + ")"
	case 4:
		return "(" + a + " | " + b + ")"
	case 5:
		return "(" + a + " ^ " + b + ")"
	case 6:
		return "(int)((uint)" + a + " << (" + b + " & 31))"
	case 7:
		return "(" + a + " >> (" + b + " & 31))"
	case 8:
		return "(int)((uint)" + a + " >> (" + b + " & 31))"
	case 9:
		return "(int)((uint)" + a + " / ((uint)" + b + " | 1u))"
	case 10:
		return "(int)((uint)" + a + " % ((uint)" + b + " | 1u))"
	case 11:
		return g.pick("min", "max") + "(" + a + ", " + b + ")"
	case 12:
		return "(" + g.cond(1) + " ? " + a + " : " + b + ")"
	case 13:
		if g.intOnly {
			return "rotate(" + a + ", " + b + ")"
		}
		return "convert_int_sat(" + g.fexpr(d-1) + ")"
	case 14:
		return "clamp(" + a + ", -100, 100)"
	case 15:
		return "(" + a + " < " + b + ")"
	case 16:
		if g.intOnly {
			// PoCL computes abs(INT_MIN) as if it could not happen
			// (LLVM's abs with INT_MIN poison): (long)(int)abs(x) came
			// out positive, abs(x) & 0x7fffffff as abs(x) (seed 203).
			return "(int)abs(" + a + " | 1)"
		}
		return "(int)abs(" + a + ")"
	default:
		return "mul_hi(" + a + ", " + b + ")"
	}
}

func (g *kgen) ileaf() string {
	switch k := g.r.Intn(12); {
	case k < 4:
		return g.ivar()
	case k == 4:
		return fmt.Sprint(g.r.Intn(20) - 5)
	case k == 5:
		return g.pick("gid", "lid", "grp", "n")
	case k == 6 && g.r.Intn(2) == 0:
		return "ia[" + g.affine() + "]"
	case k == 6:
		return fmt.Sprintf("ia[(%s) & 255]", g.pick("gid", "lid", "n", g.ivar(), "gid + 1", "lid * 4"))
	case k == 7:
		return "w0.s" + fmt.Sprint(g.r.Intn(4))
	case k == 8:
		if g.r.Intn(2) == 0 {
			return fmt.Sprintf("tab[(%s) & 7]", g.pick("gid", "lid", "n", g.ivar()))
		}
		return fmt.Sprintf("pa[%d]", g.r.Intn(8))
	case k == 9 && len(g.loops) > 0:
		return g.loops[g.r.Intn(len(g.loops))]
	case k == 10:
		return g.pick("0x7fffffff", "-2147483647", "65537", "-1")
	}
	return g.ivar()
}

// fexpr returns a float expression of the given depth.
func (g *kgen) fexpr(d int) string {
	if d <= 0 || g.r.Intn(4) == 0 {
		return g.fleaf()
	}
	a, b := g.fexpr(d-1), g.fexpr(d-1)
	switch g.r.Intn(17) {
	case 16:
		if g.uflow { // hg branches on its operands
			return "(" + a + " * " + b + ")"
		}
		return "hg(" + a + ", " + b + ")"
	case 0:
		return "(" + a + " + " + b + ")"
	case 1:
		return "(" + a + " - " + b + ")"
	case 2:
		return "(" + a + " * " + b + ")"
	case 3:
		return "(" + a + " / " + b + ")"
	case 4, 5:
		return "(" + a + " * " + b + " + " + g.fexpr(d-1) + ")" // products into sums
	case 6:
		return "(" + a + " - " + g.fconst() + " * " + b + ")"
	case 7:
		return "(" + g.fexpr(d-1) + " + " + a + " * (" + b + " - " + g.fconst() + " * " + g.fleaf() + "))" // nested
	case 8:
		return g.pick("fmin", "fmax") + "(" + a + ", " + b + ")"
	case 9:
		return "fmin(fmax(" + a + ", -2.0f), 3.5f)" // a clamp (clamp.go)
	case 10:
		return g.pick("floor", "fabs", "ceil", "trunc") + "(" + a + ")"
	case 11:
		return "sqrt(fabs(" + a + "))"
	case 12:
		return "(" + g.cond(1) + " ? " + a + " : " + b + ")"
	case 13:
		return "(float)(" + g.iexpr(d-1) + ")"
	case 14:
		if g.intOnly { // implementations may fuse its steps
			return "fmax(" + a + ", " + b + ")"
		}
		return "mix(" + a + ", " + b + ", 0.25f)"
	default:
		if g.intOnly { // implementations may fuse its steps
			return "(" + a + " / " + b + ")"
		}
		return "dot(v0, (float4)(" + a + ", 1.0f, " + b + ", -0.5f))"
	}
}

func (g *kgen) fconst() string {
	return g.pick("0.5f", "-2.25f", "0.980964482f", "3.0e4f", "1.0e-3f", "0.0f", "-0.0f", "7.0f")
}

func (g *kgen) fleaf() string {
	switch k := g.r.Intn(10); {
	case k < 4:
		return g.fvar()
	case k == 4:
		return g.fconst()
	case k == 5 && g.r.Intn(2) == 0:
		return "fa[" + g.affine() + "]"
	case k == 5:
		return fmt.Sprintf("fa[(%s) & 255]", g.pick("gid", "lid", "n", g.ivar(), "gid * 2"))
	case k == 6:
		return "v0.s" + fmt.Sprint(g.r.Intn(4))
	case k == 7:
		return "(float)" + g.pick("gid", "lid", "n", g.ivar())
	}
	return g.fvar()
}

// affine returns an index below kgIn that grows with the ids (affine.go):
// unmasked, as real kernels index.
func (g *kgen) affine() string {
	switch g.r.Intn(5) {
	case 0:
		return fmt.Sprintf("gid + %d", g.r.Intn(kgIn-kgGroup))
	case 1:
		return fmt.Sprintf("gid * 2 + %d", g.r.Intn(kgIn-2*kgGroup))
	case 2:
		return fmt.Sprintf("lid * 3 + %d", g.r.Intn(kgIn-3*kgGroup))
	case 3:
		return fmt.Sprintf("grp + lid + n + %d", g.r.Intn(kgIn-2*kgGroup-8))
	}
	return fmt.Sprintf("%d - gid", kgGroup-1+g.r.Intn(kgIn-kgGroup))
}

// cond returns a condition; a uniform one in a kernel of uniform flow.
func (g *kgen) cond(d int) string {
	if g.uflow {
		switch g.r.Intn(4) {
		case 0:
			return fmt.Sprintf("n > %d", g.r.Intn(8))
		case 1:
			return fmt.Sprintf("ia[(n + %d) & 255] < %d", g.r.Intn(9), g.r.Intn(1000)-500)
		case 2:
			return fmt.Sprintf("(n & %d) == 0", 1+g.r.Intn(3))
		}
		if g.intOnly {
			return fmt.Sprintf("ia[n & 255] > %d", g.r.Intn(100))
		}
		return fmt.Sprintf("fa[n & 255] > %s", g.fconst())
	}
	switch g.r.Intn(8) {
	case 0:
		return g.iexpr(d) + " < " + g.iexpr(d)
	case 1:
		return "(" + g.iexpr(d) + " & 1) == 0"
	case 2:
		if g.intOnly {
			return g.iexpr(d) + " >= " + g.iexpr(d)
		}
		return g.fexpr(d) + " > " + g.fexpr(d)
	case 3:
		if g.r.Intn(2) == 0 {
			return fmt.Sprintf("%s < n * %d", g.pick("gid", "lid", "gid + 3", "2 * lid"), g.r.Intn(12))
		}
		return fmt.Sprintf("lid < %d", g.r.Intn(20))
	case 4:
		return fmt.Sprintf("n > %d", g.r.Intn(8)) // uniform
	case 5:
		return "(" + g.cond(0) + ") && (" + g.cond(0) + ")"
	case 6:
		return "!(" + g.cond(0) + ")"
	}
	return g.iexpr(d) + " != " + g.iexpr(d)
}
