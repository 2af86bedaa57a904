package cl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/spirv"
)

// OpenCL-flavoured SPIR-V programs: modules with the Kernel capability, as
// the SPIR-V LLVM translator, LLVM's SPIR-V backend and the CTS's
// hand-written assembly make them. clgo's devices run Vulkan-flavoured
// SPIR-V only, so such a module is kept as given (CL_PROGRAM_IL) and
// translated into OpenCL C by compiler/fromspirv when the program is built
// or compiled, with the specialization constants set by then; the OpenCL C
// then builds as a source program does (the build log, the kernels and
// their arguments are the translated source's).

// translateModule is the translator: a variable so that cl's tests can
// check the wiring around it with a translator of their own.
var translateModule = fromspirv.Translate

// checkKernelModule checks what clCreateProgramWithIL can check cheaply of
// an OpenCL-flavoured module (w, host word order): that it decodes (the
// header, word counts, known opcodes and operands, ids below the bound,
// the logical layout), and the OpenCL environment's rules on the memory
// model and entry points (the SPIR-V environment specification for OpenCL:
// Physical32 or Physical64 addressing, the OpenCL memory model, Kernel
// entry points). The rest is the translator's, at build time, whose
// errors go to the build log.
func checkKernelModule(w []uint32) error {
	m, err := spirv.DecodeWords(w)
	if err != nil {
		return err
	}
	mm := m.MemoryModel
	if mm == nil || len(mm.Operands) < 2 {
		return fmt.Errorf("the OpenCL-flavoured module has no OpMemoryModel")
	}
	switch spirv.AddressingModel(mm.Operands[0]) {
	case spirv.AddressingModelPhysical32, spirv.AddressingModelPhysical64:
	default:
		return fmt.Errorf("the OpenCL-flavoured module's addressing model is %d, not Physical32 or Physical64", mm.Operands[0])
	}
	if spirv.MemoryModel(mm.Operands[1]) != spirv.MemoryModelOpenCL {
		return fmt.Errorf("the OpenCL-flavoured module's memory model is %d, not OpenCL", mm.Operands[1])
	}
	for _, ep := range m.EntryPoints {
		if len(ep.Operands) > 0 && spirv.ExecutionModel(ep.Operands[0]) != spirv.ExecutionModelKernel {
			return fmt.Errorf("the OpenCL-flavoured module has an entry point of execution model %d, not Kernel", ep.Operands[0])
		}
	}
	return nil
}

// KernelIL reports whether the program was made by CreateProgramWithIL
// from OpenCL-flavoured SPIR-V (the Kernel capability), which builds and
// compiles by translation to OpenCL C.
func (p *Program) KernelIL() bool { return p.kernelIL }

// translate turns the program's OpenCL-flavoured module into OpenCL C
// with the specialization constants set so far. p.mu is held.
func (p *Program) translate() (*fromspirv.Result, error) {
	spec := map[uint32][]byte{}
	for id, v := range p.spec {
		spec[id] = slices.Clone(v)
	}
	return translateModule(spirvWords(p.il), fromspirv.Options{Spec: spec})
}

// kernelSpecIDs returns the sizes of the module's specialization constants
// by SpecId, for SetSpecializationConstant: the translator's list
// (Result.SpecIDs, from a translation with the defaults, made once), or
// the module's OpSpecConstant* instructions where the translator fails on
// the module (the build will then fail with the translator's error in its
// log).
func (p *Program) kernelSpecIDs() map[uint32]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.specIDs == nil {
		res, err := translateModule(spirvWords(p.il), fromspirv.Options{})
		if err == nil && res.SpecIDs != nil {
			p.specIDs = res.SpecIDs
		} else {
			p.specIDs = map[uint32]int{}
			for id, c := range specConstants(spirvWords(p.il)) {
				p.specIDs[id] = int(c.size)
			}
		}
	}
	return p.specIDs
}

// withOptions appends the options a translated module needs (its
// Result.Options) to the build options the application gave.
func withOptions(options string, extra []string) string {
	if len(extra) == 0 {
		return options
	}
	return strings.TrimSpace(options + " " + strings.Join(extra, " "))
}

// translateError is the build log and error of a module the translator
// refused.
func translateError(err error) (log string, _ error) {
	log = "clgo: translating the OpenCL-flavoured SPIR-V module to OpenCL C: " + err.Error()
	return log, fmt.Errorf("%s", log)
}
