package syntax

import (
	"strings"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/internal/config"
)

// maxDepth bounds the nesting of brackets, statements and declarators, so
// that hostile input gets an error instead of exhausting the stack.
const maxDepth = 256

type parser struct {
	toks    []token
	i       int // index of tok in toks
	tok     token
	maxSeen int // highest index visited: pragmas are recorded once across rewinds
	diags   *diag.List
	file    *File
	pending []*Pragma // pragmas passed over but not yet placed in a list
	// scopes track which ordinary identifiers are typedef names (true) or
	// shadow one (false): C's grammar needs it to tell `T * x;` apart.
	scopes     []map[string]bool
	depth      int
	fatal      bool     // nesting limit hit: stop at EOF, report nothing more
	lastErr    diag.Pos // one syntax error per position
	lastErrTok int      // and per current token
	assumeType bool     // next declSpecs takes an unknown identifier as a type name
}

// Parse parses the preprocessed tokens of one translation unit. Errors go
// to diags; the returned tree is always usable, with Bad nodes where the
// input could not be parsed.
func Parse(filename string, toks []cpp.Token, diags *diag.List) (f *File) {
	p := &parser{toks: scan(toks, diags), diags: diags, file: &File{Name: filename}, i: -1, maxSeen: -1, lastErrTok: -1}
	p.scopes = []map[string]bool{predeclaredTypedefs(), nil}
	defer func() {
		// A bug in the parser must not take the caller down: report it
		// at the token being parsed.
		if r := recover(); r != nil {
			if config.Get(config.CompilerPanic) != "" {
				panic(r)
			}
			diags.Errorf(p.tok.pos, "internal compiler error: %v", r)
			f = p.file
		}
	}()
	p.next()
	p.file.Decls = p.externalDecls()
	return p.file
}

// ---------------------------------------------------------------------------
// Token handling

func (p *parser) next() {
	for {
		if p.i < len(p.toks)-1 {
			p.i++
		}
		p.tok = p.toks[p.i]
		if p.tok.kind != tPragma {
			return
		}
		if p.i > p.maxSeen {
			p.maxSeen = p.i
			pr := &Pragma{At: p.tok.pos, Text: p.tok.text}
			p.file.Pragmas = append(p.file.Pragmas, pr)
			p.pending = append(p.pending, pr)
		}
	}
}

// seek moves back (or forward) to toks[i], which is not a pragma.
func (p *parser) seek(i int) {
	if p.fatal {
		return
	}
	p.i = i
	p.tok = p.toks[i]
}

// peek returns the n-th token after the current one, skipping pragmas.
func (p *parser) peek(n int) token {
	j := p.i
	for n > 0 && j < len(p.toks)-1 {
		j++
		if p.toks[j].kind != tPragma {
			n--
		}
	}
	return p.toks[j]
}

func (t token) is(s string) bool {
	return (t.kind == tPunct || t.kind == tKeyword) && t.text == s
}

func (p *parser) is(s string) bool { return p.tok.is(s) }

func (p *parser) got(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

// prevEnd is just past the previous token, where clang puts "expected ';'".
func (p *parser) prevEnd() diag.Pos {
	for j := p.i - 1; j >= 0; j-- {
		if t := p.toks[j]; t.kind != tPragma {
			pos := t.pos
			pos.Col += int32(len(p.spelling(t)))
			return pos
		}
	}
	return p.tok.pos
}

// spelling approximates the source text of t (strings are decoded).
func (p *parser) spelling(t token) string {
	if t.kind == tString {
		return `"` + t.text + `"`
	}
	return t.text
}

// describe names a token for messages.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string literal"
	}
	return "'" + t.text + "'"
}

// errorAt reports a syntax error unless one was reported at the same place
// or token (a follow-on error); it says whether it reported.
func (p *parser) errorAt(pos diag.Pos, format string, args ...any) bool {
	if p.fatal || pos == p.lastErr || p.i == p.lastErrTok {
		return false
	}
	p.lastErr, p.lastErrTok = pos, p.i
	p.diags.Errorf(pos, format, args...)
	return true
}

// expect consumes s or reports "expected 's'" (with msg as the whole message
// when given). It reports false on a mismatch and consumes nothing then.
func (p *parser) expect(s, msg string) bool {
	if p.got(s) {
		return true
	}
	if msg == "" {
		msg = "expected '" + s + "'"
	}
	pos := p.tok.pos
	if s == ";" {
		pos = p.prevEnd()
	}
	p.errorAt(pos, "%s", msg)
	return false
}

// closing consumes the closer matching the opener at open, or reports it
// with clang's "to match this" note.
func (p *parser) closing(s string, open diag.Pos, opener string) bool {
	if p.got(s) {
		return true
	}
	if p.errorAt(p.tok.pos, "expected '%s'", s) {
		p.diags.Notef(open, "to match this '%s'", opener)
	}
	return false
}

