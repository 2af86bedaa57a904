package lanes

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/spirv"
)

// The lane loops of the common pure ops, bound by bindOp: one generic
// function an op, instantiated per row element type (I32 rows are
// uint32, I64 uint64, F32 float32, F64 float64; a signed op also takes
// the signed type of its width, S), so one expression serves every kind
// the op has. A two-operand loop runs the shape of its operands: both
// Varying, one Uniform (read once, not broadcast into a row), or both
// Uniform, the scalar form, which bindOp binds only where the result is
// Uniform too (stored as clean bits of its kind). Go stencils a generic
// function per element type, so the arithmetic compiles as in a function
// written for that type. Each expression is eval's computation of that
// op and kind (eval.go); TestLoopsMatchEval checks them against eval.

type (
	unsigned interface{ uint32 | uint64 }
	signed   interface{ int32 | int64 }
	float    interface{ float32 | float64 }
	elem     interface{ unsigned | float }
)

// binLoops: the lane loops of two-operand ops by code and kind.
var binLoops = map[opKey]loopFunc{
	{Add, I32}: xAdd[uint32], {Add, I64}: xAdd[uint64], {FAdd, F32}: xAdd[float32], {FAdd, F64}: xAdd[float64],
	{Sub, I32}: xSub[uint32], {Sub, I64}: xSub[uint64], {FSub, F32}: xSub[float32], {FSub, F64}: xSub[float64],
	{Mul, I32}: xMul[uint32], {Mul, I64}: xMul[uint64], {FMul, F32}: xMul[float32], {FMul, F64}: xMul[float64],
	{And, I32}: xAnd, {And, I64}: xAnd, {Or, I32}: xOr, {Or, I64}: xOr, {Xor, I32}: xXor, {Xor, I64}: xXor,
	{Shl, I32}: xShl[uint32], {Shl, I64}: xShl[uint64],
	{ShrU, I32}: xShrU[uint32], {ShrU, I64}: xShrU[uint64],
	{ShrS, I32}: xShrS[uint32, int32], {ShrS, I64}: xShrS[uint64, int64],
	{UMin, I32}: xUMin[uint32], {UMin, I64}: xUMin[uint64],
	{UMax, I32}: xUMax[uint32], {UMax, I64}: xUMax[uint64],
	{SMin, I32}: xSMin[uint32, int32], {SMin, I64}: xSMin[uint64, int64],
	{SMax, I32}: xSMax[uint32, int32], {SMax, I64}: xSMax[uint64, int64],
	{UDiv, I32}: xUDiv[uint32], {UDiv, I64}: xUDiv[uint64],
	{UMod, I32}: xUMod[uint32], {UMod, I64}: xUMod[uint64],
	{SDiv, I32}: xSDiv[uint32, int32], {SDiv, I64}: xSDiv[uint64, int64],
	{SRem, I32}: xSDiv[uint32, int32], {SRem, I64}: xSDiv[uint64, int64],
	{SMod, I32}: xSDiv[uint32, int32], {SMod, I64}: xSDiv[uint64, int64],
	{UMulHi, I32}: xUMulHi[uint32], {UMulHi, I64}: xUMulHi[uint64],
	{SMulHi, I32}: xSMulHi32,
	{FDiv, F32}:   xFDiv[float32], {FDiv, F64}: xFDiv[float64],
	{FMin, F32}: xFMin[float32], {FMin, F64}: xFMin[float64],
	{FMax, F32}: xFMax[float32], {FMax, F64}: xFMax[float64],
	{Math, F32}: xMath2[float32], {Math, F64}: xMath2[float64],
}

