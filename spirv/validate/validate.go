package validate

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// MaxIDBound is the largest id bound accepted: spirv-val's default limit
// (4,194,303 ids). Drivers may lower a module's bound further, to one more
// than its largest id (TightBound), since some size tables by it.
const MaxIDBound = 0x3FFFFF

// Error is a module that fails validation: what is wrong and where.
type Error struct {
	Index  int      // the instruction's index (0: the first after the header), -1 for the header
	Offset int      // its word offset from the start of the module (the magic number is word 0)
	Op     spirv.Op // its opcode (0 for the header)
	Msg    string
}

func (e *Error) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("invalid SPIR-V: header word %d: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("invalid SPIR-V: instruction %d (word %d, %v): %s", e.Index, e.Offset, e.Op, e.Msg)
}

// Binary decodes and validates a SPIR-V binary (either byte order).
func Binary(data []byte) (*spirv.Module, error) {
	m, err := spirv.Decode(data)
	if err != nil {
		var de *spirv.DecodeError
		if errors.As(err, &de) {
			return nil, &Error{Index: de.Index, Offset: de.Offset, Op: de.Op, Msg: de.Msg}
		}
		return nil, err
	}
	if err := Module(m); err != nil {
		return nil, err
	}
	return m, nil
}

// Module validates a decoded module. The checks Decode makes (grammar,
// bound, layout) are not repeated except where a module built in memory
// could break them cheaply.
func Module(m *spirv.Module) error {
	if m.Bound > MaxIDBound {
		return &Error{Index: -1, Offset: 3, Msg: fmt.Sprintf("id bound %d is above the limit of %d", m.Bound, MaxIDBound)}
	}
	if m.Bound == 0 {
		return &Error{Index: -1, Offset: 3, Msg: "id bound is 0"}
	}
	v := newValidator(m)
	return v.run()
}

// TightBound returns one more than the largest result id of m: the
// smallest bound m is valid with.
func TightBound(m *spirv.Module) uint32 {
	bound := uint32(1)
	m.Walk(func(in *spirv.Instruction) {
		if uint32(in.Result) >= bound {
			bound = uint32(in.Result) + 1
		}
	})
	return bound
}
