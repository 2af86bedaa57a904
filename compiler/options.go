package compiler

import (
	"fmt"
	"strings"
)

// TargetEnv is the Vulkan environment the SPIR-V is for.
type TargetEnv string

// Target environments and the SPIR-V versions they take.
const (
	Vulkan11 TargetEnv = "vulkan1.1" // SPIR-V 1.3
	Vulkan12 TargetEnv = "vulkan1.2" // SPIR-V 1.5
	Vulkan13 TargetEnv = "vulkan1.3" // SPIR-V 1.6
)

// Features is what the device supports; it decides the extensions the
// preprocessor and checker advertise and how small types are stored.
type Features struct {
	Int8, Int16, Int64, Float16, Float64 bool
	// Storage8/Storage16: 8- and 16-bit values in storage buffers.
	Storage8, Storage16 bool
	// Atomics64: 64-bit integer atomics on global and local memory
	// (cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics).
	Atomics64 bool
	// SignedZeroInfNanPreserve: the device honours SPV_KHR_float_controls'
	// SignedZeroInfNanPreserve for 32-bit floats
	// (shaderSignedZeroInfNanPreserveFloat32). Kernels then declare it, so
	// that NaN, infinities and signed zeros behave as IEEE 754 and OpenCL
	// say; without it Vulkan lets a device assume they never occur (a
	// comparison with NaN may then be false where OpenCL says true). Off in
	// AllFeatures: `clgo compile` output runs on devices without it.
	SignedZeroInfNanPreserve bool
	// DenormPreserve32/64: the device honours SPV_KHR_float_controls'
	// DenormPreserve for 32-/64-bit floats. Kernels then declare it
	// (unless -cl-denorms-are-zero), so that subnormals survive as
	// CL_FP_DENORM promises; a Vulkan device may otherwise flush them
	// (NVIDIA does for float). Off in AllFeatures, as above.
	DenormPreserve32, DenormPreserve64 bool
	// DenormPreserve16: declare DenormPreserve for 16-bit floats as well
	// (driver.Caps.DenormPreserve16: devices whose 16- and 64-bit modes
	// must agree).
	DenormPreserve16 bool
	// RoundingRTE16: declare RoundingModeRTE for 16-bit floats
	// (driver.Caps.RoundingRTE16), so that half results are rounded.
	RoundingRTE16 bool
	// FmaFused: the device's GLSL.std.450 Fma is a correctly rounded fused
	// multiply-add for float and double (driver.Caps.FmaFused); fma then
	// lowers to it rather than to the library's software fma (several
	// times its cost). Off in AllFeatures, as above: Vulkan lets Fma round
	// twice.
	FmaFused bool
	// LibraryTranscendentals: native_ and half_ forms of the math
	// library's builtins (native_sin, half_exp, ...), and the builtins
	// under -cl-fast-relaxed-math, call the library's precise functions
	// instead of GLSL.std.450's instructions: for a device whose GLSL
	// instructions are no faster (driver.Caps.LibraryTranscendentals).
	// The library is within every bound those forms have.
	LibraryTranscendentals bool
	// BoundWorkgroupAccess: clamp every __local (Workgroup) index that is
	// not provably in range to the array's last element, so that an
	// out-of-bounds __local access stays inside its variable (robust
	// buffer access covers storage buffers only). Set by runtimes that
	// promise robustness (driver.Caps.BoundWorkgroupAccess); off in
	// AllFeatures.
	BoundWorkgroupAccess bool
	// LoopIterationLimit: the device leaves loops after this many passes
	// per invocation (Mesa's llvmpipe and lavapipe: 65535, shared by all
	// loops) and reports success; 0 when it has no such limit
	// (driver.Caps.LoopIterationLimit). Kernels with loops then detect a
	// dispatch the limiter may have cut short and report it through the
	// printf buffer, so that the runtime fails the dispatch.
	LoopIterationLimit uint32
	// ReportOutOfBounds: kernels check every access to a __global or
	// __constant buffer argument against the buffer's length and report
	// one past the end through the printf buffer, so that the runtime
	// fails the dispatch as the host driver does; robust buffer access
	// alone drops such accesses silently (driver.Caps.ReportOutOfBounds).
	ReportOutOfBounds bool
	// Images: the device supports images (driver.Caps.Images), so
	// __IMAGE_SUPPORT__ is defined (OpenCL C §6.10). Image kernels compile
	// either way; the runtime refuses to run them on a device without.
	Images bool
	// Images3DWrites and ReadWriteImages: the device writes 3D images
	// and has read_write image arguments (__opencl_c_3d_image_writes,
	// __opencl_c_read_write_images).
	Images3DWrites, ReadWriteImages bool
	// DepthImages: the device has CL_DEPTH image formats
	// (cl_khr_depth_images).
	DepthImages bool

	// Subgroups are the sub-group operations the device runs in compute
	// kernels (driver.Caps.SubgroupOps); they decide the cl_khr_subgroup*
	// extensions (SubgroupExtensions). SubgroupExtendedTypes: the device
	// runs them on 8-, 16- and 64-bit integers and half too (Vulkan's
	// shaderSubgroupExtendedTypes); without it only on 32-bit types and
	// double.
	Subgroups             SubgroupOps
	SubgroupExtendedTypes bool
	// SubgroupIndependentForwardProgress: the device's sub-groups make
	// independent forward progress
	// (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS), which
	// cl_khr_subgroups asks for (SubgroupExtensions). No clgo device
	// has it; off in AllFeatures.
	SubgroupIndependentForwardProgress bool
	// RelaxedCompareExchange: OpenCL C 2.0's compare-exchanges are
	// emitted relaxed, without fences, whatever order they ask for, on a
	// device that loses the work-items of ordered compare-exchange loops
	// (driver.Caps.RelaxedCompareExchange; Mesa 22.3's lavapipe). Off in
	// AllFeatures.
	RelaxedCompareExchange bool
	// SerialWorkgroups: the device runs a work-group's invocations on one
	// thread (driver.Caps.SerialWorkgroups; lavapipe), so fences of
	// Subgroup and Workgroup scope are left out and atomics of those
	// scopes carry no memory order: within one thread, program order is
	// all the order they ask for. Fences of Device scope stay. Off in
	// AllFeatures.
	SerialWorkgroups bool
	// FenceByAtomic: fences of Device scope are emitted as a relaxed
	// atomic read-modify-write of a Workgroup word, and atomics of Device
	// scope without an order (loads and stores with such a fence), on a
	// device that runs an atomic read-modify-write as a full fence and
	// OpMemoryBarrier as a work-group control barrier
	// (driver.Caps.FenceByAtomic; lavapipe on x86). Off in AllFeatures.
	FenceByAtomic bool
	// SampleNearestInCode and SampleLinearInCode: read_image with a
	// sampler computes nearest (and linear) filtering in the kernel's
	// code, from texels read with OpImageFetch, as OpenCL C §8.3 writes
	// it, instead of sampling through the Vulkan sampler
	// (driver.Caps.SampleNearestInCode, SampleLinearInCode;
	// docs/images.md). Off in AllFeatures.
	SampleNearestInCode, SampleLinearInCode bool
	// MaxPushConstantsSize is the device's maxPushConstantsSize (0: no
	// limit): a kernel whose push constants do not fit reads them from a
	// storage buffer (driver.Caps.MaxPushConstantsSize; lower/pcbuffer.go).
	MaxPushConstantsSize uint32
}

