package spirv

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// ArgKind says how a kernel argument reaches the kernel.
type ArgKind int

// Argument kinds, as clspv's reflection and descriptor map know them.
const (
	ArgBuffer              ArgKind = iota // global or constant pointer in a storage buffer
	ArgBufferUBO                          // constant pointer in a uniform buffer
	ArgPOD                                // plain old data in a storage buffer
	ArgPODUBO                             // plain old data in a uniform buffer
	ArgPODPushConstant                    // plain old data in push constants
	ArgLocal                              // __local pointer: a Workgroup array sized by a spec constant
	ArgROImage                            // read-only image (sampled image)
	ArgWOImage                            // write-only or read-write image (storage image)
	ArgSampler                            // sampler
	ArgPointerPushConstant                // physical-address pointer in push constants
	ArgPointerUBO                         // physical-address pointer in a uniform buffer
	ArgStorageTexelBuffer                 // image1d_buffer_t, writable
	ArgUniformTexelBuffer                 // image1d_buffer_t, read-only
)

var argKindNames = [...]string{
	ArgBuffer:              "buffer",
	ArgBufferUBO:           "buffer_ubo",
	ArgPOD:                 "pod",
	ArgPODUBO:              "pod_ubo",
	ArgPODPushConstant:     "pod_pushconstant",
	ArgLocal:               "local",
	ArgROImage:             "ro_image",
	ArgWOImage:             "wo_image",
	ArgSampler:             "sampler",
	ArgPointerPushConstant: "pointer_pushconstant",
	ArgPointerUBO:          "pointer_ubo",
	ArgStorageTexelBuffer:  "storage_texel_buffer",
	ArgUniformTexelBuffer:  "uniform_texel_buffer",
}

// String returns the descriptor map's name of the kind ("buffer", "pod", ...).
func (k ArgKind) String() string {
	if k >= 0 && int(k) < len(argKindNames) {
		return argKindNames[k]
	}
	return "ArgKind(" + strconv.Itoa(int(k)) + ")"
}

// HasDescriptor reports whether arguments of kind k occupy a descriptor
// (a descriptor set and binding).
func (k ArgKind) HasDescriptor() bool {
	switch k {
	case ArgLocal, ArgPODPushConstant, ArgPointerPushConstant:
		return false
	}
	return true
}

// IsPOD reports whether k passes the argument's bytes (at Offset, Size bytes)
// inside a buffer or push constants.
func (k ArgKind) IsPOD() bool {
	switch k {
	case ArgPOD, ArgPODUBO, ArgPODPushConstant, ArgPointerPushConstant, ArgPointerUBO:
		return true
	}
	return false
}

// Values of the OpenCL clGetKernelArgInfo queries, as ArgumentInfo carries them.
const (
	ArgAddressGlobal   = 0x119B // CL_KERNEL_ARG_ADDRESS_GLOBAL
	ArgAddressLocal    = 0x119C // CL_KERNEL_ARG_ADDRESS_LOCAL
	ArgAddressConstant = 0x119D // CL_KERNEL_ARG_ADDRESS_CONSTANT
	ArgAddressPrivate  = 0x119E // CL_KERNEL_ARG_ADDRESS_PRIVATE

	ArgAccessReadOnly  = 0x11A0 // CL_KERNEL_ARG_ACCESS_READ_ONLY
	ArgAccessWriteOnly = 0x11A1 // CL_KERNEL_ARG_ACCESS_WRITE_ONLY
	ArgAccessReadWrite = 0x11A2 // CL_KERNEL_ARG_ACCESS_READ_WRITE
	ArgAccessNone      = 0x11A3 // CL_KERNEL_ARG_ACCESS_NONE

	ArgTypeConst    = 1 << 0 // CL_KERNEL_ARG_TYPE_CONST
	ArgTypeRestrict = 1 << 1 // CL_KERNEL_ARG_TYPE_RESTRICT
	ArgTypeVolatile = 1 << 2 // CL_KERNEL_ARG_TYPE_VOLATILE
	ArgTypePipe     = 1 << 3 // CL_KERNEL_ARG_TYPE_PIPE
)

// KernelMayUsePrintf is the Kernel flag saying the kernel may call printf.
const KernelMayUsePrintf = 0x1

// Arg is one kernel argument.
type Arg struct {
	Name    string
	Ordinal uint32 // position in the kernel's parameter list
	Kind    ArgKind

	DescriptorSet, Binding uint32 // where Kind.HasDescriptor()
	Offset, Size           uint32 // bytes within the POD buffer or push constants, where Kind.IsPOD()
	SpecID                 uint32 // ArgLocal: spec id of the array's element count
	ElemSize               uint32 // ArgLocal: bytes per array element

	// clGetKernelArgInfo answers. They are emitted only when
	// AddressQualifier is non-zero (every valid value is).
	TypeName         string
	AddressQualifier uint32 // ArgAddress*
	AccessQualifier  uint32 // ArgAccess*
	TypeQualifier    uint32 // ArgType* bits
}

