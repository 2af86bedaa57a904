package cpp

import (
	"math"
	"strconv"
	"strings"
)

// value is an #if operand: intmax_t or uintmax_t (C99 6.10.1p4).
type value struct {
	v        uint64
	unsigned bool
}

func (v value) signed() int64 { return int64(v.v) }

// evalIf evaluates the controlling expression of #if or #elif.
func (p *pp) evalIf(name token, args []token) bool {
	if len(args) == 0 {
		p.diags.Errorf(endOf(name, nil).pos, "#%s with no expression", name.text)
		return false
	}
	p.inIf = true
	toks := p.expandList(args, endOf(name, args))
	p.inIf = false
	e := &evaluator{p: p, toks: toks, end: endOf(name, args), live: true}
	v := e.comma()
	if !e.failed && e.i < len(e.toks) {
		e.errorf(e.toks[e.i], "missing binary operator before token \"%s\"", e.toks[e.i].text)
	}
	return !e.failed && v.v != 0
}

// defined evaluates "defined X" or "defined ( X )" in an #if line, reading
// the operand unexpanded.
func (p *pp) defined(t token) token {
	r := token{kind: Number, text: "0", pos: t.pos, space: t.space}
	n := p.next()
	paren := n.is("(")
	if paren {
		n = p.next()
	}
	if n.kind != Ident {
		p.diags.Errorf(n.pos, "macro name must be an identifier")
		p.unget(n)
		return r
	}
	if paren {
		if c := p.next(); !c.is(")") {
			p.diags.Errorf(c.pos, "missing ')' after 'defined'")
			p.unget(c)
		}
	}
	if p.macro(n.text) != nil || isHasOperator(n.text) {
		r.text = "1"
	}
	return r
}

// evaluator parses and evaluates an #if expression by precedence climbing.
// live is false in an operand that is not evaluated (after && with a false
// left side, say): there division by zero is no error.
type evaluator struct {
	p      *pp
	toks   []token
	i      int
	end    token
	live   bool
	failed bool
	depth  int
}

func (e *evaluator) peek() *token {
	if e.i < len(e.toks) {
		return &e.toks[e.i]
	}
	return &e.end
}

func (e *evaluator) accept(op string) bool {
	if e.peek().is(op) {
		e.i++
		return true
	}
	return false
}

func (e *evaluator) errorf(t token, format string, args ...any) {
	if !e.failed {
		e.p.diags.Errorf(t.pos, format, args...)
	}
	e.failed = true
}

// comma parses expression ("," is accepted, as compilers do).
func (e *evaluator) comma() value {
	v := e.cond()
	for !e.failed && e.accept(",") {
		v = e.cond()
	}
	return v
}

// cond parses conditional-expression.
func (e *evaluator) cond() value {
	if e.depth++; e.depth > maxExprDepth {
		e.errorf(*e.peek(), "#if expression nested too deeply")
	}
	defer func() { e.depth-- }()
	c := e.binary(1)
	if e.failed || !e.accept("?") {
		return c
	}
	live := e.live
	e.live = live && c.v != 0
	a := e.comma()
	if !e.accept(":") {
		e.errorf(*e.peek(), "expected ':' in preprocessor expression")
		return value{}
	}
	e.live = live && c.v == 0
	b := e.cond()
	e.live = live
	unsigned := a.unsigned || b.unsigned
	if c.v != 0 {
		return value{a.v, unsigned}
	}
	return value{b.v, unsigned}
}

var precedence = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8,
	"+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// binary parses the binary operators of precedence min and above.
func (e *evaluator) binary(min int) value {
	l := e.unary()
	for !e.failed {
		op := e.peek()
		prec := 0
		if op.kind == Punct {
			prec = precedence[op.text]
		}
		if prec < min {
			return l
		}
		e.i++
		live := e.live
		switch op.text {
		case "&&":
			e.live = live && l.v != 0
		case "||":
			e.live = live && l.v == 0
		}
		r := e.binary(prec + 1)
		e.live = live
		l = e.apply(*op, l, r)
	}
	return l
}

