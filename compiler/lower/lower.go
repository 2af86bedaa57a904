// Package lower translates a type-checked OpenCL C program into a Vulkan
// SPIR-V module: one GLCompute entry point per kernel, kernel arguments in
// descriptor sets as the clspv mapping lays them out, structured control
// flow, and every helper function inlined into its kernel, so that a pointer
// is a (resource, offset) pair whose resource is known statically or chosen
// among a few candidates (see pointers.go).
package lower

import (
	"fmt"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/spirv"
)

// Options configure lowering.
type Options struct {
	// Version is the SPIR-V version to emit: 1.3 for Vulkan 1.1, 1.5 for
	// Vulkan 1.2, 1.6 for Vulkan 1.3.
	Version spirv.Version
	// ClusterPODArgs puts all plain-old-data arguments of a kernel in one
	// struct bound after the last non-POD binding.
	ClusterPODArgs bool
	// PODUBO passes POD arguments in a uniform buffer; PODPushConstant in
	// push constants (after the work-item members).
	PODUBO          bool
	PODPushConstant bool
	// DistinctDescriptorSets gives each kernel its own descriptor set.
	DistinctDescriptorSets bool
	// Storage8/Storage16 say that the device can read and write 8- and
	// 16-bit values in storage buffers (StorageBuffer8BitAccess,
	// StorageBuffer16BitAccess); without them such buffers are accessed as
	// 32-bit words.
	Storage8, Storage16 bool
	// SignedZeroInfNanPreserve declares that execution mode (32-bit) on
	// every kernel, so that NaN and infinities follow IEEE 754 on Vulkan.
	SignedZeroInfNanPreserve bool
	// DenormPreserve32/64 declare DenormPreserve for that width on every
	// kernel.
	DenormPreserve32, DenormPreserve64 bool
	DenormPreserve16                   bool // also for 16-bit floats (Features.DenormPreserve16)
	RoundingRTE16                      bool // RoundingModeRTE for 16-bit floats (Features.RoundingRTE16)
	// FmaFused says that GLSL.std.450 Fma rounds once for float and
	// double on the device: fma lowers to it, not to the library.
	FmaFused bool
	// LibraryTranscendentals: native_/half_ forms and relaxed math use the
	// library's functions too (compiler.Features.LibraryTranscendentals).
	LibraryTranscendentals bool
	// Float64: the device computes in double (cl_khr_fp64); half fma is
	// computed in it (halfmath.go).
	Float64 bool
	// BoundWorkgroup clamps every index into __local (Workgroup) memory
	// that is not provably in range (boundlocal.go), for runtimes that
	// promise kernels cannot reach outside their memory.
	BoundWorkgroup bool
	// Unroll fully unrolls small for loops with a constant trip count
	// (unroll.go); compiler.Compile sets it unless -cl-opt-disable or -O0.
	Unroll bool
	// LoopLimitCheck makes kernels with loops report, through the printf
	// buffer, a dispatch that the device's loop limiter may have cut
	// short (looplimit.go).
	LoopLimitCheck bool
	// LoopExitAtHeader lowers while, for and do-while loops so that they
	// leave only from the blocks after their header (loop.go): a break,
	// and a do-while's failed condition, set a flag and go round to the
	// header. Then every value the code after a loop reads is one the
	// header carries (a phi). For Mesa's llvmpipe (lavapipe), which gives
	// the work-items that leave a loop early the value of a later pass of
	// the batch for anything computed in the loop body and read after it.
	LoopExitAtHeader bool
	// RelaxedCompareExchange: C11 compare-exchanges take no order (see
	// compiler.Features.RelaxedCompareExchange).
	RelaxedCompareExchange bool
	// SerialWorkgroups: fences and atomic orders of Subgroup and
	// Workgroup scope are left out (compiler.Features.SerialWorkgroups;
	// fence.go).
	SerialWorkgroups bool
	// FenceByAtomic: fences of Device scope are an atomic
	// read-modify-write on a Workgroup word, and atomics of that scope
	// carry no order (compiler.Features.FenceByAtomic; fence.go).
	FenceByAtomic bool
	// SampleNearestInCode, SampleLinearInCode: read_image with a sampler
	// filters in code (compiler.Features; imagesample.go).
	SampleNearestInCode, SampleLinearInCode bool
	// ReportOutOfBounds makes kernels report, through the printf buffer,
	// an access past the end of a buffer argument (reportoob.go).
	ReportOutOfBounds bool
	// SubgroupExtendedTypes: the device runs sub-group operations on 8-,
	// 16- and 64-bit integers and half (shaderSubgroupExtendedTypes).
	SubgroupExtendedTypes bool
	// MaxPushConstantsSize is the device's maxPushConstantsSize: a
	// kernel whose push-constant block is larger reads it from a storage
	// buffer instead (pcbuffer.go). 0: no limit.
	MaxPushConstantsSize uint32
	// PrintfBufferSize is the printf buffer's size in bytes (0: 1 MiB).
	PrintfBufferSize uint32
	// Physical lowers __global and __constant memory to
	// PhysicalStorageBuffer64 addresses (physical.go, docs/physical.md);
	// it needs 64-bit pointers (types.Config.AddressBits 64).
	Physical bool
	// Auto: a logical lowering that reports, as errors NeedsPhysical
	// recognizes, what only physical addressing expresses.
	Auto bool
	// LibraryFromSource lowers the math library's functions from the
	// library's OpenCL C rather than copying them from the precompiled
	// form (libform.go): for tests, which compare the two.
	LibraryFromSource bool
}

