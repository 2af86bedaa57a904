package syntax

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
)

// tokKind classifies a C token (after preprocessing).
type tokKind uint8

const (
	tEOF     tokKind = iota
	tName            // identifier, including builtin type names such as float4
	tKeyword         // text is the canonical spelling: "global" for __global
	tInt             // text is the spelling
	tFloat           // text is the spelling
	tChar            // text is the spelling
	tString          // text is the decoded value
	tPunct           // text is the punctuator (digraphs mapped)
	tPragma          // text is the pragma body
)

type token struct {
	kind tokKind
	text string
	pos  diag.Pos
}

// keyword returns the canonical spelling of the keyword s: the GNU and
// OpenCL double-underscore variants are the same keyword to the parser.
// It and the type-name predicates below are switches, not maps that every
// process would build at start-up.
func keyword(s string) (string, bool) {
	switch s {
	case "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
		"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
		"register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
		"switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
		"_Complex", "_Imaginary", "kernel", "global", "local", "constant", "private",
		"generic", "read_only", "write_only", "read_write", "vec_step", "__attribute__",
		"__alignof__", "typeof":
		return s, true
	case "__alignof", "_Alignof":
		return "__alignof__", true
	case "__attribute":
		return "__attribute__", true
	case "__const", "__const__":
		return "const", true
	case "__constant":
		return "constant", true
	case "__generic":
		return "generic", true
	case "__global":
		return "global", true
	case "__inline", "__inline__":
		return "inline", true
	case "__kernel":
		return "kernel", true
	case "__local":
		return "local", true
	case "__private":
		return "private", true
	case "__read_only":
		return "read_only", true
	case "__read_write":
		return "read_write", true
	case "__restrict", "__restrict__":
		return "restrict", true
	case "__signed", "__signed__":
		return "signed", true
	case "__typeof__", "__typeof":
		return "typeof", true
	case "__volatile", "__volatile__":
		return "volatile", true
	case "__write_only":
		return "write_only", true
	}
	return "", false
}

// builtinType reports whether s is an OpenCL type name that is an
// identifier to the preprocessor and names a type to the parser.
func builtinType(s string) bool {
	switch s {
	case "bool", "uchar", "ushort", "uint", "ulong", "half", "size_t", "ptrdiff_t",
		"intptr_t", "uintptr_t", "image1d_t", "image1d_array_t", "image1d_buffer_t",
		"image2d_t", "image2d_array_t", "image3d_t", "image2d_depth_t",
		"image2d_array_depth_t", "sampler_t", "event_t", "cl_mem_fence_flags":
		return true
	}
	return vectorType(s)
}

// typedefType reports whether s is one of the builtin types that clang
// declares as typedefs (uchar, size_t, the vector types, ...): like any
// typedef name they may be redeclared as an ordinary identifier in an
// inner scope, or name a struct member (real code has "cl_int int2;"), so
// they are types only where no declaration hides them
// (parser.isBuiltinType).
func typedefType(s string) bool {
	switch s {
	case "uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t",
		"cl_mem_fence_flags":
		return true
	}
	return vectorType(s)
}

// vectorType reports whether s names a vector type: an element type and
// 2, 3, 4, 8 or 16.
func vectorType(s string) bool {
	e := strings.TrimRight(s, "0123456789")
	switch s[len(e):] {
	case "2", "3", "4", "8", "16":
	default:
		return false
	}
	switch e {
	case "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half":
		return true
	}
	return false
}

var digraphs = map[string]string{"<:": "[", ":>": "]", "<%": "{", "%>": "}"}

