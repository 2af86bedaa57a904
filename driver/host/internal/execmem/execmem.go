// Package execmem holds generated machine code in executable memory for
// the host driver's native tier: an anonymous private mapping made
// writable, filled, then switched to read+execute, so no page is ever
// writable and executable at once (W^X). It knows nothing of the
// instruction set; packages amd64 and arm64 decide where their code may
// run and do what their architecture needs after the copy.
package execmem

// Code is machine code in executable memory, from Map.
type Code struct {
	mem []byte // the mapping, nil once freed
	n   int    // bytes of code
}

// Addr is the address of the first byte of the code (0 once freed).
func (c *Code) Addr() uintptr {
	if c == nil || c.mem == nil {
		return 0
	}
	return addrOf(c.mem)
}

// Len is the number of code bytes.
func (c *Code) Len() int { return c.n }

// Free unmaps the code. Calling it again, or on nil, does nothing; calling
// the code after Free faults.
func (c *Code) Free() error {
	if c == nil || c.mem == nil {
		return nil
	}
	m := c.mem
	c.mem = nil
	return unmap(m)
}
