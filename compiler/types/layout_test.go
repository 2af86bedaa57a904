package types

import (
	"fmt"
	"strings"
	"testing"
)

// TestLayout checks sizes, alignments and member offsets of aligned and
// packed types against clang-15 (-Xclang -fdump-record-layouts, OpenCL C
// 1.2). Each check is an array whose size is negative when it fails.
func TestLayout(t *testing.T) {
	decls := `
typedef int i8 __attribute__((aligned(8)));
typedef int i2 __attribute__((aligned(2)));
typedef int4 v32 __attribute__((aligned(32)));
typedef i8 i8b;
typedef struct { char c; i8 x; } S1;
typedef struct { char c; i2 x; } S2;
typedef struct __attribute__((packed)) { char c; int x; short s; } P1;
typedef struct __attribute__((packed)) { char c; i8 x; } P2;
typedef struct { char c; int x __attribute__((packed)); } P3;
typedef struct __attribute__((packed, aligned(4))) { char c; int x; short s; } P4;
typedef struct { char c; int x __attribute__((aligned(16))); } A1;
typedef struct __attribute__((packed)) { char c; int x __attribute__((aligned(2))); } P5;
typedef struct { char c; P1 p; } N1;
typedef union __attribute__((packed)) { char c; int x; } U1;
typedef struct __attribute__((aligned(32))) { int x; } A2;
`
	checks := []struct {
		expr string
		want int
	}{
		{"__alignof__(i8)", 8}, {"sizeof(i8)", 4}, {"__alignof__(i2)", 2},
		{"__alignof__(v32)", 32}, {"__alignof__(i8b)", 8},
		{"sizeof(S1)", 16}, {"__alignof__(S1)", 8}, {"OFF(S1, x)", 8},
		{"sizeof(S2)", 6}, {"__alignof__(S2)", 2}, {"OFF(S2, x)", 2},
		{"sizeof(P1)", 7}, {"__alignof__(P1)", 1}, {"OFF(P1, x)", 1}, {"OFF(P1, s)", 5},
		{"sizeof(P2)", 5}, {"OFF(P2, x)", 1},
		{"sizeof(P3)", 5}, {"__alignof__(P3)", 1}, {"OFF(P3, x)", 1},
		{"sizeof(P4)", 8}, {"__alignof__(P4)", 4}, {"OFF(P4, s)", 5},
		{"sizeof(A1)", 32}, {"__alignof__(A1)", 16}, {"OFF(A1, x)", 16},
		{"sizeof(P5)", 6}, {"__alignof__(P5)", 2}, {"OFF(P5, x)", 2},
		{"sizeof(N1)", 8}, {"__alignof__(N1)", 1}, {"OFF(N1, p)", 1},
		{"sizeof(U1)", 4}, {"__alignof__(U1)", 1},
		{"sizeof(A2)", 32}, {"__alignof__(A2)", 32},
	}
	var b strings.Builder
	b.WriteString(decls)
	b.WriteString("kernel void k(global int *o) {\n")
	var offs []int
	for i, c := range checks {
		if strings.HasPrefix(c.expr, "OFF(") {
			offs = append(offs, i)
			fmt.Fprintf(&b, "\n")
			continue
		}
		fmt.Fprintf(&b, "  int check%d[(%s) == %d ? 1 : -1];\n", i, c.expr, c.want)
	}
	b.WriteString("}\n")
	_, info, diags, _ := checkSource("t.cl", b.String(), nil)
	structs := map[string]*Struct{}
	for _, o := range info.Defs {
		if tn, ok := o.(*TypeName); ok {
			if s, ok := Underlying(tn.Type).(*Struct); ok {
				structs[tn.Name] = s
			}
		}
	}
	for _, i := range offs {
		var ts, m string
		fmt.Sscanf(strings.NewReplacer("(", " ", ",", " ", ")", " ").Replace(checks[i].expr), "OFF %s %s", &ts, &m)
		s := structs[ts]
		if s == nil {
			t.Errorf("%s: no struct %s", checks[i].expr, ts)
			continue
		}
		_, f := findField(s, m, 0)
		if f == nil || f.Offset != int64(checks[i].want) {
			t.Errorf("%s: got %+v, want offset %d", checks[i].expr, f, checks[i].want)
		}
	}
	for _, d := range diags.Diags {
		line := int(d.Pos.Line) - strings.Count(decls, "\n") - 2
		if line >= 0 && line < len(checks) {
			t.Errorf("%s != %d: %s", checks[line].expr, checks[line].want, d)
		} else {
			t.Errorf("%s", d)
		}
	}
}
