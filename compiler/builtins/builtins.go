// Package builtins declares the builtin functions of OpenCL C 1.2 as data.
// The declarations are written compactly in spec.txt with generic types
// (T, TN, AS, ...) and expanded by gen.go (go generate) into table_gen.go:
// one Decl per overload with every type spelled out in OpenCL C. The type
// checker parses those spellings once and resolves calls by OpenCL's
// overloading rules. convert_<type> and as_<type> are recognised by name,
// not listed.
package builtins

import (
	"strconv"
	"strings"
	"sync"
)

//go:generate go run gen.go

// Decl is one overload of a builtin function.
type Decl struct {
	Name   string
	Result string   // an OpenCL C type: "float4", "void", "size_t"
	Params []string // "float4", "const __global float *", "__write_only image2d_t"
	// Ext is the extension that declares the overload ("" for core):
	// cl_khr_fp64 and cl_khr_fp16 for double and half overloads,
	// cl_khr_int64_base_atomics for the 64-bit atom_* functions.
	Ext      string
	Variadic bool // printf
	MinStd   int  // OpenCL C version ×100 that introduced it, 0 for 1.0
}

// Lookup returns the overloads of the builtin named name (nil if it is not
// a listed builtin).
func Lookup(name string) []Decl {
	once.Do(load)
	return byName[name]
}

// Names returns the names of all listed builtins.
func Names() []string {
	once.Do(load)
	var ns []string
	for n := range byName {
		ns = append(ns, n)
	}
	return ns
}

var (
	once   sync.Once
	byName map[string][]Decl
)

func load() {
	byName = map[string][]Decl{}
	for line := range strings.Lines(decls) {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		d := Decl{Name: f[0], Ext: str(f[1]), Variadic: f[3] == "1", Result: str(f[4])}
		d.MinStd, _ = strconv.Atoi(f[2])
		for _, p := range f[5:] {
			d.Params = append(d.Params, str(p))
		}
		byName[d.Name] = append(byName[d.Name], d)
	}
}

func str(i string) string {
	n, err := strconv.Atoi(i)
	if err != nil || n < 0 || n >= len(strs) {
		return ""
	}
	return strs[n]
}
