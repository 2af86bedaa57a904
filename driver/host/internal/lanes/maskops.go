package lanes

import (
	"math"
	"math/bits"
)

// maskOp runs a Varying op that reads or writes masks (bitmaps in the Go
// executor, see Exec): mask arithmetic, comparisons, Select.
func (e *Exec) maskOp(f []uint64, o *xop) {
	C := e.C
	switch o.code {
	case Copy:
		f[o.d] = e.maskOf(f, o.a, o.ua)
		return
	case MaskAnd:
		f[o.d] = e.maskOf(f, o.a, o.ua) & e.maskOf(f, o.b, o.ub)
		return
	case MaskOr:
		f[o.d] = e.maskOf(f, o.a, o.ua) | e.maskOf(f, o.b, o.ub)
		return
	case MaskAndNot:
		f[o.d] = e.maskOf(f, o.a, o.ua) &^ e.maskOf(f, o.b, o.ub)
		return
	case MaskXor:
		f[o.d] = e.maskOf(f, o.a, o.ua) ^ e.maskOf(f, o.b, o.ub)
		return
	case MaskNot:
		f[o.d] = ^e.maskOf(f, o.a, o.ua) & e.full
		return
	case Select:
		m := e.maskOf(f, o.a, o.ua)
		if o.dk == Mask {
			f[o.d] = m&e.maskOf(f, o.b, o.ub) | ^m&e.maskOf(f, o.c, o.uc)
			return
		}
		if o.dk.Bytes() == 4 {
			blend(row32(f, o.d, C), e.in32(f, o.b, o.ub, 1), e.in32(f, o.c, o.uc, 2), m, e.full, o.d == o.c)
			return
		}
		blend(f[o.d:int(o.d)+C], e.in64(f, o.b, o.ub, 1), e.in64(f, o.c, o.uc, 2), m, e.full, o.d == o.c)
		return
	}
	// Comparisons: a bitmap of the lanes where they hold.
	var r uint64
	if (o.kind == I32 || o.kind == F32) && o.b >= 0 {
		a, b := e.in32(f, o.a, o.ua, 0), e.in32(f, o.b, o.ub, 1)
		a, b = a[:C], b[:C]
		switch {
		case o.kind == I32 && o.code == Eq:
			for l := range a {
				r |= b2bit(a[l] == b[l]) << l
			}
		case o.kind == I32 && o.code == Ne:
			for l := range a {
				r |= b2bit(a[l] != b[l]) << l
			}
		case o.kind == I32 && o.code == ULt:
			for l := range a {
				r |= b2bit(a[l] < b[l]) << l
			}
		case o.kind == I32 && o.code == ULe:
			for l := range a {
				r |= b2bit(a[l] <= b[l]) << l
			}
		case o.kind == I32 && o.code == SLt:
			for l := range a {
				r |= b2bit(int32(a[l]) < int32(b[l])) << l
			}
		case o.kind == I32 && o.code == SLe:
			for l := range a {
				r |= b2bit(int32(a[l]) <= int32(b[l])) << l
			}
		case o.kind == F32 && o.code == FOrdLt:
			for l := range a {
				r |= b2bit(math.Float32frombits(a[l]) < math.Float32frombits(b[l])) << l
			}
		case o.kind == F32 && o.code == FOrdLe:
			for l := range a {
				r |= b2bit(math.Float32frombits(a[l]) <= math.Float32frombits(b[l])) << l
			}
		default:
			r = e.maskGeneric(f, o)
		}
	} else {
		r = e.maskGeneric(f, o)
	}
	f[o.d] = r
}

// maskGeneric computes a comparison lane by lane through eval.
func (e *Exec) maskGeneric(f []uint64, o *xop) uint64 {
	var r uint64
	for l := range e.C {
		var a, b uint64
		if o.a >= 0 {
			a = lane(f, o.a, o.ua, o.ka, l)
		}
		if o.b >= 0 {
			b = lane(f, o.b, o.ub, o.kb, l)
		}
		if eval(o, a, b, 0) != 0 {
			r |= 1 << l
		}
	}
	return r
}

func b2bit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

func trailing(m uint64) int {
	// bits.TrailingZeros64, masked so the compiler drops bounds checks
	// of rows indexed by it.
	return bits.TrailingZeros64(m) & 63
}

// blend is Select's lane loop: d[l] = a[l] where bit l of m is set, else
// b[l]. into: d is b (a blend into itself), so only the lanes of m change.
func blend[T uint32 | uint64](d, a, b []T, m, full uint64, into bool) {
	if into {
		if m == full {
			copy(d, a)
			return
		}
		for ; m != 0; m &= m - 1 {
			l := trailing(m)
			d[l] = a[l]
		}
		return
	}
	for l := range d {
		if m>>l&1 != 0 {
			d[l] = a[l]
		} else {
			d[l] = b[l]
		}
	}
}
