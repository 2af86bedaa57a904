package host

import (
	"fmt"
	"math/rand"
	"strings"
)

// A generator of random kernels over three buffer arguments a, b and c
// that a dispatch may bind to one memory, whole or as overlapping ranges
// (aliasfuzz_test.go), each kernel made twice: as OpenCL C and as a
// sequential Go model that runs the work-items one after another over Go
// slices sharing one array just as the buffers do. The model assumes
// nothing about aliasing; it is the reference.
//
// Work-items never race, whatever the binding: work-item i reaches buffer
// X only at X[i*S + dX + k], 0 <= k < S, where dX (a POD argument) is the
// distance from X's first word to a base B common to every binding (the
// largest offset), so every buffer's access of work-item i lies in words
// [B + i*S, B + (i+1)*S) of the memory: its own words. Within them,
// anything goes: a store through a and a load through b of the same word,
// vectors across both, atomics, loops and branches.

// agEnv is a work-item's state in the Go model.
type agEnv struct {
	i   uint32
	p   uint32 // the work-item whose words it reaches: i, or i^1 after a barrier
	t   [4]uint32
	j   [2]uint32
	n   uint32
	d   [3]uint32
	mem [3][]uint32
	// size[x] is the bytes of buffer x's elements (b may be uchar, a view
	// of the same words).
	size [3]uint32
}

// ld is element o of buffer x.
func (v *agEnv) ld(x int, o uint32) uint32 {
	sz := v.size[x]
	if sz == 4 {
		return v.mem[x][o]
	}
	b := o * sz
	w := v.mem[x][b/4] >> (8 * (b % 4))
	return w & (1<<(8*sz) - 1)
}

// st stores val into element o of buffer x, truncated to the element.
func (v *agEnv) st(x int, o, val uint32) {
	sz := v.size[x]
	if sz == 4 {
		v.mem[x][o] = val
		return
	}
	b := o * sz
	sh := 8 * (b % 4)
	m := uint32(1<<(8*sz)-1) << sh
	w := &v.mem[x][b/4]
	*w = *w&^m | val<<sh&m
}

// agExpr is an expression: its C text and its value in the model.
type agExpr struct {
	c string
	f func(*agEnv) uint32
}

// agStmt is a statement: its C text (lines) and its effect in the model.
type agStmt struct {
	c string
	f func(*agEnv)
}

// agGen generates one kernel.
type agGen struct {
	r     *rand.Rand
	s     uint32 // words per work-item
	loops int    // loop counters in scope
	depth int
	nstmt int
	vec   bool      // vector accesses (s >= 4)
	size  [3]uint32 // bytes per element of a, b, c
	// ro[x]: the kernel never writes buffer x (its loads may be hoisted
	// as a read-only buffer's: driver/host's hoist.go).
	ro [3]bool
}

// writable picks a buffer the kernel writes.
func (g *agGen) writable() int {
	for {
		if x := g.r.Intn(3); !g.ro[x] {
			return x
		}
	}
}

var agBufs = [3]string{"a", "b", "c"}

func (g *agGen) konst() agExpr {
	var v uint32
	switch g.r.Intn(3) {
	case 0:
		v = uint32(g.r.Intn(9))
	case 1:
		v = uint32(g.r.Intn(1000))
	default:
		v = g.r.Uint32()
	}
	return agExpr{fmt.Sprintf("%du", v), func(*agEnv) uint32 { return v }}
}

// index is the offset of a w-word access of buffer x by the work-item:
// i*S + dX + k with k < S-w+1, constant or computed.
func (g *agGen) index(x, w int) agExpr {
	epw := 4 / g.size[x] // elements per word
	s := g.s * epw
	room := s - uint32(w) + 1
	var k agExpr
	if room == 1 || g.r.Intn(2) == 0 {
		c := uint32(g.r.Intn(int(room)))
		k = agExpr{fmt.Sprintf("%du", c), func(*agEnv) uint32 { return c }}
	} else {
		e := g.expr(1)
		k = agExpr{fmt.Sprintf("(%s) %% %du", e.c, room), func(v *agEnv) uint32 { return e.f(v) % room }}
	}
	c := fmt.Sprintf("p * %du + d%s * %du + %s", s, agBufs[x], epw, k.c)
	switch {
	case s == 1:
		c = fmt.Sprintf("p + d%s", agBufs[x]) // k is 0: a[p + da], the common shape
	case epw == 1:
		c = fmt.Sprintf("p * %du + d%s + %s", s, agBufs[x], k.c)
	}
	return agExpr{c, func(v *agEnv) uint32 { return v.p*s + v.d[x]*epw + k.f(v) }}
}

func (g *agGen) load() agExpr {
	x := g.r.Intn(3)
	ix := g.index(x, 1)
	c := fmt.Sprintf("%s[%s]", agBufs[x], ix.c)
	if g.size[x] != 4 {
		c = "((uint)" + c + ")" // uint arithmetic, as the model's
	}
	return agExpr{c, func(v *agEnv) uint32 { return v.ld(x, ix.f(v)) }}
}

