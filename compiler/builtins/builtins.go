// Package builtins declares the builtin functions of OpenCL C 1.2 as data.
// The declarations are written compactly in spec.txt with generic types
// (T, TN, AS, ...) and expanded by gen.go (go generate) into table_gen.go:
// one Decl per overload with every type spelled out in OpenCL C. The type
// checker parses those spellings once and resolves calls by OpenCL's
// overloading rules. convert_<type> and as_<type> are recognised by name,
// not listed.
package builtins

import (
	"sort"
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
	mu.Lock()
	defer mu.Unlock()
	if ds, ok := byName[name]; ok {
		return ds
	}
	var ds []Decl
	if i, ok := find(name); ok {
		ds = parse(decls[index[i].start:index[i].end])
	}
	if byName == nil {
		byName = map[string][]Decl{}
	}
	byName[name] = ds
	return ds
}

// Names returns the names of all listed builtins.
func Names() []string {
	ns := make([]string, len(index))
	for i := range index {
		ns[i] = index[i].name
	}
	return ns
}

// builtinLines is where a builtin's declarations lie in decls. The
// generated index of them (406 builtins) is read-only data of the binary:
// a program calls a few dozen builtins, whose lines are parsed on first
// use, so the first compile of a process (clgo compile) neither parses
// all 6,443 overloads nor builds an index of them.
type builtinLines struct {
	name       string
	start, end int32
}

// find returns the index of name in index.
func find(name string) (int, bool) {
	return sort.Find(len(index), func(i int) int { return strings.Compare(name, index[i].name) })
}

var (
	mu     sync.Mutex
	byName map[string][]Decl // the overloads parsed so far
)

// parse parses lines of decls: one allocation for the Decls and one for
// all their parameters (a builtin such as clamp has hundreds of lines).
func parse(lines string) []Decl {
	nlines, nfields := 0, 0
	for i := 0; i < len(lines); i++ {
		switch lines[i] {
		case '\n':
			nlines++
		case ' ':
			nfields++
		}
	}
	ds := make([]Decl, 0, nlines)
	params := make([]string, 0, max(nfields-4*nlines, 0))
	for line := range strings.Lines(lines) {
		var f [5]string
		n := 0
		rest := strings.TrimRight(line, "\n")
		for n < len(f) && rest != "" {
			f[n], rest, _ = strings.Cut(rest, " ")
			n++
		}
		if n < len(f) {
			continue
		}
		d := Decl{Name: f[0], Ext: str(f[1]), Variadic: f[3] == "1", Result: str(f[4])}
		d.MinStd, _ = strconv.Atoi(f[2])
		start := len(params)
		for rest != "" {
			var p string
			p, rest, _ = strings.Cut(rest, " ")
			params = append(params, str(p))
		}
		if len(params) > start {
			d.Params = params[start:len(params):len(params)]
		}
		ds = append(ds, d)
	}
	return ds
}

func str(i string) string {
	n, err := strconv.Atoi(i)
	if err != nil || n < 0 || n >= len(strs) {
		return ""
	}
	return strs[n]
}
