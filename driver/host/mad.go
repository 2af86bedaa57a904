package host

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// Fused multiply-add of rows. A float32 OpFAdd or OpFSub one of whose
// operands is an OpFMul used nowhere else, in the same block or the same
// prologue, computes the product and the sum in one pass over the lanes
// (two roundings, as the two instructions):
// the product's row is neither written nor read again. The product's own
// instruction becomes a no-op; when a prologue faulted both run as
// compiled. (Values are written only by their definitions, so the
// product's operands still hold at the sum what they held at the product.)

// codeRef is where a non-hoisted instruction's code sits in its block.
type codeRef struct {
	b *block
	i int
}

// fuseMad returns the fused form of OpFAdd in, whose code as compiled is
// run, or run itself.
func (p *prep) fuseMad(in *inst, run func(*state)) func(*state) {
	t := p.vtype[in.id]
	if in.op != spirv.OpFAdd && in.op != spirv.OpFSub || t == nil || numKind(t) != nkF32 || len(in.args) != 2 || p.codeAt == nil || !p.on(optMad) {
		return run
	}
	// The sum's hoisting level, as hoistLevel will find it.
	lvl := join(join(perDispatch, p.level(in.args[0])), p.level(in.args[1]))
	for xi, x := range in.args {
		pm := p.defs[x]
		if pm == nil || pm.op != spirv.OpFMul || p.uses[x] != 1 || p.uniform(x) || p.aliased[x] || len(pm.args) != 2 {
			continue
		}
		// The product's code: in this block, neither hoisted; or in the
		// prologue the sum goes to.
		var code *instr
		if ref, ok := p.codeAt[x]; ok && ref.b == p.curBlock && lvl == 0 {
			code = &ref.b.code[ref.i]
		} else if at, ok := p.proAt[x]; ok && lvl != 0 && int(lvl)-1 == at[0] {
			code = &p.k.pro[at[0]][at[1]]
		}
		if code == nil {
			continue
		}
		y := in.args[1-xi]
		// The product's operands are read at the sum: none may live in a
		// variable's rows, which a store between them could change.
		if _, ok := p.loadAlias[pm.args[0]]; ok {
			continue
		}
		if _, ok := p.loadAlias[pm.args[1]]; ok {
			continue
		}
		same := true
		for _, id := range []uint32{x, y, pm.args[0], pm.args[1]} {
			if vt := p.vtype[id]; vt == nil || vt.comps != t.comps || numKind(vt) != nkF32 {
				same = false
			}
		}
		if !same {
			continue
		}
		L := p.lanes
		row := func(id uint32) (int, int) { // first slot, lane step (0: uniform)
			if p.uniform(id) {
				return p.rowAt(id) * L, 0
			}
			return p.rowAt(id) * L, 1
		}
		a, ma := row(pm.args[0])
		b, mb := row(pm.args[1])
		yo, my := row(y)
		dst := p.rowAt(in.id) * L
		comps := t.comps
		if sub := p.fuseSub(pm, y, lvl); sub != nil && ma == 1 && mb == 1 && my == 1 {
			return p.subMad(in, sub, code, run, dst, y, xi, comps, lvl)
		}
		mul := code.run
		code.run = func(*state) {} // computed by the sum
		p.madLevel[in.id] = lvl    // checked once the sum is hoisted
		op := [2][2]int{{madYX, madXY}, {msbYX, msbXY}}[b2i(in.op == spirv.OpFSub)][b2i(xi == 0)]
		return func(s *state) {
			if s.redo {
				mul(s)
				run(s)
				return
			}
			lo, hi := s.span()
			for c := range comps {
				o := c * L
				madRow(s.r[dst+o+lo:dst+o+hi], s.r[a+o+lo*ma:], s.r[b+o+lo*mb:], s.r[yo+o+lo*my:], ma, mb, my, op)
			}
		}
	}
	return run
}

// A product one of whose operands is a difference used nowhere else (mix:
// a + (b-a)*t) computes the difference too, in the same pass: three
// roundings, as the three instructions.

