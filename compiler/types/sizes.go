package types

// Sizeof returns the size in bytes of a value of type t for this
// configuration (pointers, size_t: AddressBits/8); 0 for incomplete types.
func (c *Config) Sizeof(t Type) int64 {
	switch t := t.(type) {
	case *Basic:
		return t.Size()
	case *Vector:
		return t.Size()
	case *Pointer:
		return c.ptrSize()
	case *Array:
		if t.Len < 0 {
			return 0
		}
		return t.Len * c.Sizeof(t.Elem)
	case *Struct:
		return t.Size
	case *Enum:
		return Underlying(t).(*Basic).Size()
	case *Image, *Sampler, *Event:
		return c.ptrSize()
	}
	return 0
}

// Alignof returns the alignment in bytes of type t: a scalar's size, a
// vector's size (3-vectors as 4), an array's element alignment, or what an
// aligned attribute of its typedef says.
func (c *Config) Alignof(t Type) int64 {
	switch t := t.(type) {
	case *Basic:
		if t.Aligned > 0 {
			return t.Aligned
		}
	case *Vector:
		if t.Aligned > 0 {
			return t.Aligned
		}
	case *Pointer:
		if t.Aligned > 0 {
			return t.Aligned
		}
	case *Array:
		if t.Aligned > 0 {
			return t.Aligned
		}
		return c.Alignof(t.Elem)
	case *Struct:
		if t.Align == 0 {
			return 1
		}
		return t.Align
	}
	if s := c.Sizeof(t); s > 0 {
		return s
	}
	return 1
}

func (c *Config) ptrSize() int64 {
	if c.AddressBits == 64 {
		return 8
	}
	return 4
}

// SizeT is size_t for this configuration: uint for 32-bit addresses, ulong
// for 64.
func (c *Config) SizeT() *Basic {
	if c.AddressBits == 64 {
		return &Basic{Kind: ULong, Name: "size_t"}
	}
	return &Basic{Kind: UInt, Name: "size_t"}
}
