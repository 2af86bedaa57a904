package cpp

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/clgo/clgo/compiler/diag"
)

// Limits that keep hostile input from hanging the compiler or exhausting
// memory; reaching one is an error, never a crash.
const (
	maxIncludeDepth = 200
	maxArgNesting   = 256 // macro calls nested inside macro arguments
	maxExprDepth    = 256 // parentheses and operators nested in #if
)

// maxExpandTokens bounds the tokens macro expansion may produce in one run
// (a variable so that the fuzz test can lower it and stay fast).
var maxExpandTokens = 1 << 23

// fileState is one file on the include stack.
type fileState struct {
	toks      []token // lexed once and shared between inclusions; read by copy
	i         int
	path      string // where it was read from: #include "..." looks beside it
	name      string // the presumed name, which #line changes
	lineDelta int32  // added to lexed line numbers, set by #line
	conds     []cond // open #if groups of this file
}

// at returns the i-th token of the file with its presumed position.
func (f *fileState) at(i int) token {
	t := f.toks[i]
	t.pos.File = f.name
	t.pos.Line += f.lineDelta
	return t
}

// stream is a finite token list being expanded on its own: a directive's
// line or a macro argument. After its tokens it yields end forever.
type stream struct {
	toks []token
	i    int
	end  token
}

type pp struct {
	opts  Options
	diags *diag.List
	fs    FileSystem
	// macros are the macros defined in this run, a nil entry one that
	// #undef removed; past them, the first preludeN entries of
	// preludeTable (opencl.h's macros, shared by every run) are defined.
	macros   map[string]*macro
	preludeN int
	files    []*fileState
	// pending holds tokens to read before the current source, last one
	// first: macro expansions are pushed here to be rescanned.
	pending []token
	line    *stream // when non-nil, the source instead of the files
	inIf    bool    // expanding an #if line: "defined" is an operator
	cache   map[string]*lexedFile
	once    map[string]bool // files that said #pragma once
	counter int             // __COUNTER__
	work    int             // expansion tokens produced so far
	tooMuch bool            // the expansion limit was hit: expand no more
	nesting int             // depth of argument pre-expansion
	exts    map[string]bool
	now     time.Time
}

// lexedFile is a file's tokens and, when the whole file is wrapped in
// #ifndef X / #define X ... #endif, the guard X.
type lexedFile struct {
	toks  []token
	guard string
}

// Preprocess preprocesses src, the text of the file named filename, and
// returns its tokens, always ending with an EOF token. Problems are reported
// to diags; the tokens are still the best reading of the source when errors
// occurred.
func Preprocess(filename, src string, opts Options, diags *diag.List) []Token {
	if diags == nil {
		diags = &diag.List{}
	}
	p := newPP(opts, diags)
	p.defineBuiltins()
	p.runFile(&fileState{toks: lexFile("<built-in>", predefines(opts), diags), path: "<built-in>"}, nil)
	if !opts.NoPrelude {
		p.usePrelude()
	}
	for _, src := range commandLine(opts) {
		p.runFile(&fileState{toks: lexFile("<command line>", src, diags), path: "<command line>"}, nil)
	}

	toks := lexFile(filename, src, diags)
	out := make([]Token, 0, len(toks))
	end := p.runFile(&fileState{toks: toks, path: filename}, &out)
	return append(out, end.export())
}

func newPP(opts Options, diags *diag.List) *pp {
	if opts.Std == 0 {
		opts.Std = 120
	}
	fs := opts.FS
	if fs == nil {
		fs = OSFileSystem{}
	}
	p := &pp{
		opts:   opts,
		diags:  diags,
		fs:     fs,
		macros: map[string]*macro{},
		cache:  map[string]*lexedFile{},
		once:   map[string]bool{},
		exts:   map[string]bool{},
		now:    time.Now(),
	}
	for _, e := range opts.Extensions {
		p.exts[e] = true
	}
	return p
}

// runFile preprocesses f as the bottom of the include stack, appending
// its output to out (nil: discard) and returning its EOF token.
func (p *pp) runFile(f *fileState, out *[]Token) token {
	f.name = f.path
	p.files = append(p.files[:0], f)
	for {
		t := p.expandNext()
		if t.kind == EOF {
			if t.fileEnd {
				continue
			}
			p.files = p.files[:0]
			t.bol, t.space = true, false
			return t
		}
		if out != nil {
			*out = append(*out, t.export())
		}
	}
}

