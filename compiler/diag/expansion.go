package diag

// expansion is one token of a macro's replacement list as placed at a use
// of the macro: where it is spelled in the #define, and the expansion the
// use itself came from (nested macros), so that Render can write clang's
// chain of "expanded from macro" notes.
type expansion struct {
	macro    string
	spelling Pos   // the token in the macro's definition
	parent   int32 // Pos.Exp of the use: 0 when the use is in the source
}

// maxExpansions bounds the expansions a List records: beyond it, positions
// lose their notes but stay right.
const maxExpansions = 1 << 18

// Expansion returns use (the position of a macro's use, which every token
// of its replacement gets) marked as produced by the token of macro spelled
// at spelling, for the "expanded from macro" notes.
func (l *List) Expansion(use Pos, macro string, spelling Pos) Pos {
	if l == nil || len(l.expansions) >= maxExpansions || !spelling.IsValid() {
		return use
	}
	parent := use.Exp
	use.Exp = int32(len(l.expansions) + 1)
	l.expansions = append(l.expansions, expansion{macro: macro, spelling: Pos{File: spelling.File, Line: spelling.Line, Col: spelling.Col}, parent: parent})
	return use
}
