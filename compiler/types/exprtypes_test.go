package types

import (
	"fmt"
	"testing"

	"github.com/clgo/clgo/compiler/syntax"
)

// TestExprTypes checks the type the checker gives an expression statement
// `(EXPR);` in a function that declares the variables of locals.
func TestExprTypes(t *testing.T) {
	cases := []struct{ expr, want string }{
		{"i + f", "float"},
		{"c + c", "int"},
		{"uc + s", "int"},
		{"u + i", "uint"},
		{"l + u", "long"},
		{"ul + l", "ulong"},
		{"i + 1u", "uint"},
		{"1.0f * 2", "float"},
		{"uc4 == uc4", "char4"},
		{"f4 < f4", "int4"},
		{"l2 != l2", "long2"},
		{"s2 > (short)1", "short2"},
		{"f4 * 2.0f", "float4"},
		{"f4 * 2", "float4"},
		{"i4 + 1", "int4"},
		{"i4 << 2", "int4"},
		{"i << 2L", "int"},
		{"c << 1", "int"},
		{"i == f", "int"},
		{"!f4", "int4"},
		{"~uc4", "uchar4"},
		{"-uc", "int"},
		{"i4 && i4", "int4"},
		{"i && f", "int"},
		{"f4.x", "float"},
		{"f4.xy", "float2"},
		{"f4.s0123", "float4"},
		{"f8.lo", "float4"},
		{"f8.odd", "float4"},
		{"f3.hi", "float2"},
		{"f2.lo", "float"},
		{"f4.wzyx", "float4"},
		{"f4.xxyy", "float4"},
		{"(float4)(1.0f, 2.0f, f2)", "float4"},
		{"(float4)(f)", "float4"},
		{"(int4)1", "int4"},
		{"gp + 1", "__global float *"},
		{"gp - gp", "ptrdiff_t"},
		{"&arr[1]", "int *"},
		{"arr[2]", "int"},
		{"*gp", "float"},
		{"gp[i]", "float"},
		{"&lp[1]", "__local int *"},
		{"st.a", "int"},
		{"st.v.y", "float"},
		{"st.x", "int"},
		{"sp->y", "int"},
		{"sizeof(float4)", "size_t"},
		{"sizeof(f3)", "size_t"},
		{"vec_step(float3)", "int"},
		{"i ? f : i", "float"},
		{"i ? gp : 0", "__global float *"},
		{"i4 ? f4 : f4", "float4"},
		{"(i, f)", "float"},
		{"i += f", "int"},
		{"f4 *= 2.0f", "float4"},
		{"i++", "int"},
		{"fmax(f, f)", "float"},
		{"fmax(f4, f)", "float4"},
		{"fmax(f4, 1.0f)", "float4"},
		{"clamp(f8, 0.0f, 1.0f)", "float8"},
		{"mix(f4, f4, 0.5f)", "float4"},
		{"abs(c4)", "uchar4"},
		{"get_global_id(0)", "size_t"},
		{"convert_float4(i4)", "float4"},
		{"convert_uchar4_sat_rte(f4)", "uchar4"},
		{"as_int4(f4)", "int4"},
		{"as_float(u)", "float"},
		{"dot(f4, f4)", "float"},
		{"select(f4, f4, i4)", "float4"},
		{"select(i4, i4, u4)", "int4"},
		{"isgreater(f4, f4)", "int4"},
		{"isnan(f)", "int"},
		{"vload4(0, gp)", "float4"},
		{"vload4(0, cp)", "float4"},
		{"atomic_add(lp, 1)", "int"},
		{"shuffle(f4, u4)", "float4"},
		{"shuffle2(f4, f4, (uint8)(0))", "float8"},
		{"min(i, 3)", "int"},
		{"max(u4, 1u)", "uint4"},
		{"sqrt(f)", "float"},
		{"native_sqrt(f4)", "float4"},
		{"__builtin_inff()", "float"},
		{"upsample(s, us)", "int"},
		{"mad24(i, i, i)", "int"},
		{"length(f3)", "float"},
		{"cross(f4, f4)", "float4"},
		{"vload_half4(0, (global half*)gp)", "float4"},
		{"popcount(u)", "uint"},
		{"'a'", "int"},
		{"1", "int"},
		{"3000000000", "long"},
		{"0xFFFFFFFF", "uint"},
		{"1ul", "ulong"},
		{"++b", "bool"}, // C99 6.5.2.4, as clang
		{"b--", "bool"},
		{"1ll", "long"}, // long long literals are 64-bit (scanner.go)
		{"0x0555555555555555ull", "ulong"},
		{"7LLU", "ulong"},
		{"1.5", "float"},
		{"sz + 1", "size_t"},
		{"pd", "ptrdiff_t"},
	}
	for _, tc := range cases {
		src := fmt.Sprintf("void f(global float *gp, local int *lp, constant float *cp) {%s\n (%s);\n}", locals, tc.expr)
		_, info, diags, file := checkSource("t.cl", src, nil)
		if diags.HasErrors() {
			t.Errorf("%s: unexpected errors:\n%s", tc.expr, diagLines(diags))
			continue
		}
		e := lastExprStmt(file)
		if e == nil {
			t.Errorf("%s: no expression found", tc.expr)
			continue
		}
		got := info.Types[e].Type.String()
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.expr, got, tc.want)
		}
	}
}

const locals = `
	char c; uchar uc; short s; ushort us; int i; uint u; long l; ulong ul; float f; bool b;
	char4 c4; uchar4 uc4; short2 s2; int4 i4; uint4 u4; long2 l2; float4 f4; float8 f8; float3 f3; float2 f2; int2 i2;
	private float *pp; int arr[4];
	struct S { int a; float4 v; struct { int x, y; }; } st; struct S *sp;
	size_t sz; ptrdiff_t pd;
`

func lastExprStmt(f *syntax.File) syntax.Expr {
	for _, d := range f.Decls {
		fd, ok := d.(*syntax.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		for i := len(fd.Body.Stmts) - 1; i >= 0; i-- {
			if es, ok := fd.Body.Stmts[i].(*syntax.ExprStmt); ok {
				return es.X
			}
		}
	}
	return nil
}
