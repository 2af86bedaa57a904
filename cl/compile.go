package cl

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/driver"
)

// compileSource turns OpenCL C into SPIR-V for dev: the one place that
// calls the compiler. It returns the build log (warnings, or the
// diagnostics of a failed build, rendered with the source line and caret).
var compileSource = func(src, options string, dev *Device) (spirv []byte, log string, err error) {
	opts, err := compiler.ParseOptions(runtimeOptionsRemoved(options))
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

// runtimeOptions are OpenCL build options that concern the runtime, or
// ask for nothing clgo's output would differ by: the runtime handles them
// and the compiler does not see them. -cl-kernel-arg-info: argument names
// and types are always kept; -cl-uniform-work-group-size: checked at
// enqueue (uniformOnly); -cl-no-subgroup-ifp: no sub-groups; -g and
// -cl-strict-aliasing: no debug information, no aliasing assumptions.
var runtimeOptions = map[string]bool{
	"-cl-kernel-arg-info": true, "-cl-uniform-work-group-size": true, "-cl-no-subgroup-ifp": true,
	"-g": true, "-cl-strict-aliasing": true,
}

// runtimeOptionsRemoved returns options without the runtimeOptions words,
// leaving the rest (quotes and spacing included) as it was.
func runtimeOptionsRemoved(options string) string {
	var b strings.Builder
	rest := options
	for rest != "" {
		i := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsSpace(r) })
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i:]
		j := strings.IndexFunc(rest, unicode.IsSpace)
		if j < 0 {
			j = len(rest)
		}
		if !runtimeOptions[rest[:j]] {
			b.WriteString(rest[:j])
		}
		rest = rest[j:]
	}
	return b.String()
}