// cmpLoops: the lane loops of comparisons (Mask bitmaps, shifted in from
// the last lane: no shift by a variable count).
var cmpLoops = map[opKey]loopFunc{
	{Eq, I32}: xEq[uint32], {Eq, I64}: xEq[uint64], {FOrdEq, F32}: xEq[float32], {FOrdEq, F64}: xEq[float64],
	{Ne, I32}: xNe[uint32], {Ne, I64}: xNe[uint64], {FUnordNe, F32}: xNe[float32], {FUnordNe, F64}: xNe[float64],
	{ULt, I32}: xLt[uint32], {ULt, I64}: xLt[uint64], {FOrdLt, F32}: xLt[float32], {FOrdLt, F64}: xLt[float64],
	{ULe, I32}: xLe[uint32], {ULe, I64}: xLe[uint64], {FOrdLe, F32}: xLe[float32], {FOrdLe, F64}: xLe[float64],
	{SLt, I32}: xSLt[uint32, int32], {SLt, I64}: xSLt[uint64, int64],
	{SLe, I32}: xSLe[uint32, int32], {SLe, I64}: xSLe[uint64, int64],
	{FOrdNe, F32}: xOrdNe[float32], {FOrdNe, F64}: xOrdNe[float64],
	{FUnordEq, F32}: xUnordEq[float32], {FUnordEq, F64}: xUnordEq[float64],
	{FUnordLt, F32}: xUnordLt[float32], {FUnordLt, F64}: xUnordLt[float64],
	{FUnordLe, F32}: xUnordLe[float32], {FUnordLe, F64}: xUnordLe[float64],
}

// unLoops: the lane loops of one-operand ops (Varying operand) by code,
// operand kind and result kind. Copies and bitcasts copy the row.
var unLoops = map[unKey]loopFunc{
	{Copy, I32, I32}: xCopy[uint32], {Copy, I64, I64}: xCopy[uint64],
	{Copy, F32, F32}: xCopy[uint32], {Copy, F64, F64}: xCopy[uint64],
	{Bitcast, I32, F32}: xCopy[uint32], {Bitcast, F32, I32}: xCopy[uint32],
	{Bitcast, I64, F64}: xCopy[uint64], {Bitcast, F64, I64}: xCopy[uint64],
	{Not, I32, I32}: xNot[uint32], {Not, I64, I64}: xNot[uint64],
	{Neg, I32, I32}: xNeg[uint32], {Neg, I64, I64}: xNeg[uint64],
	{FNeg, F32, F32}: xNeg[float32], {FNeg, F64, F64}: xNeg[float64],
	{SAbs, I32, I32}: xSAbs[uint32, int32], {SAbs, I64, I64}: xSAbs[uint64, int64],
	{BitCount, I32, I32}: xBitCount[uint32], {BitCount, I64, I64}: xBitCount[uint64],
	{BitReverse, I32, I32}: xBitReverse[uint32], {BitReverse, I64, I64}: xBitReverse[uint64],
	{FindILsb, I32, I32}: xFindILsb[uint32], {FindILsb, I64, I64}: xFindILsb[uint64],
	{FindUMsb, I32, I32}: xFindUMsb[uint32], {FindUMsb, I64, I64}: xFindUMsb[uint64],
	{Zext, I32, I32}: xZext[uint32], {Zext, I64, I64}: xZext[uint64],
	{Sext, I32, I32}: xSext[uint32, int32], {Sext, I64, I64}: xSext[uint64, int64],
	{SToF, I32, F32}: xSConvert[uint32, int32, float32], {SToF, I32, F64}: xSConvert[uint32, int32, float64],
	{SToF, I64, F32}: xSConvert[uint64, int64, float32], {SToF, I64, F64}: xSConvert[uint64, int64, float64],
	{SextTo64, I32, I64}: xSConvert[uint32, int32, uint64],
	{UToF, I32, F32}:     xConvert[uint32, float32], {UToF, I32, F64}: xConvert[uint32, float64],
	{UToF, I64, F32}: xConvert[uint64, float32], {UToF, I64, F64}: xConvert[uint64, float64],
	{ZextTo64, I32, I64}: xConvert[uint32, uint64], {Trunc64, I64, I32}: xConvert[uint64, uint32],
	{FConvert, F32, F64}: xConvert[float32, float64], {FConvert, F64, F32}: xConvert[float64, float32],
	{Hi32, I64, I32}: xHi32, {Hi32, F64, I32}: xHi32,
	{FToS, F32, I32}: xFToS[float32, uint32], {FToS, F32, I64}: xFToS[float32, uint64],
	{FToS, F64, I32}: xFToS[float64, uint32], {FToS, F64, I64}: xFToS[float64, uint64],
	{FToU, F32, I32}: xFToU[float32, uint32], {FToU, F32, I64}: xFToU[float32, uint64],
	{FToU, F64, I32}: xFToU[float64, uint32], {FToU, F64, I64}: xFToU[float64, uint64],
	{FAbs, F32, F32}: xFAbs[float32], {FAbs, F64, F64}: xFAbs[float64],
	{Sqrt, F32, F32}: xSqrt[float32], {Sqrt, F64, F64}: xSqrt[float64],
	{Floor, F32, F32}: xFloor[float32], {Floor, F64, F64}: xFloor[float64],
	{Ceil, F32, F32}: xCeil[float32], {Ceil, F64, F64}: xCeil[float64],
	{Trunc, F32, F32}: xTrunc[float32], {Trunc, F64, F64}: xTrunc[float64],
	{RoundEven, F32, F32}: xRoundEven[float32], {RoundEven, F64, F64}: xRoundEven[float64],
	{Math, F32, F32}: xMath1[float32], {Math, F64, F64}: xMath1[float64],
}

