package cpp

import (
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// token is the preprocessor's working token: the exported fields plus the
// macro-expansion state (C99 6.10.3.4 "painting" is the hide set).
type token struct {
	kind  Kind
	text  string
	pos   diag.Pos
	space bool
	bol   bool
	hide  *hideset // macros whose expansion produced this token
	// unterminated marks a ' or " with no closing quote: the token runs to
	// the end of the line and is an error only if it is not skipped.
	unterminated bool
	// fileEnd marks the EOF token of an #included file; the reader pops
	// the include stack when it passes one.
	fileEnd bool
	// mark is an empty macro expansion: it carries the macro name's
	// spacing to the token that follows, and is dropped.
	mark bool
}

func (t *token) is(s string) bool { return t.kind == Punct && t.text == s }

func (t *token) export() Token {
	return Token{Kind: t.kind, Text: t.text, Pos: t.pos, Space: t.space, BOL: t.bol}
}

// segment maps spliced text back to source positions: the byte at offset
// off of the spliced text was written at line:col, and the bytes after it
// follow on the same line until the next segment.
type segment struct {
	off       int
	line, col int32
}

// splice performs translation phases 1-2 that matter here: CR LF and lone
// CR become LF, and backslash-newline pairs vanish. As in clang and gcc, a
// backslash followed by blanks and a newline splices too (real kernels
// have trailing tabs after a macro's backslashes); spaced lists where. It
// returns the joined text and the segments that give every byte its
// original position.
func splice(src string) (text string, segs []segment, spaced []segment) {
	var b strings.Builder
	b.Grow(len(src))
	segs = []segment{{0, 1, 1}}
	line, lineStart := int32(1), 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\\' {
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\v' || src[j] == '\f') {
				j++
			}
			if n := newlineLen(src, j); n > 0 {
				if j > i+1 {
					spaced = append(spaced, segment{i, line, int32(i-lineStart) + 2})
				}
				i = j + n - 1
				line++
				lineStart = i + 1
				segs = append(segs, segment{b.Len(), line, 1})
				continue
			}
		}
		if n := newlineLen(src, i); n > 0 {
			i += n - 1
			b.WriteByte('\n')
			line++
			lineStart = i + 1
			segs = append(segs, segment{b.Len(), line, 1})
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), segs, spaced
}

// newlineLen is the length of the line ending at src[i] (LF, CR LF or CR),
// or 0 if there is none.
func newlineLen(src string, i int) int {
	if i >= len(src) {
		return 0
	}
	switch src[i] {
	case '\n':
		return 1
	case '\r':
		if i+1 < len(src) && src[i+1] == '\n' {
			return 2
		}
		return 1
	}
	return 0
}

// lexer splits spliced text into pp-tokens (C99 6.4).
type lexer struct {
	src   string
	segs  []segment
	seg   int // the segment of the last position asked for
	file  string
	diags *diag.List // nil: lexing for a paste check or for Format
}

// lexFile lexes a whole file, ending with an EOF token.
func lexFile(file, src string, diags *diag.List) []token {
	text, segs, spaced := splice(src)
	if diags != nil {
		for _, sp := range spaced {
			diags.Warnf(diag.Pos{File: file, Line: sp.line, Col: sp.col}, "backslash and newline separated by space")
		}
	}
	lx := &lexer{src: text, segs: segs, file: file, diags: diags}
	return lx.all()
}

// lexString lexes text with no splices and no diagnostics.
func lexString(text string) []token {
	lx := &lexer{src: text, segs: []segment{{0, 1, 1}}}
	return lx.all()
}

func (lx *lexer) pos(off int) diag.Pos {
	for lx.seg+1 < len(lx.segs) && lx.segs[lx.seg+1].off <= off {
		lx.seg++
	}
	s := lx.segs[lx.seg]
	return diag.Pos{File: lx.file, Line: s.line, Col: s.col + int32(off-s.off)}
}

