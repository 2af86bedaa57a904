package compiler

import (
	"fmt"
	"strconv"
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
	// FmaFused: the device's GLSL.std.450 Fma is a correctly rounded fused
	// multiply-add for float and double (driver.Caps.FmaFused); fma then
	// lowers to it rather than to the library's software fma (several
	// times its cost). Off in AllFeatures, as above: Vulkan lets Fma round
	// twice.
	FmaFused bool
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
	// RelaxedCompareExchange: OpenCL C 2.0's compare-exchanges are
	// emitted relaxed, without fences, whatever order they ask for, on a
	// device that loses the work-items of ordered compare-exchange loops
	// (driver.Caps.RelaxedCompareExchange; Mesa 22.3's lavapipe). Off in
	// AllFeatures.
	RelaxedCompareExchange bool
}

// AllFeatures is every optional feature (what `clgo compile` assumes).
var AllFeatures = Features{Int8: true, Int16: true, Int64: true, Float16: true, Float64: true, Storage8: true, Storage16: true, Atomics64: true}

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

	TargetEnv TargetEnv // --target-env
	Features  Features
}

// DefaultOptions returns the defaults: OpenCL C 1.2, POD arguments
// clustered, Vulkan 1.1, every device feature.
func DefaultOptions() Options {
	return Options{Std: 120, ClusterPODArgs: true, Optimize: true, TargetEnv: Vulkan11, Features: AllFeatures}
}

// ParseOptions parses a clspv/OpenCL build option string on top of the
// defaults. An unknown option is an error.
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

// Parse applies options given as separate arguments. Arguments that are
// not options (do not start with '-') are an error here; the command line
// picks out its file names first.
func (o *Options) Parse(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("option %s needs a value", a)
			}
			i++
			return args[i], nil
		}
		switch {
		case a == "-D" || a == "-U" || a == "-I":
			v, err := next()
			if err != nil {
				return err
			}
			o.addDUI(a[1], v)
		case strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-U") || strings.HasPrefix(a, "-I"):
			o.addDUI(a[1], a[2:])
		case strings.HasPrefix(a, "-cl-std="):
			switch strings.TrimPrefix(a, "-cl-std=") {
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
			default:
				return fmt.Errorf("unknown OpenCL C version in %s", a)
			}
		case strings.HasPrefix(a, "-descriptormap="):
			o.DescriptorMap = strings.TrimPrefix(a, "-descriptormap=")
		case a == "-cluster-pod-kernel-args" || a == "-cluster-pod-kernel-args=1":
			o.ClusterPODArgs = true
		case a == "-cluster-pod-kernel-args=0":
			o.ClusterPODArgs = false
		case a == "-pod-ubo":
			o.PODUBO = true
		case a == "-pod-pushconstant":
			o.PODPushConstant = true
		case a == "-distinct-kernel-descriptor-sets":
			o.DistinctDescriptorSets = true
		case a == "-enable-printf":
			// clspv's switch: printf is always on.
		case strings.HasPrefix(a, "-printf-buffer-size="):
			n, err := strconv.ParseUint(strings.TrimPrefix(a, "-printf-buffer-size="), 10, 32)
			if err != nil || n < 16 || n%4 != 0 {
				return fmt.Errorf("bad printf buffer size in %s (want a multiple of 4, at least 16)", a)
			}
			o.PrintfBufferSize = uint32(n)
		case a == "-cl-fast-relaxed-math":
			o.FastRelaxedMath, o.MadEnable, o.UnsafeMathOpts, o.FiniteMathOnly, o.NoSignedZeros = true, true, true, true, true
		case a == "-cl-mad-enable":
			o.MadEnable = true
		case a == "-cl-opt-disable":
			o.OptDisable = true
		case a == "-cl-denorms-are-zero":
			o.DenormsAreZero = true
		case a == "-cl-finite-math-only":
			o.FiniteMathOnly = true
		case a == "-cl-no-signed-zeros":
			o.NoSignedZeros = true
		case a == "-cl-unsafe-math-optimizations":
			o.UnsafeMathOpts, o.MadEnable, o.NoSignedZeros = true, true, true
		case a == "-cl-single-precision-constant":
			o.SinglePrecisionConst = true
		case a == "-w":
			o.NoWarnings = true
		case a == "-Werror":
			o.WarningsAsErrors = true
		case a == "--target-env" || strings.HasPrefix(a, "--target-env="):
			v := strings.TrimPrefix(a, "--target-env=")
			if a == "--target-env" {
				var err error
				if v, err = next(); err != nil {
					return err
				}
			}
			switch TargetEnv(v) {
			case Vulkan11, Vulkan12, Vulkan13:
				o.TargetEnv = TargetEnv(v)
			default:
				return fmt.Errorf("unknown target environment %q (want vulkan1.1, vulkan1.2 or vulkan1.3)", v)
			}
		default:
			return fmt.Errorf("unknown option %q", a)
		}
	}
	return nil
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
	return ext
}
