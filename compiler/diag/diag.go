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
	// Exp is set on a position that a macro expansion produced (the
	// position of the macro's use): 1 + the index of the expansion in
	// the List that recorded it (List.Expansion), from which Render
	// writes clang's "expanded from macro" notes. Pos.String and Before
	// ignore it.
	Exp int32
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
	// Flag is a warning's option name without "-W" ("unused-variable"):
	// -Wno-FLAG silences it, -Werror=FLAG makes it an error. Warnings
	// recorded without one get theirs from the table of warnings
	// (warnings.go).
	Flag string
	// Fix is clang's fix-it hint: text to insert at Pos (";" after an
	// expression missing its semicolon), shown under the caret.
	Fix string
}

// String is the diagnostic's line without its warning flag:
// "k.cl:3:7: warning: unused variable 'x'" (List.Error's lines).
func (d Diagnostic) String() string { return d.line(d.Msg) }

// Line is the diagnostic's line as clang prints it, with the warning
// flag: "k.cl:3:7: warning: unused variable 'x' [-Wunused-variable]", or
// "[-Werror,-Wunused-variable]" for a warning made an error.
func (d Diagnostic) Line() string {
	switch {
	case d.Flag != "" && d.Severity == Warning:
		return d.line(d.Msg + " [-W" + d.Flag + "]")
	case d.Flag != "" && d.Severity == Error:
		return d.line(d.Msg + " [-Werror,-W" + d.Flag + "]")
	}
	return d.line(d.Msg)
}

func (d Diagnostic) line(msg string) string {
	if !d.Pos.IsValid() && d.Pos.File == "" {
		// About no place in the source: a command-line option, as clang's
		// "warning: argument unused during compilation".
		return fmt.Sprintf("%s: %s", d.Severity, msg)
	}
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, msg)
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
	// Warnings holds the -W options (SetWarningFlags); nil: the defaults.
	Warnings *WarningControl
	dropped  int
	// droppedWarning: the last warning was silenced, so are its notes.
	droppedWarning bool
	// expansions are the macro expansions positions point into (Pos.Exp).
	expansions []expansion
	// includedFrom maps a file to where it was first #included.
	includedFrom map[string]Pos
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

// Warn records a warning at pos with its -W flag name.
func (l *List) Warn(pos Pos, flag, format string, args ...any) {
	l.add(Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...), Flag: flag})
}

func (l *List) add(d Diagnostic) {
	switch d.Severity {
	case Warning:
		if d.Flag == "" {
			d.Flag = flagOf(d.Msg)
		}
		on, asError := l.Warnings.state(d.Flag)
		if l.NoWarnings || !on {
			l.droppedWarning = true
			return
		}
		if l.WarningsAsErrors || asError {
			d.Severity = Error
		}
	case Note:
		if l.droppedWarning {
			return
		}
	}
	l.droppedWarning = false
	if d.Severity != Warning && d.Fix == "" {
		d.Fix = fixOf(d.Msg)
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

// WarningCount is the number of warnings recorded.
func (l *List) WarningCount() int {
	n := 0
	for _, d := range l.Diags {
		if d.Severity == Warning {
			n++
		}
	}
	return n
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
