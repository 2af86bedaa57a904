// Package mutation is clgo's mutation campaign: it mutates OpenCL C
// kernels (tokens deleted, duplicated, swapped or replaced by hostile ones)
// and the SPIR-V modules clgo compiles them to (bits flipped, words
// replaced, instructions dropped), then builds and runs every mutant in a
// child process on each device. A mutant may fail to build or run — that
// is the expected answer — but the child must finish: a child that dies is
// a crash, one that does not end in time is a hang. Both are bugs.
//
// The campaign runs as a test (campaign_test.go); CLGO_MUTANTS sets its
// size. docs/reliability.md records the figures.
package mutation

import (
	"math/rand/v2"
	"regexp"
	"strings"
)

// token splits OpenCL C source into tokens and the spaces and comments
// between them; only the tokens are mutated.
var token = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/|[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F]+[uUlL]*|[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?[fFuUlLhH]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\s+|.`)

// hostile are replacement tokens chosen to reach the corners of the
// front end and the drivers: extreme constants and sizes, address spaces,
// control flow, barriers, atomics, vector forms and attributes.
var hostile = []string{
	"(", ")", "{", "}", "[", "]", ";", ",", "*", "&", "+", "-", "/", "%", "<<", ">>", "?", ":", "=", "==", "!", "~", ".", "->", "#",
	"0", "1", "-1", "0x7fffffff", "0x80000000", "0xffffffffffffffffUL", "0x8000000000000000UL", "2147483648", "4294967296",
	"1e38f", "1e308", "0.0f/0.0f", "1.0/0.0", "-0.0f", "1e-45f", "(-2147483647-1)", "(long)(-9223372036854775807L-1)",
	"int", "uint", "long", "ulong", "char", "uchar", "short", "float", "float4", "float3", "double", "double16", "half", "char16", "int8", "bool", "size_t", "void",
	"struct", "union", "typedef", "enum", "__local", "__global", "__constant", "__private", "global", "local", "constant",
	"volatile", "const", "restrict", "static", "extern", "inline", "kernel", "__kernel",
	"for", "while", "do", "if", "else", "return", "break", "continue", "goto", "switch", "case", "default", "sizeof",
	"barrier(CLK_LOCAL_MEM_FENCE)", "barrier(CLK_GLOBAL_MEM_FENCE)", "mem_fence(CLK_LOCAL_MEM_FENCE)",
	"get_global_id(0)", "get_global_id(7)", "get_local_id(0)", "get_local_size(0)", "get_group_id(2)", "get_num_groups(1)", "get_work_dim()",
	"atomic_add", "atomic_cmpxchg", "atom_inc", "vload4", "vstore16", "vload_half", "printf", "async_work_group_copy", "wait_group_events",
	"as_float", "as_int4", "convert_int_sat_rte", "shuffle", "shuffle2", "select", "mad24", "mul_hi", "rotate", "clz", "popcount",
	"sqrt", "exp", "log", "pow", "sin", "tgamma", "native_divide", "half_exp", "fma", "nan", "frexp", "modf", "sincos",
	"#define", "#include", "#if", "#endif", "#pragma", "#pragma OPENCL EXTENSION all : enable", "__FILE__", "__LINE__",
	"__attribute__((aligned(1024)))", "__attribute__((packed))", "__attribute__((reqd_work_group_size(7,3,1)))",
	"__attribute__((vec_type_hint(float4)))", "__attribute__((work_group_size_hint(1,1,1)))",
	"(float4)(1)", "(int2)(1,2)", ".s0123", ".xyzw", ".hi", ".odd", ".sF", "[1000000]", "[-1]", "[0x7fffffff]", "[4096]",
	"(void*)0", "NULL", "&*", "*(global int*)", "(local float*)", "(private char*)", "(constant uchar*)",
}

var (
	numbers   = []string{"0", "1", "-1", "2", "3", "7", "16", "31", "32", "63", "64", "255", "256", "1023", "4096", "65535", "65536", "100000", "0x7fffffff", "0x80000000", "0xffffffffu", "4294967296L", "-2147483648", "1e38f", "0.5f", "-0.0f", "1e-40f", "3.0"}
	operators = []string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", ">", "<=", ">=", "==", "!="}
	typeNames = []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half", "int2", "float4", "uint8", "char16", "long3", "size_t"}
	isIdent   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	isNumber  = regexp.MustCompile(`^[0-9]`)
)

// sameClass is a token like tok: a number for a number, an operator for an
// operator, a type for a type, another identifier of src for an identifier.
func sameClass(r *rand.Rand, src string, ts []span, tok string) string {
	switch {
	case isNumber.MatchString(tok):
		return numbers[r.IntN(len(numbers))]
	case contains(operators, tok):
		return operators[r.IntN(len(operators))]
	case contains(typeNames, tok):
		return typeNames[r.IntN(len(typeNames))]
	case isIdent.MatchString(tok):
		for range 8 {
			u := ts[r.IntN(len(ts))]
			if c := src[u.lo:u.hi]; isIdent.MatchString(c) {
				return c
			}
		}
	}
	return tok
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// span is one token's place in the source.
type span struct{ lo, hi int }

// tokens are the mutable tokens of src (not spaces or comments).
func tokens(src string) []span {
	var out []span
	for _, m := range token.FindAllStringIndex(src, -1) {
		t := src[m[0]:m[1]]
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") {
			continue
		}
		out = append(out, span{m[0], m[1]})
	}
	return out
}

// MutateSource applies one to three token mutations to src and says which.
func MutateSource(r *rand.Rand, src string) (string, string) {
	var what []string
	// Mostly one mutation: a mutant then often passes the front end and
	// reaches the drivers.
	n := 1
	if r.IntN(3) == 0 {
		n += 1 + r.IntN(2)
	}
	for ; n > 0; n-- {
		ts := tokens(src)
		if len(ts) == 0 {
			break
		}
		t := ts[r.IntN(len(ts))]
		tok := src[t.lo:t.hi]
		switch k := r.IntN(12); {
		case k < 2: // delete
			src = src[:t.lo] + src[t.hi:]
			what = append(what, "delete "+tok)
		case k < 3: // duplicate
			src = src[:t.hi] + " " + tok + src[t.hi:]
			what = append(what, "duplicate "+tok)
		case k < 4: // swap with another token
			u := ts[r.IntN(len(ts))]
			if u.lo < t.lo {
				t, u = u, t
			}
			if u.lo >= t.hi {
				a, b := src[t.lo:t.hi], src[u.lo:u.hi]
				src = src[:t.lo] + b + src[t.hi:u.lo] + a + src[u.hi:]
				what = append(what, "swap "+a+" "+b)
			}
		case k < 8: // replace by a token of the same class: the mutant
			// then often passes the front end and reaches the drivers
			h := sameClass(r, src, ts, tok)
			src = src[:t.lo] + h + src[t.hi:]
			what = append(what, "replace "+tok+" by "+h)
		case k < 11: // replace with a hostile token
			h := hostile[r.IntN(len(hostile))]
			src = src[:t.lo] + " " + h + " " + src[t.hi:]
			what = append(what, "replace "+tok+" by "+h)
		default: // deep nesting around a token
			d := 1 + r.IntN(400)
			src = src[:t.lo] + strings.Repeat("(", d) + tok + strings.Repeat(")", d) + src[t.hi:]
			what = append(what, "nest "+tok)
		}
	}
	return src, strings.Join(what, "; ")
}

// MutateModule applies one to four word mutations to a SPIR-V module
// (little-endian words) and says which. The header's five words are hit
// less often than the instructions.
func MutateModule(r *rand.Rand, mod []byte) ([]byte, string) {
	w := make([]uint32, len(mod)/4)
	for i := range w {
		w[i] = uint32(mod[4*i]) | uint32(mod[4*i+1])<<8 | uint32(mod[4*i+2])<<16 | uint32(mod[4*i+3])<<24
	}
	var what []string
	pick := func() int {
		if len(w) <= 5 || r.IntN(20) == 0 {
			return r.IntN(len(w))
		}
		return 5 + r.IntN(len(w)-5)
	}
	for n := 1 + r.IntN(4); n > 0 && len(w) > 0; n-- {
		i := pick()
		switch k := r.IntN(10); {
		case k < 3:
			b := r.IntN(32)
			w[i] ^= 1 << b
			what = append(what, "flip bit")
		case k < 5:
			vals := []uint32{0, 1, 2, 0xffff, 0x10000, 0xffffffff, 0x7fffffff, w[i] + 1, w[i] - 1, uint32(r.IntN(64)), r.Uint32()}
			w[i] = vals[r.IntN(len(vals))]
			what = append(what, "set word")
		case k < 6: // the word count of an instruction's first word
			w[i] = w[i]&0xffff | uint32(r.IntN(8))<<16
			what = append(what, "word count")
		case k < 7:
			w = append(w[:i], w[i+1:]...)
			what = append(what, "delete word")
		case k < 8:
			w = append(w[:i+1], w[i:]...)
			what = append(what, "duplicate word")
		case k < 9:
			j := pick()
			w[i], w[j] = w[j], w[i]
			what = append(what, "swap words")
		default:
			w = w[:i]
			what = append(what, "truncate")
		}
	}
	out := make([]byte, 4*len(w))
	for i, v := range w {
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	if r.IntN(30) == 0 && len(out) > 0 {
		out = out[:len(out)-1-r.IntN(3)] // not a whole number of words
		what = append(what, "cut bytes")
	}
	return out, strings.Join(what, "; ")
}
