package amd64

// PREFETCHT0 is prefetcht0 m: a hint to bring m's cache line into every
// level of the cache. It never faults (an address outside the process's
// memory is dropped), so generated code may prefetch guessed addresses.
func (a *Assembler) PREFETCHT0(m Mem) { a.legacy(false, []byte{0x0f, 0x18}, 1, mem(m), 0) }
