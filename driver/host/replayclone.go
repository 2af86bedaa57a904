package host

import (
	"cmp"
	"slices"
)

// A tier that traps where its 32-bit offsets cannot say where replays the
// group on copies of the dispatch's buffers (exactGroupError, tier.go). A program may bind one memory to several
// arguments (one cl_mem twice, overlapping sub-buffers); copied one by
// one, such resources would no longer share their bytes, and a replay
// whose stores through one argument feed loads through another would run
// another way than the dispatch did (in bounds, finding nothing).

// cloneResources copies the bytes of rs, resources that share memory
// sharing the same bytes of the copy.
func cloneResources(rs []Resource) []Resource {
	out := slices.Clone(rs)
	type span struct {
		lo, hi uintptr
		i      int
	}
	var spans []span
	for i, r := range rs {
		if len(r.Data) == 0 {
			continue
		}
		lo, hi := memSpan(r.Data)
		spans = append(spans, span{lo, hi, i})
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
	for s := 0; s < len(spans); {
		// spans[s:e] overlap one another in a chain: one copy of their
		// union, [lo, hi), which they cover.
		lo, hi, e := spans[s].lo, spans[s].hi, s+1
		for e < len(spans) && spans[e].lo < hi {
			hi = max(hi, spans[e].hi)
			e++
		}
		buf := make([]byte, hi-lo)
		for _, sp := range spans[s:e] {
			copy(buf[sp.lo-lo:], rs[sp.i].Data)
		}
		for _, sp := range spans[s:e] {
			a, b := sp.lo-lo, sp.hi-lo
			out[sp.i].Data = buf[a:b:b]
		}
		s = e
	}
	return out
}
