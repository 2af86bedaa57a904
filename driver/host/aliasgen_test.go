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
	t   [4]uint32
	j   [2]uint32
	n   uint32
	d   [3]uint32
	mem [3][]uint32
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
	vec   bool // vector accesses (s >= 4)
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
	s := g.s
	room := s - uint32(w) + 1
	var k agExpr
	if room == 1 || g.r.Intn(2) == 0 {
		c := uint32(g.r.Intn(int(room)))
		k = agExpr{fmt.Sprintf("%du", c), func(*agEnv) uint32 { return c }}
	} else {
		e := g.expr(1)
		k = agExpr{fmt.Sprintf("(%s) %% %du", e.c, room), func(v *agEnv) uint32 { return e.f(v) % room }}
	}
	c := fmt.Sprintf("i * %du + d%s + %s", s, agBufs[x], k.c)
	if s == 1 {
		c = fmt.Sprintf("i + d%s", agBufs[x]) // k is 0: a[i + da], the common shape
	}
	return agExpr{c, func(v *agEnv) uint32 { return v.i*s + v.d[x] + k.f(v) }}
}

func (g *agGen) load() agExpr {
	x := g.r.Intn(3)
	ix := g.index(x, 1)
	return agExpr{fmt.Sprintf("%s[%s]", agBufs[x], ix.c), func(v *agEnv) uint32 { return v.mem[x][ix.f(v)] }}
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
			v.mem[x][o] = val
		}}
	case n < 11:
		x := g.writable()
		ix, e := g.index(x, 1), g.expr(1)
		return agStmt{fmt.Sprintf("%s[%s] += %s;", agBufs[x], ix.c, e.c), func(v *agEnv) {
			o := ix.f(v)
			val := e.f(v)
			v.mem[x][o] += val
		}}
	case n < 12:
		x, t := g.writable(), g.r.Intn(4)
		ix, e := g.index(x, 1), g.expr(1)
		return agStmt{fmt.Sprintf("t%d = atomic_add(&%s[%s], %s);", t, agBufs[x], ix.c, e.c), func(v *agEnv) {
			o, val := ix.f(v), e.f(v)
			v.t[t] = v.mem[x][o]
			v.mem[x][o] += val
		}}
	case n < 14 && g.vec:
		x, y := g.r.Intn(3), g.writable()
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
		v.mem[x][o] ^= val
	}}
}

// agKernel is a generated kernel: its source and its model, which runs
// one work-item.
type agKernel struct {
	src   string
	model func(v *agEnv)
}

// genAliasKernel makes kernel k of seed with s words per work-item.
func genAliasKernel(seed int64, s uint32) agKernel {
	g := &agGen{r: rand.New(rand.NewSource(seed)), s: s, vec: s >= 4}
	// Half the kernels leave a or b (or both) unwritten; c is always
	// written.
	if g.r.Intn(2) == 0 {
		g.ro[0], g.ro[1] = g.r.Intn(2) == 0, g.r.Intn(2) == 0
		if !g.ro[0] && !g.ro[1] {
			g.ro[1] = true
		}
	}
	body := g.block(4 + g.r.Intn(6))
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
	src := fmt.Sprintf(`kernel void k(%sglobal uint *a, %sglobal uint *b, global uint *c, uint n, uint da, uint db, uint dc) {
	uint i = get_global_id(1) * get_global_size(0) + get_global_id(0);
	uint t0 = i * 2654435761u, t1 = n, t2 = 7u, t3 = i ^ 5u;
%s
	c[%s] ^= t0 + t1 * 3u + t2 * 5u + t3 * 7u;
}
`, q[0], q[1], body.c, ix.c)
	return agKernel{src, func(v *agEnv) {
		v.t = [4]uint32{v.i * 2654435761, v.n, 7, v.i ^ 5}
		body.f(v)
		o := ix.f(v)
		v.mem[2][o] ^= v.t[0] + v.t[1]*3 + v.t[2]*5 + v.t[3]*7
	}}
}
