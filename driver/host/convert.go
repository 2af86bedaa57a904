package host

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// decodeF reads a float slot of the given width as float64.
func decodeF(v uint64, bits int) float64 {
	switch bits {
	case 16:
		return float64(h2f(uint16(v)))
	case 32:
		return float64(math.Float32frombits(uint32(v)))
	}
	return math.Float64frombits(v)
}

// encodeF rounds a float64 to a float slot of the given width.
func encodeF(f float64, bits int) uint64 {
	switch bits {
	case 16:
		return uint64(d2h(f))
	case 32:
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// d2h narrows a float64 to an IEEE half, rounding to nearest even once:
// through float32 rounded to odd (truncated, its last bit set when bits
// were dropped), which keeps 13 more bits than half and so never makes a
// second rounding land on a tie (convert_half(double)).
func d2h(f float64) uint16 {
	s := float32(f)
	if math.IsInf(float64(s), 0) || math.IsNaN(f) || float64(s) == f {
		return f2h(s)
	}
	if math.Abs(float64(s)) > math.Abs(f) {
		s = math.Nextafter32(s, 0)
	}
	return f2h(math.Float32frombits(math.Float32bits(s) | 1))
}

// Out-of-range float to integer conversions are undefined; these saturate
// (NaN gives 0), which is what the _sat forms need anyway.
func fToU(f float64, w intw) uint64 {
	switch {
	case f != f || f <= 0:
		return 0
	case f >= float64(w.m):
		return w.m
	}
	return uint64(f)
}

func fToS(f float64, w intw) uint64 {
	return fToSLo(f, w, -math.Ldexp(1, w.bits-1))
}

// fToSLo is fToS given the lowest value of the width, -2^(bits-1).
func fToSLo(f float64, w intw, lo float64) uint64 {
	switch {
	case f != f:
		return 0
	case f <= lo:
		return uint64(int64(lo)) & w.m
	case f >= -lo:
		return w.m >> 1
	}
	return uint64(int64(f)) & w.m
}

// convert compiles the numeric conversions.
func (p *prep) convert(in *inst) (func(*state), error) {
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	src, err := p.operand(in.args[0])
	if err != nil {
		return nil, err
	}
	dt, st := p.vtype[in.id], p.vtype[in.args[0]]
	dw, sw := widthOf(dt.scalar().width), widthOf(st.scalar().width)
	if dt.op == spirv.OpTypePointer {
		dw = widthOf(64)
	}
	if st.op == spirv.OpTypePointer {
		sw = widthOf(64)
	}
	L := p.lanes
	n := dt.comps * L
	if st.comps != dt.comps {
		return nil, p.errorf("operand has %d components, result %d", st.comps, dt.comps)
	}
	loop := func(f func(uint64) uint64) func(*state) {
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			for i := range d {
				d[i] = f(x[i])
			}
		}
	}
	if run := convertFast(in.op, dst, src, n, sw, dw); run != nil && p.on(optConvFast) {
		return run, nil
	}
	switch in.op {
	case spirv.OpConvertFToU:
		return loop(func(v uint64) uint64 { return fToU(decodeF(v, sw.bits), dw) }), nil
	case spirv.OpConvertFToS:
		if sw.bits == 32 && dw.bits == 32 {
			return func(s *state) {
				d, x := s.out(dst, n), s.r[src:src+n]
				for i := range d {
					f := math.Float32frombits(uint32(x[i]))
					if f > -2147483648 && f < 2147483648 {
						d[i] = uint64(uint32(int32(f)))
					} else {
						d[i] = fToS(float64(f), dw)
					}
				}
			}, nil
		}
		return loop(func(v uint64) uint64 { return fToS(decodeF(v, sw.bits), dw) }), nil
	case spirv.OpConvertSToF:
		if sw.bits == 32 && dw.bits == 32 {
			return func(s *state) {
				d, x := s.out(dst, n), s.r[src:src+n]
				for i := range d {
					d[i] = uint64(math.Float32bits(float32(int32(x[i]))))
				}
			}, nil
		}
		if dw.bits == 32 {
			// Rounded once: through float64 a long rounds twice
			// (0x7fffffbfffffffff gave 0x1p+63, not 0x1.fffffep+62).
			return loop(func(v uint64) uint64 { return uint64(math.Float32bits(float32(sx(v, sw)))) }), nil
		}
		return loop(func(v uint64) uint64 { return encodeF(float64(sx(v, sw)), dw.bits) }), nil
	case spirv.OpConvertUToF:
		if sw.bits == 32 && dw.bits == 32 {
			return func(s *state) {
				d, x := s.out(dst, n), s.r[src:src+n]
				for i := range d {
					d[i] = uint64(math.Float32bits(float32(uint32(x[i]))))
				}
			}, nil
		}
		if dw.bits == 32 {
			return loop(func(v uint64) uint64 { return uint64(math.Float32bits(float32(v))) }), nil
		}
		return loop(func(v uint64) uint64 { return encodeF(float64(v), dw.bits) }), nil
	case spirv.OpUConvert, spirv.OpConvertPtrToU, spirv.OpConvertUToPtr:
		if dw.bits == 64 {
			// Widening to 64 bits (size_t, an address) keeps the bits.
			return func(s *state) { copy(s.out(dst, n), s.r[src:src+n]) }, nil
		}
		return loop(func(v uint64) uint64 { return v & dw.m }), nil
	case spirv.OpSConvert:
		return loop(func(v uint64) uint64 { return uint64(sx(v, sw)) & dw.m }), nil
	case spirv.OpFConvert:
		return loop(func(v uint64) uint64 { return encodeF(decodeF(v, sw.bits), dw.bits) }), nil
	case spirv.OpQuantizeToF16:
		return loop(func(v uint64) uint64 {
			return encodeF(float64(h2f(f2h(float32(decodeF(v, sw.bits))))), dw.bits)
		}), nil
	case spirv.OpSatConvertSToU:
		return loop(func(v uint64) uint64 {
			x := sx(v, sw)
			if x < 0 {
				return 0
			}
			return min(uint64(x), dw.m)
		}), nil
	case spirv.OpSatConvertUToS:
		return loop(func(v uint64) uint64 { return min(v, dw.m>>1) }), nil
	}
	return nil, p.errorf("unsupported conversion")
}

// bitcast compiles OpBitcast: the operand's scalars are concatenated as
// little-endian bits and split into the result's scalars.
func (p *prep) bitcast(in *inst) (func(*state), error) {
	if p.aliased[in.id] {
		return nil, nil // the operand's rows (alias.go)
	}
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	src, err := p.operand(in.args[0])
	if err != nil {
		return nil, err
	}
	dt, st := p.vtype[in.id], p.vtype[in.args[0]]
	bitsOf := func(t *typ) int {
		if t.op == spirv.OpTypePointer {
			return 64
		}
		return t.scalar().width
	}
	db, sb := bitsOf(dt), bitsOf(st)
	L := p.lanes
	if db*dt.comps != sb*st.comps {
		return nil, p.errorf("%s and %s differ in size", st, dt)
	}
	n := dt.comps * L
	if db == sb {
		return func(s *state) {
			copy(s.out(dst, n), s.r[src:src+n])
		}, nil
	}
	dc := dt.comps
	dm := widthOf(db).m
	return func(s *state) {
		d := s.out(dst, n)
		for l := 0; l < L; l++ {
			// Walk the bit string: at most 16 x 64 bits.
			var acc uint64
			have := 0
			si := 0
			for di := 0; di < dc; di++ {
				var v uint64
				got := 0
				for got < db {
					if have == 0 {
						acc = s.r[src+si*L+l]
						have = sb
						si++
					}
					take := min(db-got, have)
					v |= (acc & widthOf(take).m) << got
					if take < 64 {
						acc >>= take
					}
					have -= take
					got += take
				}
				d[di*L+l] = v & dm
			}
		}
	}, nil
}
