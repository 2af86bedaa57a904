package host

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Private arrays indexed by a variable. Hash rounds, schedules and small
// filters keep arrays in Function variables and index them with a loop
// counter (W[t & 15], K[t]). In per-lane memory each such access computes a
// pointer per lane, checks it, and gathers one word per lane from copies of
// the array a variable's size apart. A promoted array lives in rows
// instead, one row per component, so element e is rows e*ec...: an access
// whose index is the same for every lane (the usual case: the counter is
// uniform) moves whole rows, and one whose index differs per lane picks,
// lane by lane, from the row of its element. The index is checked against
// the array's length as the access chain would be; the chain itself
// computes nothing.

// dynPart is an access chain into a promoted array (or vector) with a
// variable first index: element idx's rows start at idx*stride+off rows
// into the variable.
type dynPart struct {
	v      uint32 // the variable
	idx    uint32 // the index
	w      intw   // its width
	count  int    // elements
	stride int    // rows per element
	off    int    // rows into the element (constant later indices)
	esize  int    // bytes per element, for errors
	name   string // the variable, for errors
}

// dynChain returns the dynamic part an access chain with indices idx into
// variable v of type t selects (rtype: the result types of the function's
// instructions), or nil when its first index is a constant
// or t is not an array or vector of leaves that later constant indices
// select.
func (p *prep) dynChain(v uint32, t *typ, idx []uint32, rtype map[uint32]*typ) *dynPart {
	if len(idx) == 0 || t.elem == nil || t.count <= 0 || t.elem.comps <= 0 {
		return nil
	}
	if t.op != spirv.OpTypeArray && t.op != spirv.OpTypeVector {
		return nil
	}
	if _, ok := p.consts[idx[0]]; ok {
		return nil
	}
	it := rtype[idx[0]]
	if it == nil || it.op != spirv.OpTypeInt || it.comps != 1 {
		return nil
	}
	off, ok := p.constPart(t.elem, idx[1:])
	if !ok {
		return nil
	}
	name := p.m.name(v)
	if name == "" {
		name = fmt.Sprintf("%%%d", v)
	}
	return &dynPart{v: v, idx: idx[0], w: widthOf(it.width), count: t.count, stride: t.elem.comps, off: off,
		esize: t.elem.size, name: "Function variable " + name}
}

// dynVar reports whether a promoted variable has dynamic parts.
func (p *prep) dynVar(v uint32) bool {
	for _, d := range p.dynPart {
		if d.v == v {
			return true
		}
	}
	return false
}

// dynFault panics with the access error of an index out of the array.
func (s *state) dynFault(d *dynPart, i int64, op string) {
	panic(execError{&AccessError{Kernel: s.k.name, Memory: d.name, Set: -1, Binding: -1,
		Offset: i * int64(d.esize), Size: d.esize, Len: d.count * d.esize, Op: op}})
}

// dynAccess compiles a load (store false: rows of the variable to dst) or
// a store (rows of src to the variable) through dynamic part d of type t.
func (p *prep) dynAccess(d *dynPart, t *typ, val int, store bool) func(*state) {
	L := p.lanes
	v := p.promoted[d.v] + d.off*L
	n := t.comps * L
	step := d.stride * L
	count := int64(d.count)
	op := "OpLoad"
	if store {
		op = "OpStore"
	}
	x := p.rowAt(d.idx) * L
	// lanes picks each lane's element: the index read as a row.
	lanes := func(s *state) {
		ix := s.r[x : x+L]
		for l, raw := range ix {
			if !s.full && !s.mask[l] {
				continue
			}
			i := sx(raw, d.w)
			if i < 0 || i >= count {
				s.dynFault(d, i, op)
			}
			at := v + int(i)*step + l
			for c := 0; c < n; c += L {
				if store {
					s.r[at+c] = s.r[val+c+l]
				} else {
					s.r[val+c+l] = s.r[at+c]
				}
			}
		}
	}
	if !p.uniform(d.idx) {
		p.readsRows(d.idx)
		return lanes
	}
	// One slot of the index holds it for every lane (uniform.go), except
	// after a prologue faulted: then it lies in the active lanes' slots.
	return func(s *state) {
		if s.redo {
			lanes(s)
			return
		}
		i := sx(s.r[x], d.w)
		if i < 0 || i >= count {
			s.dynFault(d, i, op)
		}
		at := v + int(i)*step
		if store {
			s.copyMasked(at, val, n)
		} else {
			s.copyMasked(val, at, n)
		}
	}
}
