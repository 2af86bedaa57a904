package host

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/kernelabi"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/validate"
)

// program is a module with its kernel interface.
type program struct {
	m    *Module
	refl *spirv.Reflection
	// globals is the program's buffer of program-scope __global
	// variables (spirv.ProgramScopeVariables): made once from the
	// reflection's initial bytes and bound (or, in a physical module,
	// addressed) at every dispatch, so values persist between launches.
	globals *buffer
	// physical: the module reaches global memory through addresses
	// (driver.KernelInfo.PhysicalAddressing).
	physical bool
	// prepared holds the kernels prepared so far by entry point,
	// specialization constants and tier, for every driver kernel of the
	// program: an application that makes a kernel object per launch
	// (pyopencl does; so does clgo bench) prepares each once.
	mu       sync.Mutex
	prepared map[string]*Kernel
}

// BuildProgram decodes and validates a module (spirv/validate: the
// executor trusts what it runs to be well formed) and reads its
// NonSemantic.ClspvReflection kernel interface.
func (*Device) BuildProgram(code []byte) (driver.Program, error) {
	sm, err := validate.Binary(code)
	if err != nil {
		return nil, fmt.Errorf("host: %v: %w", err, driver.ErrInvalidBinary)
	}
	m := newModule(sm)
	refl, err := spirv.ReadReflection(sm)
	if err != nil {
		return nil, fmt.Errorf("host: %v: %w", err, driver.ErrInvalidBinary)
	}
	p := &program{m: m, refl: refl, physical: kernelabi.PhysicalAddressing(sm)}
	if ps := refl.ProgramScopeVariables; ps != nil {
		// Not counted against global memory, as the module's constants
		// are not; a buffer so that physical modules can address it.
		p.globals = newBuffer(slices.Clone(ps.Data), true)
		kernelabi.RelocateProgramScope(p.globals.data, ps, p.globals.DeviceAddress())
	}
	return p, nil
}

func (p *program) Release() {
	if p.globals != nil {
		p.globals.Release()
	}
}

func (p *program) Kernels() []driver.KernelInfo {
	var out []driver.KernelInfo
	for i := range p.refl.Kernels {
		out = append(out, p.kernelInfo(&p.refl.Kernels[i]))
	}
	return out
}

func (p *program) kernelInfo(k *spirv.Kernel) driver.KernelInfo {
	refl := p.refl
	info := driver.KernelInfo{
		Name:                k.Name,
		Attributes:          k.Attributes,
		MaxWorkGroupSize:    maxWorkGroup,
		LocalMemSize:        k.LocalMemSize,
		PreferredWGMultiple: 64,
		// Any region runs right (see launch) when its work-group size can
		// be specialized to the region's: kernels with a required size
		// too, where the module has the specialization constants (OpenCL
		// C 2.0 and later; cl refuses non-uniform NDRanges to 1.x).
		NonUniform:         refl.WorkgroupSizeSpecIDs != nil,
		PhysicalAddressing: p.physical,
	}
	for i := range 3 {
		info.ReqdWorkGroupSize[i] = uint64(k.ReqdWorkGroupSize[i])
	}
	info.Args = kernelabi.ArgInfos(k)
	return info
}

func (p *program) Kernel(name string) (driver.Kernel, error) {
	rk := p.refl.Kernel(name)
	if rk == nil {
		found := false
		for _, e := range p.m.EntryPoints() {
			found = found || e == name
		}
		if !found {
			return nil, fmt.Errorf("host: kernel %q: %w", name, driver.ErrInvalidKernelName)
		}
		rk = &spirv.Kernel{Name: name}
	}
	if pb := rk.PushConstantBuffer; pb != nil {
		// Only builds for a device with a small push-constant limit
		// move them (the host device has none): such a module is
		// another device's.
		return nil, fmt.Errorf("host: kernel %q reads its push constants from a buffer (descriptor set %d, binding %d), as compiled for a device with a small push-constant limit; the host device takes them only as push constants: %w", name, pb.DescriptorSet, pb.Binding, driver.ErrInvalidBinary)
	}
	info := p.kernelInfo(rk)
	if ep, ok := p.m.x.EntryPoint(name); ok {
		// An upper bound (spec-constant-sized arrays count as zero); the
		// dispatch checks the prepared kernel's own sizes (memlimit.go).
		info.PrivateMemSize = spirv.PrivateBytes(p.m.sm)(ep.Function)
	}
	return &kernel{p: p, refl: rk, info: info}, nil
}

// kernel is a driver kernel: a module entry point, prepared on demand for
// each set of specialization constants it is dispatched with (the
// program keeps what it prepares, for all its kernels).
type kernel struct {
	p    *program
	refl *spirv.Kernel
	info driver.KernelInfo
}

func (k *kernel) Info() driver.KernelInfo { return k.info }
func (k *kernel) Release()                {}

