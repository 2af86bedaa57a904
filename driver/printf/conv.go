package printf

import (
	"math"
	"strconv"
	"strings"
)

// The C99 conversions (7.19.6.1), written out here because Go's fmt
// differs from C in %g, %a, %#o, precision on integers and more.

// pad applies the field width: body is the text after the sign or prefix
// (which zero padding goes after).
func (s *spec) pad(dst []byte, prefix, body string, zeroOK bool) []byte {
	n := len(prefix) + len(body)
	fill := s.width - n
	switch {
	case fill <= 0:
		dst = append(dst, prefix...)
		dst = append(dst, body...)
	case s.minus:
		dst = append(dst, prefix...)
		dst = append(dst, body...)
		dst = append(dst, strings.Repeat(" ", fill)...)
	case s.zero && zeroOK:
		dst = append(dst, prefix...)
		dst = append(dst, strings.Repeat("0", fill)...)
		dst = append(dst, body...)
	default:
		dst = append(dst, strings.Repeat(" ", fill)...)
		dst = append(dst, prefix...)
		dst = append(dst, body...)
	}
	return dst
}

// formatInt formats an integer conversion (d i o u x X) of the value
// held in the low bits bits wide of v.
func (s *spec) formatInt(dst []byte, v uint64, bits int) []byte {
	if bits < 64 {
		v &= 1<<bits - 1
	}
	var prefix string
	var mag uint64
	switch s.conv {
	case 'd', 'i':
		x := int64(v)
		if bits < 64 {
			x = int64(v<<(64-bits)) >> (64 - bits) // sign-extend
		}
		mag = uint64(x)
		switch {
		case x < 0:
			prefix, mag = "-", -uint64(x)
		case s.plus:
			prefix = "+"
		case s.space:
			prefix = " "
		}
	default:
		mag = v
	}
	var digits string
	switch s.conv {
	case 'o':
		digits = strconv.FormatUint(mag, 8)
	case 'x':
		digits = strconv.FormatUint(mag, 16)
	case 'X':
		digits = strings.ToUpper(strconv.FormatUint(mag, 16))
	default:
		digits = strconv.FormatUint(mag, 10)
	}
	if s.prec == 0 && mag == 0 {
		digits = ""
	}
	if len(digits) < s.prec {
		digits = strings.Repeat("0", s.prec-len(digits)) + digits
	}
	if s.hash {
		switch {
		case s.conv == 'o' && !strings.HasPrefix(digits, "0"):
			digits = "0" + digits
		case s.conv == 'x' && mag != 0:
			prefix = "0x"
		case s.conv == 'X' && mag != 0:
			prefix = "0X"
		}
	}
	return s.pad(dst, prefix, digits, s.prec < 0)
}

// formatFloat formats a floating-point conversion (f F e E g G a A).
func (s *spec) formatFloat(dst []byte, x float64) []byte {
	upper := 'A' <= s.conv && s.conv <= 'Z'
	var prefix string
	switch {
	case math.Signbit(x):
		prefix = "-"
	case s.plus:
		prefix = "+"
	case s.space:
		prefix = " "
	}
	ax := math.Abs(x)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		body := "inf"
		if math.IsNaN(x) {
			body = "nan"
		}
		if upper {
			body = strings.ToUpper(body)
		}
		return s.pad(dst, prefix, body, false)
	}
	var body string
	switch s.conv {
	case 'f', 'F':
		body = strconv.FormatFloat(ax, 'f', s.precOr(6), 64)
		if s.hash && !strings.Contains(body, ".") {
			body += "."
		}
	case 'e', 'E':
		body = s.expForm(ax, s.precOr(6))
	case 'g', 'G':
		body = s.gForm(ax)
	case 'a', 'A':
		body = s.hexForm(ax)
		prefix += "0x"
	}
	if upper {
		body = strings.ToUpper(body)
		prefix = strings.ToUpper(prefix)
	}
	return s.pad(dst, prefix, body, true)
}

