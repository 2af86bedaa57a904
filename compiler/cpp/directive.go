package cpp

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// cond is an open #if group.
type cond struct {
	pos     diag.Pos // of the #if, for "unterminated conditional directive"
	taken   bool     // some branch of the group has been included
	sawElse bool
}

// directive carries out the directive whose "#" is hash (C99 6.10). A
// #pragma that reaches the parser comes back as a Pragma token.
func (p *pp) directive(hash token) (token, bool) {
	line := p.readLine()
	if len(line) == 0 {
		return token{}, false // the null directive
	}
	name, args := line[0], line[1:]
	if name.kind == Number {
		p.lineDirective(name, line) // a GNU line marker: # 12 "file"
		return token{}, false
	}
	if name.kind != Ident {
		p.diags.Errorf(name.pos, "invalid preprocessing directive")
		return token{}, false
	}
	switch name.text {
	case "define":
		p.define(name, args)
	case "undef":
		p.undef(name, args)
	case "include":
		p.include(name, args)
	case "if", "ifdef", "ifndef":
		p.ifDirective(hash, name, args)
	case "elif":
		p.elif(name, args)
	case "else":
		p.elseDirective(name, args)
	case "endif":
		p.endif(name, args)
	case "line":
		p.lineDirective(name, args)
	case "error":
		p.diags.Errorf(name.pos, "%s", messageOf(name, args))
	case "warning":
		p.diags.Warnf(name.pos, "%s", messageOf(name, args))
	case "pragma":
		return p.pragma(hash, joinText(args), args)
	default:
		p.diags.Errorf(name.pos, "invalid preprocessing directive")
	}
	return token{}, false
}

func messageOf(name token, args []token) string {
	if len(args) == 0 {
		return "#" + name.text
	}
	return joinText(args)
}