// next returns the next unexpanded token: a pending one, else one from
// the line being expanded, else one from the files (directives carried
// out on the way).
func (p *pp) next() token {
	if n := len(p.pending); n > 0 {
		t := p.pending[n-1]
		p.pending = p.pending[:n-1]
		return t
	}
	if s := p.line; s != nil {
		if s.i < len(s.toks) {
			s.i++
			return s.toks[s.i-1]
		}
		return s.end
	}
	return p.fileNext()
}

// unget makes t the next token to read.
func (p *pp) unget(t token) { p.pending = append(p.pending, t) }

// push makes toks the next tokens to read, in order.
func (p *pp) push(toks []token) {
	for i := len(toks) - 1; i >= 0; i-- {
		p.pending = append(p.pending, toks[i])
	}
}

// fileNext reads the next token of the current file, carrying out
// directives. At the end of an #included file it returns an EOF token
// marked fileEnd and pops the file; at the end of the bottom file it
// returns EOF every time.
func (p *pp) fileNext() token {
	for {
		f := p.files[len(p.files)-1]
		t := f.at(f.i)
		if t.kind == EOF {
			p.closeConds(f)
			if len(p.files) == 1 {
				return t
			}
			p.files = p.files[:len(p.files)-1]
			t.fileEnd = true
			return t
		}
		f.i++
		if t.bol && t.is("#") {
			if pt, ok := p.directive(t); ok {
				return pt
			}
			continue
		}
		if t.unterminated {
			p.unterminated(t)
		}
		return t
	}
}

func (p *pp) unterminated(t token) {
	q := t.text[len(t.text)-len(strings.TrimLeft(t.text, "LuU8"))]
	p.diags.Errorf(t.pos, "missing terminating %c character", q)
}

// closeConds reports the #if groups still open at the end of f.
func (p *pp) closeConds(f *fileState) {
	for _, c := range f.conds {
		p.diags.Errorf(c.pos, "unterminated conditional directive")
	}
	f.conds = nil
}

// expandNext returns the next token of the output: tokens are read and
// macros expanded until one is not a macro invocation.
func (p *pp) expandNext() token {
	var space, bol bool // inherited from empty expansions
	for {
		t := p.next()
		if t.mark {
			space, bol = space || t.space, bol || t.bol
			continue
		}
		t.space, t.bol = t.space || space, t.bol || bol
		if t.kind != Ident {
			return t
		}
		switch {
		case p.inIf && t.text == "defined":
			return p.defined(t)
		case isHasOperator(t.text) && p.macro(t.text) == nil:
			return p.hasOperator(t)
		case t.text == "_Pragma" && !t.hide.has("_Pragma"):
			if pt, ok := p.pragmaOperator(t); ok {
				return pt
			}
			continue
		}
		if p.expand(t) {
			space, bol = false, false
			continue
		}
		return t
	}
}

// expandList fully macro-expands toks on their own, as a macro argument
// or a directive's line is (C99 6.10.3.1).
func (p *pp) expandList(toks []token, end token) []token {
	if p.nesting >= maxArgNesting {
		if !p.tooMuch {
			p.diags.Errorf(end.pos, "macro invocations nested too deeply")
		}
		// Stop expanding: the levels above would rescan what is left
		// here and nest again, for minutes on a hostile input.
		p.tooMuch = true
		return toks
	}
	p.nesting++
	savedPending, savedLine := p.pending, p.line
	p.pending, p.line = nil, &stream{toks: toks, end: end}
	var out []token
	for {
		t := p.expandNext()
		if t.kind == EOF {
			break
		}
		out = append(out, t)
	}
	p.pending, p.line = savedPending, savedLine
	p.nesting--
	return out
}

// readLine returns the rest of the current directive's line from the file.
func (p *pp) readLine() []token {
	f := p.files[len(p.files)-1]
	start := f.i
	for f.toks[f.i].kind != EOF && !f.toks[f.i].bol {
		f.i++
	}
	line := make([]token, f.i-start)
	for i := range line {
		line[i] = f.at(start + i)
	}
	return line
}

// endOf is an EOF token placed just after the last of toks (or after
// after when toks is empty), for diagnostics about a missing token.
func endOf(after token, toks []token) token {
	last := after
	if len(toks) > 0 {
		last = toks[len(toks)-1]
	}
	pos := last.pos
	pos.Col += int32(len(last.text))
	return token{kind: EOF, pos: pos}
}

// dirOf is the directory that #include "..." searches first for a file
// read from path.
func dirOf(path string) string {
	if strings.HasPrefix(path, "<") {
		return ""
	}
	return filepath.Dir(path)
}
