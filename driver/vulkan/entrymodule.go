package vulkan

import (
	"fmt"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/validate"
)

// One shader module per kernel where a program's kernels declare
// Workgroup (__local) memory.
//
// A program is one SPIR-V module with an entry point per kernel, and each
// kernel's __local arrays are Workgroup variables of the module. NVIDIA's
// driver (580.159.04, seen on an H200) loses the device when a kernel of
// such a module runs while the module's Workgroup variables together
// exceed what a work-group may have, even though the kernel itself uses
// little: CLBlast's GEMM program (four XgemmDirect kernels and Xgemm,
// about 62 KiB of __local arrays in all, at most 8 KiB in any one kernel,
// the limit 48 KiB) failed with VK_ERROR_DEVICE_LOST in every kernel,
// and the same XgemmDirectNT alone in its module ran correctly. Vulkan
// 1.1's SPIR-V (1.3) lists only Input and Output variables in an entry
// point's interface, so a driver has to work out which Workgroup
// variables an entry point reaches; this one evidently counts them all.
//
// So a program with more than one entry point and any Workgroup variable
// gets, at each kernel's first dispatch, a module of its own: the
// program's module with only that kernel's entry point, its reflection
// (read already) dropped, and what the entry point no longer reaches
// removed by spirv/opt's DCE, the other kernels' __local arrays with it.

// splitsByKernel reports whether m's kernels get modules of their own.
func splitsByKernel(m *spirv.Module) bool {
	if len(m.EntryPoints) < 2 {
		return false
	}
	for _, in := range m.Globals {
		if in.Op == spirv.OpVariable && len(in.Operands) > 0 && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassWorkgroup {
			return true
		}
	}
	return false
}

// kernelModuleCode returns code (a whole program's module) reduced to the
// entry point of function entry and what it reaches.
func kernelModuleCode(code []byte, entry spirv.ID) ([]byte, error) {
	m, err := spirv.Decode(code)
	if err != nil {
		return nil, err
	}
	eps := m.EntryPoints[:0]
	for _, in := range m.EntryPoints {
		if len(in.Operands) > 1 && spirv.ID(in.Operands[1]) == entry {
			eps = append(eps, in)
		}
	}
	if len(eps) != 1 {
		return nil, fmt.Errorf("%d entry points for function %%%d", len(eps), entry)
	}
	m.EntryPoints = eps
	modes := m.ExecutionModes[:0]
	for _, in := range m.ExecutionModes {
		if len(in.Operands) > 0 && spirv.ID(in.Operands[0]) == entry {
			modes = append(modes, in)
		}
	}
	m.ExecutionModes = modes
	// The reflection names every kernel's function: without it, DCE
	// removes the functions only the other kernels reach.
	stripNonSemantic(m)
	if err := opt.DCE(m); err != nil {
		return nil, err
	}
	m.Bound = validate.TightBound(m)
	return m.Encode(), nil
}

// kernelModule returns kernel k's own shader module, creating it on first
// use, for a program whose kernels are split.
func (p *program) kernelModule(k *kernel) (uint64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if h, ok := p.kernelModules[k.refl.Name]; ok {
		return h, nil
	}
	code, err := kernelModuleCode(p.splitCode, k.refl.Function)
	if err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: its own module: %v: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	words := make([]uint32, len(code)/4)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(code)), code)
	ci := &vkShaderModuleCreateInfo{sType: sTypeShaderModuleCreateInfo, codeSize: uintptr(len(code)), pCode: &words[0]}
	var h uint64
	if err := check("vkCreateShaderModule", call(p.l.vkCreateShaderModule, p.l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&h)))); err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: %w: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	if p.kernelModules == nil {
		p.kernelModules = map[string]uint64{}
	}
	p.kernelModules[k.refl.Name] = h
	return h, nil
}