// AllFeatures is every optional feature (what `clgo compile` assumes).
var AllFeatures = Features{Int8: true, Int16: true, Int64: true, Float16: true, Float64: true, Storage8: true, Storage16: true, Atomics64: true, Images: true, Images3DWrites: true, ReadWriteImages: true, DepthImages: true,
	Subgroups:             SubgroupBasic | SubgroupVote | SubgroupArithmetic | SubgroupBallot | SubgroupShuffle | SubgroupShuffleRelative | SubgroupClustered,
	SubgroupExtendedTypes: true}

// Options configure a compilation. The zero value is not the default:
// start from DefaultOptions or ParseOptions.
type Options struct {
	Defines     []string // -D NAME[=VALUE]
	Undefs      []string // -U NAME
	IncludeDirs []string // -I DIR
	Std         int      // -cl-std: 100, 110, 120, 200, 300
	// FS reads #include files; nil reads the operating system's files.
	FS FileSystem
	// DescriptorMap is -descriptormap=FILE (used by the command line).
	DescriptorMap string

	// Addressing is how __global and __constant pointers are lowered
	// (docs/physical.md): logical (the default), physical, or auto.
	Addressing Addressing
	// AddressBits is the width of size_t, ptrdiff_t, intptr_t, uintptr_t
	// and of pointers in memory: 32 (-arch=spir, the default; 0 means
	// 32) or 64 (-arch=spir64, clang's spir64 target; docs/physical.md §1).
	AddressBits int

	ClusterPODArgs         bool // -cluster-pod-kernel-args (default on)
	PODUBO                 bool // -pod-ubo
	PODPushConstant        bool // -pod-pushconstant
	DistinctDescriptorSets bool // -distinct-kernel-descriptor-sets
	// PrintfBufferSize is -printf-buffer-size=N: the bytes of the printf
	// buffer (0: 1 MiB, CL_DEVICE_PRINTF_BUFFER_SIZE's minimum).
	PrintfBufferSize uint32

	FastRelaxedMath bool // -cl-fast-relaxed-math
	MadEnable       bool // -cl-mad-enable
	OptDisable      bool // -cl-opt-disable
	// Optimize runs spirv/opt's passes (mem2reg, folding, CSE, DCE) on the
	// lowered module. DefaultOptions turns it on; -cl-opt-disable wins.
	Optimize             bool
	DenormsAreZero       bool // -cl-denorms-are-zero
	FiniteMathOnly       bool // -cl-finite-math-only
	NoSignedZeros        bool // -cl-no-signed-zeros
	UnsafeMathOpts       bool // -cl-unsafe-math-optimizations
	SinglePrecisionConst bool // -cl-single-precision-constant
	NoWarnings           bool // -w
	WarningsAsErrors     bool // -Werror
	// WarningFlags are the -W<name>, -Wno-<name>, -Wall, -Wextra and
	// -Werror=<name> options in command-line order (diag.WarningControl
	// applies them).
	WarningFlags []string
	// OptionWarnings are what parsing the options has to say about them:
	// options accepted but ignored, and why. Compilation reports them as
	// warnings ([-Wunused-command-line-argument]).
	OptionWarnings []string
	// Output is what `clgo compile` writes (ParseCommandLine only).
	Output OutputOptions

	TargetEnv TargetEnv // --target-env
	Features  Features
}

