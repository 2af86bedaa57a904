package host

import (
	"math"
	"math/bits"

	"github.com/clgo/clgo/spirv"
)

// operands returns the register offsets of ids.
func (p *prep) operands(ids ...uint32) ([]int, error) {
	offs := make([]int, len(ids))
	for i, id := range ids {
		var err error
		if offs[i], err = p.operand(id); err != nil {
			return nil, err
		}
	}
	return offs, nil
}

// dot32Rows sets d to the dot products of comps float32 rows of xs and ys,
// the rows of each L slots apart in one register file.
func dot32Rows(d []uint64, xs, ys *[4][]uint64, comps, L int) {
	f := math.Float32frombits
	for l := range d {
		var sum float32
		for c := range comps {
			sum += float32(f(uint32(xs[c][l])) * f(uint32(ys[c][l])))
		}
		d[l] = uint64(math.Float32bits(sum))
	}
}

// dot compiles OpDot.
func (p *prep) dot(in *inst) (func(*state), error) {
	o, err := p.operands(in.id, in.args[0], in.args[1])
	if err != nil {
		return nil, err
	}
	dst, x, y := o[0], o[1], o[2]
	L := p.lanes
	comps := p.vtype[in.args[0]].comps
	fb := p.vtype[in.id].width
	if fb == 32 && comps <= 4 {
		// Rows sliced once per component; the same sums in the same order
		// as below.
		return func(s *state) {
			lo, hi := s.span()
			d := s.r[dst+lo : dst+hi]
			var xs, ys [4][]uint64
			for c := range comps {
				xs[c] = s.r[x+c*L+lo : x+c*L+hi][:len(d)]
				ys[c] = s.r[y+c*L+lo : y+c*L+hi][:len(d)]
			}
			dot32Rows(d, &xs, &ys, comps, L)
		}, nil
	}
	if fb == 32 {
		return func(s *state) {
			d := s.out(dst, L)
			for l := range d {
				var sum float32
				for c := 0; c < comps; c++ {
					sum += math.Float32frombits(uint32(s.r[x+c*L+l])) * math.Float32frombits(uint32(s.r[y+c*L+l]))
				}
				d[l] = uint64(math.Float32bits(sum))
			}
		}, nil
	}
	return func(s *state) {
		d := s.out(dst, L)
		for l := range d {
			var sum float64
			for c := 0; c < comps; c++ {
				sum += decodeF(s.r[x+c*L+l], fb) * decodeF(s.r[y+c*L+l], fb)
			}
			d[l] = encodeF(sum, fb)
		}
	}, nil
}

// anyAll compiles OpAny and OpAll.
func (p *prep) anyAll(in *inst) (func(*state), error) {
	o, err := p.operands(in.id, in.args[0])
	if err != nil {
		return nil, err
	}
	dst, x := o[0], o[1]
	L := p.lanes
	comps := p.vtype[in.args[0]].comps
	all := in.op == spirv.OpAll
	return func(s *state) {
		d := s.out(dst, L)
		for l := range d {
			r := all
			for c := 0; c < comps; c++ {
				if (s.r[x+c*L+l] != 0) != all {
					r = !all
					break
				}
			}
			d[l] = b2u(r)
		}
	}, nil
}

// extended compiles the two-result arithmetic: the result struct holds the
// low part (or sum) then the high part (or carry).
func (p *prep) extended(in *inst) (func(*state), error) {
	o, err := p.operands(in.id, in.args[0], in.args[1])
	if err != nil {
		return nil, err
	}
	dst, x, y := o[0], o[1], o[2]
	L := p.lanes
	at := p.vtype[in.args[0]]
	w := widthOf(at.scalar().width)
	n := at.comps * L
	op := in.op
	return func(s *state) {
		d := s.out(dst, 2*n)
		for i := 0; i < n; i++ {
			a, b := s.r[x+i], s.r[y+i]
			var lo, hi uint64
			switch op {
			case spirv.OpIAddCarry:
				lo = (a + b) & w.m
				hi = b2u(lo < a)
			case spirv.OpISubBorrow:
				lo = (a - b) & w.m
				hi = b2u(a < b)
			case spirv.OpUMulExtended:
				h, l := bits.Mul64(a, b)
				lo, hi = l&w.m, (h<<w.sh|l>>(64-w.sh))&w.m
				if w.bits == 64 {
					lo, hi = l, h
				}
			case spirv.OpSMulExtended:
				sa, sb := sx(a, w), sx(b, w)
				if w.bits < 64 {
					prod := sa * sb
					lo, hi = uint64(prod)&w.m, uint64(prod>>w.bits)&w.m
				} else {
					h, l := bits.Mul64(uint64(sa), uint64(sb))
					if sa < 0 {
						h -= uint64(sb)
					}
					if sb < 0 {
						h -= uint64(sa)
					}
					lo, hi = l, h
				}
			}
			d[i], d[n+i] = lo, hi
		}
	}, nil
}

