package lower

import "fmt"

// fmtSpec is one conversion of a printf format string (OpenCL C 1.2
// 6.12.13.2): %[flags][width][.precision][vn][length]conversion.
type fmtSpec struct {
	conv   byte   // d i o u x X f F e E g G a A c s p
	vec    int    // vector length n of "vn", 0 for a scalar
	length string // "", "hh", "h", "hl" or "l"
}

// scanFormat returns the conversions of a printf format string (%% needs
// no argument and is left out), or why the format is invalid.
func scanFormat(f string) ([]fmtSpec, error) {
	var specs []fmtSpec
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && isFlag(f[i]) {
			i++
		}
		for i < len(f) && isDigit(f[i]) {
			i++
		}
		if i < len(f) && f[i] == '.' {
			i++
			for i < len(f) && isDigit(f[i]) {
				i++
			}
		}
		var s fmtSpec
		if i < len(f) && f[i] == 'v' {
			j := i + 1
			for j < len(f) && isDigit(f[j]) {
				j++
			}
			switch f[i+1 : j] {
			case "2", "3", "4", "8", "16":
				fmt.Sscan(f[i+1:j], &s.vec)
			default:
				return nil, fmt.Errorf("invalid vector length in conversion specifier")
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
			return nil, fmt.Errorf("incomplete conversion specifier")
		}
		s.conv = f[i]
		switch s.conv {
		case 'd', 'i', 'o', 'u', 'x', 'X', 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		case 'c', 's', 'p':
			if s.vec != 0 || s.length != "" {
				return nil, fmt.Errorf("'%%%c' takes no vector or length modifier", s.conv)
			}
		default:
			return nil, fmt.Errorf("invalid conversion specifier '%c'", s.conv)
		}
		if s.length == "hl" && s.vec == 0 {
			return nil, fmt.Errorf("the 'hl' length modifier is for vectors only")
		}
		specs = append(specs, s)
	}
	return specs, nil
}

func isFlag(c byte) bool  { return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
