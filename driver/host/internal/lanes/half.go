package lanes

import (
	"math"
	"math/bits"

	"github.com/clgo/clgo/spirv"
)

// Half floats (OpTypeFloat 16, cl_khr_fp16) in the lane IR: a half is an
// I32 value holding its binary16 bits, zero-extended, so that memory,
// moves, selects, phis and bitcasts to and from 16-bit integers need
// nothing of their own and keep the bits exactly. Arithmetic widens the operands with HalfToF, computes
// on F32 (F64 for the GLSL.std.450 ones mathOps computes in float64) and
// rounds the result back with FToHalf after each.

// isHalf reports whether t (or its vector's component) is a 16-bit float.
func isHalf(t *typ) bool {
	s := t.scalarOf()
	return s.op == spirv.OpTypeFloat && s.width == 16
}

// halfIn is half v widened to F32 (a constant is folded).
func (b *builder) halfIn(v Value) Value {
	if c, ok := b.constBits(v); ok {
		return b.konst(F32, uint64(halfToF32Bits(uint16(c))))
	}
	return b.op(HalfToF, I32, F32, v)
}

// halfIns widens every value of vs.
func (b *builder) halfIns(vs []Value) []Value {
	out := make([]Value, len(vs))
	for i, v := range vs {
		out[i] = b.halfIn(v)
	}
	return out
}

// halfOut is float v of kind k (F32 or F64) rounded to a half.
func (b *builder) halfOut(v Value, k Kind) Value {
	if c, ok := b.constBits(v); ok {
		return b.konst(I32, uint64(fToHalfBits(k, c)))
	}
	return b.op(FToHalf, k, I32, v)
}

// halfToF32Bits is HalfToF: the float32 bits of half h, exact but for a
// signaling NaN, which comes out quiet.
func halfToF32Bits(h uint16) uint32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	man := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f && man != 0:
		return sign | 0x7fc00000 | man<<13
	case exp == 0x1f:
		return sign | 0x7f800000
	case exp != 0:
		return sign | (exp+112)<<23 | man<<13
	case man == 0:
		return sign
	}
	// A subnormal half, man·2^-24, is a normal float: its leading bit
	// (bit n-1) becomes the implicit one.
	n := uint32(bits.Len32(man))
	return sign | (n+102)<<23 | man<<(24-n)&0x7fffff
}

// fToHalfBits is FToHalf: float bits x of kind k rounded to a half once.
func fToHalfBits(k Kind, x uint64) uint16 {
	if k == F64 {
		return f64ToHalf(math.Float64frombits(x))
	}
	return spirv.Float16Bits(math.Float32frombits(uint32(x)))
}

// f64ToHalf rounds a float64 to a half once:
// through float32 rounded to odd, which keeps enough bits that rounding
// that to half is the one rounding that counts.
func f64ToHalf(f float64) uint16 {
	s := float32(f)
	if math.IsInf(float64(s), 0) || f != f || float64(s) == f {
		return spirv.Float16Bits(s)
	}
	if math.Abs(float64(s)) > math.Abs(f) {
		s = math.Nextafter32(s, 0)
	}
	return spirv.Float16Bits(math.Float32frombits(math.Float32bits(s) | 1))
}

// halfWide is F32 value v (a widened half) as F64.
func (b *builder) halfWide(v Value) Value { return b.op(FConvert, F32, F64, v) }

// halfFma is GLSL.std.450 Fma of widened halves: math.FMA in float64, then rounded to float32 (halfOut
// rounds that to half).
func (b *builder) halfFma(x, y, z Value) Value {
	r := b.op(Fma, F64, F64, b.halfWide(x), b.halfWide(y), b.halfWide(z))
	return b.op(FConvert, F64, F32, r)
}

// halfDot is OpDot of half vectors: the products summed in float64 from
// +0 in component order, rounded to half once.
func (b *builder) halfDot(v1, v2 []Value) Value {
	r := b.konst(F64, 0)
	for n := range v1 {
		p := b.op(FMul, F64, F64, b.halfWide(b.halfIn(v1[n])), b.halfWide(b.halfIn(v2[n])))
		r = b.op(FAdd, F64, F64, r, p)
	}
	return b.halfOut(r, F64)
}

// convertHalf compiles the conversions from or to halves: integers
// through F32 (exact below 2^24, and beyond half's range either way),
// floats widened exactly or rounded once.
func (b *builder) convertHalf(in *instance, x *spirv.Instruction, t *typ, v []Value, st *typ) error {
	s, d := st.scalarOf(), t.scalarOf()
	sk, dk := s.kind(), d.kind()
	out := make([]Value, len(v))
	for n, e := range v {
		var r Value
		switch x.Op {
		case spirv.OpConvertSToF:
			r = b.halfOut(b.op(SToF, sk, F32, b.sext(e, narrowBits(st))), F32)
		case spirv.OpConvertUToF:
			r = b.halfOut(b.op(UToF, sk, F32, e), F32)
		case spirv.OpConvertFToS:
			r = b.opImm(FToS, F32, dk, int64(d.width), b.halfIn(e))
		case spirv.OpConvertFToU:
			r = b.opImm(FToU, F32, dk, int64(d.width), b.halfIn(e))
		case spirv.OpFConvert:
			switch {
			case isHalf(s) && isHalf(d):
				r = e
			case isHalf(s):
				r = b.halfIn(e)
				if dk == F64 {
					r = b.halfWide(r)
				}
			default:
				r = b.halfOut(e, sk)
			}
		default:
			return unsupported(x.Op.String(), "from %d to %d bits with halves", s.width, d.width)
		}
		out[n] = r
	}
	in.env[x.Result] = &sval{t: t, leaves: out}
	return nil
}

// bitcast16 reinterprets 16-bit scalars (halves, shorts: I32 values
// holding 16 bits) as n 32- or 64-bit ones or back, little-endian: the
// first element in the low bits.
func (b *builder) bitcast16(v []Value, s, d *typ, n int) ([]Value, bool) {
	sixteen := b.konst(I32, 16)
	join := func(lo, hi Value) Value { return b.op(Or, I32, I32, lo, b.op(Shl, I32, I32, hi, sixteen)) }
	split := func(w Value) (Value, Value) {
		return b.op(And, I32, I32, w, b.konst(I32, 0xffff)), b.op(ShrU, I32, I32, w, sixteen)
	}
	sk, dk := s.kind(), d.kind()
	var out []Value
	switch {
	case s.width == 16 && len(v) == n*d.width/16:
		per := d.width / 16
		for i := range n {
			e := v[i*per:]
			w := join(e[0], e[1])
			switch {
			case d.width == 64:
				w = b.op(Pack64, I32, dk, w, join(e[2], e[3]))
			case dk != I32:
				w = b.op(Bitcast, I32, dk, w)
			}
			out = append(out, w)
		}
	case d.width == 16 && n == len(v)*s.width/16:
		for _, e := range v {
			words := []Value{e}
			switch {
			case s.width == 64:
				if sk == F64 {
					e = b.op(Bitcast, F64, I64, e)
				}
				words = []Value{b.op(Trunc64, I64, I32, e), b.op(Hi32, I64, I32, e)}
			case sk != I32:
				words[0] = b.op(Bitcast, sk, I32, e)
			}
			for _, w := range words {
				lo, hi := split(w)
				out = append(out, lo, hi)
			}
		}
	default:
		return nil, false
	}
	return out, true
}
