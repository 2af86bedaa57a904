package spirv

import "sync"

// lazy is a grammar table built on first use. The generated tables are
// maps, which Go builds at program start-up: a `clgo compile` process
// would pay for every enumerant name and extended-instruction set of the
// grammar, most of which only the disassembler and the validator read.
type lazy[T any] struct {
	once sync.Once
	make func() T
	v    T
}

func newLazy[T any](make func() T) *lazy[T] { return &lazy[T]{make: make} }

// get returns the table, building it the first time.
func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.make() })
	return l.v
}
