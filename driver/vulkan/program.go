package vulkan

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/kernelabi"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/validate"
)

// program is a VkShaderModule with its kernel interface. The module lives
// while the program or one of its kernels does: new specializations need it.
type program struct {
	l      *logical
	module uint64
	refl   *spirv.Reflection
	index  *spirv.Index
	uses   func(fn spirv.ID) []spirv.ID // global variables a function uses (spirv.StaticUses)
	refs   atomic.Int32
	// nonWritable: (set, binding) of resources the module never writes.
	nonWritable map[[2]uint32]bool
	// consts are the program-scope __constant data buffers, filled once.
	consts []boundBuffer
	// printf is the printf buffer, when the module has one.
	printf *boundBuffer
	// physical: the module is PhysicalStorageBuffer64 (docs/physical.md);
	// progVars is then its program-scope variables' buffer, whose address
	// goes into push constants, when it has some.
	physical bool
	progVars *Buffer

	// formatCode is the module's code where the device reads storage
	// images by format (module is then 0), and formatModules the shader
	// modules made from it per kernel and format tuple (formatspec.go).
	formatCode    []byte
	formatModules map[string]uint64

	// splitCode is the module's code where each kernel gets a module of
	// its own (module is then 0), and kernelModules those modules by
	// kernel name (entrymodule.go).
	splitCode     []byte
	kernelModules map[string]uint64

	// code is the module's code as validated (whichever of the above
	// holds it), and aliasModules the variants of it made for dispatches
	// that bind overlapping memory to two buffer arguments, by kernel,
	// bindings and formats (alias.go).
	code         []byte
	aliasModules map[string]uint64

	// kernels are made once per name, so that every clCreateKernel of one
	// name shares layouts and pipelines.
	mu      sync.Mutex
	kernels map[string]*kernel
}

// boundBuffer is a buffer the driver binds itself.
type boundBuffer struct {
	set, binding uint32
	uniform      bool
	buf          *Buffer
}

