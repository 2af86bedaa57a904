package vulkan

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// One memory bound to two buffer arguments.
//
// OpenCL lets an application pass one cl_mem, or overlapping sub-buffers,
// as two arguments of a kernel, one of them written (`global int *out,
// global const int *in` with out == in); C then defines the result: a load
// of in[0] after a store of out[0] sees the store. In the module each
// argument is a StorageBuffer variable of its own binding, and SPIR-V lets
// the Vulkan driver assume that such variables do not alias unless they
// are decorated Aliased (spirv.MarkAliased says more), so it may keep
// in[0] in a register across the store. Decorating every buffer Aliased
// would cost every kernel that optimization; instead a dispatch whose
// storage-buffer arguments overlap in memory, while one of the two is
// written by the kernel, runs a variant of the kernel's module whose
// variables at those bindings are Aliased (and not NonWritable), made on
// first need and kept per kernel and set of bindings, with pipelines of
// its own. Every other dispatch keeps the module as compiled.
//
// Not covered: uniform-buffer arguments (__constant pointers; OpenCL C
// says constant memory does not change while the kernel runs), images
// over a buffer that another argument writes, and the driver's own
// bindings (POD clusters, constants, printf), which no argument can
// reach. Physical-addressing modules reach arguments through addresses
// (OpConvertUToPtr), not through variables that promise anything.

// aliasedBindings returns the (set, binding) of every storage-buffer
// argument of d whose memory overlaps another's while the kernel writes
// one of the two, with their text as a key; nil when there are none.
// Buffers of memory m.
func (k *kernel) aliasedBindings(bufs []descBuf, m *memory) (map[[2]uint32]bool, string) {
	if !k.aliasable {
		return nil, ""
	}
	// NULL arguments share one buffer, which nothing may access.
	m.mu.Lock()
	null := m.dummy
	m.mu.Unlock()
	var at map[[2]uint32]bool
	for i := range k.bindings {
		bi := &k.bindings[i]
		if !isArgStorageBuffer(bi) || bufs[i].b == nil || bufs[i].b == null {
			continue
		}
		for j := i + 1; j < len(k.bindings); j++ {
			bj := &k.bindings[j]
			if !isArgStorageBuffer(bj) || bufs[j].b == nil || bufs[j].b == null || !bi.writable && !bj.writable {
				continue
			}
			if bufs[i].access().overlaps(bufs[j].access()) {
				if at == nil {
					at = map[[2]uint32]bool{}
				}
				at[[2]uint32{bi.set, bi.binding}] = true
				at[[2]uint32{bj.set, bj.binding}] = true
			}
		}
	}
	if at == nil {
		return nil, ""
	}
	var key strings.Builder
	for _, b := range k.bindings { // sorted by set and binding
		if at[[2]uint32{b.set, b.binding}] {
			key.WriteString(strconv.FormatUint(uint64(b.set), 10) + "." + strconv.FormatUint(uint64(b.binding), 10) + ",")
		}
	}
	return at, key.String()
}

// isArgStorageBuffer says whether b is a buffer argument bound as a
// storage buffer.
func isArgStorageBuffer(b *binding) bool {
	return b.source == srcArg && b.typ == descriptorTypeStorageBuffer
}

// canAlias says whether some dispatch of k may bind overlapping memory to
// two of its storage-buffer arguments while writing one of them: it has
// two such arguments, one of them writable.
func (k *kernel) canAlias() bool {
	n, written := 0, false
	for i := range k.bindings {
		if b := &k.bindings[i]; isArgStorageBuffer(b) {
			n++
			written = written || b.writable
		}
	}
	return n >= 2 && written
}

// aliasModule returns the shader module of kernel k with the variables at
// at decorated Aliased (key is at as text), for the formats ft where the
// program reads storage images by format, creating it on first use.
func (p *program) aliasModule(k *kernel, at map[[2]uint32]bool, key string, ft *formatTuple) (uint64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	mkey := k.refl.Name + "|" + key
	if ft != nil {
		mkey += "|" + ft.key
	}
	if h, ok := p.aliasModules[mkey]; ok {
		return h, nil
	}
	code, err := p.aliasedCode(k, at, ft)
	if err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: its module with aliased buffers: %v: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	h, err := p.l.shaderModule(code)
	if err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: %w: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	if p.aliasModules == nil {
		p.aliasModules = map[string]uint64{}
	}
	p.aliasModules[mkey] = h
	return h, nil
}

// aliasedCode is the code of the module kernel k runs, made as for any
// dispatch (formats specialized, the kernel's own module split off), with
// the variables at at marked Aliased.
func (p *program) aliasedCode(k *kernel, at map[[2]uint32]bool, ft *formatTuple) ([]byte, error) {
	code := p.code
	if p.formatCode != nil {
		if ft == nil {
			return nil, fmt.Errorf("no storage image formats")
		}
		var err error
		if code, err = specializeFormats(code, p.uses(k.refl.Function), ft.at); err != nil {
			return nil, err
		}
	}
	m, err := spirv.Decode(code)
	if err != nil {
		return nil, err
	}
	if len(spirv.MarkAliased(m, at)) == 0 {
		return nil, fmt.Errorf("no storage buffer variable at the bindings %v", at)
	}
	code = m.Encode()
	if p.splitCode != nil {
		return kernelModuleCode(code, k.refl.Function)
	}
	return code, nil
}

// shaderModule makes a VkShaderModule of code.
func (l *logical) shaderModule(code []byte) (uint64, error) {
	if len(code) == 0 || len(code)%4 != 0 {
		return 0, fmt.Errorf("SPIR-V of %d bytes", len(code))
	}
	words := make([]uint32, len(code)/4)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(code)), code)
	ci := &vkShaderModuleCreateInfo{sType: sTypeShaderModuleCreateInfo, codeSize: uintptr(len(code)), pCode: &words[0]}
	var h uint64
	if err := check("vkCreateShaderModule", call(l.vkCreateShaderModule, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&h)))); err != nil {
		return 0, err
	}
	return h, nil
}