// width is T's bits.
func width[T elem]() int {
	var z T
	return int(unsafe.Sizeof(z)) * 8
}

// slot is the Uniform value of T at word w: its low bits, at the word's
// end where the machine is big-endian.
func slot[T elem](f []uint64, w int32) *T {
	p := unsafe.Pointer(&f[w])
	if !nativeLE {
		p = unsafe.Add(p, 8-width[T]()/8)
	}
	return (*T)(p)
}

// setUni stores v as the Uniform value at word w, the word's other bits
// clear.
func setUni[T elem](f []uint64, w int32, v T) {
	f[w] = 0
	*slot[T](f, w) = v
}

// operand is an operand of T: its row of n lanes if Varying, else nil
// and its value.
func operand[T elem](f []uint64, w int32, uni bool, n int) ([]T, T) {
	if uni {
		return nil, *slot[T](f, w)
	}
	return rowOf[T](f, w, n), 0
}

// dst is a two-operand op's result row, nil where the result is Uniform.
// (Small enough to inline, as operand is: a helper returning all of an
// op's rows is not, and calling it cost more than the loop.)
func dst[T elem](e *Exec, f []uint64, o *xop) []T {
	if o.ud {
		return nil
	}
	return rowOf[T](f, o.d, e.C)
}

// ops1 is a one-operand op's result row d and Varying operand row a.
func ops1[A, D elem](e *Exec, f []uint64, o *xop) (d []D, a []A) {
	d = rowOf[D](f, o.d, e.C)
	return d, rowOf[A](f, o.a, e.C)[:len(d)]
}

func xAdd[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x+y)
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] + y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x + b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] + b[l]
		}
	}
}

func xSub[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x-y)
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] - y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x - b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] - b[l]
		}
	}
}

func xMul[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x*y)
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] * y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x * b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] * b[l]
		}
	}
}

// wordsOf is how a bitwise op runs on whole words: n of them, an I32 row
// two lanes to a word (an odd chunk's last word takes the row's padding
// lane: rows are whole words, alloc.go); m is the kind's bits, k the
// factor that copies a Uniform value's m bits to both halves.
func wordsOf(e *Exec, o *xop) (n int, m, k uint64) {
	if o.kind == I32 {
		return (e.C + 1) / 2, 0xffffffff, 0x100000001
	}
	return e.C, ^uint64(0), 1
}
func xAnd(e *Exec, f []uint64, o *xop) {
	n, m, k := wordsOf(e, o)
	a, x := operand[uint64](f, o.a, o.ua, n)
	b, y := operand[uint64](f, o.b, o.ub, n)
	if o.ud {
		f[o.d] = (x & y) & m
		return
	}
	x, y = x&m*k, y&m*k
	switch d := rowOf[uint64](f, o.d, n); {
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] & y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x & b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] & b[l]
		}
	}
}

func xOr(e *Exec, f []uint64, o *xop) {
	n, m, k := wordsOf(e, o)
	a, x := operand[uint64](f, o.a, o.ua, n)
	b, y := operand[uint64](f, o.b, o.ub, n)
	if o.ud {
		f[o.d] = (x | y) & m
		return
	}
	x, y = x&m*k, y&m*k
	switch d := rowOf[uint64](f, o.d, n); {
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] | y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x | b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] | b[l]
		}
	}
}

