package cl

import (
	"fmt"

	"github.com/clgo/clgo/driver"
)

// compileSource turns OpenCL C into SPIR-V for dev: the one place that
// calls the compiler. It returns the build log (warnings, or the
// diagnostics of a failed build).
//
// Until package compiler lands, it reports that no compiler is available.
var compileSource = func(src, options string, dev *Device) (spirv []byte, log string, err error) {
	return nil, "clgo: the OpenCL C compiler is not available yet",
		fmt.Errorf("compiling for %s: %w", dev, driver.ErrCompilerNotAvailable)
}
