//go:build clgo_noopencl

package refcl

import "fmt"

// load: a build with the clgo_noopencl tag has no reference platform (and
// no dynamic loading at all, so that a host-only clgo links statically).
func load() error {
	return fmt.Errorf("%w: this clgo was built with the clgo_noopencl tag", ErrNoOpenCL)
}
