package cl

import (
	"errors"
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

// ilUnit is what a compiled unit of OpenCL-flavoured SPIR-V keeps for a
// link that must translate it again: the specialization constants and
// the compiler options of its compile, and the LinkOnceODR functions it
// defines.
type ilUnit struct {
	spec     map[uint32][]byte
	options  string
	linkOnce []string
}

func cloneSpec(spec map[uint32][]byte) map[uint32][]byte {
	out := map[uint32][]byte{}
	for id, v := range spec {
		out[id] = slices.Clone(v)
	}
	return out
}

// LinkOnceDefined returns the LinkOnceODR functions that the libraries
// among inputs define (programs of units: their definitions are final),
// the seen set a link passes to LinkUnits: compiled OpenCL-flavoured
// units then make their own definitions of those static, whatever the
// order of the inputs.
func LinkOnceDefined(inputs ...*Program) map[string]bool {
	seen := map[string]bool{}
	for _, in := range inputs {
		if in == nil {
			continue
		}
		in.mu.Lock()
		if in.units != nil {
			for _, name := range in.linkOnce {
				seen[name] = true
			}
		}
		in.mu.Unlock()
	}
	return seen
}

// LinkUnits returns the translation units that a link of p links for dev,
// as Units does, given seen, the LinkOnceODR functions that the inputs
// before p in the link define, which it adds p's to. A compiled unit of
// OpenCL-flavoured SPIR-V that defines one of those again is translated
// again with that definition static (fromspirv.Options.LinkOnceInternal),
// so that the link has one external definition of each; a failure of
// that translation or compile is ErrLinkProgramFailure.
func (p *Program) LinkUnits(dev *Device, seen map[string]bool) ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var units []string
	b := p.builds[dev]
	switch {
	case b != nil && b.status == BuildSuccess && b.units != nil:
		units = slices.Clone(b.units)
	case (b == nil || b.status == BuildNone) && p.units != nil:
		for _, name := range p.linkOnce {
			seen[name] = true
		}
		return slices.Clone(p.units), nil
	default:
		return nil, nil
	}
	if b.il == nil {
		if p.units != nil {
			for _, name := range p.linkOnce {
				seen[name] = true
			}
		}
		return units, nil
	}
	internal := map[string]bool{}
	for _, name := range b.il.linkOnce {
		if seen[name] {
			internal[name] = true
		}
		seen[name] = true
	}
	if len(internal) == 0 {
		return units, nil
	}
	const op = "clLinkProgram"
	res, err := translateModule(spirvWords(p.il), fromspirv.Options{Spec: cloneSpec(b.il.spec), LinkOnceInternal: internal})
	if err != nil {
		log, _ := translateError(err)
		return nil, errorf(ErrLinkProgramFailure, "%s: %s", op, log)
	}
	log, text, err := compileUnit(res.Source, b.il.options, dev)
	if err != nil {
		return nil, withLog(errorf(ErrLinkProgramFailure, "%s: the unit with its LinkOnceODR functions made static", op), log)
	}
	return []string{text}, nil
}

// UnitLinkOnce returns the LinkOnceODR functions that p's Units for dev
// define (translated OpenCL-flavoured SPIR-V), for a compiled object's or
// library's binary: a program made from them (CreateProgramWithLinkUnits)
// keeps its definitions, as a library does.
func (p *Program) UnitLinkOnce(dev *Device) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	b := p.builds[dev]
	switch {
	case b != nil && b.status == BuildSuccess && b.units != nil:
		if b.il != nil {
			return slices.Clone(b.il.linkOnce)
		}
		if p.units != nil {
			return slices.Clone(p.linkOnce)
		}
	case (b == nil || b.status == BuildNone) && p.units != nil:
		return slices.Clone(p.linkOnce)
	}
	return nil
}

// translate turns the program's OpenCL-flavoured module into OpenCL C
// with the specialization constants set so far. p.mu is held.
func (p *Program) translate() (*fromspirv.Result, error) {
	return translateModule(spirvWords(p.il), fromspirv.Options{Spec: cloneSpec(p.spec)})
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

// ilOptions returns the compiler options that the translation of an
// OpenCL-flavoured module needs for d (kernelIL; none for other
// programs): its Result.Options, and on devices with physical addresses
// -physical-storage-buffers, since the module's addressing model is
// Physical32/64: its pointers may become integers and back, and two
// arguments that are one buffer must give equal pointers, which the
// descriptor mapping's (binding, offset) pointers do not (test_spirv_new
// spirv14_ptrops). Devices without physical addresses build with the
// descriptor mapping.
func ilOptions(needs []string, kernelIL bool, d *Device) []string {
	if !kernelIL || !d.physicalAddressing() {
		return needs
	}
	return appendNew(slices.Clone(needs), "-physical-storage-buffers")
}

// translateError is the build log and error of a module the translator
// refused.
func translateError(err error) (log string, _ error) {
	log = "clgo: translating the OpenCL-flavoured SPIR-V module to OpenCL C: " + err.Error()
	return log, errors.New(log)
}