// scan turns preprocessing tokens into C tokens, validating numbers and
// decoding strings; the result always ends with an EOF token.
func scan(toks []cpp.Token, diags *diag.List) []token {
	out := make([]token, 0, len(toks)+1)
	for _, t := range toks {
		switch t.Kind {
		case cpp.EOF:
			out = append(out, token{kind: tEOF, pos: t.Pos})
			return out
		case cpp.Ident:
			if k, ok := keyword(t.Text); ok {
				out = append(out, token{tKeyword, k, t.Pos})
			} else {
				out = append(out, token{tName, t.Text, t.Pos})
			}
		case cpp.Number:
			out = append(out, token{scanNumber(t.Text, t.Pos, diags), t.Text, t.Pos})
		case cpp.Char:
			checkChar(t.Text, t.Pos, diags)
			out = append(out, token{tChar, t.Text, t.Pos})
		case cpp.String:
			out = append(out, token{tString, decodeString(t.Text, t.Pos, diags), t.Pos})
		case cpp.Pragma:
			out = append(out, token{tPragma, t.Text, t.Pos})
		default:
			text := t.Text
			if d, ok := digraphs[text]; ok {
				text = d
			}
			out = append(out, token{tPunct, text, t.Pos})
		}
	}
	var pos diag.Pos
	if len(toks) > 0 {
		pos = toks[len(toks)-1].Pos
	}
	return append(out, token{kind: tEOF, pos: pos})
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// scanNumber classifies a pp-number as an integer or floating constant and
// reports what C99 6.4.4 does not allow.
func scanNumber(s string, pos diag.Pos, diags *diag.List) tokKind {
	if s == "" {
		return tInt
	}
	i := 0
	hex := len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	digit := isDigit
	if hex {
		i = 2
		digit = isHex
	}
	start := i
	for i < len(s) && digit(s[i]) {
		i++
	}
	mant := i - start
	isFloat := false
	if i < len(s) && s[i] == '.' {
		isFloat = true
		i++
		for i < len(s) && digit(s[i]) {
			i++
			mant++
		}
	}
	if hex && mant == 0 {
		if isFloat || i < len(s) && (s[i] == 'p' || s[i] == 'P') {
			diags.Errorf(pos, "hexadecimal floating constant has no digits")
			return tFloat
		}
		diags.Errorf(pos, "invalid suffix '%s' on integer constant", s[1:])
		return tInt
	}
	exp := byte('e')
	if hex {
		exp = 'p'
	}
	if i < len(s) && (s[i]|0x20) == exp {
		isFloat = true
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		d := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if d == i {
			diags.Errorf(pos, "exponent has no digits")
			return tFloat
		}
	} else if hex && isFloat {
		diags.Errorf(pos, "hexadecimal floating constant requires an exponent")
		return tFloat
	}
	suffix := s[i:]
	if isFloat {
		switch suffix {
		case "", "f", "F", "h", "H", "l", "L":
		default:
			diags.Errorf(pos, "invalid suffix '%s' on floating constant", suffix)
		}
		return tFloat
	}
	if !hex && s[0] == '0' {
		for j := 1; j < i; j++ {
			if s[j] > '7' {
				diags.Errorf(pos, "invalid digit '%c' in octal constant", s[j])
				return tInt
			}
		}
	}
	switch strings.ToLower(suffix) {
	case "", "u", "l", "ul", "lu":
	case "ll", "ull", "llu":
		// long long is a reserved 128-bit type (OpenCL C 6.1.4), but
		// real kernels write 0x...ull for a 64-bit constant, as in C, and
		// clang takes it: the literal is typed as long or ulong, which
		// gives the same bits wherever its value is kept in 64 bits.
		if strings.Contains(suffix, "lL") || strings.Contains(suffix, "Ll") {
			diags.Errorf(pos, "invalid suffix '%s' on integer constant", suffix)
		}
	default:
		diags.Errorf(pos, "invalid suffix '%s' on integer constant", suffix)
	}
	return tInt
}

func checkChar(s string, pos diag.Pos, diags *diag.List) {
	q := strings.IndexByte(s, '\'')
	if q < 0 || len(s) < q+2 || s[len(s)-1] != '\'' {
		diags.Errorf(pos, "missing terminating ' character")
		return
	}
	if q > 0 {
		diags.Errorf(pos, "wide character constants are not supported in OpenCL C")
		return
	}
	if len(s) == 2 {
		diags.Errorf(pos, "empty character constant")
		return
	}
	decodeEscapes(s[1:len(s)-1], pos, diags)
}

// decodeString returns the bytes a string literal stands for.
func decodeString(s string, pos diag.Pos, diags *diag.List) string {
	q := strings.IndexByte(s, '"')
	if q < 0 || len(s) < q+2 || s[len(s)-1] != '"' {
		diags.Errorf(pos, "missing terminating '\"' character")
		return ""
	}
	if q > 0 && s[:q] != "u8" {
		diags.Errorf(pos, "wide string literals are not supported in OpenCL C")
	}
	return decodeEscapes(s[q+1:len(s)-1], pos, diags)
}

// decodeEscapes interprets C escape sequences (C99 6.4.4.4).
func decodeEscapes(s string, pos diag.Pos, diags *diag.List) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		c = s[i]
		switch c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'x':
			j := i + 1
			for j < len(s) && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				diags.Errorf(pos, "\\x used with no following hex digits")
				continue
			}
			v, err := strconv.ParseUint(s[i+1:j], 16, 64)
			if err != nil || v > 0xff {
				diags.Errorf(pos, "hex escape sequence out of range")
			}
			b.WriteByte(byte(v))
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, j := 0, i
			for j < len(s) && j < i+3 && '0' <= s[j] && s[j] <= '7' {
				v = v*8 + int(s[j]-'0')
				j++
			}
			if v > 0xff {
				diags.Errorf(pos, "octal escape sequence out of range")
			}
			b.WriteByte(byte(v))
			i = j - 1
		default:
			diags.Warnf(pos, "unknown escape sequence '\\%c'", c)
			b.WriteByte(c)
		}
	}
	return b.String()
}