// BuildProgram makes a shader module from SPIR-V after checking that the
// device has every capability it declares.
func (d *Device) BuildProgram(code []byte) (driver.Program, error) {
	if err := d.open(); err != nil {
		return nil, err
	}
	// Vulkan drivers trust their input (lavapipe crashes on a module
	// whose id bound alone is wrong): validate it, and hand the driver the
	// module re-encoded in host order with the tightest bound.
	m, err := validate.Binary(code)
	if err != nil {
		return nil, fmt.Errorf("vulkan: %v: %w", err, driver.ErrInvalidBinary)
	}
	refl, err := spirv.ReadReflection(m)
	if err != nil {
		return nil, fmt.Errorf("vulkan: %v: %w", err, driver.ErrInvalidBinary)
	}
	if err := d.checkModule(m); err != nil {
		return nil, err
	}
	d.warnUnchecked(m)
	p := &program{l: d.logical, refl: refl, index: spirv.NewIndex(m), uses: spirv.StaticUses(m), nonWritable: map[[2]uint32]bool{}, kernels: map[string]*kernel{}}
	p.physical = kernelabi.PhysicalAddressing(m)
	p.refs.Store(1)
	for id := range p.index.Defs {
		set, ok1 := p.index.DecorationValue(id, spirv.DecorationDescriptorSet)
		binding, ok2 := p.index.DecorationValue(id, spirv.DecorationBinding)
		if ok1 && ok2 && p.index.HasDecoration(id, spirv.DecorationNonWritable) {
			p.nonWritable[[2]uint32{set, binding}] = true
		}
	}
	if !d.nonSemanticInfo {
		// Without VK_KHR_shader_non_semantic_info the driver must not see
		// the reflection; it is read already.
		stripNonSemantic(m)
	}
	m.Bound = validate.TightBound(m)
	code = m.Encode()
	if len(code)%4 != 0 {
		return nil, fmt.Errorf("vulkan: SPIR-V of %d bytes: %w", len(code), driver.ErrInvalidBinary)
	}
	p.code = code
	if d.phys.readByFormat() && declares(m, spirv.CapabilityStorageImageReadWithoutFormat) {
		p.formatCode = code
	} else if splitsByKernel(m) {
		p.splitCode = code
	} else {
		words := make([]uint32, len(code)/4)
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(code)), code)
		ci := &vkShaderModuleCreateInfo{sType: sTypeShaderModuleCreateInfo, codeSize: uintptr(len(code)), pCode: &words[0]}
		if err := check("vkCreateShaderModule", call(d.vkCreateShaderModule, d.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&p.module)))); err != nil {
			return nil, fmt.Errorf("%w: %w", err, driver.ErrBuildProgramFailure)
		}
	}
	for _, c := range refl.ConstantData {
		b, err := d.uploadConst(c.Data)
		if err != nil {
			p.Release()
			return nil, err
		}
		p.consts = append(p.consts, boundBuffer{set: c.DescriptorSet, binding: c.Binding, uniform: c.Uniform, buf: b})
	}
	if ps := refl.ProgramScopeVariables; ps != nil {
		// The program's buffer of program-scope __global variables: one
		// per program, bound (writable) at every dispatch like the
		// constants, so values persist between launches.
		b, err := d.uploadConst(ps.Data)
		if err != nil {
			p.Release()
			return nil, err
		}
		if ps.PushConstant {
			p.progVars = b // its address is a push constant (address.go)
		} else {
			p.consts = append(p.consts, boundBuffer{set: ps.DescriptorSet, binding: ps.Binding, buf: b})
		}
	}
	if pb := refl.PrintfBuffer; pb != nil && !pb.PushConstant {
		b, err := d.mem.newBuffer(uint64(max(pb.BufferSize, 16)))
		if err != nil {
			p.Release()
			return nil, err
		}
		p.printf = &boundBuffer{set: pb.DescriptorSet, binding: pb.Binding, buf: b}
	}
	return p, nil
}

// uploadConst makes a buffer holding data, written before any later
// command runs.
func (d *Device) uploadConst(data []byte) (*Buffer, error) {
	b, err := d.mem.newBuffer(uint64(max(len(data), 16)))
	if err != nil {
		return nil, err
	}
	if len(data) > 0 {
		b.ref()
		d.sub.enqueue(&command{kind: cmdWrite, ev: d.sub.newEvent(nil), dst: b, size: uint64(len(data)), host: append([]byte(nil), data...)})
	}
	return b, nil
}

// stripNonSemantic removes NonSemantic extended instructions and their
// import from m.
func stripNonSemantic(m *spirv.Module) {
	sets := map[spirv.ID]bool{}
	var imports []*spirv.Instruction
	for _, in := range m.ExtInstImports {
		if s, _, _ := spirv.DecodeString(in.Operands); len(s) >= 12 && s[:12] == "NonSemantic." {
			sets[in.Result] = true
		} else {
			imports = append(imports, in)
		}
	}
	m.ExtInstImports = imports
	keep := func(list []*spirv.Instruction) []*spirv.Instruction {
		out := list[:0]
		for _, in := range list {
			if in.Op == spirv.OpExtInst && len(in.Operands) > 0 && sets[spirv.ID(in.Operands[0])] {
				continue
			}
			out = append(out, in)
		}
		return out
	}
	m.Globals = keep(m.Globals)
	m.Trailing = keep(m.Trailing)
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			b.Insts = keep(b.Insts)
		}
	}
	var exts []*spirv.Instruction
	for _, in := range m.Extensions {
		if s, _, _ := spirv.DecodeString(in.Operands); s != "SPV_KHR_non_semantic_info" {
			exts = append(exts, in)
		}
	}
	m.Extensions = exts
}

func (p *program) Release() { p.unref() }

