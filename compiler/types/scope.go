package types

// scope is one C scope: ordinary identifiers and tags (struct, union, enum)
// live in separate name spaces.
type scope struct {
	parent *scope
	names  map[string]Object
	tags   map[string]Type
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, names: map[string]Object{}, tags: map[string]Type{}}
}

func (s *scope) lookup(name string) Object {
	for ; s != nil; s = s.parent {
		if o, ok := s.names[name]; ok {
			return o
		}
	}
	return nil
}

func (s *scope) lookupTag(name string) (Type, *scope) {
	for ; s != nil; s = s.parent {
		if t, ok := s.tags[name]; ok {
			return t, s
		}
	}
	return nil, nil
}
