package cpp

import (
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// macro is one #define.
type macro struct {
	name     string
	pos      diag.Pos
	fn       bool     // function-like
	params   []string // for a variadic macro the last is __VA_ARGS__ or the GNU name
	variadic bool
	body     []token
	builtin  func(p *pp, use token) token // __LINE__ and friends
}

// param returns the index of the parameter t names, or -1.
func (m *macro) param(t *token) int {
	if !m.fn || t.kind != Ident {
		return -1
	}
	for i, name := range m.params {
		if name == t.text {
			return i
		}
	}
	return -1
}

// same reports whether m and n are identical definitions (C99 6.10.3p2):
// same parameters, same body tokens, same whitespace separation.
func (m *macro) same(n *macro) bool {
	if m.fn != n.fn || m.variadic != n.variadic || len(m.params) != len(n.params) ||
		len(m.body) != len(n.body) || (m.builtin == nil) != (n.builtin == nil) {
		return false
	}
	for i := range m.params {
		if m.params[i] != n.params[i] {
			return false
		}
	}
	for i := range m.body {
		a, b := &m.body[i], &n.body[i]
		if a.text != b.text || i > 0 && a.space != b.space {
			return false
		}
	}
	return true
}

// expand replaces the macro invocation that starts with t, pushing the
// replacement back onto the input to be rescanned. It reports whether t
// was an invocation.
func (p *pp) expand(t token) bool {
	m := p.macro(t.text)
	if m == nil || t.hide.has(t.text) || p.tooMuch {
		return false
	}
	if p.work++; p.work > maxExpandTokens {
		p.limitReached(t)
		return false
	}
	if t.hide.size() >= maxHideset {
		p.diags.Errorf(t.pos, "macro expansion nested too deeply (through more than %d macros)", maxHideset)
		p.tooMuch = true
		return false
	}
	if m.builtin != nil {
		r := m.builtin(p, t)
		r.pos, r.space, r.bol, r.hide = t.pos, t.space, t.bol, t.hide
		p.unget(r)
		return true
	}
	if !m.fn {
		p.pushExpansion(p.subst(m, nil, t.hide.with(m.name), t), t)
		return true
	}
	if !p.nextIsLParen() {
		return false
	}
	args, rparen, ok := p.readArgs(m, t)
	if !ok {
		return true
	}
	hs := intersect(t.hide, rparen.hide).with(m.name)
	p.pushExpansion(p.subst(m, args, hs, t), t)
	return true
}

// pushExpansion queues a macro's replacement for rescanning; an empty one
// leaves a mark that passes the macro name's spacing on.
func (p *pp) pushExpansion(toks []token, use token) {
	if len(toks) == 0 {
		p.unget(token{mark: true, space: use.space, bol: use.bol})
		return
	}
	toks[0].space, toks[0].bol = use.space, use.bol
	p.push(toks)
}

// nextIsLParen looks past the name of a function-like macro: it is an
// invocation only if "(" follows (C99 6.10.3p10). Other tokens go back.
func (p *pp) nextIsLParen() bool {
	for {
		t := p.next()
		if t.mark {
			continue
		}
		if t.is("(") {
			return true
		}
		p.unget(t)
		return false
	}
}

// readArgs reads the arguments of an invocation of m after its "(", up to
// the matching ")". Newlines inside the invocation are white space.
func (p *pp) readArgs(m *macro, name token) (args [][]token, rparen token, ok bool) {
	args = [][]token{nil}
	depth := 0
	for {
		t := p.next()
		switch {
		case t.mark:
			continue
		case t.kind == EOF:
			p.diags.Errorf(name.pos, "unterminated function-like macro invocation")
			p.notef(m)
			p.unget(t)
			return nil, t, false
		case t.is("("):
			depth++
		case t.is(")"):
			if depth == 0 {
				return p.checkArgs(m, args, name, t)
			}
			depth--
		case t.is(",") && depth == 0 && !(m.variadic && len(args) == len(m.params)):
			args = append(args, nil)
			continue
		}
		if t.bol {
			t.bol, t.space = false, true
		}
		args[len(args)-1] = append(args[len(args)-1], t)
		p.work++
	}
}

// checkArgs matches the argument count with the parameters.
func (p *pp) checkArgs(m *macro, args [][]token, name, rparen token) ([][]token, token, bool) {
	n := len(m.params)
	switch {
	case n == 0 && len(args) == 1 && len(args[0]) == 0:
		return nil, rparen, true
	case len(args) > n:
		pos := rparen.pos
		if extra := args[n]; len(extra) > 0 {
			pos = extra[0].pos
		}
		p.diags.Errorf(pos, "too many arguments provided to function-like macro invocation")
	case len(args) == n:
		return args, rparen, true
	case m.variadic && len(args) == n-1:
		// The variable arguments may be left out altogether (as C2x allows).
		return append(args, nil), rparen, true
	default:
		p.diags.Errorf(rparen.pos, "too few arguments provided to function-like macro invocation")
	}
	p.notef(m)
	return nil, rparen, false
}

func (p *pp) notef(m *macro) {
	if m.pos.IsValid() {
		p.diags.Notef(m.pos, "macro '%s' defined here", m.name)
	}
}

// subst builds the replacement of one invocation (C99 6.10.3.1-3): each
// parameter becomes its fully expanded argument, except after # (spelled
// as a string) and beside ## (the argument as written, then pasted). Every
// token gets the hide set hs; tokens of the body get the position of use,
// marked with where they are spelled in the macro (diag.List.Expansion)
// for the "expanded from macro" notes.
func (p *pp) subst(m *macro, args [][]token, hs *hideset, use token) []token {
	var out []token
	expanded := make([][]token, len(args))
	done := make([]bool, len(args))
	body := m.body
	for i := 0; i < len(body); i++ {
		t := body[i]
		t.pos = p.diags.Expansion(use.pos, m.name, t.pos)
		if p.work+len(out) > maxExpandTokens {
			p.limitReached(use)
			return nil
		}
		if t.is("#") && m.fn && i+1 < len(body) {
			if j := m.param(&body[i+1]); j >= 0 {
				s := stringize(args[j])
				s.pos, s.space = use.pos, t.space
				out = append(out, s)
				i++
				continue
			}
		}
		if t.is("##") && i+1 < len(body) {
			comma := i > 0 && body[i-1].is(",")
			i++
			out = p.pasteNext(out, m, args, body[i], use, comma)
			continue
		}
		j := m.param(&t)
		if j < 0 {
			out = append(out, t)
			continue
		}
		var a []token
		if i+1 < len(body) && body[i+1].is("##") {
			a = args[j]
			if len(a) == 0 {
				// A placemarker (C99 6.10.3.3p2), removed below.
				out = append(out, token{mark: true})
				continue
			}
		} else {
			if !done[j] {
				expanded[j], done[j] = p.expandList(args[j], endOf(use, args[j])), true
			}
			a = expanded[j]
		}
		out = appendArg(out, a, t.space)
	}
	p.work += len(out) + 1
	return finish(out, hs)
}

// pasteNext applies "## rhs", where rhs is a body token or a parameter.
// comma says the body has a "," before the "##".
func (p *pp) pasteNext(out []token, m *macro, args [][]token, rhs, use token, comma bool) []token {
	j := m.param(&rhs)
	if j < 0 {
		rhs.pos = p.diags.Expansion(use.pos, m.name, rhs.pos)
		return p.paste(out, rhs)
	}
	a := args[j]
	if comma && m.variadic && j == len(m.params)-1 && len(out) > 0 && out[len(out)-1].is(",") {
		// GNU ", ## __VA_ARGS__": no pasting; drop the comma if empty.
		if len(a) == 0 {
			return out[:len(out)-1]
		}
		return appendArg(out, a, rhs.space)
	}
	if len(a) == 0 {
		return out
	}
	out = p.paste(out, a[0])
	return append(out, a[1:]...)
}

// paste joins the last token of out with rhs into one token (C99 6.10.3.3).
func (p *pp) paste(out []token, rhs token) []token {
	if len(out) == 0 {
		return append(out, rhs)
	}
	lhs := &out[len(out)-1]
	if lhs.mark {
		rhs.space = lhs.space
		out[len(out)-1] = rhs
		return out
	}
	text := lhs.text + rhs.text
	toks := lexString(text)
	if len(toks) != 2 || toks[0].unterminated || int(toks[1].pos.Col) != len(text)+1 {
		p.diags.Errorf(lhs.pos, "pasting formed '%s', an invalid preprocessing token", text)
		return append(out, rhs)
	}
	lhs.kind, lhs.text = toks[0].kind, toks[0].text
	return out
}

// appendArg appends an argument's tokens; the first takes the spacing of
// the parameter it replaces.
func appendArg(out, a []token, space bool) []token {
	n := len(out)
	out = append(out, a...)
	if len(out) > n {
		out[n].space = space
	}
	return out
}

// finish removes placemarkers, adds the hide set and clears line starts.
func finish(out []token, hs *hideset) []token {
	w := 0
	for _, t := range out {
		if t.mark {
			continue
		}
		t.hide = union(hs, t.hide)
		t.bol = false
		out[w] = t
		w++
	}
	return out[:w]
}

// stringize spells an argument as a string literal (C99 6.10.3.2).
func stringize(arg []token) token {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && (t.space || t.bol) {
			b.WriteByte(' ')
		}
		if t.kind != String && t.kind != Char {
			b.WriteString(t.text)
			continue
		}
		for j := 0; j < len(t.text); j++ {
			if c := t.text[j]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(t.text[j])
		}
	}
	b.WriteByte('"')
	return token{kind: String, text: b.String()}
}

func (p *pp) limitReached(use token) {
	if !p.tooMuch {
		p.diags.Errorf(use.pos, "macro expansion produces more than %d tokens", maxExpandTokens)
	}
	p.tooMuch = true
}
