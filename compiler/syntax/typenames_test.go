package syntax

import "testing"

// TestKeywordsAndTypeNames checks keyword, builtinType and typedefType
// against the tables they replaced, on every name of the tables and on
// near misses.
func TestKeywordsAndTypeNames(t *testing.T) {
	keywords := map[string]string{}
	for _, k := range []string{
		"auto", "break", "case", "char", "const", "continue", "default", "do",
		"double", "else", "enum", "extern", "float", "for", "goto", "if",
		"inline", "int", "long", "register", "restrict", "return", "short",
		"signed", "sizeof", "static", "struct", "switch", "typedef", "union",
		"unsigned", "void", "volatile", "while", "_Bool", "_Complex", "_Imaginary",
		"kernel", "global", "local", "constant", "private", "generic",
		"read_only", "write_only", "read_write", "vec_step",
		"__attribute__", "__alignof__", "typeof",
	} {
		keywords[k] = k
	}
	for spelling, canon := range map[string]string{
		"__kernel": "kernel", "__global": "global", "__local": "local",
		"__constant": "constant", "__private": "private", "__generic": "generic",
		"__read_only": "read_only", "__write_only": "write_only", "__read_write": "read_write",
		"__attribute": "__attribute__", "__restrict": "restrict", "__restrict__": "restrict",
		"__inline": "inline", "__inline__": "inline", "__const": "const", "__const__": "const",
		"__volatile": "volatile", "__volatile__": "volatile", "__signed": "signed",
		"__signed__": "signed", "__alignof": "__alignof__", "_Alignof": "__alignof__",
		"__typeof__": "typeof", "__typeof": "typeof",
	} {
		keywords[spelling] = canon
	}
	builtinTypes, typedefTypes := map[string]bool{}, map[string]bool{}
	for _, n := range []string{
		"bool", "uchar", "ushort", "uint", "ulong", "half", "size_t", "ptrdiff_t",
		"intptr_t", "uintptr_t", "image1d_t", "image1d_array_t", "image1d_buffer_t",
		"image2d_t", "image2d_array_t", "image3d_t", "image2d_depth_t",
		"image2d_array_depth_t", "sampler_t", "event_t", "cl_mem_fence_flags",
	} {
		builtinTypes[n] = true
	}
	for _, n := range []string{"uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "cl_mem_fence_flags"} {
		typedefTypes[n] = true
	}
	for _, e := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half"} {
		for _, n := range []string{"2", "3", "4", "8", "16"} {
			builtinTypes[e+n] = true
			typedefTypes[e+n] = true
		}
	}
	names := []string{"", "2", "16", "x", "int1", "int5", "int32", "int216", "bool2", "size_t2", "float4x", "Float4", "image2d", "_int"}
	for _, m := range []map[string]bool{builtinTypes, typedefTypes} {
		for n := range m {
			names = append(names, n, n+"2", n+"_", "_"+n, n[:len(n)-1])
		}
	}
	for n := range keywords {
		names = append(names, n, n+"_", "_"+n, n[:len(n)-1])
	}
	for _, n := range names {
		want, wantOK := keywords[n]
		if got, ok := keyword(n); got != want || ok != wantOK {
			t.Errorf("keyword(%q) = %q, %v; want %q, %v", n, got, ok, want, wantOK)
		}
		if got := builtinType(n); got != builtinTypes[n] {
			t.Errorf("builtinType(%q) = %v", n, got)
		}
		if got := typedefType(n); got != typedefTypes[n] {
			t.Errorf("typedefType(%q) = %v", n, got)
		}
	}
}
