package types

import (
	"fmt"
	"math"
)

// ConstKind says whether and how a Value holds a constant.
type ConstKind uint8

const (
	NoConst    ConstKind = iota // not a constant expression
	IntConst                    // Int holds the value
	FloatConst                  // Float holds the value
)

// Value is the value of a scalar constant expression. For an integer type
// Int holds the value reduced to the type's width and then sign-extended
// (signed types) or zero-extended (unsigned) to 64 bits, so a ulong above
// 2^63 is negative here: read it with Uint64. For a floating type Float
// holds the value, already rounded to the type's precision.
type Value struct {
	Kind  ConstKind
	Int   int64
	Float float64
}

// Uint64 returns an integer value's bits.
func (v Value) Uint64() uint64 { return uint64(v.Int) }

// IsZero reports whether v is a constant zero.
func (v Value) IsZero() bool {
	switch v.Kind {
	case IntConst:
		return v.Int == 0
	case FloatConst:
		return v.Float == 0
	}
	return false
}

func (v Value) String() string {
	switch v.Kind {
	case IntConst:
		return fmt.Sprint(v.Int)
	case FloatConst:
		return fmt.Sprint(v.Float)
	}
	return "<not constant>"
}

// IntValue returns the integer constant x of kind k, reduced to k.
func IntValue(k Kind, x int64) Value {
	return Value{Kind: IntConst, Int: truncInt(k, x)}
}

// FloatValue returns the floating constant x of kind k, rounded to k.
func FloatValue(k Kind, x float64) Value {
	if k == Float || k == Half {
		x = float64(float32(x))
	}
	return Value{Kind: FloatConst, Float: x}
}

// truncInt reduces x to the width and signedness of k.
func truncInt(k Kind, x int64) int64 {
	switch k {
	case Bool:
		if x != 0 {
			return 1
		}
		return 0
	case Char:
		return int64(int8(x))
	case UChar:
		return int64(uint8(x))
	case Short:
		return int64(int16(x))
	case UShort:
		return int64(uint16(x))
	case Int:
		return int64(int32(x))
	case UInt:
		return int64(uint32(x))
	}
	return x
}

// convertValue converts constant v (of kind from) to kind to, as C does.
func convertValue(v Value, from, to Kind) Value {
	if v.Kind == NoConst {
		return v
	}
	if to.IsFloat() {
		f := v.Float
		if v.Kind == IntConst {
			if from.IsUnsigned() || from == ULong {
				f = float64(uint64(v.Int))
			} else {
				f = float64(v.Int)
			}
		}
		return FloatValue(to, f)
	}
	if !to.IsInteger() {
		return Value{}
	}
	if v.Kind == FloatConst {
		f := v.Float
		if to == Bool {
			return IntValue(Bool, b2i(f != 0))
		}
		// Out-of-range float to integer is undefined in C; saturate so
		// that constant folding never depends on the host.
		if math.IsNaN(f) {
			return IntValue(to, 0)
		}
		if to == ULong || to.IsUnsigned() {
			if f <= 0 {
				return IntValue(to, 0)
			}
			if f >= 18446744073709551615.0 {
				return IntValue(to, -1)
			}
			return IntValue(to, int64(uint64(f)))
		}
		if f >= 9223372036854775807.0 {
			return IntValue(to, math.MaxInt64)
		}
		if f <= -9223372036854775808.0 {
			return IntValue(to, math.MinInt64)
		}
		return IntValue(to, int64(f))
	}
	if to == Bool {
		return IntValue(Bool, b2i(v.Int != 0))
	}
	return IntValue(to, v.Int)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