// enter guards recursion; callers return a Bad node when it fails and call
// leave otherwise.
func (p *parser) enter() bool {
	if p.fatal {
		return false
	}
	if p.depth >= maxDepth {
		p.diags.Errorf(p.tok.pos, "bracket nesting level exceeded maximum of %d", maxDepth)
		p.fatal = true
		p.i = len(p.toks) - 1
		p.tok = p.toks[p.i]
		return false
	}
	p.depth++
	return true
}

func (p *parser) leave() { p.depth-- }

// skipTo skips to just after the next ';' at this nesting level, or to a
// '}' closing an enclosing block (not consumed), or to EOF.
func (p *parser) skipTo() {
	depth := 0
	for p.tok.kind != tEOF {
		switch {
		case p.is("{") || p.is("(") || p.is("["):
			depth++
		case p.is(")") || p.is("]"):
			if depth > 0 {
				depth--
			}
		case p.is("}"):
			if depth == 0 {
				return
			}
			depth--
			if depth == 0 {
				p.next()
				if p.is(";") {
					p.next()
				}
				return
			}
		case p.is(";"):
			if depth == 0 {
				p.next()
				return
			}
		}
		p.next()
	}
}

// skipParens skips a balanced (...) group starting at the current '('.
func (p *parser) skipParens() {
	depth := 0
	for p.tok.kind != tEOF {
		if p.is("(") {
			depth++
		} else if p.is(")") {
			depth--
			if depth == 0 {
				p.next()
				return
			}
		}
		p.next()
	}
}

func (p *parser) takePragmas() []*Pragma {
	pr := p.pending
	p.pending = nil
	return pr
}

// ---------------------------------------------------------------------------
// Scopes

func (p *parser) pushScope() { p.scopes = append(p.scopes, nil) }
func (p *parser) popScope()  { p.scopes = p.scopes[:len(p.scopes)-1] }

func (p *parser) declare(name string, typedef bool) {
	if name == "" {
		return
	}
	s := &p.scopes[len(p.scopes)-1]
	if *s == nil {
		*s = map[string]bool{}
	}
	(*s)[name] = typedef
}

// isBuiltinType reports whether name is a builtin type name here: not one
// of clang's typedef names hidden by a declaration of an ordinary
// identifier (int int4 = 0;).
func (p *parser) isBuiltinType(name string) bool {
	if !builtinType(name) {
		return false
	}
	if typedefType(name) {
		for i := len(p.scopes) - 1; i >= 0; i-- {
			if td, ok := p.scopes[i][name]; ok {
				return td
			}
		}
	}
	return true
}

func (p *parser) isTypedefName(name string) bool {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if td, ok := p.scopes[i][name]; ok {
			return td
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Token classes

var typeSpecKeywords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "_Bool": true, "_Complex": true,
	"_Imaginary": true, "struct": true, "union": true, "enum": true, "typeof": true,
}

var qualKeywords = map[string]Qual{
	"const": Const, "volatile": Volatile, "restrict": Restrict,
	"global": Global, "local": Local, "constant": Constant, "private": Private, "generic": Generic,
	"read_only": ReadOnly, "write_only": WriteOnly, "read_write": ReadWrite,
}

var storageKeywords = map[string]bool{
	"typedef": true, "extern": true, "static": true, "auto": true, "register": true,
}

// startsTypeName reports whether t can begin a type name (as in a cast).
func (p *parser) startsTypeName(t token) bool {
	switch t.kind {
	case tKeyword:
		return typeSpecKeywords[t.text] || qualKeywords[t.text] != 0 || t.text == "__attribute__"
	case tName:
		return p.isBuiltinType(t.text) || p.isTypedefName(t.text)
	}
	return false
}

// startsDecl reports whether t can begin a declaration.
func (p *parser) startsDecl(t token) bool {
	if t.kind == tKeyword && (storageKeywords[t.text] || t.text == "inline" || t.text == "kernel") {
		return true
	}
	return p.startsTypeName(t)
}

// unknownTypeName reports `foo x` where foo is no type: clang's "unknown
// type name", after which foo is taken as a type to limit the fallout.
// follow says which next tokens make the current identifier a type.
func (p *parser) unknownTypeName(star bool) bool {
	if p.tok.kind != tName || p.startsTypeName(p.tok) {
		return false
	}
	n := p.peek(1)
	if n.kind == tName || star && n.is("*") || n.kind == tKeyword && qualKeywords[n.text] != 0 {
		p.errorAt(p.tok.pos, "unknown type name '%s'", p.tok.text)
		p.assumeType = true
		return true
	}
	return false
}

func stripUnderscores(s string) string {
	if len(s) > 4 && strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__") {
		return s[2 : len(s)-2]
	}
	return s
}
