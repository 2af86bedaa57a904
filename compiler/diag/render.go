package diag

import (
	"fmt"
	"strings"
)

// Sources gives the text of a file by the name its positions carry; it is
// how Render finds the line to quote. A missing file just loses its quote.
type Sources func(file string) (text string, ok bool)

// Render formats the list as clang does: for a diagnostic in an #included
// file, the include stack ("In file included from k.cl:3:") when it
// changes; the diagnostic with its [-Wflag]; the source line, a caret
// under the column and any fix-it text under the caret; for a position a
// macro expansion produced, an "expanded from macro" note per macro with
// the macro's line. Summary is the count clang's command line prints after
// them.
func (l *List) Render(src Sources) string {
	var b strings.Builder
	lastFile := ""
	for _, d := range l.Diags {
		if d.Severity != Note && d.Pos.File != lastFile {
			l.writeIncludeStack(&b, d.Pos.File)
			lastFile = d.Pos.File
		}
		b.WriteString(d.Line())
		b.WriteByte('\n')
		quote(&b, src, d.Pos, d.Fix)
		// clang's order: the outermost macro first, down to the one that
		// spells the token.
		var chain []expansion
		for e := d.Pos.Exp; e > 0 && int(e) <= len(l.expansions) && len(chain) < 64; e = l.expansions[e-1].parent {
			chain = append(chain, l.expansions[e-1])
		}
		for i := len(chain) - 1; i >= 0; i-- {
			fmt.Fprintf(&b, "%s: note: expanded from macro '%s'\n", chain[i].spelling, chain[i].macro)
			quote(&b, src, chain[i].spelling, "")
		}
	}
	if l.dropped > 0 {
		fmt.Fprintf(&b, "too many errors (%d more not shown)\n", l.dropped)
	}
	return b.String()
}

// Summary is clang's last line: "2 warnings generated.", "1 error
// generated.", "1 warning and 3 errors generated.", or "" for none.
func (l *List) Summary() string {
	w, e := l.WarningCount(), l.ErrorCount()+l.dropped
	plural := func(n int, what string) string {
		if n == 1 {
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", n, what)
	}
	switch {
	case w > 0 && e > 0:
		return plural(w, "warning") + " and " + plural(e, "error") + " generated.\n"
	case w > 0:
		return plural(w, "warning") + " generated.\n"
	case e > 0:
		return plural(e, "error") + " generated.\n"
	}
	return ""
}

// quote writes the source line of pos, a caret under its column and the
// fix-it text under the caret.
func quote(b *strings.Builder, src Sources, pos Pos, fix string) {
	if src == nil || !pos.IsValid() {
		return
	}
	text, ok := src(pos.File)
	if !ok {
		return
	}
	line, ok := lineOf(text, int(pos.Line))
	if !ok {
		return
	}
	b.WriteString(line)
	b.WriteByte('\n')
	c := caret(line, int(pos.Col))
	b.WriteString(c)
	b.WriteByte('\n')
	if fix != "" {
		b.WriteString(c[:len(c)-1])
		b.WriteString(fix)
		b.WriteByte('\n')
	}
}

// IncludedFrom records that file was #included at pos (the #include
// line), for Render's include stack; the first inclusion is kept.
func (l *List) IncludedFrom(file string, pos Pos) {
	if l.includedFrom == nil {
		l.includedFrom = map[string]Pos{}
	}
	if _, ok := l.includedFrom[file]; !ok && file != pos.File {
		l.includedFrom[file] = pos
	}
}

// writeIncludeStack writes clang's "In file included from FILE:LINE:"
// lines for file, outermost first.
func (l *List) writeIncludeStack(b *strings.Builder, file string) {
	var stack []Pos
	seen := map[string]bool{}
	for f := file; !seen[f]; {
		seen[f] = true
		at, ok := l.includedFrom[f]
		if !ok {
			break
		}
		stack = append(stack, at)
		f = at.File
	}
	for i := len(stack) - 1; i >= 0; i-- {
		fmt.Fprintf(b, "In file included from %s:%d:\n", stack[i].File, stack[i].Line)
	}
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