// OutputOptions are the options of `clgo compile` that choose what it
// writes; build options (ParseOptions) do not take them.
type OutputOptions struct {
	File       string // -o FILE ("" names it after the input; "-" is standard output)
	Format     string // -output-format: "spv" (the default) or "c" (a C initializer list of words)
	Assembly   bool   // -S: SPIR-V assembly text
	Preprocess bool   // -E: the preprocessed source
}

// DefaultOptions returns the defaults: OpenCL C 1.2, POD arguments
// clustered, Vulkan 1.1, every device feature.
func DefaultOptions() Options {
	return Options{Std: 120, ClusterPODArgs: true, Optimize: true, TargetEnv: Vulkan11, Features: AllFeatures}
}

// ParseOptions parses a clspv/OpenCL build option string (what
// clBuildProgram takes) on top of the defaults. An unknown option, or one
// that only `clgo compile` takes (-o, -S, -output-format), is an error;
// options clgo accepts but ignores are listed in Options.OptionWarnings.
func ParseOptions(s string) (Options, error) {
	o := DefaultOptions()
	err := o.Parse(splitOptions(s))
	return o, err
}

// splitOptions splits an option string at blanks, keeping quoted parts
// together.
func splitOptions(s string) []string {
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// Parse applies build options given as separate arguments, looked up in
// the option table (OptionTable). Arguments that are not options are an
// error here; `clgo compile` uses ParseCommandLine, which also takes file
// names and the options that concern its output.
func (o *Options) Parse(args []string) error {
	files, err := o.parse(args, false)
	if err == nil && len(files) > 0 {
		err = fmt.Errorf("unexpected argument %q (not an option)", files[0])
	}
	return err
}

// ParseCommandLine applies `clgo compile`'s arguments: every option of
// the table, build options and output options alike, and returns the
// arguments that are not options (the input files; "-" is one).
func (o *Options) ParseCommandLine(args []string) (files []string, err error) {
	return o.parse(args, true)
}

func (o *Options) addDUI(kind byte, v string) {
	switch kind {
	case 'D':
		o.Defines = append(o.Defines, v)
	case 'U':
		o.Undefs = append(o.Undefs, v)
	case 'I':
		o.IncludeDirs = append(o.IncludeDirs, v)
	}
}

// extensions lists the OpenCL extensions the features allow.
func (f Features) extensions() []string {
	ext := []string{"cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
		"cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics", "cl_khr_byte_addressable_store"}
	if f.Float64 {
		ext = append(ext, "cl_khr_fp64")
	}
	if f.Float16 {
		ext = append(ext, "cl_khr_fp16")
	}
	if f.Atomics64 {
		ext = append(ext, "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics")
	}
	ext = append(ext, ImageExtensions(f)...)
	return append(ext, SubgroupExtensions(f.Subgroups, f.SubgroupExtendedTypes, f.SubgroupIndependentForwardProgress)...)
}

// Addressing is the pointer model of a module (docs/physical.md).
type Addressing uint8

const (
	// AddressingLogical: the descriptor mapping; a pointer is a candidate
	// object and an offset.
	AddressingLogical Addressing = iota
	// AddressingPhysical: __global and __constant memory through
	// PhysicalStorageBuffer64 addresses (-physical-storage-buffers).
	AddressingPhysical
	// AddressingAuto: logical unless the module needs physical addresses
	// (-physical-storage-buffers=auto).
	AddressingAuto
)
