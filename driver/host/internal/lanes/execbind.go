package lanes

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/clgo/clgo/driver/host/internal/fmath"
)

// Binding. decodeOps gives each Varying pure op the lane loop that runs
// it (loopFunc): chosen once per op from its code, kinds and operand
// shapes, so run does not walk a chain of tests per op and chunk, and a
// Uniform operand is read once, not broadcast into a scratch row. The
// loops of the common ops are generated (gen_loops.go, loops_gen.go);
// the others keep the executor's general paths (maskOp, generic).

// loopFunc runs a bound op over chunk frame f.
type loopFunc func(e *Exec, f []uint64, o *xop)

type opKey struct {
	code Code
	kind Kind
}

type unKey struct {
	code   Code
	ka, dk Kind
}

//go:generate go run gen_loops.go

// bindOp is the loop of x (decoded from o), or nil for run's switch.
func bindOp(x *xop, o *Op) loopFunc {
	if !pure(o.Code) || o.Dst == NoValue {
		return nil
	}
	if x.ud {
		// Common two-operand ops on Uniform operands: the loops' scalar
		// forms (results as clean bits of their kind).
		if x.a >= 0 && x.b >= 0 && x.c < 0 && x.ua && x.ub && x.ka == x.kind && x.kb == x.kind {
			if l, ok := binLoops[opKey{o.Code, x.kind}]; ok && x.dk == x.kind {
				return l[3]
			}
			if l, ok := cmpLoops[opKey{o.Code, x.kind}]; ok && x.dk == Mask {
				return l[3]
			}
		}
		return xUniform
	}
	if o.Code == Index {
		return bindIndex(x)
	}
	if x.dk == Mask && x.ka == Mask && x.kind == Mask {
		if fn, ok := maskLoops[o.Code]; ok && (x.b >= 0) == (o.Code != MaskNot && o.Code != Copy) && x.c < 0 {
			return fn
		}
	}
	if x.dk == Mask {
		if x.ka == Mask || x.a < 0 || x.b < 0 || x.c >= 0 || x.ka != x.kind || x.kb != x.kind {
			return maskLoop
		}
		if l, ok := cmpLoops[opKey{o.Code, x.kind}]; ok && !(x.ua && x.ub) {
			return shaped(x, l)
		}
		return maskLoop
	}
	if o.Code == Select && x.ka == Mask && x.kb == x.dk && x.kc == x.dk && x.b >= 0 && x.c >= 0 {
		if x.dk.Bytes() == 4 {
			return xSelect[uint32]
		}
		return xSelect[uint64]
	}
	if x.ka == Mask {
		return maskLoop
	}
	if o.Code == Copy && x.ua && x.dk == x.ka {
		if x.dk.Bytes() == 4 {
			return xBroadcast32
		}
		return xBroadcast64
	}
	if x.a >= 0 && x.b < 0 && x.c < 0 && !x.ua {
		if l, ok := unLoops[unKey{o.Code, x.ka, x.dk}]; ok {
			return l
		}
	}
	if x.a >= 0 && x.b >= 0 && x.c < 0 && x.ka == x.kind && x.kb == x.kind && x.dk == x.kind && !(x.ua && x.ub) {
		if l, ok := binLoops[opKey{o.Code, x.kind}]; ok {
			return shaped(x, l)
		}
	}
	if o.Code == Fma && x.kind == F32 && x.dk == F32 {
		return xFmaF32
	}
	return genericLoop
}

// shaped is the loop of l ([VV, VU, UV, UU]) for x's operand shapes, not
// both Uniform. A commutative op has no UV loop: x's operands are swapped
// for its VU loop.
func shaped(x *xop, l [4]loopFunc) loopFunc {
	switch {
	case !x.ua && !x.ub:
		return l[0]
	case !x.ua:
		return l[1]
	case l[2] == nil:
		x.a, x.b, x.ua, x.ub, x.ka, x.kb = x.b, x.a, x.ub, x.ua, x.kb, x.ka
		return l[1]
	}
	return l[2]
}