// apply computes l op r with the usual arithmetic conversions.
func (e *evaluator) apply(op token, l, r value) value {
	u := l.unsigned || r.unsigned
	a, b := l.v, r.v
	sa, sb := int64(a), int64(b)
	boolean := func(c bool) value {
		if c {
			return value{v: 1}
		}
		return value{}
	}
	switch op.text {
	case "||":
		return boolean(a != 0 || b != 0)
	case "&&":
		return boolean(a != 0 && b != 0)
	case "|":
		return value{a | b, u}
	case "^":
		return value{a ^ b, u}
	case "&":
		return value{a & b, u}
	case "==":
		return boolean(a == b)
	case "!=":
		return boolean(a != b)
	case "<", ">", "<=", ">=":
		return boolean(compare(op.text, l, r, u))
	case "<<", ">>":
		return e.shift(op, l, r)
	case "+":
		if !u && e.live && (sb > 0 && sa > math.MaxInt64-sb || sb < 0 && sa < math.MinInt64-sb) {
			e.overflow(op)
		}
		return value{a + b, u}
	case "-":
		if !u && e.live && (sb < 0 && sa > math.MaxInt64+sb || sb > 0 && sa < math.MinInt64+sb) {
			e.overflow(op)
		}
		return value{a - b, u}
	case "*":
		if !u && e.live && sa != 0 && (sa*sb/sa != sb || sa == -1 && sb == math.MinInt64) {
			e.overflow(op)
		}
		return value{a * b, u}
	}
	// "/" and "%"
	if b == 0 {
		if e.live {
			what := "division"
			if op.text == "%" {
				what = "remainder"
			}
			e.errorf(op, "%s by zero in preprocessor expression", what)
		}
		return value{0, u}
	}
	if u {
		if op.text == "/" {
			return value{a / b, true}
		}
		return value{a % b, true}
	}
	if sa == math.MinInt64 && sb == -1 && e.live {
		e.overflow(op)
	}
	if op.text == "/" {
		return value{uint64(sa / sb), false}
	}
	return value{uint64(sa % sb), false}
}

func compare(op string, l, r value, unsigned bool) bool {
	var lt, eq bool
	if unsigned {
		lt, eq = l.v < r.v, l.v == r.v
	} else {
		lt, eq = l.signed() < r.signed(), l.v == r.v
	}
	switch op {
	case "<":
		return lt
	case ">":
		return !lt && !eq
	case "<=":
		return lt || eq
	}
	return !lt
}

// shift computes << and >>; the result has the left operand's type. A
// negative count shifts the other way and a count of 64 or more leaves
// only the sign, so no count is undefined here.
func (e *evaluator) shift(op token, l, r value) value {
	left := op.text == "<<"
	n := r.v
	if !r.unsigned && r.signed() < 0 {
		left, n = !left, uint64(-r.signed())
	}
	if n > 64 {
		n = 64
	}
	switch {
	case left:
		return value{l.v << n, l.unsigned}
	case l.unsigned:
		return value{l.v >> n, true}
	}
	if n == 64 {
		n = 63
	}
	return value{uint64(l.signed() >> n), false}
}

func (e *evaluator) overflow(op token) {
	e.p.diags.Warnf(op.pos, "integer overflow in preprocessor expression")
}

// unary parses unary operators and primary expressions.
func (e *evaluator) unary() value {
	t := *e.peek()
	if e.failed {
		return value{}
	}
	if t.kind == EOF {
		e.errorf(t, "expected value in expression")
		return value{}
	}
	e.i++
	switch {
	case t.is("+"), t.is("-"), t.is("~"), t.is("!"):
		if e.depth++; e.depth > maxExprDepth {
			e.errorf(t, "#if expression nested too deeply")
			return value{}
		}
		v := e.unary()
		e.depth--
		switch t.text {
		case "-":
			if !v.unsigned && v.v == 1<<63 && e.live {
				e.overflow(t)
			}
			return value{-v.v, v.unsigned}
		case "~":
			return value{^v.v, v.unsigned}
		case "!":
			if v.v == 0 {
				return value{v: 1}
			}
			return value{}
		}
		return v
	case t.is("("):
		v := e.comma()
		if !e.failed && !e.accept(")") {
			e.errorf(*e.peek(), "expected ')' in preprocessor expression")
		}
		return v
	case t.kind == Number:
		return e.number(t)
	case t.kind == Char:
		return e.char(t)
	case t.kind == Ident:
		if t.text == "true" {
			// OpenCL C has bool: clang evaluates true as 1 (as in C++).
			return value{v: 1}
		}
		return value{} // identifiers left after expansion are 0 (C99 6.10.1p4)
	}
	e.errorf(t, "invalid token at start of a preprocessor expression")
	return value{}
}