func (p *program) unref() {
	if p.refs.Add(-1) == 0 {
		if p.module != 0 {
			call(p.l.vkDestroyShaderModule, p.l.handle, uintptr(p.module), 0)
		}
		for _, h := range p.formatModules {
			call(p.l.vkDestroyShaderModule, p.l.handle, uintptr(h), 0)
		}
		for _, h := range p.kernelModules {
			call(p.l.vkDestroyShaderModule, p.l.handle, uintptr(h), 0)
		}
		for _, h := range p.aliasModules {
			call(p.l.vkDestroyShaderModule, p.l.handle, uintptr(h), 0)
		}
		for _, c := range p.consts {
			c.buf.unref()
		}
		if p.printf != nil {
			p.printf.buf.unref()
		}
		if p.progVars != nil {
			p.progVars.unref()
		}
	}
}

func (p *program) Kernels() []driver.KernelInfo {
	var out []driver.KernelInfo
	for i := range p.refl.Kernels {
		out = append(out, p.kernelInfo(&p.refl.Kernels[i]))
	}
	return out
}

// kernelInfo describes a kernel as the runtime sees it (the same as the
// host driver's, with this device's limits).
func (p *program) kernelInfo(k *spirv.Kernel) driver.KernelInfo {
	lim := &p.l.phys.props.limits
	info := driver.KernelInfo{
		Name:                k.Name,
		Attributes:          k.Attributes,
		MaxWorkGroupSize:    uint64(lim.maxComputeWorkGroupInvocations),
		LocalMemSize:        k.LocalMemSize,
		PreferredWGMultiple: p.l.info.PreferredWGMultiple,
		// A region of a non-uniform NDRange is one more dispatch whose
		// work-group size specializes the pipeline (and push constants
		// carry the region's offsets), as on the host driver.
		NonUniform:         p.refl.WorkgroupSizeSpecIDs != nil,
		PhysicalAddressing: p.physical,
	}
	for i := range 3 {
		info.ReqdWorkGroupSize[i] = uint64(k.ReqdWorkGroupSize[i])
	}
	info.Args = kernelabi.ArgInfos(k)
	return info
}

// binding is one descriptor of a kernel's layout and where its buffer
// comes from.
type binding struct {
	set, binding uint32
	typ          uint32 // VkDescriptorType
	source       int    // srcArg, srcPOD, srcConst, srcPrintf
	arg          int    // the argument ordinal (srcArg) or POD cluster index (srcPOD)
	cnst         *boundBuffer
	writable     bool
	img          imageVar // image, sampler and texel buffer bindings: what the module declares
	sampler      uint64   // srcLiteral: the literal sampler's VkSampler
}

const (
	srcArg = iota
	srcPOD
	srcConst
	srcLiteral // a literal sampler of the module
)

// podCluster is the POD arguments that share one buffer binding.
type podCluster struct {
	size uint32
	args []spirv.Arg
}

// kernel is an entry point with its layouts and its pipelines, one per set
// of specialization constants.
type kernel struct {
	p    *program
	refl *spirv.Kernel
	info driver.KernelInfo

	bindings   []binding
	pods       []podCluster
	setLayouts []uint64
	pushSet    int // the set written with push descriptors, or -1
	layout     uint64
	pushSize   uint32 // bytes of push constants the pipeline layout has
	// pcBuf: the kernel reads its push constants, pcBufSize bytes, from
	// the storage buffer of binding pcBinding (spirv.Kernel's
	// PushConstantBuffer): POD clusters from index len(pods) on, one per
	// chunk of a split NDRange (pcbuffer.go).
	pcBuf       bool
	pcBufSize   uint32
	pcBinding   int
	pushArgs    []spirv.Arg
	wgIDs       *[3]uint32 // spec ids of the work-group size, nil when fixed
	fixedWG     [3]uint32  // the module's own work-group size, when fixed
	regionPush  bool       // split NDRanges with the region push constants
	unsupported string
	private     uint64 // Function and Private bytes of one work-item (spirv.PrivateBytes)
	hasImages   bool   // image, sampler or texel buffer bindings: barriers around its dispatches
	intBorder   bool   // its sampled images are all integer ones (sampler.go)
	aliasable   bool   // two storage-buffer arguments, one written: a dispatch may bind them overlapping (alias.go)

	mu    sync.Mutex
	pipes map[string]uint64
	refs  atomic.Int32
}