// Kernel describes one kernel's interface.
type Kernel struct {
	Name string
	// Function is the kernel's OpFunction. EmitReflection finds it by the
	// GLCompute entry point called Name when it is 0.
	Function ID
	// NumArgs is the number of parameters of the OpenCL kernel, counting
	// unused ones that have no Arg; EmitReflection raises it to cover Args.
	NumArgs    uint32
	Flags      uint32 // KernelMayUsePrintf
	Attributes string // the kernel's attributes as source text, e.g. "reqd_work_group_size(8,1,1)"
	// ReqdWorkGroupSize is reqd_work_group_size; all zero when none.
	ReqdWorkGroupSize [3]uint32
	Args              []Arg
	// ImageChannelInfo locates where the runtime writes image channel
	// order/data type values for image arguments.
	ImageChannelInfo []ImageChannelInfo
	// SamplerMasks locates where the runtime writes the state of sampler
	// arguments for kernels that sample in code (reflect_sampler.go).
	SamplerMasks []SamplerMask
	// PushConstantBuffer, where not nil, says that the kernel reads its
	// push constants (every offset above) from a storage buffer at this
	// binding instead: the kernel's block did not fit the device's
	// maxPushConstantsSize (reflect_pcbuffer.go).
	PushConstantBuffer *DescriptorBinding
	// LocalMemSize is the bytes of Workgroup memory the kernel declares
	// itself (not its __local arguments). It is not encoded: ReadReflection
	// computes it from the module (see workgroup.go).
	LocalMemSize uint64
}

// ImageChannelInfo says where an image argument's channel order or data
// type must be written (in push constants or in a uniform buffer).
type ImageChannelInfo struct {
	Ordinal                uint32
	DataType               bool // channel data type, else channel order
	PushConstant           bool // in push constants, else in a uniform buffer
	DescriptorSet, Binding uint32
	Offset, Size           uint32
}

// PushConstantKind names a module-wide push constant value.
type PushConstantKind int

// Module-wide push constants.
const (
	PushGlobalOffset PushConstantKind = iota
	PushEnqueuedLocalSize
	PushGlobalSize
	PushRegionOffset
	PushNumWorkgroups
	PushRegionGroupOffset
)

var pushConstantInsts = [...]ClspvReflection{
	PushGlobalOffset:      ClspvReflectionPushConstantGlobalOffset,
	PushEnqueuedLocalSize: ClspvReflectionPushConstantEnqueuedLocalSize,
	PushGlobalSize:        ClspvReflectionPushConstantGlobalSize,
	PushRegionOffset:      ClspvReflectionPushConstantRegionOffset,
	PushNumWorkgroups:     ClspvReflectionPushConstantNumWorkgroups,
	PushRegionGroupOffset: ClspvReflectionPushConstantRegionGroupOffset,
}

var pushConstantNames = [...]string{
	PushGlobalOffset:      "global_offset",
	PushEnqueuedLocalSize: "enqueued_local_size",
	PushGlobalSize:        "global_size",
	PushRegionOffset:      "region_offset",
	PushNumWorkgroups:     "num_workgroups",
	PushRegionGroupOffset: "region_group_offset",
}

func (k PushConstantKind) String() string {
	if k >= 0 && int(k) < len(pushConstantNames) {
		return pushConstantNames[k]
	}
	return "PushConstantKind(" + strconv.Itoa(int(k)) + ")"
}

// PushConstant is a module-wide value the runtime writes into push
// constants: Size bytes at Offset.
type PushConstant struct {
	Kind         PushConstantKind
	Offset, Size uint32
}

// ConstantData is a buffer the runtime must fill with Data before running
// any kernel (program-scope __constant data).
type ConstantData struct {
	Uniform                bool // a uniform buffer, else a storage buffer
	DescriptorSet, Binding uint32
	Data                   []byte
}