func xXor(e *Exec, f []uint64, o *xop) {
	n, m, k := wordsOf(e, o)
	a, x := operand[uint64](f, o.a, o.ua, n)
	b, y := operand[uint64](f, o.b, o.ub, n)
	if o.ud {
		f[o.d] = (x ^ y) & m
		return
	}
	x, y = x&m*k, y&m*k
	switch d := rowOf[uint64](f, o.d, n); {
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] ^ y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x ^ b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] ^ b[l]
		}
	}
}

// The shifts: Go's give 0 (sign bits) for counts >= w, as ir.go says; a
// Uniform count is tested once.
func xShl[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x<<y)
	case b == nil:
		if y >= T(width[T]()) {
			clear(d)
			break
		}
		a, s := a[:len(d)], y&T(width[T]()-1)
		for l := range d {
			d[l] = a[l] << s
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x << b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] << b[l]
		}
	}
}

func xShrU[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x>>y)
	case b == nil:
		if y >= T(width[T]()) {
			clear(d)
			break
		}
		a, s := a[:len(d)], y&T(width[T]()-1)
		for l := range d {
			d[l] = a[l] >> s
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x >> b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] >> b[l]
		}
	}
}

func xShrS[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	switch d := dst[U](e, f, o); {
	case d == nil:
		setUni(f, o.d, U(S(x)>>y))
	case b == nil:
		if y >= U(width[U]()) {
			y = U(width[U]() - 1)
		}
		a, s := a[:len(d)], y&U(width[U]()-1)
		for l := range d {
			d[l] = U(S(a[l]) >> s)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = U(S(x) >> b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = U(S(a[l]) >> b[l])
		}
	}
}

func xUMin[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, min(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = min(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = min(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = min(a[l], b[l])
		}
	}
}

func xUMax[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, max(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = max(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = max(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = max(a[l], b[l])
		}
	}
}

func xSMin[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	switch d := dst[U](e, f, o); {
	case d == nil:
		setUni(f, o.d, U(min(S(x), S(y))))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = U(min(S(a[l]), S(y)))
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = U(min(S(x), S(b[l])))
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = U(min(S(a[l]), S(b[l])))
		}
	}
}

func xSMax[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	switch d := dst[U](e, f, o); {
	case d == nil:
		setUni(f, o.d, U(max(S(x), S(y))))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = U(max(S(a[l]), S(y)))
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = U(max(S(x), S(b[l])))
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = U(max(S(a[l]), S(b[l])))
		}
	}
}

func xUDiv[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, udiv(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = udiv(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = udiv(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = udiv(a[l], b[l])
		}
	}
}

func xUMod[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, umod(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = umod(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = umod(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = umod(a[l], b[l])
		}
	}
}

// xSDiv is SDiv, SRem and SMod (o.code).
func xSDiv[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	switch d := dst[U](e, f, o); {
	case d == nil:
		setUni(f, o.d, sdiv[U, S](o.code, x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = sdiv[U, S](o.code, a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = sdiv[U, S](o.code, x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = sdiv[U, S](o.code, a[l], b[l])
		}
	}
}

func xUMulHi[T unsigned](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, umulhi(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = umulhi(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = umulhi(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = umulhi(a[l], b[l])
		}
	}
}

func xSMulHi32(e *Exec, f []uint64, o *xop) {
	a, x := operand[uint32](f, o.a, o.ua, e.C)
	b, y := operand[uint32](f, o.b, o.ub, e.C)
	switch d := dst[uint32](e, f, o); {
	case d == nil:
		setUni(f, o.d, uint32(uint64(int64(int32(x))*int64(int32(y)))>>32))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = uint32(uint64(int64(int32(a[l]))*int64(int32(y))) >> 32)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = uint32(uint64(int64(int32(x))*int64(int32(b[l]))) >> 32)
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = uint32(uint64(int64(int32(a[l]))*int64(int32(b[l]))) >> 32)
		}
	}
}

func xFDiv[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, x/y)
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = a[l] / y
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = x / b[l]
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = a[l] / b[l]
		}
	}
}

func xFMin[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, fmath.Min(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = fmath.Min(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = fmath.Min(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = fmath.Min(a[l], b[l])
		}
	}
}

func xFMax[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, fmath.Max(x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = fmath.Max(a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = fmath.Max(x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = fmath.Max(a[l], b[l])
		}
	}
}

func xMath2[T float](e *Exec, f []uint64, o *xop) {
	num := spirv.GLSLstd450(o.imm)
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	switch d := dst[T](e, f, o); {
	case d == nil:
		setUni(f, o.d, mathOf(num, x, y))
	case b == nil:
		a := a[:len(d)]
		for l := range d {
			d[l] = mathOf(num, a[l], y)
		}
	case a == nil:
		b := b[:len(d)]
		for l := range d {
			d[l] = mathOf(num, x, b[l])
		}
	default:
		a, b := a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = mathOf(num, a[l], b[l])
		}
	}
}

// The comparisons: Mask bitmaps, shifted in from the last lane.

func xEq[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(x == y)
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] == y)
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(x == b[l])
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] == b[l])
		}
	}
	f[o.d] = r
}

