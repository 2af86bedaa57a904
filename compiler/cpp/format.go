package cpp

import "strings"

// Format renders tokens as text for `clgo compile -E`: each source line on
// one output line (blank lines and comments dropped), tokens spaced as
// written, a blank added wherever two tokens would otherwise read as one,
// and each Pragma as a "#pragma" line of its own.
func Format(toks []Token) string {
	var b strings.Builder
	var prev *Token
	for i := range toks {
		t := &toks[i]
		if t.Kind == EOF {
			break
		}
		switch {
		case prev == nil:
		case t.BOL || t.Kind == Pragma || prev.Kind == Pragma:
			b.WriteByte('\n')
		case t.Space || wouldJoin(prev, t):
			b.WriteByte(' ')
		}
		if t.Kind == Pragma {
			b.WriteString("#pragma ")
		}
		b.WriteString(t.Text)
		prev = t
	}
	if prev != nil {
		b.WriteByte('\n')
	}
	return b.String()
}

// wouldJoin reports whether b written right after a would be read back as
// different tokens (as "-" "-" would be "--", or "/" "/" a comment).
func wouldJoin(a, b *Token) bool {
	if a.Kind == Pragma || b.Kind == Pragma {
		return false
	}
	toks := lexString(a.Text + b.Text)
	return len(toks) != 3 || toks[0].text != a.Text || toks[1].text != b.Text
}