func (p *program) Kernel(name string) (driver.Kernel, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if k := p.kernels[name]; k != nil {
		if k.refs.Add(1) == 1 {
			p.refs.Add(1)
		}
		return k, nil
	}
	rk := p.refl.Kernel(name)
	ep, found := p.index.EntryPoint(name)
	if !found || ep.Model != spirv.ExecutionModelGLCompute {
		return nil, fmt.Errorf("vulkan: kernel %q: %w", name, driver.ErrInvalidKernelName)
	}
	if rk == nil {
		// A module without reflection (a glslang shader): its Workgroup
		// memory still counts against the device's.
		rk = &spirv.Kernel{Name: name, Function: ep.Function, LocalMemSize: spirv.WorkgroupBytes(p.index.Module)(ep.Function)}
	}
	k := &kernel{p: p, refl: rk, info: p.kernelInfo(rk), pushSet: -1, pipes: map[string]uint64{}}
	k.private = spirv.PrivateBytes(p.index.Module)(ep.Function)
	k.info.PrivateMemSize = k.private
	k.wgIDs = p.refl.WorkgroupSizeSpecIDs
	if k.wgIDs == nil {
		k.wgIDs, k.fixedWG = p.workgroupSize(ep)
	}
	k.regionPush = kernelabi.HasRegionPushConstants(p.refl)
	if err := k.makeLayout(ep.Function); err != nil {
		return nil, err
	}
	k.aliasable = k.canAlias()
	p.refs.Add(1)
	k.refs.Store(1)
	p.kernels[name] = k
	return k, nil
}

// workgroupSize finds how a module without reflection of it sets its
// work-group size: spec constants feeding the WorkgroupSize built-in, or a
// fixed LocalSize.
func (p *program) workgroupSize(ep spirv.EntryPoint) (*[3]uint32, [3]uint32) {
	x := p.index
	if id := x.WorkgroupSizeID(); id != 0 {
		def := x.Defs[id]
		if def.Op == spirv.OpSpecConstantComposite && len(def.Operands) == 3 {
			var ids [3]uint32
			var fixed [3]uint32
			spec := true
			for i, c := range def.Operands {
				sid, ok := x.DecorationValue(spirv.ID(c), spirv.DecorationSpecId)
				spec = spec && ok
				ids[i] = sid
				if cd := x.Defs[spirv.ID(c)]; cd != nil && len(cd.Operands) > 0 {
					fixed[i] = cd.Operands[0]
				}
			}
			if spec {
				return &ids, fixed
			}
			return nil, fixed
		}
		if def.Op == spirv.OpConstantComposite && len(def.Operands) == 3 {
			var fixed [3]uint32
			for i, c := range def.Operands {
				if cd := x.Defs[spirv.ID(c)]; cd != nil && len(cd.Operands) > 0 {
					fixed[i] = cd.Operands[0]
				}
			}
			return nil, fixed
		}
	}
	return nil, ep.LocalSize
}

