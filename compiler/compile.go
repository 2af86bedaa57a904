// Package compiler compiles OpenCL C to Vulkan SPIR-V: preprocessing
// (cpp), parsing (syntax), type checking (types) and lowering (lower), with
// the kernel interface as reflection.
package compiler

import (
	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/lower"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// FileSystem reads #include files (cpp.MapFS for memory, cpp.OSFileSystem).
type FileSystem = cpp.FileSystem

// MapFS is an in-memory file system for #include.
type MapFS = cpp.MapFS

// Result is a compilation's output. Diagnostics holds the warnings even on
// success.
type Result struct {
	SPIRV       []byte
	Module      *spirv.Module
	Reflection  *spirv.Reflection
	Diagnostics *diag.List
}

// SourceName is the file name diagnostics give the source passed to
// Compile.
const SourceName = "<source>"

// Compile compiles the OpenCL C source src. On errors it returns the
// diagnostics list as the error (with a Result holding it too).
func Compile(src string, opts Options) (*Result, error) {
	return CompileFile(SourceName, src, opts)
}

// CompileFile is Compile with the name diagnostics use for the file.
func CompileFile(name, src string, opts Options) (res *Result, err error) {
	diags := opts.newDiags()
	res = &Result{Diagnostics: diags}
	defer internalError(name, res, &err)
	toks := cpp.Preprocess(name, src, opts.cppOptions(), diags)
	if diags.HasErrors() {
		return res, diags
	}
	file := syntax.Parse(name, toks, diags)
	if diags.HasErrors() {
		return res, diags
	}
	conf := opts.typesConfig()
	pkg, info := types.Check([]*syntax.File{file}, conf, diags)
	if diags.HasErrors() {
		diags.Sort()
		return res, diags
	}
	m, refl := opts.lower(pkg, info, diags)
	if diags.HasErrors() || m == nil {
		diags.Sort()
		return res, diags
	}
	if err := opts.optimize(m); err != nil {
		diags.Errorf(diag.Pos{}, "%v", err)
		return res, diags
	}
	res.Module, res.Reflection = m, refl
	res.SPIRV = m.Encode()
	return res, nil
}

// Preprocess runs only the preprocessor and returns the text (clgo
// compile -E).
func Preprocess(name, src string, opts Options) (string, *diag.List) {
	diags := opts.newDiags()
	toks := cpp.Preprocess(name, src, opts.cppOptions(), diags)
	return cpp.Format(toks), diags
}

func (o Options) std() int {
	if o.Std == 0 {
		return 120
	}
	return o.Std
}

func (o Options) cppOptions() cpp.Options {
	fs := o.FS
	if fs == nil {
		fs = cpp.OSFileSystem{}
	}
	defines := append([]string{"VULKAN=100"}, o.Defines...)
	return cpp.Options{
		Defines: defines, Undefs: o.Undefs, IncludeDirs: o.IncludeDirs, Std: o.std(),
		FastRelaxedMath: o.FastRelaxedMath, Extensions: o.Features.extensions(), FS: fs,
		Images:   o.Features.Images,
		Features: o.Features.OpenCLCFeatures(), OpenCLVersion: DeviceOpenCLVersion,
	}
}

func (o Options) lowerOptions() lower.Options {
	v := spirv.Version13
	switch o.TargetEnv {
	case Vulkan12:
		v = spirv.Version15
	case Vulkan13:
		v = spirv.Version16
	}
	return lower.Options{
		Version: v, ClusterPODArgs: o.ClusterPODArgs, PODUBO: o.PODUBO, PODPushConstant: o.PODPushConstant,
		DistinctDescriptorSets: o.DistinctDescriptorSets,
		PrintfBufferSize:       o.PrintfBufferSize,
		Storage8:               o.Features.Storage8, Storage16: o.Features.Storage16,
		SignedZeroInfNanPreserve: o.Features.SignedZeroInfNanPreserve,
		DenormPreserve32:         o.Features.DenormPreserve32 && !o.DenormsAreZero,
		DenormPreserve64:         o.Features.DenormPreserve64 && !o.DenormsAreZero,
		DenormPreserve16:         o.Features.DenormPreserve16 && !o.DenormsAreZero,
		RoundingRTE16:            o.Features.RoundingRTE16,
		FmaFused:                 o.Features.FmaFused,
		LibraryTranscendentals:   o.Features.LibraryTranscendentals,
		Float64:                  o.Features.Float64,
		BoundWorkgroup:           o.Features.BoundWorkgroupAccess,
		LoopLimitCheck:           o.Features.LoopIterationLimit != 0,
		Unroll:                   o.Optimize && !o.OptDisable,
		RelaxedCompareExchange:   o.Features.RelaxedCompareExchange,
		SerialWorkgroups:         o.Features.SerialWorkgroups,
		FenceByAtomic:            o.Features.FenceByAtomic,
		SampleNearestInCode:      o.Features.SampleNearestInCode || o.Features.SampleLinearInCode,
		SampleLinearInCode:       o.Features.SampleLinearInCode,
		MaxPushConstantsSize:     o.Features.MaxPushConstantsSize,
		ReportOutOfBounds:        o.Features.ReportOutOfBounds,
		SubgroupExtendedTypes:    o.Features.SubgroupExtendedTypes,
		Physical:                 o.Addressing == AddressingPhysical,

		// The loop limiter is llvmpipe's (gallivm's loops), which also
		// has the live-out bug LoopExitAtHeader works around.
		LoopExitAtHeader: o.Features.LoopIterationLimit != 0,
	}
}
