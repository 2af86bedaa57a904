package cl

import (
	"fmt"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/driver"
)

// compileSource turns OpenCL C into SPIR-V for dev: the one place that
// calls the compiler. It returns the build log (warnings, or the
// diagnostics of a failed build, rendered with the source line and caret).
var compileSource = func(src, options string, dev *Device) (spirv []byte, log string, err error) {
	opts, err := compiler.ParseOptions(options)
	if err != nil {
		return nil, err.Error(), fmt.Errorf("%w: %v", ErrInvalidBuildOptions, err)
	}
	caps := dev.Driver().Info().Caps
	opts.Features = featuresOf(caps)
	if !caps.Images {
		// OpenCL C defines __IMAGE_SUPPORT__ only for devices with images.
		opts.Undefs = append(opts.Undefs, "__IMAGE_SUPPORT__")
	}
	res, err := compiler.Compile(src, opts)
	if res != nil && res.Diagnostics != nil {
		log = res.Diagnostics.Render(func(file string) (string, bool) {
			return src, file == compiler.SourceName
		})
	}
	if err != nil {
		var dl *diag.List
		if res != nil && res.Diagnostics != nil && res.Diagnostics.HasErrors() {
			dl = res.Diagnostics
		}
		if dl == nil {
			return nil, log + err.Error(), fmt.Errorf("compiling for %s: %w", dev, err)
		}
		return nil, log, fmt.Errorf("compiling for %s: %w", dev, driver.ErrBuildProgramFailure)
	}
	return res.SPIRV, log, nil
}

// featuresOf tells the compiler what the device can do, so that it
// advertises only the extensions the device really has.
func featuresOf(c driver.Caps) compiler.Features {
	return compiler.Features{
		Int8: c.Int8, Int16: c.Int16, Int64: c.Int64, Float16: c.Float16, Float64: c.Float64,
		Storage8: c.Int8, Storage16: c.Int16,
		SignedZeroInfNanPreserve: c.SignedZeroInfNanPreserve,
	}
}