// xUniform computes a Uniform result once.
func xUniform(e *Exec, f []uint64, o *xop) {
	f[o.d] = eval(o, e.uni(f, o.a, o.ka), e.uni(f, o.b, o.kb), e.uni(f, o.c, o.kc))
}

// maskLoops: the mask arithmetic on bitmaps (Uniform masks read as the
// chunk's lanes or none).
var maskLoops = map[Code]loopFunc{
	Copy:       func(e *Exec, f []uint64, o *xop) { f[o.d] = e.maskOf(f, o.a, o.ua) },
	MaskAnd:    func(e *Exec, f []uint64, o *xop) { f[o.d] = e.maskOf(f, o.a, o.ua) & e.maskOf(f, o.b, o.ub) },
	MaskOr:     func(e *Exec, f []uint64, o *xop) { f[o.d] = e.maskOf(f, o.a, o.ua) | e.maskOf(f, o.b, o.ub) },
	MaskAndNot: func(e *Exec, f []uint64, o *xop) { f[o.d] = e.maskOf(f, o.a, o.ua) &^ e.maskOf(f, o.b, o.ub) },
	MaskXor:    func(e *Exec, f []uint64, o *xop) { f[o.d] = e.maskOf(f, o.a, o.ua) ^ e.maskOf(f, o.b, o.ub) },
	MaskNot:    func(e *Exec, f []uint64, o *xop) { f[o.d] = ^e.maskOf(f, o.a, o.ua) & e.full },
}

func maskLoop(e *Exec, f []uint64, o *xop)    { e.maskOp(f, o) }
func genericLoop(e *Exec, f []uint64, o *xop) { e.generic(f, o) }

func xBroadcast32(e *Exec, f []uint64, o *xop) {
	d, v := row32(f, o.d, e.C), uni32(f, o.a)
	for l := range d {
		d[l] = v
	}
}

func xBroadcast64(e *Exec, f []uint64, o *xop) {
	d, v := rowOf[uint64](f, o.d, e.C), f[o.a]
	for l := range d {
		d[l] = v
	}
}

func xFmaF32(e *Exec, f []uint64, o *xop) {
	d := rowOf[float32](f, o.d, e.C)
	a, am := opRowOf[float32](f, o.a, o.ua, e.C)
	b, bm := opRowOf[float32](f, o.b, o.ub, e.C)
	c, cm := opRowOf[float32](f, o.c, o.uc, e.C)
	for l := range d {
		d[l] = float32(fmath.FMA(float64(a[l&am]), float64(b[l&bm]), float64(c[l&cm]), 32))
	}
}

// bindIndex binds Index (a + b*Imm, poison outside [0, 2^32-2]): I32
// indexes with strides below 2^20, whose products cannot overflow int64,
// get loops of their own; the rest run index per lane.
func bindIndex(x *xop) loopFunc {
	if x.kb != I32 || x.ka != I32 || x.imm <= 0 || x.imm >= 1<<20 || x.b < 0 {
		return genericLoop
	}
	switch {
	case x.ua && x.ub:
		return genericLoop
	case x.ub:
		return xIndexVU
	case x.ua:
		return xIndexUV
	}
	return xIndexVV
}

func xIndexVU(e *Exec, f []uint64, o *xop) {
	d := row32(f, o.d, e.C)
	a := row32(f, o.a, e.C)[:len(d)]
	step := int64(int32(uni32(f, o.b))) * o.imm
	for l := range d {
		r := uint64(int64(a[l]) + step)
		if a[l] == poison {
			r = poison
		}
		d[l] = uint32(min(r, poison))
	}
}

// xSelect is Select of 4- or 8-byte values (T): d = a ? b : c per lane,
// b and c Varying or Uniform (read in place, index l&bm).
func xSelect[T uint32 | uint64](e *Exec, f []uint64, o *xop) {
	m := e.maskOf(f, o.a, o.ua)
	d := rowOf[T](f, o.d, e.C)
	b, bm := opRowOf[T](f, o.b, o.ub, e.C)
	if o.d == o.c && !o.uc {
		// A blend into c itself: only the lanes of m change.
		for ; m != 0; m &= m - 1 {
			l := trailing(m)
			d[l] = b[l&bm]
		}
		return
	}
	c, cm := opRowOf[T](f, o.c, o.uc, e.C)
	for l := range d {
		// Branch-free: the mask's bits follow no pattern.
		sel := -T(m & 1)
		m >>= 1
		d[l] = b[l&bm]&sel | c[l&cm]&^sel
	}
}

