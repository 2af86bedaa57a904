package lanes

import (
	"errors"
	"fmt"
)

// ErrUnsupported is wrapped by Build's errors for SPIR-V the lane tier
// cannot express (images, printf, physical pointers, sub-group operations,
// ...): the host driver then refuses the kernel with this error.
var ErrUnsupported = errors.New("not supported by the lane tier")

// unsupported names the instruction (or type) and why.
func unsupported(what, format string, args ...any) error {
	return fmt.Errorf("%s: %s: %w", what, fmt.Sprintf(format, args...), ErrUnsupported)
}
