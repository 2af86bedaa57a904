package compiler

import (
	"fmt"
	"sort"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// Unit is one translation unit of a program compiled from several
// sources (clCompileProgram's objects, which clLinkProgram links).
type Unit struct {
	// Name is the file name diagnostics give the unit; UnitName(i) when
	// empty.
	Name   string
	Source string
}

// UnitName is the name of the i'th unit (from 0) that has none: "<unit 1>"
// for the first.
func UnitName(i int) string { return fmt.Sprintf("<unit %d>", i+1) }

// Link compiles units as separate translation units of one program and
// links them into one SPIR-V module. Each unit is preprocessed and checked
// on its own (its own macros, types, typedefs, static functions and
// variables); functions and program-scope variables with external linkage
// are resolved across units by name, and must agree in type and be defined
// once (types.CheckUnits). Diagnostics carry each unit's name.
func Link(units []Unit, opts Options) (res *Result, err error) {
	diags := opts.newDiags()
	res = &Result{Diagnostics: diags}
	defer internalError("", res, &err)
	var files []*syntax.File
	rank := map[string]int{} // unit names, for sorting diagnostics
	for i, u := range units {
		name := u.Name
		if name == "" {
			name = UnitName(i)
		}
		if _, ok := rank[name]; !ok {
			rank[name] = i
		}
		toks := cpp.Preprocess(name, u.Source, opts.cppOptions(), diags)
		if diags.HasErrors() {
			continue
		}
		files = append(files, syntax.Parse(name, toks, diags))
	}
	if diags.HasErrors() {
		sortByUnit(diags, rank)
		return res, diags
	}
	conf := opts.typesConfig()
	pkg, info := types.CheckUnits(files, conf, diags)
	if diags.HasErrors() {
		sortByUnit(diags, rank)
		return res, diags
	}
	m, refl := opts.lower(pkg, info, diags)
	if diags.HasErrors() || m == nil {
		sortByUnit(diags, rank)
		return res, diags
	}
	if err := opts.optimize(m); err != nil {
		diags.Errorf(diag.Pos{}, "%v", err)
		return res, diags
	}
	res.Module, res.Reflection = m, refl
	res.SPIRV = m.Encode()
	return res, nil
}

// sortByUnit sorts diagnostics by unit, in the order the units were given
// ("<unit 10>" after "<unit 2>"), then by position, keeping each note
// after the diagnostic it belongs to. Files that are no unit (headers)
// come after the units.
func sortByUnit(l *diag.List, rank map[string]int) {
	type group struct{ ds []diag.Diagnostic }
	var gs []group
	for _, d := range l.Diags {
		if d.Severity == diag.Note && len(gs) > 0 {
			gs[len(gs)-1].ds = append(gs[len(gs)-1].ds, d)
			continue
		}
		gs = append(gs, group{[]diag.Diagnostic{d}})
	}
	unit := func(file string) int {
		if r, ok := rank[file]; ok {
			return r
		}
		return len(rank)
	}
	sort.SliceStable(gs, func(i, j int) bool {
		p, q := gs[i].ds[0].Pos, gs[j].ds[0].Pos
		if up, uq := unit(p.File), unit(q.File); up != uq {
			return up < uq
		}
		return p.Before(q)
	})
	l.Diags = l.Diags[:0]
	for _, g := range gs {
		l.Diags = append(l.Diags, g.ds...)
	}
}
