package cpp

import (
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// pragma handles "#pragma text" (C99 6.10.6). "once" is the preprocessor's
// own; every other pragma goes to the parser as one Pragma token at the
// place it was written, after "OPENCL EXTENSION" has been checked.
func (p *pp) pragma(at token, text string, toks []token) (token, bool) {
	if len(toks) > 0 && toks[0].kind == Ident && toks[0].text == "once" {
		if len(p.files) > 0 {
			p.once[p.files[len(p.files)-1].path] = true
		}
		return token{}, false
	}
	if len(toks) >= 2 && toks[0].text == "OPENCL" && toks[1].text == "EXTENSION" && !p.checkExtension(endOf(at, toks), toks[2:]) {
		return token{}, false
	}
	return token{kind: Pragma, text: text, pos: at.pos, bol: true}, true
}

// checkExtension checks "name : enable|disable" after
// "#pragma OPENCL EXTENSION" (OpenCL C 1.2 section 9.1). Like clang it
// warns and drops a malformed or unsupported pragma.
func (p *pp) checkExtension(end token, toks []token) bool {
	const where = "in '#pragma OPENCL EXTENSION' - ignoring"
	switch {
	case len(toks) == 0 || toks[0].kind != Ident:
		p.diags.Warnf(posOr(end, toks, 0), "expected extension name %s", where)
	case len(toks) == 1 || !toks[1].is(":"):
		p.diags.Warnf(posOr(end, toks, 1), "expected ':' %s", where)
	case len(toks) == 2 || toks[2].kind != Ident || toks[2].text != "enable" && toks[2].text != "disable":
		p.diags.Warnf(posOr(end, toks, 2), "expected 'enable' or 'disable' %s", where)
	case toks[0].text == "all" && toks[2].text == "enable":
		p.diags.Warnf(toks[2].pos, "expected 'disable' after 'all' %s", where)
	case toks[0].text != "all" && !p.exts[toks[0].text]:
		p.diags.Warnf(toks[0].pos, "unsupported OpenCL extension '%s' - ignoring", toks[0].text)
	default:
		if len(toks) > 3 {
			p.diags.Warnf(toks[3].pos, "extra tokens at end of '#pragma OPENCL EXTENSION'")
		}
		return true
	}
	return false
}

// posOr is the position of toks[i], or of the end of the line.
func posOr(end token, toks []token, i int) diag.Pos {
	if i < len(toks) {
		return toks[i].pos
	}
	return end.pos
}

// pragmaOperator handles _Pragma ( string-literal ) (C99 6.10.9): the
// string, unescaped, is a #pragma's text.
func (p *pp) pragmaOperator(t token) (token, bool) {
	var got []token
	bad := func() (token, bool) {
		p.diags.Errorf(t.pos, "_Pragma takes a parenthesized string literal")
		for i := len(got) - 1; i >= 0; i-- {
			p.unget(got[i])
		}
		return token{}, false
	}
	for _, want := range []Kind{Punct, String, Punct} {
		n := p.next()
		got = append(got, n)
		if n.kind != want || len(got) == 1 && !n.is("(") || len(got) == 3 && !n.is(")") || n.unterminated {
			if n.kind == EOF {
				got = got[:len(got)-1]
				p.unget(n)
			}
			return bad()
		}
	}
	s := got[1].text
	s = s[strings.IndexByte(s, '"'):]
	toks := lexString(unquote(s))
	toks = toks[:len(toks)-1]
	for i := range toks {
		toks[i].pos = t.pos
	}
	pt, ok := p.pragma(t, joinText(toks), toks)
	pt.space = t.space
	return pt, ok
}