// lowerer holds the module-wide state.
type lowerer struct {
	// deviceOrder: the source orders memory at device scope (coherent.go).
	deviceOrder bool

	opts  Options
	pkg   *types.Package
	info  *types.Info
	conf  *types.Config
	diags *diag.List
	b     *spirv.Builder
	glsl  spirv.ID

	structVal map[*types.Struct]spirv.ID
	memTypes  map[string]spirv.ID
	inputs    map[spirv.BuiltIn]spirv.ID // Input variables by builtin
	wgSize    spirv.ID                   // the WorkgroupSize spec composite, 0 if none
	specID    uint32                     // next free spec id
	workDim   spirv.ID                   // the work-dim spec constant
	workDimID uint32
	pc        pushLayout
	globals   map[*types.Var]*global // program-scope variables
	refl      *spirv.Reflection
	anyReqd   bool
	allReqd   bool
	pos       diag.Pos // of the construct being lowered, for errors
	pf        printfState
	// Literal samplers: their variables by mask, masks in order of use.
	samplers     map[uint32]spirv.ID
	samplerOrder []uint32
	pv           progVarState // program-scope __global variables (progvars.go)
	// pcBuffers: the kernels whose push constants are in a buffer
	// (pcbuffer.go), bound by finishPushConstantBuffers.
	pcBuffers []pcBuffer
	// libFns: the math library's functions emitted so far, by name;
	// libLoop: those that have a loop, by id (libfunc.go).
	libFns  map[string]*libFn
	libLoop map[spirv.ID]bool
	// libFromSource lowers library functions from the library's source
	// rather than copying them from the precompiled form (libgen.go).
	libFromSource bool
}

// global is a program-scope variable: a Private variable with an
// initializer, flattened when its address is taken.
type global struct {
	id   spirv.ID
	flat bool
}

// Lower translates the checked program. Errors go to diags (with the
// position of the construct that cannot be lowered); the module is nil when
// there were any.
func Lower(pkg *types.Package, info *types.Info, opts Options, diags *diag.List) (m *spirv.Module, refl *spirv.Reflection) {
	if opts.Version == 0 {
		opts.Version = spirv.Version13
	}
	l := &lowerer{
		opts: opts, pkg: pkg, info: info, conf: &pkg.Config, diags: diags,
		b:             spirv.NewBuilder(opts.Version),
		structVal:     map[*types.Struct]spirv.ID{},
		memTypes:      map[string]spirv.ID{},
		inputs:        map[spirv.BuiltIn]spirv.ID{},
		globals:       map[*types.Var]*global{},
		refl:          &spirv.Reflection{},
		libFns:        map[string]*libFn{},
		libLoop:       map[spirv.ID]bool{},
		libFromSource: opts.LibraryFromSource,
	}
	defer func() {
		// A bug in lowering must not take the caller down: report it as an
		// internal error at the kernel being lowered.
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				// CLGO_LOWER_PANIC=1 keeps the stack for debugging.
				if config.Get(config.LowerPanic) != "" {
					panic(r)
				}
				diags.Errorf(l.pos, "internal compiler error: %v", r)
			}
			m, refl = nil, nil
		}
	}()
	b := l.b
	b.Capability(spirv.CapabilityShader)
	if opts.Version < spirv.Version13 {
		b.Extension("SPV_KHR_storage_buffer_storage_class")
	}
	if opts.Physical {
		if l.conf.AddressBits != 64 {
			diags.Errorf(diag.Pos{}, "physical addressing (-physical-storage-buffers) needs 64-bit pointers (-arch=spir64)")
			return nil, nil
		}
		b.Capability(spirv.CapabilityPhysicalStorageBufferAddresses)
		b.Capability(spirv.CapabilityInt64)
		b.Extension("SPV_KHR_physical_storage_buffer")
		b.MemoryModel(spirv.AddressingModelPhysicalStorageBuffer64, spirv.MemoryModelGLSL450)
	} else {
		b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)
	}
	l.glsl = b.ExtInstImport("GLSL.std.450")
	l.specID = 3
	l.setupWorkgroupSize()
	l.pc = l.pushConstantLayout()
	for _, k := range pkg.Kernels {
		l.kernel(k)
	}
	if len(pkg.Kernels) == 0 {
		l.libraryUnit()
	}
	if diags.HasErrors() {
		return nil, nil
	}
	if opts.BoundWorkgroup {
		l.boundWorkgroupAccesses()
	}
	l.markCoherent()
	l.emitReflection()
	return b.Module, l.refl
}