// bitField compiles OpBitFieldInsert and OpBitField[SU]Extract.
func (p *prep) bitField(in *inst) (func(*state), error) {
	ids := append([]uint32{in.id}, in.args...)
	o, err := p.operands(ids...)
	if err != nil {
		return nil, err
	}
	L := p.lanes
	t := p.vtype[in.id]
	w := widthOf(t.scalar().width)
	n := t.comps * L
	dst := o[0]
	op := in.op
	return func(s *state) {
		d := s.out(dst, n)
		for i := 0; i < n; i++ {
			l := i % L
			base := s.r[o[1]+i]
			var off, cnt uint64
			var v uint64
			if op == spirv.OpBitFieldInsert {
				off, cnt = s.r[o[3]+l], s.r[o[4]+l]
				m := widthOf(int(min(cnt, 64))).m << off
				if cnt == 0 {
					m = 0
				}
				v = (base&^m | s.r[o[2]+i]<<off&m) & w.m
			} else {
				off, cnt = s.r[o[2]+l], s.r[o[3]+l]
				if cnt == 0 {
					d[i] = 0
					continue
				}
				v = base >> off & widthOf(int(min(cnt, 64))).m
				if op == spirv.OpBitFieldSExtract {
					v = uint64(sx(v, widthOf(int(min(cnt, 64))))) & w.m
				}
			}
			d[i] = v
		}
	}, nil
}

// matrix compiles the matrix products, in float64 then rounded.
func (p *prep) matrix(in *inst) (func(*state), error) {
	if in.op == spirv.OpTranspose {
		return nil, p.errorf("unsupported instruction")
	}
	o, err := p.operands(in.id, in.args[0], in.args[1])
	if err != nil {
		return nil, err
	}
	dst, x, y := o[0], o[1], o[2]
	L := p.lanes
	t := p.vtype[in.id]
	xt, yt := p.vtype[in.args[0]], p.vtype[in.args[1]]
	fb := t.scalar().width
	if t.op == spirv.OpTypeMatrix {
		fb = t.elem.elem.width
	}
	// Element (r, c) of a matrix with R rows is row c*R + r.
	var rows, inner, cols int
	var xAt, yAt func(r, k int) int
	switch in.op {
	case spirv.OpMatrixTimesVector: // M (R x K) * v (K)
		rows, inner, cols = xt.elem.count, xt.count, 1
		xAt = func(r, k int) int { return k*rows + r }
		yAt = func(k, c int) int { return k }
	case spirv.OpVectorTimesMatrix: // v (K) * M (K x C)
		rows, inner, cols = 1, yt.elem.count, yt.count
		xAt = func(r, k int) int { return k }
		yAt = func(k, c int) int { return c*inner + k }
	case spirv.OpMatrixTimesMatrix:
		rows, inner, cols = xt.elem.count, xt.count, yt.count
		xAt = func(r, k int) int { return k*rows + r }
		yAt = func(k, c int) int { return c*inner + k }
	case spirv.OpOuterProduct:
		rows, inner, cols = xt.comps, 1, yt.comps
		xAt = func(r, k int) int { return r }
		yAt = func(k, c int) int { return c }
	}
	n := t.comps * L
	return func(s *state) {
		d := s.out(dst, n)
		for l := 0; l < L; l++ {
			for c := 0; c < cols; c++ {
				for r := 0; r < rows; r++ {
					var sum float64
					for k := 0; k < inner; k++ {
						sum += decodeF(s.r[x+xAt(r, k)*L+l], fb) * decodeF(s.r[y+yAt(k, c)*L+l], fb)
					}
					d[(c*rows+r)*L+l] = encodeF(sum, fb)
				}
			}
		}
	}, nil
}