func (k *kernel) prepared(spec map[uint32]uint64) (*Kernel, error) {
	keys := make([]uint32, 0, len(spec))
	for id := range spec {
		keys = append(keys, id)
	}
	slices.Sort(keys)
	key := ""
	for _, id := range keys {
		key += fmt.Sprintf("%d=%d,", id, spec[id])
	}
	pk, err := k.p.prepare(k.refl.Name, key, spec)
	if errors.Is(err, driver.ErrOutOfResources) {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("%v: %w", err, driver.ErrUnsupported)
	}
	return pk, nil
}

// prepare returns the program's prepared kernel of entry with spec
// (spelled as key), preparing it on first use.
func (p *program) prepare(entry, key string, spec map[uint32]uint64) (*Kernel, error) {
	key = entry + "\x00" + key + "\x00" + config.Get(config.HostTier)
	p.mu.Lock()
	defer p.mu.Unlock()
	if pk := p.prepared[key]; pk != nil {
		return pk, nil
	}
	pk, err := p.m.Prepare(entry, spec)
	if err != nil {
		return nil, err
	}
	if p.prepared == nil {
		p.prepared = map[string]*Kernel{}
	}
	p.prepared[key] = pk
	return pk, nil
}

// launch builds the specialization constants, bindings and push constants
// of a dispatch, then runs it.
func (k *kernel) launch(ctx context.Context, args []driver.Arg, nd driver.NDRange) error {
	refl := k.p.refl
	// The SVM allocations after the kernel's arguments need nothing more:
	// args holds them until the dispatch is done, and host addresses are
	// device addresses (no SVM table).
	args, _, err := kernelabi.SplitArgs(args, len(k.info.Args))
	if err != nil {
		return fmt.Errorf("host: kernel %s: %w", k.refl.Name, err)
	}
	// The whole work-group is one sub-group.
	sub := uint32(nd.Local[0] * nd.Local[1] * nd.Local[2])
	spec := map[uint32]uint64{}
	for _, c := range kernelabi.AppendSpecConstants(nil, refl, k.refl, refl.WorkgroupSizeSpecIDs, args, &nd, sub) {
		spec[c.ID] = uint64(c.Value)
	}
	d := &Dispatch{}
	push := make([]byte, kernelabi.PushConstantsEnd(refl, k.refl))
	kernelabi.PutWorkItemPushConstants(push, refl, &nd)
	var globals uint64
	if k.p.globals != nil {
		globals = k.p.globals.DeviceAddress()
	}
	if err := kernelabi.PutPointerPushConstants(push, refl, k.refl, args, kernelabi.DeviceAddress, globals, 0); err != nil {
		return fmt.Errorf("host: kernel %s: %w", k.refl.Name, err)
	}
	pods := map[[2]uint32][]byte{}
	for _, a := range k.refl.Args {
		v := args[a.Ordinal]
		switch a.Kind {
		case spirv.ArgBuffer, spirv.ArgBufferUBO:
			var data []byte
			if v.Buffer != nil {
				all, err := bytesOf(v.Buffer)
				if err != nil {
					return err
				}
				if v.Offset+v.Size > uint64(len(all)) || v.Size == 0 && v.Offset > uint64(len(all)) {
					return fmt.Errorf("host: kernel %s: argument %d: range out of the buffer: %w", k.refl.Name, a.Ordinal, driver.ErrInvalidArgValue)
				}
				size := v.Size
				if size == 0 {
					size = uint64(len(all)) - v.Offset
				}
				data = all[v.Offset : v.Offset+size : v.Offset+size]
			}
			d.Resources = append(d.Resources, Resource{Set: int(a.DescriptorSet), Binding: int(a.Binding), Data: data, Name: argName(a)})
		case spirv.ArgPOD, spirv.ArgPODUBO:
			key := [2]uint32{a.DescriptorSet, a.Binding}
			b := pods[key]
			if need := int(a.Offset + a.Size); need > len(b) {
				b = append(b, make([]byte, need-len(b))...)
			}
			copy(b[a.Offset:], v.Bytes)
			pods[key] = b
		case spirv.ArgPODPushConstant:
			copy(push[min(int(a.Offset), len(push)):], v.Bytes[:min(len(v.Bytes), int(a.Size))])
		case spirv.ArgPointerPushConstant: // PutPointerPushConstants
		case spirv.ArgPointerUBO:
			addr, err := kernelabi.PointerValue(&v, kernelabi.DeviceAddress)
			if err != nil {
				return fmt.Errorf("host: kernel %s: argument %d: %w", k.refl.Name, a.Ordinal, err)
			}
			key := [2]uint32{a.DescriptorSet, a.Binding}
			b := pods[key]
			if need := int(a.Offset + a.Size); need > len(b) {
				b = append(b, make([]byte, need-len(b))...)
			}
			kernelabi.PutPointer(b[a.Offset:], a.Size, addr)
			pods[key] = b
		case spirv.ArgLocal:
			if _, ok := kernelabi.LocalElems(&a, &v); !ok {
				return fmt.Errorf("host: kernel %s: argument %d: local size %d: %w", k.refl.Name, a.Ordinal, v.LocalSize, driver.ErrInvalidArgValue)
			}
		case spirv.ArgROImage, spirv.ArgWOImage, spirv.ArgUniformTexelBuffer, spirv.ArgStorageTexelBuffer:
			if v.Image == nil {
				return fmt.Errorf("host: kernel %s: argument %d: no image: %w", k.refl.Name, a.Ordinal, driver.ErrInvalidArgValue)
			}
			if _, err := imageOf(v.Image); err != nil {
				return fmt.Errorf("host: kernel %s: argument %d: %w", k.refl.Name, a.Ordinal, err)
			}
			d.Resources = append(d.Resources, Resource{Set: int(a.DescriptorSet), Binding: int(a.Binding), Image: v.Image, Name: argName(a)})
		case spirv.ArgSampler:
			smp := v.Sampler
			d.Resources = append(d.Resources, Resource{Set: int(a.DescriptorSet), Binding: int(a.Binding), Sampler: &smp, Name: argName(a)})
		default:
			return fmt.Errorf("host: kernel %s: argument %d of kind %s: %w", k.refl.Name, a.Ordinal, a.Kind, driver.ErrUnsupported)
		}
	}
	for _, ls := range refl.LiteralSamplers {
		smp := driver.SamplerFromMask(ls.Mask)
		d.Resources = append(d.Resources, Resource{Set: int(ls.DescriptorSet), Binding: int(ls.Binding), Sampler: &smp, Name: "literal sampler"})
	}
	if err := kernelabi.PutImageChannelPushConstants(push, k.refl, args); err != nil {
		return fmt.Errorf("host: %w: %w", driver.ErrInvalidArgValue, err)
	}
	if err := kernelabi.PutSamplerPushConstants(push, k.refl, args); err != nil {
		return fmt.Errorf("host: %w: %w", driver.ErrInvalidArgValue, err)
	}
	for key, b := range pods {
		b = append(b, make([]byte, kernelabi.PODSlack)...)
		d.Resources = append(d.Resources, Resource{Set: int(key[0]), Binding: int(key[1]), Data: b, Name: "POD arguments"})
	}
	for _, c := range refl.ConstantData {
		d.Resources = append(d.Resources, Resource{Set: int(c.DescriptorSet), Binding: int(c.Binding), Data: slices.Clone(c.Data), Name: "program constants"})
	}
	if ps := refl.ProgramScopeVariables; ps != nil && !ps.PushConstant {
		d.Resources = append(d.Resources, Resource{Set: int(ps.DescriptorSet), Binding: int(ps.Binding), Data: k.p.globals.data, Name: "program-scope variables"})
	}
	printfBuf, pr, usesPrintf := printfBuffer(refl, k.refl)
	if usesPrintf {
		d.Resources = append(d.Resources, pr)
	}
	groups := nd.Groups()
	pk, err := k.prepared(spec)
	if err != nil {
		return err
	}
	if l := pk.LocalSize(); uint64(l[0]) != nd.Local[0] || uint64(l[1]) != nd.Local[1] || uint64(l[2]) != nd.Local[2] {
		return fmt.Errorf("host: kernel %s: local size %v, the kernel's is %v: %w", k.refl.Name, nd.Local, l, driver.ErrInvalidWorkGroupSize)
	}
	for i := range 3 {
		d.Groups[i] = int(groups[i])
	}
	if !kernelabi.HasRegionPushConstants(refl) {
		placeRegion(d, &nd)
	}
	d.PushConstants = push
	err = pk.Run(ctx, d)
	if usesPrintf {
		if perr := printOutput(k.refl.Name, printfBuf, refl); err == nil {
			err = perr
		}
	}
	var ae *AccessError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, driver.ErrOutOfResources):
		return fmt.Errorf("host: %w", err) // the kernel needs more memory than the host gives it
	case errors.As(err, &ae):
		ke := &driver.KernelError{Kernel: k.refl.Name, Arg: -1, Detail: ae.Error(), Err: driver.ErrOutOfBounds}
		for _, a := range k.refl.Args {
			if a.Kind.HasDescriptor() && int(a.DescriptorSet) == ae.Set && int(a.Binding) == ae.Binding {
				ke.Arg, ke.Name = int(a.Ordinal), a.Name
			}
		}
		return ke
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return fmt.Errorf("host: kernel %s: %w: %w", k.refl.Name, driver.ErrCanceled, context.Cause(ctx))
	}
	return &driver.KernelError{Kernel: k.refl.Name, Arg: -1, Detail: err.Error(), Err: driver.ErrExecution}
}

func argName(a spirv.Arg) string {
	if a.Name != "" {
		return a.Name
	}
	return fmt.Sprintf("argument %d", a.Ordinal)
}

// placeRegion makes the built-in ids of a dispatch those of its region in
// the whole NDRange, for modules that read them as the NDRange's own
// (GlobalInvocationId without the global offset, as Vulkan defines it).
func placeRegion(d *Dispatch, nd *driver.NDRange) {
	for i := range 3 {
		el := nd.EnqueuedLocal[i]
		if el == 0 {
			continue
		}
		d.BaseGroup[i] = int(nd.RegionOffset[i] / el)
		d.GlobalShift[i] = int(nd.RegionOffset[i]) - d.BaseGroup[i]*int(nd.Local[i])
		d.NumGroups[i] = int((nd.Global[i] + el - 1) / el)
	}
}
