package host

import "fmt"

// AccessError reports a memory access outside the memory a pointer points
// into; the dispatch that made it fails, and no memory is touched.
type AccessError struct {
	Kernel  string
	Memory  string // what was accessed: "argument x (set 0, binding 1)", "Workgroup variable y", ...
	Set     int    // descriptor set and binding of a buffer, or -1
	Binding int
	Offset  int64 // byte offset of the access
	Size    int   // bytes accessed
	Len     int   // bytes in the memory
	Op      string
}

func (e *AccessError) Error() string {
	return fmt.Sprintf("kernel %s: %s: out-of-bounds access of %d bytes at offset %d of %s (%d bytes)",
		e.Kernel, e.Op, e.Size, e.Offset, e.Memory, e.Len)
}

// PrepareError reports SPIR-V the executor cannot run.
type PrepareError struct {
	Kernel string
	Op     string // instruction spelling, if the error is about one
	ID     uint32 // its result id, or 0
	Pos    int    // word offset in the module, or 0
	Msg    string
	Err    error // a sentinel such as driver.ErrOutOfResources, or nil
}

func (e *PrepareError) Unwrap() error { return e.Err }

func (e *PrepareError) Error() string {
	s := "host: "
	if e.Kernel != "" {
		s += "kernel " + e.Kernel + ": "
	}
	if e.Op != "" {
		s += e.Op
		if e.ID != 0 {
			s += fmt.Sprintf(" %%%d", e.ID)
		}
		if e.Pos != 0 {
			s += fmt.Sprintf(" (word %d)", e.Pos)
		}
		s += ": "
	}
	return s + e.Msg
}
