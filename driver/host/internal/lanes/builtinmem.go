package lanes

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// A built-in input indexed by a variable (get_local_id(d) with d known
// only at run time) is read from memory. The
// lane's built-in vector is stored into a Private region of its own (one
// per built-in, named as the variable, Size the vector's bytes), and the
// access chain goes on into that region; an index outside the vector
// then traps with an access error.

// builtinMemory is p, a pointer to a whole built-in vector, as a pointer
// into the Private region that holds the vector's value for each lane.
func (b *builder) builtinMemory(p ptr) (ptr, error) {
	t := p.t
	if p.comp >= 0 || t.op != spirv.OpTypeVector || len(t.leaves) != 3 || t.leaves[0].kind != I32 || t.leaves[0].size != 4 {
		return p, unsupported("OpAccessChain", "built-in %s indexed by a variable", p.builtin)
	}
	name := fmt.Sprintf("built-in %s", p.builtin)
	var first spirv.ID // the variable with the lowest id names the region
	for id, g := range b.globals {
		if g.region < 0 && g.builtin == p.builtin && (first == 0 || id < first) {
			first = id
			if n := b.x.Name(id); n != "" {
				name = n
			} else {
				name = fmt.Sprintf("%%%d", id)
			}
		}
	}
	r := -1
	for i, rg := range b.p.Regions {
		if rg.Builtin && rg.Name == name && rg.Size == t.size {
			r = i
		}
	}
	if r < 0 {
		r = len(b.p.Regions)
		b.p.Regions = append(b.p.Regions, Region{Kind: RegionPrivate, Set: -1, Binding: -1, Size: t.size, Name: name, Builtin: true})
	}
	v, err := b.loadBuiltin(&p, t)
	if err != nil {
		return p, err
	}
	mem := ptr{region: r, comp: -1, off: b.konst(I32, 0), t: t}
	live := b.newValue(Mask, Varying)
	b.emit(Op{Code: LiveLanes, Kind: Mask, Dst: live, A: NoValue, B: NoValue, C: NoValue, M: NoValue})
	if err := b.store(&mem, v, live); err != nil {
		return p, err
	}
	return mem, nil
}
