package printf

import (
	"encoding/binary"
	"math"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// formatRecord appends the text of one printf call: format with its
// arguments' bytes (as the compiler packed them: integers promoted to at
// least 4 bytes, floats as 4 or 8, vectors elementwise, %s as a string
// id, or a string id and a byte offset). str resolves string ids.
func formatRecord(dst []byte, format string, args [][]byte, str func(uint32) (string, bool)) []byte {
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			dst = append(dst, c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			dst = append(dst, '%')
			i++
			continue
		}
		s, end, ok := parseSpec(format, i+1)
		if !ok || next >= len(args) {
			// The compiler rejects these; print the rest as it is.
			return append(dst, format[i:]...)
		}
		dst = s.formatArg(dst, args[next], str)
		next++
		i = end - 1
	}
	return dst
}

// formatArg formats one argument, element by element for a vector.
func (s *spec) formatArg(dst []byte, arg []byte, str func(uint32) (string, bool)) []byte {
	if s.vec == 0 {
		return s.formatScalar(dst, arg, len(arg), str)
	}
	es := s.elemSize()
	if es == 0 || es*s.vec > len(arg) {
		es = len(arg) / s.vec
		// Elements packed in whole words of n*size bytes, padded.
		for _, size := range []int{8, 4, 2, 1} {
			if size*s.vec <= len(arg) && (size*s.vec+3)/4*4 == len(arg) {
				es = size
				break
			}
		}
	}
	for i := 0; i < s.vec; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if (i+1)*es > len(arg) {
			break
		}
		dst = s.formatScalar(dst, arg[i*es:(i+1)*es], es, str)
	}
	return dst
}

// formatScalar formats one value of size bytes.
func (s *spec) formatScalar(dst []byte, b []byte, size int, str func(uint32) (string, bool)) []byte {
	v := le(b)
	switch {
	case s.conv == 's':
		// A string id, and for a pointer argument (8 bytes) the byte
		// offset into the string; the string ends at its first NUL.
		t, _ := str(uint32(v))
		if size == 8 {
			t = t[min(v>>32, uint64(len(t))):]
		}
		if i := strings.IndexByte(t, 0); i >= 0 {
			t = t[:i]
		}
		return s.formatString(dst, t)
	case s.conv == 'c':
		return s.formatChar(dst, byte(v))
	case s.conv == 'p':
		return s.formatPointer(dst, v)
	case s.isFloat():
		var x float64
		switch size {
		case 2:
			x = float64(spirv.Float16Value(uint16(v)))
		case 4:
			x = float64(math.Float32frombits(uint32(v)))
		default:
			x = math.Float64frombits(v)
		}
		return s.formatFloat(dst, x)
	}
	bits := 8 * size
	switch s.length {
	case "hh":
		bits = 8
	case "h":
		bits = 16
	case "l":
		if size == 4 && (s.conv == 'd' || s.conv == 'i') {
			v = uint64(int64(int32(v))) // an int where a long was named
		}
		bits = 64
	default:
		bits = min(bits, 32)
	}
	return s.formatInt(dst, v, bits)
}

// le reads a little-endian value of up to 8 bytes.
func le(b []byte) uint64 {
	var buf [8]byte
	copy(buf[:], b)
	return binary.LittleEndian.Uint64(buf[:])
}