// ProgramScopeVariables is the storage buffer holding every program-scope
// variable in the global address space (OpenCL C 2.0): the runtime makes
// one per built program, initialized from Data (whose length is the
// buffer's size, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE), and binds
// it at DescriptorSet/Binding for every dispatch of the program's kernels,
// so that values persist from one launch to the next. In a physical
// module (docs/physical.md §4) the kernels take the buffer's device
// address instead: PushConstant, 8 bytes at Offset (clspv's
// ProgramScopeVariablePointerPushConstant).
type ProgramScopeVariables struct {
	DescriptorSet, Binding uint32
	PushConstant           bool
	Offset, Size           uint32
	Data                   []byte
	// Relocations are the pointers in Data that the runtime sets to the
	// buffer's device address plus an offset before the program's first
	// launch (clspv's ProgramScopeVariablePointerRelocation): a
	// program-scope pointer initialized with the address of another
	// program-scope variable.
	Relocations []PointerRelocation
}

// PointerRelocation is a pointer of PointerSize bytes at PointerOffset in
// the program-scope variables' buffer whose value is the buffer's address
// plus ObjectOffset.
type PointerRelocation struct {
	ObjectOffset, PointerOffset, PointerSize uint32
}

// LiteralSampler is a sampler declared in the program, bound by the runtime.
type LiteralSampler struct {
	DescriptorSet, Binding uint32
	Mask                   uint32 // CLK_* bits of the sampler
}

// PrintfInfo describes one printf call site.
type PrintfInfo struct {
	ID       uint32
	Format   string
	ArgSizes []uint32
}

// PrintfBuffer locates the printf buffer: a storage buffer at
// DescriptorSet/Binding, or (PushConstant) a pointer in push constants at
// Offset/Size. BufferSize is its size in bytes.
type PrintfBuffer struct {
	PushConstant           bool
	DescriptorSet, Binding uint32
	Offset, Size           uint32
	BufferSize             uint32
}

// Reflection is a module's kernel interface: what a runtime needs to bind
// arguments and launch kernels.
type Reflection struct {
	Kernels []Kernel

	// Spec ids of module-wide specialization constants; nil when unused.
	WorkgroupSizeSpecIDs  *[3]uint32
	GlobalOffsetSpecIDs   *[3]uint32
	WorkDimSpecID         *uint32
	SubgroupMaxSizeSpecID *uint32

	PushConstants   []PushConstant
	ConstantData    []ConstantData
	LiteralSamplers []LiteralSampler
	Printfs         []PrintfInfo
	PrintfBuffer    *PrintfBuffer
	// ProgramScopeVariables is nil when the program has no program-scope
	// __global variables.
	ProgramScopeVariables *ProgramScopeVariables
	// SVMTable is nil unless the module translates SVM addresses
	// (docs/physical.md §5).
	SVMTable *SVMTable
}

// SVMTable locates the push constant (8 bytes at Offset) where a physical
// module reads the device address of its SVM translation table
// (docs/physical.md §5); 0 there means no translation.
type SVMTable struct {
	Offset, Size uint32
}

// Kernel returns the kernel called name, or nil.
func (r *Reflection) Kernel(name string) *Kernel {
	for i := range r.Kernels {
		if r.Kernels[i].Name == name {
			return &r.Kernels[i]
		}
	}
	return nil
}

// ReflectionImport is the extended instruction set clgo writes reflection with.
const ReflectionImport = "NonSemantic.ClspvReflection.5"

// EmitReflection adds r to m as NonSemantic.ClspvReflection instructions,
// the way clspv lays them out: OpStrings for names, the instructions after
// the last function.
func EmitReflection(m *Module, r *Reflection) error {
	return NewBuilderFor(m).EmitReflection(r)
}