func xNe[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(x != y)
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] != y)
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(x != b[l])
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] != b[l])
		}
	}
	f[o.d] = r
}

func xLt[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(x < y)
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] < y)
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(x < b[l])
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] < b[l])
		}
	}
	f[o.d] = r
}

func xLe[T elem](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(x <= y)
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] <= y)
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(x <= b[l])
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] <= b[l])
		}
	}
	f[o.d] = r
}

func xSLt[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(S(x) < S(y))
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(a[l]) < S(y))
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(x) < S(b[l]))
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(a[l]) < S(b[l]))
		}
	}
	f[o.d] = r
}

func xSLe[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	a, x := operand[U](f, o.a, o.ua, e.C)
	b, y := operand[U](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(S(x) <= S(y))
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(a[l]) <= S(y))
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(x) <= S(b[l]))
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(S(a[l]) <= S(b[l]))
		}
	}
	f[o.d] = r
}

func xOrdNe[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(x < y || x > y)
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] < y || a[l] > y)
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(x < b[l] || x > b[l])
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(a[l] < b[l] || a[l] > b[l])
		}
	}
	f[o.d] = r
}

func xUnordEq[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(!(x < y || x > y))
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] < y || a[l] > y))
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(x < b[l] || x > b[l]))
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] < b[l] || a[l] > b[l]))
		}
	}
	f[o.d] = r
}

func xUnordLt[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(!(x >= y))
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] >= y))
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(x >= b[l]))
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] >= b[l]))
		}
	}
	f[o.d] = r
}

func xUnordLe[T float](e *Exec, f []uint64, o *xop) {
	a, x := operand[T](f, o.a, o.ua, e.C)
	b, y := operand[T](f, o.b, o.ub, e.C)
	var r uint64
	switch {
	case o.ud:
		r = m32(!(x > y))
	case b == nil:
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] > y))
		}
	case a == nil:
		for l := len(b) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(x > b[l]))
		}
	default:
		b := b[:len(a)]
		for l := len(a) - 1; l >= 0; l-- {
			r = r<<1 | b2bit(!(a[l] > b[l]))
		}
	}
	f[o.d] = r
}

// xCopy is Copy and Bitcast: the row.
func xCopy[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	copy(d, a)
}

func xNot[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = ^a[l]
	}
}

func xNeg[T elem](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = -a[l]
	}
}

func xSAbs[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	d, a := ops1[U, U](e, f, o)
	for l := range d {
		d[l] = U(sabs(S(a[l])))
	}
}

func xBitCount[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(bits.OnesCount64(uint64(a[l])))
	}
}

func xBitReverse[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(bits.Reverse64(uint64(a[l])) >> (64 - width[T]()))
	}
}

func xFindILsb[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = findILsb(a[l])
	}
}

func xFindUMsb[T unsigned](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = findUMsb(a[l])
	}
}

func xZext[T unsigned](e *Exec, f []uint64, o *xop) {
	m := T(uint64(1)<<o.imm - 1)
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = a[l] & m
	}
}

func xSext[U unsigned, S signed](e *Exec, f []uint64, o *xop) {
	sh := U(width[U]()) - U(o.imm)
	d, a := ops1[U, U](e, f, o)
	for l := range d {
		d[l] = U(S(a[l]<<sh) >> sh)
	}
}

