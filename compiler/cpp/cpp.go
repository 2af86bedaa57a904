package cpp

import "github.com/clgo/clgo/compiler/diag"

// Preprocess preprocesses src, the text of the file named filename, and
// returns its tokens, always ending with an EOF token. Problems are reported
// to diags; the result is still usable (best effort) when errors occurred.
func Preprocess(filename, src string, opts Options, diags *diag.List) []Token {
	return []Token{{Kind: EOF, Pos: diag.Pos{File: filename, Line: 1, Col: 1}}}
}

// Format renders tokens as text, one output line per source line, for
// `clgo compile -E`.
func Format(toks []Token) string {
	return ""
}