// EmitReflection adds r to the builder's module as NonSemantic.ClspvReflection
// instructions after the last function.
func (b *Builder) EmitReflection(r *Reflection) error {
	m := b.Module
	entries := map[string]ID{}
	for _, ep := range m.EntryPoints {
		if len(ep.Operands) >= 3 && ExecutionModel(ep.Operands[0]) == ExecutionModelGLCompute {
			name, _, _ := DecodeString(ep.Operands[2:])
			entries[name] = ID(ep.Operands[1])
		}
	}
	if m.Version < Version16 {
		b.Extension("SPV_KHR_non_semantic_info")
	}
	set := b.ExtInstImport(ReflectionImport)
	void := b.TypeVoid()
	u32 := b.TypeInt(32, 0)
	c := func(v uint32) ID { return b.ConstantUint(u32, uint64(v)) }
	emit := func(inst ClspvReflection, operands ...ID) ID {
		id := b.NewID()
		m.Trailing = append(m.Trailing, &Instruction{Op: OpExtInst, ResultType: void, Result: id,
			Operands: append([]uint32{uint32(set), uint32(inst)}, ids(operands)...)})
		return id
	}

	for i := range r.Kernels {
		k := &r.Kernels[i]
		fn := k.Function
		if fn == 0 {
			fn = entries[k.Name]
		}
		if fn == 0 {
			return fmt.Errorf("spirv: reflection: kernel %q has no GLCompute entry point", k.Name)
		}
		numArgs := k.NumArgs
		for _, a := range k.Args {
			if a.Ordinal >= numArgs {
				numArgs = a.Ordinal + 1
			}
		}
		decl := emit(ClspvReflectionKernel, fn, b.String(k.Name), c(numArgs), c(k.Flags), b.String(k.Attributes))
		if k.ReqdWorkGroupSize != [3]uint32{} {
			w := k.ReqdWorkGroupSize
			emit(ClspvReflectionPropertyRequiredWorkgroupSize, decl, c(w[0]), c(w[1]), c(w[2]))
		}
		for _, a := range k.Args {
			infoOps := []ID{b.String(a.Name)}
			if a.AddressQualifier != 0 {
				infoOps = append(infoOps, b.String(a.TypeName), c(a.AddressQualifier), c(a.AccessQualifier), c(a.TypeQualifier))
			}
			info := emit(ClspvReflectionArgumentInfo, infoOps...)
			ds, bind, off, size := c(a.DescriptorSet), c(a.Binding), c(a.Offset), c(a.Size)
			switch a.Kind {
			case ArgBuffer:
				emit(ClspvReflectionArgumentStorageBuffer, decl, c(a.Ordinal), ds, bind, info)
			case ArgBufferUBO:
				emit(ClspvReflectionArgumentUniform, decl, c(a.Ordinal), ds, bind, info)
			case ArgPOD:
				emit(ClspvReflectionArgumentPodStorageBuffer, decl, c(a.Ordinal), ds, bind, off, size, info)
			case ArgPODUBO:
				emit(ClspvReflectionArgumentPodUniform, decl, c(a.Ordinal), ds, bind, off, size, info)
			case ArgPODPushConstant:
				emit(ClspvReflectionArgumentPodPushConstant, decl, c(a.Ordinal), off, size, info)
			case ArgLocal:
				emit(ClspvReflectionArgumentWorkgroup, decl, c(a.Ordinal), c(a.SpecID), c(a.ElemSize), info)
			case ArgROImage:
				emit(ClspvReflectionArgumentSampledImage, decl, c(a.Ordinal), ds, bind, info)
			case ArgWOImage:
				emit(ClspvReflectionArgumentStorageImage, decl, c(a.Ordinal), ds, bind, info)
			case ArgSampler:
				emit(ClspvReflectionArgumentSampler, decl, c(a.Ordinal), ds, bind, info)
			case ArgPointerPushConstant:
				emit(ClspvReflectionArgumentPointerPushConstant, decl, c(a.Ordinal), off, size, info)
			case ArgPointerUBO:
				emit(ClspvReflectionArgumentPointerUniform, decl, c(a.Ordinal), ds, bind, off, size, info)
			case ArgStorageTexelBuffer:
				emit(ClspvReflectionArgumentStorageTexelBuffer, decl, c(a.Ordinal), ds, bind, info)
			case ArgUniformTexelBuffer:
				emit(ClspvReflectionArgumentUniformTexelBuffer, decl, c(a.Ordinal), ds, bind, info)
			default:
				return fmt.Errorf("spirv: reflection: kernel %q argument %q: unknown kind %v", k.Name, a.Name, a.Kind)
			}
		}
		for _, ic := range k.ImageChannelInfo {
			var inst ClspvReflection
			switch {
			case ic.PushConstant && ic.DataType:
				inst = ClspvReflectionImageArgumentInfoChannelDataTypePushConstant
			case ic.PushConstant:
				inst = ClspvReflectionImageArgumentInfoChannelOrderPushConstant
			case ic.DataType:
				inst = ClspvReflectionImageArgumentInfoChannelDataTypeUniform
			default:
				inst = ClspvReflectionImageArgumentInfoChannelOrderUniform
			}
			if ic.PushConstant {
				emit(inst, decl, c(ic.Ordinal), c(ic.Offset), c(ic.Size))
			} else {
				emit(inst, decl, c(ic.Ordinal), c(ic.DescriptorSet), c(ic.Binding), c(ic.Offset), c(ic.Size))
			}
		}
		for _, sm := range k.SamplerMasks {
			emit(ClspvReflectionNormalizedSamplerMaskPushConstant, decl, c(sm.Ordinal), c(sm.Offset), c(sm.Size))
		}
		if pb := k.PushConstantBuffer; pb != nil {
			b.emitPushConstantBuffer(decl, pb)
		}
	}
	for _, p := range r.Printfs {
		ops := []ID{c(p.ID), b.String(p.Format)}
		for _, s := range p.ArgSizes {
			ops = append(ops, c(s))
		}
		emit(ClspvReflectionPrintfInfo, ops...)
	}
	if pb := r.PrintfBuffer; pb != nil {
		if pb.PushConstant {
			emit(ClspvReflectionPrintfBufferPointerPushConstant, c(pb.Offset), c(pb.Size), c(pb.BufferSize))
		} else {
			emit(ClspvReflectionPrintfBufferStorageBuffer, c(pb.DescriptorSet), c(pb.Binding), c(pb.BufferSize))
		}
	}
	for _, pc := range r.PushConstants {
		if pc.Kind < 0 || int(pc.Kind) >= len(pushConstantInsts) {
			return fmt.Errorf("spirv: reflection: unknown push constant kind %v", pc.Kind)
		}
		emit(pushConstantInsts[pc.Kind], c(pc.Offset), c(pc.Size))
	}
	if s := r.WorkgroupSizeSpecIDs; s != nil {
		emit(ClspvReflectionSpecConstantWorkgroupSize, c(s[0]), c(s[1]), c(s[2]))
	}
	if s := r.GlobalOffsetSpecIDs; s != nil {
		emit(ClspvReflectionSpecConstantGlobalOffset, c(s[0]), c(s[1]), c(s[2]))
	}
	if s := r.WorkDimSpecID; s != nil {
		emit(ClspvReflectionSpecConstantWorkDim, c(*s))
	}
	if s := r.SubgroupMaxSizeSpecID; s != nil {
		emit(ClspvReflectionSpecConstantSubgroupMaxSize, c(*s))
	}
	for _, cd := range r.ConstantData {
		inst := ClspvReflectionConstantDataStorageBuffer
		if cd.Uniform {
			inst = ClspvReflectionConstantDataUniform
		}
		emit(inst, c(cd.DescriptorSet), c(cd.Binding), b.String(hex.EncodeToString(cd.Data)))
	}
	if ps := r.ProgramScopeVariables; ps != nil {
		// Data as clspv writes it: the bytes in hex, in an OpString.
		if ps.PushConstant {
			emit(ClspvReflectionProgramScopeVariablePointerPushConstant, c(ps.Offset), c(ps.Size), b.String(hex.EncodeToString(ps.Data)))
		} else {
			emit(ClspvReflectionProgramScopeVariablesStorageBuffer, c(ps.DescriptorSet), c(ps.Binding), b.String(hex.EncodeToString(ps.Data)))
		}
		for _, rl := range ps.Relocations {
			emit(ClspvReflectionProgramScopeVariablePointerRelocation, c(rl.ObjectOffset), c(rl.PointerOffset), c(rl.PointerSize))
		}
	}
	for _, ls := range r.LiteralSamplers {
		emit(ClspvReflectionLiteralSampler, c(ls.DescriptorSet), c(ls.Binding), c(ls.Mask))
	}
	if st := r.SVMTable; st != nil {
		b.emitSVMTable(st)
	}
	return nil
}