func (lx *lexer) all() []token {
	// About one token per five bytes of OpenCL C: one allocation, not a
	// dozen as the slice grows.
	toks := make([]token, 0, len(lx.src)/5+8)
	src := lx.src
	bol, space := true, false
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			bol, space = true, false
			i++
			continue
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			space = true
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			space = true
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				lx.errorf(i, "unterminated /* comment")
				i = len(src)
				continue
			}
			i += 2 + end + 2
			space = true
			continue
		}
		t := token{pos: lx.pos(i), space: space, bol: bol}
		n := lx.scan(i, &t)
		t.text = src[i : i+n]
		if t.kind == Punct {
			t.text = canonicalPunct(t.text)
		}
		toks = append(toks, t)
		i += n
		bol, space = false, false
	}
	toks = append(toks, token{kind: EOF, pos: lx.pos(len(src)), bol: true})
	return toks
}

func (lx *lexer) errorf(off int, format string, args ...any) {
	if lx.diags != nil {
		lx.diags.Errorf(lx.pos(off), format, args...)
	}
}

// scan classifies the token starting at src[i], sets t.kind and returns
// its length.
func (lx *lexer) scan(i int, t *token) int {
	src := lx.src
	c := src[i]
	if n := quotePrefix(src[i:]); n >= 0 {
		q := src[i+n]
		t.kind = String
		if q == '\'' {
			t.kind = Char
		}
		m, ok := scanQuoted(src[i+n:], q)
		t.unterminated = !ok
		return n + m
	}
	if isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]) {
		t.kind = Number
		return scanNumber(src[i:])
	}
	if isIdentStart(c) {
		t.kind = Ident
		n := 1
		for i+n < len(src) && isIdentChar(src[i+n]) {
			n++
		}
		return n
	}
	t.kind = Punct
	return scanPunct(src[i:])
}

// quotePrefix returns the length of the encoding prefix (none, L, u, U,
// u8) if s starts a character constant or string literal, else -1.
func quotePrefix(s string) int {
	for _, p := range [...]string{"", "L", "U", "u8", "u"} {
		if len(s) > len(p) && strings.HasPrefix(s, p) {
			q := s[len(p)]
			if q == '"' || q == '\'' && p != "u8" {
				return len(p)
			}
		}
	}
	return -1
}

// scanQuoted returns the length of the literal opened by s[0] == q,
// escapes kept verbatim. An unterminated literal runs to the end of line.
func scanQuoted(s string, q byte) (int, bool) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case q:
			return i + 1, true
		case '\n':
			return i, false
		case '\\':
			if i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		}
	}
	return len(s), false
}

// scanNumber returns the length of the pp-number at the start of s
// (C99 6.4.8): digits, identifier characters, '.', and signs after e/E/p/P.
func scanNumber(s string) int {
	i := 1
	for i < len(s) {
		c := s[i]
		if (c == '+' || c == '-') && strings.IndexByte("eEpP", s[i-1]) >= 0 {
			i++
			continue
		}
		if isIdentChar(c) || c == '.' {
			i++
			continue
		}
		break
	}
	return i
}

// puncts lists the punctuators longest first, so that the first match is
// the longest (C99 6.4.6), digraphs included.
var puncts = []string{
	"%:%:", "...", "<<=", ">>=",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
	"<:", ":>", "<%", "%>", "%:",
}

// multiPunctStart marks the characters that begin a punctuator of more
// than one character: others ('(', ',', ';', ...) are one, found without
// trying the list.
var multiPunctStart = func() (t [128]bool) {
	for _, p := range puncts {
		t[p[0]] = true
	}
	return t
}()

func scanPunct(s string) int {
	if s[0] < 0x80 && !multiPunctStart[s[0]] {
		return 1
	}
	for _, p := range puncts {
		if strings.HasPrefix(s, p) {
			return len(p)
		}
	}
	if s[0] >= 0x80 {
		// A stray non-ASCII character: keep the whole UTF-8 sequence.
		n := 1
		for n < len(s) && n < 4 && s[n]&0xC0 == 0x80 {
			n++
		}
		return n
	}
	return 1
}

// canonicalPunct spells digraphs as the punctuators they stand for, so the
// later stages see one spelling.
func canonicalPunct(s string) string {
	switch s {
	case "<:":
		return "["
	case ":>":
		return "]"
	case "<%":
		return "{"
	case "%>":
		return "}"
	case "%:":
		return "#"
	case "%:%:":
		return "##"
	}
	return s
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || c == '$' || 'a' <= c|0x20 && c|0x20 <= 'z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) }
