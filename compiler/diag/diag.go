// Package diag holds source positions and compiler diagnostics: the
// clang-style "file:line:col: error: message" lines, with the source line and
// a caret under the column, that every stage of the compiler reports.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a source file. Line and Col count from 1; a zero Pos
// means "no position" (a command-line option, a whole-program error).
type Pos struct {
	File string
	Line int32
	Col  int32
}

// IsValid reports whether p names a place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.File == "":
		return "<unknown>"
	case !p.IsValid():
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Before orders positions within one file (and files by name).
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Severity says how bad a diagnostic is.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "error"
}

// Diagnostic is one message about the source.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
}

func (d Diagnostic) String() string {
	if !d.Pos.IsValid() && d.Pos.File == "" {
		// About no place in the source: a command-line option, as clang's
		// "warning: argument unused during compilation".
		return fmt.Sprintf("%s: %s", d.Severity, d.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// List collects diagnostics from every stage of one compilation. It
// implements error; its Error text is the rendered list without source lines.
type List struct {
	Diags []Diagnostic
	// MaxErrors stops recording errors after this many (0: 100), so a
	// broken file does not flood the output; further errors are counted.
	MaxErrors int
	// WarningsAsErrors turns every warning into an error (-Werror);
	// NoWarnings drops warnings (-w).
	WarningsAsErrors bool
	NoWarnings       bool
	dropped          int
}

// Errorf records an error at pos.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	l.add(Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at pos.
func (l *List) Warnf(pos Pos, format string, args ...any) {
	l.add(Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
}

// Notef records a note at pos (it follows the error or warning it explains).
func (l *List) Notef(pos Pos, format string, args ...any) {
	l.add(Diagnostic{Pos: pos, Severity: Note, Msg: fmt.Sprintf(format, args...)})
}

func (l *List) add(d Diagnostic) {
	if d.Severity == Warning {
		if l.NoWarnings {
			return
		}
		if l.WarningsAsErrors {
			d.Severity = Error
		}
	}
	max := l.MaxErrors
	if max == 0 {
		max = 100
	}
	if d.Severity == Error && l.ErrorCount() >= max {
		l.dropped++
		return
	}
	l.Diags = append(l.Diags, d)
}

// ErrorCount is the number of errors recorded (warnings not counted).
func (l *List) ErrorCount() int {
	n := 0
	for _, d := range l.Diags {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// HasErrors reports whether any error was recorded.
func (l *List) HasErrors() bool { return l.ErrorCount() > 0 }

// Err returns l if it holds errors and nil otherwise, so that a stage can
// end with `return result, diags.Err()`.
func (l *List) Err() error {
	if l == nil || !l.HasErrors() {
		return nil
	}
	return l
}

// Sort orders the diagnostics by position, keeping notes after the
// diagnostic they follow.
func (l *List) Sort() {
	// Group each note with its predecessor so that sorting keeps them together.
	type group struct{ ds []Diagnostic }
	var gs []group
	for _, d := range l.Diags {
		if d.Severity == Note && len(gs) > 0 {
			gs[len(gs)-1].ds = append(gs[len(gs)-1].ds, d)
			continue
		}
		gs = append(gs, group{[]Diagnostic{d}})
	}
	sort.SliceStable(gs, func(i, j int) bool { return gs[i].ds[0].Pos.Before(gs[j].ds[0].Pos) })
	l.Diags = l.Diags[:0]
	for _, g := range gs {
		l.Diags = append(l.Diags, g.ds...)
	}
}

func (l *List) Error() string {
	var b strings.Builder
	for i, d := range l.Diags {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	if l.dropped > 0 {
		fmt.Fprintf(&b, "\ntoo many errors (%d more not shown)", l.dropped)
	}
	return b.String()
}

// Sources gives the text of a file by the name its positions carry; it is
// how Render finds the line to quote. A missing file just loses its quote.
type Sources func(file string) (text string, ok bool)

// Render formats the list as clang does: each diagnostic, then the source
// line and a caret under the column.
func (l *List) Render(src Sources) string {
	var b strings.Builder
	for _, d := range l.Diags {
		b.WriteString(d.String())
		b.WriteByte('\n')
		if src == nil || !d.Pos.IsValid() {
			continue
		}
		text, ok := src(d.Pos.File)
		if !ok {
			continue
		}
		line, ok := lineOf(text, int(d.Pos.Line))
		if !ok {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
		b.WriteString(caret(line, int(d.Pos.Col)))
		b.WriteByte('\n')
	}
	if l.dropped > 0 {
		fmt.Fprintf(&b, "too many errors (%d more not shown)\n", l.dropped)
	}
	return b.String()
}

func lineOf(text string, n int) (string, bool) {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return "", false
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(text, "\r"), true
}

// caret puts ^ under column col (1-based, in bytes), keeping tabs so that
// the caret lines up with the quoted line in a terminal.
func caret(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('^')
	return b.String()
}
