package lanes

import (
	"math"
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/spirv"
)

// eval computes one lane of a pure op (ir.go's semantics): operands and
// result as bits, 32-bit kinds in the low half. The executor runs it for
// Uniform results and for the ops without a lane loop of their own.
func eval(o *xop, a, b, c uint64) uint64 {
	k := o.kind
	switch k {
	case I32, Mask:
		a, b, c = a&0xffffffff, b&0xffffffff, c&0xffffffff
	}
	switch o.code {
	case Copy:
		return a
	case Select:
		if uint32(a) != 0 {
			return b
		}
		return c
	case Add:
		return a + b
	case Sub:
		return a - b
	case Mul:
		return a * b
	case UMulHi:
		if k == I32 {
			return (a * b) >> 32
		}
		hi, _ := bits.Mul64(a, b)
		return hi
	case SMulHi:
		if k == I32 {
			return uint64(int64(int32(a))*int64(int32(b))) >> 32
		}
		hi, _ := bits.Mul64(a, b)
		// Signed correction of the unsigned high half.
		if int64(a) < 0 {
			hi -= b
		}
		if int64(b) < 0 {
			hi -= a
		}
		return hi
	case UDiv:
		if b == 0 {
			return 0
		}
		return a / b
	case UMod:
		if b == 0 {
			return 0
		}
		return a % b
	case SDiv, SRem, SMod:
		x, y := sx(a, k), sx(b, k)
		return uint64(sdivs(o.code, x, y))
	case And:
		return a & b
	case Or:
		return a | b
	case Xor:
		return a ^ b
	case Not:
		return ^a
	case Neg:
		return -a
	case Shl:
		if b >= uint64(k.Bytes()*8) {
			return 0
		}
		return a << b
	case ShrU:
		if b >= uint64(k.Bytes()*8) {
			return 0
		}
		return a >> b
	case ShrS:
		return uint64(sx(a, k) >> min(b, 63))
	case UMin:
		return min(a, b)
	case UMax:
		return max(a, b)
	case SMin:
		return uint64(min(sx(a, k), sx(b, k)))
	case SMax:
		return uint64(max(sx(a, k), sx(b, k)))
	case SAbs:
		x := sx(a, k)
		if x < 0 {
			x = -x
		}
		return uint64(x)
	case BitCount:
		return uint64(bits.OnesCount64(a))
	case BitReverse:
		if k == I32 {
			return uint64(bits.Reverse32(uint32(a)))
		}
		return bits.Reverse64(a)
	case FindILsb:
		if a == 0 {
			return ^uint64(0)
		}
		return uint64(bits.TrailingZeros64(a))
	case FindUMsb:
		if a == 0 {
			return ^uint64(0)
		}
		return uint64(63 - bits.LeadingZeros64(a))
	case Zext:
		return a & (1<<o.imm - 1)
	case Sext:
		sh := 64 - o.imm
		return uint64(int64(a<<sh) >> sh)
	case Eq:
		return m32(a == b)
	case Ne:
		return m32(a != b)
	case ULt:
		return m32(a < b)
	case ULe:
		return m32(a <= b)
	case SLt:
		return m32(sx(a, k) < sx(b, k))
	case SLe:
		return m32(sx(a, k) <= sx(b, k))
	case MaskAnd:
		return a & b
	case MaskOr:
		return a | b
	case MaskAndNot:
		return a &^ b
	case MaskNot:
		return ^a & 0xffffffff
	case MaskXor:
		return a ^ b
	case Index:
		return index(a, b, k, o.imm)
	case Trunc64:
		return a & 0xffffffff
	case Hi32:
		return a >> 32
	case ZextTo64:
		return a
	case SextTo64:
		return uint64(int64(int32(a)))
	case Pack64:
		return a | b<<32
	case Bitcast:
		return a
	case HalfToF:
		return uint64(halfToF32Bits(uint16(a)))
	case FToHalf:
		return uint64(fToHalfBits(k, a))
	}
	if k == F32 {
		return evalF32(o, math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)), math.Float32frombits(uint32(c)))
	}
	if k == F64 {
		return evalF64(o, math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c))
	}
	switch o.code {
	case SToF:
		if o.dk == F32 {
			// Rounded once: through float64 an I64 rounds twice.
			return uint64(math.Float32bits(float32(sx(a, k))))
		}
		return math.Float64bits(float64(sx(a, k)))
	case UToF:
		if o.dk == F32 {
			return uint64(math.Float32bits(float32(a)))
		}
		return math.Float64bits(float64(a))
	}
	panic("lanes: eval of " + o.code.String())
}