func (g *agGen) leaf() agExpr {
	switch n := g.r.Intn(10); {
	case n < 3:
		return g.load()
	case n < 5:
		t := g.r.Intn(4)
		return agExpr{fmt.Sprintf("t%d", t), func(v *agEnv) uint32 { return v.t[t] }}
	case n < 6:
		return agExpr{"i", func(v *agEnv) uint32 { return v.i }}
	case n < 7 && g.loops > 0:
		j := g.r.Intn(g.loops)
		return agExpr{fmt.Sprintf("j%d", j), func(v *agEnv) uint32 { return v.j[j] }}
	case n < 8:
		return agExpr{"n", func(v *agEnv) uint32 { return v.n }}
	}
	return g.konst()
}

func (g *agGen) expr(depth int) agExpr {
	if depth <= 0 || g.r.Intn(3) == 0 {
		return g.leaf()
	}
	x, y := g.expr(depth-1), g.expr(depth-1)
	bin := func(op string, f func(a, b uint32) uint32) agExpr {
		return agExpr{fmt.Sprintf("(%s %s %s)", x.c, op, y.c), func(v *agEnv) uint32 { return f(x.f(v), y.f(v)) }}
	}
	switch g.r.Intn(11) {
	case 0:
		return bin("+", func(a, b uint32) uint32 { return a + b })
	case 1:
		return bin("-", func(a, b uint32) uint32 { return a - b })
	case 2:
		return bin("*", func(a, b uint32) uint32 { return a * b })
	case 3:
		return bin("^", func(a, b uint32) uint32 { return a ^ b })
	case 4:
		return bin("&", func(a, b uint32) uint32 { return a & b })
	case 5:
		return bin("|", func(a, b uint32) uint32 { return a | b })
	case 6:
		return agExpr{fmt.Sprintf("(%s << (%s & 31u))", x.c, y.c), func(v *agEnv) uint32 { return x.f(v) << (y.f(v) & 31) }}
	case 7:
		return agExpr{fmt.Sprintf("(%s >> (%s & 31u))", x.c, y.c), func(v *agEnv) uint32 { return x.f(v) >> (y.f(v) & 31) }}
	case 8:
		return agExpr{fmt.Sprintf("min(%s, %s)", x.c, y.c), func(v *agEnv) uint32 { return min(x.f(v), y.f(v)) }}
	case 9:
		return agExpr{fmt.Sprintf("max(%s, %s)", x.c, y.c), func(v *agEnv) uint32 { return max(x.f(v), y.f(v)) }}
	}
	z, w := g.expr(depth-1), g.expr(depth-1)
	return agExpr{fmt.Sprintf("(%s < %s ? %s : %s)", x.c, y.c, z.c, w.c), func(v *agEnv) uint32 {
		if x.f(v) < y.f(v) {
			return z.f(v)
		}
		return w.f(v)
	}}
}

func (g *agGen) block(n int) agStmt {
	var cs []string
	var fs []func(*agEnv)
	for range n {
		s := g.stmt()
		cs = append(cs, s.c)
		fs = append(fs, s.f)
	}
	return agStmt{strings.Join(cs, "\n"), func(v *agEnv) {
		for _, f := range fs {
			f(v)
		}
	}}
}