// fuseSub returns the code of the OpFSub operand of product pm that the
// sum may compute, and the difference, or nil.
func (p *prep) fuseSub(pm *inst, y uint32, lvl uint8) *subCode {
	for k, x := range pm.args {
		sb := p.defs[x]
		if sb == nil || sb.op != spirv.OpFSub || p.uses[x] != 1 || p.uniform(x) || p.aliased[x] || len(sb.args) != 2 {
			continue
		}
		// A difference that is itself a fused sum (b - c*d) left its
		// product's rows unwritten: the sum reading its operands would
		// read stale rows there. It stays the product's operand.
		if _, fused := p.madLevel[x]; fused {
			continue
		}
		// The difference's code: in this block, not hoisted; or in a
		// prologue, which runs before the sum (its operands are then
		// ready at the sum, and when a prologue faulted its stub in
		// place computes it).
		var code *instr
		inBlock := false
		if ref, ok := p.codeAt[x]; ok && ref.b == p.curBlock && lvl == 0 {
			code, inBlock = &ref.b.code[ref.i], true
		} else if at, ok := p.proAt[x]; ok && (lvl == 0 || int(lvl)-1 >= at[0]) {
			code = &p.k.pro[at[0]][at[1]]
		}
		if code == nil {
			continue
		}
		ok := true
		for _, id := range []uint32{sb.args[0], sb.args[1], pm.args[1-k], y} {
			_, alias := p.loadAlias[id]
			vt := p.vtype[id]
			ok = ok && !alias && !p.uniform(id) && vt != nil && vt.comps == p.vtype[x].comps && numKind(vt) == nkF32
		}
		if ok {
			return &subCode{sub: sb, code: code, t: pm.args[1-k], inBlock: inBlock}
		}
	}
	return nil
}

// subCode is a difference a product reads, its code and the product's
// other operand.
type subCode struct {
	sub     *inst
	code    *instr
	t       uint32
	inBlock bool // else hoisted: its stub in place runs it when a prologue faulted
}

// subMad returns the sum in of the product of sc's difference and t,
// combined with y, all rows: one pass computing ((P - Q) * T) op Y.
func (p *prep) subMad(in *inst, sc *subCode, mulCode *instr, run func(*state), dst int, y uint32, xi, comps int, lvl uint8) func(*state) {
	L := p.lanes
	T, Y := p.rowAt(sc.t)*L, p.rowAt(y)*L
	// The difference's operands by component: their rows, or the rows
	// of the scalars a construct of them was built from (foldRows).
	var PQ [2][]int
	for i, id := range sc.sub.args {
		if PQ[i] = p.foldRows(id, comps); PQ[i] == nil {
			for c := range comps {
				PQ[i] = append(PQ[i], p.rowAt(id)*L+c*L)
			}
		}
	}
	sub, mul := sc.code.run, mulCode.run
	sc.code.run, mulCode.run = func(*state) {}, func(*state) {} // computed by the sum
	p.madLevel[in.id] = lvl                                     // checked once the sum is hoisted
	op := [2][2]int{{madYX, madXY}, {msbYX, msbXY}}[b2i(in.op == spirv.OpFSub)][b2i(xi == 0)]
	return func(s *state) {
		if s.redo {
			if sc.inBlock {
				sub(s)
			}
			mul(s)
			run(s)
			return
		}
		lo, hi := s.span()
		for c := range comps {
			o := c*L + lo
			subMadRow(s.r[dst+o:dst+c*L+hi], s.r[PQ[0][c]+lo:], s.r[PQ[1][c]+lo:], s.r[T+o:], s.r[Y+o:], op)
		}
	}
}

// foldRows returns the slot offsets of the components of id when id is a
// hoisted construct of scalars used only by the difference: the sum reads
// the scalars in place and the construct's prologue code does nothing
// (its stub in place still builds it when a prologue faulted, for the
// difference's own code). Hoisted scalars are computed from invariant
// values, never in a variable's rows, so they hold at the sum. vector_mix
// reverses a float8 (a.s76543210) only to subtract it.
func (p *prep) foldRows(id uint32, comps int) []int {
	d := p.defs[id]
	at, hoisted := p.proAt[id]
	if d == nil || d.op != spirv.OpCompositeConstruct || len(d.args) != comps || p.uses[id] != 1 || p.aliased[id] || !hoisted {
		return nil
	}
	rows := make([]int, comps)
	for c, a := range d.args {
		r, ok := p.rowOf(a)
		if vt := p.vtype[a]; vt == nil || vt.comps != 1 || !ok || p.uniform(a) {
			return nil
		}
		rows[c] = r * p.lanes
	}
	p.k.pro[at[0]][at[1]].run = func(*state) {}
	return rows
}

// subMadRow sets d[l] to (P[l]-Q[l])*T[l] combined with Y[l] by op.
func subMadRow(d, P, Q, T, Y []uint64, op int) {
	P, Q, T, Y = P[:len(d)], Q[:len(d)], T[:len(d)], Y[:len(d)]
	if n := simdLen(len(d)); n > 0 {
		[...]func(d, p, q, t, y *uint64, n int){madXY: simdSubMadXY, madYX: simdSubMadYX, msbXY: simdSubMadSubXY, msbYX: simdSubMadSubYX}[op](&d[0], &P[0], &Q[0], &T[0], &Y[0], n)
		d, P, Q, T, Y = d[n:], P[n:], Q[n:], T[n:], Y[n:]
	}
	for l := range d {
		x := float32(f32row(&P[l]) - f32row(&Q[l]))
		x = float32(x * f32row(&T[l]))
		d[l] = uint64(math.Float32bits(comb(x, f32row(&Y[l]), op)))
	}
}

