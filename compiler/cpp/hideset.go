package cpp

// hideset is the set of macro names that must not expand a token again
// (Prosser's algorithm, which implements C99 6.10.3.4). Sets are immutable
// lists shared between tokens; they stay small, so linear search is fine.
type hideset struct {
	name string
	next *hideset
	n    int // the set's size
}

// maxHideset bounds how many macros one token has come through (a chain
// of macros each expanding to the next): the sets are searched linearly,
// so a hostile chain of 200,000 defines would take hours.
const maxHideset = 4096

func (h *hideset) size() int {
	if h == nil {
		return 0
	}
	return h.n
}

func (h *hideset) has(name string) bool {
	for ; h != nil; h = h.next {
		if h.name == name {
			return true
		}
	}
	return false
}

// with returns h ∪ {name}.
func (h *hideset) with(name string) *hideset {
	if h.has(name) {
		return h
	}
	return &hideset{name, h, h.size() + 1}
}

// union returns a ∪ b.
func union(a, b *hideset) *hideset {
	if b == nil {
		return a
	}
	for ; a != nil; a = a.next {
		b = b.with(a.name)
	}
	return b
}

// intersect returns a ∩ b.
func intersect(a, b *hideset) *hideset {
	var r *hideset
	for ; a != nil; a = a.next {
		if b.has(a.name) {
			r = &hideset{a.name, r, r.size() + 1}
		}
	}
	return r
}