func (g *agGen) stmt() agStmt {
	g.nstmt++
	nested := g.depth < 2 && g.nstmt < 24
	switch n := g.r.Intn(20); {
	case n < 4:
		t, e := g.r.Intn(4), g.expr(2)
		return agStmt{fmt.Sprintf("t%d = %s;", t, e.c), func(v *agEnv) { v.t[t] = e.f(v) }}
	case n < 9:
		x := g.writable()
		ix, e := g.index(x, 1), g.expr(2)
		return agStmt{fmt.Sprintf("%s[%s] = %s;", agBufs[x], ix.c, e.c), func(v *agEnv) {
			o, val := ix.f(v), e.f(v)
			v.st(x, o, val)
		}}
	case n < 11:
		x := g.writable()
		ix, e := g.index(x, 1), g.expr(1)
		return agStmt{fmt.Sprintf("%s[%s] += %s;", agBufs[x], ix.c, e.c), func(v *agEnv) {
			o := ix.f(v)
			val := e.f(v)
			v.st(x, o, v.ld(x, o)+val)
		}}
	case n < 12:
		x, t := g.writable(), g.r.Intn(4)
		if g.size[x] != 4 {
			x = 2 // atomics of 32-bit words only
		}
		ix, e := g.index(x, 1), g.expr(1)
		return agStmt{fmt.Sprintf("t%d = atomic_add(&%s[%s], %s);", t, agBufs[x], ix.c, e.c), func(v *agEnv) {
			o, val := ix.f(v), e.f(v)
			v.t[t] = v.mem[x][o]
			v.mem[x][o] += val
		}}
	case n < 14 && g.vec:
		x, y := g.r.Intn(3), g.writable()
		if g.size[x] != 4 {
			x = 2
		}
		if g.size[y] != 4 {
			y = 2
		}
		ix, iy, e := g.index(x, 4), g.index(y, 4), g.expr(1)
		return agStmt{fmt.Sprintf("vstore4(vload4(0, %s + %s) * 3u + (uint4)(%s), 0, %s + %s);", agBufs[x], ix.c, e.c, agBufs[y], iy.c),
			func(v *agEnv) {
				o := ix.f(v)
				var w [4]uint32
				for k := range w {
					w[k] = v.mem[x][o+uint32(k)]
				}
				val, p := e.f(v), iy.f(v)
				for k := range w {
					v.mem[y][p+uint32(k)] = w[k]*3 + val
				}
			}}
	case n < 16 && nested:
		x, y := g.expr(1), g.expr(1)
		g.depth++
		th, el := g.block(1+g.r.Intn(3)), g.block(g.r.Intn(2))
		g.depth--
		return agStmt{fmt.Sprintf("if (%s < %s) {\n%s\n} else {\n%s\n}", x.c, y.c, th.c, el.c), func(v *agEnv) {
			if x.f(v) < y.f(v) {
				th.f(v)
			} else {
				el.f(v)
			}
		}}
	case n < 18 && nested && g.loops < 2:
		j := g.loops
		g.loops++
		g.depth++
		body := g.block(1 + g.r.Intn(4))
		g.depth--
		g.loops--
		return agStmt{fmt.Sprintf("for (uint j%d = 0; j%d < n; j%d++) {\n%s\n}", j, j, j, body.c), func(v *agEnv) {
			for v.j[j] = 0; v.j[j] < v.n; v.j[j]++ {
				body.f(v)
			}
		}}
	}
	x := g.writable()
	ix, e := g.index(x, 1), g.expr(1)
	return agStmt{fmt.Sprintf("%s[%s] ^= %s;", agBufs[x], ix.c, e.c), func(v *agEnv) {
		o := ix.f(v)
		val := e.f(v)
		v.st(x, o, v.ld(x, o)^val)
	}}
}

// agKernel is a generated kernel: its source and its model, which runs
// one work-item up to the barrier (phase 0) or after it (phase 1).
type agKernel struct {
	src   string
	model func(v *agEnv, phase int)
}

// genAliasKernel makes kernel k of seed with s words per work-item. With
// swap, the kernel has a barrier (with a global memory fence) after which
// each work-item reaches the words of work-item i^1 of its group, which
// that one wrote before the barrier.
func genAliasKernel(seed int64, s uint32, swap bool) agKernel {
	g := &agGen{r: rand.New(rand.NewSource(seed)), s: s, vec: s >= 4, size: [3]uint32{4, 4, 4}}
	// A third of the kernels see b as the words' bytes. (Bytes only: C's
	// effective-type rule (C99 6.5p7) lets a character type reach any
	// object, but a ushort lvalue of a uint's memory is undefined, and
	// PoCL's type-based alias analysis does reorder such accesses.)
	if g.r.Intn(3) == 0 {
		g.size[1] = 1
	}
	// Half the kernels leave a or b (or both) unwritten; c is always
	// written.
	if g.r.Intn(2) == 0 {
		g.ro[0], g.ro[1] = g.r.Intn(2) == 0, g.r.Intn(2) == 0
		if !g.ro[0] && !g.ro[1] {
			g.ro[1] = true
		}
	}
	body := g.block(4 + g.r.Intn(6))
	after := agStmt{f: func(*agEnv) {}}
	if swap {
		g.nstmt = 0
		after = g.block(2 + g.r.Intn(4))
		after.c = "barrier(CLK_GLOBAL_MEM_FENCE);\np = i ^ 1u;\n" + after.c
	}
	// The temporaries end in the work-item's first word of c, so that
	// what the work-item computed is seen even where its stores were
	// overwritten.
	ix := g.index(2, 1)
	var q [2]string
	for x := range q {
		if g.ro[x] && g.r.Intn(2) == 0 {
			q[x] = "const "
		}
	}
	btype := map[uint32]string{1: "uchar", 2: "ushort", 4: "uint"}[g.size[1]]
	src := fmt.Sprintf(`kernel void k(%sglobal uint *a, %sglobal %s *b, global uint *c, uint n, uint da, uint db, uint dc) {
	uint i = get_global_id(1) * get_global_size(0) + get_global_id(0);
	uint p = i;
	uint t0 = i * 2654435761u, t1 = n, t2 = 7u, t3 = i ^ 5u;
%s
%s
	c[%s] ^= t0 + t1 * 3u + t2 * 5u + t3 * 7u;
}
`, q[0], q[1], btype, body.c, after.c, ix.c)
	size := g.size
	return agKernel{src, func(v *agEnv, phase int) {
		v.size = size
		if phase == 0 {
			v.p = v.i
			v.t = [4]uint32{v.i * 2654435761, v.n, 7, v.i ^ 5}
			body.f(v)
			return
		}
		if swap {
			v.p = v.i ^ 1
		}
		after.f(v)
		o := ix.f(v)
		v.mem[2][o] ^= v.t[0] + v.t[1]*3 + v.t[2]*5 + v.t[3]*7
	}}
}