// madSIMD is madRow's SIMD loop for len(d) lanes, a multiple of 8, when
// A or B is a row.
func madSIMD(d, A, B, Y []uint64, ma, mb, my int, op int) {
	n := len(d)
	V, k := A, B[0]
	if ma == 0 {
		V, k = B, A[0]
	}
	_, _ = V[n-1], Y[(n-1)*my]
	switch {
	case ma == 1 && mb == 1 && my == 1:
		_ = B[n-1]
		[...]func(d, a, b, y *uint64, n int){madXY: simdMadXY, madYX: simdMadYX, msbXY: simdMadSubXY, msbYX: simdMadSubYX}[op](&d[0], &A[0], &B[0], &Y[0], n)
	case my == 1:
		[...]func(d, a *uint64, b uint64, y *uint64, n int){madXY: simdMadXY_vsv, madYX: simdMadYX_vsv, msbXY: simdMadSubXY_vsv, msbYX: simdMadSubYX_vsv}[op](&d[0], &V[0], k, &Y[0], n)
	case ma == 1 && mb == 1:
		_ = B[n-1]
		[...]func(d, a, b *uint64, y uint64, n int){madXY: simdMadXY_vvs, madYX: simdMadYX_vvs, msbXY: simdMadSubXY_vvs, msbYX: simdMadSubYX_vvs}[op](&d[0], &A[0], &B[0], Y[0], n)
	default:
		[...]func(d, a *uint64, b, y uint64, n int){madXY: simdMadXY_vss, madYX: simdMadYX_vss, msbXY: simdMadSubXY_vss, msbYX: simdMadSubYX_vss}[op](&d[0], &V[0], k, Y[0], n)
	}
}

// madRow sets d[l] to A[l]*B[l] combined with Y[l] by op, an operand with
// step 0 being one value for every lane.
func madRow(d, A, B, Y []uint64, ma, mb, my int, op int) {
	if n := simdLen(len(d)); n > 0 && ma+mb > 0 {
		madSIMD(d[:n], A, B, Y, ma, mb, my, op)
		d, A, B, Y = d[n:], A[n*ma:], B[n*mb:], Y[n*my:]
	}
	f := math.Float32frombits
	switch {
	case ma == 1 && mb == 1 && my == 1:
		A, B, Y = A[:len(d)], B[:len(d)], Y[:len(d)]
		for l := range d {
			x := float32(f32row(&A[l]) * f32row(&B[l]))
			d[l] = uint64(math.Float32bits(comb(x, f32row(&Y[l]), op)))
		}
	case ma+mb == 1 && my == 1:
		V, k := A, f(uint32(B[0]))
		if ma == 0 {
			V, k = B, f(uint32(A[0]))
		}
		V, Y = V[:len(d)], Y[:len(d)]
		for l := range d {
			x := float32(k * f32row(&V[l])) // multiplication commutes exactly
			d[l] = uint64(math.Float32bits(comb(x, f32row(&Y[l]), op)))
		}
	case ma == 1 && mb == 1: // Horner steps: p*x + c
		A, B, y := A[:len(d)], B[:len(d)], f(uint32(Y[0]))
		for l := range d {
			x := float32(f32row(&A[l]) * f32row(&B[l]))
			d[l] = uint64(math.Float32bits(comb(x, y, op)))
		}
	case ma+mb == 1:
		V, k := A, f(uint32(B[0]))
		if ma == 0 {
			V, k = B, f(uint32(A[0]))
		}
		V, y := V[:len(d)], f(uint32(Y[0]))
		for l := range d {
			x := float32(k * f32row(&V[l]))
			d[l] = uint64(math.Float32bits(comb(x, y, op)))
		}
	default:
		for l := range d {
			x := float32(f32row(&A[l*ma]) * f32row(&B[l*mb]))
			d[l] = uint64(math.Float32bits(comb(x, f32row(&Y[l*my]), op)))
		}
	}
}

// How a product x and the other operand y combine, in the instruction's
// operand order (which also says which NaN comes out).
const (
	madXY = iota // x + y
	madYX        // y + x
	msbXY        // x - y
	msbYX        // y - x
)

func comb(x, y float32, op int) float32 {
	switch op {
	case madXY:
		return x + y
	case madYX:
		return y + x
	case msbXY:
		return x - y
	}
	return y - x
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
