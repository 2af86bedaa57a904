package cl

import (
	"errors"
	"fmt"
	"slices"
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
	opts, err := compilerOptions(options, dev)
	if err != nil {
		return nil, err.Error(), optionsError(err)
	}
	res, err := compiler.Compile(src, opts)
	if res != nil && res.Diagnostics != nil {
		log = res.Diagnostics.Render(func(file string) (string, bool) {
			return src, file == compiler.SourceName
		})
	}
	var out []byte
	if err == nil {
		out = res.SPIRV
	}
	dumpBuild(src, options, dev, out, log)
	if err != nil {
		var dl *diag.List
		if res != nil && res.Diagnostics != nil && res.Diagnostics.HasErrors() {
			dl = res.Diagnostics
		}
		if dl == nil {
			return nil, log + err.Error(), err
		}
		return nil, log, driver.ErrBuildProgramFailure
	}
	return res.SPIRV, log, nil
}

// compileUnit checks src as one unit of a program made by separate
// compilation (clCompileProgram): it must compile on its own except for
// calls to functions that another unit defines. It returns the log of the
// other diagnostics, and the preprocessed source, which a link builds (so
// that the unit's -D and -I options, and header files that are gone by
// then, apply to it alone).
var compileUnit = func(src, options string, dev *Device) (log, preprocessed string, err error) {
	opts, err := compilerOptions(options, dev)
	if err != nil {
		return err.Error(), "", optionsError(err)
	}
	res, err := compiler.Compile(src, opts)
	if res == nil || res.Diagnostics == nil {
		if err != nil {
			return err.Error(), "", err
		}
		return "", "", errors.New("the compiler gave no diagnostics list")
	}
	// The compiler has no object files: a unit's calls to functions
	// defined elsewhere are errors of a whole-program build only.
	kept := withoutUndefined(res.Diagnostics)
	log = kept.Render(func(file string) (string, bool) { return src, file == compiler.SourceName })
	if kept.HasErrors() {
		return log, "", driver.ErrBuildProgramFailure
	}
	text, pd := compiler.Preprocess(compiler.SourceName, src, opts)
	if pd.HasErrors() {
		return log, "", pd
	}
	return log, text, nil
}

// linkUnits is compileSource for a program of separately compiled units
// (compiler.Link): each unit is its own translation unit, and the log
// names them <unit 1>, <unit 2>, ... in order.
var linkUnits = func(units []string, options string, dev *Device) (spirv []byte, log string, err error) {
	opts, err := compilerOptions(options, dev)
	if err != nil {
		return nil, err.Error(), optionsError(err)
	}
	res, err := compiler.Link(compilerUnits(units), opts)
	if res != nil && res.Diagnostics != nil {
		log = res.Diagnostics.Render(unitSource(units))
	}
	if err != nil {
		if res == nil || res.Diagnostics == nil || !res.Diagnostics.HasErrors() {
			return nil, log + err.Error(), err
		}
		return nil, log, driver.ErrBuildProgramFailure
	}
	return res.SPIRV, log, nil
}

// checkUnits checks units together as a library (clLinkProgram
// -create-library): as linkUnits, but calls to functions and uses of
// variables that no unit defines are allowed.
var checkUnits = func(units []string, options string, dev *Device) (log string, err error) {
	opts, err := compilerOptions(options, dev)
	if err != nil {
		return err.Error(), optionsError(err)
	}
	res, err := compiler.Link(compilerUnits(units), opts)
	if res == nil || res.Diagnostics == nil {
		if err != nil {
			return err.Error(), err
		}
		return "", errors.New("the compiler gave no diagnostics list")
	}
	kept := withoutUndefined(res.Diagnostics)
	log = kept.Render(unitSource(units))
	if kept.HasErrors() {
		return log, driver.ErrBuildProgramFailure
	}
	return log, nil
}

func compilerUnits(units []string) []compiler.Unit {
	out := make([]compiler.Unit, len(units))
	for i, u := range units {
		out[i] = compiler.Unit{Name: compiler.UnitName(i), Source: u}
	}
	return out
}

// unitSource finds a unit's text by its name, for rendering diagnostics.
func unitSource(units []string) func(string) (string, bool) {
	return func(file string) (string, bool) {
		for i, u := range units {
			if file == compiler.UnitName(i) {
				return u, true
			}
		}
		return "", false
	}
}

// withoutUndefined drops the errors about functions and variables that
// are declared but defined by no unit: a unit of separate compilation, or
// a library, may use what another unit defines.
func withoutUndefined(l *diag.List) *diag.List {
	kept := &diag.List{}
	for _, d := range l.Diags {
		if d.Severity == diag.Error && (strings.HasPrefix(d.Msg, "function '") || strings.HasPrefix(d.Msg, "variable '")) &&
			strings.HasSuffix(d.Msg, "' is declared but never defined") {
			continue
		}
		kept.Diags = append(kept.Diags, d)
	}
	return kept
}

// compilerOptions parses OpenCL build options for a compilation for dev.
// CheckOptions reports whether the compiler accepts options (as
// clBuildProgram and clCompileProgram take them): options do not depend on
// the device, so a build checks them before anything else, including
// whether kernels are attached, and a build run on a goroutine still
// returns their error to its caller.
func CheckOptions(options string) error {
	_, err := compiler.ParseOptions(runtimeOptionsRemoved(options))
	return err
}

