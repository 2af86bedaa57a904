package lower

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/clgo/clgo/spirv"
)

// The precompiled library's file format: one small SPIR-V module per
// library function, so that a compile decodes only the functions it
// calls. The file is a sequence of little-endian uint32 words:
//
//	count
//	count × (name length in bytes, name padded to whole words,
//	         module length in words, the module)
//
// Each module holds one function, the types, constants and imports it
// uses, its decorations, and OpName for itself and for the library
// functions it calls (whose definitions are their own entries), with the
// ids of the module the library was lowered into.

// packLibrary splits m, the lowered library, into the file format.
func packLibrary(m *spirv.Module) ([]byte, error) {
	ops := spirv.NewIDOperands(m)
	defs := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.ExtInstImports {
		defs[in.Result] = in
	}
	for _, in := range m.Globals {
		if in.Result != 0 {
			defs[in.Result] = in
		}
	}
	names := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.Names {
		if in.Op == spirv.OpName {
			names[spirv.ID(in.Operands[0])] = in
		}
	}
	type entry struct {
		name  string
		words []uint32
	}
	var entries []entry
	for _, f := range m.Functions {
		nm := names[f.ID]
		if nm == nil {
			return nil, fmt.Errorf("library function %%%d has no name", f.ID)
		}
		name, _, _ := spirv.DecodeString(nm.Operands[1:])
		sub, err := extractFunction(m, f, ops, defs, names)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		entries = append(entries, entry{name, sub.Words()})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].name < entries[j].name })
	out := []uint32{uint32(len(entries))}
	for _, e := range entries {
		nb := []byte(e.name)
		out = append(out, uint32(len(nb)))
		for len(nb)%4 != 0 {
			nb = append(nb, 0)
		}
		for i := 0; i < len(nb); i += 4 {
			out = append(out, binary.LittleEndian.Uint32(nb[i:]))
		}
		out = append(out, uint32(len(e.words)))
		out = append(out, e.words...)
	}
	data := make([]byte, 4*len(out))
	for i, w := range out {
		binary.LittleEndian.PutUint32(data[4*i:], w)
	}
	return data, nil
}

// extractFunction makes the module of one library function f of m.
func extractFunction(m *spirv.Module, f *spirv.Function, ops *spirv.IDOperands,
	defs map[spirv.ID]*spirv.Instruction, names map[spirv.ID]*spirv.Instruction) (*spirv.Module, error) {
	need := map[spirv.ID]bool{}
	var err error
	var use func(spirv.ID)
	var visit func(*spirv.Instruction)
	use = func(id spirv.ID) {
		if need[id] {
			return
		}
		need[id] = true
		if d := defs[id]; d != nil {
			visit(d)
		}
	}
	visit = func(in *spirv.Instruction) {
		if in.ResultType != 0 {
			use(in.ResultType)
		}
		if e := ops.Visit(in, func(i int) { use(spirv.ID(in.Operands[i])) }); e != nil && err == nil {
			err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
		}
	}
	use(f.ResultType)
	use(f.Type)
	results := map[spirv.ID]bool{f.ID: true}
	forEachLibInst(f, func(in *spirv.Instruction) {
		visit(in)
		if in.Result != 0 {
			results[in.Result] = true
		}
	})
	if err != nil {
		return nil, err
	}
	sub := &spirv.Module{Version: m.Version, Generator: m.Generator, Bound: m.Bound, Functions: []*spirv.Function{f}}
	for _, in := range m.ExtInstImports {
		if need[in.Result] {
			sub.ExtInstImports = append(sub.ExtInstImports, in)
		}
	}
	for _, in := range m.Globals {
		if in.Result != 0 && need[in.Result] {
			sub.Globals = append(sub.Globals, in)
		}
	}
	for _, in := range m.Annotations {
		if in.Op == spirv.OpDecorate && results[spirv.ID(in.Operands[0])] {
			sub.Annotations = append(sub.Annotations, in)
		}
	}
	for _, in := range m.Names {
		id := spirv.ID(in.Operands[0])
		if in.Op == spirv.OpName && (id == f.ID || need[id] && names[id] != nil && defs[id] == nil) {
			sub.Names = append(sub.Names, in)
		}
	}
	return sub, nil
}

// forEachLibInst calls fn for f's parameters and instructions.
func forEachLibInst(f *spirv.Function, fn func(*spirv.Instruction)) {
	for _, p := range f.Params {
		fn(p)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			fn(in)
		}
	}
}

// unpackLibrary reads the file format's index: each function's module,
// not yet decoded, by name.
func unpackLibrary(data string) (map[string]string, error) {
	if len(data)%4 != 0 || len(data) < 4 {
		return nil, fmt.Errorf("precompiled library of %d bytes", len(data))
	}
	word := func(i int) (uint32, bool) {
		if 4*i+4 > len(data) {
			return 0, false
		}
		j := 4 * i
		return uint32(data[j]) | uint32(data[j+1])<<8 | uint32(data[j+2])<<16 | uint32(data[j+3])<<24, true
	}
	n, _ := word(0)
	out := make(map[string]string, n)
	i := 1
	for range n {
		nl, ok := word(i)
		nw := (int(nl) + 3) / 4
		if !ok || 4*(i+1+nw) > len(data) {
			return nil, fmt.Errorf("precompiled library: entry %d is cut short", len(out))
		}
		name := string(data[4*(i+1) : 4*(i+1)+int(nl)])
		i += 1 + nw
		ml, ok := word(i)
		if !ok || 4*(i+1+int(ml)) > len(data) {
			return nil, fmt.Errorf("precompiled library: %s is cut short", name)
		}
		out[name] = data[4*(i+1) : 4*(i+1+int(ml))]
		i += 1 + int(ml)
	}
	return out, nil
}
