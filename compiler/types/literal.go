package types

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
)

// literal types a literal (C99 6.4.4 with OpenCL's half and float rules).
func (c *checker) literal(e *syntax.BasicLit) TypeAndValue {
	switch e.Kind {
	case syntax.IntLit:
		return c.intLit(e)
	case syntax.FloatLit:
		return c.floatLit(e)
	case syntax.CharLit:
		return c.charLit(e)
	case syntax.StringLit:
		// String literals live in the constant address space.
		return TypeAndValue{Type: &Array{Elem: Typ[Char], Len: int64(len(e.Value)) + 1}, Mode: LValue, Space: Constant}
	}
	return TypeAndValue{Type: Typ[Invalid]}
}

func (c *checker) intLit(e *syntax.BasicLit) TypeAndValue {
	s := e.Value
	end := len(s)
	for end > 0 && strings.ContainsRune("uUlL", rune(s[end-1])) {
		end--
	}
	digits, suf := s[:end], strings.ToLower(s[end:])
	unsigned := strings.Contains(suf, "u")
	longs := strings.Count(suf, "l")
	if len(suf) > 3 || longs > 2 || strings.Count(suf, "u") > 1 || longs == 2 && !strings.Contains(suf, "ll") {
		c.errorf(e, "invalid suffix '%s' on integer constant", s[end:])
		return TypeAndValue{Type: Typ[Invalid]}
	}
	base := 10
	switch {
	case strings.HasPrefix(digits, "0x") || strings.HasPrefix(digits, "0X"):
		base, digits = 16, digits[2:]
	case strings.HasPrefix(digits, "0b") || strings.HasPrefix(digits, "0B"):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base, digits = 8, digits[1:]
	}
	n, ok := new(big.Int).SetString(digits, base)
	if !ok || digits == "" {
		c.errorf(e, "invalid integer constant '%s'", s)
		return TypeAndValue{Type: Typ[Invalid]}
	}
	if n.BitLen() > 64 {
		c.errorf(e, "integer literal is too large to be represented in any integer type")
		return TypeAndValue{Type: Typ[Invalid]}
	}
	u := n.Uint64()
	var cands []Kind
	switch {
	case unsigned && longs == 0:
		cands = []Kind{UInt, ULong}
	case unsigned:
		cands = []Kind{ULong}
	case longs == 0 && base == 10:
		cands = []Kind{Int, Long}
	case longs == 0:
		cands = []Kind{Int, UInt, Long, ULong}
	case base == 10:
		cands = []Kind{Long}
	default:
		cands = []Kind{Long, ULong}
	}
	for _, k := range cands {
		if fits(u, k) {
			return cv(Typ[k], IntValue(k, int64(u)))
		}
	}
	c.warnf(e, "integer literal is too large to be represented in a signed integer type, interpreting as unsigned")
	return cv(Typ[ULong], IntValue(ULong, int64(u)))
}

func fits(u uint64, k Kind) bool {
	switch k {
	case Int:
		return u <= math.MaxInt32
	case UInt:
		return u <= math.MaxUint32
	case Long:
		return u <= math.MaxInt64
	}
	return true
}

func (c *checker) floatLit(e *syntax.BasicLit) TypeAndValue {
	s := e.Value
	k := Double
	isHex := strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X")
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'f', 'F':
			if !isHex || strings.ContainsAny(s, "pP") {
				k, s = Float, s[:n-1]
			}
		case 'h', 'H':
			k, s = Half, s[:n-1]
		case 'l', 'L':
			s = s[:n-1]
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			c.errorf(e, "invalid floating constant '%s'", e.Value)
			return TypeAndValue{Type: Typ[Invalid]}
		}
	}
	if k == Double && c.conf.SinglePrecisionConstants && !strings.ContainsAny(e.Value[len(e.Value)-1:], "lL") {
		k = Float
	}
	switch k {
	case Double:
		if !c.fp64() {
			if !c.warned["fp64-literal"+e.At.String()] {
				c.warned["fp64-literal"+e.At.String()] = true
				c.warnf(e, "double precision constant requires cl_khr_fp64, casting to single precision")
			}
			k = Float
		}
	case Half:
		if !c.fp16() {
			c.errorf(e, "half precision constant requires cl_khr_fp16")
			return TypeAndValue{Type: Typ[Invalid]}
		}
	}
	if k == Float && !math.IsInf(f, 0) && math.IsInf(float64(float32(f)), 0) {
		c.warnf(e, "magnitude of floating-point constant too large for type 'float'; maximum is 3.40282347E+38")
	}
	return cv(Typ[k], FloatValue(k, f))
}

// charLit types 'c' (an int holding a char value, as C99).
func (c *checker) charLit(e *syntax.BasicLit) TypeAndValue {
	s := e.Value
	if len(s) < 3 || s[0] != '\'' || s[len(s)-1] != '\'' {
		c.errorf(e, "invalid character constant %s", s)
		return TypeAndValue{Type: Typ[Invalid]}
	}
	body := s[1 : len(s)-1]
	var vals []int64
	for len(body) > 0 {
		v, rest, ok := unescape(body)
		if !ok {
			c.errorf(e, "invalid escape sequence in character constant")
			return TypeAndValue{Type: Typ[Invalid]}
		}
		vals = append(vals, v)
		body = rest
	}
	if len(vals) == 0 {
		c.errorf(e, "empty character constant")
		return TypeAndValue{Type: Typ[Invalid]}
	}
	var v int64
	if len(vals) == 1 {
		v = int64(int8(vals[0]))
	} else {
		c.warnf(e, "multi-character character constant")
		for _, x := range vals {
			v = v<<8 | x&0xff
		}
	}
	return cv(Typ[Int], IntValue(Int, v))
}

// unescape decodes one (possibly escaped) character of a char constant.
func unescape(s string) (int64, string, bool) {
	if s[0] != '\\' {
		return int64(s[0]), s[1:], true
	}
	if len(s) < 2 {
		return 0, "", false
	}
	switch s[1] {
	case 'n':
		return '\n', s[2:], true
	case 't':
		return '\t', s[2:], true
	case 'r':
		return '\r', s[2:], true
	case 'a':
		return 7, s[2:], true
	case 'b':
		return 8, s[2:], true
	case 'f':
		return 12, s[2:], true
	case 'v':
		return 11, s[2:], true
	case 'e':
		return 27, s[2:], true
	case '\\', '\'', '"', '?':
		return int64(s[1]), s[2:], true
	case 'x':
		i := 2
		var v int64
		for i < len(s) && isHexDigit(s[i]) {
			d, _ := strconv.ParseInt(s[i:i+1], 16, 64)
			v = v<<4 | d
			i++
		}
		if i == 2 {
			return 0, "", false
		}
		return v & 0xff, s[i:], true
	}
	if s[1] >= '0' && s[1] <= '7' {
		i := 1
		var v int64
		for i < len(s) && i < 4 && s[i] >= '0' && s[i] <= '7' {
			v = v<<3 | int64(s[i]-'0')
			i++
		}
		return v & 0xff, s[i:], true
	}
	return int64(s[1]), s[2:], true
}

func isHexDigit(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}