// putF rounds a float64 to kind k's bits.
func putF(k Kind, f float64) uint64 {
	if k == F32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

func evalF32(o *xop, a, b, c float32) uint64 {
	r := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	switch o.code {
	case FAdd:
		return r(a + b)
	case FSub:
		return r(a - b)
	case FMul:
		return r(a * b)
	case FDiv:
		return r(a / b)
	case FNeg:
		return r(-a)
	case FMin:
		return r(fmath.Min(a, b))
	case FMax:
		return r(fmath.Max(a, b))
	}
	return evalF64(o, float64(a), float64(b), float64(c))
}

// evalF64 computes float ops in float64 (F32 operands widened exactly);
// the result is rounded to the op's result kind.
func evalF64(o *xop, a, b, c float64) uint64 {
	k := o.kind
	out := func(f float64) uint64 { return putF(k, f) }
	switch o.code {
	case FAdd:
		return out(a + b)
	case FSub:
		return out(a - b)
	case FMul:
		return out(a * b)
	case FDiv:
		return out(a / b)
	case FNeg:
		return out(-a)
	case FMin:
		return out(fmath.Min(a, b))
	case FMax:
		return out(fmath.Max(a, b))
	case Fma:
		return out(fmath.FMA(a, b, c, k.Bytes()*8))
	case FAbs:
		return out(math.Abs(a))
	case Sqrt:
		return out(math.Sqrt(a))
	case Floor:
		return out(math.Floor(a))
	case Ceil:
		return out(math.Ceil(a))
	case Trunc:
		return out(math.Trunc(a))
	case RoundEven:
		return out(math.RoundToEven(a))
	case FRem:
		return out(math.Mod(a, b))
	case FMod:
		r := math.Mod(a, b)
		if r != 0 && math.Signbit(r) != math.Signbit(b) {
			r += b
		}
		return out(r)
	case Math:
		if k == F32 {
			return out(mathOpF32(spirv.GLSLstd450(o.imm), a, b, c))
		}
		return out(mathOp(spirv.GLSLstd450(o.imm), a, b, c))
	case FOrdEq:
		return m32(a == b)
	case FOrdNe:
		return m32(a < b || a > b)
	case FOrdLt:
		return m32(a < b)
	case FOrdLe:
		return m32(a <= b)
	case FUnordEq:
		return m32(!(a < b || a > b))
	case FUnordNe:
		return m32(a != b)
	case FUnordLt:
		return m32(!(a >= b))
	case FUnordLe:
		return m32(!(a > b))
	case IsNan:
		return m32(a != a)
	case IsInf:
		return m32(math.IsInf(a, 0))
	case SignBit:
		return m32(math.Signbit(a))
	case IsOrdered:
		return m32(a == a && b == b)
	case FToS:
		return fToS(a, int(o.imm))
	case FToU:
		return fToU(a, int(o.imm))
	case FConvert:
		return putF(o.dk, a)
	case Bitcast:
		if k == F32 {
			return uint64(math.Float32bits(float32(a)))
		}
		return math.Float64bits(a)
	case Hi32:
		return math.Float64bits(a) >> 32
	}
	panic("lanes: eval of " + o.code.String() + " on " + k.String())
}

// mathOp is the float64 computation of a GLSL.std.450 instruction that
// every tier gives.
func mathOp(num spirv.GLSLstd450, a, b, c float64) float64 {
	switch num {
	case spirv.GLSLstd450Round:
		return math.Round(a)
	case spirv.GLSLstd450FSign:
		switch {
		case a > 0:
			return 1
		case a < 0:
			return -1
		}
		return a
	case spirv.GLSLstd450Fract:
		f := a - math.Floor(a)
		if f >= 1 {
			return math.Nextafter(1, 0)
		}
		return f
	case spirv.GLSLstd450Radians:
		return a * (math.Pi / 180)
	case spirv.GLSLstd450Degrees:
		return a * (180 / math.Pi)
	case spirv.GLSLstd450Sin:
		return math.Sin(a)
	case spirv.GLSLstd450Cos:
		return math.Cos(a)
	case spirv.GLSLstd450Tan:
		return math.Tan(a)
	case spirv.GLSLstd450Asin:
		return math.Asin(a)
	case spirv.GLSLstd450Acos:
		return math.Acos(a)
	case spirv.GLSLstd450Atan:
		return math.Atan(a)
	case spirv.GLSLstd450Sinh:
		return math.Sinh(a)
	case spirv.GLSLstd450Cosh:
		return math.Cosh(a)
	case spirv.GLSLstd450Tanh:
		return math.Tanh(a)
	case spirv.GLSLstd450Asinh:
		return math.Asinh(a)
	case spirv.GLSLstd450Acosh:
		return math.Acosh(a)
	case spirv.GLSLstd450Atanh:
		return math.Atanh(a)
	case spirv.GLSLstd450Exp:
		return math.Exp(a)
	case spirv.GLSLstd450Log:
		return math.Log(a)
	case spirv.GLSLstd450Exp2:
		return math.Exp2(a)
	case spirv.GLSLstd450Log2:
		return math.Log2(a)
	case spirv.GLSLstd450InverseSqrt:
		return 1 / math.Sqrt(a)
	case spirv.GLSLstd450Atan2:
		return math.Atan2(a, b)
	case spirv.GLSLstd450Pow:
		return math.Pow(a, b)
	case spirv.GLSLstd450Step:
		if b < a {
			return 0
		}
		return 1
	case spirv.GLSLstd450FMix:
		return a + (b-a)*c
	case spirv.GLSLstd450SmoothStep:
		t := math.Min(math.Max((c-a)/(b-a), 0), 1)
		return t * t * (3 - 2*t)
	}
	panic("lanes: Math of GLSL.std.450 " + num.String())
}

func m32(v bool) uint64 {
	if v {
		return 0xffffffff
	}
	return 0
}

// sx reads a of kind k as signed.
func sx(a uint64, k Kind) int64 {
	if k == I64 {
		return int64(a)
	}
	return int64(int32(a))
}

func sdivs(code Code, a, b int64) int64 {
	switch code {
	case SDiv:
		if b == 0 {
			return 0
		}
		if b == -1 {
			return -a
		}
		return a / b
	case SRem, SMod:
		if b == 0 || b == -1 {
			return 0
		}
		r := a % b
		if code == SMod && r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		return r
	}
	return 0
}

// index is the Index op: a + b*stride, b signed of kind k, poison outside
// [0, 2^32-2].
func index(a, b uint64, k Kind, stride int64) uint64 {
	if a == poison {
		return poison
	}
	x := sx(b, k)
	hi, lo := bits.Mul64(uint64(abs64(x)), uint64(stride))
	if hi != 0 || lo > 1<<40 {
		return poison
	}
	r := int64(a)
	if x < 0 {
		r -= int64(lo)
	} else {
		r += int64(lo)
	}
	if r < 0 || r >= poison {
		return poison
	}
	return uint64(r)
}

// poison is the offset no access is in bounds at.
const poison = 0xffffffff

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// fToS and fToU saturate as driver/host does (NaN gives 0); the result is
// zero-extended from bits.
func fToS(f float64, bits int) uint64 {
	m := widthMask(bits)
	lo := -math.Ldexp(1, bits-1)
	switch {
	case f != f:
		return 0
	case f <= lo:
		return uint64(int64(lo)) & m
	case f >= -lo:
		return m >> 1
	}
	return uint64(int64(f)) & m
}

func fToU(f float64, bits int) uint64 {
	m := widthMask(bits)
	switch {
	case f != f || f <= 0:
		return 0
	case f >= float64(m):
		return m
	}
	return uint64(f)
}