// ReadReflection reads the NonSemantic.ClspvReflection instructions of m
// (written by clgo or by clspv). A module without them gives an empty
// Reflection.
func ReadReflection(m *Module) (*Reflection, error) {
	r := &Reflection{}
	sets := map[ID]bool{}
	for _, in := range m.ExtInstImports {
		s, _, _ := DecodeString(in.Operands)
		if strings.HasPrefix(s, "NonSemantic.ClspvReflection.") {
			sets[in.Result] = true
		}
	}
	if len(sets) == 0 && !hasClgoSet(m) {
		return r, nil
	}
	strs := map[ID]string{}
	for _, in := range m.DebugSources {
		if in.Op == OpString {
			strs[in.Result], _, _ = DecodeString(in.Operands)
		}
	}
	// Numbers are 32-bit integer constants (as spirv-val requires).
	int32s := map[ID]bool{}
	consts := map[ID]uint32{}
	for _, in := range m.Globals {
		if in.Op == OpTypeInt && len(in.Operands) == 2 && in.Operands[0] == 32 {
			int32s[in.Result] = true
		}
		if in.Op == OpConstant && len(in.Operands) == 1 && int32s[in.ResultType] {
			consts[in.Result] = in.Operands[0]
		}
	}
	var insts []*Instruction
	collect := func(list []*Instruction) {
		for _, in := range list {
			if in.Op == OpExtInst && len(in.Operands) >= 2 && sets[ID(in.Operands[0])] {
				insts = append(insts, in)
			}
		}
	}
	collect(m.Globals)
	for _, fn := range m.Functions {
		for _, blk := range fn.Blocks {
			collect(blk.Insts)
		}
	}
	collect(m.Trailing)

	var relocs []PointerRelocation
	kernels := map[ID]int{} // Kernel instruction -> index in r.Kernels
	infos := map[ID]*Arg{}  // ArgumentInfo instruction -> names and qualifiers
	for _, in := range insts {
		inst := ClspvReflection(in.Operands[1])
		ops := in.Operands[2:]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("spirv: reflection: %v %%%d: %s", inst, in.Result, fmt.Sprintf(format, args...))
		}
		if e, ok := extInstsClspvReflection.get()[uint32(inst)]; ok {
			min, max := 0, 0
			for _, o := range e.Operands {
				switch o.Quantifier {
				case One:
					min++
					max++
				case Optional:
					max++
				case Variadic:
					max = 1 << 30
				}
			}
			if len(ops) < min || len(ops) > max {
				return nil, fail("has %d operands, want %d to %d", len(ops), min, max)
			}
		}
		var err error
		u := func(i int) uint32 {
			v, ok := consts[ID(ops[i])]
			if !ok && err == nil {
				err = fail("operand %d (%%%d) is not a 32-bit integer constant", i, ops[i])
			}
			return v
		}
		str := func(i int) string {
			s, ok := strs[ID(ops[i])]
			if !ok && err == nil {
				err = fail("operand %d (%%%d) is not an OpString", i, ops[i])
			}
			return s
		}
		kernel := func(i int) *Kernel {
			k, ok := kernels[ID(ops[i])]
			if !ok {
				if err == nil {
					err = fail("operand %d (%%%d) is not a Kernel instruction", i, ops[i])
				}
				return &Kernel{}
			}
			return &r.Kernels[k]
		}
		arg := func(k *Kernel, kind ArgKind, infoAt int) *Arg {
			a := Arg{Kind: kind}
			if infoAt < len(ops) {
				info, ok := infos[ID(ops[infoAt])]
				if !ok && err == nil {
					err = fail("operand %d (%%%d) is not an ArgumentInfo instruction", infoAt, ops[infoAt])
				}
				if ok {
					a = *info
					a.Kind = kind
				}
			}
			k.Args = append(k.Args, a)
			return &k.Args[len(k.Args)-1]
		}
		switch inst {
		case ClspvReflectionKernel:
			k := Kernel{Function: ID(ops[0]), Name: str(1)}
			if len(ops) > 2 {
				k.NumArgs = u(2)
			}
			if len(ops) > 3 {
				k.Flags = u(3)
			}
			if len(ops) > 4 {
				k.Attributes = str(4)
			}
			kernels[in.Result] = len(r.Kernels)
			r.Kernels = append(r.Kernels, k)
		case ClspvReflectionArgumentInfo:
			a := &Arg{Name: str(0)}
			if len(ops) > 1 {
				a.TypeName = str(1)
			}
			if len(ops) > 2 {
				a.AddressQualifier = u(2)
			}
			if len(ops) > 3 {
				a.AccessQualifier = u(3)
			}
			if len(ops) > 4 {
				a.TypeQualifier = u(4)
			}
			infos[in.Result] = a
		case ClspvReflectionArgumentStorageBuffer, ClspvReflectionArgumentUniform,
			ClspvReflectionArgumentSampledImage, ClspvReflectionArgumentStorageImage,
			ClspvReflectionArgumentSampler, ClspvReflectionArgumentStorageTexelBuffer,
			ClspvReflectionArgumentUniformTexelBuffer:
			kind := map[ClspvReflection]ArgKind{
				ClspvReflectionArgumentStorageBuffer:      ArgBuffer,
				ClspvReflectionArgumentUniform:            ArgBufferUBO,
				ClspvReflectionArgumentSampledImage:       ArgROImage,
				ClspvReflectionArgumentStorageImage:       ArgWOImage,
				ClspvReflectionArgumentSampler:            ArgSampler,
				ClspvReflectionArgumentStorageTexelBuffer: ArgStorageTexelBuffer,
				ClspvReflectionArgumentUniformTexelBuffer: ArgUniformTexelBuffer,
			}[inst]
			a := arg(kernel(0), kind, 4)
			a.Ordinal, a.DescriptorSet, a.Binding = u(1), u(2), u(3)
		case ClspvReflectionArgumentPodStorageBuffer, ClspvReflectionArgumentPodUniform, ClspvReflectionArgumentPointerUniform:
			kind := ArgPOD
			if inst == ClspvReflectionArgumentPodUniform {
				kind = ArgPODUBO
			} else if inst == ClspvReflectionArgumentPointerUniform {
				kind = ArgPointerUBO
			}
			a := arg(kernel(0), kind, 6)
			a.Ordinal, a.DescriptorSet, a.Binding, a.Offset, a.Size = u(1), u(2), u(3), u(4), u(5)
		case ClspvReflectionArgumentPodPushConstant, ClspvReflectionArgumentPointerPushConstant:
			kind := ArgPODPushConstant
			if inst == ClspvReflectionArgumentPointerPushConstant {
				kind = ArgPointerPushConstant
			}
			a := arg(kernel(0), kind, 4)
			a.Ordinal, a.Offset, a.Size = u(1), u(2), u(3)
		case ClspvReflectionArgumentWorkgroup:
			a := arg(kernel(0), ArgLocal, 4)
			a.Ordinal, a.SpecID, a.ElemSize = u(1), u(2), u(3)
		case ClspvReflectionPropertyRequiredWorkgroupSize:
			k := kernel(0)
			k.ReqdWorkGroupSize = [3]uint32{u(1), u(2), u(3)}
		case ClspvReflectionImageArgumentInfoChannelOrderPushConstant, ClspvReflectionImageArgumentInfoChannelDataTypePushConstant:
			k := kernel(0)
			k.ImageChannelInfo = append(k.ImageChannelInfo, ImageChannelInfo{
				Ordinal: u(1), PushConstant: true, Offset: u(2), Size: u(3),
				DataType: inst == ClspvReflectionImageArgumentInfoChannelDataTypePushConstant})
		case ClspvReflectionNormalizedSamplerMaskPushConstant:
			k := kernel(0)
			k.SamplerMasks = append(k.SamplerMasks, SamplerMask{Ordinal: u(1), Offset: u(2), Size: u(3)})
		case ClspvReflectionImageArgumentInfoChannelOrderUniform, ClspvReflectionImageArgumentInfoChannelDataTypeUniform:
			k := kernel(0)
			k.ImageChannelInfo = append(k.ImageChannelInfo, ImageChannelInfo{
				Ordinal: u(1), DescriptorSet: u(2), Binding: u(3), Offset: u(4), Size: u(5),
				DataType: inst == ClspvReflectionImageArgumentInfoChannelDataTypeUniform})
		case ClspvReflectionSpecConstantWorkgroupSize:
			r.WorkgroupSizeSpecIDs = &[3]uint32{u(0), u(1), u(2)}
		case ClspvReflectionSpecConstantGlobalOffset:
			r.GlobalOffsetSpecIDs = &[3]uint32{u(0), u(1), u(2)}
		case ClspvReflectionSpecConstantWorkDim:
			v := u(0)
			r.WorkDimSpecID = &v
		case ClspvReflectionSpecConstantSubgroupMaxSize:
			v := u(0)
			r.SubgroupMaxSizeSpecID = &v
		case ClspvReflectionPushConstantGlobalOffset, ClspvReflectionPushConstantEnqueuedLocalSize,
			ClspvReflectionPushConstantGlobalSize, ClspvReflectionPushConstantRegionOffset,
			ClspvReflectionPushConstantNumWorkgroups, ClspvReflectionPushConstantRegionGroupOffset:
			for kind, pi := range pushConstantInsts {
				if pi == inst {
					r.PushConstants = append(r.PushConstants, PushConstant{Kind: PushConstantKind(kind), Offset: u(0), Size: u(1)})
				}
			}
		case ClspvReflectionConstantDataStorageBuffer, ClspvReflectionConstantDataUniform:
			data, herr := hex.DecodeString(str(2))
			if herr != nil && err == nil {
				err = fail("data is not hex: %v", herr)
			}
			r.ConstantData = append(r.ConstantData, ConstantData{
				Uniform: inst == ClspvReflectionConstantDataUniform, DescriptorSet: u(0), Binding: u(1), Data: data})
		case ClspvReflectionProgramScopeVariablesStorageBuffer:
			data, herr := hex.DecodeString(str(2))
			if herr != nil && err == nil {
				err = fail("data is not hex: %v", herr)
			}
			r.ProgramScopeVariables = &ProgramScopeVariables{DescriptorSet: u(0), Binding: u(1), Data: data}
		case ClspvReflectionProgramScopeVariablePointerPushConstant:
			data, herr := hex.DecodeString(str(2))
			if herr != nil && err == nil {
				err = fail("data is not hex: %v", herr)
			}
			r.ProgramScopeVariables = &ProgramScopeVariables{PushConstant: true, Offset: u(0), Size: u(1), Data: data}
		case ClspvReflectionProgramScopeVariablePointerRelocation:
			relocs = append(relocs, PointerRelocation{ObjectOffset: u(0), PointerOffset: u(1), PointerSize: u(2)})
		case ClspvReflectionLiteralSampler:
			r.LiteralSamplers = append(r.LiteralSamplers, LiteralSampler{DescriptorSet: u(0), Binding: u(1), Mask: u(2)})
		case ClspvReflectionPrintfInfo:
			p := PrintfInfo{ID: u(0), Format: str(1)}
			for i := 2; i < len(ops); i++ {
				p.ArgSizes = append(p.ArgSizes, u(i))
			}
			r.Printfs = append(r.Printfs, p)
		case ClspvReflectionPrintfBufferStorageBuffer:
			r.PrintfBuffer = &PrintfBuffer{DescriptorSet: u(0), Binding: u(1), BufferSize: u(2)}
		case ClspvReflectionPrintfBufferPointerPushConstant:
			r.PrintfBuffer = &PrintfBuffer{PushConstant: true, Offset: u(0), Size: u(1), BufferSize: u(2)}
		}
		// Other instructions (program-scope variables, ...) carry nothing
		// the runtime uses yet.
		if err != nil {
			return nil, err
		}
	}
	if len(relocs) > 0 {
		ps := r.ProgramScopeVariables
		if ps == nil {
			return nil, fmt.Errorf("spirv: reflection: %d program-scope pointer relocations without program-scope variables", len(relocs))
		}
		ps.Relocations = relocs
	}
	if err := readClgoReflection(m, r, consts, kernels); err != nil {
		return nil, err
	}
	if err := checkReflection(r); err != nil {
		return nil, err
	}
	// Each kernel names the GLCompute entry point of its function.
	entries := map[string]ID{}
	for _, ep := range m.EntryPoints {
		if len(ep.Operands) >= 3 && ExecutionModel(ep.Operands[0]) == ExecutionModelGLCompute {
			name, _, _ := DecodeString(ep.Operands[2:])
			entries[name] = ID(ep.Operands[1])
		}
	}
	for _, k := range r.Kernels {
		if fn, ok := entries[k.Name]; !ok || fn != k.Function {
			return nil, fmt.Errorf("spirv: reflection: kernel %q (function %%%d) is not a GLCompute entry point of that function", k.Name, k.Function)
		}
	}
	wg := workgroupBytes(m)
	for i := range r.Kernels {
		r.Kernels[i].LocalMemSize = wg(r.Kernels[i].Function)
	}
	return r, nil
}

