package types

import (
	"testing"

	"github.com/clgo/clgo/compiler/syntax"
)

func TestSideTables(t *testing.T) {
	src := `
typedef struct { int a; float b[2]; } P;
constant P tab[] = { {1, {2.0f, 3.0f}}, [2] = {.b = {4.0f}} };
__attribute__((reqd_work_group_size(8, 4, 1)))
kernel void k(global float *o, global const uchar *c) {
	local float l[8];
	char x = c[0];
	o[0] = x + 1.0f;
	printf("%d\n", 1);
	float4 v = (float4)(1, 2.0f, (float2)(3.0f));
	o[1] = v.w + tab[2].b[0] + l[0];
}
`
	pkg, info, f := mustCheck(t, src, nil)
	if len(pkg.Kernels) != 1 {
		t.Fatalf("kernels: %v", pkg.Kernels)
	}
	k := pkg.Kernels[0]
	if k.Attrs.ReqdWorkGroupSize != [3]uint64{8, 4, 1} {
		t.Errorf("reqd_work_group_size = %v", k.Attrs.ReqdWorkGroupSize)
	}
	if len(k.Locals) != 1 || k.Locals[0].Name != "l" || k.Locals[0].Space != Local {
		t.Errorf("locals = %v", k.Locals)
	}
	if len(pkg.Globals) != 1 || pkg.Globals[0].Type.String() != "P[3]" {
		t.Errorf("globals: %v", pkg.Globals[0].Type)
	}
	vd := f.Decls[1].(*syntax.VarDecl)
	init := info.Inits[vd.Init.(*syntax.InitList)]
	if init == nil || len(init.Elems) != 3 || init.Elems[1] != nil || init.Elems[2] == nil || init.Elems[2].Elems[0] != nil {
		t.Fatalf("init of tab: %+v", init)
	}
	if b := init.Elems[0].Elems[1]; b == nil || len(b.Elems) != 2 || b.Elems[1].Expr == nil {
		t.Errorf("tab[0].b init: %+v", b)
	}
	// `x + 1.0f`: x is converted to float.
	implicitFloat := 0
	for e, ty := range info.Implicit {
		if id, ok := e.(*syntax.Ident); ok && id.Name == "x" && ty.String() == "float" {
			implicitFloat++
		}
	}
	if implicitFloat != 1 {
		t.Errorf("no implicit conversion of x to float")
	}
	if len(info.VecLits) != 1 {
		t.Errorf("veclits: %d", len(info.VecLits))
	}
	for _, elems := range info.VecLits {
		if len(elems) != 3 || info.Implicit[elems[0]].String() != "float" {
			t.Errorf("vector literal elements: %d", len(elems))
		}
	}
	printfs := 0
	for _, c := range info.Calls {
		if c.Builtin != nil && c.Builtin.Name == "printf" {
			printfs++
		}
	}
	if printfs != 1 {
		t.Errorf("printf not resolved")
	}
}