// elem is the element types of rows.
type elem interface {
	uint32 | uint64 | float32 | float64
}

// rowOf is the row of T lanes at word w.
func rowOf[T elem](f []uint64, w int32, n int) []T {
	return unsafe.Slice((*T)(unsafe.Pointer(&f[w])), n)
}

// slot is the Uniform value of T at word w: its low bits, at the word's
// end where the machine is big-endian.
func slot[T elem](f []uint64, w int32) *T {
	p := unsafe.Pointer(&f[w])
	if !nativeLE {
		p = unsafe.Add(p, 8-unsafe.Sizeof(T(0)))
	}
	return (*T)(p)
}

// The parts of the generated loops (loops_gen.go): an op's rows of n
// lanes and Uniform values by operand shape (VV: both operands Varying,
// VU: b Uniform, UV: a Uniform; d the result), and the loops running op,
// the op's expression as a function literal, over them. Each is small
// enough for the compiler to inline, and op is then inlined in turn: a
// generated loop compiles as if its loop were written out, with no call
// per lane and no bounds checks in the loop (the rows are sliced to
// len(d)).

func rowsVV[T elem](f []uint64, o *xop, n int) (d, a, b []T) {
	d = rowOf[T](f, o.d, n)
	return d, rowOf[T](f, o.a, n)[:len(d)], rowOf[T](f, o.b, n)[:len(d)]
}

func rowsVU[T elem](f []uint64, o *xop, n int) (d, a []T, y T) {
	d = rowOf[T](f, o.d, n)
	return d, rowOf[T](f, o.a, n)[:len(d)], *slot[T](f, o.b)
}

func rowsUV[T elem](f []uint64, o *xop, n int) (d []T, x T, b []T) {
	d = rowOf[T](f, o.d, n)
	return d, *slot[T](f, o.a), rowOf[T](f, o.b, n)[:len(d)]
}

func rows1[A, D elem](f []uint64, o *xop, n int) (d []D, a []A) {
	d = rowOf[D](f, o.d, n)
	return d, rowOf[A](f, o.a, n)[:len(d)]
}

func loopVV[T elem](d, a, b []T, op func(x, y T) T) {
	for l := range d {
		d[l] = op(a[l], b[l])
	}
}

func loopVU[T elem](d, a []T, y T, op func(x, y T) T) {
	for l := range d {
		d[l] = op(a[l], y)
	}
}

func loopUV[T elem](d []T, x T, b []T, op func(x, y T) T) {
	for l := range d {
		d[l] = op(x, b[l])
	}
}

func loop1[A, D elem](d []D, a []A, op func(x A) D) {
	for l := range d {
		d[l] = op(a[l])
	}
}

// A comparison's operands (a and b rows of n lanes, x and y Uniform), and
// its Mask bitmap: lane l's bit l, shifted in from the last lane (no
// shift by a variable count).

func opsVV[T elem](f []uint64, o *xop, n int) (a, b []T) {
	a = rowOf[T](f, o.a, n)
	return a, rowOf[T](f, o.b, n)[:len(a)]
}

func opsVU[T elem](f []uint64, o *xop, n int) (a []T, y T) {
	return rowOf[T](f, o.a, n), *slot[T](f, o.b)
}

func opsUV[T elem](f []uint64, o *xop, n int) (x T, b []T) {
	return *slot[T](f, o.a), rowOf[T](f, o.b, n)
}

func bitsVV[T elem](a, b []T, cmp func(x, y T) bool) uint64 {
	var r uint64
	for l := len(a) - 1; l >= 0; l-- {
		r = r<<1 | b2bit(cmp(a[l], b[l]))
	}
	return r
}

