package printf

// spec is one conversion specification of an OpenCL C printf format
// (OpenCL C 1.2 6.12.13.2): %[flags][width][.precision][vn][length]conv.
type spec struct {
	minus, plus, space, hash, zero bool
	width                          int
	prec                           int // -1: none given
	vec                            int // vector length, 0 for a scalar
	length                         string
	conv                           byte
}

// parseSpec reads the specification after a '%' at f[i:]; it returns the
// index past it, or ok false when it is not a valid one.
func parseSpec(f string, i int) (s spec, next int, ok bool) {
	s.prec = -1
	for ; i < len(f); i++ {
		switch f[i] {
		case '-':
			s.minus = true
		case '+':
			s.plus = true
		case ' ':
			s.space = true
		case '#':
			s.hash = true
		case '0':
			s.zero = true
		default:
			goto width
		}
	}
width:
	for i < len(f) && isDigit(f[i]) {
		s.width = s.width*10 + int(f[i]-'0')
		i++
	}
	if i < len(f) && f[i] == '.' {
		i++
		s.prec = 0
		for i < len(f) && isDigit(f[i]) {
			s.prec = s.prec*10 + int(f[i]-'0')
			i++
		}
	}
	if i < len(f) && f[i] == 'v' {
		j := i + 1
		for j < len(f) && isDigit(f[j]) {
			s.vec = s.vec*10 + int(f[j]-'0')
			j++
		}
		switch s.vec {
		case 2, 3, 4, 8, 16:
		default:
			return s, i, false
		}
		i = j
	}
	for _, l := range []string{"hh", "hl", "h", "l"} {
		if len(f)-i >= len(l) && f[i:i+len(l)] == l {
			s.length = l
			i += len(l)
			break
		}
	}
	if i >= len(f) {
		return s, i, false
	}
	s.conv = f[i]
	switch s.conv {
	case 'd', 'i', 'o', 'u', 'x', 'X', 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A', 'c', 's', 'p':
	default:
		return s, i, false
	}
	return s, i + 1, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isFloat reports whether the conversion prints a floating-point value.
func (s *spec) isFloat() bool {
	switch s.conv {
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		return true
	}
	return false
}

// elemSize is the byte size of one vector element the length modifier
// names, or 0 when it names none.
func (s *spec) elemSize() int {
	switch s.length {
	case "hh":
		return 1
	case "h":
		return 2
	case "hl":
		return 4
	case "l":
		return 8
	}
	return 0
}