func (s *spec) precOr(def int) int {
	if s.prec < 0 {
		return def
	}
	return s.prec
}

// expForm is d.ddde±dd with prec digits after the point.
func (s *spec) expForm(ax float64, prec int) string {
	body := strconv.FormatFloat(ax, 'e', prec, 64)
	if s.hash && prec == 0 {
		i := strings.IndexByte(body, 'e')
		body = body[:i] + "." + body[i:]
	}
	return body
}

// gForm is %g: %e or %f by the exponent X of the %e form with precision
// P-1: %f with precision P-1-X when P > X >= -4; trailing zeros go
// unless '#'.
func (s *spec) gForm(ax float64) string {
	p := s.precOr(6)
	if p == 0 {
		p = 1
	}
	e := strconv.FormatFloat(ax, 'e', p-1, 64)
	x, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	var body string
	if p > x && x >= -4 {
		body = strconv.FormatFloat(ax, 'f', p-1-x, 64)
	} else {
		body = e
	}
	if s.hash {
		if !strings.Contains(body, ".") {
			i := strings.IndexByte(body, 'e')
			if i < 0 {
				body += "."
			} else {
				body = body[:i] + "." + body[i:]
			}
		}
		return body
	}
	mant, exp := body, ""
	if i := strings.IndexByte(body, 'e'); i >= 0 {
		mant, exp = body[:i], body[i:]
	}
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	return mant + exp
}

// hexForm is %a without the sign and "0x": h.hhhp±d, the leading digit 1
// for normal numbers (0 for zero and subnormals), as glibc prints doubles.
func (s *spec) hexForm(ax float64) string {
	bits := math.Float64bits(ax)
	mant := bits & (1<<52 - 1)
	exp := int(bits>>52) & 0x7ff
	lead := uint64(1)
	switch {
	case exp == 0 && mant == 0:
		lead, exp = 0, 0
	case exp == 0:
		lead, exp = 0, -1022
	default:
		exp -= 1023
	}
	// 13 hex digits of fraction; round to the precision (to nearest,
	// ties to even), carrying into the leading digit.
	digits := 13
	if s.prec >= 0 && s.prec < 13 {
		drop := uint(4 * (13 - s.prec))
		full := lead<<52 | mant
		half := uint64(1) << (drop - 1)
		rem := full & (1<<drop - 1)
		full >>= drop
		if rem > half || rem == half && full&1 == 1 {
			full++
		}
		lead, mant = full>>(4*uint(s.prec)), full&(1<<(4*uint(s.prec))-1)
		digits = s.prec
	}
	frac := ""
	if digits > 0 {
		frac = strconv.FormatUint(mant, 16)
		frac = strings.Repeat("0", digits-len(frac)) + frac
	}
	if s.prec < 0 {
		frac = strings.TrimRight(frac, "0")
	} else if s.prec > 13 {
		frac += strings.Repeat("0", s.prec-13)
	}
	body := strconv.FormatUint(lead, 16)
	if frac != "" || s.hash {
		body += "." + frac
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	return body + "p" + sign + strconv.Itoa(exp)
}

// formatChar is %c; formatString %s (the precision caps its length).
func (s *spec) formatChar(dst []byte, c byte) []byte {
	return s.pad(dst, "", string([]byte{c}), false)
}

func (s *spec) formatString(dst []byte, str string) []byte {
	if s.prec >= 0 && len(str) > s.prec {
		str = str[:s.prec]
	}
	return s.pad(dst, "", str, false)
}

// formatPointer is %p: glibc's 0x-prefixed hex, "(nil)" for zero.
func (s *spec) formatPointer(dst []byte, v uint64) []byte {
	if v == 0 {
		return s.pad(dst, "", "(nil)", false)
	}
	return s.pad(dst, "0x", strconv.FormatUint(v, 16), false)
}