// bailout stops lowering after an error that leaves no sensible way on.
type bailout struct{}

// errorf reports an error at pos.
func (l *lowerer) errorf(pos diag.Pos, format string, args ...any) {
	l.diags.Errorf(pos, format, args...)
}

// input returns the Input variable decorated with builtin bi, of type t.
func (l *lowerer) input(bi spirv.BuiltIn, t spirv.ID) spirv.ID {
	if id, ok := l.inputs[bi]; ok {
		return id
	}
	id := l.b.Variable(l.b.TypePointer(spirv.StorageClassInput, t), spirv.StorageClassInput)
	l.b.Decorate(id, spirv.DecorationBuiltIn, uint32(bi))
	l.inputs[bi] = id
	return id
}

// setupWorkgroupSize declares the work-group size spec constants 0, 1, 2
// composed into the WorkgroupSize builtin, unless every kernel has
// reqd_work_group_size.
func (l *lowerer) setupWorkgroupSize() {
	l.allReqd = len(l.pkg.Kernels) > 0
	for _, k := range l.pkg.Kernels {
		if k.Attrs.ReqdWorkGroupSize != [3]uint64{} {
			l.anyReqd = true
		} else {
			l.allReqd = false
		}
	}
	// OpenCL C 2.0 runs the last work-groups of an NDRange smaller when
	// the required size does not divide the global size: their size is
	// then the pipeline's, so it is a specialization constant as for
	// kernels without reqd_work_group_size (defaulting to the first
	// kernel's required size).
	def := [3]uint64{1, 1, 1}
	if l.allReqd {
		if l.conf.Std < 200 {
			return
		}
		def = l.pkg.Kernels[0].Attrs.ReqdWorkGroupSize
	}
	u := l.uint32T()
	var parts [3]spirv.ID
	for i := range parts {
		parts[i] = l.b.SpecConstant(u, uint32(i), uint32(def[i]))
	}
	l.wgSize = l.b.SpecConstantComposite(l.b.TypeVector(u, 3), parts[:]...)
	l.b.Decorate(l.wgSize, spirv.DecorationBuiltIn, uint32(spirv.BuiltInWorkgroupSize))
}

// walkFuncs calls f for k and every function it calls, each once.
func walkFuncs(k *types.Func, f func(*types.Func)) {
	seen := map[*types.Func]bool{}
	var visit func(*types.Func)
	visit = func(fn *types.Func) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		f(fn)
		for _, c := range fn.Callees {
			visit(c)
		}
	}
	visit(k)
}

// builtinCalls returns the names of the builtins that k and its callees
// call.
func (l *lowerer) builtinCalls(k *types.Func) map[string]bool {
	names := map[string]bool{}
	walkFuncs(k, func(fn *types.Func) {
		if fn.Decl == nil || fn.Decl.Body == nil {
			return
		}
		inspect(fn.Decl.Body, func(n syntax.Node) {
			if c, ok := n.(*syntax.CallExpr); ok {
				if ce, ok := l.info.Calls[c]; ok && ce.Builtin != nil {
					names[ce.Builtin.Name] = true
				}
			}
		})
	})
	return names
}

func (l *lowerer) internalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}