// xConvert is UToF, ZextTo64, Trunc64 and FConvert: Go's conversion.
func xConvert[A, D elem](e *Exec, f []uint64, o *xop) {
	d, a := ops1[A, D](e, f, o)
	for l := range d {
		d[l] = D(a[l])
	}
}

// xSConvert is SToF and SextTo64: Go's conversion of the signed value.
func xSConvert[U unsigned, S signed, D elem](e *Exec, f []uint64, o *xop) {
	d, a := ops1[U, D](e, f, o)
	for l := range d {
		d[l] = D(S(a[l]))
	}
}

func xHi32(e *Exec, f []uint64, o *xop) {
	d, a := ops1[uint64, uint32](e, f, o)
	for l := range d {
		d[l] = uint32(a[l] >> 32)
	}
}

func xFToS[A float, D unsigned](e *Exec, f []uint64, o *xop) {
	lo, m, w := -math.Ldexp(1, int(o.imm)-1), widthMask(int(o.imm)), int(o.imm)
	d, a := ops1[A, D](e, f, o)
	for l := range d {
		d[l] = D(fToSIn(float64(a[l]), lo, m, w))
	}
}

func xFToU[A float, D unsigned](e *Exec, f []uint64, o *xop) {
	m, w := widthMask(int(o.imm)), int(o.imm)
	d, a := ops1[A, D](e, f, o)
	for l := range d {
		d[l] = D(fToUIn(float64(a[l]), m, w))
	}
}

func xFAbs[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.Abs(float64(a[l])))
	}
}

func xSqrt[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.Sqrt(float64(a[l])))
	}
}

func xFloor[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.Floor(float64(a[l])))
	}
}

func xCeil[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.Ceil(float64(a[l])))
	}
}

func xTrunc[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.Trunc(float64(a[l])))
	}
}

func xRoundEven[T float](e *Exec, f []uint64, o *xop) {
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = T(math.RoundToEven(float64(a[l])))
	}
}

func xMath1[T float](e *Exec, f []uint64, o *xop) {
	num := spirv.GLSLstd450(o.imm)
	d, a := ops1[T, T](e, f, o)
	for l := range d {
		d[l] = mathOf(num, a[l], 0)
	}
}

// The per-lane helpers: eval's definitions (ir.go) on T.

func udiv[T unsigned](a, b T) T {
	if b == 0 {
		return 0
	}
	return a / b
}

func umod[T unsigned](a, b T) T {
	if b == 0 {
		return 0
	}
	return a % b
}

// sdiv is SDiv, SRem or SMod (code) of U as signed.
func sdiv[U unsigned, S signed](code Code, a, b U) U {
	return U(sdivs(code, int64(S(a)), int64(S(b))))
}

func umulhi[T unsigned](a, b T) T {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if width[T]() == 32 {
		return T(lo >> 32)
	}
	return T(hi)
}

func sabs[S signed](x S) S {
	if x < 0 {
		return -x
	}
	return x
}

func findILsb[T unsigned](a T) T {
	if a == 0 {
		return ^T(0)
	}
	return T(bits.TrailingZeros64(uint64(a)))
}

func findUMsb[T unsigned](a T) T {
	if a == 0 {
		return ^T(0)
	}
	return T(63 - bits.LeadingZeros64(uint64(a)))
}

// mathOf is Math of GLSL.std.450 num on T (mathOpF32 for F32).
func mathOf[T float](num spirv.GLSLstd450, a, b T) T {
	if width[T]() == 32 {
		return T(mathOpF32(num, float64(a), float64(b), 0))
	}
	return T(mathOp(num, float64(a), float64(b), 0))
}

// fToSIn is fToS(x, w) with the in-range case first (lo = -2^(w-1), m
// the w-bit mask).
func fToSIn(x, lo float64, m uint64, w int) uint64 {
	if x > lo && x < -lo {
		return uint64(int64(x)) & m
	}
	return fToS(x, w)
}

// fToUIn is fToU(x, w) with the in-range case first.
func fToUIn(x float64, m uint64, w int) uint64 {
	if x > 0 && x < float64(m) {
		return uint64(x)
	}
	return fToU(x, w)
}