func compilerOptions(options string, dev *Device) (compiler.Options, error) {
	opts, err := compiler.ParseOptions(runtimeOptionsRemoved(withPhysicalOptions(options, dev)))
	if err != nil {
		return opts, err
	}
	physicalOptions(&opts, dev)
	opts.Features = dev.compileFeatures()
	// -cl-std=CL2.0 builds, although no clgo device lists OpenCL C 2.0
	// (pipes and device-side enqueue are missing): code written for 2.0
	// passes it to get generic pointers, C11 atomics and the other 2.0
	// features, which it then gets where the device has them, as under
	// CL3.0 (docs/opencl-c-versions.md).
	// Under -cl-std=CL3.0 the compiler predefines a macro for each
	// optional feature of opts.Features: the list OpenCLCFeatures reports.
	return opts, nil
}

// optionsError is the error of a build whose options compilerOptions
// refused: CL_INVALID_BUILD_OPTIONS, or a build failure for a language
// version the device lacks.
func optionsError(err error) error {
	if errors.Is(err, driver.ErrBuildProgramFailure) {
		return err
	}
	return fmt.Errorf("%w: %v", ErrInvalidBuildOptions, err)
}

// OpenCLCFeatures returns the optional OpenCL C 3.0 features that the
// compiler supports on d (CL_DEVICE_OPENCL_C_FEATURES), each also a macro
// that -cl-std=CL3.0 predefines: compiler.Features.OpenCLCFeatures for
// the features the device's builds are compiled with.
func (d *Device) OpenCLCFeatures() []string {
	return d.compileFeatures().OpenCLCFeatures()
}

// OpenCLCVersions returns the OpenCL C versions that builds for d accept
// as -cl-std (CL_DEVICE_OPENCL_C_ALL_VERSIONS), ×100.
func (d *Device) OpenCLCVersions() []int { return compiler.OpenCLCVersions }

// compileFeatures are the compiler.Features of builds for d.
func (d *Device) compileFeatures() compiler.Features {
	f := featuresOf(driver.CompileCaps(d.Driver()))
	// Image builtins, __IMAGE_SUPPORT__ and the image features only where
	// CL_DEVICE_IMAGE_SUPPORT is true (Caps.Images and a
	// driver.ImageDevice), with what its formats and limits give.
	f.Images = d.info.ImageSupport
	if f.Images {
		f.Images3DWrites = len(d.ImageFormats(MemObjectImage3D, MemWriteOnly)) > 0
		f.ReadWriteImages = d.info.Images.MaxReadWriteArgs > 0
		f.DepthImages = slices.ContainsFunc(d.ImageFormats(MemObjectImage2D, MemReadOnly), func(ft ImageFormat) bool { return ft.Order == Depth })
	}
	return f
}

// featuresOf tells the compiler what the device can do, so that it
// advertises only the extensions the device really has.
func featuresOf(c driver.Caps) compiler.Features {
	return compiler.Features{
		Int8: c.Int8, Int16: c.Int16, Int64: c.Int64, Float16: c.Float16, Float64: c.Float64,
		Storage8: c.Int8, Storage16: c.Int16, Atomics64: c.Atomics64,
		SignedZeroInfNanPreserve: c.SignedZeroInfNanPreserve,
		DenormPreserve32:         c.DenormPreserve32, DenormPreserve64: c.DenormPreserve64,
		DenormPreserve16:       c.DenormPreserve16,
		RoundingRTE16:          c.RoundingRTE16,
		FmaFused:               c.FmaFused,
		LibraryTranscendentals: c.LibraryTranscendentals,
		BoundWorkgroupAccess:   c.BoundWorkgroupAccess,
		LoopIterationLimit:     c.LoopIterationLimit,
		ReportOutOfBounds:      c.ReportOutOfBounds,
		// OpenCL C defines __IMAGE_SUPPORT__ only for devices with images.
		Images:                             c.Images,
		Subgroups:                          compiler.SubgroupOps(c.SubgroupOps),
		SubgroupExtendedTypes:              c.SubgroupExtendedTypes,
		SubgroupIndependentForwardProgress: c.SubgroupIndependentForwardProgress,
		RelaxedCompareExchange:             c.RelaxedCompareExchange,
		SerialWorkgroups:                   c.SerialWorkgroups,
		FenceByAtomic:                      c.FenceByAtomic,
		SampleNearestInCode:                c.SampleNearestInCode,
		SampleLinearInCode:                 c.SampleLinearInCode,
		MaxPushConstantsSize:               c.MaxPushConstantsSize,
	}
}

// runtimeOptions are OpenCL build options that concern the runtime, or
// ask for nothing clgo's output would differ by: the runtime handles them
// and the compiler does not see them. -cl-kernel-arg-info: argument names
// and types are always kept; -cl-uniform-work-group-size: checked at
// enqueue (uniformOnly); -cl-no-subgroup-ifp: no clgo device gives
// sub-groups independent forward progress in the first place; -g and
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
