package vulkan

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/internal/config"
)

// Out-of-bounds reports.
//
// Robust buffer access keeps a kernel's access past the end of a buffer
// inside the buffer (a store is dropped, a load reads 0) and the dispatch
// succeeds, while the host driver fails the dispatch's event. Where the
// device reports driver.Caps.ReportOutOfBounds, the compiler checks every
// buffer argument access (compiler/lower/reportoob.go) and a violation
// leaves a record in the printf buffer; the dispatch's event then fails
// with printf.ErrOutOfBounds naming the argument. The check is on by
// default on CPU devices (lavapipe), where a kernel's bad access would
// otherwise go unnoticed and the check costs little, and off on GPUs,
// which go without it for speed; CLGO_VULKAN_CHECK_BOUNDS=1 or =0 turns
// it on or off for every device.

// reportOutOfBounds says whether kernels for a device of type cpu get the
// check.
func reportOutOfBounds(cpu bool) bool {
	switch config.Get(config.VulkanCheckBounds) {
	case "1":
		return true
	case "0":
		return false
	}
	return cpu
}

// dispatchError is the error a printf buffer's decoding err makes of
// kernel k's dispatch, nil when the dispatch stands (an overflow only
// loses output).
func (l *logical) dispatchError(k *kernel, err error) error {
	var oob *printf.OutOfBoundsError
	switch {
	case errors.Is(err, printf.ErrLoopLimit):
		return fmt.Errorf("vulkan: %s: kernel %s: %w", l.info.Name, k.refl.Name, err)
	case errors.As(err, &oob):
		name := ""
		for _, a := range k.refl.Args {
			if a.Ordinal == oob.Arg {
				name = a.Name
			}
		}
		return fmt.Errorf("vulkan: %s: kernel %s, argument %q: %w", l.info.Name, k.refl.Name, name, err)
	}
	return nil
}
