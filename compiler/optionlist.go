package compiler

import (
	"fmt"
	"strconv"
	"strings"
)

// optionTable lists every option; optiontable.go looks them up. Names and
// meanings follow clspv (lib/Option.cpp, lib/Compiler.cpp) and the OpenCL
// specification's clBuildProgram options (§5.8.6).
var optionTable = []*OptionInfo{
	// Preprocessor.
	{Name: "-D", Arg: Prefix, Meta: "NAME[=VALUE]", Help: "define a macro, as #define NAME VALUE (VALUE defaults to 1)", Example: "-DTILE=16",
		apply: func(o *Options, v string) error { o.Defines = append(o.Defines, v); return nil }},
	{Name: "-U", Arg: Prefix, Meta: "NAME", Help: "undefine a macro, predefined or from an earlier -D", Example: "-U__IMAGE_SUPPORT__",
		apply: func(o *Options, v string) error { o.Undefs = append(o.Undefs, v); return nil }},
	{Name: "-I", Arg: Prefix, Meta: "DIR", Help: "search DIR for #include files, after the including file's directory", Example: "-I include",
		apply: func(o *Options, v string) error { o.IncludeDirs = append(o.IncludeDirs, v); return nil }},
	{Name: "-cl-std", Arg: Value, Meta: "VERSION", Help: "the OpenCL C version: CL1.0, CL1.1, CL1.2 (default), CL2.0 or CL3.0", Example: "-cl-std=CL2.0",
		apply: parseStd},
	{Name: "-x", Arg: Value, Meta: "LANGUAGE", Status: Implemented, Help: "the input language; only cl (OpenCL C) is taken, clspv's ir (LLVM IR) is not", Example: "-x cl",
		apply: func(o *Options, v string) error {
			if v != "cl" {
				return fmt.Errorf("only OpenCL C input (-x cl) is supported, not %q", v)
			}
			return nil
		}},

	// Math and optimization (OpenCL §5.8.6.3-4).
	{Name: "-cl-single-precision-constant", Help: "floating-point literals without a suffix are float, not double", Example: "-cl-single-precision-constant",
		apply: flag(func(o *Options, on bool) { o.SinglePrecisionConst = on })},
	{Name: "-cl-denorms-are-zero", Help: "let float and double subnormals flush to zero (no DenormPreserve execution mode)", Example: "-cl-denorms-are-zero",
		apply: flag(func(o *Options, on bool) { o.DenormsAreZero = on })},
	{Name: "-cl-fp32-correctly-rounded-divide-sqrt", Status: Ignored, Help: "float x/y, 1/x and sqrt correctly rounded",
		Why: "not honoured: float division and sqrt keep OpenCL's 2.5 and 3 ULP bounds", Example: "-cl-fp32-correctly-rounded-divide-sqrt"},
	{Name: "-cl-opt-disable", Help: "skip clgo's SPIR-V optimizer (spirv/opt) and loop unrolling", Example: "-cl-opt-disable",
		apply: flag(func(o *Options, on bool) { o.OptDisable = on })},
	{Name: "-O", Arg: Prefix, JoinedOnly: true, Meta: "LEVEL", Help: "optimization level: -O0 skips the SPIR-V optimizer and loop unrolling; -O1, -O2 (default), -O3, -Os, -Oz run it", Example: "-O0",
		apply: func(o *Options, v string) error {
			switch v {
			case "0":
				o.Optimize = false
			case "", "1", "2", "3", "s", "z":
				o.Optimize = true
			default:
				return fmt.Errorf("unknown optimization level -O%s (want 0, 1, 2, 3, s or z)", v)
			}
			return nil
		}},
	{Name: "-cl-mad-enable", Help: "allow a*b+c to become a fused or less precise mad", Example: "-cl-mad-enable",
		apply: flag(func(o *Options, on bool) { o.MadEnable = on })},
	{Name: "-cl-no-signed-zeros", Help: "allow optimizations that ignore the sign of zero", Example: "-cl-no-signed-zeros",
		apply: flag(func(o *Options, on bool) { o.NoSignedZeros = on })},
	{Name: "-cl-unsafe-math-optimizations", Help: "allow optimizations that may break IEEE 754 and OpenCL's precision; implies -cl-no-signed-zeros and -cl-mad-enable", Example: "-cl-unsafe-math-optimizations",
		apply: flag(func(o *Options, on bool) {
			o.UnsafeMathOpts = on
			if on {
				o.MadEnable, o.NoSignedZeros = true, true
			}
		})},
	{Name: "-cl-finite-math-only", Help: "assume no argument or result is NaN or infinite", Example: "-cl-finite-math-only",
		apply: flag(func(o *Options, on bool) { o.FiniteMathOnly = on })},
	{Name: "-cl-fast-relaxed-math", Help: "defines __FAST_RELAXED_MATH__ and implies -cl-finite-math-only and -cl-unsafe-math-optimizations; math builtins may use their relaxed bounds", Example: "-cl-fast-relaxed-math",
		apply: flag(fastRelaxed)},
	{Name: "-cl-native-math", Help: "clspv: all math as fast as possible; clgo treats it as -cl-fast-relaxed-math", Example: "-cl-native-math",
		apply: flag(fastRelaxed)},
	{Name: "-use-native-builtins", Arg: Value, Meta: "LIST", Status: Ignored, Help: "clspv: builtins to take from the device's native implementation",
		Why: "clgo picks each builtin's implementation from its precision bound", Example: "-use-native-builtins=sqrt,fma"},

	// OpenCL build options the runtime handles.
	{Name: "-cl-kernel-arg-info", Status: Accepted, Help: "keep kernel argument names and types for clGetKernelArgInfo",
		Why: "argument information is always kept in the reflection", Example: "-cl-kernel-arg-info"},
	{Name: "-cl-uniform-work-group-size", Status: Accepted, Help: "OpenCL 2.0: the global size is a multiple of the work-group size",
		Why: "the runtime checks it at enqueue", Example: "-cl-uniform-work-group-size"},
	{Name: "-uniform-workgroup-size", Status: Accepted, Help: "clspv: assume all work-groups are full",
		Why: "clgo's kernels run both uniform and non-uniform work-groups", Example: "-uniform-workgroup-size"},
	{Name: "-cl-arm-non-uniform-work-group-size", Status: Accepted, Help: "clspv: enable cl_arm_non_uniform_work_group_size",
		Why: "non-uniform work-groups are always supported", Example: "-cl-arm-non-uniform-work-group-size"},
	{Name: "-cl-no-subgroup-ifp", Status: Accepted, Help: "OpenCL 2.1: no independent forward progress of sub-groups",
		Why: "no clgo device gives sub-groups independent forward progress", Example: "-cl-no-subgroup-ifp"},
	{Name: "-cl-strict-aliasing", Status: Accepted, Help: "OpenCL 1.x: assume strict aliasing",
		Why: "clgo makes no aliasing assumptions; deprecated in OpenCL 2.0", Example: "-cl-strict-aliasing"},
	{Name: "-g", Status: Ignored, Help: "produce debug information", Why: "clgo emits no debug information yet", Example: "-g"},

	// Warnings.
	{Name: "-w", Help: "suppress every warning", Example: "-w",
		apply: flag(func(o *Options, on bool) { o.NoWarnings = on })},
	{Name: "-Werror", Arg: OptValue, Meta: "NAME", Help: "turn every warning, or only warning NAME, into an error", Example: "-Werror=unused-variable",
		apply: func(o *Options, v string) error {
			switch v {
			case "", "1":
				o.WarningsAsErrors = true
			case "0":
				o.WarningsAsErrors = false
			default:
				o.WarningFlags = append(o.WarningFlags, "error="+v)
			}
			return nil
		}},
	{Name: "-W", Arg: Prefix, JoinedOnly: true, Meta: "NAME", Help: "enable warning NAME (-Wno-NAME disables it); -Wall and -Wextra enable groups (see clgo help warnings)", Example: "-Wno-unused-variable",
		apply: func(o *Options, v string) error {
			if v == "" {
				return fmt.Errorf("-W needs a warning name, as in -Wall")
			}
			o.WarningFlags = append(o.WarningFlags, v)
			return nil
		}},

	// The Vulkan mapping (clspv's options).
	{Name: "--target-env", Arg: Value, Meta: "ENV", Help: "the Vulkan environment: vulkan1.1 (SPIR-V 1.3, default), vulkan1.2 (1.5) or vulkan1.3 (1.6)", Example: "--target-env vulkan1.2",
		apply: func(o *Options, v string) error {
			switch TargetEnv(v) {
			case Vulkan11, Vulkan12, Vulkan13:
				o.TargetEnv = TargetEnv(v)
				return nil
			}
			return fmt.Errorf("unknown target environment %q (want vulkan1.1, vulkan1.2 or vulkan1.3)", v)
		}},
	{Name: "-spv-version", Arg: Value, Meta: "VERSION", Help: "the SPIR-V version: 1.3 (default), 1.5 or 1.6 (as --target-env vulkan1.1/1.2/1.3); 1.0 and 1.4 give 1.3 with a warning", Example: "-spv-version=1.5",
		apply: func(o *Options, v string) error {
			switch v {
			case "1.3":
				o.TargetEnv = Vulkan11
			case "1.5":
				o.TargetEnv = Vulkan12
			case "1.6":
				o.TargetEnv = Vulkan13
			case "1.0", "1.4":
				o.TargetEnv = Vulkan11
				o.ignore("-spv-version="+v, "clgo emits SPIR-V 1.3, 1.5 or 1.6; SPIR-V 1.3 (Vulkan 1.1) is used")
			default:
				return fmt.Errorf("unknown SPIR-V version %q (want 1.0, 1.3, 1.4, 1.5 or 1.6)", v)
			}
			return nil
		}},
	{Name: "-arch", Arg: Value, Meta: "ARCH", Help: "pointer size: spir or spirv (32-bit size_t and pointers, default); spir64 or spirv64 (64-bit, as clang's spir64)", Example: "-arch=spir64",
		apply: func(o *Options, v string) error {
			switch v {
			case "spir", "spirv":
				o.AddressBits = 32
			case "spir64", "spirv64":
				o.AddressBits = 64
			default:
				return fmt.Errorf("unknown architecture %q (want spir, spir64, spirv or spirv64)", v)
			}
			return nil
		}},
	{Name: "-physical-storage-buffers", Arg: OptValue, Meta: "auto", Help: "clspv: global memory through PhysicalStorageBuffer64 addresses (64-bit pointers); =auto only where the descriptor mapping cannot express the module (docs/physical.md)",
		Example: "-physical-storage-buffers=auto",
		apply: func(o *Options, v string) error {
			switch v {
			case "", "1", "true":
				o.Addressing = AddressingPhysical
			case "0", "false":
				o.Addressing = AddressingLogical
			case "auto":
				o.Addressing = AddressingAuto
			default:
				return fmt.Errorf("unknown value %q (want auto, 1 or 0)", v)
			}
			return nil
		}},
	{Name: "-cluster-pod-kernel-args", Help: "gather POD (non-pointer) kernel arguments into one struct (default on; =0 gives each its own binding)", Example: "-cluster-pod-kernel-args=0",
		apply: flag(func(o *Options, on bool) { o.ClusterPODArgs = on })},
	{Name: "-pod-ubo", Help: "POD kernel arguments in a uniform buffer instead of a storage buffer", Example: "-pod-ubo",
		apply: flag(func(o *Options, on bool) { o.PODUBO = on })},
	{Name: "-pod-pushconstant", Help: "POD kernel arguments in push constants", Example: "-pod-pushconstant",
		apply: flag(func(o *Options, on bool) { o.PODPushConstant = on })},
	{Name: "-max-pushconstant-size", Arg: Value, Meta: "BYTES", Status: Ignored, Help: "clspv: the largest push-constant block",
		Why: "the runtime checks push-constant sizes against the device's limit", Example: "-max-pushconstant-size=256"},
	{Name: "-distinct-kernel-descriptor-sets", Help: "each kernel's arguments in its own descriptor set", Example: "-distinct-kernel-descriptor-sets",
		apply: flag(func(o *Options, on bool) { o.DistinctDescriptorSets = on })},
	{Name: "-global-offset", Status: Accepted, Help: "clspv: support get_global_offset", Why: "the global offset is always supported", Example: "-global-offset"},
	{Name: "-global-offset-push-constant", Status: Accepted, Help: "clspv: the global offset in push constants",
		Why: "the global offset is always supported, where clgo's reflection says", Example: "-global-offset-push-constant"},
	{Name: "-work-dim", Status: Accepted, Help: "clspv: support get_work_dim", Why: "get_work_dim is always supported", Example: "-work-dim"},
	{Name: "-enable-printf", Status: Accepted, Help: "clspv: support printf", Why: "printf is always supported", Example: "-enable-printf"},
	{Name: "-printf-buffer-size", Arg: Value, Meta: "BYTES", Help: "the printf buffer's size (a multiple of 4, at least 16; default 1 MiB)", Example: "-printf-buffer-size=65536",
		apply: func(o *Options, v string) error {
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil || n < 16 || n%4 != 0 {
				return fmt.Errorf("bad printf buffer size %q (want a multiple of 4, at least 16)", v)
			}
			o.PrintfBufferSize = uint32(n)
			return nil
		}},
	{Name: "-images", Help: "image support (default on); =0 undefines __IMAGE_SUPPORT__", Example: "-images=0",
		apply: func(o *Options, v string) error {
			if v == "0" {
				o.Undefs = append(o.Undefs, "__IMAGE_SUPPORT__")
			}
			return nil
		}},
	{Name: "-fp16", Help: "cl_khr_fp16 (default: what the device has); =0 turns it off", Example: "-fp16=0",
		apply: flag(func(o *Options, on bool) { o.Features.Float16 = o.Features.Float16 && on })},
	{Name: "-fp64", Help: "cl_khr_fp64 and __opencl_c_fp64 (default: what the device has); =0 turns them off", Example: "-fp64=0",
		apply: flag(func(o *Options, on bool) { o.Features.Float64 = o.Features.Float64 && on })},
	{Name: "-int8", Help: "8-bit integers (default on); =0 is ignored with a warning", Example: "-int8",
		apply: ignoreUnless("1", "-int8", "char types are always supported")},
	{Name: "-long-vector", Help: "8- and 16-element vectors (default on); =0 is ignored with a warning", Example: "-long-vector",
		apply: ignoreUnless("1", "-long-vector", "8- and 16-element vectors are always supported")},
	{Name: "-no-8bit-storage", Arg: Value, Meta: "CLASSES", Help: "no 8-bit types in the interface storage classes named (ssbo, ubo, pushconstant); clgo turns 8-bit storage off for all of them", Example: "-no-8bit-storage=ssbo",
		apply: func(o *Options, v string) error { o.Features.Storage8 = false; return storageClasses(v) }},
	{Name: "-no-16bit-storage", Arg: Value, Meta: "CLASSES", Help: "no 16-bit types in the interface storage classes named (ssbo, ubo, pushconstant); clgo turns 16-bit storage off for all of them", Example: "-no-16bit-storage=ssbo",
		apply: func(o *Options, v string) error { o.Features.Storage16 = false; return storageClasses(v) }},
	{Name: "-inline-entry-points", Status: Accepted, Help: "clspv: inline everything into the kernels",
		Why: "clgo lowers calls itself; the output is valid either way", Example: "-inline-entry-points"},
	{Name: "-no-inline-single", Status: Accepted, Help: "clspv: do not inline functions called once", Why: "clgo lowers calls itself", Example: "-no-inline-single"},
	{Name: "-no-dra", Status: Accepted, Help: "clspv: no direct resource access in helper functions", Why: "clgo passes resources as (resource, offset) pointers", Example: "-no-dra"},
	{Name: "-no-smsv", Status: Accepted, Help: "clspv: do not share module-scope variables", Why: "clgo does not share them", Example: "-no-smsv"},
	{Name: "-enable-opaque-pointers", Status: Accepted, Help: "clspv: LLVM opaque pointers", Why: "no LLVM inside clgo", Example: "-enable-opaque-pointers"},
	{Name: "-decorate-nonuniform", Status: Ignored, Help: "clspv: NonUniform decorations on pointers", Why: "not implemented", Example: "-decorate-nonuniform"},
	{Name: "-constant-args-ubo", Status: Ignored, Help: "clspv: __constant pointer arguments in uniform buffers", Why: "__constant arguments are storage buffers", Example: "-constant-args-ubo"},
	{Name: "-module-constants-in-storage-buffer", Status: Ignored, Help: "clspv: program-scope __constant data in one storage buffer", Why: "program-scope constants are SPIR-V constants", Example: "-module-constants-in-storage-buffer"},
	{Name: "-max-ubo-size", Arg: Value, Meta: "BYTES", Status: Ignored, Help: "clspv: the largest uniform buffer", Why: "no uniform buffers but -pod-ubo's", Example: "-max-ubo-size=65536"},
	{Name: "-relaxed-ubo-layout", Status: Ignored, Help: "clspv: relaxed uniform buffer layout", Why: "the layout is always Vulkan's standard one", Example: "-relaxed-ubo-layout"},
	{Name: "-std430-ubo-layout", Status: Ignored, Help: "clspv: std430 uniform buffer layout", Why: "the layout is always Vulkan's standard one", Example: "-std430-ubo-layout"},
	{Name: "-scalar-block-layout", Status: Ignored, Help: "clspv: assume VK_EXT_scalar_block_layout", Why: "not used", Example: "-scalar-block-layout"},
	{Name: "-rewrite-packed-structs", Status: Ignored, Help: "clspv: rewrite packed structs as byte arrays", Why: "packed structs take the word-buffer path", Example: "-rewrite-packed-structs"},
	{Name: "-enable-feature-macros", Arg: Value, Meta: "LIST", Status: Ignored, Help: "clspv: the OpenCL C 3.0 feature macros to define", Why: "the runtime defines the device's features", Example: "-enable-feature-macros=__opencl_c_fp64"},
	{Name: "-rounding-mode-rte", Arg: Value, Meta: "WIDTHS", Status: Ignored, Help: "clspv: RoundingModeRTE execution mode for 16, 32, 64", Why: "not emitted", Example: "-rounding-mode-rte=32"},
	{Name: "-vec3-to-vec4", Status: Ignored, Help: "clspv: lower 3-element vectors to 4", Why: "3-element vectors are kept", Example: "-vec3-to-vec4"},
	{Name: "-no-vec3-to-vec4", Status: Accepted, Help: "clspv: keep 3-element vectors", Why: "3-element vectors are kept", Example: "-no-vec3-to-vec4"},
	{Name: "-show-ids", Status: Ignored, Help: "clspv: show SPIR-V ids of functions", Why: "use clgo compile -S", Example: "-show-ids"},
	{Name: "-keep-unused-arguments", Status: Accepted, Help: "clspv: keep unused arguments of helper functions", Why: "they are kept", Example: "-keep-unused-arguments"},
	{Name: "-hack-initializers", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-initializers"},
	{Name: "-hack-dis", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-dis"},
	{Name: "-hack-inserts", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-inserts"},
	{Name: "-hack-scf", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-scf"},
	{Name: "-hack-undef", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-undef"},
	{Name: "-hack-phis", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-phis"},
	{Name: "-hack-block-order", Status: Ignored, Help: "clspv driver workaround", Why: "blocks are always in structured order", Example: "-hack-block-order"},
	{Name: "-hack-clamp-width", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-clamp-width"},
	{Name: "-hack-mul-extended", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-mul-extended"},
	{Name: "-hack-convert-to-float", Status: Ignored, Help: "clspv driver workaround", Why: "driver workarounds are not needed", Example: "-hack-convert-to-float"},
	{Name: "-hack-logical-ptrtoint", Status: Accepted, Help: "clspv: ptrtoint on logical pointers", Why: "pointer-to-integer casts work on offsets", Example: "-hack-logical-ptrtoint"},
	{Name: "-verify", Status: Unsupported, Help: "clspv: check expected-error comments", Why: "use clgo's diagnostics tests (internal/corpus)", Example: "-verify"},
	{Name: "-emit-ir", Arg: Value, Meta: "FILE", Status: Unsupported, Help: "clspv: write LLVM IR", Why: "clgo has no LLVM IR", Example: "-emit-ir=k.ll"},

	// What `clgo compile` writes.
	{Name: "-o", Arg: Value, Meta: "FILE", CommandOnly: true, Help: "the output file (- is standard output; default: the input's name with .spv, .spvasm or .spvinc)", Example: "-o add.spv",
		apply: func(o *Options, v string) error { o.Output.File = v; return nil }},
	{Name: "-S", CommandOnly: true, Help: "write SPIR-V assembly text instead of the binary", Example: "-S",
		apply: flag(func(o *Options, on bool) { o.Output.Assembly = on })},
	{Name: "-E", CommandOnly: true, Help: "only preprocess, and write the result", Example: "-E",
		apply: flag(func(o *Options, on bool) { o.Output.Preprocess = on })},
	{Name: "-output-format", Arg: Value, Meta: "FORMAT", CommandOnly: true, Help: "spv (the binary, default) or c (the words as a C initializer list, as clspv writes)", Example: "-output-format=c",
		apply: outputFormat},
	{Name: "-mfmt", Arg: Value, Meta: "FORMAT", CommandOnly: true, Help: "older clspv's name of -output-format", Example: "-mfmt=c",
		apply: outputFormat},
	{Name: "-descriptormap", Arg: Value, Meta: "FILE", CommandOnly: true, Help: "also write the descriptor map (clspv's CSV of each argument's set, binding and kind)", Example: "-descriptormap=add.csv",
		apply: func(o *Options, v string) error { o.DescriptorMap = v; return nil }},
	{Name: "-samplermap", Arg: Value, Meta: "FILE", CommandOnly: true, Status: Ignored, Help: "clspv (deprecated): a file of literal samplers",
		Why: "deprecated in clspv; literal samplers are compiled from the source", Example: "-samplermap=samplers.txt"},
}

func parseStd(o *Options, v string) error {
	switch strings.ToUpper(v) {
	case "CL1.0":
		o.Std = 100
	case "CL1.1":
		o.Std = 110
	case "CL1.2":
		o.Std = 120
	case "CL2.0":
		o.Std = 200
	case "CL3.0":
		o.Std = 300
	case "CLC++", "CLC++1.0", "CLC++2021":
		return fmt.Errorf("C++ for OpenCL is not supported")
	default:
		return fmt.Errorf("unknown OpenCL C version %q (want CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0)", v)
	}
	return nil
}

func fastRelaxed(o *Options, on bool) {
	o.FastRelaxedMath = on
	if on {
		o.MadEnable, o.UnsafeMathOpts, o.FiniteMathOnly, o.NoSignedZeros = true, true, true, true
	}
}

func outputFormat(o *Options, v string) error {
	switch v {
	case "spv", "c":
		o.Output.Format = v
		return nil
	}
	return fmt.Errorf("unknown output format %q (want spv or c)", v)
}

func storageClasses(v string) error {
	for _, c := range strings.Split(v, ",") {
		switch c {
		case "ssbo", "ubo", "pushconstant":
		default:
			return fmt.Errorf("unknown storage class %q (want ssbo, ubo or pushconstant)", c)
		}
	}
	return nil
}