// makeLayout builds the descriptor set layouts and the pipeline layout from
// the reflection, after checking that they declare every resource the
// entry function uses.
func (k *kernel) makeLayout(entry spirv.ID) error {
	p := k.p
	l := p.l
	seen := map[[2]uint32]int{}
	add := func(b binding) *binding {
		key := [2]uint32{b.set, b.binding}
		if i, ok := seen[key]; ok {
			return &k.bindings[i]
		}
		b.writable = !p.nonWritable[key]
		seen[key] = len(k.bindings)
		k.bindings = append(k.bindings, b)
		return &k.bindings[len(k.bindings)-1]
	}
	for _, a := range k.refl.Args {
		switch a.Kind {
		case spirv.ArgBuffer:
			add(binding{set: a.DescriptorSet, binding: a.Binding, typ: descriptorTypeStorageBuffer, source: srcArg, arg: int(a.Ordinal)})
		case spirv.ArgBufferUBO:
			add(binding{set: a.DescriptorSet, binding: a.Binding, typ: descriptorTypeUniformBuffer, source: srcArg, arg: int(a.Ordinal)})
		case spirv.ArgPOD, spirv.ArgPODUBO, spirv.ArgPointerUBO:
			// Pointer arguments in a uniform buffer are a cluster of
			// 8-byte addresses (dispatch.go fills them).
			typ := uint32(descriptorTypeStorageBuffer)
			if a.Kind != spirv.ArgPOD {
				typ = descriptorTypeUniformBuffer
			}
			b := add(binding{set: a.DescriptorSet, binding: a.Binding, typ: typ, source: srcPOD, arg: len(k.pods)})
			if b.arg == len(k.pods) {
				k.pods = append(k.pods, podCluster{})
			}
			c := &k.pods[b.arg]
			c.size = max(c.size, a.Offset+a.Size)
			c.args = append(c.args, a)
		case spirv.ArgPODPushConstant, spirv.ArgPointerPushConstant:
			k.pushArgs = append(k.pushArgs, a)
		case spirv.ArgLocal:
		case spirv.ArgROImage, spirv.ArgWOImage, spirv.ArgSampler, spirv.ArgUniformTexelBuffer, spirv.ArgStorageTexelBuffer:
			typ := map[spirv.ArgKind]uint32{spirv.ArgROImage: descriptorTypeSampledImage, spirv.ArgWOImage: descriptorTypeStorageImage,
				spirv.ArgSampler: descriptorTypeSampler, spirv.ArgUniformTexelBuffer: descriptorTypeUniformTexelBuffer,
				spirv.ArgStorageTexelBuffer: descriptorTypeStorageTexelBuffer}[a.Kind]
			add(binding{set: a.DescriptorSet, binding: a.Binding, typ: typ, source: srcArg, arg: int(a.Ordinal)})
		default:
			k.unsupported = fmt.Sprintf("argument %d (%s) of kind %v", a.Ordinal, a.Name, a.Kind)
		}
	}
	if pb := k.refl.PushConstantBuffer; pb != nil {
		b := add(binding{set: pb.DescriptorSet, binding: pb.Binding, typ: descriptorTypeStorageBuffer, source: srcPOD, arg: len(k.pods)})
		if b.source != srcPOD || b.arg != len(k.pods) {
			return fmt.Errorf("vulkan: kernel %s: its push-constant buffer's binding (set %d, binding %d) is another resource's: %w", k.refl.Name, pb.DescriptorSet, pb.Binding, driver.ErrInvalidBinary)
		}
		k.pcBuf = true
	}
	for i := range p.consts {
		c := &p.consts[i]
		typ := uint32(descriptorTypeStorageBuffer)
		if c.uniform {
			typ = descriptorTypeUniformBuffer
		}
		add(binding{set: c.set, binding: c.binding, typ: typ, source: srcConst, cnst: c})
	}
	if p.printf != nil {
		add(binding{set: p.printf.set, binding: p.printf.binding, typ: descriptorTypeStorageBuffer, source: srcConst, cnst: p.printf})
	}
	if err := k.imageLayout(entry, add); err != nil {
		return err
	}
	sort.Slice(k.bindings, func(i, j int) bool {
		a, b := k.bindings[i], k.bindings[j]
		return a.set < b.set || a.set == b.set && a.binding < b.binding
	})
	if err := k.checkInterface(entry); err != nil {
		return err
	}
	for i, b := range k.bindings {
		if k.pcBuf && b.source == srcPOD && b.arg == len(k.pods) {
			k.pcBinding = i
		}
	}
	nsets := 0
	for _, b := range k.bindings {
		nsets = max(nsets, int(b.set)+1)
	}
	if nsets > int(l.phys.props.limits.maxBoundDescriptorSets) {
		return fmt.Errorf("vulkan: kernel %s uses %d descriptor sets, the device binds %d: %w", k.refl.Name, nsets, l.phys.props.limits.maxBoundDescriptorSets, driver.ErrOutOfResources)
	}
	// Push descriptors when everything is in one set: no pools, no
	// vkUpdateDescriptorSets, one call per dispatch.
	if l.pushDescriptors && nsets == 1 && len(k.bindings) <= int(l.phys.pushDsc.maxPushDescriptors) {
		k.pushSet = 0
	}
	k.setLayouts = make([]uint64, nsets)
	for s := range nsets {
		var lb []vkDescriptorSetLayoutBinding
		for _, b := range k.bindings {
			if int(b.set) == s {
				lb = append(lb, vkDescriptorSetLayoutBinding{binding: b.binding, descriptorType: b.typ, descriptorCount: 1, stageFlags: shaderStageCompute})
			}
		}
		ci := &vkDescriptorSetLayoutCreateInfo{sType: sTypeDescriptorSetLayoutCreateInfo, bindingCount: uint32(len(lb))}
		if len(lb) > 0 {
			ci.pBindings = &lb[0]
		}
		if s == k.pushSet {
			ci.flags = descriptorSetLayoutPush
		}
		if err := check("vkCreateDescriptorSetLayout", call(l.vkCreateDescriptorSetLayout, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&k.setLayouts[s])))); err != nil {
			return err
		}
	}
	k.pushSize = (kernelabi.PushConstantsEnd(p.refl, k.refl) + 3) &^ 3
	if k.pcBuf {
		k.pcBufSize, k.pushSize = max(k.pushSize, 4), 0
	}
	if k.pushSize == 0 && !k.pcBuf && p.hasPushConstantVariable() {
		k.pushSize = l.phys.props.limits.maxPushConstantsSize // a module without reflection
	}
	if k.pushSize > l.phys.props.limits.maxPushConstantsSize {
		return fmt.Errorf("vulkan: kernel %s needs %d bytes of push constants, the device has %d: %w", k.refl.Name, k.pushSize, l.phys.props.limits.maxPushConstantsSize, driver.ErrOutOfResources)
	}
	pci := &vkPipelineLayoutCreateInfo{sType: sTypePipelineLayoutCreateInfo, setLayoutCount: uint32(nsets)}
	if nsets > 0 {
		pci.pSetLayouts = &k.setLayouts[0]
	}
	rng := &vkPushConstantRange{stageFlags: shaderStageCompute, size: k.pushSize}
	if k.pushSize > 0 {
		pci.pushConstantRangeCount, pci.pPushConstantRanges = 1, rng
	}
	return check("vkCreatePipelineLayout", call(l.vkCreatePipelineLayout, l.handle, uintptr(unsafe.Pointer(pci)), 0, uintptr(unsafe.Pointer(&k.layout))))
}

// hasPushConstantVariable reports whether the module declares push
// constants.
func (p *program) hasPushConstantVariable() bool {
	for _, in := range p.index.Module.Globals {
		if in.Op == spirv.OpVariable && len(in.Operands) > 0 && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassPushConstant {
			return true
		}
	}
	return false
}

func (k *kernel) Info() driver.KernelInfo { return k.info }

// Release drops a reference to the kernel; its layouts and pipelines stay
// with the program for the next Kernel call of the same name.
func (k *kernel) Release() {
	if k.refs.Add(-1) == 0 {
		k.p.unref()
	}
}