// joinText spells tokens with one blank where the source had white space.
func joinText(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && (t.space || t.bol) {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// extraTokens warns about tokens after a directive's operands.
func (p *pp) extraTokens(name token, extra []token) {
	if len(extra) > 0 {
		p.diags.Warnf(extra[0].pos, "extra tokens at end of #%s directive", name.text)
	}
}

// macroName checks the operand of #define, #undef, #ifdef and #ifndef.
func (p *pp) macroName(name token, args []token) (token, bool) {
	if len(args) == 0 {
		p.diags.Errorf(endOf(name, nil).pos, "macro name missing")
		return token{}, false
	}
	n := args[0]
	if n.kind != Ident {
		p.diags.Errorf(n.pos, "macro name must be an identifier")
		return token{}, false
	}
	if n.text == "defined" && name.text != "ifdef" && name.text != "ifndef" {
		p.diags.Errorf(n.pos, "'defined' cannot be used as a macro name")
		return token{}, false
	}
	return n, true
}

// define handles #define (C99 6.10.3).
func (p *pp) define(name token, args []token) {
	n, ok := p.macroName(name, args)
	if !ok {
		return
	}
	m := &macro{name: n.text, pos: n.pos}
	rest := args[1:]
	if len(rest) > 0 && rest[0].is("(") && !rest[0].space {
		m.fn = true
		if rest, ok = p.params(m, rest[1:], n); !ok {
			return
		}
	} else if len(rest) > 0 && !rest[0].space {
		p.diags.Warnf(rest[0].pos, "ISO C99 requires whitespace after the macro name")
	}
	if !p.checkBody(m, rest) {
		return
	}
	m.body = make([]token, len(rest))
	for i, t := range rest {
		t.bol = false
		m.body[i] = t
	}
	if old := p.macro(m.name); old != nil && !old.same(m) {
		if old.builtin != nil {
			p.diags.Warnf(n.pos, "redefining builtin macro")
		} else {
			p.diags.Warnf(n.pos, "'%s' macro redefined", m.name)
			if old.pos.IsValid() && !strings.HasPrefix(old.pos.File, "<") {
				p.diags.Notef(old.pos, "previous definition is here")
			}
		}
	}
	p.macros[m.name] = m
}

// params reads a function-like macro's parameter list after its "(" and
// returns the tokens after the ")".
func (p *pp) params(m *macro, toks []token, name token) ([]token, bool) {
	for i := 0; ; i++ {
		if i >= len(toks) {
			p.diags.Errorf(endOf(name, toks).pos, "missing ')' in macro parameter list")
			return nil, false
		}
		t := toks[i]
		if i == 0 && t.is(")") {
			return toks[1:], true
		}
		switch {
		case t.is("..."):
			m.variadic = true
			m.params = append(m.params, "__VA_ARGS__")
		case t.kind == Ident && t.text == "__VA_ARGS__":
			p.diags.Errorf(t.pos, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
			return nil, false
		case t.kind == Ident:
			for _, q := range m.params {
				if q == t.text {
					p.diags.Errorf(t.pos, "duplicate macro parameter name '%s'", t.text)
					return nil, false
				}
			}
			m.params = append(m.params, t.text)
			if i+1 < len(toks) && toks[i+1].is("...") { // GNU named variadic: args...
				m.variadic = true
				i++
			}
		default:
			p.diags.Errorf(t.pos, "invalid token in macro parameter list")
			return nil, false
		}
		i++
		switch {
		case i < len(toks) && toks[i].is(")"):
			return toks[i+1:], true
		case i < len(toks) && toks[i].is(",") && !m.variadic:
			continue
		case i >= len(toks):
			p.diags.Errorf(endOf(name, toks).pos, "missing ')' in macro parameter list")
		case m.variadic:
			p.diags.Errorf(toks[i].pos, "missing ')' in macro parameter list")
		default:
			p.diags.Errorf(toks[i].pos, "expected comma in macro parameter list")
		}
		return nil, false
	}
}

// checkBody enforces the constraints on # and ## (C99 6.10.3.2-3).
func (p *pp) checkBody(m *macro, body []token) bool {
	for i := range body {
		t := &body[i]
		switch {
		case t.unterminated:
			p.unterminated(*t)
		case t.is("##") && (i == 0 || i == len(body)-1):
			p.diags.Errorf(t.pos, "'##' cannot appear at either end of a macro expansion")
			return false
		case t.is("#") && m.fn && (i == len(body)-1 || m.param(&body[i+1]) < 0):
			p.diags.Errorf(t.pos, "'#' is not followed by a macro parameter")
			return false
		case t.kind == Ident && t.text == "__VA_ARGS__" && !(m.variadic && m.params[len(m.params)-1] == "__VA_ARGS__"):
			p.diags.Warnf(t.pos, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
		}
	}
	return true
}

// undef handles #undef.
func (p *pp) undef(name token, args []token) {
	n, ok := p.macroName(name, args)
	if !ok {
		return
	}
	p.extraTokens(name, args[1:])
	if m := p.macro(n.text); m != nil && m.builtin != nil {
		p.diags.Warnf(n.pos, "undefining builtin macro")
	}
	p.macros[n.text] = nil // hides a prelude macro of that name too
}

// ifDirective handles #if, #ifdef and #ifndef.
func (p *pp) ifDirective(hash, name token, args []token) {
	f := p.files[len(p.files)-1]
	var v bool
	if name.text == "if" {
		v = p.evalIf(name, args)
	} else if n, ok := p.macroName(name, args); ok {
		p.extraTokens(name, args[1:])
		v = (p.macro(n.text) != nil || isHasOperator(n.text)) == (name.text == "ifdef")
	}
	f.conds = append(f.conds, cond{pos: hash.pos, taken: v})
	if !v {
		p.skip()
	}
}

// top returns the innermost open #if group of the current file.
func (p *pp) top(name token) *cond {
	f := p.files[len(p.files)-1]
	if len(f.conds) == 0 {
		p.diags.Errorf(name.pos, "#%s without #if", name.text)
		return nil
	}
	return &f.conds[len(f.conds)-1]
}

func (p *pp) elif(name token, args []token) {
	c := p.top(name)
	switch {
	case c == nil:
	case c.sawElse:
		p.diags.Errorf(name.pos, "#elif after #else")
		p.skip()
	case c.taken:
		p.skip() // not evaluated: an earlier branch was taken
	default:
		c.taken = p.evalIf(name, args)
		if !c.taken {
			p.skip()
		}
	}
}

func (p *pp) elseDirective(name token, args []token) {
	c := p.top(name)
	if c == nil {
		return
	}
	p.extraTokens(name, args)
	if c.sawElse {
		p.diags.Errorf(name.pos, "#else after #else")
	}
	c.sawElse = true
	if c.taken {
		p.skip()
	}
	c.taken = true
}

func (p *pp) endif(name token, args []token) {
	if p.top(name) == nil {
		return
	}
	p.extraTokens(name, args)
	f := p.files[len(p.files)-1]
	f.conds = f.conds[:len(f.conds)-1]
}

// skip passes over a group not taken, up to the #elif, #else or #endif
// that ends it, which is left to be read next. Nested groups are skipped
// whole; nothing in them is diagnosed.
func (p *pp) skip() {
	f := p.files[len(p.files)-1]
	depth := 0
	for ; f.toks[f.i].kind != EOF; f.i++ {
		t := &f.toks[f.i]
		if !t.bol || !t.is("#") {
			continue
		}
		n := &f.toks[f.i+1]
		if n.bol || n.kind != Ident {
			continue
		}
		switch n.text {
		case "if", "ifdef", "ifndef":
			depth++
		case "elif", "else":
			if depth == 0 {
				return
			}
		case "endif":
			if depth == 0 {
				return
			}
			depth--
		}
	}
}

// lineDirective handles #line and line markers (C99 6.10.4).
func (p *pp) lineDirective(name token, args []token) {
	if name.text == "line" {
		args = p.expandList(args, endOf(name, args))
	}
	if len(args) == 0 || args[0].kind != Number || strings.Trim(args[0].text, "0123456789") != "" {
		pos := endOf(name, nil).pos
		if len(args) > 0 {
			pos = args[0].pos
		}
		p.diags.Errorf(pos, "#line directive requires a simple digit sequence")
		return
	}
	n, err := strconv.ParseInt(args[0].text, 10, 32)
	if err != nil {
		p.diags.Errorf(args[0].pos, "line number out of range in #line directive")
		return
	}
	f := p.files[len(p.files)-1]
	if len(args) > 1 {
		s := args[1]
		if s.kind != String || s.text[0] != '"' || s.unterminated {
			p.diags.Errorf(s.pos, "invalid filename for #line directive")
			return
		}
		f.name = unquote(s.text)
		if name.text == "line" {
			p.extraTokens(name, args[2:])
		}
	}
	// The line after the directive gets number n.
	last := f.toks[f.i-1].pos.Line
	f.lineDelta = int32(n) - (last + 1)
}

// unquote undoes the escapes of a plain string literal's \\ and \".
func unquote(s string) string {
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// include handles #include (C99 6.10.2).
func (p *pp) include(name token, args []token) {
	if len(args) == 0 || args[0].kind != String && !args[0].is("<") {
		args = p.expandList(args, endOf(name, args))
	}
	file, quoted, ok := p.headerName(name, args)
	if !ok {
		return
	}
	cur := p.files[len(p.files)-1]
	path, lf, err := p.find(file, quoted, dirOf(cur.path))
	if lf == nil {
		if err != nil {
			p.diags.Errorf(args[0].pos, "cannot include '%s': %s", file, includeError(err))
			return
		}
		p.diags.Errorf(args[0].pos, "'%s' file not found", file)
		return
	}
	if p.once[path] || lf.guard != "" && p.macro(lf.guard) != nil {
		return
	}
	if len(p.files) >= maxIncludeDepth {
		p.diags.Errorf(args[0].pos, "#include nested depth %d exceeds maximum of %d", len(p.files), maxIncludeDepth)
		return
	}
	p.diags.IncludedFrom(path, name.pos)
	p.files = append(p.files, &fileState{toks: lf.toks, path: path, name: path})
}

// headerName reads "file" or <file> from an #include line.
func (p *pp) headerName(name token, args []token) (string, bool, bool) {
	if len(args) == 0 {
		p.diags.Errorf(endOf(name, nil).pos, "expected \"FILENAME\" or <FILENAME>")
		return "", false, false
	}
	t := args[0]
	if t.kind == String && t.text[0] == '"' && !t.unterminated {
		p.extraTokens(name, args[1:])
		return checkEmpty(p, t, t.text[1:len(t.text)-1], true)
	}
	if t.is("<") {
		for i := 1; i < len(args); i++ {
			if args[i].is(">") {
				p.extraTokens(name, args[i+1:])
				return checkEmpty(p, t, joinText(args[1:i]), false)
			}
		}
	}
	p.diags.Errorf(t.pos, "expected \"FILENAME\" or <FILENAME>")
	return "", false, false
}

func checkEmpty(p *pp, t token, file string, quoted bool) (string, bool, bool) {
	if file == "" {
		p.diags.Errorf(t.pos, "empty filename")
		return "", false, false
	}
	return file, quoted, true
}

// includeError is the reason an existing file cannot be included: the
// error without the path the diagnostic already names.
func includeError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// find looks file up: beside the including file for "file", then in the
// -I directories in order. A file that exists but cannot be included (a
// device, a directory, one too large) stops the search with its error.
func (p *pp) find(file string, quoted bool, dir string) (string, *lexedFile, error) {
	var dirs []string
	if filepath.IsAbs(file) {
		dirs = []string{""}
	} else {
		if quoted {
			dirs = append(dirs, dir)
		}
		dirs = append(dirs, p.opts.IncludeDirs...)
	}
	for _, d := range dirs {
		path := file
		if d != "" {
			path = filepath.Join(d, file)
		} else {
			path = filepath.Clean(file)
		}
		lf, err := p.load(path)
		if lf != nil {
			return path, lf, nil
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", nil, err
		}
	}
	return "", nil, nil
}

// load reads and lexes a file once per run.
func (p *pp) load(path string) (*lexedFile, error) {
	if lf, ok := p.cache[path]; ok {
		return lf, nil
	}
	data, err := p.fs.ReadFile(path)
	if err != nil {
		return nil, err
	}
	toks := lexFile(path, string(data), p.diags)
	lf := &lexedFile{toks: toks, guard: guardOf(toks)}
	p.cache[path] = lf
	return lf, nil
}

// guardOf returns X when toks are "#ifndef X ... #endif" (or
// "#if !defined X") with nothing outside; including the file again while X
// is defined would then produce nothing, so it is not read again.
func guardOf(toks []token) string {
	var name string
	switch {
	case len(toks) > 3 && isDirective(toks, 0, "ifndef") && toks[2].kind == Ident && toks[3].bol:
		name = toks[2].text
	case len(toks) > 5 && isDirective(toks, 0, "if") && toks[2].is("!") && toks[3].text == "defined" &&
		toks[4].kind == Ident && toks[5].bol:
		name = toks[4].text
	case len(toks) > 7 && isDirective(toks, 0, "if") && toks[2].is("!") && toks[3].text == "defined" &&
		toks[4].is("(") && toks[5].kind == Ident && toks[6].is(")") && toks[7].bol:
		name = toks[5].text
	default:
		return ""
	}
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch {
		case isDirective(toks, i, "if") || isDirective(toks, i, "ifdef") || isDirective(toks, i, "ifndef"):
			depth++
		case isDirective(toks, i, "elif") || isDirective(toks, i, "else"):
			if depth == 1 {
				return ""
			}
		case isDirective(toks, i, "endif"):
			if depth--; depth == 0 {
				// Only the rest of the #endif line may follow.
				for i += 2; toks[i].kind != EOF; i++ {
					if toks[i].bol {
						return ""
					}
				}
				return name
			}
		}
	}
	return ""
}

func isDirective(toks []token, i int, name string) bool {
	return toks[i].bol && toks[i].is("#") && i+1 < len(toks) && !toks[i+1].bol &&
		toks[i+1].kind == Ident && toks[i+1].text == name
}