// samplerExpr spells a literal sampler mask as the descriptor map does.
func samplerExpr(mask uint32) string {
	var addr string
	switch mask & 0xe {
	case 0x0:
		addr = "CLK_ADDRESS_NONE"
	case 0x2:
		addr = "CLK_ADDRESS_CLAMP_TO_EDGE"
	case 0x4:
		addr = "CLK_ADDRESS_CLAMP"
	case 0x6:
		addr = "CLK_ADDRESS_REPEAT"
	default:
		addr = "CLK_ADDRESS_MIRRORED_REPEAT"
	}
	filter := "CLK_FILTER_NEAREST"
	if mask&0x20 != 0 {
		filter = "CLK_FILTER_LINEAR"
	}
	coords := "CLK_NORMALIZED_COORDS_FALSE"
	if mask&1 != 0 {
		coords = "CLK_NORMALIZED_COORDS_TRUE"
	}
	return addr + "|" + filter + "|" + coords
}

// DescriptorMap writes r as clspv's -descriptormap CSV: literal samplers,
// then each kernel's arguments in order.
func (r *Reflection) DescriptorMap() string {
	var sb strings.Builder
	for _, s := range r.LiteralSamplers {
		fmt.Fprintf(&sb, "sampler,%d,samplerExpr,\"%s\",descriptorSet,%d,binding,%d\n", s.Mask, samplerExpr(s.Mask), s.DescriptorSet, s.Binding)
	}
	for _, k := range r.Kernels {
		for _, a := range k.Args {
			fmt.Fprintf(&sb, "kernel,%s,arg,%s,argOrdinal,%d,", k.Name, a.Name, a.Ordinal)
			switch {
			case a.Kind == ArgLocal:
				fmt.Fprintf(&sb, "argKind,local,arrayElemSize,%d,arrayNumElemSpecId,%d\n", a.ElemSize, a.SpecID)
			case a.Kind.HasDescriptor():
				fmt.Fprintf(&sb, "descriptorSet,%d,binding,%d,offset,%d,argKind,%v\n", a.DescriptorSet, a.Binding, a.Offset, a.Kind)
			default:
				fmt.Fprintf(&sb, "offset,%d,argKind,%v\n", a.Offset, a.Kind)
			}
		}
	}
	return sb.String()
}
