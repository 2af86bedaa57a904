package types

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheck runs the preprocessor, the parser and the checker on arbitrary
// source: the checker must never panic, whatever the tree looks like.
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	for _, path := range files {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	for _, s := range []string{
		"kernel void k(global float4 *o) { float4 v = (float4)(1.0f, o[0].xy, 2); o[1] = v.wzyx * 2; }",
		"struct S { int a[3]; union { float f; int i; }; } s = { {1, 2}, .f = 1 };",
		"constant int t[] = {1, 2, 3}; enum E { A = sizeof(t), B }; typedef struct { int x; } T;",
		"int f(int n) { switch (n) { case 1: return f(n); default: break; } return (n, 2); }",
		"kernel void k(global int *p) { local int l[4]; atomic_inc(&l[0]); *p = l[get_local_id(0)] ? 1 : 2; }",
		"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ndouble d = 1.0;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, conf := range []*Config{{}, {AddressBits: 64, Std: 200, Extensions: []string{"cl_khr_fp64", "cl_khr_fp16"}}} {
			pkg, info, _, _ := checkSourceAlways("f.cl", src, conf)
			if pkg == nil || info == nil {
				t.Fatal("nil result")
			}
		}
	})
}