// number evaluates an integer constant (C99 6.4.4.1).
func (e *evaluator) number(t token) value {
	s := t.text
	hex := len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'x'
	if strings.ContainsAny(s, ".") || !hex && strings.ContainsAny(s, "eE") || hex && strings.ContainsAny(s, "pP") {
		e.errorf(t, "floating point literal in preprocessor expression")
		return value{}
	}
	base, start, digits := 10, 0, "0123456789"
	switch {
	case hex:
		base, start, digits = 16, 2, "0123456789abcdefABCDEF"
	case len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'b':
		base, start, digits = 2, 2, "01"
	case s[0] == '0':
		base = 8
	}
	end := start
	for end < len(s) && strings.IndexByte(digits, s[end]) >= 0 {
		end++
	}
	body, suffix := s[start:end], s[end:]
	unsigned, ok := intSuffix(suffix)
	switch {
	case !ok:
		e.errorf(t, "invalid suffix '%s' on integer constant", suffix)
		return value{}
	case body == "":
		e.errorf(t, "invalid integer constant '%s'", s)
		return value{}
	case base == 8 && strings.ContainsAny(body, "89"):
		e.errorf(t, "invalid digit '%c' in octal constant", body[strings.IndexAny(body, "89")])
		return value{}
	}
	v, err := strconv.ParseUint(body, base, 64)
	if err != nil {
		e.errorf(t, "integer literal is too large to be represented in any integer type")
		return value{}
	}
	if v > math.MaxInt64 && !unsigned {
		if base == 10 {
			e.p.diags.Warnf(t.pos, "integer literal is too large to be represented in a signed integer type, interpreting as unsigned")
		}
		unsigned = true
	}
	return value{v, unsigned}
}

// intSuffix checks an integer suffix: u, l, ll in either case and order.
func intSuffix(s string) (unsigned, ok bool) {
	switch strings.ToLower(s) {
	case "", "l", "ll":
		return false, s != "lL" && s != "Ll"
	case "u", "ul", "lu", "ull", "llu":
		l := strings.Trim(s, "uU")
		return true, l != "lL" && l != "Ll"
	}
	return false, false
}

// char evaluates a character constant. A plain one has type int with the
// value of an OpenCL char, which is signed; several characters combine as
// in GCC and clang.
func (e *evaluator) char(t token) value {
	if t.unterminated {
		e.p.unterminated(t)
		e.failed = true
		return value{}
	}
	q := strings.IndexByte(t.text, '\'')
	prefix, body := t.text[:q], t.text[q+1:len(t.text)-1]
	if body == "" {
		e.errorf(t, "empty character constant")
		return value{}
	}
	var v uint64
	n := 0
	for body != "" {
		c, rest := e.escape(t, body)
		body = rest
		v = v<<8 | c&0xff
		if prefix != "" {
			v = c
		}
		n++
	}
	if prefix == "" && n == 1 {
		v = uint64(int64(int8(v)))
	}
	if prefix == "" && n > 1 {
		v = uint64(int64(int32(v)))
	}
	return value{v, false}
}

// escape decodes the first character of a literal's body.
func (e *evaluator) escape(t token, s string) (uint64, string) {
	if s[0] != '\\' || len(s) == 1 {
		return uint64(s[0]), s[1:]
	}
	c := s[1]
	switch c {
	case 'n':
		return '\n', s[2:]
	case 't':
		return '\t', s[2:]
	case 'v':
		return '\v', s[2:]
	case 'b':
		return '\b', s[2:]
	case 'r':
		return '\r', s[2:]
	case 'f':
		return '\f', s[2:]
	case 'a':
		return 7, s[2:]
	case 'x':
		i := 2
		var v uint64
		for i < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i]) >= 0 {
			d, _ := strconv.ParseUint(s[i:i+1], 16, 8)
			v = v<<4 | d
			i++
		}
		if i == 2 {
			e.errorf(t, "\\x used with no following hex digits")
		}
		return v, s[i:]
	}
	if '0' <= c && c <= '7' {
		i := 1
		var v uint64
		for i < len(s) && i < 4 && '0' <= s[i] && s[i] <= '7' {
			v = v<<3 | uint64(s[i]-'0')
			i++
		}
		return v, s[i:]
	}
	return uint64(c), s[2:]
}
