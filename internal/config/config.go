// Package config is clgo's configuration from the environment: every
// CLGO_* variable that clgo's packages read is listed here once, with what
// it takes and does (Vars, which the README's table repeats), and read
// from the environment once, at first use. Debug output goes through
// log/slog (Logger).
package config

import (
	"io"
	"log/slog"
	"os"
	"sync"
)

// The variables, by name. Packages use these constants, so that a
// misspelt name does not compile.
const (
	VulkanKeep        = "CLGO_VULKAN_KEEP"
	VulkanRobust      = "CLGO_VULKAN_ROBUST"
	VulkanCheckBounds = "CLGO_VULKAN_CHECK_BOUNDS"
	VulkanReuse       = "CLGO_VULKAN_REUSE"
	NoPipelineCache   = "CLGO_NO_PIPELINE_CACHE"
	HostDebug         = "CLGO_HOST_DEBUG"
	HostTier          = "CLGO_HOST_TIER"
	HostSched         = "CLGO_HOST_SCHED"
	HostEVEX          = "CLGO_HOST_EVEX"
	JITDump           = "CLGO_JIT_DUMP"
	ICDDebug          = "CLGO_ICD_DEBUG"
	CompilerPanic     = "CLGO_COMPILER_PANIC"
	LowerPanic        = "CLGO_LOWER_PANIC"
	DumpDir           = "CLGO_DUMP_DIR"
	Physical          = "CLGO_PHYSICAL"
	CPUProfile        = "CLGO_CPUPROFILE"
)

// Var describes one environment variable.
type Var struct {
	Name   string
	Values string // what it takes
	Help   string // what it does
	Reader string // the package that reads it
}

// Vars lists every CLGO_* variable clgo reads outside its tests.
var Vars = []Var{
	{VulkanKeep, "0", "keep no freed device memory for reuse (default: up to 1/16 of the heap is kept)", "driver/vulkan"},
	{VulkanRobust, "0", "turn robust buffer access off, to measure its cost (default on where the device has it)", "driver/vulkan"},
	{VulkanCheckBounds, "1 or 0", "1: kernels report a __global/__constant access past a buffer's end, failing the dispatch (slower); 0 or unset: off", "driver/vulkan"},
	{VulkanReuse, "0", "record every launch anew instead of submitting a kept command buffer again for a repeated identical launch, to measure what reuse saves", "driver/vulkan"},
	{NoPipelineCache, "any value", "do not read or write the Vulkan pipeline cache under the user cache directory", "driver/vulkan"},
	{HostDebug, "any value", "add the Go stack to the host driver's internal errors", "driver/host"},
	{HostTier, "lanes or native", "force how the host driver runs kernels: the lane tier's Go executor (lanes; interp is its old name) or native code (native, falling back to the Go executor for a kernel it cannot compile); unset: native code where the CPU has AVX2 and FMA (x86-64) or is arm64 on Linux (NEON) and the kernel compiles, else the Go executor (docs/hosttier.md)", "driver/host"},
	{HostSched, "0", "keep the lane programs' ops in the order they were built, not scheduled for register pressure (driver/host/internal/lanes, sched.go), to measure what scheduling does", "driver/host/internal/lanes"},
	{HostEVEX, "0", "keep the host driver's native code to the 16 vector registers of AVX2 (default: also ymm16-ymm31, through EVEX encodings, where the CPU has AVX512F and AVX512VL)", "driver/host/internal/jit"},
	{JITDump, "a directory", "write every kernel the host driver compiles to native code there: the code's address, each op's code offset and the op (.txt), and the code's bytes (.bin), to map profiles of generated code to lane-IR ops (docs/hosttier.md)", "driver/host/internal/jit"},
	{ICDDebug, "any value", "log the reason of every failing OpenCL call of the ICD on standard error (log/slog, debug level)", "cmd/libclgo"},
	{CompilerPanic, "any value", "let an internal compiler error panic with its stack instead of becoming a diagnostic", "compiler, compiler/syntax, compiler/types"},
	{LowerPanic, "any value", "the same for the lowering to SPIR-V", "compiler/lower"},
	{Physical, "0", "build programs with 32-bit size_t and pointers and logical addressing only, and report CL_DEVICE_ADDRESS_BITS 32 (default: 64-bit pointers, physical addressing where a kernel needs it and the device has it; docs/physical.md)", "cl"},
	{CPUProfile, "a file", "write a CPU profile of the clgo command to that file (go tool pprof reads it), e.g. to find where a large kernel's compile time goes", "cmd/clgo"},
	{DumpDir, "a directory", "write every program the runtime builds there: its source (.cl), build options and device (.options), build log (.log) and SPIR-V (.spv), named by a hash of the three", "cl"},
}

var (
	mu     sync.Mutex
	values map[string]string
)

// Get returns the variable's value as the environment had it when clgo
// first asked for any variable (Reload reads it again). A name not in Vars
// is a bug and panics.
func Get(name string) string {
	mu.Lock()
	defer mu.Unlock()
	if values == nil {
		values = read()
	}
	v, ok := values[name]
	if !ok {
		panic("config: " + name + " is not in config.Vars")
	}
	return v
}

// Reload reads the environment again: for tests that change it.
func Reload() {
	mu.Lock()
	defer mu.Unlock()
	values = read()
}

func read() map[string]string {
	m := make(map[string]string, len(Vars))
	for _, v := range Vars {
		m[v.Name] = os.Getenv(v.Name)
	}
	return m
}

// Logger returns the debug log that the variable name switches on: when it
// is set, records at debug level and above go to standard error as
// log/slog's text; otherwise nothing is written.
func Logger(name string) *slog.Logger {
	if Get(name) == "" {
		return slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError + 100}))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})).With("clgo", name)
}