func bitsVU[T elem](a []T, y T, cmp func(x, y T) bool) uint64 {
	var r uint64
	for l := len(a) - 1; l >= 0; l-- {
		r = r<<1 | b2bit(cmp(a[l], y))
	}
	return r
}

func bitsUV[T elem](x T, b []T, cmp func(x, y T) bool) uint64 {
	var r uint64
	for l := len(b) - 1; l >= 0; l-- {
		r = r<<1 | b2bit(cmp(x, b[l]))
	}
	return r
}

// opRowOf is an operand's row of T lanes and the mask of its lane index:
// a Uniform operand is a row of one lane, indexed l&0: its slot's word
// read as a T (its low bits, at the word's end where the machine is
// big-endian).
func opRowOf[T elem](f []uint64, w int32, uni bool, n int) ([]T, int) {
	if uni {
		return unsafe.Slice(slot[T](f, w), 1), 0
	}
	return rowOf[T](f, w, n), 63
}

func xIndexVV(e *Exec, f []uint64, o *xop) {
	d := row32(f, o.d, e.C)
	a, b := row32(f, o.a, e.C)[:len(d)], row32(f, o.b, e.C)[:len(d)]
	s := o.imm
	for l := range d {
		r := uint64(int64(a[l]) + int64(int32(b[l]))*s)
		if a[l] == poison {
			r = poison
		}
		d[l] = uint32(min(r, poison)) // negative r: above poison
	}
}

func xIndexUV(e *Exec, f []uint64, o *xop) {
	d := row32(f, o.d, e.C)
	base, b := uni32(f, o.a), row32(f, o.b, e.C)[:len(d)]
	if base == poison {
		for l := range d {
			d[l] = poison
		}
		return
	}
	s, a := o.imm, int64(base)
	for l := range d {
		d[l] = uint32(min(uint64(a+int64(int32(b[l]))*s), poison))
	}
}

// Uniform values of a frame by element type (the generated scalar forms).
func uni32(f []uint64, w int32) uint32   { return uint32(f[w]) }
func uni64(f []uint64, w int32) uint64   { return f[w] }
func uniF32(f []uint64, w int32) float32 { return math.Float32frombits(uint32(f[w])) }
func uniF64(f []uint64, w int32) float64 { return math.Float64frombits(f[w]) }

// The per-lane helpers of the generated loops: eval's definitions
// (ir.go) on 32- and 64-bit elements.
func udiv32(a, b uint32) uint32 {
	if b == 0 {
		return 0
	}
	return a / b
}

func udiv64(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func umod32(a, b uint32) uint32 {
	if b == 0 {
		return 0
	}
	return a % b
}

func umod64(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a % b
}

func sdiv32(a, b uint32) uint32 { return uint32(sdivs(SDiv, int64(int32(a)), int64(int32(b)))) }
func sdiv64(a, b uint64) uint64 { return uint64(sdivs(SDiv, int64(a), int64(b))) }

func srem32(a, b uint32, mod bool) uint32 {
	code := SRem
	if mod {
		code = SMod
	}
	return uint32(sdivs(code, int64(int32(a)), int64(int32(b))))
}

func srem64(a, b uint64, mod bool) uint64 {
	code := SRem
	if mod {
		code = SMod
	}
	return uint64(sdivs(code, int64(a), int64(b)))
}

func umulhi32(a, b uint32) uint32 { return uint32(uint64(a) * uint64(b) >> 32) }

func umulhi64(a, b uint64) uint64 {
	hi, _ := bits.Mul64(a, b)
	return hi
}

func sabs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func sabs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func findILsb32(a uint32) uint32 {
	if a == 0 {
		return ^uint32(0)
	}
	return uint32(bits.TrailingZeros32(a))
}

func findILsb64(a uint64) uint64 {
	if a == 0 {
		return ^uint64(0)
	}
	return uint64(bits.TrailingZeros64(a))
}

func findUMsb32(a uint32) uint32 {
	if a == 0 {
		return ^uint32(0)
	}
	return uint32(31 - bits.LeadingZeros32(a))
}

func findUMsb64(a uint64) uint64 {
	if a == 0 {
		return ^uint64(0)
	}
	return uint64(63 - bits.LeadingZeros64(a))
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
